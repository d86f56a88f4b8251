"""High card for three: a throwaway game for the lab's tests only (registered at run time).

Chance deals one card to each of three seats from six cards of ranks 0, 0, 1, 1, 2, 2 (chance
nodes ``deal`` 0-2). Then each seat in turn stays (action 0) or folds (action 1). A seat's
return is its card's rank if it stayed, -1 if it folded: the highest stayers share first place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from divided.errors import IllegalActionError
from divided.games.base import CHANCE, TERMINAL, ChanceNode, GameInfo, OptionValue, Result, RuleOption, Rules

NAME = "lab-high-card"
RANKS = (0, 0, 1, 1, 2, 2)
PLAYERS = 3
STAY, FOLD = 0, 1


@dataclass(frozen=True, slots=True)
class Core:
    cards: tuple[int, ...] = ()
    choices: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class HighCardView:
    player: int | None
    card: int | None
    choices: tuple[int, ...]
    current_player: int
    num_players: int
    result: Result | None


def returns_of(cards: tuple[int, ...], choices: tuple[int, ...]) -> list[float]:
    """Each seat's return (the independent expectation the tests recompute from records)."""
    return [float(RANKS[card]) if choice == STAY else -1.0 for card, choice in zip(cards, choices, strict=True)]


class HighCardRules(Rules[Core, HighCardView]):
    info = GameInfo(NAME, "High card for three (tests only)", PLAYERS, PLAYERS, PLAYERS, 6, 6, 6, -1.0, 2.0,
                    None, (RuleOption("stakes", ("plain", "high"), "a do-nothing option for option plumbing"),))

    def initial_state(self, options: Mapping[str, OptionValue]) -> Core:
        return Core()

    def current_player(self, state: Core) -> int:
        if len(state.cards) < PLAYERS:
            return CHANCE
        return len(state.choices) if len(state.choices) < PLAYERS else TERMINAL

    def legal_actions(self, state: Core) -> list[int]:
        player = self.current_player(state)
        if player == CHANCE:
            return [card for card in range(len(RANKS)) if card not in state.cards]
        return [] if player == TERMINAL else [STAY, FOLD]

    def chance_outcomes(self, state: Core) -> list[tuple[int, float]]:
        left = self.legal_actions(state)
        return [(card, 1.0 / len(left)) for card in left]

    def apply(self, state: Core, action: int) -> Core:
        if action not in self.legal_actions(state):
            raise IllegalActionError(f"action {action} is not legal here")
        if self.current_player(state) == CHANCE:
            return Core((*state.cards, action), state.choices)
        return Core(state.cards, (*state.choices, action))

    def returns(self, state: Core) -> list[float]:
        if self.current_player(state) != TERMINAL:
            return [0.0] * PLAYERS
        return returns_of(state.cards, state.choices)

    def action_to_string(self, state: Core, action: int) -> str:
        return "stay" if action == STAY else "fold"

    def string_to_action(self, state: Core, text: str) -> int:
        return {"stay": STAY, "fold": FOLD}[text]

    def observe(self, state: Core, player: int | None) -> HighCardView:
        card = state.cards[player] if player is not None and player < len(state.cards) else None
        return HighCardView(player, card, state.choices, self.current_player(state), PLAYERS, self.result(state))

    def chance_node(self, state: Core) -> ChanceNode:
        return ChanceNode("deal", len(state.cards))
