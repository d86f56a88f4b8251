"""The ranking-system protocol (``hands/value.py``) and the 21-card pack's five-card system.

Expectations are hand-made from the rules ("Hand rankings", "The Joker", ruling R6 of Divided
Ranks): orders of hand-picked hands, words for hand-picked hands; the agreement with the existing
strengths (checked against an independent reference in ``test_five_card_reference.py``) shows the
system is a thin layer over the same table.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations, pairwise

import numpy as np
import pytest

from divided.cards import JOKER_1, PACK_21, STANDARD_52, parse_cards
from divided.errors import InvalidHandError
from divided.hands import (
    PACK21_FIVE,
    Category,
    HandCategory,
    HandRank,
    Pack21FiveCategory,
    evaluate,
    strength_count,
)

# Strongest first, one hand per step, each strictly beating the next (rules' ranking table,
# the Joker rule and R6's card-for-card comparison).
DESCENDING = [
    "Th Jh Qh Kh Ah",  # royal flush without the Joker
    "Ts Js Qs Ks Jk",  # royal flush with the Joker (a natural one beats it)
    "As Ah Ad Ac Kd",  # four of a kind
    "Ks Kh Kd Kc Jk",  # four of a kind, the Joker a low kicker
    "Ah Ad Ac Kd Ks",  # full house: the three decide
    "Ks Kh Kd As Ah",
    "Ts Jh Qd Kc As",  # straight without the Joker
    "Ts Jh Qd Kc Jk",  # straight with the Joker
    "As Ah Ad Kc Qd",  # three of a kind
    "As Ah Ad Kc Jk",  # the Joker counts below a ten
    "Ah Ad Kc Kd Qs",  # two pair
    "Ah Ad Kc Kd Jk",
    "Ah Ad Qc Qd Ks",
    "As Ah Kd Qc Jh",  # pair
    "As Ah Kd Qc Jk",
    "Ts Th Jd Qc Jk",  # the weakest hand of the pack
]


def rank(text: str) -> HandRank[Pack21FiveCategory]:
    return PACK21_FIVE.rank(parse_cards(text))


def test_hand_made_hands_order_strongest_first() -> None:
    ranks = [rank(hand) for hand in DESCENDING]
    for stronger, weaker in pairwise(ranks):
        assert stronger > weaker and weaker < stronger and stronger != weaker
        assert stronger >= weaker and not stronger <= weaker
    assert ranks[-1].order == 0
    assert ranks[0].order == strength_count() - 1
    assert rank("Th Jh Qh Kh Ah") > rank("As Ah Ad Ac Kd")  # the straight flush beats four of a kind


@pytest.mark.parametrize(
    ("hand", "category", "words"),
    [
        ("Th Jh Qh Kh Ah", Category.ROYAL_FLUSH, "Royal Flush"),
        ("Ts Js Qs Ks Jk", Category.ROYAL_FLUSH, "Royal Flush with the Joker"),
        ("As Ah Ad Ac Kd", Category.FOUR_OF_A_KIND, "Four aces, with a king"),
        ("Ks Kh Kd Kc Jk", Category.FOUR_OF_A_KIND, "Four kings, with the Joker"),
        ("Ah Ad Ac Kd Ks", Category.FULL_HOUSE, "Full House, aces over kings"),
        ("Ts Th Td Ks Kh", Category.FULL_HOUSE, "Full House, tens over kings"),
        ("Ts Jh Qd Kc As", Category.STRAIGHT, "Straight"),
        ("Jk Jh Qd Kc As", Category.STRAIGHT, "Straight with the Joker"),
        ("Qs Qh Qd As Ts", Category.THREE_OF_A_KIND, "Three queens, with an ace and a ten"),
        ("Qs Qh Qd As Jk", Category.THREE_OF_A_KIND, "Three queens, with an ace and the Joker"),
        ("Ah Ad Kc Kd Qs", Category.TWO_PAIR, "Two Pair, aces and kings, with a queen"),
        ("Jh Jd Tc Td Jk", Category.TWO_PAIR, "Two Pair, jacks and tens, with the Joker"),
        ("Kc Kd Qh Jh Jk", Category.PAIR, "Pair of kings, with a queen, a jack and the Joker"),
        ("Ts Th As Kd Qc", Category.PAIR, "Pair of tens, with an ace, a king and a queen"),
    ],
)
def test_words_and_category_of_hand_made_hands(hand: str, category: Category, words: str) -> None:
    value = rank(hand)
    assert value.category is category
    assert value.describe() == words == str(value)
    assert value.system == PACK21_FIVE.name


def test_labels_and_slugs_of_the_seven_categories() -> None:
    assert Category is Pack21FiveCategory and issubclass(Category, HandCategory)
    assert PACK21_FIVE.categories is Pack21FiveCategory
    assert [c.label for c in Category] == [
        "Pair", "Two Pair", "Three of a Kind", "Straight", "Full House", "Four of a Kind",
        "Royal Flush",
    ]  # fmt: skip
    assert [c.slug for c in Category] == [
        "pair", "two-pair", "three-of-a-kind", "straight", "full-house", "four-of-a-kind",
        "royal-flush",
    ]  # fmt: skip


def test_order_agrees_with_the_existing_strength_on_every_hand() -> None:
    for combo in combinations(PACK_21.cards, 5):
        value = evaluate(combo)
        hand_rank = PACK21_FIVE.rank(combo)
        assert hand_rank.order == value.strength == PACK21_FIVE.strength(combo)
        assert hand_rank.category is value.category


def test_one_interned_rank_per_class_and_distinct_words() -> None:
    # Same class, different suits: the very same object.
    assert rank("Ah Ad Ac Kd Ks") is rank("As Ah Ac Kh Kc")
    ranks = [PACK21_FIVE.rank_of(order) for order in range(strength_count())]
    assert [r.order for r in ranks] == list(range(strength_count()))
    assert len({r.describe() for r in ranks}) == len(ranks)  # words tell every class apart
    assert len(set(ranks)) == len(ranks)
    # A higher category always wins (rules): categories never decrease along the order.
    assert [r.category for r in ranks] == sorted(r.category for r in ranks)


def test_equality_and_hash_follow_system_and_order() -> None:
    value = rank("Ah Ad Ac Kd Ks")
    copy = replace(value, words="something else")
    assert copy == value and hash(copy) == hash(value) and copy is not value
    other = replace(value, system="another-system")
    assert other != value
    with pytest.raises(TypeError, match="another-system"):
        _ = other < value
    with pytest.raises(TypeError):
        _ = value > 3  # type: ignore[operator]
    assert value != value.order


def test_rank_batch_matches_rank_row_by_row() -> None:
    rows = np.array(list(combinations(range(PACK_21.size), 5))[::37], dtype=np.int64)
    orders = PACK21_FIVE.rank_batch(rows)
    assert orders.shape == (len(rows),) and orders.dtype == np.int32
    for row, order in zip(rows, orders, strict=True):
        cards = [PACK_21[int(i)] for i in row]
        assert PACK21_FIVE.rank(cards).order == int(order)
    assert PACK21_FIVE.rank_batch(np.empty((0, 5), dtype=np.int64)).shape == (0,)


@pytest.mark.parametrize(
    "rows",
    [
        [[0, 1, 2, 3]],  # four cards
        [[0, 1, 2, 3, 4, 5]],  # six cards
        [0, 1, 2, 3, 4],  # not two-dimensional
        [[0, 1, 2, 3, 21]],  # outside the pack
        [[0, 1, 2, 3, -1]],
        [[0, 0, 1, 2, 3]],  # a card twice
    ],
)
def test_rank_batch_rejects_bad_rows(rows: list[object]) -> None:
    with pytest.raises(InvalidHandError):
        PACK21_FIVE.rank_batch(np.array(rows))


@pytest.mark.parametrize(
    "cards",
    [
        parse_cards("Ts Js Qs Ks"),
        parse_cards("Ts Js Qs Ks As Ah"),
        parse_cards("Ts Ts Qs Ks As"),
        parse_cards("9s Js Qs Ks As"),
        [*parse_cards("Ts Js Qs Ks"), JOKER_1],
        [*parse_cards("Ts Js Qs"), STANDARD_52[0], STANDARD_52[1]],
    ],
)
def test_rank_rejects_what_is_not_five_cards_of_the_pack(cards: list[object]) -> None:
    with pytest.raises(InvalidHandError):
        PACK21_FIVE.rank(cards)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError):
        PACK21_FIVE.strength(cards)  # type: ignore[arg-type]


@pytest.mark.parametrize("order", [-1, 189, 10**9])
def test_rank_of_rejects_orders_outside_the_system(order: int) -> None:
    with pytest.raises(InvalidHandError, match="0 to 188"):
        PACK21_FIVE.rank_of(order)


def test_system_metadata() -> None:
    assert PACK21_FIVE.name == "pack21-five"
    assert PACK21_FIVE.pack is PACK_21
    assert PACK21_FIVE.sizes == (5,)
    assert PACK21_FIVE.rank_mask(PACK_21.parse_mask("Ah Ad Ac Kd Ks")) is rank("Ah Ad Ac Kd Ks")
