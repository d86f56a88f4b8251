"""DIVIDE through the generic adapters, at four and six players: OpenSpiel's ``python_divide_v1``
(the table size a game parameter) and PettingZoo's ``env("divide", players=...)`` pass their own
conformance checks (on one- and two-round games: a round is at most 112 moves at four players), the type and sizes
are DIVIDE's (counted here by hand from the rules), the observation is the room's layout of the
player's view, the action mask is exactly the legal actions, resampling keeps the information
state and its history replays, and OpenSpiel's ISMCTS can search the game."""

from __future__ import annotations

import functools
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]  # noqa: E402

from divided import games  # noqa: E402
from divided.adapters import openspiel, pettingzoo  # noqa: E402
from divided.adapters.rooms import size, unpack  # noqa: E402
from divided.errors import IllegalActionError  # noqa: E402
from divided.games.divide import actions as act  # noqa: E402

GAME = "divide"
NAME = "python_divide_v1"
# 54 cards + 54 x 54 pass numbers (both cards in one action) + Points, Lead + Trump 2..A + No Trump
ACTIONS = 54 + 54 * 54 + 2 + 13 + 1


def moves_per_round(players: int) -> int:
    """By hand: the deal (9 a player), a commit and a pass each, nine tokens, Tricks 2-9 (a card
    each; Trick 1 is the commits, flipped by the engine) and at most three picks a trick."""
    return 9 * players + players + players + 9 + 8 * players + 3 * 9


def test_openspiel_type_and_info_at_four_and_six_players() -> None:
    assert NAME in openspiel.REGISTERED
    game = pyspiel.load_game(NAME)
    kind = game.get_type()
    assert (kind.short_name, kind.long_name) == (NAME, "Python DIVIDE")
    assert (kind.min_num_players, kind.max_num_players) == (4, 6)
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM  # the winners share 1
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    # -1 codes the text choice of an option that also takes numbers (the random dealer, the end off)
    assert game.get_parameters() == {"players": 4, "first_dealer": -1, "trump": "persists", "rounds": 4,
                                     "end_score": 50}
    assert (game.num_distinct_actions(), game.max_chance_outcomes(), game.num_players()) == (ACTIONS, 54, 4)
    assert ACTIONS == act.NUM_DISTINCT_ACTIONS == 2986
    assert game.max_game_length() == 1 + 4 * moves_per_round(4) == 449  # the coin for the dealer, 4 rounds
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)
    six = pyspiel.load_game(f"{NAME}(players=6,first_dealer=5,end_score=-1,rounds=2)")
    assert six.num_players() == 6 and six.max_game_length() == 2 * moves_per_round(6) == 300
    assert six.get_parameters()["end_score"] == -1
    assert six.new_initial_state().current_player() == pyspiel.PlayerId.CHANCE  # the deal
    layout = games.room(GAME).observation
    assert game.observation_tensor_size() == game.information_state_tensor_size() == size(layout)
    assert six.observation_tensor_size() == size(layout)  # one layout for both table sizes


def test_openspiel_refuses_bad_parameters() -> None:
    with pytest.raises(ValueError, match="players"):
        pyspiel.load_game(f"{NAME}(players=5)")
    with pytest.raises(ValueError, match="first_dealer"):
        pyspiel.load_game(f"{NAME}(first_dealer=4)")  # a seat of a six-player table only


@pytest.mark.parametrize("setting", [
    pytest.param(f"{NAME}(rounds=2)", id="4-players-two-rounds"),  # a new dealer, the Trump kept
    pytest.param(f"{NAME}(players=6,rounds=1,first_dealer=5,trump=resets,end_score=-1)", id="6-players-one-round"),
    pytest.param(f"{NAME}(players=6,rounds=2)", id="6-players-two-rounds", marks=pytest.mark.slow),
])
def test_openspiel_random_sim_test(setting: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(setting), num_sims=1, serialize=True, verbose=False)


def random_game(game: Any, rng: random.Random, until: int) -> Any:
    """An OpenSpiel state after ``until`` random moves (chance drawn by its odds)."""
    state = game.new_initial_state()
    for _ in range(until):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


@pytest.mark.parametrize("players", [4, 6])
def test_openspiel_tensor_is_the_views_layout_and_resampling_keeps_the_information_state(players: int) -> None:
    game = pyspiel.load_game(f"{NAME}(players={players})")
    layout = games.room(GAME).observation
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)  # seeded: the same worlds every run
    rng = random.Random(players)
    checked = 0
    # the commits, the passes, the first tricks, late in a round, the second round
    for until in (12 * players, 13 * players, 16 * players, 60 * players // 4 + 40, 140 * players // 4):
        state = random_game(game, rng, until)
        player = state.current_player()
        assert player >= 0
        for seat in range(players):
            expected = unpack(layout.encode(state.view(seat)), size(layout), np.float32)
            assert np.array_equal(np.array(state.observation_tensor(seat), np.float32), expected)
        hidden = set()
        for _ in range(3):
            sample = state.resample_from_infostate(player, sampler)
            assert sample.information_state_string(player) == state.information_state_string(player)
            assert sample.observation_tensor(player) == state.observation_tensor(player)
            assert sample.legal_actions() == state.legal_actions()
            replayed = game.new_initial_state()
            for action in sample.history():  # the adapter parts' history: it replays to the sample
                replayed.apply_action(action)
            assert replayed.core == sample.core
            hidden.add(tuple(h for seat, h in enumerate(sample.core.hands) if seat != player))
            checked += 1
        assert len(hidden) > 1  # the other hands vary between worlds
    assert checked == 15


def test_openspiel_refuses_an_illegal_action_and_changes_nothing() -> None:
    game = pyspiel.load_game(NAME)
    state = random_game(game, random.Random(1), 37)  # a commit (the coin and the 36 dealt cards)
    before = state.core
    missing = next(card for card in range(52) if card not in state.legal_actions())
    with pytest.raises(IllegalActionError, match="nothing changed"):
        state.apply_action(missing)
    assert state.core == before


def test_openspiel_ismcts_searches_divide() -> None:
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

    game = pyspiel.load_game(f"{NAME}(rounds=1)")
    state = random_game(game, random.Random(2), 80)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=np.random.RandomState(2))
    assert bot.step(state) in state.legal_actions()


@pytest.mark.parametrize("players", [4, 6])
def test_pettingzoo_api_test_and_seed_test(players: int) -> None:
    api_test(pettingzoo.env(GAME, players=players, rounds=1), num_cycles=300)
    seed_test(functools.partial(pettingzoo.env, GAME, players=players, rounds=1), num_cycles=100)


@pytest.mark.parametrize("players", [4, 6])
def test_pettingzoo_masks_are_the_legal_actions_and_observations_the_layout(players: int) -> None:
    environment = pettingzoo.env(GAME, players=players, first_dealer=players - 1, rounds=1)
    environment.reset(seed=9)
    assert environment.agents == [f"player_{seat}" for seat in range(players)]
    raw = environment.unwrapped
    layout = games.room(GAME).observation
    rng = random.Random(9)
    steps = 0
    for agent in environment.agent_iter():
        observation, _reward, terminated, truncated, _info = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        seat = int(agent.removeprefix("player_"))
        legal = raw.engine_state.legal_actions()
        assert np.flatnonzero(observation["action_mask"]).tolist() == legal
        expected = unpack(layout.encode(raw.engine_state.observation(seat)), size(layout), np.int8)
        assert np.array_equal(observation["observation"], expected)
        environment.step(rng.choice(legal))
        steps += 1
    # every decision was an agent's turn: a commit, a pass and 8 cards each, and each pick but a
    # third finisher's forced Points or Lead
    picks = [e for e in raw.engine_state.core.log if type(e).__name__ == "PickEvent"]
    chosen = [e for e in picks if e.place < 3 or act.reward_of(e.action) == act.Reward.TRUMP]
    assert len(picks) == 27 and steps == 10 * players + len(chosen)
    returns = raw.engine_state.returns()
    assert sum(returns) == pytest.approx(1.0)  # the win shared among the winners


def test_the_openspiel_ismcts_bot_plays_divide_from_a_view() -> None:
    from divided.bots import make_bot, names

    assert "openspiel-ismcts" in names(GAME)  # the layout and the options part make it available
    bot = make_bot(GAME, "openspiel-ismcts:simulations=4")
    state = games.load(GAME, players=6, rounds=1).new_initial_state(seed=3)
    rng = random.Random(1)
    for _ in range(40):  # into the first tricks
        state.apply_action(rng.choice(state.legal_actions()))
    view, legal = state.observation(state.current_player()), state.legal_actions()
    action = bot.choose(view, legal, random.Random(5))
    assert action in legal and bot.choose(view, legal, random.Random(5)) == action  # a function of view and rng
