"""Card Commons through the generic adapters: OpenSpiel's ``python_card_commons_v1`` and
PettingZoo's ``env("card-commons")`` pass their own conformance checks (sampled: a few matches
each), the observation is the room's layout of the player's view (776 entries, counted here
block by block from the layout's description), the action mask of 21,077 entries is exactly the
legal actions, resampling keeps the information state, and the history the adapter parts give
for a core state (chance included) replays to that state, at every node of random matches and for
sampled worlds."""

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
from divided.adapters.games.card_commons import history_of, options_of  # noqa: E402
from divided.adapters.rooms import unpack  # noqa: E402
from divided.errors import IllegalActionError  # noqa: E402

GAME = "card-commons"
NAME = "python_card_commons_v1"
ACTIONS = 21_077  # 21 + 210 + 1,330 + 3 x 5,985 turn actions, 21 + 210 keeps, 1,330 builds
# The layout's blocks as its module text lists them: seat 2, to move 4, phase 7, round 16,
# starter 3, target 7, scores 2 x 16, hand 21, hand sizes 2 x 11, pile size 22, reserved 21,
# discards 21, face up 2 x 21, used 2 x 4, turn 9, turn kinds 8 x 4, offered 8 x 21, kept 8 x 21,
# offer kind 2, offer 21, first set 21, built 2, build 21, extra 1, extra rounds 16, last
# Collections 2 x 21, last 3-card hands 2 x 21, winner 3.
OBSERVATION = (2 + 4 + 7 + 16 + 3 + 7 + 32 + 21 + 22 + 22 + 21 + 21 + 42 + 8 + 9 + 32 + 168 + 168 + 2 + 21 + 21 + 2
               + 21 + 1 + 16 + 42 + 42 + 3)


def test_openspiel_type_and_info() -> None:
    assert NAME in openspiel.REGISTERED
    game = pyspiel.load_game(NAME)
    kind = game.get_type()
    assert (kind.short_name, kind.long_name) == (NAME, "Python Card Commons")
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.get_parameters() == {"first_starter": -1, "target": 5, "next_starter": "leader",
                                     "max_extra_rounds": 10}  # -1: the coin
    assert (game.num_distinct_actions(), game.max_chance_outcomes(), game.num_players()) == (ACTIONS, 21, 2)
    # a round is 13 dealt + 8 draws + 8 actions + 4 keeps + 2 builds = 35 moves; at most 3 rounds
    # before someone reaches 5, plus the cap of 10 extra rounds, plus the coin
    assert game.max_game_length() == 1 + 35 * (3 + 10)
    fixed = pyspiel.load_game(f"{NAME}(first_starter=0,max_extra_rounds=0,target=10)")
    assert fixed.max_game_length() == 35 * 7  # 7 rounds: 9-9 after six rounds of 2 + 1 points
    assert game.observation_tensor_size() == game.information_state_tensor_size() == OBSERVATION == 776


@pytest.mark.parametrize("setting", [NAME, f"{NAME}(first_starter=1,next_starter=alternate,target=3)"])
def test_openspiel_random_sim_test(setting: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(setting), num_sims=2, serialize=True, verbose=False)


def random_match(game: Any, rng: random.Random, until: int | None = None) -> Any:
    """An OpenSpiel state after a random match (or ``until`` moves of it)."""
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and (until is None or moves < until):
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        moves += 1
    return state


def test_openspiel_tensor_is_the_views_layout_and_resampling_keeps_the_information_state() -> None:
    game = pyspiel.load_game(NAME)
    layout = games.room(GAME).observation
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)  # seeded: the same worlds every run
    rng = random.Random(3)
    checked = 0
    for until in (16, 30, 45, 70):  # the first turns, an offer, late in a round, a later round
        state = random_match(game, rng, until)
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        player = state.current_player()
        for seat in (0, 1):
            expected = unpack(layout.encode(state.view(seat)), OBSERVATION, np.float32)
            assert np.array_equal(np.array(state.observation_tensor(seat), np.float32), expected)
        hidden = set()
        for _ in range(8):
            sample = state.resample_from_infostate(player, sampler)
            assert sample.information_state_string(player) == state.information_state_string(player)
            assert sample.observation_tensor(player) == state.observation_tensor(player)
            assert sample.legal_actions() == state.legal_actions()
            replayed = game.new_initial_state()
            for action in sample.history():  # the adapter parts' history: it replays to the sample
                replayed.apply_action(action)
            assert replayed.core == sample.core
            core = sample.core
            hidden.add((core.hands[1 - player], core.reserved[1 - player], core.aside))
            checked += 1
        assert len(hidden) > 1  # the other player's hidden cards and the card aside vary between worlds
    assert checked == 32


SAMPLED = [({}, 1), ({"first_starter": 1, "target": 3, "next_starter": "alternate"}, 2)]
MANY = [(options, seed) for seed in range(3, 33)
        for options in ({}, {"target": 7}, {"first_starter": 0, "next_starter": "alternate", "max_extra_rounds": 0})]


@pytest.mark.parametrize("matches", [pytest.param(SAMPLED, id="sample"),
                                     pytest.param(MANY, id="ninety-matches", marks=pytest.mark.slow)])
def test_history_of_replays_every_node_of_random_matches(matches: list[tuple[dict[str, Any], int]]) -> None:
    room = games.room(GAME)
    nodes = worlds = 0
    for options, seed in matches:
        game = games.load(GAME, **options)
        rng = random.Random(seed)
        state = game.new_initial_state()
        while True:
            replayed = game.new_initial_state()
            for action in history_of(state.core):
                replayed.apply_action(action)
            assert replayed.core == state.core
            nodes += 1
            if state.is_terminal():
                break
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, weights)[0])
                continue
            if nodes % 5 == 0:  # a world the mover cannot tell from this one
                world = room.sampler(state.observation(state.current_player())).sample(rng)
                again = game.new_initial_state()
                for action in history_of(world):
                    again.apply_action(action)
                assert again.core == world
                worlds += 1
            state.apply_action(rng.choice(state.legal_actions()))
        assert options_of(state.observation(0)) == dict(game.options)
    assert nodes > 60 * len(matches) and worlds > 3 * len(matches)


def test_openspiel_ismcts_searches_card_commons() -> None:
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

    from divided.adapters import openspiel_bots
    from divided.bots import make_bot

    game = pyspiel.load_game(NAME)
    state = random_match(game, random.Random(5), 20)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=np.random.RandomState(2))
    assert bot.step(state) in state.legal_actions()
    assert GAME in openspiel_bots.supported_games()
    lab_bot = make_bot(GAME, "openspiel-ismcts:simulations=3")
    view, legal = state.view(state.current_player()), state.legal_actions()
    assert lab_bot.choose(view, legal, random.Random(1)) == lab_bot.choose(view, legal, random.Random(1))
    assert lab_bot.choose(view, legal, random.Random(1)) in legal


def test_pettingzoo_api_test_and_seed_test() -> None:
    api_test(pettingzoo.env(GAME), num_cycles=60)
    api_test(pettingzoo.env(GAME, target=3, next_starter="alternate"), num_cycles=60)
    seed_test(functools.partial(pettingzoo.env, GAME), num_cycles=60)


def test_pettingzoo_mask_observation_legality_and_returns() -> None:
    environment = pettingzoo.env(GAME)
    assert environment.metadata["name"] == "card_commons_v1"
    layout = games.room(GAME).observation
    rng = random.Random(8)
    sizes = set()
    for seed in range(2):
        environment.reset(seed=seed)
        raw = environment.unwrapped
        for agent in environment.possible_agents:
            assert environment.action_space(agent).n == ACTIONS
            assert environment.observation_space(agent)["observation"].shape == (OBSERVATION,)
        totals = dict.fromkeys(environment.possible_agents, 0.0)
        for agent in environment.agent_iter():
            observation, reward, terminated, truncated, _ = environment.last()
            totals[agent] += reward
            if terminated or truncated:
                environment.step(None)
                continue
            seat = int(agent.removeprefix("player_"))
            state = raw.engine_state
            mask = observation["action_mask"]
            assert mask.shape == (ACTIONS,) and np.flatnonzero(mask).tolist() == state.legal_actions()
            sizes.add(int(mask.sum()))
            expected = unpack(layout.encode(state.observation(seat)), OBSERVATION, np.int8)
            assert np.array_equal(observation["observation"], expected)
            illegal = int(np.flatnonzero(mask == 0)[0])
            history = state.history()
            with pytest.raises(IllegalActionError):
                raw.step(illegal)  # refused; nothing changes
            assert raw.engine_state.history() == history and environment.agent_selection == agent
            environment.step(rng.choice(np.flatnonzero(mask).tolist()))
        assert [totals[a] for a in environment.possible_agents] == raw.engine_state.returns()
        assert sum(totals.values()) == 0.0
    assert 168 in sizes and 56 in sizes and {2, 3} <= sizes  # first turns, builds, keeps


def test_pettingzoo_same_seed_same_match() -> None:
    def first_cards(seed: int) -> tuple[int, int]:
        environment = pettingzoo.env(GAME)
        environment.reset(seed=seed)
        core = environment.unwrapped.engine_state.core
        return core.hands[0], core.hands[1]

    assert first_cards(4) == first_cards(4) and first_cards(4) != first_cards(5)
