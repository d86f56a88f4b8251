"""The review is generic: it asks the game's advisor (found by game id) for values and its one
pick, and the game's explainer (found by game id) for words; a game without an explainer gets
plain words, and a game without an advisor is refused clearly.

A second game id is registered here: Divided Ranks' rules under another name, whose advisor is
the Expert (so the values can be checked against the Expert asked directly) and which has no
explainer.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from divided import games
from divided.bots import base as bots_base
from divided.bots.divided_ranks.expert import ExpertBot
from divided.errors import UnsupportedGameError
from divided.games import GameRecord
from divided.review import review_game
from divided.review.base import EXPLAINERS, PlainExplainer, explainer, grade_for

OTHER = "review-test-game"


@pytest.fixture
def other_game() -> Iterator[str]:
    games.register(OTHER, "divided.games.divided_ranks.rules:DividedRanksRules")
    try:
        yield OTHER
    finally:
        games.unregister(OTHER)
        bots_base._ADVISORS.unregister(OTHER)


def _record(game: str, seed: int) -> GameRecord:
    """A seeded game of uniformly random legal moves."""
    state = games.load(game, first_splitter=0).new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    record = state.record()  # named after the rules' own short name: the test game shares them
    return GameRecord(game, record.options, record.seed, record.actions)


def test_a_game_without_an_advisor_is_refused(other_game: str) -> None:
    with pytest.raises(UnsupportedGameError, match="no advisor for game 'review-test-game'"):
        review_game(_record(other_game, 3), seat=0, budget=16)


def test_a_game_without_an_explainer_gets_plain_words(other_game: str) -> None:
    bots_base.register_advisor(other_game, lambda budget=None: ExpertBot(budget=budget or 16))
    assert not EXPLAINERS.supports(other_game) and isinstance(explainer(other_game), PlainExplainer)
    record = _record(other_game, 3)
    review = review_game(record, seat=1, budget=16, seed=2)
    assert review.complete and review.total == len(review.moves) > 0
    expert = ExpertBot(budget=16)
    state = games.load(other_game, **record.options).new_initial_state()
    moves = iter(review.moves)
    for action in record.actions:
        if not state.is_chance_node() and state.current_player() == 1:
            move = next(moves)
            view, legal = state.observation(1), state.legal_actions()
            found = expert.evaluate(view, legal, salt=2)
            # the expert's pick, or its runner-up where a closer look (more worlds) found it better
            assert move.played == action and (move.best == expert.pick(view, legal, found.values)
                                               or move.worlds[move.best] > found.worlds_of(move.best)), move
            assert move.phase == "decision" and move.grade == grade_for(move.loss, move.loss_error)
            label = state.action_to_string(action)
            assert move.reason.startswith(f"{label} gives you {move.values[action]:.0%} to win")
        state.apply_action(action)


def test_seats_follow_the_game(other_game: str) -> None:
    with pytest.raises(ValueError, match="no seat 2: seats are 0 and 1"):
        review_game(_record("divided-ranks", 3), seat=2)
