"""Deal: one card after another to every seat still in, in turn from the button's left, each
card of the pattern face down or up (T1, T14). With ``slot="trash"`` the cards go to the trash
instead (3-2-1): the pattern's cards less those the trash already holds (less one a player with
``minus_players``: "5 - players cards face down")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from divided.games.poker import engine
from divided.games.poker.state import TRASH
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
    minus_players: bool = False


class DealKind(Automatic):
    def enter(self, step: Step, state: PokerState) -> PokerState:
        assert isinstance(step, Deal)
        if step.slot == "trash":
            size = len(step.pattern) - (state.players if step.minus_players else 0)
            faces = step.pattern[len(state.trash):max(size, 0)]
            return engine.owe(state, tuple((TRASH, 0, face == "up") for face in faces))
        slot = state.config.variant.slot_index(step.slot)
        seats = engine.live_from_left(state)
        return engine.owe(state, tuple((seat, slot, face == "up") for face in step.pattern for seat in seats))

    def resume(self, step: Step, state: PokerState) -> PokerState:
        return engine.next_step(state)


register(Deal.kind, DealKind())
