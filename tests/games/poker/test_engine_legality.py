"""The betting step's quick legality test (``allows``, what ``apply`` asks first) agrees with its
legal action list for every action number, at every betting decision of random games under
each structure."""

from __future__ import annotations

import random

import pytest

from divided import games
from divided.games.poker.steps import Bet, kind_of

STRUCTURES = ("fixed", "pot", "no")


@pytest.mark.parametrize("game", ["five-card-draw", "seven-card-stud", "cowpie"])
def test_allows_agrees_with_the_legal_list(game: str) -> None:
    checked = 0
    for seed in range(9):
        options = {"players": 2 + seed % 3, "structure": STRUCTURES[seed % 3], "stack": (12, 40, 200)[seed % 3]}
        state = games.load(game, **options).new_initial_state(seed=seed)
        rng = random.Random(seed)
        actions = range(-2, state.game.info.num_distinct_actions + 2)
        while not state.is_terminal():
            core = state.core
            step = core.config.steps[core.step]
            if isinstance(step, Bet):
                kind = kind_of(step)
                legal = set(kind.legal(step, core))
                assert {a for a in actions if kind.allows(step, core, a)} == legal  # type: ignore[attr-defined]
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 20
