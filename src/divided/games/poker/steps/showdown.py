"""Showdown: every seat still in shows its hands and the pots are divided (T9, T11, T13)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from divided.games.poker.steps.base import Automatic, register
from divided.games.poker.variant import Step

if TYPE_CHECKING:
    from divided.games.poker.state import PokerState


@dataclass(frozen=True)
class Showdown(Step):
    """The end of a deal that reached it: the variant's awards divide every pot layer."""

    kind: ClassVar[str] = "showdown"


class ShowdownKind(Automatic):
    def enter(self, step: Step, state: PokerState) -> PokerState:
        from divided.games.poker.showdown import settle

        return settle(state)

    def resume(self, step: Step, state: PokerState) -> PokerState:
        return self.enter(step, state)


register(Showdown.kind, ShowdownKind())
