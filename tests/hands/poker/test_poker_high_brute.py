"""High poker against a brute force written here from the reference's words (not from
``keys.py`` or ``high.py``): every five-card hand (slow) or a seeded sample (default), the
textbook category and class counts, the best five of six and seven cards, and a golden digest.

The brute force scores a five-card hand as one integer, bigger is better: the category
(straight flush 8 ... high card 0) times 13**5, plus the cards as base-13 digits ordered by
(how many of the rank, rank) from the top; a straight counts its top card alone (the wheel
5-4-3-2-A tops at five). The library must order hands exactly as these scores do.
"""

from __future__ import annotations

import hashlib
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt
import pytest

from divided.hands.poker.high import HIGH
from divided.hands.poker.keys import PokerCategory

# Category numbers of the brute force (the reference's order, weakest first).
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
TEXTBOOK = {  # the figures over all 2,598,960 hands
    STRAIGHT_FLUSH: 40, QUADS: 624, FULL_HOUSE: 3_744, FLUSH: 5_108, STRAIGHT: 10_200,
    TRIPS: 54_912, TWO_PAIR: 123_552, PAIR: 1_098_240, HIGH_CARD: 1_302_540,
}
LIBRARY_CATEGORY = np.array([  # brute category -> the library's
    PokerCategory.HIGH_CARD, PokerCategory.PAIR, PokerCategory.TWO_PAIR, PokerCategory.THREE_OF_A_KIND,
    PokerCategory.STRAIGHT, PokerCategory.FLUSH, PokerCategory.FULL_HOUSE, PokerCategory.FOUR_OF_A_KIND,
    PokerCategory.STRAIGHT_FLUSH,
])
# sha256 of the orders (int32, little-endian) of all five-card hands, the hands in lexicographic
# order of their index tuples: a regression guard, recorded from this library once it agreed
# with the brute force and with phevaluator.
GOLDEN_FIVE = "9a09e2833fad4f47eb92ea0e2d71aa58e0ca7e48b009bb462cf27125b37dc264"


def all_combinations(n: int, k: int) -> npt.NDArray[np.int64]:
    """Every k-subset of range(n) as rows, lexicographic (built one column at a time)."""
    rows = np.arange(n, dtype=np.int64)[:, None]
    for _ in range(k - 1):
        last = rows[:, -1]
        extra = n - 1 - last  # how many larger values each row can take next
        starts = np.cumsum(extra) - extra
        offsets = np.arange(int(extra.sum())) - np.repeat(starts, extra)
        following = np.repeat(last, extra) + 1 + offsets
        rows = np.concatenate([np.repeat(rows, extra, axis=0), following[:, None]], axis=1)
    return rows


def brute_scores(hands: npt.ArrayLike) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """(category, score) of each five-card row of indices (rank = index // 4, suit = index % 4)."""
    cards = np.asarray(hands, dtype=np.int64)
    ranks, suits = cards // 4, cards % 4
    flush = (suits == suits[:, :1]).all(axis=1)
    copies_of = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    ordered = np.sort(copies_of * 16 + ranks, axis=1)[:, ::-1]  # by (copies, rank), from the top
    ordered_ranks, copies = ordered % 16, ordered // 16
    first = copies[:, 0]
    second = np.take_along_axis(copies, np.minimum(first, 4)[:, None], axis=1)[:, 0]
    distinct = first == 1
    wheel = distinct & (ordered_ranks[:, 0] == 12) & (ordered_ranks[:, 1] == 3)  # A 5 4 3 2
    straight = distinct & ((ordered_ranks[:, 0] - ordered_ranks[:, 4] == 4) | wheel)
    category = np.select(
        [straight & flush, first == 4, (first == 3) & (second == 2), flush, straight, first == 3,
         (first == 2) & (second == 2), first == 2],
        [STRAIGHT_FLUSH, QUADS, FULL_HOUSE, FLUSH, STRAIGHT, TRIPS, TWO_PAIR, PAIR],
        HIGH_CARD,
    )
    digits = ordered_ranks @ (13 ** np.arange(4, -1, -1))
    digits = np.where(straight, np.where(wheel, 3, ordered_ranks[:, 0]) * 13**4, digits)
    return category, category * 13**5 + digits


def best_of(hands: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The brute score of the best five of each row."""
    subsets = np.array(list(combinations(range(hands.shape[1]), 5)))
    fives = hands[:, subsets].reshape(-1, 5)
    return brute_scores(fives)[1].reshape(len(hands), -1).max(axis=1)


def assert_same_order(scores: npt.NDArray[np.int64], orders: npt.NDArray[np.int32]) -> None:
    """Equal scores have equal orders and bigger scores bigger orders (and vice versa)."""
    # Sorted by score (ties by order), each step must move both or neither, and upward.
    orders = orders.astype(np.int64)
    by_score = np.argsort(scores * (1 << 20) + orders)
    score_steps, order_steps = np.diff(scores[by_score]), np.diff(orders[by_score])
    assert ((score_steps > 0) == (order_steps > 0)).all()
    assert (order_steps >= 0).all()


def library_categories(orders: npt.NDArray[np.int32]) -> npt.NDArray[np.int64]:
    by_order = np.array([int(HIGH.rank_of(order).category) for order in range(HIGH.classes)])
    return by_order[orders]


def random_hands(seed: int, rows: int, size: int) -> npt.NDArray[np.int64]:
    return np.argsort(np.random.default_rng(seed).random((rows, 52)), axis=1)[:, :size]


def test_the_brute_force_knows_the_reference_examples() -> None:
    # Spot checks of the brute force itself (indices: rank 2..A -> 0..12, times 4, plus a suit).
    def score(*cards: tuple[int, int]) -> int:
        return int(brute_scores([[(rank - 2) * 4 + suit for rank, suit in cards]])[1][0])

    queens_full = score((12, 0), (12, 1), (12, 2), (3, 0), (3, 1))
    tens_full_of_aces = score((10, 0), (10, 1), (10, 2), (14, 0), (14, 1))
    tens_full_of_jacks = score((10, 0), (10, 1), (10, 2), (11, 0), (11, 1))
    assert queens_full > tens_full_of_aces > tens_full_of_jacks
    wheel = score((5, 0), (4, 1), (3, 2), (2, 3), (14, 0))
    six_high = score((6, 0), (5, 1), (4, 2), (3, 3), (2, 0))
    no_wrap = score((3, 0), (2, 1), (14, 2), (13, 3), (12, 0))
    ace_high = score((14, 0), (13, 1), (12, 2), (11, 3), (9, 0))
    assert six_high > wheel > ace_high > no_wrap  # 3-2-A-K-Q is no straight: ace-king-queen high
    assert brute_scores([[0, 4, 8, 12, 48]])[0][0] == STRAIGHT_FLUSH  # the steel wheel


def test_a_seeded_sample_of_five_card_hands_orders_as_the_brute_force() -> None:
    hands = random_hands(14, 60_000, 5)
    categories, scores = brute_scores(hands)
    orders = HIGH.rank_batch(hands)
    assert_same_order(scores, orders)
    assert (library_categories(orders) == LIBRARY_CATEGORY[categories]).all()


@pytest.mark.parametrize("size", [6, 7])
def test_the_best_five_of_six_and_seven_cards_orders_as_the_brute_force(size: int) -> None:
    hands = random_hands(size, 6_000, size)
    orders = HIGH.rank_batch(hands)
    assert_same_order(best_of(hands), orders)
    # Seven cards holding a straight flush and four of a kind: the straight flush plays.
    steel = np.array([[0, 4, 8, 12, 48, 49, 50]])  # 2s 3s 4s 5s As Ah Ad ... three aces
    assert HIGH.rank_of(int(HIGH.rank_batch(steel)[0])).category == PokerCategory.STRAIGHT_FLUSH


def test_incomplete_classes_are_every_multiset_of_one_to_four_ranks() -> None:
    # Below five cards there are no straights, flushes or full houses, so each multiset of
    # ranks (each rank at most four times) is its own class: the total is 7,462 plus those.
    multisets = sum(
        1
        for size in range(1, 5)
        for ranks in combinations(range(13 + size - 1), size)  # stars and bars
        if max(np.bincount(np.array(ranks) - np.arange(size))) <= 4
    )
    assert HIGH.classes == 7_462 + multisets == 7_462 + 13 + 91 + 455 + 1_820


@pytest.mark.slow
def test_every_five_card_hand_counts_and_orders_as_the_textbook_says() -> None:
    hands = all_combinations(52, 5)
    assert len(hands) == comb(52, 5) == 2_598_960
    categories, scores = brute_scores(hands)
    counts = np.bincount(categories, minlength=9)
    assert {category: int(counts[category]) for category in TEXTBOOK} == TEXTBOOK
    assert len(np.unique(scores)) == 7_462
    orders = HIGH.rank_batch(hands)
    assert_same_order(scores, orders)
    assert len(np.unique(orders)) == 7_462
    assert (library_categories(orders) == LIBRARY_CATEGORY[categories]).all()
    assert hashlib.sha256(orders.astype("<i4").tobytes()).hexdigest() == GOLDEN_FIVE
