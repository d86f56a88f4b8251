"""High poker against an established library, phevaluator (a test-only dependency): the same
order on every five-card hand (slow), on a seeded sample by default, and on random six- and
seven-card hands. phevaluator's card id is rank * 4 + suit with the deuce 0, the same layout as
:data:`~divided.cards.STANDARD_52` up to the order of suits, which no high hand depends on;
its ranks are smaller for better hands (1 is the royal flush)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import phevaluator
import pytest

from divided.hands.poker.high import HIGH


def reference(hands: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    evaluate = phevaluator.evaluate_cards
    return np.array([evaluate(*row) for row in hands.tolist()], dtype=np.int64)


def assert_same_order(theirs: npt.NDArray[np.int64], ours: npt.NDArray[np.int32]) -> None:
    """Sorted by their rank (best first), each step moves both orders or neither, and ours down."""
    ours64 = ours.astype(np.int64)
    by_theirs = np.argsort(theirs * (1 << 20) - ours64)
    their_steps, our_steps = np.diff(theirs[by_theirs]), np.diff(ours64[by_theirs])
    assert ((their_steps > 0) == (our_steps < 0)).all()
    assert (our_steps <= 0).all()


@pytest.mark.parametrize(("size", "rows"), [(5, 30_000), (6, 20_000), (7, 20_000)])
def test_random_hands_order_as_phevaluator(size: int, rows: int) -> None:
    hands = np.argsort(np.random.default_rng(100 + size).random((rows, 52)), axis=1)[:, :size]
    assert_same_order(reference(hands), HIGH.rank_batch(hands))


@pytest.mark.slow
def test_every_five_card_hand_orders_as_phevaluator() -> None:
    from test_poker_high_brute import all_combinations

    hands = all_combinations(52, 5)
    theirs = reference(hands)
    assert len(np.unique(theirs)) == 7_462
    assert_same_order(theirs, HIGH.rank_batch(hands))
