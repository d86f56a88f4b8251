"""The lowball systems against an independent brute force written from the reference's words.

The reference ("Low hands" in the poker-rankings reference) says: ace-to-five plays aces low and
ignores straights and flushes; deuce-to-seven plays aces high and counts straights and flushes
against you, A-2-3-4-5 being no straight; ace-to-six plays aces low and counts them, 5-4-3-2-A
being a straight and A-K-Q-J-10 none; otherwise hands rank as in high poker, reversed; with more
cards the best low five is kept; eight or better: a low is unpaired and 8-high or lower.

:func:`badness` below encodes exactly that (no code of the library is used): a number where
smaller is the better low. Its dense ranking (worst 0) must equal the system's orders.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from functools import cache
from itertools import chain, combinations

import numpy as np
import numpy.typing as npt
import pytest

from divided.hands.poker import system
from divided.hands.poker.keys import PokerCategory
from divided.hands.poker.low import LowSystem, lowball

SYSTEMS = [("a5", None), ("a5", 8), ("27", None), ("a6", None)]
NAMES = {("a5", None): "a5", ("a5", 8): "a5-8", ("27", None): "27", ("a6", None): "a6"}

# High-poker categories, weakest first (as the reference lists them strongest first).
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
NO_LOW = 99  # worse than anything: a hand that does not qualify
CATEGORY_BY_NUMBER = {
    HIGH: PokerCategory.HIGH_CARD, PAIR: PokerCategory.PAIR, TWO_PAIR: PokerCategory.TWO_PAIR,
    TRIPS: PokerCategory.THREE_OF_A_KIND, STRAIGHT: PokerCategory.STRAIGHT, FLUSH: PokerCategory.FLUSH,
    FULL_HOUSE: PokerCategory.FULL_HOUSE, QUADS: PokerCategory.FOUR_OF_A_KIND,
    STRAIGHT_FLUSH: PokerCategory.STRAIGHT_FLUSH, NO_LOW: PokerCategory.NO_LOW,
}


def badness(rules: str, qualifier: int | None, cards: tuple[int, ...]) -> tuple[int, int]:
    """(category, tie-break) of five card indices (rank = index // 4 + 2, suit = index % 4):
    smaller is the better low."""
    ace = 14 if rules == "27" else 1
    values = [ace if index // 4 + 2 == 14 else index // 4 + 2 for index in cards]
    counts = Counter(values)
    ordered = sorted(values, key=lambda value: (counts[value], value), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    category = {1: HIGH, 2: PAIR if shape[1] == 1 else TWO_PAIR, 3: TRIPS if shape[1] == 1 else FULL_HOUSE, 4: QUADS}[
        shape[0]
    ]
    if rules != "a5" and category == HIGH:
        straight = max(values) - min(values) == 4
        flush = len({index % 4 for index in cards}) == 1
        if straight:
            category, ordered = (STRAIGHT_FLUSH if flush else STRAIGHT), [max(values)] * 5
        elif flush:
            category = FLUSH
    if qualifier is not None and (category != HIGH or max(values) > qualifier):
        return NO_LOW, 0
    return category, sum(value << (4 * (4 - place)) for place, value in enumerate(ordered))


def combined(bad: tuple[int, int]) -> int:
    return bad[0] << 20 | bad[1]


def reference_orders(rules: str, qualifier: int | None, hands: list[tuple[int, ...]]) -> list[int]:
    """Dense orders (worst 0) of hands of five, six or seven cards among all five-card classes."""
    order = _reference_classes(rules, qualifier)
    return [
        max(order[combined(badness(rules, qualifier, five))] for five in combinations(hand, 5)) for hand in hands
    ]


@cache
def _reference_classes(rules: str, qualifier: int | None) -> dict[int, int]:
    """Each class's badness (combined) to its dense order, worst 0."""
    classes = sorted({combined(badness(rules, qualifier, five)) for five in _representatives()}, reverse=True)
    return {value: place for place, value in enumerate(classes)}


@cache
def _representatives() -> list[tuple[int, ...]]:
    """One five-card hand per (rank multiset, one suit or not): every class of every system."""
    from itertools import combinations_with_replacement

    hands = []
    for ranks in combinations_with_replacement(range(13), 5):
        if max(map(ranks.count, ranks)) > 4:
            continue
        seen: Counter[int] = Counter()
        hand = []
        for rank in ranks:
            hand.append(rank * 4 + seen[rank])
            seen[rank] += 1
        if len(set(ranks)) == 5:
            hand[-1] = ranks[-1] * 4 + 1  # not all of one suit
            hands.append(tuple(rank * 4 for rank in ranks))  # all spades
        hands.append(tuple(hand))
    return hands


def random_hands(size: int, count: int, seed: int) -> npt.NDArray[np.int64]:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :size]


@pytest.mark.parametrize(("rules", "qualifier"), SYSTEMS)
@pytest.mark.parametrize("size", [5, 6, 7])
def test_seeded_sample_matches_the_brute_force(rules: str, qualifier: int | None, size: int) -> None:
    low = lowball(rules, qualifier)
    hands = random_hands(size, 600, seed=size * 100 + len(rules))
    # Hands with five of one suit are rare; add some so the flush paths are exercised.
    rng = np.random.default_rng(size)
    suited = np.array([np.sort(rng.choice(13, size, replace=False)) * 4 + rng.integers(4) for _ in range(60)])
    suited[:, -1] = (suited[:, -1] // 4) * 4 + (suited[:, -1] + 1) % 4 if size > 5 else suited[:, -1]
    hands = np.concatenate([hands, suited])
    expected = reference_orders(rules, qualifier, [tuple(row) for row in hands.tolist()])
    assert low.rank_batch(hands).tolist() == expected
    assert [low.strength_of_indices(row) for row in hands.tolist()] == expected
    assert [low.rank([low.pack[i] for i in row]).order for row in hands.tolist()] == expected


@pytest.mark.parametrize(("rules", "qualifier"), SYSTEMS)
def test_every_class_of_five_matches_the_brute_force(rules: str, qualifier: int | None) -> None:
    """One hand per rank pattern covers every five-card class: orders and categories agree."""
    low = lowball(rules, qualifier)
    hands = _representatives()
    expected = reference_orders(rules, qualifier, hands)
    assert low.rank_batch(np.array(hands)).tolist() == expected
    assert low.classes == max(expected) + 1
    for hand in hands:
        rank = low.rank([low.pack[i] for i in hand])
        assert rank.category == CATEGORY_BY_NUMBER[badness(rules, qualifier, hand)[0]]


# Classes and category counts over all C(52, 5) hands, derived by the brute force above
# (test_all_five_card_hands checks them; they are not read from the library).
CLASSES = {"a5": 6175, "a5-8": 57, "27": 7462, "a6": 7462}
CATEGORY_COUNTS: dict[str, dict[PokerCategory, int]] = {
    # ace-to-five: no straights or flushes, so they count as high cards
    "a5": {
        PokerCategory.HIGH_CARD: 1317888, PokerCategory.PAIR: 1098240, PokerCategory.TWO_PAIR: 123552,
        PokerCategory.THREE_OF_A_KIND: 54912, PokerCategory.FULL_HOUSE: 3744, PokerCategory.FOUR_OF_A_KIND: 624,
    },
    # 56 sets of five ranks A..8, 1,024 suit choices each
    "a5-8": {PokerCategory.HIGH_CARD: 57344, PokerCategory.NO_LOW: 2541616},
    "27": {
        PokerCategory.HIGH_CARD: 1303560, PokerCategory.PAIR: 1098240, PokerCategory.TWO_PAIR: 123552,
        PokerCategory.THREE_OF_A_KIND: 54912, PokerCategory.STRAIGHT: 9180, PokerCategory.FLUSH: 5112,
        PokerCategory.FULL_HOUSE: 3744, PokerCategory.FOUR_OF_A_KIND: 624, PokerCategory.STRAIGHT_FLUSH: 36,
    },
    "a6": {
        PokerCategory.HIGH_CARD: 1303560, PokerCategory.PAIR: 1098240, PokerCategory.TWO_PAIR: 123552,
        PokerCategory.THREE_OF_A_KIND: 54912, PokerCategory.STRAIGHT: 9180, PokerCategory.FLUSH: 5112,
        PokerCategory.FULL_HOUSE: 3744, PokerCategory.FOUR_OF_A_KIND: 624, PokerCategory.STRAIGHT_FLUSH: 36,
    },
}
# sha256 of the int32 little-endian orders of all hands in lexicographic order, once the orders
# equalled the brute force's (a regression guard for later table changes).
GOLDEN = {
    "a5": "4842a8bd74025fe6cd65345c45bd83c2bae5f905c1770070347115483dbb3afc",
    "a5-8": "2920905f0d5dc1479971601d655001f7b6c320cc0bce4d906f467570a209f827",
    "27": "55199e3126423483fc0e1236c77bbecdae822a344668f9b3185b506312738730",
    "a6": "adf24868f616af5761ddb73591c3b62ca983a5be7d0f50c8df07150b53f3ff4a",
}


def all_five_card_hands() -> npt.NDArray[np.int8]:
    """Every five-card hand of the 52-card deck, in lexicographic order of the indices."""
    flat = np.fromiter(chain.from_iterable(combinations(range(52), 5)), dtype=np.int8, count=2598960 * 5)
    return flat.reshape(-1, 5)


def vectorised_badness(rules: str, qualifier: int | None, hands: npt.NDArray[np.int8]) -> tuple[
    npt.NDArray[np.int64], npt.NDArray[np.int64]
]:
    """:func:`badness` for many hands at once (the same words, in numpy): (category, combined)."""
    ranks = hands.astype(np.int64) // 4 + 2
    values = np.where(ranks == 14, 14 if rules == "27" else 1, ranks)
    counts = (values[:, :, None] == values[:, None, :]).sum(axis=2)  # how often each card's value occurs
    ordering = np.argsort(-(counts * 16 + values), axis=1, kind="stable")
    ordered = np.take_along_axis(values, ordering, axis=1)
    top = counts.max(axis=1)
    distinct = (1 / counts).sum(axis=1).round().astype(np.int64)
    category = np.select(
        [top == 1, (top == 2) & (distinct == 4), top == 2, (top == 3) & (distinct == 3), top == 3, top == 4],
        [HIGH, PAIR, TWO_PAIR, TRIPS, FULL_HOUSE, QUADS],
    )
    if rules != "a5":
        straight = (category == HIGH) & (values.max(axis=1) - values.min(axis=1) == 4)
        flush = (category == HIGH) & (hands % 4 == hands[:, :1] % 4).all(axis=1)
        category = np.where(straight, np.where(flush, STRAIGHT_FLUSH, STRAIGHT), np.where(flush, FLUSH, category))
        ordered = np.where(straight[:, None], values.max(axis=1)[:, None], ordered)
    tie = (ordered << (4 * np.arange(4, -1, -1))).sum(axis=1)
    if qualifier is not None:
        no_low = (category != HIGH) | (values.max(axis=1) > qualifier)
        category = np.where(no_low, NO_LOW, category)
        tie = np.where(no_low, 0, tie)
    return category, category << 20 | tie


@pytest.mark.slow
def test_all_five_card_hands() -> None:
    """Every one of the 2,598,960 hands: orders equal the brute force's dense ranking; class
    and category counts as stated above; a golden digest of the orders."""
    hands = all_five_card_hands()
    assert len(hands) == 2598960
    for rules, qualifier in SYSTEMS:
        name = NAMES[rules, qualifier]
        low = lowball(rules, qualifier)
        orders = low.rank_batch(hands)
        category, bad = vectorised_badness(rules, qualifier, hands)
        classes, inverse = np.unique(-bad, return_inverse=True)
        assert len(classes) == CLASSES[name] == low.classes
        assert np.array_equal(orders, inverse.reshape(-1)), name
        numbers, tally = np.unique(category, return_counts=True)
        counted = {CATEGORY_BY_NUMBER[int(number)]: int(n) for number, n in zip(numbers, tally, strict=True)}
        assert counted == CATEGORY_COUNTS[name]
        assert sum(counted.values()) == 2598960
        digest = hashlib.sha256(orders.astype("<i4").tobytes()).hexdigest()
        assert digest == GOLDEN[name], (name, digest)


def test_systems_come_through_the_door_and_are_cached() -> None:
    for (rules, qualifier), name in NAMES.items():
        built = system(rules, qualifier=qualifier)
        assert isinstance(built, LowSystem)
        assert built is lowball(rules, qualifier) and built.name == name
        assert built.sizes == (5, 6, 7) and built.pack.size == 52
