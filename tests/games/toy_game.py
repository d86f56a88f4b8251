"""Three Cards: a tiny three-player card game that exists only in the tests.

It proves that the platform is generic before a second real game lands: it has three players,
chance in the middle of the game (a drawn card), hidden cards, and a room of its own.

Rules. A deck of six cards, ranks 1-6. Each player is dealt one card face down (chance nodes
``deal`` 0-2). In seat order each player either keeps (action 0) or exchanges (action 1): the
exchanged card is shown to everyone and the player draws the next card of the deck face down
(chance node ``draw``). Then every card is shown; the highest card wins (returns 1 for the
winner, 0 for the others: constant-sum, one winner since ranks are distinct).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace

from divided import games
from divided.errors import IllegalActionError, InvalidNotationError
from divided.games.base import CHANCE, TERMINAL, ChanceNode, GameInfo, OptionValue, Result, RuleOption, Rules
from divided.games.room import JSON, ActionLabel

NAME = "three-cards"
PLAYERS = 3
DECK = 6
KEEP, EXCHANGE = 0, 1
"""Player actions; chance outcomes are the card ranks 1..6 (action = rank)."""


@dataclass(frozen=True, slots=True)
class ToyState:
    cards: tuple[int, ...]  # each seat's card (0 = not dealt yet)
    shown: tuple[int, ...]  # each seat's exchanged card (0 = kept or not decided)
    used: frozenset[int]  # every card that left the deck
    turn: int  # the seat deciding (PLAYERS when everyone has)
    drawing: int  # the seat waiting for a drawn card, or -1


@dataclass(frozen=True, slots=True)
class ToyView:
    player: int | None
    current_player: int
    card: int  # 0 for a spectator
    shown: tuple[int, ...]
    decided: tuple[bool, ...]
    revealed: tuple[int, ...] | None  # every card, at the end
    num_players: int = PLAYERS

    @property
    def result(self) -> Result | None:
        if self.revealed is None:
            return None
        return _result(self.revealed)


def _result(cards: Sequence[int]) -> Result:
    best = max(cards)
    return Result.from_returns([1.0 if card == best else 0.0 for card in cards], detail={"high": best})


class ToyRules(Rules[ToyState, ToyView]):
    info = GameInfo(short_name=NAME, long_name="Three Cards", num_players=PLAYERS, min_players=PLAYERS,
                    max_players=PLAYERS, num_distinct_actions=2, max_chance_outcomes=DECK + 1,
                    max_game_length=2 * PLAYERS + PLAYERS, min_utility=0.0, max_utility=1.0,
                    utility_sum=1.0, options=(RuleOption("variant", ("plain",), "no variants"),))

    def initial_state(self, options: Mapping[str, OptionValue]) -> ToyState:
        return ToyState((0,) * PLAYERS, (0,) * PLAYERS, frozenset(), 0, -1)

    def current_player(self, state: ToyState) -> int:
        if state.drawing >= 0 or 0 in state.cards:
            return CHANCE
        return state.turn if state.turn < PLAYERS else TERMINAL

    def legal_actions(self, state: ToyState) -> list[int]:
        player = self.current_player(state)
        if player == CHANCE:
            return [card for card, _ in self.chance_outcomes(state)]
        return [] if player == TERMINAL else [KEEP, EXCHANGE]

    def chance_outcomes(self, state: ToyState) -> list[tuple[int, float]]:
        if self.current_player(state) != CHANCE:
            raise IllegalActionError("not a chance node")
        left = [card for card in range(1, DECK + 1) if card not in state.used]
        return [(card, 1.0 / len(left)) for card in left]

    def chance_node(self, state: ToyState) -> ChanceNode:
        if state.drawing >= 0:
            return ChanceNode("draw", sum(1 for card in state.shown if card) - 1)
        return ChanceNode("deal", state.cards.index(0))

    def apply(self, state: ToyState, action: int) -> ToyState:
        if isinstance(action, bool) or action not in self.legal_actions(state):
            raise IllegalActionError(f"action {action!r} is illegal now (legal: {self.legal_actions(state)}); "
                                     "nothing changed")
        if self.current_player(state) == CHANCE:
            drawing = state.drawing >= 0
            seat = state.drawing if drawing else state.cards.index(0)
            cards = tuple(action if s == seat else c for s, c in enumerate(state.cards))
            return replace(state, cards=cards, used=state.used | {action}, drawing=-1,
                           turn=state.turn + 1 if drawing else state.turn)
        if action == KEEP:
            return replace(state, turn=state.turn + 1)
        seat = state.turn
        shown = tuple(state.cards[s] if s == seat else c for s, c in enumerate(state.shown))
        cards = tuple(0 if s == seat else c for s, c in enumerate(state.cards))
        return replace(state, shown=shown, cards=cards, drawing=seat)

    def returns(self, state: ToyState) -> list[float]:
        if self.current_player(state) != TERMINAL:
            return [0.0] * PLAYERS
        return list(_result(state.cards).returns)

    def result(self, state: ToyState) -> Result | None:
        return _result(state.cards) if self.current_player(state) == TERMINAL else None

    def action_to_string(self, state: ToyState, action: int) -> str:
        if self.current_player(state) == CHANCE:
            return f"card {action}"
        return {KEEP: "keep", EXCHANGE: "exchange"}.get(action, f"<action {action}>")

    def string_to_action(self, state: ToyState, text: str) -> int:
        words = {"keep": KEEP, "exchange": EXCHANGE}
        if text.strip().lower() in words:
            return words[text.strip().lower()]
        raise InvalidNotationError(f"cannot read action {text!r}: write 'keep' or 'exchange'")

    def observe(self, state: ToyState, player: int | None) -> ToyView:
        over = self.current_player(state) == TERMINAL
        card = 0 if player is None else max(state.cards[player], 0)
        return ToyView(player, self.current_player(state), card, state.shown,
                       tuple(s < state.turn for s in range(PLAYERS)), state.cards if over else None)


class ToySampler:
    """Uniform over the deals consistent with a view: the unseen cards placed at random."""

    def __init__(self, view: ToyView) -> None:
        self.view = view

    def sample(self, rng: random.Random) -> ToyState:
        view = self.view
        if view.player is None or view.current_player < 0:
            raise ValueError("the toy sampler works from a seated view at a decision")
        known = {view.card} | {c for c in view.shown if c}
        unseen = [c for c in range(1, DECK + 1) if c not in known]
        rng.shuffle(unseen)
        cards = tuple(view.card if s == view.player else unseen.pop() for s in range(PLAYERS))
        used = frozenset(cards) | {c for c in view.shown if c}
        return ToyState(cards, view.shown, used, view.current_player, -1)

    def weight(self, state: object) -> float:
        return 1.0


@dataclass(frozen=True)
class ToyBooks:
    view: ToyView

    def to_json(self) -> dict[str, JSON]:
        return {"own": self.view.card, "shown": [c for c in self.view.shown if c]}

    def describe(self) -> str:
        return f"your card {self.view.card}"


@dataclass(frozen=True)
class ToyLayout:
    pieces: tuple[tuple[str, tuple[int, ...]], ...] = (("card", (DECK,)), ("shown", (PLAYERS, DECK)),
                                                        ("decided", (PLAYERS,)))

    def encode(self, view: ToyView) -> int:
        bits = 0
        if view.card > 0:
            bits |= 1 << (view.card - 1)
        for seat, card in enumerate(view.shown):
            if card:
                bits |= 1 << (DECK + seat * DECK + card - 1)
        for seat, done in enumerate(view.decided):
            if done:
                bits |= 1 << (DECK + PLAYERS * DECK + seat)
        return bits


@dataclass(frozen=True)
class ToyRoom:
    game: str = NAME
    rules: ToyRules = field(default_factory=ToyRules)
    observation: ToyLayout = field(default_factory=ToyLayout)

    def label(self, view: ToyView, action: int) -> ActionLabel:
        text = {KEEP: "keep", EXCHANGE: "exchange"}[action]
        return ActionLabel(action, text, text, (str(view.card),) if action == EXCHANGE else ())

    def books(self, view: ToyView) -> ToyBooks:
        return ToyBooks(view)

    def sampler(self, view: ToyView) -> ToySampler:
        return ToySampler(view)

    def dominant_action(self, view: ToyView, legal: Sequence[int]) -> int | None:
        return KEEP if view.card == DECK and KEEP in legal else None  # the top card cannot be beaten

    def facts(self, state: ToyState) -> dict[str, JSON]:
        return {"exchanges": sum(1 for c in state.shown if c)}


def registered() -> Iterator[None]:
    """Register the toy game for the duration of a test (use as a fixture body)."""
    games.register(NAME, ToyRules, ToyRoom())
    try:
        yield
    finally:
        games.unregister(NAME)
