"""DIVIDE's engine shortcuts equal the definitions they stand for: the state copy equals
``dataclasses.replace``, and the seeded chance (a round's deal in one step) equals
:meth:`Rules.resolve_chance` as the platform defines it."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from divide_games import walk

from divided.games import CHANCE, Rules
from divided.games.divide import DivideRules, Phase
from divided.games.divide.rules import _evolve


@pytest.mark.parametrize("players", [4, 6])
def test_the_state_copy_equals_replace(players: int) -> None:
    rng = random.Random(players)
    steps = walk(players, 0)
    for step in rng.sample(steps, 40):
        core = step.core
        other = rng.choice(steps).core
        names = rng.sample(["hands", "trick", "plays", "log", "phase", "trump", "scores", "picks", "line"], 3)
        changes = {name: getattr(other, name) for name in names}
        copied = _evolve(core, **changes)
        assert copied == replace(core, **changes) and type(copied) is type(core)
        assert _evolve(core) == core and _evolve(core) is not core


@pytest.mark.parametrize("players", [4, 6])
def test_seeded_chance_resolves_as_the_platform_defines_it(players: int) -> None:
    rules = DivideRules()
    rng = random.Random(players)
    chance = [s.core for s in walk(players, 1) + walk(players, 2, first_dealer=1) if s.player == CHANCE]
    phases = {core.phase for core in chance}
    assert {Phase.DEALER, Phase.DEAL, Phase.TOKENS} <= phases
    for core in rng.sample(chance, 60):
        seed, step = rng.randrange(10**9), rng.randrange(1000)
        assert rules.resolve_chance(core, seed, step) == Rules.resolve_chance(rules, core, seed, step)
