"""The generic search bots play the poker games, with the heuristic rollout too."""

from __future__ import annotations

import random

import pytest

from divided import games
from divided.bots.base import make_bot
from divided.bots.ismcts import rollout_policy
from divided.bots.poker.rollouts import HeuristicRollout
from divided.errors import RuleOptionError


@pytest.mark.parametrize(("game", "bot"), [("cowpie", "pimc:worlds=2,rollout=heuristic"),
                                           ("ten-card-regrets", "ismcts:iterations=8,rollout=heuristic"),
                                           ("open-draw", "ismcts:iterations=8")])
def test_search_bots_play_a_deal(game: str, bot: str) -> None:
    state = games.load(game, players=2).new_initial_state(seed=4)
    player = make_bot(game, bot)
    rng = random.Random(0)
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        action = player.choose(state.observation(seat), legal, rng)
        assert action in legal
        state.apply_action(action)


def test_the_heuristic_rollout_calls_down_to_a_showdown() -> None:
    state = games.load("henway", players=3).new_initial_state(seed=2)
    policy = rollout_policy("henway", "heuristic")
    assert isinstance(policy, HeuristicRollout)
    results = policy.rollout(state.core, random.Random(1))
    assert len(results) == 3 and sum(results) == 0 and any(results)


def test_an_unknown_rollout_is_refused() -> None:
    with pytest.raises(RuleOptionError, match="rollout"):
        make_bot("henway", "pimc:rollout=clever")
