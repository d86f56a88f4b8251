"""Bots never read hidden state.

(a) The interface is observation-only: a bot is handed a :class:`PlayerView` (and the legal
    actions), and a view carries nothing the player has not seen: replaying a game with the
    cards the player has not seen exchanged (a permutation of exactly those cards, applied to
    the deal and to every action naming a card) leaves the view unchanged, while the hidden
    state does change. The check can fail: exchanging a card the player *has* seen changes the
    view.
(b) Bots decide from the view alone: in positions of real games, each bot is asked at the true
    position and at a scrambled one (the unseen cards permuted as above) with identically seeded
    rngs, and must give the same answer. The check can fail: a deliberately peeking bot, which
    finds the real game state in its caller's frames, decides differently in some positions.

Which cards a player has seen is tracked by :func:`bot_positions.seen_by` from the rules' text.
"""

from __future__ import annotations

import dataclasses
import random
import sys
import typing
from collections.abc import Iterator, Sequence
from types import FrameType
from typing import Any

import pytest
from bot_positions import GameState, decide, hidden_part, play_game, prefixes, remap, scramble, seen_by

from divided.bots import make_bot, names
from divided.bots.base import Bot
from divided.bots.divided_ranks.heuristics import holding_value
from divided.bots.divided_ranks.skilled import SkilledBot
from divided.games import State
from divided.games.base import View
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.state import DividedRanksState, Phase
from divided.games.divided_ranks.view import PlayerView
from divided.hands.arrange import best_key

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"swap": "face-up"},
    {"reserve_order": "coin", "scoring": "weaker-first"},
    {"first_splitter": 1, "reserve_order": "splitter-first", "swap": "face-up"},
]
PLAYERS = [("skilled", "random"), ("random", "skilled"), ("expert:budget=12", "hide-weaker"),
           ("hide-stronger", "skilled")]
HONEST = ["random", "skilled", "expert:budget=16", "hide-weaker", "hide-stronger"]


def finished_games(count: int) -> Iterator[GameState]:
    for number in range(count):
        options = OPTION_SETS[number % len(OPTION_SETS)]
        specs = PLAYERS[(number // len(OPTION_SETS)) % len(PLAYERS)]
        yield play_game(specs, 500 + number, options)


# -- (a) the interface ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(set(names("divided-ranks"))))
def test_a_bot_is_given_a_view_and_the_legal_actions_only(name: str) -> None:
    bot = make_bot("divided-ranks", name)
    hints = typing.get_type_hints(type(bot).choose)
    assert hints["view"] in (PlayerView, View)  # the game's view, or any game's (random, ismcts)
    assert set(hints) == {"view", "legal", "rng", "return"}


def _leaves(value: object) -> Iterator[object]:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            yield from _leaves(getattr(value, item.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _leaves(item)
    else:
        yield value


def test_a_view_holds_no_reference_to_the_game_state() -> None:
    for finished in finished_games(4):
        for position in prefixes(finished):
            for player in (0, 1):
                for leaf in _leaves(position.observation(player)):
                    assert not isinstance(leaf, DividedRanksState | State)


def test_exchanging_unseen_cards_never_changes_a_view() -> None:
    rng = random.Random(3)
    checked = changed_hidden = 0
    for finished in finished_games(16):
        for position in [*prefixes(finished), finished]:
            for player in (0, 1):
                other = scramble(position, player, rng)
                assert other.observation(player) == position.observation(player)
                checked += 1
                changed_hidden += hidden_part(other.core, player) != hidden_part(position.core, player)
    assert checked > 400
    assert changed_hidden > 0.6 * checked  # the views agreed although the hidden cards moved


def test_exchanging_a_seen_card_changes_the_view() -> None:
    """The check above can fail: exchange one card the player has seen with one they have not."""
    changed = tried = 0
    for finished in finished_games(8):
        for position in prefixes(finished):
            player = position.current_player()
            seen = seen_by(position.core, player)
            hand = [c for c in range(21) if position.core.hands[player] >> c & 1]
            unseen = [c for c in range(21) if not seen >> c & 1]
            if not hand or not unseen:
                continue
            other = remap(position, {hand[0]: unseen[0], unseen[0]: hand[0]})
            if other is None:
                continue
            tried += 1
            changed += other.observation(player) != position.observation(player)
    assert tried > 50 and changed == tried


# -- (b) decisions -------------------------------------------------------------------------------


def _frames() -> Iterator[FrameType]:
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        yield frame
        frame = frame.f_back


class PeekingBot:
    """A cheat, to show the test below can fail: it finds the real game state among its callers'
    local variables and uses the hidden cards (the face-down pair, the reserve)."""

    name = "peeking"

    def __init__(self) -> None:
        self.skilled = SkilledBot()

    def _real_state(self) -> DividedRanksState:
        for frame in _frames():
            for value in frame.f_locals.values():
                if isinstance(value, State) and isinstance(value.core, DividedRanksState):
                    core: DividedRanksState = value.core
                    return core
        raise AssertionError("no game state in reach")

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        real = self._real_state()
        if view.phase == Phase.CHOOSE:  # take the better pair, having looked at the hidden one
            down = holding_value(view.hand | real.face_down)
            return act.TAKE_FACE_DOWN if down > holding_value(view.hand | view.offer) else act.TAKE_FACE_UP
        if view.phase == Phase.RESERVE:  # swap only for a reserve card it has looked at
            best, best_action = best_key(view.hand, view.options.scoring), act.KEEP
            for action in legal[1:]:
                after = best_key(view.hand ^ (1 << (action - act.GIVE)) | (1 << real.reserve),
                                 view.options.scoring)
                if after > best:
                    best, best_action = after, action
            return best_action
        return self.skilled.choose(view, legal, rng)


def decisions_under_scrambles(bots: list[Bot], games_count: int) -> tuple[int, int, list[int]]:
    """For the decision positions of ``games_count`` games: how many were compared, in how many
    the scramble moved a hidden card, and per bot in how many the decision at the real position
    differed from the one at the scrambled position."""
    scrambler = random.Random(17)
    compared = moved = 0
    differed = [0] * len(bots)
    for finished in finished_games(games_count):
        for number, position in enumerate(prefixes(finished)):
            player = position.current_player()
            other = scramble(position, player, scrambler)
            assert other.current_player() == player
            assert other.legal_actions() == position.legal_actions()
            compared += 1
            moved += hidden_part(other.core, player) != hidden_part(position.core, player)
            for index, bot in enumerate(bots):
                seed = 1000 * compared + number
                real = decide(bot, position, random.Random(seed))
                scrambled = decide(bot, other, random.Random(seed))
                differed[index] += real != scrambled
    return compared, moved, differed


def test_bots_decide_the_same_when_unseen_cards_are_scrambled() -> None:
    bots = [make_bot("divided-ranks", spec) for spec in HONEST]
    compared, moved, differed = decisions_under_scrambles(bots, 24)
    assert compared >= 24 * 14 and moved > 0.6 * compared
    assert dict(zip(HONEST, differed, strict=True)) == dict.fromkeys(HONEST, 0)


def test_a_peeking_bot_is_caught() -> None:
    compared, _, (differed,) = decisions_under_scrambles([PeekingBot()], 24)
    assert differed >= 10, f"the peeking bot changed its mind in only {differed} of {compared} positions"
