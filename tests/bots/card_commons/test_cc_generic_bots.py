"""The generic bots on Card Commons: random plays from the room, and ISMCTS searches a round with
Card Commons' rollouts, legally and from the view alone."""

from __future__ import annotations

import random

import pytest
from cc_positions import RULES, other_world, play, positions

from divided.bots import make_bot
from divided.bots.card_commons.skilled import SkilledBot
from divided.games.card_commons.state import Phase


def test_random_plays_whole_matches() -> None:
    uniform = make_bot("card-commons", "random")
    for seed in range(3):
        returns = play([uniform, uniform], seed)
        assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_ismcts_is_legal_and_decides_from_the_view() -> None:
    bot = make_bot("card-commons", "ismcts:iterations=12,rollout=skilled")
    rng = random.Random(6)
    checked = 0
    for i, (state, view, legal) in enumerate(positions([SkilledBot(), SkilledBot()], 2)):
        if i % 5:
            continue
        choice = bot.choose(view, legal, random.Random(1))
        assert choice in legal
        world = other_world(state, view.player, rng)
        assert bot.choose(RULES.observe(world, view.player), legal, random.Random(1)) == choice
        checked += 1
    assert checked >= 4


@pytest.mark.slow
def test_ismcts_with_skilled_rollouts_beats_random() -> None:
    searcher = make_bot("card-commons", "ismcts:iterations=25,rollout=skilled")
    uniform = make_bot("card-commons", "random")
    score = 0.0
    for seed in range(2):
        score += (play([searcher, uniform], 40 + seed)[0] + 1) / 2
        score += (play([uniform, searcher], 40 + seed)[1] + 1) / 2
    assert score >= 3


def test_ismcts_searches_the_build_and_builds_legally() -> None:
    bot = make_bot("card-commons", "ismcts:iterations=30,rollout=random")
    for _state, view, legal in positions([SkilledBot(), SkilledBot()], 4):
        if view.phase == Phase.BUILD:
            assert bot.choose(view, legal, random.Random(0)) in legal
            break
