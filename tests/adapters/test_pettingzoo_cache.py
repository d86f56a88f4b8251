"""The PettingZoo environment's observation cache, for Divided Ranks, the tests' 3-player
game (Three Cards, ``tests/three_cards.py``), Card Commons and DIVIDE: every observation it hands out equals a fresh ``layout.encode(
rules.observe(state, player))`` with the engine's legal actions as mask, however often and in
whatever order the agents are observed; each agent's view is built at most once per state; an
observation handed out earlier is never altered by later steps."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from divided.adapters import pettingzoo as pz
from divided.adapters.rooms import room_of, size, unpack
from three_cards import NAME as TINY
from three_cards import registered

SETTINGS: list[Any] = [
    ("divided-ranks", {}),
    ("divided-ranks", {"swap": "face-up", "reserve_order": "coin", "first_splitter": 1}),
    (TINY, {}),
    (TINY, {"ranks": "paired"}),
    pytest.param("card-commons", {"target": 3}, marks=pytest.mark.slow),  # their own mask path: 21,077 actions
    pytest.param("divide", {"players": 4, "rounds": 1}, marks=pytest.mark.slow),
]
IDS = ["divided-ranks", "divided-ranks-face-up", "three-cards", "three-cards-paired", "card-commons", "divide"]


@pytest.fixture(scope="module", autouse=True)
def _three_cards() -> Iterator[None]:
    yield from registered()


def _fresh(raw: Any, player: int) -> tuple[list[int], list[int]]:
    """The observation vector and mask of ``player`` built from scratch (no cache)."""
    state = raw.engine_state
    layout = room_of(raw.game.info.short_name).observation
    vector = unpack(layout.encode(state.game.rules.observe(state.core, player)), size(layout), np.int8)
    mask = [0] * raw.game.info.num_distinct_actions
    if state.current_player() == player:
        for action in state.legal_actions():
            mask[action] = 1
    return vector.tolist(), mask


@pytest.mark.parametrize(("game", "options"), SETTINGS, ids=IDS)
def test_cached_observations_equal_fresh_ones_in_any_order(game: str, options: dict[str, Any]) -> None:
    """Random games where, before each move, random agents are observed 0-3 times each (and
    ``last()`` once): every answer equals the fresh encoding of the fresh view; every
    observation kept from earlier states still holds what it held when handed out."""
    rng = random.Random(11)
    environment = pz.env(game, **options)
    raw = environment.unwrapped
    checked = 0
    for seed in range(25):
        environment.reset(seed=seed)
        kept: list[tuple[dict[str, Any], list[int], list[int]]] = []
        for agent in environment.agent_iter():
            for _ in range(rng.randrange(4)):
                name = rng.choice(environment.possible_agents)
                observation = raw.observe(name)
                vector, mask = _fresh(raw, raw.possible_agents.index(name))
                assert observation["observation"].tolist() == vector
                assert observation["action_mask"].tolist() == mask
                kept.append((observation, vector, mask))
                checked += 1
            observation, _, terminated, truncated, _ = environment.last()
            vector, mask = _fresh(raw, raw.possible_agents.index(agent))
            assert observation["observation"].tolist() == vector and observation["action_mask"].tolist() == mask
            if terminated or truncated:
                environment.step(None)
                continue
            environment.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        for observation, vector, mask in kept:
            assert observation["observation"].tolist() == vector and observation["action_mask"].tolist() == mask
    assert checked > 100


@pytest.mark.parametrize(("game", "options"), SETTINGS, ids=IDS)
def test_each_view_is_built_and_encoded_at_most_once_per_state(
        game: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """Counting the rules' ``observe`` and the layout's ``encode`` calls, keyed by (move
    number, player): each is called once for every (state, agent) observed, never again, however
    often that agent is observed before the next move."""
    environment = pz.env(game, **options)
    raw = environment.unwrapped
    rules = raw.game.rules
    views: Counter[tuple[int, int]] = Counter()
    encodings: Counter[tuple[int, int]] = Counter()
    real_observe, real_encode = rules.observe, raw.layout.encode

    def observe(core: Any, player: int | None) -> Any:
        assert core is raw.engine_state.core and player is not None
        views[len(raw.engine_state.history()), player] += 1
        return real_observe(core, player)

    def encode(view: Any) -> int:
        encodings[len(raw.engine_state.history()), view.player] += 1
        return int(real_encode(view))

    monkeypatch.setattr(rules, "observe", observe)
    counting = type("Counting", (), {"pieces": raw.layout.pieces, "encode": staticmethod(encode)})()
    monkeypatch.setattr(raw, "layout", counting)
    rng = random.Random(5)
    asked: set[tuple[int, int]] = set()
    for seed in range(20):
        environment.reset(seed=seed)
        for agent in environment.agent_iter():
            move = len(raw.engine_state.history())
            for name in [*rng.choices(environment.possible_agents, k=3), agent, agent]:
                raw.observe(name)
                asked.add((move, raw.possible_agents.index(name)))
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
            else:
                environment.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        assert set(views) == set(encodings) == asked
        assert max(views.values()) == max(encodings.values()) == 1
        views.clear()
        encodings.clear()
        asked.clear()
