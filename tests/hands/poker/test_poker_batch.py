"""Many hands at once (:mod:`divided.hands.poker.batch`) against the per-call orders, with
hands of mixed sizes in one call, and the best of several hands by hand."""

from __future__ import annotations

import random

import numpy as np
import pytest

from divided.hands.poker import system
from divided.hands.poker.batch import best_of, orders


@pytest.mark.parametrize(("rule", "qualifier"), [("high", None), ("a5", None), ("a5", 8), ("27", None), ("a6", None)])
def test_orders_of_mixed_sizes_are_the_per_call_orders(rule: str, qualifier: int | None) -> None:
    ranking = system(rule, qualifier=qualifier) if qualifier else system(rule)
    rng = random.Random(len(rule))
    hands = [tuple(rng.sample(range(52), rng.choice((0, 2, 4, 5, 6, 7)))) for _ in range(400)]
    got = orders(ranking, hands, none_at_zero=qualifier is not None).tolist()
    for cards, order in zip(hands, got, strict=True):
        if len(cards) not in ranking.sizes:
            assert order == -1
        else:
            expected = ranking.strength_of_indices(cards)  # type: ignore[attr-defined]
            assert order == (-1 if qualifier is not None and expected == 0 else expected)
    assert -1 in got and any(order > 0 for order in got)


def test_best_of_takes_each_hand_sets_best_and_minus_one_where_none_ranks() -> None:
    one, two = np.array([3, -1, 7, -1]), np.array([5, -1, 2, 0])
    assert best_of([[one, two], [two], []], 4).tolist() == [[5, -1, 7, 0], [5, -1, 2, 0], [-1, -1, -1, -1]]
