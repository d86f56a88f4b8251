"""Three Cards: the one tiny three-player card game that exists only in the tests.

It proves that the platform is generic before a second real game lands: every layer's tests run
it (the conformance suite, the lab, the web shell, the terminal loop, the adapters). It has three
players, chance in the middle of the game (a drawn card), hidden cards, a rule option, shared
wins, and a full game room (labels, books, a world sampler, an observation layout, facts). Each
layer's own part for it sits beside that layer's tests (e.g. its web room in
``tests/web/three_cards_web.py``). Import it as ``three_cards`` from any test folder (the root
``tests/conftest.py`` puts this folder on the path).

Rules. A deck of six cards, 1-6. Each player is dealt one card face down (chance nodes ``deal``
0-2). In seat order each player either keeps (action 0) or exchanges (action 1): the exchanged
card is shown to everyone and the player draws a card from the rest of the deck face down (chance
node ``draw``). Then every card is shown and the highest rank wins. The rule option ``ranks``
says what a card ranks: ``distinct`` (its number, so one winner) or ``paired`` (cards 1-2 rank 1,
3-4 rank 2, 5-6 rank 3, so two players may tie). The winners share a return of 1 (1 each alone,
0.5 each when two tie), the others get 0: constant-sum.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace

from divided import games
from divided.bots import BotSpec
from divided.bots import base as bot_registry
from divided.errors import IllegalActionError, InvalidNotationError
from divided.games.base import CHANCE, TERMINAL, ChanceNode, GameInfo, OptionValue, Result, RuleOption, Rules
from divided.games.room import JSON, ActionLabel

NAME = "three-cards"
PLAYERS = 3
DECK = 6
KEEP, EXCHANGE = 0, 1
"""Player actions; chance outcomes are the cards 1..6 (action = card)."""
HIGH = 4
"""The card from which the ``keep-high`` bot keeps."""


def rank(card: int, paired: bool) -> int:
    """What a card ranks under the ``ranks`` option."""
    return (card + 1) // 2 if paired else card


@dataclass(frozen=True, slots=True)
class CardsState:
    cards: tuple[int, ...]  # each seat's card (0 = not dealt yet)
    shown: tuple[int, ...]  # each seat's exchanged card (0 = kept or not decided)
    used: frozenset[int]  # every card that left the deck
    turn: int  # the seat deciding (PLAYERS when everyone has)
    drawing: int  # the seat waiting for a drawn card, or -1
    paired: bool = False  # the ``ranks`` option is "paired"


@dataclass(frozen=True, slots=True)
class CardsView:
    player: int | None
    current_player: int
    card: int  # 0 for a spectator
    shown: tuple[int, ...]
    decided: tuple[bool, ...]
    revealed: tuple[int, ...] | None  # every card, at the end
    paired: bool = False
    num_players: int = PLAYERS

    @property
    def result(self) -> Result | None:
        if self.revealed is None:
            return None
        return _result(self.revealed, self.paired)


def _result(cards: Sequence[int], paired: bool) -> Result:
    ranks = [rank(card, paired) for card in cards]
    best = max(ranks)
    winners = ranks.count(best)
    return Result.from_returns([1.0 / winners if r == best else 0.0 for r in ranks], detail={"high": best})


class CardsRules(Rules[CardsState, CardsView]):
    info = GameInfo(short_name=NAME, long_name="Three Cards", num_players=PLAYERS, min_players=PLAYERS,
                    max_players=PLAYERS, num_distinct_actions=2, max_chance_outcomes=DECK + 1,
                    max_game_length=2 * PLAYERS + PLAYERS, min_utility=0.0, max_utility=1.0,
                    utility_sum=1.0, options=(RuleOption("ranks", ("distinct", "paired"),
                                                             "distinct: a card ranks its number; paired: "
                                                             "1-2, 3-4 and 5-6 rank alike"),))

    def initial_state(self, options: Mapping[str, OptionValue]) -> CardsState:
        return CardsState((0,) * PLAYERS, (0,) * PLAYERS, frozenset(), 0, -1, options.get("ranks") == "paired")

    def current_player(self, state: CardsState) -> int:
        if state.drawing >= 0 or 0 in state.cards:
            return CHANCE
        return state.turn if state.turn < PLAYERS else TERMINAL

    def legal_actions(self, state: CardsState) -> list[int]:
        player = self.current_player(state)
        if player == CHANCE:
            return [card for card, _ in self.chance_outcomes(state)]
        return [] if player == TERMINAL else [KEEP, EXCHANGE]

    def chance_outcomes(self, state: CardsState) -> list[tuple[int, float]]:
        if self.current_player(state) != CHANCE:
            raise IllegalActionError("not a chance node")
        left = [card for card in range(1, DECK + 1) if card not in state.used]
        return [(card, 1.0 / len(left)) for card in left]

    def chance_node(self, state: CardsState) -> ChanceNode:
        if state.drawing >= 0:
            return ChanceNode("draw", sum(1 for card in state.shown if card) - 1)
        return ChanceNode("deal", state.cards.index(0))

    def apply(self, state: CardsState, action: int) -> CardsState:
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

    def returns(self, state: CardsState) -> list[float]:
        if self.current_player(state) != TERMINAL:
            return [0.0] * PLAYERS
        return list(_result(state.cards, state.paired).returns)

    def result(self, state: CardsState) -> Result | None:
        return _result(state.cards, state.paired) if self.current_player(state) == TERMINAL else None

    def action_to_string(self, state: CardsState, action: int) -> str:
        if self.current_player(state) == CHANCE:
            return f"card {action}"
        return {KEEP: "keep", EXCHANGE: "exchange"}.get(action, f"<action {action}>")

    def string_to_action(self, state: CardsState, text: str) -> int:
        words = {"keep": KEEP, "exchange": EXCHANGE}
        if text.strip().lower() in words:
            return words[text.strip().lower()]
        raise InvalidNotationError(f"cannot read action {text!r}: write 'keep' or 'exchange'")

    def observe(self, state: CardsState, player: int | None) -> CardsView:
        over = self.current_player(state) == TERMINAL
        card = 0 if player is None else max(state.cards[player], 0)
        return CardsView(player, self.current_player(state), card, state.shown,
                         tuple(s < state.turn for s in range(PLAYERS)), state.cards if over else None, state.paired)


class CardsSampler:
    """Uniform over the deals consistent with a view: the unseen cards placed at random."""

    def __init__(self, view: CardsView) -> None:
        self.view = view

    def sample(self, rng: random.Random) -> CardsState:
        view = self.view
        if view.player is None or view.current_player < 0:
            raise ValueError("the Three Cards sampler works from a seated view at a decision")
        known = {view.card} | {c for c in view.shown if c}
        unseen = [c for c in range(1, DECK + 1) if c not in known]
        rng.shuffle(unseen)
        cards = tuple(view.card if s == view.player else unseen.pop() for s in range(PLAYERS))
        used = frozenset(cards) | {c for c in view.shown if c}
        return CardsState(cards, view.shown, used, view.current_player, -1, view.paired)

    def weight(self, state: object) -> float:
        return 1.0


@dataclass(frozen=True)
class CardsBooks:
    view: CardsView

    def to_json(self) -> dict[str, JSON]:
        return {"own": self.view.card, "shown": [c for c in self.view.shown if c]}

    def describe(self) -> str:
        return f"your card {self.view.card}"


@dataclass(frozen=True)
class CardsLayout:
    """The view one-hot, piece after piece (bit ``i`` is entry ``i`` of the flat vector): the
    viewer's seat, who is to move (a seat, chance or the end), the viewer's card, each seat's shown
    card, who has decided, and every card once revealed."""

    pieces: tuple[tuple[str, tuple[int, ...]], ...] = (
        ("seat", (PLAYERS,)), ("to_move", (PLAYERS + 2,)), ("card", (DECK,)), ("shown", (PLAYERS, DECK)),
        ("decided", (PLAYERS,)), ("revealed", (PLAYERS, DECK)))

    def encode(self, view: CardsView) -> int:
        bits = 0
        if view.player is not None:
            bits |= 1 << view.player
        mover = view.current_player
        bits |= 1 << (PLAYERS + (mover if mover >= 0 else PLAYERS if mover == CHANCE else PLAYERS + 1))
        base = 2 * PLAYERS + 2
        if view.card > 0:
            bits |= 1 << (base + view.card - 1)
        base += DECK
        for seat, card in enumerate(view.shown):
            if card:
                bits |= 1 << (base + seat * DECK + card - 1)
        base += PLAYERS * DECK
        for seat, done in enumerate(view.decided):
            if done:
                bits |= 1 << (base + seat)
        base += PLAYERS
        for seat, card in enumerate(view.revealed or ()):
            bits |= 1 << (base + seat * DECK + card - 1)
        return bits


@dataclass(frozen=True)
class CardsRoom:
    game: str = NAME
    rules: CardsRules = field(default_factory=CardsRules)
    observation: CardsLayout = field(default_factory=CardsLayout)

    def label(self, view: CardsView, action: int) -> ActionLabel:
        text = {KEEP: "keep", EXCHANGE: "exchange"}[action]
        return ActionLabel(action, text, text, (str(view.card),) if action == EXCHANGE else ())

    def books(self, view: CardsView) -> CardsBooks:
        return CardsBooks(view)

    def sampler(self, view: CardsView) -> CardsSampler:
        return CardsSampler(view)

    def dominant_action(self, view: CardsView, legal: Sequence[int]) -> int | None:
        return KEEP if view.card == DECK and KEEP in legal else None  # the top card cannot be beaten

    def zones(self, state: CardsState) -> dict[str, list[str]]:
        out = {"deck": [str(c) for c in range(1, DECK + 1) if c not in state.used],
               "shown": [str(c) for c in state.shown if c]}
        for seat, card in enumerate(state.cards):
            out[f"seat {seat}"] = [str(card)] if card else []
        return out

    def facts(self, state: CardsState) -> dict[str, JSON]:
        dealt: list[JSON] = [shown or card for shown, card in zip(state.shown, state.cards, strict=True)]
        return {"exchanges": sum(1 for c in state.shown if c), "dealt": dealt}


class KeepHigh:
    """A test bot: keeps a card of ``HIGH`` or more, else exchanges (from its own view only)."""

    name = "keep-high"

    def choose(self, view: CardsView, legal: Sequence[int], rng: random.Random) -> int:
        return KEEP if view.card >= HIGH else EXCHANGE


def bot_registered() -> Iterator[None]:
    """Register the ``keep-high`` bot (for Three Cards only) for the duration of a test."""
    bot_registry.register(BotSpec(KeepHigh.name, KeepHigh, frozenset({NAME}), summary="keeps a card of 4 or more"))
    try:
        yield
    finally:
        bot_registry.unregister(KeepHigh.name)


@dataclass(frozen=True)
class Played:
    """A finished game read from its actions by hand (not by the rules above)."""

    dealt: tuple[int, ...]
    decisions: tuple[int, ...]
    cards: tuple[int, ...]  # each seat's final card

    def returns(self, paired: bool = False) -> list[float]:
        """The winners (highest rank) share 1; worked out from the rules text."""
        ranks = [(c + 1) // 2 if paired else c for c in self.cards]
        winners = [seat for seat, r in enumerate(ranks) if r == max(ranks)]
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(ranks))]


def read_actions(actions: Sequence[int]) -> Played:
    """A finished game's actions in order: three dealt cards, then each seat's decision, an
    exchange followed by the card drawn."""
    dealt, rest = tuple(actions[:PLAYERS]), list(actions[PLAYERS:])
    cards, decisions = list(dealt), []
    for seat in range(PLAYERS):
        decisions.append(rest.pop(0))
        if decisions[-1] == EXCHANGE:
            cards[seat] = rest.pop(0)
    assert not rest, f"actions left over: {rest}"
    return Played(dealt, tuple(decisions), tuple(cards))


def registered() -> Iterator[None]:
    """Register Three Cards for the duration of a test (use as a fixture body)."""
    games.register(NAME, CardsRules, CardsRoom())
    try:
        yield
    finally:
        games.unregister(NAME)
