"""The OpenSpiel adapter: OpenSpiel's own consistency checks, resampling, errors, ISMCTS."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from divided.adapters import openspiel as adapter  # noqa: E402

SETTINGS = [
    "python_divided_ranks",
    "python_divided_ranks(swap=face-up,reserve_order=coin)",
    "python_divided_ranks(scoring=weaker-first,reserve_order=splitter-first)",
]


@pytest.mark.parametrize("name", SETTINGS)
def test_random_sim(name: str) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_random_sim_serialized() -> None:
    # OpenSpiel re-reads a serialized game's parameters from text, where "1" becomes an
    # integer: so serialization is only tested with first_splitter=coin (see the module).
    game = pyspiel.load_game("python_divided_ranks(swap=face-up)")
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_fixed_first_splitter_as_text() -> None:
    game = pyspiel.load_game("python_divided_ranks", {"first_splitter": "1"})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.current_player() == 1


def test_game_info() -> None:
    game = pyspiel.load_game("python_divided_ranks")
    assert game.num_distinct_actions() == 360
    assert game.max_chance_outcomes() == 21
    assert game.num_players() == 2
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.max_game_length() == adapter.DividedRanksGame(None).engine.info.max_game_length == 37
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


def _random_states(game: Any, rng: random.Random, games: int) -> list[Any]:
    """Player-decision states met in random playouts."""
    found = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                found.append(state.clone())
                state.apply_action(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize("name", SETTINGS[:2])
def test_resampling_keeps_the_information_state(name: str) -> None:
    game = pyspiel.load_game(name)
    rng = random.Random(3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    states = _random_states(game, rng, 2)
    for state in states[:: max(1, len(states) // 30)]:
        for player in (0, 1):
            info = state.information_state_string(player)
            tensor = np.array(state.information_state_tensor(player))
            for _ in range(2):
                sample = state.resample_from_infostate(player, sampler)
                assert sample.information_state_string(player) == info
                assert np.array_equal(np.array(sample.information_state_tensor(player)), tensor)
                assert sample.observation_string(player) == state.observation_string(player)
                assert sample.current_player() == state.current_player()
                assert len(sample.history()) == len(state.history())


@pytest.mark.parametrize(
    "text",
    [
        "python_divided_ranks(swap=sideways)",
        "python_divided_ranks(colour=red)",
        "python_divided_ranks(first_splitter=2)",
    ],
)
def test_bad_parameters_raise(text: str) -> None:
    with pytest.raises((pyspiel.SpielError, ValueError)):
        pyspiel.load_game(text)


def test_bad_parameter_value_names_the_option() -> None:
    with pytest.raises(ValueError, match="swap"):
        pyspiel.load_game("python_divided_ranks(swap=sideways)")
    with pytest.raises(ValueError, match="first_splitter"):
        pyspiel.load_game("python_divided_ranks", {"first_splitter": "2"})


def test_illegal_action_raises_and_changes_nothing() -> None:
    game = pyspiel.load_game("python_divided_ranks", {"first_splitter": "0"})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before = str(state), state.history()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(Exception, match=r"[Ii]llegal|not legal"):
        state.apply_action(illegal)
    assert (str(state), state.history()) == before
    chance = game.new_initial_state()
    with pytest.raises(Exception, match=r"[Ii]llegal|not legal"):  # no card 25 in the pack
        chance.apply_action(25)


def test_ismcts_plays_a_game() -> None:
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

    game = pyspiel.load_game("python_divided_ranks")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=30,
                           random_state=np.random.RandomState(2))
    rng = random.Random(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert sum(state.returns()) == 0.0
