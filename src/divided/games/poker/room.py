"""The room of every poker game: one :class:`PokerRoom` per variant (labels, books, the world
sampler, the observation layout, facts and zones), all from views except facts and zones.

>>> from divided import games
>>> room = games.room("five-card-draw")
>>> state = games.load("five-card-draw", players=2, first_dealer=0).new_initial_state(seed=4)
>>> view = state.observation(state.current_player())
>>> sorted({room.label(view, a).kind for a in state.legal_actions()})
['bet', 'check']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from divided.games.poker.cards import name, names
from divided.games.poker.encoding import PokerLayout
from divided.games.poker.facts import facts
from divided.games.poker.knowledge import PokerBooks, knowledge
from divided.games.poker.rules import PokerRules, describe
from divided.games.poker.state import PokerState
from divided.games.poker.variant import Variant
from divided.games.poker.view import PokerView
from divided.games.poker.worlds import PokerWorlds
from divided.games.room import JSON, ActionLabel, GameRoom

if TYPE_CHECKING:
    from divided.games.base import Rules


@dataclass(frozen=True)
class PokerRoom:
    """The room of one poker variant."""

    game: str
    variant: Variant

    @property
    def rules(self) -> Rules[PokerState, PokerView]:
        from divided.games.poker.variants import rules_of

        rules: PokerRules = rules_of(self.game)
        return rules

    @property
    def observation(self) -> PokerLayout:
        return PokerLayout(self.variant)

    def label(self, view: PokerView, action: int) -> ActionLabel:
        """``action`` of the seat to act, from its view. Kinds: fold, check, call, bet, raise,
        complete, bring-in, discard, stand-pat, assign, arrange (Henway's two hands), order (a
        card put next in a hand), split (Cowpie). Names only cards the seat sees."""
        kind, text, cards = describe(view, action)
        return ActionLabel(action, kind, text, tuple(name(c) for c in cards))

    def books(self, view: PokerView) -> PokerBooks:
        return knowledge(view)

    def sampler(self, view: PokerView) -> PokerWorlds:
        return PokerWorlds(view)

    def dominant_action(self, view: PokerView, legal: Sequence[int]) -> int | None:
        """The only legal action when there is one (a full hand forces the other, R4)."""
        return legal[0] if len(legal) == 1 else None

    def facts(self, state: PokerState) -> Mapping[str, JSON]:
        return facts(state)

    def zones(self, state: PokerState) -> Mapping[str, Sequence[str]]:
        """``stock``; for each seat every slot, its discards in the pile, the cards it discarded
        at the draw under way, its mucked hand and its set-aside cards; the ``trash``."""
        out: dict[str, Sequence[str]] = {"stock": names(state.stock)}
        for seat in range(state.players):
            for slot, held in zip(self.variant.slots, state.slots[seat], strict=True):
                out[f"seat {seat} {slot.name}"] = tuple(name(c) for c in held)
            out[f"seat {seat} discards"] = names(state.discarded[seat])
            out[f"seat {seat} drawing"] = names(state.phase.drawn[seat]) if state.phase.drawn else ()
            out[f"seat {seat} mucked"] = names(state.mucked[seat])
            if state.aside:
                out[f"seat {seat} set aside"] = names(state.aside[seat])
        if state.trash:
            out["trash"] = tuple(name(c) for c in state.trash)
        return out


if TYPE_CHECKING:
    from divided.games.poker.variants.draw import FIVE_CARD_DRAW

    _CHECK: GameRoom[PokerState, PokerView] = PokerRoom("five-card-draw", FIVE_CARD_DRAW)
