"""Bradley-Terry ratings on hand-made result tables with known answers."""

from __future__ import annotations

import math

import numpy as np
import pytest

from divided.sim.plan import LabError
from divided.sim.ratings import bootstrap_ratings, bradley_terry, elo, expected_score


def test_symmetric_results_give_equal_ratings() -> None:
    table = [[0, 5, 5], [5, 0, 5], [5, 5, 0]]
    assert elo(bradley_terry(table)) == pytest.approx([1500.0, 1500.0, 1500.0])


def test_two_bots_have_the_closed_form_wins_over_games() -> None:
    strengths = bradley_terry([[0, 7], [3, 0]])
    assert strengths[0] / (strengths[0] + strengths[1]) == pytest.approx(0.7, abs=1e-9)
    ratings = elo(strengths)
    assert ratings[0] - ratings[1] == pytest.approx(400 * math.log10(7 / 3), abs=1e-6)
    assert (ratings[0] + ratings[1]) / 2 == pytest.approx(1500.0)


def test_draws_count_half_and_a_prior_adds_virtual_draws() -> None:
    # 6 wins, 2 draws, 2 losses: 7 points of 10. One virtual draw per pairing: 7.5 of 11.
    assert bradley_terry([[0, 7], [3, 0]], prior_draws=0)[0] == pytest.approx(math.sqrt(7 / 3), abs=1e-9)
    s = bradley_terry([[0, 7], [3, 0]], prior_draws=1)
    assert s[0] / (s[0] + s[1]) == pytest.approx(7.5 / 11, abs=1e-9)


def test_results_that_match_known_strengths_recover_them() -> None:
    # Strengths 1, 2, 4 and 700 games per pairing scored exactly as expected: the maximum
    # likelihood estimate is those strengths (scaled to geometric mean 1).
    p = [1.0, 2.0, 4.0]
    table = np.zeros((3, 3))
    for i in range(3):
        for j in range(3):
            if i != j:
                table[i, j] = 700 * p[i] / (p[i] + p[j])
    ratings = elo(bradley_terry(table))
    step = 400 * math.log10(2)
    assert ratings == pytest.approx([1500 - step, 1500.0, 1500 + step], abs=1e-6)
    assert expected_score(ratings[2], ratings[0]) == pytest.approx(0.8)


def test_a_bot_that_never_scores_cannot_be_rated_without_a_prior() -> None:
    with pytest.raises(LabError, match="scored nothing"):
        bradley_terry([[0, 5, 5], [5, 0, 5], [0, 0, 0]], names=["a", "b", "weak"])
    with pytest.raises(LabError, match="won every game"):
        bradley_terry([[0, 10, 5], [0, 0, 5], [0, 5, 0]], names=["a", "b", "c"])
    finite = elo(bradley_terry([[0, 10], [0, 0]], prior_draws=1))
    assert math.isfinite(finite[0]) and finite[0] > finite[1]


def test_bootstrap_of_identical_deals_has_no_spread() -> None:
    # Every deal unit gives the same result (first bot scores 3 of 4), so every resample does.
    points = np.full((1, 50), 3.0)
    games = np.full((1, 50), 4.0)
    samples = bootstrap_ratings(points, games, [(0, 1)], 2, samples=30, seed=1, prior_draws=0)
    expected = 400 * math.log10(3)
    assert samples[:, 0] - samples[:, 1] == pytest.approx(np.full(30, expected))


def test_bootstrap_is_reproducible_from_its_seed() -> None:
    rng = np.random.default_rng(0)
    points = rng.integers(0, 3, size=(3, 40)).astype(float)
    games = np.full((3, 40), 2.0)
    first = bootstrap_ratings(points, games, [(0, 1), (0, 2), (1, 2)], 3, samples=20, seed=9, prior_draws=1)
    again = bootstrap_ratings(points, games, [(0, 1), (0, 2), (1, 2)], 3, samples=20, seed=9, prior_draws=1)
    assert np.array_equal(first, again)
    assert first.mean(axis=1) == pytest.approx(np.full(20, 1500.0))
