"""The PettingZoo adapter on Divided Ranks: API conformance, seeding, masks, legality and privacy.

Its speed is measured by ``benchmarks/bench_adapters.py``, not here.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from divided import games
from divided.adapters import pettingzoo as pz
from divided.adapters.rooms import unpack
from divided.errors import IllegalActionError
from divided.games.divided_ranks.actions import NUM_DISTINCT_ACTIONS
from divided.games.divided_ranks.encoding import CARDS, LAYOUT, SUMMARY, offsets, size
from divided.games.divided_ranks.view import PlayerView, observe

GAME = "divided-ranks"
AGENTS = ["player_0", "player_1"]
VARIANTS: list[dict[str, Any]] = [{}, {"swap": "face-up", "reserve_order": "coin"}]
OFFSETS = offsets(SUMMARY.pieces)


def make(**options: Any) -> Any:
    """The wrapped Divided Ranks environment."""
    return pz.env(GAME, **options)


def summary(view: PlayerView) -> np.ndarray:
    """The SUMMARY vector of a view, as the environment gives it."""
    return unpack(SUMMARY.encode(view), size(SUMMARY), np.int8)


def _random_game(environment: Any, rng: random.Random) -> dict[str, float]:
    """Play one game with uniformly random legal actions; the total reward of each agent."""
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        environment.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    return totals


@pytest.mark.parametrize("options", VARIANTS)
def test_pettingzoo_api_test(options: dict[str, Any]) -> None:
    api_test(make(**options), num_cycles=200)


def test_pettingzoo_seed_test() -> None:
    seed_test(functools.partial(pz.env, GAME), num_cycles=200)


def test_spaces_and_metadata() -> None:
    environment = make()
    environment.reset(seed=1)
    assert environment.possible_agents == ["player_0", "player_1"]
    assert environment.metadata["name"] == "divided_ranks_v1"
    assert environment.metadata["is_parallelizable"] is False
    for agent in environment.possible_agents:
        assert environment.action_space(agent).n == NUM_DISTINCT_ACTIONS
        space = environment.observation_space(agent)
        assert space["observation"].shape == (size(LAYOUT),)
        assert space["action_mask"].shape == (NUM_DISTINCT_ACTIONS,)
        assert space["observation"].dtype == np.int8 and space["action_mask"].dtype == np.int8


def test_same_seed_same_deal_and_different_seeds_differ() -> None:
    a, b, c = make(), make(), make()
    a.reset(seed=5)
    b.reset(seed=5)
    c.reset(seed=6)
    assert a.unwrapped.engine_state.history() == b.unwrapped.engine_state.history()
    assert a.unwrapped.engine_state.history() == games.load("divided-ranks").new_initial_state(5).history()
    deals = {tuple(e.unwrapped.engine_state.history()) for e in (a, c)}
    assert len(deals) == 2


def test_illegal_action_raises_and_changes_nothing() -> None:
    environment = make()
    environment.reset(seed=11)
    raw = environment.unwrapped
    rng = random.Random(0)
    for _ in range(8):  # check at several points of a game
        agent = environment.agent_selection
        observation, *_ = environment.last()
        illegal = np.flatnonzero(observation["action_mask"] == 0)
        history = raw.engine_state.history()
        before = (agent, dict(environment.rewards), dict(environment.terminations),
                  dict(environment._cumulative_rewards), observation["observation"].copy())
        for action in (int(illegal[0]), int(illegal[-1]), np.int64(illegal[len(illegal) // 2])):
            with pytest.raises(IllegalActionError):
                environment.step(action)
        with pytest.raises(IllegalActionError):  # the raw environment checks the type itself
            raw.step(1.0)
        for outside in (1.0, -1, NUM_DISTINCT_ACTIONS):  # the wrapper refuses what is not in the space
            with pytest.raises(AssertionError):
                environment.step(outside)
        assert raw.engine_state.history() == history
        after_observation, *_ = environment.last()
        assert (environment.agent_selection, dict(environment.rewards), dict(environment.terminations),
                dict(environment._cumulative_rewards)) == before[:4]
        assert np.array_equal(after_observation["observation"], before[4])
        environment.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))


@pytest.mark.parametrize("options", VARIANTS)
def test_masks_equal_engine_legal_actions_and_games_end_zero_sum(options: dict[str, Any]) -> None:
    rng = random.Random(3)
    environment = make(**options)
    for seed in range(60):
        environment.reset(seed=seed)
        raw = environment.unwrapped
        totals = dict.fromkeys(environment.possible_agents, 0.0)
        for agent in environment.agent_iter():
            observation, reward, terminated, _, _ = environment.last()
            totals[agent] += reward
            if terminated:
                assert not observation["action_mask"].any()
                environment.step(None)
                continue
            state = raw.engine_state
            assert AGENTS[state.current_player()] == agent
            assert np.flatnonzero(observation["action_mask"]).tolist() == sorted(state.legal_actions())
            other = AGENTS[1 - state.current_player()]
            assert not raw.observe(other)["action_mask"].any()
            environment.step(rng.choice(state.legal_actions()))
        returns = raw.engine_state.returns()
        assert totals == {"player_0": returns[0], "player_1": returns[1]}
        assert sum(totals.values()) == 0 and set(totals.values()) <= {-1.0, 0.0, 1.0}
        assert environment.agents == []


def _views_and_vectors(options: dict[str, Any], seeds: range) -> list[tuple[PlayerView, np.ndarray]]:
    """Every (view, SUMMARY observation vector) pair met in random games, for both players."""
    rng = random.Random(7)
    environment = make(layout=SUMMARY, **options)
    pairs: list[tuple[PlayerView, np.ndarray]] = []
    for seed in seeds:
        environment.reset(seed=seed)
        raw = environment.unwrapped
        for _agent in environment.agent_iter():
            _, _, terminated, _, _ = environment.last()
            for player, name in enumerate(AGENTS):
                pairs.append((raw.engine_state.observation(player), raw.observe(name)["observation"]))
            if terminated:
                environment.step(None)
                continue
            environment.step(rng.choice(raw.engine_state.legal_actions()))
    return pairs


@pytest.mark.parametrize("options", VARIANTS)
def test_observation_is_a_function_of_the_view_and_hides_the_opponent(options: dict[str, Any]) -> None:
    pairs = _views_and_vectors(options, range(80))
    by_view: dict[PlayerView, bytes] = {}
    for view, vector in pairs:
        assert np.array_equal(vector, summary(view))
        assert by_view.setdefault(view, vector.tobytes()) == vector.tobytes()
    # Different deals reaching the same view (e.g. at the start) give the same vector, and the
    # opponent-card block never shows a card the view does not account for.
    assert len(by_view) < len(pairs)
    start = OFFSETS["opponent_known"]
    for view, vector in pairs:
        shown = sum(1 << c for c in np.flatnonzero(vector[start:start + CARDS]).tolist())
        assert shown & view.hand == 0
        assert shown.bit_count() <= view.hand_sizes[view.opponent]
        hand_block = vector[OFFSETS["hand"]:OFFSETS["hand"] + CARDS]
        assert sum(1 << c for c in np.flatnonzero(hand_block).tolist()) == view.hand


def test_opponent_known_cards_are_truly_the_opponents() -> None:
    """Against the full state: whatever the vector claims of the opponent's hand is true, and
    during the draft the opponent's unseen cards never appear."""
    rng = random.Random(9)
    for options in VARIANTS:
        environment = make(layout=SUMMARY, **options)
        for seed in range(80):
            environment.reset(seed=seed)
            raw = environment.unwrapped
            for _agent in environment.agent_iter():
                _, _, terminated, _, _ = environment.last()
                core = raw.engine_state.core
                for player, name in enumerate(AGENTS):
                    vector = raw.observe(name)["observation"]
                    start = OFFSETS["opponent_known"]
                    shown = sum(1 << c for c in np.flatnonzero(vector[start:start + CARDS]).tolist())
                    assert shown & ~core.hands[1 - player] == 0
                    start = OFFSETS["reserve_known"]
                    reserve = np.flatnonzero(vector[start:start + CARDS]).tolist()
                    if core.reserve >= 0 and reserve:
                        assert reserve == [core.reserve]
                if terminated:
                    environment.step(None)
                    continue
                environment.step(rng.choice(raw.engine_state.legal_actions()))


def test_same_view_different_hidden_cards_same_observation() -> None:
    """Two deals where player 1 sees the same thing give player 1 the same vector, even though
    the cards player 1 has not seen differ."""
    game = games.load("divided-ranks", first_splitter=0)
    seen: dict[PlayerView, bytes] = {}
    deals: set[tuple[int, ...]] = set()
    environment = make(first_splitter=0)
    for seed in range(200):
        environment.reset(seed=seed)
        raw = environment.unwrapped
        view = raw.engine_state.observation(1)  # player 0 splits first: player 1 has seen nothing
        assert view == game.new_initial_state(seed).observation(1)
        deals.add(raw.engine_state.core.deal)
        vector = raw.observe("player_1")["observation"].tobytes()
        assert seen.setdefault(view, vector) == vector
    assert len(seen) == 1 and len(deals) == 200


@pytest.mark.parametrize("layout", [LAYOUT, SUMMARY], ids=["layout", "summary"])
@pytest.mark.parametrize("options", [
    *VARIANTS,
    {"first_splitter": 1, "reserve_order": "splitter-first", "scoring": "weaker-first"},
    {"rounds": 2, "opening_seed": 7, "build": "auto", "swap": "face-up"},  # a public opening, no builds
])
def test_observation_is_the_layout_of_the_view_at_every_step(options: dict[str, Any], layout: Any) -> None:
    """The environment's vector (cached per state, packed with the mask) equals the layout's
    encoding of the view built from scratch by ``observe(state, player)``, for both players at
    every step of random games; an agent writing into its copy changes nothing. In every third
    game the waiting player is observed only now and then."""
    rng = random.Random(13)
    environment = make(layout=layout, **options)
    checked = 0
    for seed in range(40):
        environment.reset(seed=seed)
        raw = environment.unwrapped
        now_and_then = seed % 3 == 0
        for agent in environment.agent_iter():
            core = raw.engine_state.core
            for player, name in enumerate(AGENTS):
                if now_and_then and name != agent and rng.random() < 0.7:
                    continue
                observation = raw.observe(name)
                assert observation["observation"].dtype == np.int8
                expected = unpack(layout.encode(observe(core, player)), size(layout), np.int8)
                assert np.array_equal(observation["observation"], expected)
                legal = sorted(raw.engine_state.legal_actions()) if name == agent else []
                assert np.flatnonzero(observation["action_mask"]).tolist() == legal
                checked += 1
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            observation["observation"][:] = 1  # what an agent does to its copy changes nothing here
            observation["action_mask"][:] = 1
            environment.step(rng.choice(raw.engine_state.legal_actions()))
    assert checked > 40 * 8


def test_wrappers_are_the_standard_ones_with_their_errors() -> None:
    environment = make()
    assert isinstance(environment, wrappers.OrderEnforcingWrapper)
    assert isinstance(environment.env, wrappers.AssertOutOfBoundsWrapper)
    assert str(environment) == "divided_ranks_v1"
    for name in ("agent_selection", "rewards", "terminations", "agents"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(environment, name)
    with pytest.raises(AttributeError, match="before reset"):
        environment.last()
    environment.reset(seed=4)
    raw = environment.unwrapped
    for name in pz.LOOP_ATTRIBUTES:
        assert getattr(environment, name) is getattr(raw, name)
        assert getattr(environment.env, name) is getattr(raw, name)
    observation, *rest = environment.last()
    assert rest == list(raw.last(observe=False)[1:])
    assert np.array_equal(observation["observation"], raw.observe(environment.agent_selection)["observation"])
    with pytest.raises(AttributeError, match="private"):
        environment._has_no_such_thing  # noqa: B018


def test_action_space_contains_as_discrete() -> None:
    space, reference = pz.ActionSpace(NUM_DISTINCT_ACTIONS), pz.spaces.Discrete(NUM_DISTINCT_ACTIONS)
    for value in (0, 359, 360, -1, True, np.int64(5), np.int8(-3), 2.0, "1", None, np.array(4), 2**70):
        assert space.contains(value) == reference.contains(value), value


def test_render_ansi() -> None:
    environment = make(render_mode="ansi")
    environment.reset(seed=2)
    text = environment.render()
    assert isinstance(text, str) and "round 1" in text
