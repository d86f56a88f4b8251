"""Flip: every seat still in turns up the card at one position of each of some hands (Henway
H1: automatic, both hands at once, in the committed order)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from divided.games.poker import engine
from divided.games.poker.events import Event
from divided.games.poker.state import evolve_state
from divided.games.poker.steps.base import Automatic, register
from divided.games.poker.variant import Step

if TYPE_CHECKING:
    from divided.games.poker.state import PokerState


@dataclass(frozen=True)
class Flip(Step):
    """Turn up card ``position`` (0: the top card) of each of ``slots``."""

    kind: ClassVar[str] = "flip"
    slots: tuple[str, ...] = ()
    position: int = 0


class FlipKind(Automatic):
    def enter(self, step: Step, state: PokerState) -> PokerState:
        assert isinstance(step, Flip)
        up = state.up
        indices = [state.config.variant.slot_index(name) for name in step.slots]
        events = []
        for seat in engine.live_from_left(state):
            cards = tuple(state.slots[seat][index][step.position] for index in indices)
            for card in cards:
                up |= 1 << card
            events.append(Event(state.step, seat, "flip", cards=cards))
        return engine.next_step(evolve_state(state, up=up, events=(*state.events, *events)))

    def resume(self, step: Step, state: PokerState) -> PokerState:
        return engine.next_step(state)


register(Flip.kind, FlipKind())
