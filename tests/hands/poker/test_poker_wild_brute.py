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
from itertools import combinations, combinations_with_replacement, pairwise

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
@pytest.mark.parametrize("size", [5, 7])
def test_sample_against_brute_force(
    rules: str, wild: str, options: dict[str, object], names: set[str], size: int
) -> None:
    ranking = system(rules, wild=wild, **options)  # type: ignore[arg-type]
    pack = ranking.pack
    wild_set = wild_indices(pack.cards, names)
    count = 120 if size == 5 else 25
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


# --- every five-card hand (slow) ---------------------------------------------------------------


def all_hands(pack_size: int) -> np.ndarray:
    flat = np.fromiter((i for hand in combinations(range(pack_size), 5) for i in hand), dtype=np.int8)
    return flat.reshape(-1, 5)


def pattern_ids(hands: np.ndarray, wild: set[int]) -> np.ndarray:
    """One integer per hand for its natural ranks, suitedness and wild count."""
    is_wild = np.zeros(64, dtype=bool)
    is_wild[list(wild)] = True
    index = hands.astype(np.int64)
    wild_hand = is_wild[index]
    rank_bits = np.where(wild_hand, 0, np.left_shift(1, 3 * (index // 4)))
    suit_bits = np.where(wild_hand, 0, np.left_shift(1, index % 4))
    suits = np.bitwise_or.reduce(suit_bits, axis=1)
    suited = (suits & (suits - 1)) == 0
    return ((rank_bits.sum(axis=1) + (wild_hand.sum(axis=1) << 40)) << 1) | suited


def exhaustive(
    rules: str, wild: str, names: set[str], pack_size: int, **options: object
) -> tuple[int, dict[str, int]]:
    """(classes, category counts) over every five-card hand of the first ``pack_size`` cards."""
    ranking = system(rules, wild=wild, **options)  # type: ignore[arg-type]
    wild_set = wild_indices(STANDARD_54.cards, names)
    hands = all_hands(pack_size)
    orders = ranking.rank_batch(hands)
    _, first, inverse, counts = np.unique(
        pattern_ids(hands, wild_set), return_index=True, return_inverse=True, return_counts=True
    )
    representative_orders = orders[first]
    assert np.array_equal(orders, representative_orders[inverse.reshape(-1)])
    keys, tally = [], Counter[str]()
    for row, order, count in zip(first, representative_orders, counts, strict=True):
        hand = [int(i) for i in hands[row]]
        category, key = brute(
            hand,
            wild_set,
            rules,
            bug=wild == "bug",
            daf=bool(options.get("double_ace_flush")),
            nbw=bool(options.get("natural_beats_wild")),
            qualifier=options.get("qualifier"),  # type: ignore[arg-type]
        )
        assert ranking.rank_of(int(order)).category == category
        keys.append(key)
        tally[category.slug] += int(count)
    classes = check_consistent(keys, [int(order) for order in representative_orders])
    assert len(np.unique(orders)) == classes
    return classes, dict(tally)


@pytest.mark.slow
def test_every_hand_one_joker_wild() -> None:
    classes, tally = exhaustive("high", "jokers", {"Jk1"}, 53)
    assert sum(tally.values()) == 2_869_685
    assert classes == 7_475
    assert tally == {
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
