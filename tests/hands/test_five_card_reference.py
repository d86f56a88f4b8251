"""Five-card evaluation checked against a brute-force reference written from the rules text.

The reference below is derived only from /work/shared/rules/divided-ranks.md ("The pack",
"Hand rankings", "The Joker", ruling R6); it does not mirror ``divided.hands.five``.

Reference formulation
---------------------
* A card is a (rank, suit) pair, ranks 10..14 (ace high), suits 0..3. The pack order is
  rank-major from the tens, suits s h d c inside a rank, the Joker last (index 20).
* A hand of five real cards is classified by its rank multiset (4+1, 3+2, 3+1+1, 2+2+1,
  2+1+1+1) or, with five different ranks, as a royal flush (one suit) or a straight.
* A hand with the Joker is evaluated every way the rules allow and the best is taken:
  - the Joker as a "low" card of rank 9 that matches nothing (no suit);
  - the Joker as each real card not already in the hand, allowed only when the result is a
    straight or a royal flush (the Joker is wild only for those).
* The sort key is ``(category, card-for-card tuple, natural)`` where the card-for-card tuple
  follows R6 (the cards that make the combination first, then the rest from the highest
  down) and ``natural`` is 1 without the Joker, 0 with it, so an otherwise equal hand without
  the Joker wins.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from divided.cards import PACK_21, Card, parse_cards
from divided.errors import InvalidHandError
from divided.hands import Category, category_of, evaluate, evaluate_mask, strength_count
from divided.hands.batch import strengths, strengths_of_indices
from divided.hands.five import strength_of_mask

# --------------------------------------------------------------------------------------------
# The reference evaluator
# --------------------------------------------------------------------------------------------

# Reference categories, weakest to strongest, in the order of the rules' ranking table.
# HIGH_CARD cannot occur (the rules say so); the reference keeps it only to prove that.
HIGH_CARD, PAIR, TWO_PAIR, THREE, STRAIGHT, FULL_HOUSE, FOUR, ROYAL = range(8)

REF_TO_CATEGORY: dict[int, Category] = {
    PAIR: Category.PAIR,
    TWO_PAIR: Category.TWO_PAIR,
    THREE: Category.THREE_OF_A_KIND,
    STRAIGHT: Category.STRAIGHT,
    FULL_HOUSE: Category.FULL_HOUSE,
    FOUR: Category.FOUR_OF_A_KIND,
    ROYAL: Category.ROYAL_FLUSH,
}

JOKER_INDEX = 20
LOW_RANK = 9  # "A Joker that completes nothing counts below a 10."
NO_SUIT = -1
PACK_RANKS = (10, 11, 12, 13, 14)
RANK_SYMBOLS = {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
SUIT_SYMBOLS = "shdc"

RefCard = tuple[int, int]  # (rank, suit)
RefKey = tuple[int, tuple[int, ...], int]  # (category, card-for-card, natural)


def ref_card(index: int) -> RefCard:
    """The real card of a pack index (0..19), from the documented pack order."""
    return (10 + index // 4, index % 4)


def ref_token(index: int) -> str:
    """The notation of a pack index, from the documented pack order."""
    if index == JOKER_INDEX:
        return "Jk"
    rank, suit = ref_card(index)
    return RANK_SYMBOLS[rank] + SUIT_SYMBOLS[suit]


def classify(cards: Sequence[RefCard]) -> tuple[int, tuple[int, ...]]:
    """(category, card-for-card tuple) of five cards with nothing wild."""
    counts = Counter(rank for rank, _ in cards)
    # Groups: bigger group first, then higher rank first. That is exactly R6's order:
    # four by its rank then kicker; full house three then two; trips then kickers high to
    # low; two pair higher pair, lower pair, kicker; pair then kickers high to low.
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    order = tuple(rank for rank, _ in groups)
    if shape == (4, 1):
        return FOUR, order
    if shape == (3, 2):
        return FULL_HOUSE, order
    if shape == (3, 1, 1):
        return THREE, order
    if shape == (2, 2, 1):
        return TWO_PAIR, order
    if shape == (2, 1, 1, 1):
        return PAIR, order
    assert shape == (1, 1, 1, 1, 1)
    if set(order) == set(PACK_RANKS):
        if len({suit for _, suit in cards}) == 1:
            return ROYAL, ()
        return STRAIGHT, ()
    return HIGH_CARD, order


def ref_key(indices: Iterable[int]) -> RefKey:
    """Reference sort key of five distinct pack indices; larger is stronger."""
    idx = sorted(indices)
    assert len(idx) == 5 and len(set(idx)) == 5
    real = [i for i in idx if i != JOKER_INDEX]
    cards = [ref_card(i) for i in real]
    if len(real) == 5:
        category, order = classify(cards)
        return category, order, 1
    options: list[RefKey] = []
    low_category, low_order = classify([*cards, (LOW_RANK, NO_SUIT)])
    options.append((low_category, low_order, 0))
    for substitute in range(20):
        if substitute in real:
            continue  # the Joker stands for a card not already in its own hand
        category, order = classify([*cards, ref_card(substitute)])
        if category in (STRAIGHT, ROYAL):  # wild only for a straight or a royal flush
            options.append((category, order, 0))
    return max(options)


def mask_of(indices: Iterable[int]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def ref_key_of_text(text: str) -> RefKey:
    tokens = text.split()
    by_token = {ref_token(i).lower(): i for i in range(21)}
    return ref_key(by_token[t.lower()] for t in tokens)


@cache
def all_hands() -> tuple[tuple[int, ...], ...]:
    return tuple(combinations(range(21), 5))


@cache
def reference_table() -> dict[int, RefKey]:
    """Reference key of every five-card mask."""
    return {mask_of(hand): ref_key(hand) for hand in all_hands()}


@cache
def reference_ranks() -> dict[int, int]:
    """Dense rank (0 = weakest) of the reference key of every five-card mask."""
    table = reference_table()
    distinct = sorted(set(table.values()))
    position = {key: n for n, key in enumerate(distinct)}
    return {mask: position[key] for mask, key in table.items()}


def code_strength(text: str) -> int:
    return strength_of_mask(PACK_21.parse_mask(text, size=5))


# --------------------------------------------------------------------------------------------
# (a)-(c): every one of the 20,349 hands
# --------------------------------------------------------------------------------------------


def test_reference_pack_order_matches_documented_pack() -> None:
    assert [ref_token(i) for i in range(21)] == [str(card) for card in PACK_21]


def test_hand_count() -> None:
    assert len(all_hands()) == 20_349
    assert len(reference_table()) == 20_349


def test_categories_equal_reference_on_all_hands() -> None:
    table = reference_table()
    wrong = []
    for mask, key in table.items():
        value = evaluate_mask(mask)
        if value.category != REF_TO_CATEGORY[key[0]]:
            wrong.append((PACK_21.format_mask(mask), value.category.label, key))
    assert wrong == []


def test_strength_order_equals_reference_order_on_all_hands() -> None:
    table = reference_table()
    ordered = sorted(table.items(), key=lambda item: item[1])
    previous_key: RefKey | None = None
    previous_strength = -1
    problems = []
    for mask, key in ordered:
        strength = strength_of_mask(mask)
        if previous_key is not None:
            if key == previous_key and strength != previous_strength:
                problems.append(("equal keys, different strengths", PACK_21.format_mask(mask)))
            if key != previous_key and strength <= previous_strength:
                problems.append(("stronger key, not a larger strength", PACK_21.format_mask(mask)))
        previous_key, previous_strength = key, strength
    assert problems == []


def test_strengths_are_dense_and_counted() -> None:
    # Distinct strengths by hand, per category (Joker kicker = "J" below):
    #   royal flush 2 (natural, with Joker); straight 2 (same);
    #   four of a kind 5 ranks x (4 kicker ranks + Joker) = 25;
    #   full house 5 x 4 = 20;
    #   three of a kind 5 x (C(4,2) kicker pairs + 4 with a Joker kicker) = 50;
    #   two pair C(5,2) x (3 kickers + Joker) = 40;
    #   pair 5 x (C(4,3) + C(4,2) with a Joker kicker) = 50.  Total 189.
    table = reference_table()
    assert len(set(table.values())) == 189
    assert strength_count() == 189
    assert {strength_of_mask(mask) for mask in table} == set(range(189))
    ranks = reference_ranks()
    assert all(strength_of_mask(mask) == rank for mask, rank in ranks.items())


def test_category_of_every_strength() -> None:
    for mask, key in reference_table().items():
        assert category_of(strength_of_mask(mask)) == REF_TO_CATEGORY[key[0]]


def test_category_counts() -> None:
    # Natural hands (C(20,5) = 15,504):
    #   royal flush 4; straight 4^5 - 4 = 1,020; four of a kind 5 x 16 = 80;
    #   full house 5 x C(4,3) x 4 x C(4,2) = 480; three of a kind 5 x 4 x C(4,2) x 16 = 1,920;
    #   two pair C(5,2) x 6 x 6 x 12 = 4,320; pair 5 x 6 x C(4,3) x 4^3 = 7,680.
    # Joker hands (C(20,4) = 4,845 choices of the other four cards):
    #   four different ranks C(5,4) x 4^4 = 1,280: 5 x 4 = 20 one-suited -> royal flush,
    #   1,260 -> straight; four of a kind + Joker 5; trips + one card 5 x 4 x 16 = 320 ->
    #   three of a kind; two pair C(5,2) x 36 = 360 -> two pair;
    #   pair + two C(5,1) x 6 x C(4,2) x 16 = 2,880 -> pair.
    expected = {
        Category.ROYAL_FLUSH: 4 + 20,
        Category.FOUR_OF_A_KIND: 5 * 17,
        Category.FULL_HOUSE: 480,
        Category.STRAIGHT: 1_020 + 1_260,
        Category.THREE_OF_A_KIND: 1_920 + 320,
        Category.TWO_PAIR: 4_320 + 360,
        Category.PAIR: 7_680 + 2_880,
    }
    assert sum(expected.values()) == 20_349
    reference = Counter(REF_TO_CATEGORY[key[0]] for key in reference_table().values())
    assert reference == expected
    code = Counter(evaluate_mask(mask).category for mask in reference_table())
    assert code == expected


def test_joker_hand_counts_by_category() -> None:
    joker = 1 << JOKER_INDEX
    code = Counter(evaluate_mask(mask).category for mask in reference_table() if mask & joker)
    assert code == {
        Category.ROYAL_FLUSH: 20,
        Category.FOUR_OF_A_KIND: 5,
        Category.STRAIGHT: 1_260,
        Category.THREE_OF_A_KIND: 320,
        Category.TWO_PAIR: 360,
        Category.PAIR: 2_880,
    }


def test_never_high_card() -> None:
    assert all(key[0] != HIGH_CARD for key in reference_table().values())


def test_category_enum_follows_rules_order() -> None:
    rules_order = [
        Category.PAIR,
        Category.TWO_PAIR,
        Category.THREE_OF_A_KIND,
        Category.STRAIGHT,
        Category.FULL_HOUSE,
        Category.FOUR_OF_A_KIND,
        Category.ROYAL_FLUSH,
    ]
    assert sorted(Category) == rules_order
    assert [int(c) for c in rules_order] == sorted(int(c) for c in rules_order)


# --------------------------------------------------------------------------------------------
# (d) hand-made cases from the rules text
# --------------------------------------------------------------------------------------------

CATEGORY_CASES = [
    ("Ts Js Qs Ks As", Category.ROYAL_FLUSH),
    ("Ts Js Qs Ks Jk", Category.ROYAL_FLUSH),  # R6 example (A♠ may be elsewhere)
    ("Ts Js Ks As Jk", Category.ROYAL_FLUSH),  # Joker fills the middle
    ("Jh Qh Kh Ah Jk", Category.ROYAL_FLUSH),
    ("Th Js Qs Ks Jk", Category.STRAIGHT),
    ("Ts Jh Qd Kc As", Category.STRAIGHT),
    ("Ts Jh Qd Kc Jk", Category.STRAIGHT),
    ("Jh Qd Kc Ac Jk", Category.STRAIGHT),  # Joker is the ten
    ("As Ah Ad Ac Ks", Category.FOUR_OF_A_KIND),
    ("As Ah Ad Ac Jk", Category.FOUR_OF_A_KIND),  # Joker a kicker, not a fifth ace
    ("As Ah Ad Ks Kh", Category.FULL_HOUSE),
    ("As Ah Ad Ks Jk", Category.THREE_OF_A_KIND),  # not four of a kind, not full house
    ("Ks Kh Qs Qh Jk", Category.TWO_PAIR),  # not a full house
    ("Ks Kh Qs Js Jk", Category.PAIR),  # Joker never pairs
    ("Ks Kh Qs Qh Ts", Category.TWO_PAIR),
    ("Ts Th Td Js Qs", Category.THREE_OF_A_KIND),
    ("Ts Th Js Qs Ks", Category.PAIR),
]


@pytest.mark.parametrize(("text", "category"), CATEGORY_CASES)
def test_hand_made_category(text: str, category: Category) -> None:
    assert REF_TO_CATEGORY[ref_key_of_text(text)[0]] == category  # the reference agrees
    assert evaluate(parse_cards(text)).category == category
    assert evaluate_mask(PACK_21.parse_mask(text)).category == category


# (stronger, weaker) pairs; each hand is a legal five-card hand on its own.
STRICT_CASES = [
    # royal flushes: natural beats Joker; Joker royal beats everything else
    ("Th Jh Qh Kh Ah", "Ts Js Qs Ks Jk"),
    ("Ts Js Qs Ks Jk", "As Ah Ad Ac Ks"),
    # categories in rules order
    ("As Ah Ad Ac Ts", "Ks Kh Kd Qs Qh"),
    ("Ts Th Td Js Jh", "Ts Jh Qd Kc As"),
    ("Ts Jh Qd Kc Jk", "As Ah Ad Kc Qc"),
    ("Ts Th Td Js Qs", "As Ah Ks Kh Qs"),
    ("Ts Th Js Jh Qs", "As Ah Ks Qs Js"),
    # straights: natural beats Joker
    ("Ts Jh Qd Kc As", "Ts Jh Qd Kc Jk"),
    ("Ts Jh Qd Kc As", "Jh Qd Kc Ac Jk"),
    # Joker never pairs; as a kicker it is the lowest card
    ("Kd Kc Qh Jh Th", "Ks Kh Qs Js Jk"),
    ("As Ah Ks Qs Ts", "Ad Ac Ks Qs Jk"),
    ("Ks Kh Qs Js Jk", "Qs Qh As Ks Js"),  # still a pair of kings, beats a pair of queens
    # four of a kind: rank, then kicker; a Joker kicker loses to any other kicker
    ("Js Jh Jd Jc Ts", "Ts Th Td Tc As"),
    ("As Ah Ad Ac Ts", "As Ah Ad Ac Jk"),
    ("As Ah Ad Ac Jk", "Ks Kh Kd Kc As"),
    ("Ks Kh Kd Kc As", "Ks Kh Kd Kc Qs"),
    # full house: the three, then the two
    ("Ks Kh Kd Ts Th", "Qs Qh Qd As Ah"),
    ("Ks Kh Kc As Ah", "Ks Kh Kd Ts Th"),
    # three of a kind: rank, then kickers from the highest down
    ("Qs Qh Qd Ts Jh", "Js Jh Jd As Kh"),
    ("As Ah Ad Ks Ts", "As Ah Ad Qs Js"),
    ("As Ah Ad Ks Ts", "As Ah Ad Ks Jk"),
    ("As Ah Ad Ks Jk", "As Ah Ad Qs Js"),
    # two pair: higher pair, lower pair, kicker
    ("As Ah Ts Th Js", "Ks Kh Qs Qh As"),
    ("As Ah Qs Qh Ts", "As Ah Js Jh Ks"),
    ("As Ah Ks Kh Qs", "Ad Ac Kd Kc Js"),
    ("As Ah Ks Kh Ts", "As Ah Ks Kh Jk"),
    # pair: rank, then kickers from the highest down
    ("Js Jh Ts Qs Ks", "Ts Th As Ks Qs"),
    ("Ks Kh As Qs Js", "Ks Kh As Qs Ts"),
    ("Ks Kh As Js Ts", "Kd Kc Qs Js Ts"),
    ("Ks Kh As Qs Ts", "Kd Kc As Qs Jk"),
]

EQUAL_CASES = [
    ("Ts Js Qs Ks As", "Tc Jc Qc Kc Ac"),  # all royal flushes are equal
    ("Ts Js Qs Ks Jk", "Jd Qd Kd Ad Jk"),  # ... and all Joker royal flushes
    ("Ts Jh Qd Kc As", "Th Js Qc Kd Ah"),  # straights of different suits
    ("Ts Jh Qd Kc Jk", "Jh Qd Kc Ac Jk"),  # Joker straights, whatever the Joker replaces
    ("Ks Kh Kd Ts Th", "Ks Kh Kc Td Tc"),
    ("As Ah Ks Kh Jk", "Ad Ac Kd Kc Jk"),
    ("Ks Kh Qs Js Jk", "Kd Kc Qh Jh Jk"),
    ("Ts Th Js Jh Jk", "Td Tc Jd Jc Jk"),
]


@pytest.mark.parametrize(("stronger", "weaker"), STRICT_CASES)
def test_hand_made_strict_order(stronger: str, weaker: str) -> None:
    assert ref_key_of_text(stronger) > ref_key_of_text(weaker)  # the reference agrees
    assert code_strength(stronger) > code_strength(weaker)
    assert evaluate(parse_cards(stronger)).strength > evaluate(parse_cards(weaker)).strength


@pytest.mark.parametrize(("left", "right"), EQUAL_CASES)
def test_hand_made_equal(left: str, right: str) -> None:
    assert ref_key_of_text(left) == ref_key_of_text(right)
    assert code_strength(left) == code_strength(right)
    assert evaluate(parse_cards(left)) == evaluate(parse_cards(right))


def test_one_hand_per_category_increasing() -> None:
    ladder = [
        "Ts Th Js Qs Ks",
        "Ts Th Js Jh Qs",
        "Ts Th Td Js Qs",
        "Ts Jh Qd Kc Jk",
        "Ts Jh Qd Kc As",
        "Ts Th Td Js Jh",
        "Ts Th Td Tc Jk",
        "Ts Js Qs Ks Jk",
        "Ts Js Qs Ks As",
    ]
    strengths_seen = [code_strength(text) for text in ladder]
    assert strengths_seen == sorted(set(strengths_seen))


def test_joker_royal_is_strongest_joker_hand_and_natural_royal_strongest_of_all() -> None:
    top = max(strength_of_mask(mask) for mask in reference_table())
    assert top == code_strength("Ts Js Qs Ks As") == strength_count() - 1
    joker = 1 << JOKER_INDEX
    top_joker = max(strength_of_mask(mask) for mask in reference_table() if mask & joker)
    assert top_joker == code_strength("Ts Js Qs Ks Jk") == strength_count() - 2


def test_weakest_hand() -> None:
    # The weakest hand: a pair of tens with J, Q and the Joker (Joker kicker, lowest kickers).
    bottom = min(strength_of_mask(mask) for mask in reference_table())
    assert bottom == 0 == code_strength("Ts Th Js Qs Jk")


# --------------------------------------------------------------------------------------------
# Input checks of the single-hand API
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "mask",
    [0, 0b1111, 0b111111, (1 << 21) | 0b1111, 1 << 21 | 1 << 22 | 0b111, (1 << 21) - 1],
)
def test_strength_of_mask_rejects_bad_masks(mask: int) -> None:
    with pytest.raises(InvalidHandError):
        strength_of_mask(mask)
    with pytest.raises(InvalidHandError):
        evaluate_mask(mask)


@pytest.mark.parametrize(
    "cards",
    [
        "Ts Js Qs Ks",
        "Ts Js Qs Ks As Ah",
        "Ts Ts Qs Ks As",
        "2s Js Qs Ks As",
        "",
    ],
)
def test_evaluate_rejects_bad_hands(cards: str) -> None:
    with pytest.raises(InvalidHandError):
        evaluate(parse_cards(cards))


# --------------------------------------------------------------------------------------------
# (e) numpy batch and properties
# --------------------------------------------------------------------------------------------


def test_batch_strengths_equal_single_calls_on_all_hands() -> None:
    masks = np.array(list(reference_table()), dtype=np.int64)
    single = np.array([strength_of_mask(int(m)) for m in masks])
    assert np.array_equal(strengths(masks).astype(np.int64), single)
    # other integer dtypes and a 2-D shape are accepted and keep their shape
    as32 = strengths(masks.astype(np.int32))
    assert np.array_equal(as32.astype(np.int64), single)
    square = strengths(masks[:20_348].reshape(-1, 4))
    assert square.shape == (5_087, 4)
    assert np.array_equal(square.reshape(-1).astype(np.int64), single[:20_348])


def test_batch_strengths_of_indices_equal_single_calls() -> None:
    hands = np.array(all_hands(), dtype=np.int64)
    rng = np.random.default_rng(20_349)
    shuffled = rng.permuted(hands, axis=1)  # card order inside a hand does not matter
    single = np.array([strength_of_mask(mask_of(hand)) for hand in all_hands()])
    assert np.array_equal(strengths_of_indices(hands).astype(np.int64), single)
    assert np.array_equal(strengths_of_indices(shuffled).astype(np.int64), single)


def test_batch_matches_reference_ranks() -> None:
    ranks = reference_ranks()
    masks = np.array(list(ranks), dtype=np.int64)
    expected = np.array([ranks[int(m)] for m in masks])
    assert np.array_equal(strengths(masks).astype(np.int64), expected)


@pytest.mark.parametrize(
    "masks",
    [
        [0b11111, 0b1111],  # a 4-card mask
        [0b111111],  # a 6-card mask
        [0b11111, (1 << 21) | 0b1111],  # a card outside the pack
        [0],
    ],
)
def test_batch_strengths_reject_bad_masks(masks: list[int]) -> None:
    with pytest.raises(InvalidHandError):
        strengths(np.array(masks, dtype=np.int64))


@pytest.mark.parametrize(
    "indices",
    [
        [[0, 1, 2, 3]],  # four cards
        [[0, 1, 2, 3, 4, 5]],  # six cards
        [0, 1, 2, 3, 4],  # not (n, 5)
        [[0, 0, 1, 2, 3]],  # a duplicate
        [[0, 1, 2, 3, 21]],  # outside the pack
        [[-1, 1, 2, 3, 4]],
    ],
)
def test_batch_strengths_of_indices_reject_bad_input(indices: list[object]) -> None:
    with pytest.raises(InvalidHandError):
        strengths_of_indices(np.array(indices, dtype=np.int64))


hand_indices = st.lists(
    st.integers(min_value=0, max_value=20), min_size=5, max_size=5, unique=True
)
suit_permutations = st.permutations(range(4))


@settings(max_examples=300, deadline=None)
@given(hand=hand_indices, data=st.data())
def test_card_order_does_not_matter(hand: list[int], data: st.DataObject) -> None:
    cards = [PACK_21[i] for i in hand]
    shuffled = data.draw(st.permutations(cards))
    assert evaluate(shuffled) == evaluate(cards) == evaluate_mask(mask_of(hand))


def relabel_suits(index: int, permutation: Sequence[int]) -> int:
    if index == JOKER_INDEX:
        return index
    return (index // 4) * 4 + permutation[index % 4]


@settings(max_examples=300, deadline=None)
@given(hand=hand_indices, permutation=suit_permutations)
def test_suits_never_rank(hand: list[int], permutation: list[int]) -> None:
    relabelled = [relabel_suits(i, permutation) for i in hand]
    assert strength_of_mask(mask_of(relabelled)) == strength_of_mask(mask_of(hand))


@settings(max_examples=300, deadline=None)
@given(hand=hand_indices)
def test_single_hand_equals_reference(hand: list[int]) -> None:
    value = evaluate([PACK_21[i] for i in hand])
    assert value.category == REF_TO_CATEGORY[ref_key(hand)[0]]
    assert value.strength == reference_ranks()[mask_of(hand)]


@settings(max_examples=200, deadline=None)
@given(left=hand_indices, right=hand_indices)
def test_pairwise_comparison_equals_reference(left: list[int], right: list[int]) -> None:
    sl, sr = strength_of_mask(mask_of(left)), strength_of_mask(mask_of(right))
    kl, kr = ref_key(left), ref_key(right)
    assert (sl < sr) == (kl < kr)
    assert (sl == sr) == (kl == kr)


def test_replacing_joker_by_its_low_meaning_never_helps_outside_straights() -> None:
    # A Joker hand that is not a straight or royal flush is weaker than the same four cards
    # with any real fifth card that keeps the category (the Joker counts below a 10).
    rng = random.Random(5)
    joker = 1 << JOKER_INDEX
    hands = [m for m in reference_table() if m & joker]
    for mask in rng.sample(hands, 400):
        value = evaluate_mask(mask)
        if value.category in (Category.STRAIGHT, Category.ROYAL_FLUSH):
            continue
        for real in range(20):
            if mask >> real & 1:
                continue
            other = evaluate_mask(mask ^ joker | 1 << real)
            if other.category == value.category:
                assert other.strength > value.strength


def test_card_api_types() -> None:
    value = evaluate([Card.parse(t) for t in ("Ts", "Js", "Qs", "Ks", "Jk")])
    assert isinstance(value.strength, int)
    assert value.category is Category.ROYAL_FLUSH
