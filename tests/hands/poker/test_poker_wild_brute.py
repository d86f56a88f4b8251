"""Wild-card systems against an independent brute force.

The brute force here shares nothing with the library but the category names: every wild card is
replaced by every card of the 52 (copies of held cards included, since a wild card's rank is free
and five of a kind needs one), each substitution is ranked by a five-card key written below, and
the best legal one counts. A substitution is a flush only when its five cards are all different
(a wild card may not copy a held card in a flush), unless the double-ace flush rule is on; the
bug may be anything other than an ace only when the result is a straight, a flush or a straight
flush. With three or more wild cards the substitutes are narrowed to one card of each rank in
the natural cards' suit and one in another suit (every other card ranks like one of those two).

The default run checks seeded samples hand by hand; the slow run covers every five-card hand of
a 53-card deck with one joker wild and of the 52-card deck with deuces wild, brute-forcing one
hand per pattern (natural ranks, suitedness, wild count) and checking that the library gives
every hand of a pattern the same order.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement, pairwise
from math import comb

import numpy as np
import pytest

from divided.cards import STANDARD_54
from divided.hands.poker import system
from divided.hands.poker.keys import PokerCategory as C

Card = tuple[int, int]  # (rank 2..14, suit 0..3)
Key = tuple[object, ...]

DECK: tuple[Card, ...] = tuple((index // 4 + 2, index % 4) for index in range(52))
SETTINGS = {  # ace value, straights count, flushes count, the wheel is a straight
    "high": (14, True, True, True),
    "a5": (1, False, False, False),
    "27": (14, True, True, False),
    "a6": (1, True, True, False),
}
NO_LOW: Key = (-100, ())


def five_key(
    cards: Sequence[Card], rules: str, *, daf: bool = False, qualifier: int | None = None
) -> tuple[C, Key]:
    """(category, key) of five cards, the key bigger for the better hand in ``rules``."""
    ace, straights, flushes, wheel = SETTINGS[rules]
    ranks = sorted((ace if rank == 14 else rank for rank, _ in cards), reverse=True)
    tally = Counter(ranks)
    groups = tuple(sorted(tally, key=lambda rank: (tally[rank], rank), reverse=True))
    shape = sorted(tally.values(), reverse=True)
    flush = flushes and len({suit for _, suit in cards}) == 1 and (daf or len(set(cards)) == 5)
    top = 0
    if straights and len(tally) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif wheel and ranks == [14, 5, 4, 3, 2]:
            top = 5
    if shape == [5]:
        category, tops = C.FIVE_OF_A_KIND, groups
    elif top and flush:
        category, tops = C.STRAIGHT_FLUSH, (top,)
    elif shape == [4, 1]:
        category, tops = C.FOUR_OF_A_KIND, groups
    elif shape == [3, 2]:
        category, tops = C.FULL_HOUSE, groups
    elif flush:
        category, tops = C.FLUSH, tuple(ranks)
    elif top:
        category, tops = C.STRAIGHT, (top,)
    elif shape == [3, 1, 1]:
        category, tops = C.THREE_OF_A_KIND, groups
    elif shape == [2, 2, 1]:
        category, tops = C.TWO_PAIR, groups
    elif shape == [2, 1, 1, 1]:
        category, tops = C.PAIR, groups
    else:
        category, tops = C.HIGH_CARD, tuple(ranks)
    if rules == "high":
        return category, (int(category), tops)
    if qualifier is not None and (category != C.HIGH_CARD or ranks[0] > qualifier):
        return C.NO_LOW, NO_LOW
    return category, (-int(category), tuple(-rank for rank in tops))


def substitutes(naturals: Sequence[Card], wilds: int) -> list[tuple[Card, ...]]:
    """Every choice of cards for ``wilds`` wild cards (see the module docstring)."""
    if wilds <= 2:
        return list(combinations_with_replacement(DECK, wilds))
    suit = naturals[0][1] if naturals else 0
    narrowed = [(rank, s) for rank in range(2, 15) for s in (suit, (suit + 1) % 4)]
    return list(combinations_with_replacement(narrowed, wilds))


def brute(
    hand: Sequence[int],
    wild: set[int],
    rules: str,
    *,
    bug: bool = False,
    daf: bool = False,
    nbw: bool = False,
    qualifier: int | None = None,
) -> tuple[C, Key]:
    """The best (category, key) of five to seven pack indices under every substitution."""
    best: tuple[C, Key] | None = None
    for five in combinations(hand, 5):
        naturals = [DECK[index] for index in five if index not in wild]
        wilds = 5 - len(naturals)
        for fill in substitutes(naturals, wilds):
            category, key = five_key([*naturals, *fill], rules, daf=daf, qualifier=qualifier)
            if (
                bug
                and any(rank != 14 for rank, _ in fill)
                and category
                not in (
                    C.STRAIGHT,
                    C.FLUSH,
                    C.STRAIGHT_FLUSH,
                )
            ):
                continue
            if nbw and key != NO_LOW:
                key = (*key, -wilds)
            if best is None or key > best[1]:
                best = (category, key)
    assert best is not None
    return best


def wild_indices(pack_cards: Sequence[object], names: set[str]) -> set[int]:
    return {index for index, card in enumerate(pack_cards) if str(card) in names}


def check_consistent(keys: Sequence[Key], orders: Sequence[int]) -> int:
    """Orders follow the brute-force keys exactly (equal keys equal orders, bigger keys bigger
    orders); returns the number of distinct keys."""
    order_of: dict[Key, int] = {}
    for key, order in zip(keys, orders, strict=True):
        assert order_of.setdefault(key, order) == order, (key, order_of[key], order)
    ranked = sorted(order_of)
    assert all(order_of[a] < order_of[b] for a, b in pairwise(ranked))
    assert len(set(order_of.values())) == len(order_of)
    return len(order_of)


CASES = [
    # rules, wild, options, wild card names (for the brute force)
    ("high", "jokers", {}, {"Jk1", "Jk2"}),
    ("high", "deuces", {}, {"2s", "2h", "2d", "2c"}),
    ("high", "one-eyed-jacks", {"natural_beats_wild": True}, {"Js", "Jh"}),
    ("high", "bug", {}, {"Jk1", "Jk2"}),
    ("high", "bug", {"double_ace_flush": True}, {"Jk1", "Jk2"}),
    ("high", "jokers", {"double_ace_flush": True, "natural_beats_wild": True}, {"Jk1", "Jk2"}),
    ("a5", "jokers", {}, {"Jk1", "Jk2"}),
    ("a5", "deuces", {"qualifier": 8}, {"2s", "2h", "2d", "2c"}),
    ("a5", "jokers", {"qualifier": 8, "natural_beats_wild": True}, {"Jk1", "Jk2"}),
    ("27", "deuces", {}, {"2s", "2h", "2d", "2c"}),
    ("27", "jokers", {"natural_beats_wild": True}, {"Jk1", "Jk2"}),
    ("a6", "deuces", {}, {"2s", "2h", "2d", "2c"}),
    ("a6", "Jk 7d", {}, {"Jk1", "Jk2", "7d"}),
]


def sample_hands(size: int, count: int, seed: str, wild: set[int], pack_size: int) -> list[list[int]]:
    """Seeded hands, half of them holding at least one wild card."""
    rng = random.Random(seed)
    hands = []
    wild_list = sorted(wild)
    for number in range(count):
        if number % 2:
            first = rng.choice(wild_list)
            rest = rng.sample([i for i in range(pack_size) if i != first], size - 1)
            hands.append([first, *rest])
        else:
            hands.append(rng.sample(range(pack_size), size))
    return hands


@pytest.mark.parametrize(("rules", "wild", "options", "names"), CASES)
@pytest.mark.parametrize("size", [5, 6, 7])
def test_sample_against_brute_force(
    rules: str, wild: str, options: dict[str, object], names: set[str], size: int
) -> None:
    ranking = system(rules, wild=wild, **options)  # type: ignore[arg-type]
    pack = ranking.pack
    wild_set = wild_indices(pack.cards, names)
    count = {5: 40, 6: 6, 7: 8}[size]
    hands = sample_hands(
        size, count, seed=f"{rules} {wild} {options} {size}", wild=wild_set, pack_size=pack.size
    )
    batch = ranking.rank_batch(np.array(hands))
    keys, orders = [], []
    for hand, order in zip(hands, batch, strict=True):
        cards = [pack[i] for i in hand]
        rank = ranking.rank(cards)
        assert rank.order == int(order) == ranking.strength(cards) == ranking.strength_of_indices(hand)  # type: ignore[attr-defined]
        assert rank is ranking.rank_of(rank.order)
        category, key = brute(
            hand,
            wild_set,
            rules,
            bug=wild == "bug",
            daf=bool(options.get("double_ace_flush")),
            nbw=bool(options.get("natural_beats_wild")),
            qualifier=options.get("qualifier"),  # type: ignore[arg-type]
        )
        assert rank.category == category, (pack.format(cards), str(rank), key)
        keys.append(key)
        orders.append(rank.order)
    check_consistent(keys, orders)


# --- every five-card hand (slow): the same brute force, vectorised ----------------------------

CATEGORY_CODES = {  # category -> digit of the vectorised value, weakest first
    category: digit
    for digit, category in enumerate(
        [
            C.HIGH_CARD,
            C.PAIR,
            C.TWO_PAIR,
            C.THREE_OF_A_KIND,
            C.STRAIGHT,
            C.FLUSH,
            C.FULL_HOUSE,
            C.FOUR_OF_A_KIND,
            C.STRAIGHT_FLUSH,
            C.FIVE_OF_A_KIND,
        ]
    )
}
DIGITS = [category for category, _ in sorted(CATEGORY_CODES.items(), key=lambda item: item[1])]
NO_LOW_VALUE = -(1 << 40)


def five_values(
    ranks: np.ndarray, suits: np.ndarray, rules: str, *, daf: bool = False, qualifier: int | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`five_key` for many five-card rows at once: (value, category digit), the value an
    integer bigger for the better hand (lows negated; :data:`NO_LOW_VALUE` for no qualifying low)."""
    ace, straights, flushes, wheel = SETTINGS[rules]
    ranks = np.where(ranks == 14, ace, ranks)
    counts = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    # the cards by (count, rank), high first: the groups then the kickers, each group repeated
    order = np.argsort(-(counts * 16 + ranks), axis=1, kind="stable")
    grouped = np.take_along_axis(ranks, order, axis=1)
    shape = np.take_along_axis(counts, order, axis=1)
    high_first = -np.sort(-ranks, axis=1)
    distinct = shape[:, 0] == 1
    cards = ranks * 4 + suits
    all_different = (np.sort(cards, axis=1)[:, 1:] != np.sort(cards, axis=1)[:, :-1]).all(axis=1)
    flush = flushes & (suits == suits[:, :1]).all(axis=1) & (daf | all_different)
    is_wheel = wheel & (high_first == np.array([14, 5, 4, 3, 2])).all(axis=1)
    straight = straights & distinct & ((high_first[:, 0] - high_first[:, 4] == 4) | is_wheel)
    top = np.where(is_wheel, 5, high_first[:, 0])
    first = shape[:, 0]
    second = shape[np.arange(len(shape)), np.minimum(first, 4)]  # the size of the second group
    category = np.select(
        [
            first == 5,
            straight & flush,
            first == 4,
            (first == 3) & (second == 2),
            flush,
            straight,
            first == 3,
            (first == 2) & (second == 2),
            first == 2,
        ],
        [
            CATEGORY_CODES[c]
            for c in (
                C.FIVE_OF_A_KIND,
                C.STRAIGHT_FLUSH,
                C.FOUR_OF_A_KIND,
                C.FULL_HOUSE,
                C.FLUSH,
                C.STRAIGHT,
                C.THREE_OF_A_KIND,
                C.TWO_PAIR,
                C.PAIR,
            )
        ],
        CATEGORY_CODES[C.HIGH_CARD],
    )
    tops = np.where(
        straight[:, None],
        np.array([1, 0, 0, 0, 0]) * top[:, None],
        np.where(flush[:, None], high_first, grouped),
    )
    value = category.astype(np.int64)
    for column in range(5):
        value = value * 16 + tops[:, column]
    if rules == "high":
        return value, category
    value = -value
    if qualifier is not None:
        fails = (category != CATEGORY_CODES[C.HIGH_CARD]) | (high_first[:, 0] > qualifier)
        value = np.where(fails, NO_LOW_VALUE, value)
    return value, category


def test_vectorised_brute_force_matches_the_per_hand_one() -> None:
    rng = random.Random(14)
    for rules, options in [
        ("high", {}),
        ("high", {"daf": True}),
        ("a5", {"qualifier": 8}),
        ("27", {}),
        ("a6", {}),
    ]:
        rows = [[rng.choice(DECK) for _ in range(5)] for _ in range(3000)]
        rows += [
            [(rank, 0), (rank + 1, 0), (rank + 2, 0), (rank + 3, 0), (rank + 4, 1)] for rank in range(2, 11)
        ]
        rows += [[(14, 2), (2, 2), (3, 2), (4, 2), (5, 2)], [(14, 1), (14, 1), (9, 1), (7, 1), (3, 1)]]
        values, digits = five_values(
            np.array([[r for r, _ in row] for row in rows]),
            np.array([[s for _, s in row] for row in rows]),
            rules,
            **options,
        )
        keys = [five_key(row, rules, **options) for row in rows]  # type: ignore[arg-type]
        assert [
            DIGITS[d] if v != NO_LOW_VALUE else C.NO_LOW for d, v in zip(digits, values, strict=True)
        ] == [c for c, _ in keys]
        check_consistent([key for _, key in keys], values.tolist())


@cache
def all_hands(pack_size: int) -> np.ndarray:
    """Every five of the first ``pack_size`` cards of the 54 (kept for the other sweeps)."""
    if pack_size < 54:
        hands = all_hands(54)
        return hands[hands.max(axis=1) < pack_size]
    return np.fromiter(
        combinations(range(pack_size), 5), dtype=np.dtype((np.int8, 5)), count=comb(pack_size, 5)
    )


def pattern_ids(hands: np.ndarray, wild: set[int]) -> np.ndarray:
    """One integer per hand for its natural ranks, suitedness and wild count."""
    rank_bits = np.array([0 if i in wild else 1 << (3 * (i // 4)) for i in range(54)], dtype=np.int64)
    suit_bits = np.array([0 if i in wild else 1 << (i % 4) for i in range(54)], dtype=np.int64)
    wilds = np.array([int(i in wild) for i in range(54)], dtype=np.int64)
    columns = hands.T.astype(np.intp)
    ranks, suits, count = rank_bits[columns[0]], suit_bits[columns[0]], wilds[columns[0]]
    for column in columns[1:]:
        ranks += rank_bits[column]
        suits |= suit_bits[column]
        count += wilds[column]
    suited = (suits & (suits - 1)) == 0
    return ((ranks + (count << 40)) << 1) | suited


@cache
def fill_array(wilds: int, suit: int) -> np.ndarray:
    """:func:`substitutes` as an array (fills, wild cards, rank and suit)."""
    naturals = [(2, suit)] if wilds >= 3 else []
    fills = substitutes(naturals, wilds)
    return np.array(fills, dtype=np.int64).reshape(len(fills), wilds, 2)


@cache
def patterns_of(pack_size: int, wild: frozenset[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For :func:`all_hands`: one hand per pattern, each hand's pattern, the hands per pattern."""
    _, first, inverse, counts = np.unique(
        pattern_ids(all_hands(pack_size), set(wild)),
        return_index=True,
        return_inverse=True,
        return_counts=True,
    )
    return first, inverse.reshape(-1), counts


def brute_values(
    hands: Sequence[Sequence[int]],
    wild: set[int],
    rules: str,
    *,
    bug: bool,
    daf: bool,
    nbw: bool,
    qualifier: int | None,
) -> tuple[list[int], list[C]]:
    """:func:`brute` for many five-card hands: every substitution of every hand in one array."""
    blocks, frees, owner, wild_counts = [], [], [], []
    for number, hand in enumerate(hands):
        naturals = [DECK[index] for index in hand if index not in wild]
        wilds = 5 - len(naturals)
        fills = fill_array(wilds, naturals[0][1] if naturals else 0)
        blocks.append(
            np.concatenate(
                [
                    np.broadcast_to(
                        np.array(naturals, dtype=np.int64).reshape(-1, 2), (len(fills), 5 - wilds, 2)
                    ),
                    fills,
                ],
                axis=1,
            )
        )
        frees.append((fills[:, :, 0] == 14).all(axis=1))
        owner.append(np.full(len(fills), number))
        wild_counts.append(wilds)
    rows = np.concatenate(blocks)
    values, digits = five_values(rows[:, :, 0], rows[:, :, 1], rules, daf=daf, qualifier=qualifier)
    if bug:
        free = np.concatenate(frees)
        shaped = np.isin(digits, [CATEGORY_CODES[c] for c in (C.STRAIGHT, C.FLUSH, C.STRAIGHT_FLUSH)])
        values = np.where(free | shaped, values, np.iinfo(np.int64).min)
    owners = np.concatenate(owner)
    best = np.full(len(hands), np.iinfo(np.int64).min)
    np.maximum.at(best, owners, values)
    winner = np.flatnonzero(values == best[owners])
    category_of_hand = {int(owners[row]): DIGITS[int(digits[row])] for row in winner}
    categories = [C.NO_LOW if best[h] == NO_LOW_VALUE else category_of_hand[h] for h in range(len(hands))]
    out = [int(value) for value in best]
    if nbw:
        out = [
            value if value == NO_LOW_VALUE else value * 8 + 7 - w
            for value, w in zip(out, wild_counts, strict=True)
        ]
    return out, categories


def exhaustive(
    rules: str, wild: str, names: set[str], pack_size: int, **options: object
) -> tuple[int, dict[str, int]]:
    """(classes, category counts) over every five-card hand of the first ``pack_size`` cards."""
    ranking = system(rules, wild=wild, **options)  # type: ignore[arg-type]
    wild_set = wild_indices(STANDARD_54.cards, names)
    hands = all_hands(pack_size)
    orders = ranking.rank_batch(hands)
    first, inverse, counts = patterns_of(pack_size, frozenset(wild_set))
    representative_orders = orders[first]
    assert np.array_equal(orders, representative_orders[inverse])
    values, categories = brute_values(
        [[int(i) for i in hands[row]] for row in first],
        wild_set,
        rules,
        bug=wild == "bug",
        daf=bool(options.get("double_ace_flush")),
        nbw=bool(options.get("natural_beats_wild")),
        qualifier=options.get("qualifier"),  # type: ignore[arg-type]
    )
    tally = Counter[str]()
    for order, category, count in zip(representative_orders, categories, counts, strict=True):
        assert ranking.rank_of(int(order)).category == category
        tally[category.slug] += int(count)
    classes = check_consistent(
        [(value,) for value in values], [int(order) for order in representative_orders]
    )
    assert len(np.unique(orders)) == classes
    return classes, dict(tally)


@pytest.mark.slow
def test_every_hand_one_joker_wild() -> None:
    classes, tally = exhaustive("high", "jokers", {"Jk1"}, 53)
    assert sum(tally.values()) == 2_869_685
    assert classes == 7_475
    assert tally == ONE_JOKER_HIGH


@pytest.mark.slow
def test_every_hand_two_jokers_wild() -> None:
    classes, tally = exhaustive("high", "jokers", {"Jk1", "Jk2"}, 54)
    assert sum(tally.values()) == 3_162_510
    assert classes == 7_475
    assert tally == {
        "five-of-a-kind": 78,
        "straight-flush": 624,
        "four-of-a-kind": 9_360,
        "full-house": 9_360,
        "flush": 11_388,
        "straight": 34_704,
        "three-of-a-kind": 232_968,
        "two-pair": 123_552,
        "pair": 1_437_936,
        "high-card": 1_302_540,
    }


@pytest.mark.slow
def test_every_hand_one_eyed_jacks_wild() -> None:
    classes, tally = exhaustive("high", "one-eyed-jacks", {"Js", "Jh"}, 52)
    assert classes == 7_471  # no five jacks: two jacks are natural
    assert tally == {
        "five-of-a-kind": 72,
        "straight-flush": 534,
        "four-of-a-kind": 8_328,
        "full-house": 8_112,
        "flush": 9_476,
        "straight": 28_938,
        "three-of-a-kind": 199_758,
        "two-pair": 102_960,
        "pair": 1_188_652,
        "high-card": 1_052_130,
    }


@pytest.mark.slow
def test_every_hand_deuces_wild() -> None:
    classes, tally = exhaustive("high", "deuces", {"2s", "2h", "2d", "2c"}, 52)
    assert sum(tally.values()) == 2_598_960
    assert classes == system("high", wild="deuces").classes  # type: ignore[attr-defined]
    assert classes == 5_162
    assert tally == {  # the published deuces-wild figures (five of a kind includes the 48 four-deuce hands)
        "five-of-a-kind": 672,
        "straight-flush": 2_552,
        "four-of-a-kind": 31_552,
        "full-house": 12_672,
        "flush": 14_472,
        "straight": 62_232,
        "three-of-a-kind": 355_080,
        "two-pair": 95_040,
        "pair": 1_225_008,
        "high-card": 799_680,
    }


ONE_JOKER_HIGH = {  # high, one joker wild: categories over the 2,869,685 hands of 52 cards and Jk1
    "five-of-a-kind": 13,
    "straight-flush": 204,
    "four-of-a-kind": 3_120,
    "full-house": 6_552,
    "flush": 7_804,
    "straight": 20_532,
    "three-of-a-kind": 137_280,
    "two-pair": 123_552,
    "pair": 1_268_088,
    "high-card": 1_302_540,
}

ONE_JOKER = [  # rules, wild, options, classes, categories over the 2,869,685 hands of 52 cards and Jk1
    (
        "high",
        "bug",
        {},
        7_463,
        {  # the published figures for the bug
            "five-of-a-kind": 1,
            "straight-flush": 204,
            "four-of-a-kind": 828,
            "full-house": 4_368,
            "flush": 7_804,
            "straight": 20_532,
            "three-of-a-kind": 63_360,
            "two-pair": 138_600,
            "pair": 1_215_024,
            "high-card": 1_418_964,
        },
    ),
    (
        "high",
        "jokers",
        {"natural_beats_wild": True, "double_ace_flush": True},
        9_935,
        ONE_JOKER_HIGH,  # the options make more classes, not other categories
    ),
    ("a5", "jokers", {"qualifier": 8}, 57, {"high-card": 75_264, "no-low": 2_794_421}),
    (
        "27",
        "jokers",
        {},
        7_462,
        {  # a joker never makes a straight or a flush in a low hand
            "straight-flush": 36,
            "four-of-a-kind": 637,
            "full-house": 3_744,
            "flush": 5_112,
            "straight": 9_180,
            "three-of-a-kind": 57_408,
            "two-pair": 126_360,
            "pair": 1_180_608,
            "high-card": 1_486_600,
        },
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "wild", "options", "classes", "tally"), ONE_JOKER)
def test_every_hand_one_joker_other_systems(
    rules: str, wild: str, options: dict[str, object], classes: int, tally: dict[str, int]
) -> None:
    assert exhaustive(rules, wild, {"Jk1"}, 53, **options) == (classes, tally)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("rules", "wild", "classes"),
    [
        ("27", "one-eyed-jacks", 7_372),
        ("high", "2c 2d 7h Ks", 7_427),
        ("a6", "Jk 7d", 7_450),
    ],
)
def test_every_hand_of_other_wild_sets_has_a_class_and_every_class_a_hand(
    rules: str, wild: str, classes: int
) -> None:
    """The classes a system counts are exactly those its five-card hands reach (so no hand falls
    outside the tables)."""
    ranking = system(rules, wild=wild)
    orders = ranking.rank_batch(all_hands(ranking.pack.size))
    assert orders.min() >= 0
    assert len(np.unique(orders)) == ranking.classes == classes  # type: ignore[attr-defined]
