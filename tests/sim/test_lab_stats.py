"""Intervals of the lab against values worked out by hand or by formulas written out here."""

from __future__ import annotations

import math

import numpy as np
import pytest

from divided.sim.stats import Z95, Contrast, difference, estimate, ratio, wilson


def wilson_by_hand(successes: float, n: float, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson's interval in its textbook form (2np + z^2 +- z sqrt(z^2 + 4np(1-p))) / (2(n + z^2))."""
    p = successes / n
    root = z * math.sqrt(z * z + 4 * n * p * (1 - p))
    return ((2 * n * p + z * z - root) / (2 * (n + z * z)), (2 * n * p + z * z + root) / (2 * (n + z * z)))


def test_wilson_matches_the_published_value_for_8_of_10() -> None:
    low, high = wilson(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)


@pytest.mark.parametrize(("k", "n"), [(0, 10), (10, 10), (1, 3), (37, 100), (2, 4)])
def test_wilson_matches_the_textbook_formula(k: int, n: int) -> None:
    assert wilson(k, n) == pytest.approx(wilson_by_hand(k, n), abs=1e-12)


def test_wilson_at_zero_and_all_stays_inside_zero_one() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)  # the published 0/10 bound
    low, high = wilson(10, 10)
    assert high == pytest.approx(1.0) and low == pytest.approx(0.7225, abs=1e-4)


def test_a_rate_with_one_item_per_unit_is_the_plain_wilson_interval() -> None:
    values = [1, 0, 1, 1, 1, 0, 1, 1, 1, 1]  # 8 of 10, every item its own unit
    interval = estimate(ratio(values, [1] * 10, binary=True))
    assert interval.value == 0.8
    assert (interval.low, interval.high) == pytest.approx(wilson_by_hand(8, 10))
    assert interval.method == "wilson" and interval.count == 10 and interval.units == 10


def test_correlated_pairs_widen_a_rate_to_its_effective_count() -> None:
    # Two deal pairs: both games of pair 0 were drawn, neither of pair 1: 2 of 4.
    # Between-pair variance ((2-1)^2 + (0-1)^2) / 4^2 = 1/8; binomial 0.25/4 = 1/16: design
    # effect 2, so the interval is Wilson's for 1 of 2.
    interval = estimate(ratio([2, 0], [2, 2], binary=True))
    assert interval.value == 0.5
    assert (interval.low, interval.high) == pytest.approx(wilson_by_hand(1, 2))


def test_pairs_that_disagree_inside_never_narrow_a_rate_below_plain_wilson() -> None:
    # Each pair has one of two: design effect 0 < 1, so the plain interval for 2 of 4 is kept.
    interval = estimate(ratio([1, 1], [2, 2], binary=True))
    assert (interval.low, interval.high) == pytest.approx(wilson_by_hand(2, 4))


def test_a_mean_gets_the_normal_interval_from_the_variance_between_units() -> None:
    # Scores 1, 0, 1, 0.5: mean 0.625, sample variance 0.6875 / 3.
    interval = estimate(ratio([1, 0, 1, 0.5], [1, 1, 1, 1], binary=False))
    half = Z95 * math.sqrt(0.6875 / 3 / 4)
    assert interval.value == 0.625
    assert (interval.low, interval.high) == pytest.approx((0.625 - half, 0.625 + half))
    assert (round(interval.low, 4), round(interval.high, 4)) == (0.1559, 1.0941)


def test_a_duplicate_score_uses_the_variance_of_the_pair_scores() -> None:
    # Pair scores (each the mean of two games): 1, 0.5, 0.5 -> mean 2/3, variance of the
    # three pair scores 1/12, so half-width z * sqrt(1/12 / 3).
    interval = estimate(ratio([2, 1, 1], [2, 2, 2], binary=False))
    half = Z95 * math.sqrt((1 / 12) / 3)
    assert interval.value == pytest.approx(2 / 3)
    assert (interval.low, interval.high) == pytest.approx((2 / 3 - half, 2 / 3 + half))


def test_a_paired_difference_uses_the_variance_of_the_per_unit_differences() -> None:
    a = ratio([1, 0, 1, 1], [1, 1, 1, 1], binary=True)
    b = ratio([0, 0, 1, 0], [1, 1, 1, 1], binary=True)
    # Per-unit differences 1, 0, 0, 1: mean 0.5, sample variance 1/3.
    half = Z95 * math.sqrt(1 / 3 / 4)
    interval = difference(a, b)
    assert interval.value == 0.5
    assert (interval.low, interval.high) == pytest.approx((0.5 - half, 0.5 + half))
    assert interval.method == "paired normal"


def test_pairing_makes_a_difference_on_the_same_deals_sharper() -> None:
    rng = np.random.default_rng(5)
    deal = rng.random(400)  # how lucky each deal is, shared by both arms
    a = ratio(deal + 0.05, np.ones(400), binary=False)
    b = ratio(deal, np.ones(400), binary=False)
    paired = difference(a, b)
    assert paired.value == pytest.approx(0.05)
    assert paired.low == pytest.approx(0.05) and paired.high == pytest.approx(0.05)  # no noise left


def test_too_little_data_gives_no_interval_rather_than_a_fake_one() -> None:
    assert estimate(ratio([0, 0], [0, 0], binary=True)).value is None
    single = estimate(ratio([0.5], [1], binary=False))
    assert single.value == 0.5 and single.low is None and single.high is None
    assert estimate(Contrast(ratio([1], [1], False), ratio([0], [0], False))).value is None


def test_a_normal_interval_is_clipped_to_the_values_the_quantity_can_take() -> None:
    # Scores 1, 1, 1, 0: mean 0.75, half-width z * sqrt(0.25 / 4) = 0.49 reaches past 1.
    scores = ratio([1, 1, 1, 0], [1, 1, 1, 1], binary=False)
    half = Z95 * math.sqrt(0.25 / 4)
    assert estimate(scores).high == pytest.approx(0.75 + half)
    clipped = estimate(scores, bounds=(0.0, 1.0))
    assert (clipped.low, clipped.high) == pytest.approx((0.75 - half, 1.0))
