"""Auto-arrange checked against a brute-force reference (rules R5 and R5b).

The reference enumerates all 252 five-card subsets of a ten-card holding, scores each split
with the reference five-card evaluator of ``test_five_card_reference`` (written from the
rules text) and keeps the best by R5's key: (weaker category, stronger category, weaker hand
in full, stronger hand in full). R5b's documented tie-break (lowest split number, splits
numbered as in the ``divided.hands.arrange`` docstring) is rebuilt here from that docstring.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from itertools import combinations, pairwise
from math import comb

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_five_card_reference import (
    REF_TO_CATEGORY,
    RefKey,
    mask_of,
    reference_ranks,
    reference_table,
)

from divided.cards import PACK_21
from divided.errors import InvalidHandError, RuleOptionError
from divided.hands import evaluate_mask, strength_of_mask
from divided.hands.arrange import (
    Arrangement,
    ResultKey,
    SplitOrder,
    arrange,
    best_key,
    best_weaker_masks,
    ranked_splits,
    scoring_key,
    split_masks,
    split_of,
    table_arrays,
)
from divided.hands.batch import strengths

RefResult = tuple[int, int, RefKey, RefKey]

# R5b, from the arrange docstring: sort the ten cards in pack order; split i is the i-th
# five-card subset (in lexicographic order of positions) that contains the first card.
MY_SPLITS: tuple[tuple[int, ...], ...] = tuple(
    combo for combo in combinations(range(10), 5) if combo[0] == 0
)


def bits_of(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def ref_result(a: int, b: int) -> tuple[RefResult, int, int]:
    """R5 key of a split into hands ``a`` and ``b`` (masks), with (weaker, stronger) masks."""
    table = reference_table()
    ka, kb = table[a], table[b]
    if ka <= kb:
        return (ka[0], kb[0], ka, kb), a, b
    return (kb[0], ka[0], kb, ka), b, a


def ref_optimum(holding: int) -> RefResult:
    """Best R5 key over all 252 five-card subsets of the holding."""
    cards = bits_of(holding)
    return max(ref_result(mask_of(s), holding ^ mask_of(s))[0] for s in combinations(cards, 5))


def my_split_masks(holding: int, split: int) -> tuple[int, int]:
    cards = bits_of(holding)
    first = mask_of(cards[p] for p in MY_SPLITS[split])
    return first, holding ^ first


def ref_best_split(holding: int) -> tuple[int, int, int]:
    """(split number, weaker mask, stronger mask) of the lowest-numbered optimal split.

    On equally strong hands the weaker is the one holding the holding's lowest card, which is
    the first hand of a split (the docstring's convention).
    """
    optimum = ref_optimum(holding)
    for n in range(len(MY_SPLITS)):
        first, second = my_split_masks(holding, n)
        result, weaker, stronger = ref_result(first, second)
        if result == optimum:
            return n, weaker, stronger
    raise AssertionError("the optimum is not attained by any split")


@cache
def random_holdings() -> tuple[int, ...]:
    rng = random.Random(20_260_352)
    holdings = {mask_of(rng.sample(range(21), 10)) for _ in range(3_000)}
    # make sure plenty of them hold the Joker (about half do by chance anyway)
    while len(holdings) < 3_000:
        holdings.add(mask_of(rng.sample(range(21), 10)))
    return tuple(sorted(holdings))


def code_result_key(arrangement: Arrangement) -> ResultKey:
    return ResultKey(
        int(arrangement.weaker.value.category),
        int(arrangement.stronger.value.category),
        arrangement.weaker.value.strength,
        arrangement.stronger.value.strength,
    )


def parse(text: str) -> int:
    return PACK_21.parse_mask(text)


# --------------------------------------------------------------------------------------------
# Hand-made holdings (expected splits worked out by hand from R5 / R5b)
# --------------------------------------------------------------------------------------------

HAND_MADE = [
    # docstring example: two full houses; the weaker is as strong as possible (tens full of
    # kings, not tens full of queens)
    ("Ts Th Td Js Jh Jd Qs Qh Ks Kh", "Ts Th Td Ks Kh", "Js Jh Jd Qs Qh"),
    # R6 example: 10♠ J♠ Q♠ K♠ + Joker is a royal flush although A♠ is in the other hand
    ("Ts Js Qs Ks Jk As Ah Ad Ac Kh", "As Ah Ad Ac Kh", "Ts Js Qs Ks Jk"),
    # two royal flushes; the Joker one is the weaker
    ("Ts Js Qs Ks Jk Th Jh Qh Kh Ah", "Ts Js Qs Ks Jk", "Th Jh Qh Kh Ah"),
    # two straights, Joker one weaker; many suit variants tie and the lowest split number
    # (first hand Ts Js Qd Kd Ah, positions 0 2 4 6 8) wins
    ("Ts Jh Qd Kc Jk Th Js Qc Kd Ah", "Th Jh Qc Kc Jk", "Ts Js Qd Kd Ah"),
    # two equal natural straights: the weaker is the one holding the lowest card, and the
    # lowest-numbered split (positions 0 2 4 6 8) wins
    ("Ts Jh Qd Kc As Th Js Qc Kd Ah", "Ts Js Qd Kd As", "Th Jh Qc Kc Ah"),
    # a stronger four of a kind beats a stronger full house (stronger category comes before
    # the weaker hand in full); aces full of tens as the weaker, lowest split number
    ("Ts Th Td Ks Kh Kd Kc As Ah Ad", "Ts Th As Ah Ad", "Td Ks Kh Kd Kc"),
]


@pytest.mark.parametrize(("holding", "weaker", "stronger"), HAND_MADE)
def test_hand_made_holdings(holding: str, weaker: str, stronger: str) -> None:
    mask = parse(holding)
    # the reference agrees with the hand-worked answer
    n, ref_weaker, ref_stronger = ref_best_split(mask)
    assert (ref_weaker, ref_stronger) == (parse(weaker), parse(stronger))
    best = arrange(mask)
    assert best.weaker.mask == parse(weaker)
    assert best.stronger.mask == parse(stronger)
    assert best.split == n
    assert str(best.weaker) == PACK_21.format_mask(parse(weaker))


def test_scoring_example_stronger_category_before_weaker_hand() -> None:
    # "both weaker hands are full houses; a stronger four of a kind beats a stronger full
    # house, even when its owner has the lower weaker full house": as keys
    quads = arrange(parse("Ts Th Td Ks Kh Kd Kc As Ah Ad")).key
    two_full_houses = arrange(parse("Ts Th Td Js Jh Jd Qs Qh Ks Kh")).key
    assert quads.weaker_category == two_full_houses.weaker_category
    assert quads > two_full_houses


# --------------------------------------------------------------------------------------------
# Random holdings against the reference
# --------------------------------------------------------------------------------------------


def test_random_holdings_have_jokers() -> None:
    joker_count = sum(1 for h in random_holdings() if h >> 20 & 1)
    assert 1_000 < joker_count < 2_000


def test_arrange_attains_reference_optimum_with_lowest_split() -> None:
    problems = []
    for holding in random_holdings():
        best = arrange(holding)
        n, ref_weaker, ref_stronger = ref_best_split(holding)
        got, _, _ = ref_result(best.weaker.mask, best.stronger.mask)
        if got != ref_optimum(holding):
            problems.append(("not optimal", PACK_21.format_mask(holding), best.split))
        if (best.split, best.weaker.mask, best.stronger.mask) != (n, ref_weaker, ref_stronger):
            problems.append(("not the lowest best split", PACK_21.format_mask(holding), n))
    assert problems == []


def test_arrangement_fields_are_consistent() -> None:
    for holding in random_holdings()[:1_000]:
        best = arrange(holding)
        weak, strong = best.weaker.mask, best.stronger.mask
        assert weak & strong == 0 and weak | strong == holding
        assert weak.bit_count() == strong.bit_count() == 5
        assert best.weaker.value == evaluate_mask(weak)
        assert best.stronger.value == evaluate_mask(strong)
        assert best.weaker.value.strength <= best.stronger.value.strength
        if best.weaker.value.strength == best.stronger.value.strength:
            assert weak & (holding & -holding)  # equal hands: weaker holds the lowest card
        assert best.key == code_result_key(best)
        assert best.key.weaker_category == int(
            REF_TO_CATEGORY[reference_table()[weak][0]]
        )
        assert best_key(holding) == best.key
        assert best.weaker.cards == [PACK_21[i] for i in bits_of(weak)]


def test_split_masks_follow_documented_numbering_and_round_trip() -> None:
    for holding in random_holdings()[:200]:
        lowest = holding & -holding
        seen = set()
        for n in range(126):
            first, second = split_masks(holding, n)
            assert (first, second) == my_split_masks(holding, n)
            assert first & lowest  # the first hand holds the holding's lowest card
            assert split_of(holding, first) == n
            assert split_of(holding, second) == n
            seen.add(first)
        assert len(seen) == 126


def test_ranked_splits_order() -> None:
    holdings = [*random_holdings()[:300], *(parse(h) for h, _, _ in HAND_MADE)]
    for holding in holdings:
        ranked = ranked_splits(holding)
        assert len(ranked) == 126
        assert sorted(a.split for a in ranked) == list(range(126))
        assert ranked[0] == arrange(holding)
        code_keys = [a.key for a in ranked]
        ref_keys = [ref_result(a.weaker.mask, a.stronger.mask)[0] for a in ranked]
        assert all(x >= y for x, y in pairwise(ref_keys))
        assert all(x >= y for x, y in pairwise(code_keys))
        # ties in split order
        for x, y in pairwise(ranked):
            if x.key == y.key:
                assert x.split < y.split
        for a in ranked:
            assert {a.weaker.mask, a.stronger.mask} == set(split_masks(holding, a.split))
            assert a.weaker.value.strength <= a.stronger.value.strength


def test_best_weaker_masks_batch_equals_single_calls() -> None:
    holdings = np.array(random_holdings(), dtype=np.int64)
    batch = best_weaker_masks(holdings)
    assert batch.shape == holdings.shape
    single = [arrange(int(h)).weaker.mask for h in holdings]
    assert [int(x) for x in batch] == single
    as32 = best_weaker_masks(holdings.astype(np.int32))
    assert [int(x) for x in as32] == single


@settings(max_examples=200, deadline=None)
@given(cards=st.lists(st.integers(0, 20), min_size=10, max_size=10, unique=True))
def test_arrange_property(cards: list[int]) -> None:
    holding = mask_of(cards)
    best = arrange(holding)
    assert ref_result(best.weaker.mask, best.stronger.mask)[0] == ref_optimum(holding)
    assert best.split == ref_best_split(holding)[0]


@settings(max_examples=100, deadline=None)
@given(
    cards=st.lists(st.integers(0, 20), min_size=10, max_size=10, unique=True),
    permutation=st.permutations(range(4)),
)
def test_best_key_ignores_suits(cards: list[int], permutation: list[int]) -> None:
    relabelled = [c if c == 20 else (c // 4) * 4 + permutation[c % 4] for c in cards]
    assert best_key(mask_of(cards)) == best_key(mask_of(relabelled))


# --------------------------------------------------------------------------------------------
# Bad input
# --------------------------------------------------------------------------------------------

NINE = parse("Ts Th Td Js Jh Jd Qs Qh Ks")
ELEVEN = parse("Ts Th Td Js Jh Jd Qs Qh Ks Kh Kd")
OUTSIDE = parse("Ts Th Td Js Jh Jd Qs Qh Ks") | 1 << 21
WAY_OUTSIDE = parse("Ts Th Td Js Jh Jd Qs Qh Ks Kh") | 1 << 40
BAD_HOLDINGS = [NINE, ELEVEN, OUTSIDE, WAY_OUTSIDE, 0, (1 << 21) - 1]


@pytest.mark.parametrize("holding", BAD_HOLDINGS)
def test_bad_holdings_raise(holding: int) -> None:
    with pytest.raises(InvalidHandError):
        arrange(holding)
    with pytest.raises(InvalidHandError):
        ranked_splits(holding)
    with pytest.raises(InvalidHandError):
        best_key(holding)
    with pytest.raises(InvalidHandError):
        split_masks(holding, 0)


@pytest.mark.parametrize("split", [-1, 126, 1_000])
def test_bad_split_number_raises(split: int) -> None:
    with pytest.raises(InvalidHandError):
        split_masks(parse("Ts Th Td Js Jh Jd Qs Qh Ks Kh"), split)


@pytest.mark.parametrize(
    "hand", ["Ts Th Td Js Ah", "Ts Th Td Js", "Ts Th Td Js Jh Jd", "Ts Th Td Js Jk"]
)
def test_split_of_rejects_hands_not_in_holding(hand: str) -> None:
    with pytest.raises(InvalidHandError):
        split_of(parse("Ts Th Td Js Jh Jd Qs Qh Ks Kh"), parse(hand))


# --------------------------------------------------------------------------------------------
# The whole table
# --------------------------------------------------------------------------------------------

ALL_HOLDINGS = comb(21, 10)


def popcount(values: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    shifts = np.arange(63, dtype=np.int64)
    counts: npt.NDArray[np.int64] = ((values[:, None] >> shifts) & 1).sum(axis=1)
    return counts


@cache
def tables() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    holdings, weak, keys = table_arrays()
    return holdings.astype(np.int64), weak.astype(np.int64), keys.astype(np.int64)


def test_table_global_invariants() -> None:
    holdings, weak, keys = tables()
    assert holdings.shape == weak.shape == keys.shape == (ALL_HOLDINGS,)
    assert (holdings >= 0).all() and (holdings < 1 << 21).all()
    assert (popcount(holdings) == 10).all()
    assert np.unique(holdings).size == ALL_HOLDINGS  # so: every ten-card holding once
    assert ((weak & ~holdings) == 0).all()  # the weaker hand is part of the holding
    assert (popcount(weak) == 5).all()
    strong = holdings ^ weak
    weak_strength = strengths(weak).astype(np.int64)
    strong_strength = strengths(strong).astype(np.int64)
    assert (weak_strength <= strong_strength).all()
    lowest = holdings & -holdings
    equal = weak_strength == strong_strength
    assert ((weak[equal] & lowest[equal]) != 0).all()
    assert np.array_equal(best_weaker_masks(holdings), weak)


def test_table_holdings_in_documented_order() -> None:
    # "in increasing order of the sorted card tuples"
    holdings, _, _ = tables()
    expected = [mask_of(c) for c in combinations(range(21), 10)]
    assert [int(h) for h in holdings] == expected


def test_packed_keys_order_like_result_keys() -> None:
    holdings, weak, keys = tables()
    strong = holdings ^ weak
    ws = strengths(weak).astype(np.int64)
    ss = strengths(strong).astype(np.int64)
    ranks = reference_ranks()
    categories = np.zeros(max(ranks.values()) + 1, dtype=np.int64)
    for mask, rank in ranks.items():
        categories[rank] = int(REF_TO_CATEGORY[reference_table()[mask][0]])
    tuples = np.stack([categories[ws], categories[ss], ws, ss], axis=1)
    order = np.lexsort(tuples.T[::-1])
    sorted_tuples = tuples[order]
    sorted_keys = keys[order]
    changes = (np.diff(sorted_tuples, axis=0) != 0).any(axis=1)
    key_steps = np.diff(sorted_keys)
    assert (key_steps[changes] > 0).all()
    assert (key_steps[~changes] == 0).all()


def reference_rank_array() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Reference dense rank of every mask (-1 if not five cards) and category per rank."""
    ranks = reference_ranks()
    by_mask = np.full(1 << 21, -1, dtype=np.int64)
    categories = np.zeros(max(ranks.values()) + 1, dtype=np.int64)
    for mask, rank in ranks.items():
        by_mask[mask] = rank
        categories[rank] = reference_table()[mask][0]
    return by_mask, categories


def reference_best_weak(
    holdings: npt.NDArray[np.int64], by_mask: npt.NDArray[np.int64], cats: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Vectorised reference: weaker mask of the lowest-numbered best split, and its R5 key."""
    n = holdings.size
    bit = (holdings[:, None] >> np.arange(21, dtype=np.int64)) & 1
    _rows, cols = np.nonzero(bit)
    idx = cols.reshape(n, 10)  # the ten cards in pack order
    single = np.int64(1) << idx
    positions = np.array(MY_SPLITS, dtype=np.int64)  # (126, 5)
    first = single[:, positions].sum(axis=2)  # (n, 126)
    second = holdings[:, None] ^ first
    ra, rb = by_mask[first], by_mask[second]
    assert (ra >= 0).all() and (rb >= 0).all()
    weak_rank = np.minimum(ra, rb)
    strong_rank = np.maximum(ra, rb)
    size = cats.size
    packed = ((cats[weak_rank] * 8 + cats[strong_rank]) * size + weak_rank) * size + strong_rank
    best = packed.argmax(axis=1)  # argmax takes the first maximum: lowest split number
    row = np.arange(n)
    weak_mask = np.where(ra <= rb, first, second)[row, best]
    return weak_mask, packed[row, best]


def test_reference_vectorised_agrees_with_python_reference() -> None:
    by_mask, cats = reference_rank_array()
    sample = np.array(random_holdings()[:300], dtype=np.int64)
    weak, _ = reference_best_weak(sample, by_mask, cats)
    assert [int(w) for w in weak] == [ref_best_split(int(h))[1] for h in sample]


def test_whole_table_equals_reference() -> None:
    holdings, weak, keys = tables()
    by_mask, cats = reference_rank_array()
    chunk = 20_000
    mismatches: list[int] = []
    ref_keys = np.empty_like(keys)
    for start in range(0, holdings.size, chunk):
        part = holdings[start : start + chunk]
        ref_weak, ref_key_part = reference_best_weak(part, by_mask, cats)
        ref_keys[start : start + chunk] = ref_key_part
        bad = np.nonzero(ref_weak != weak[start : start + chunk])[0]
        mismatches.extend(int(part[i]) for i in bad[:5])
    assert [PACK_21.format_mask(m) for m in mismatches[:10]] == []
    # the packed keys order holdings exactly like the reference keys
    order = np.argsort(ref_keys, kind="stable")
    ref_sorted, code_sorted = ref_keys[order], keys[order]
    ref_steps, code_steps = np.diff(ref_sorted), np.diff(code_sorted)
    assert (code_steps[ref_steps > 0] > 0).all()
    assert (code_steps[ref_steps == 0] == 0).all()


def test_helpers_self_check() -> None:
    # my numbering: 126 splits, each a distinct 5-subset containing position 0
    assert len(MY_SPLITS) == 126 == comb(10, 5) // 2
    assert MY_SPLITS[0] == (0, 1, 2, 3, 4)
    assert MY_SPLITS[-1] == (0, 6, 7, 8, 9)
    holding: Sequence[int] = bits_of(parse("Ts Th Td Js Jh Jd Qs Qh Ks Kh"))
    assert len(holding) == 10
    assert strength_of_mask(parse("Ts Th Td Ks Kh")) < strength_of_mask(parse("Js Jh Jd Qs Qh"))


def test_weaker_first_order_attains_its_reference_optimum() -> None:
    # SplitOrder.WEAKER_FIRST compares the weaker hands in full, then the stronger hands in full
    # (no categories first): the reference maximises (weaker key, stronger key) over all splits.
    table = reference_table()
    for holding in random_holdings()[:400]:
        cards = bits_of(holding)
        optimum = max(
            tuple(sorted((table[mask_of(s)], table[holding ^ mask_of(s)])))
            for s in combinations(cards, 5)
        )
        best = arrange(holding, SplitOrder.WEAKER_FIRST)
        assert (table[best.weaker.mask], table[best.stronger.mask]) == optimum
        assert best.key_for(SplitOrder.WEAKER_FIRST) == best_key(holding, SplitOrder.WEAKER_FIRST)
        assert best_key(holding, SplitOrder.WEAKER_FIRST) == (
            best.weaker.value.strength, best.stronger.value.strength,
        )
    assert SplitOrder("weaker-first").split_order is SplitOrder.WEAKER_FIRST


def test_an_order_may_be_named_by_its_value_string() -> None:
    holding = random_holdings()[0]
    for order in SplitOrder:
        assert arrange(holding, order.value) == arrange(holding, order)
        assert best_key(holding, order.value) == best_key(holding, order)
        assert scoring_key(3, 150, order.value) == scoring_key(3, 150, order)
    for bad in ("categories_first", "", "WEAKER-FIRST"):
        with pytest.raises(RuleOptionError, match="categories-first, weaker-first"):
            arrange(holding, bad)
