"""A throwaway 3-player game for the adapter tests: one card each, play or fold, high card wins.

Not part of the project: it exists to prove the adapters are generic (a game registered at run
time, three players, its own room and observation layout, and no adapter parts).

Rules. Each player antes 1 chip. Chance deals one card to each player in turn from a pack of
``cards`` cards (0 is the lowest). Then, in seat order, each player plays (adds 1 chip) or folds
(action 0 = fold, 1 = play), seeing the earlier players' choices but no one's card. The player
with the highest card among those who played takes the pot; if everyone folds, every ante goes
back. At the end the cards of the players who played are shown to all.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from divided.errors import IllegalActionError
from divided.games.base import (
    CHANCE,
    TERMINAL,
    ChanceNode,
    GameInfo,
    OptionValue,
    Result,
    RuleOption,
    Rules,
)
from divided.games.room import ActionLabel

GAME = "high-card-test"
PLAYERS = 3
FOLD, PLAY = 0, 1
MOST_CARDS = 6


@dataclass(frozen=True, slots=True)
class Core:
    """The full state: the pack size, the cards dealt so far (by seat), the choices so far."""

    cards: int
    dealt: tuple[int, ...] = ()
    choices: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TinyView:
    """What one player (or a spectator, ``player=None``) knows."""

    player: int | None
    current_player: int
    cards: int
    dealt_count: int
    my_card: int | None
    choices: tuple[int, ...]
    shown: tuple[int | None, ...]  # the cards of the players who played, once the game is over
    result: Result | None

    @property
    def num_players(self) -> int:
        return PLAYERS


def _returns(core: Core) -> list[float]:
    players = [seat for seat in range(PLAYERS) if core.choices[seat] == PLAY]
    if not players:
        return [0.0] * PLAYERS
    winner = max(players, key=lambda seat: core.dealt[seat])
    pot = PLAYERS + len(players)
    paid = [1 + (core.choices[seat] == PLAY) for seat in range(PLAYERS)]
    return [float(pot - paid[seat] if seat == winner else -paid[seat]) for seat in range(PLAYERS)]


class TinyRules(Rules[Core, TinyView]):
    """The rules above as pure functions."""

    info = GameInfo(
        short_name=GAME, long_name="High Card Test", num_players=PLAYERS, min_players=PLAYERS,
        max_players=PLAYERS, num_distinct_actions=2, max_chance_outcomes=MOST_CARDS,
        max_game_length=2 * PLAYERS, min_utility=-2.0, max_utility=float(PLAYERS + PLAYERS - 2),
        utility_sum=0.0,
        options=(RuleOption("cards", (MOST_CARDS, 5, 4), "how many cards the pack has"),),
    )

    def initial_state(self, options: Mapping[str, OptionValue]) -> Core:
        cards = options["cards"]
        assert isinstance(cards, int)
        return Core(cards)

    def current_player(self, state: Core) -> int:
        if len(state.dealt) < PLAYERS:
            return CHANCE
        if len(state.choices) < PLAYERS:
            return len(state.choices)
        return TERMINAL

    def legal_actions(self, state: Core) -> list[int]:
        return [FOLD, PLAY] if self.current_player(state) >= 0 else []

    def chance_outcomes(self, state: Core) -> list[tuple[int, float]]:
        if self.current_player(state) != CHANCE:
            return []
        left = [card for card in range(state.cards) if card not in state.dealt]
        return [(card, 1 / len(left)) for card in left]

    def apply(self, state: Core, action: int) -> Core:
        player = self.current_player(state)
        if player == CHANCE:
            if action not in dict(self.chance_outcomes(state)):
                raise IllegalActionError(f"card {action} cannot be dealt now")
            return replace(state, dealt=(*state.dealt, action))
        if action not in self.legal_actions(state):
            raise IllegalActionError(f"action {action} is not legal now")
        return replace(state, choices=(*state.choices, action))

    def returns(self, state: Core) -> list[float]:
        return _returns(state) if self.current_player(state) == TERMINAL else [0.0] * PLAYERS

    def action_to_string(self, state: Core, action: int) -> str:
        if self.current_player(state) == CHANCE:
            return f"card {action}"
        return "play" if action == PLAY else "fold"

    def string_to_action(self, state: Core, text: str) -> int:
        if self.current_player(state) == CHANCE:
            return int(text.removeprefix("card "))
        return {"fold": FOLD, "play": PLAY}[text]

    def observe(self, state: Core, player: int | None) -> TinyView:
        over = self.current_player(state) == TERMINAL
        shown = tuple(state.dealt[seat] if over and state.choices[seat] == PLAY else None
                      for seat in range(PLAYERS))
        mine = state.dealt[player] if player is not None and player < len(state.dealt) else None
        return TinyView(player, self.current_player(state), state.cards, len(state.dealt), mine,
                        state.choices, shown, self.result(state))

    def chance_node(self, state: Core) -> ChanceNode:
        return ChanceNode("deal", len(state.dealt))


# -- the room: layout and sampler ------------------------------------------------------------------
PIECES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("seat", (PLAYERS,)),
    ("to_move", (PLAYERS + 2,)),  # a seat, chance, terminal
    ("my_card", (MOST_CARDS,)),
    ("choices", (PLAYERS, 2)),  # per seat: folded, played
    ("shown", (PLAYERS, MOST_CARDS)),
)


class TinyLayout:
    """The view one-hot (bit ``i`` = entry ``i`` of the pieces above, in order)."""

    pieces = PIECES

    def encode(self, view: TinyView) -> int:
        bits = 0
        if view.player is not None:
            bits |= 1 << view.player
        current = view.current_player
        bits |= 1 << (PLAYERS + (current if current >= 0 else PLAYERS if current == CHANCE else PLAYERS + 1))
        base = 2 * PLAYERS + 2
        if view.my_card is not None:
            bits |= 1 << (base + view.my_card)
        base += MOST_CARDS
        for seat, choice in enumerate(view.choices):
            bits |= 1 << (base + 2 * seat + choice)
        base += 2 * PLAYERS
        for seat, card in enumerate(view.shown):
            if card is not None:
                bits |= 1 << (base + MOST_CARDS * seat + card)
        return bits


@dataclass(frozen=True)
class TinySampler:
    """Full states consistent with a view: the unseen cards dealt uniformly."""

    view: TinyView

    def sample(self, rng: random.Random) -> Core:
        view = self.view
        known = {seat: card for seat, card in enumerate(view.shown) if card is not None}
        if view.player is not None and view.my_card is not None:
            known[view.player] = view.my_card
        free = [card for card in range(view.cards) if card not in known.values()]
        rng.shuffle(free)
        dealt = tuple(known[seat] if seat in known else free.pop() for seat in range(view.dealt_count))
        return Core(view.cards, dealt, view.choices)

    def weight(self, state: Any) -> float:
        return 1.0


class TinyBooks:
    def to_json(self) -> dict[str, Any]:
        return {}

    def describe(self) -> str:
        return "nothing to count"


class TinyRoom:
    """The tiny game's room."""

    def __init__(self) -> None:
        self.game = GAME
        self.rules = TinyRules()
        self.observation = TinyLayout()

    def label(self, view: TinyView, action: int) -> ActionLabel:
        text = "play" if action == PLAY else "fold"
        return ActionLabel(action, text, text)

    def books(self, view: TinyView) -> TinyBooks:
        return TinyBooks()

    def sampler(self, view: TinyView) -> TinySampler:
        return TinySampler(view)

    def dominant_action(self, view: TinyView, legal: Sequence[int]) -> int | None:
        return None

    def facts(self, state: Core) -> dict[str, Any]:
        return {}
