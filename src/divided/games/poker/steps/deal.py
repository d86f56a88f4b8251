"""Deal: one card after another to every seat still in, in turn from the button's left, each
card of the pattern face down or up (T1, T14)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from divided.games.poker import engine
from divided.games.poker.steps.base import Automatic, register
from divided.games.poker.variant import Step

if TYPE_CHECKING:
    from divided.games.poker.state import PokerState


@dataclass(frozen=True)
class Deal(Step):
    """Deal ``pattern`` (``"down"``/``"up"`` per card) to every seat still in, into ``slot``."""

    kind: ClassVar[str] = "deal"
    pattern: tuple[str, ...] = ("down",)
    slot: str = "hand"


class DealKind(Automatic):
    def enter(self, step: Step, state: PokerState) -> PokerState:
        assert isinstance(step, Deal)
        slot = state.config.variant.slot_index(step.slot)
        seats = engine.live_from_left(state)
        return engine.owe(state, tuple((seat, slot, face == "up") for face in step.pattern for seat in seats))

    def resume(self, step: Step, state: PokerState) -> PokerState:
        return engine.next_step(state)


register(Deal.kind, DealKind())
