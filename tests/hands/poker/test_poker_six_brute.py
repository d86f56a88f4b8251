"""Six-card poker against a brute force written here from the reference's words.

One deck: every six-card hand is classified by numpy code below (its rank counts, its suits,
six in sequence with the ace high or low), never by ``six.py``. Over all 20,358,520 hands
(``slow``; a seeded sample by default) the brute force and the system must agree on every
hand's category, and the system's orders must be the brute force's order: one order per
brute-force class, increasing with it. The brute force's category counts are also checked
against closed-form counts (a third derivation), and the classes against a count by ranks.

Figures derived here (one deck, 20,358,520 hands, 20,111 classes): straight flush 36, flush
6,828, straight 36,828, four and two 936, spillover 1,248, four of a kind 13,728, three pair
61,776, full house 164,736, three of a kind 732,160, two pair 2,471,040, one pair 9,884,160,
no pair 6,985,044.

Two decks (the 104-card pack, C(104, 6) = 1,517,381,580 hands): counted by pattern, not hand
by hand. A pattern is a multiset of ranks, for each rank the number of identical pairs it holds
and whether all six cards share a suit; its weight (how many of the 104-card hands have it) is
a product over ranks of choices of suits and copies. One hand per pattern is ranked by the
system; the counts are checked against closed forms too. Figures (63,505 classes): six of a
kind 364, straight flush 2,304, five of a kind 69,888, spillover 244,608, four and two 305,760,
flush 918,616, straight 2,356,992, four of a kind 3,843,840, three pair 6,277,128, full house
21,525,504, three of a kind 82,001,920, two pair 215,186,400, one pair 737,605,440, no pair
447,042,816.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from itertools import combinations_with_replacement, product
from math import comb, prod

import numpy as np
import numpy.typing as npt
import pytest

from divided.hands.poker import system
from divided.hands.poker.six import SixCategory

# The reference's list, strongest first ("six of a kind" and "five of a kind" need two decks).
REFERENCE_ORDER = [
    "six of a kind", "straight flush", "five of a kind", "spillover", "four and two", "flush",
    "straight", "four of a kind", "three pair", "full house", "three of a kind", "two pair",
    "one pair", "no pair",
]  # fmt: skip
STRENGTH = {name: len(REFERENCE_ORDER) - 1 - place for place, name in enumerate(REFERENCE_ORDER)}

# (how many ranks, the largest group) names the shape of a hand that is no straight or flush
BY_SHAPE = {
    (1, 6): "six of a kind", (2, 5): "five of a kind", (2, 3): "spillover", (2, 4): "four and two",
    (3, 4): "four of a kind", (3, 2): "three pair", (3, 3): "full house", (4, 3): "three of a kind",
    (4, 2): "two pair", (5, 2): "one pair", (6, 1): "no pair",
}  # fmt: skip

# Six in sequence as bit masks over ranks 2..A (bit 0 = 2): 2-7 .. 9-A, and A-2-3-4-5-6 (top 6).
STRAIGHT_TOP = {0b111111 << low: low + 5 for low in range(8)} | {(1 << 12) | 0b11111: 4}

ONE_DECK_COUNTS = {
    "straight flush": 9 * 4,
    "flush": 4 * comb(13, 6) - 9 * 4,
    "straight": 9 * 4**6 - 9 * 4,
    "four and two": 13 * 12 * comb(4, 2),
    "spillover": comb(13, 2) * 4 * 4,
    "four of a kind": 13 * comb(12, 2) * 4**2,
    "three pair": comb(13, 3) * comb(4, 2) ** 3,
    "full house": 13 * 12 * 11 * 4 * comb(4, 2) * 4,
    "three of a kind": 13 * comb(12, 3) * 4 * 4**3,
    "two pair": comb(13, 2) * comb(11, 2) * comb(4, 2) ** 2 * 4**2,
    "one pair": 13 * comb(12, 4) * comb(4, 2) * 4**4,
    "no pair": (comb(13, 6) - 9) * (4**6 - 4),
}
"""Closed-form counts over the 52-card deck (straight flushes taken out of flushes and
straights, the 9 rank sets in sequence out of the no-pair rank sets)."""


def test_the_categories_are_the_references_in_its_order() -> None:
    assert [category.label.lower() for category in sorted(SixCategory, reverse=True)] == REFERENCE_ORDER


def test_closed_form_counts_add_up_to_every_hand() -> None:
    assert sum(ONE_DECK_COUNTS.values()) == comb(52, 6) == 20_358_520


# --- one deck, hand by hand ------------------------------------------------------------------

_POPCOUNT = np.array([bin(mask).count("1") for mask in range(1 << 13)], dtype=np.int8)
_TOP = np.zeros(1 << 13, dtype=np.int64)
_TOP[list(STRAIGHT_TOP)] = list(STRAIGHT_TOP.values())
_SHAPE_STRENGTH = np.full((7, 7), -1, dtype=np.int64)
for (_distinct, _largest), _name in BY_SHAPE.items():
    _SHAPE_STRENGTH[_distinct, _largest] = STRENGTH[_name]


def classify(hands: npt.NDArray[np.integer]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """(category strength, a key that orders hands within their category) of one-deck hands.

    The key: a straight by its top card; any other hand by the sum, over its cards, of
    2 ** (16 * (count - 1) + rank) (count: how many cards of its rank the hand holds). Groups of
    one size fill their own 16 bits (at most 4 times a 13-bit mask), so bigger groups weigh more
    than any smaller ones, and among groups of one size the higher rank decides first, then the
    next (a flush or a no-pair hand: its six ranks from the highest down).
    """
    columns = np.ascontiguousarray(hands.T, dtype=np.int8)
    ranks, suits = columns >> 2, columns & 3
    count = [(ranks == ranks[i]).sum(axis=0, dtype=np.int8) for i in range(6)]
    mask = np.bitwise_or.reduce(np.left_shift(1, ranks, dtype=np.int16), axis=0)
    distinct = _POPCOUNT[mask]
    largest = np.maximum.reduce(count)
    suited = (suits == suits[0]).all(axis=0)
    top = _TOP[mask]
    strength = _SHAPE_STRENGTH[distinct, largest]
    strength[suited] = STRENGTH["flush"]
    strength[top > 0] = np.where(suited[top > 0], STRENGTH["straight flush"], STRENGTH["straight"])
    weight = sum(np.left_shift(1, 16 * (count[i].astype(np.int64) - 1) + ranks[i]) for i in range(6))
    key = np.where(top > 0, top, weight)
    return strength, key


def all_hands() -> npt.NDArray[np.int8]:
    """Every six of the 52 card indices, in colex order (by the highest card, then the next...)."""
    combos = np.arange(52, dtype=np.int8)[:, None]  # colex combinations of range(52), growing
    for size in range(2, 7):
        combos = np.concatenate(
            [
                np.hstack(
                    [combos[: comb(top, size - 1)], np.full((comb(top, size - 1), 1), top, dtype=np.int8)]
                )
                for top in range(size - 1, 52)
            ]
        )
    return combos


def sample_hands(n: int, seed: int) -> npt.NDArray[np.int64]:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :6].astype(np.int64)


def check_agreement(
    strength: npt.NDArray[np.int64], key: npt.NDArray[np.int64], orders: npt.NDArray[np.int32]
) -> int:
    """The system's categories match and its orders sort exactly as (strength, key); returns how
    many brute-force classes the hands fall in."""
    six = system("six")
    category_strength = np.array([int(six.rank_of(o).category) for o in range(six.classes)])
    names = {category.value: category.label.lower() for category in SixCategory}
    assert (category_strength[orders] == strength).all(), "a hand's category differs from the reference's"
    assert all(STRENGTH[names[value]] == value for value in names), "category values follow the reference"
    # every hand of one order has the same brute-force class: scatter one hand's per order, compare
    class_strength = np.full(six.classes, -1, dtype=np.int64)
    class_key = np.full(six.classes, -1, dtype=np.int64)
    class_strength[orders] = strength
    class_key[orders] = key
    assert (class_strength[orders] == strength).all() and (class_key[orders] == key).all(), (
        "one class per order"
    )
    # ... and the orders seen rise strictly with (category, key): one order per class, in its place
    seen = np.flatnonzero(class_strength >= 0)
    step_strength, step_key = np.diff(class_strength[seen]), np.diff(class_key[seen])
    assert ((step_strength > 0) | ((step_strength == 0) & (step_key > 0))).all(), (
        "orders rise with (category, key)"
    )
    return len(seen)


def test_a_seeded_sample_agrees_with_the_brute_force() -> None:
    hands = sample_hands(100_000, seed=14)
    strength, key = classify(hands)
    orders = system("six").rank_batch(hands)
    assert check_agreement(strength, key, orders) > 10_000


def test_the_brute_force_classifies_hand_made_hands() -> None:
    # one hand of each one-deck category, written by hand
    cards = {
        f"{r}{s}": 4 * (rank - 2) + suit
        for rank, r in enumerate("23456789TJQKA", 2)
        for suit, s in enumerate("shdc")
    }
    examples = {
        "9h Th Jh Qh Kh Ah": "straight flush", "Ah 2h 3h 4h 5h 6h": "straight flush", "Ks Kh Kd 2s 2h 2d": "spillover",
        "Ks Kh Kd Kc 2s 2h": "four and two", "Ks Qs 9s 7s 4s 2s": "flush", "As 2h 3d 4c 5s 6h": "straight",
        "Qs Kh Ad 2c 3s 4h": "no pair", "Ks Kh Kd Kc 2s 3h": "four of a kind", "Ks Kh 2d 2c 3s 3h": "three pair",
        "Ks Kh Kd 2c 2s 3h": "full house", "Ks Kh Kd 2c 4s 3h": "three of a kind", "Ks Kh 2d 2c 4s 3h": "two pair",
        "Ks Kh 5d 2c 4s 3h": "one pair",
    }  # fmt: skip
    hands = np.array([[cards[token] for token in text.split()] for text in examples])
    strength, _ = classify(hands)
    assert [REFERENCE_ORDER[len(REFERENCE_ORDER) - 1 - value] for value in strength] == list(
        examples.values()
    )


@pytest.fixture(scope="module")
def every_hand() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int32]]:
    hands = all_hands()
    return hands, system("six").rank_batch(hands)


@pytest.mark.slow
def test_every_one_deck_hand_agrees_with_the_brute_force(
    every_hand: tuple[npt.NDArray[np.int8], npt.NDArray[np.int32]],
) -> None:
    hands, orders = every_hand
    assert len(hands) == comb(52, 6)
    strengths, keys = [], []
    for start in range(0, len(hands), 2_000_000):
        strength, key = classify(hands[start : start + 2_000_000])
        strengths.append(strength)
        keys.append(key)
    strength = np.concatenate(strengths)
    key = np.concatenate(keys)
    tally = np.bincount(strength, minlength=len(REFERENCE_ORDER))
    counts = {REFERENCE_ORDER[len(REFERENCE_ORDER) - 1 - value]: int(n) for value, n in enumerate(tally) if n}
    assert counts == ONE_DECK_COUNTS
    classes = check_agreement(strength, key, orders)
    # classes by ranks: per category, the rank patterns it can hold
    by_ranks = 2 * 9 + 2 * (comb(13, 6) - 9) + 13 * 12 + comb(13, 2) + 13 * comb(12, 2) + comb(13, 3)
    by_ranks += 13 * 12 * 11 + 13 * comb(12, 3) + comb(13, 2) * comb(11, 2) + 13 * comb(12, 4)
    assert classes == by_ranks == system("six").classes == 20_111


GOLDEN_ONE_DECK = "79352d5c607073f131da8655dedc36dc8d91d691b393d915436fc7293ff0ca07"


@pytest.mark.slow
def test_golden_digest_over_every_one_deck_hand(
    every_hand: tuple[npt.NDArray[np.int8], npt.NDArray[np.int32]],
) -> None:
    """sha256 of every hand's order (int32, little-endian), hands in colex order of their pack
    indices (:func:`all_hands`): any change to the order shows here."""
    _, orders = every_hand
    assert hashlib.sha256(orders.astype("<i4").tobytes()).hexdigest() == GOLDEN_ONE_DECK


# --- two decks, pattern by pattern -----------------------------------------------------------


def ways(count: int, identical: int) -> int:
    """How many ways the 104-card pack gives ``count`` cards of one rank holding exactly
    ``identical`` identical pairs: the pairs' suits, the other cards' suits, a copy of each."""
    singles = count - 2 * identical
    return comb(4, identical) * comb(4 - identical, singles) * 2**singles


Pattern = tuple[tuple[tuple[int, int], ...], tuple[int, ...], bool, int]
"""((rank, count) of each rank held, ascending; identical pairs per rank; all of one suit; weight)."""


def two_deck_patterns(every: int = 1) -> list[Pattern]:
    """Every pattern of the 104-card pack's six-card hands (``every``: of every n-th rank multiset)."""
    patterns = []
    for number, ranks in enumerate(combinations_with_replacement(range(2, 15), 6)):
        if number % every:
            continue
        counts = tuple(sorted(Counter(ranks).items()))
        choices = [[k for k in range(count // 2 + 1) if ways(count, k)] for _, count in counts]
        for identical in product(*choices):
            weight = prod(ways(count, k) for (_, count), k in zip(counts, identical, strict=True))
            suitable = all(
                count == 1 or (count == 2 and k == 1) for (_, count), k in zip(counts, identical, strict=True)
            )
            suited = 4 * 2 ** sum(count == 1 for _, count in counts) if suitable else 0
            if weight - suited:
                patterns.append((counts, identical, False, weight - suited))
            if suited:
                patterns.append((counts, identical, True, suited))
    return patterns


def pattern_hand(counts: tuple[tuple[int, int], ...], identical: tuple[int, ...], suited: bool) -> list[int]:
    """One hand of the pattern, as pack indices (a card may appear twice)."""
    hand = []
    for group, ((rank, count), pairs) in enumerate(zip(counts, identical, strict=True)):
        if suited:
            suits = [0] * count
        else:  # each rank from its own first suit on, so the hand is never of one suit
            suits = [(group + s) % 4 for s in range(pairs)] * 2 + [
                (group + s) % 4 for s in range(pairs, count - pairs)
            ]
        hand += [4 * (rank - 2) + suit for suit in suits]
    return hand


def pattern_key(
    counts: tuple[tuple[int, int], ...], identical: tuple[int, ...], suited: bool
) -> tuple[int, ...]:
    """The reference's comparison: category, the groups (larger first, then higher) and the
    kickers, then the duplication of each group in that order."""
    mask = sum(1 << (rank - 2) for rank, _ in counts)
    if len(counts) == 6 and mask in STRAIGHT_TOP:
        return (STRENGTH["straight flush" if suited else "straight"], STRAIGHT_TOP[mask])
    if suited:
        return (
            STRENGTH["flush"],
            *sorted((rank for rank, count in counts for _ in range(count)), reverse=True),
        )
    groups = sorted(
        zip(counts, identical, strict=True), key=lambda item: (item[0][1], item[0][0]), reverse=True
    )
    shape = BY_SHAPE[len(counts), max(count for _, count in counts)]
    return (
        STRENGTH[shape],
        *(rank for (rank, _), _ in groups),
        *(k for (_, count), k in groups if count > 1),
    )


def check_patterns(patterns: list[Pattern]) -> tuple[Counter[str], int]:
    """The system agrees with :func:`pattern_key` on every pattern's category and order; returns
    the weighted category counts and the number of classes."""
    six = system("six", decks=2)
    orders = six.rank_batch(np.array([pattern_hand(*pattern[:3]) for pattern in patterns])).tolist()
    keys = [pattern_key(*pattern[:3]) for pattern in patterns]
    order_of: dict[tuple[int, ...], int] = {}
    for key, order in zip(keys, orders, strict=True):
        assert order_of.setdefault(key, order) == order, f"one class, two orders: {key}"
    ranked = sorted(order_of.items())
    assert len(set(order_of.values())) == len(ranked), "one order per brute-force class"
    assert [order for _, order in ranked] == sorted(order for _, order in ranked), "orders rise with the key"
    names = {category.value: category.label.lower() for category in SixCategory}
    counts: Counter[str] = Counter()
    for pattern, key, order in zip(patterns, keys, orders, strict=True):
        assert STRENGTH[names[six.rank_of(order).category.value]] == key[0]
        counts[REFERENCE_ORDER[len(REFERENCE_ORDER) - 1 - key[0]]] += pattern[3]
    return counts, len(ranked)


SUITED_RANK_SETS = sum(
    comb(13, pairs) * comb(13 - pairs, 6 - 2 * pairs) * 2 ** (6 - 2 * pairs) for pairs in range(4)
)
"""Six cards of one given suit from the 104-card pack: ranks held once (either copy) or twice."""

TWO_DECK_COUNTS = {
    "six of a kind": 13 * comb(8, 6),
    "straight flush": 9 * 4 * 2**6,
    "five of a kind": 13 * comb(8, 5) * 12 * 8,
    "spillover": comb(13, 2) * comb(8, 3) ** 2,
    "four and two": 13 * 12 * comb(8, 4) * comb(8, 2),
    "flush": 4 * SUITED_RANK_SETS - 9 * 4 * 2**6,
    "straight": 9 * 8**6 - 9 * 4 * 2**6,
    "four of a kind": 13 * comb(12, 2) * comb(8, 4) * 8**2,
    "three pair": comb(13, 3) * comb(8, 2) ** 3 - 4 * comb(13, 3),
    "full house": 13 * 12 * 11 * comb(8, 3) * comb(8, 2) * 8,
    "three of a kind": 13 * comb(12, 3) * comb(8, 3) * 8**3,
    "two pair": comb(13, 2) * comb(11, 2) * comb(8, 2) ** 2 * 8**2 - 4 * comb(13, 2) * comb(11, 2) * 2**2,
    "one pair": 13 * comb(12, 4) * comb(8, 2) * 8**4 - 4 * 13 * comb(12, 4) * 2**4,
    "no pair": (comb(13, 6) - 9) * (8**6 - 4 * 2**6),
}
"""Closed-form counts over the 104-card pack: C(8, n) ways to hold n cards of a rank; a hand of
six cards of one suit is a flush or a straight flush, so those are taken out of the categories
its ranks would make (a pair held twice in one suit is an identical pair: one way)."""


def test_two_decks_a_tenth_of_the_patterns_agree_with_the_brute_force() -> None:
    patterns = two_deck_patterns(every=10)
    _, classes = check_patterns(patterns)
    assert classes == len(patterns) > 5_000


@pytest.mark.slow
def test_two_decks_every_pattern_agrees_with_the_brute_force() -> None:
    patterns = two_deck_patterns()
    assert sum(weight for *_, weight in patterns) == comb(104, 6)
    counts, classes = check_patterns(patterns)
    assert counts == TWO_DECK_COUNTS
    assert sum(TWO_DECK_COUNTS.values()) == comb(104, 6) == 1_517_381_580
    assert classes == system("six", decks=2).classes == 63_505
