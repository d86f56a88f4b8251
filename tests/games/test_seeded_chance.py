"""Seeded chance: the fast deal equals the generic definition, and records replay exactly."""

from __future__ import annotations

import pytest

from divided import games
from divided.games.base import Rules
from divided.games.divided_ranks.rules import DividedRanksRules


@pytest.mark.parametrize("options", [{}, {"reserve_order": "coin"}, {"first_splitter": 1}])
def test_fast_deal_equals_the_generic_definition(options: dict[str, object]) -> None:
    game = games.load("divided-ranks", **options)
    rules = DividedRanksRules()
    for seed in range(300):
        start = rules.initial_state(game.options)
        fast = rules.resolve_chance(start, seed, 0)
        generic = Rules.resolve_chance(rules, start, seed, 0)
        assert fast == generic
        assert sorted(fast[1][-21:]) == list(range(21))


def test_seeded_deals_differ_between_seeds_and_repeat_for_one() -> None:
    game = games.load("divided-ranks")
    deals = {tuple(game.new_initial_state(seed=s).history()) for s in range(200)}
    assert len(deals) == 200
    assert game.new_initial_state(seed=9).history() == game.new_initial_state(seed=9).history()


def test_seeded_deal_is_roughly_uniform() -> None:
    """Each card lands in the reserve about 1/21 of the time (a loose chi-square bound)."""
    game = games.load("divided-ranks", first_splitter=0)
    n = 21_000
    counts = [0] * 21
    for seed in range(n):
        counts[game.new_initial_state(seed=seed).core.reserve] += 1
    expected = n / 21
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 60  # 20 degrees of freedom: p < 1e-5 beyond this
