"""Card Commons' three-card hands (``hands/three.py``) against the rules text.

The reference here is written from "Hand rankings" and "The Joker" of the Card Commons rules and
ruling C5, separately from the evaluator: it tries every identity the Joker may take (any card
not already in the hand), keeps those that make a straight, a flush or a straight flush, and
compares plain tuples. The evaluator works the Joker out directly instead. Hand-made cases cover
each sentence of the text.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from itertools import combinations, pairwise, permutations

import numpy as np
import pytest

from divided.cards import PACK_21, STANDARD_52, parse_cards
from divided.errors import InvalidHandError
from divided.hands import (
    PACK21_FIVE,
    PACK21_THREE,
    PACK21_THREE_AND_FIVE,
    HandCategory,
    Pack21ThreeCategory,
    RankingSystem,
    category3_of,
    colex_index3,
    evaluate3,
    evaluate3_mask,
    strength3_count,
    strength3_of_mask,
    strengths3,
    strengths3_of_indices,
    three_strength_array,
    three_strength_by_mask,
    three_strength_cube,
)

# --- the reference -----------------------------------------------------------------------------

ORDER = ["high card", "pair", "straight", "flush", "three of a kind", "straight flush"]  # weakest first
RANKS = "TJQKA"
STRAIGHTS = [{"T", "J", "Q"}, {"J", "Q", "K"}, {"Q", "K", "A"}]  # the Ace is high only
WILD_FOR = {"straight", "flush", "straight flush"}
NATURALS = [str(card) for card in PACK_21.cards if not card.is_joker]


def value(rank: str) -> int:
    return RANKS.index(rank) + 10  # 10 .. 14; a Joker that completes nothing counts 9


def kind(cards: list[str]) -> str:
    """The kind of three natural cards (written ``'Qs'``), read off the rules' list."""
    ranks = [c[0] for c in cards]
    suits = {c[1] for c in cards}
    counts = sorted(Counter(ranks).values())
    in_sequence = set(ranks) in STRAIGHTS
    if in_sequence and len(suits) == 1:
        return "straight flush"
    if counts == [3]:
        return "three of a kind"
    if len(suits) == 1:
        return "flush"
    if in_sequence:
        return "straight"
    return "pair" if counts == [1, 2] else "high card"


def natural_key(cards: list[str]) -> tuple[int, list[int]]:
    """(kind, the cards that make the hand then the rest, high to low) of three naturals."""
    made = kind(cards)
    values = sorted((value(c[0]) for c in cards), reverse=True)
    if made == "pair":
        pair = next(v for v in values if values.count(v) == 2)
        values = [pair, pair] + [v for v in values if v != pair]
    return ORDER.index(made), values


def reference_key(hand: list[str]) -> tuple[int, list[int], int]:
    """The rules' key of a hand (larger wins): kind, cards, then 1 for a hand without a wild
    Joker over 0 for one that uses it."""
    if "Jk" not in hand:
        return (*natural_key(hand), 1)
    others = [c for c in hand if c != "Jk"]
    best: tuple[int, list[int]] | None = None
    for stand_in in NATURALS:  # any card not already in the same hand
        if stand_in in others:
            continue
        key = natural_key([*others, stand_in])
        if ORDER[key[0]] in WILD_FOR and (best is None or key > best):
            best = key
    if best is not None:
        return (*best, 0)
    # It completes nothing: below a 10, no suit, never pairs.
    values = sorted((value(c[0]) for c in others), reverse=True)
    made = "pair" if values[0] == values[1] else "high card"
    return ORDER.index(made), [*values, 9], 1


ALL_HANDS = [list(combo) for combo in combinations([str(c) for c in PACK_21.cards], 3)]


def strength(text: str) -> int:
    return strength3_of_mask(PACK_21.parse_mask(text))


# --- the whole order against the reference ----------------------------------------------------


def test_every_hand_is_ordered_as_the_reference_orders_it() -> None:
    keys = [reference_key(hand) for hand in ALL_HANDS]
    dense = {key: place for place, key in enumerate(sorted({(k, tuple(c), n) for k, c, n in keys}))}
    for hand, (made, cards, natural) in zip(ALL_HANDS, keys, strict=True):
        got = evaluate3(parse_cards(" ".join(hand)))
        assert got.strength == dense[made, tuple(cards), natural], hand
        assert got.category.name.lower().replace("_", " ") == ORDER[made], hand
        assert got.uses_joker == (natural == 0), hand
    assert strength3_count() == len(dense) == 61


def test_category_counts() -> None:
    counts = Counter(evaluate3(parse_cards(" ".join(hand))).category for hand in ALL_HANDS)
    assert sum(counts.values()) == 1330
    # Counted by hand. Three of a kind: 5 ranks x 4. Straight flushes: 3 x 4 natural, and with
    # the Joker 7 rank pairs inside one straight (10-J, 10-Q, J-Q, J-K, Q-K, Q-A, K-A) x 4 suits.
    # Flushes: 4 suits x (C(5,3) - 3) natural, and with the Joker the 3 suited rank pairs too
    # far apart for a straight (10-K, 10-A, J-A) x 4. Pairs: 5 x 6 x 16 natural, 5 x 6 with the
    # Joker (never three of a kind).
    assert counts[Pack21ThreeCategory.THREE_OF_A_KIND] == 20
    assert counts[Pack21ThreeCategory.STRAIGHT_FLUSH] == 3 * 4 + 7 * 4
    assert counts[Pack21ThreeCategory.FLUSH] == 4 * 7 + 3 * 4
    assert counts[Pack21ThreeCategory.PAIR] == 5 * 6 * 16 + 5 * 6
    # Straights: 3 x 60 natural (64 suit choices less 4 flushes); with the Joker, 7 rank pairs
    # a straight apart x 12 unsuited suit pairs.
    assert counts[Pack21ThreeCategory.STRAIGHT] == 3 * 60 + 7 * 12
    assert counts[Pack21ThreeCategory.HIGH_CARD] == 1330 - 20 - 40 - 40 - 510 - 264


def test_golden_digest_of_the_table() -> None:
    # Guards the published strengths: a change of the rules' encoding must be deliberate.
    text = ",".join(str(strength3_of_mask(sum(1 << i for i in c))) for c in combinations(range(21), 3))
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == DIGEST


DIGEST = "80578d213b7d907d"  # sha256 of the strengths in combination order, after the reference agreed

# --- every sentence of the text, by hand ------------------------------------------------------


def test_hand_made_hands_strongest_first() -> None:
    chain = [
        "Qh Kh Ah", "Qs Ks Jk", "Jd Qd Kd", "Ts Jk Qs", "As Ah Ad", "Ts Th Tc", "Ah Kh Jh",
        "Jk Jh Ah", "Ah Kh Th", "Ts As Jk", "Ac Qc Jc", "Qs Kh Ad", "Qs Kh Jk", "Ts Jh Qd",
        "Ts Jk Qd", "As Ad Kc", "As Ad Tc", "As Ad Jk", "Ks Kh Ad", "Ts Th Jd", "Ts Th Jk",
        "As Kh Jd", "As Kh Th", "As Qh Jd", "As Jh Td", "As Jh Jk", "As Th Jk", "Ks Qh Td",
        "Ks Jh Td", "Ks Th Jk",
    ]  # fmt: skip
    strengths = [strength(hand) for hand in chain]
    for (higher, a), (lower, b) in pairwise(zip(chain, strengths, strict=True)):
        assert a > b, (higher, lower)
    assert strengths[0] == strength3_count() - 1
    assert strengths[-1] == 0  # K-10 and the Joker: the weakest hand of the pack


@pytest.mark.parametrize(
    ("hand", "category", "words"),
    [
        ("Qh Kh Ah", "STRAIGHT_FLUSH", "Straight Flush, queen to ace"),
        ("As Ks Jk", "STRAIGHT_FLUSH", "Straight Flush, queen to ace, with the Joker"),
        ("Qs As Jk", "STRAIGHT_FLUSH", "Straight Flush, queen to ace, with the Joker"),
        ("Qs Ks Jk", "STRAIGHT_FLUSH", "Straight Flush, queen to ace, with the Joker"),
        ("Js Ks Jk", "STRAIGHT_FLUSH", "Straight Flush, jack to king, with the Joker"),
        ("Js Qs Jk", "STRAIGHT_FLUSH", "Straight Flush, jack to king, with the Joker"),
        ("Ts Qs Jk", "STRAIGHT_FLUSH", "Straight Flush, ten to queen, with the Joker"),
        ("Ts Js Jk", "STRAIGHT_FLUSH", "Straight Flush, ten to queen, with the Joker"),
        ("Kd Kc Ks", "THREE_OF_A_KIND", "Three kings"),
        ("Ah Th Jh", "FLUSH", "Flush, ace-jack-ten"),
        ("Ts As Jk", "FLUSH", "Flush, ace-king-ten, with the Joker"),
        ("Ts Ks Jk", "FLUSH", "Flush, ace-king-ten, with the Joker"),
        ("Js As Jk", "FLUSH", "Flush, ace-king-jack, with the Joker"),
        ("Qs Kh Ad", "STRAIGHT", "Straight, queen to ace"),
        ("Ks Ah Jk", "STRAIGHT", "Straight, queen to ace, with the Joker"),
        ("Qs Ah Jk", "STRAIGHT", "Straight, queen to ace, with the Joker"),
        ("Js Qh Jk", "STRAIGHT", "Straight, jack to king, with the Joker"),
        ("Ts Jh Jk", "STRAIGHT", "Straight, ten to queen, with the Joker"),
        ("Ts Qh Jk", "STRAIGHT", "Straight, ten to queen, with the Joker"),
        ("As Ah Kd", "PAIR", "Pair of aces, with a king"),
        ("Ks Kh Jk", "PAIR", "Pair of kings, with the Joker"),
        ("As Kh Th", "HIGH_CARD", "Ace high, with a king and a ten"),
        ("As Th Jk", "HIGH_CARD", "Ace high, with a ten and the Joker"),
        ("Ts Kh Jk", "HIGH_CARD", "King high, with a ten and the Joker"),
    ],
)
def test_categories_and_words(hand: str, category: str, words: str) -> None:
    rank = PACK21_THREE.rank(parse_cards(hand))
    assert rank.category is Pack21ThreeCategory[category]
    assert str(rank) == rank.describe() == words
    assert rank.system == "pack21-three"


def test_straights_are_ten_to_queen_jack_to_king_queen_to_ace_and_nothing_wraps() -> None:
    assert evaluate3(parse_cards("Ts Jh Qd")).category is Pack21ThreeCategory.STRAIGHT
    assert evaluate3(parse_cards("Js Qh Kd")).category is Pack21ThreeCategory.STRAIGHT
    assert evaluate3(parse_cards("Qs Kh Ad")).category is Pack21ThreeCategory.STRAIGHT
    for no_wrap in ("Ks Ah Td", "As Th Jd", "Ks Ah Jd"):
        assert evaluate3(parse_cards(no_wrap)).category is Pack21ThreeCategory.HIGH_CARD, no_wrap
    # The Joker makes no wrap-around straight either (A-10, K-10, A-J are too far apart).
    for no_wrap in ("As Th Jk", "Ks Th Jk", "As Jh Jk"):
        assert evaluate3(parse_cards(no_wrap)).category is Pack21ThreeCategory.HIGH_CARD, no_wrap
    assert strength("Qs Kh Ad") > strength("Js Qh Kd") > strength("Ts Jh Qd")


def test_any_three_suited_cards_in_sequence_are_a_straight_flush() -> None:
    for low in range(3):
        for suit in "shdc":
            hand = " ".join(RANKS[low + step] + suit for step in range(3))
            assert evaluate3(parse_cards(hand)).category is Pack21ThreeCategory.STRAIGHT_FLUSH


def test_a_flush_beats_a_straight_and_three_of_a_kind_beats_a_flush() -> None:
    assert strength("Ts Js Ks") > strength("Qs Kh Ad")  # the weakest flush over the best straight
    assert strength("Ts Th Td") > strength("As Ks Js")  # the weakest three over the best flush
    assert strength("Ts Js Qs") > strength("As Ah Ad")  # the weakest straight flush over three aces


def test_the_joker_never_pairs_and_counts_below_a_ten_when_it_completes_nothing() -> None:
    # With a pair it makes no three of a kind: a pair with the lowest kicker.
    assert evaluate3(parse_cards("As Ah Jk")).category is Pack21ThreeCategory.PAIR
    assert strength("As Ah Jk") < strength("As Ah Tc")
    # With two unsuited cards too far apart for a straight it makes no pair: high card, below a 10.
    assert evaluate3(parse_cards("As Kh Jk")).category is Pack21ThreeCategory.STRAIGHT  # Q-K-A
    assert evaluate3(parse_cards("As Jh Jk")).category is Pack21ThreeCategory.HIGH_CARD
    assert strength("As Jh Jk") < strength("As Jh Td")
    assert strength("Ks Th Jk") == 0  # below every natural high card


def test_the_joker_matches_no_suit_when_it_completes_nothing() -> None:
    # Ks Kh share no suit and one rank: the Joker can be neither a straight nor a flush card.
    value = evaluate3(parse_cards("Ks Kh Jk"))
    assert value.category is Pack21ThreeCategory.PAIR and not value.uses_joker
    assert not evaluate3(parse_cards("As Jh Jk")).uses_joker


def test_the_joker_may_be_any_card_not_in_the_hand_even_one_in_the_other_hand() -> None:
    # Only the hand's own cards are excluded: with As Ks the Joker is Qs (perhaps held in the
    # five-card hand) and with Ts As it is Ks, the best spade not in the hand.
    assert str(PACK21_THREE.rank(parse_cards("As Ks Jk"))) == "Straight Flush, queen to ace, with the Joker"
    assert strength("Ts As Jk") == strength("Th Ah Jk") == strength("Ts Ks Jk")
    assert strength("Ts As Jk") < strength("Th Kh Ah")  # the same cards: the natural one wins


def test_the_joker_takes_its_strongest_identity() -> None:
    # Qs Ks: J-Q-K or Q-K-A; the strongest is Q-K-A. Js Qs: 10-Q or J-K; J-K.
    assert strength("Qs Ks Jk") == strength("Qd Kd Jk") > strength("Jh Qh Kh")
    assert strength("Js Qs Jk") > strength("Th Jh Qh")
    assert strength("Js Qs Jk") < strength("Jh Qh Kh")
    # A straight flush before a flush (Ts Js: 10-Q straight flush, not the flush A-J-10).
    assert evaluate3(parse_cards("Ts Js Jk")).category is Pack21ThreeCategory.STRAIGHT_FLUSH


def test_cards_that_make_the_hand_first_then_the_rest_high_to_low() -> None:
    assert strength("Ks Kh Td") > strength("Qs Qh Ad")  # the pair first
    assert strength("Ks Kh Ad") > strength("Ks Kd Qh")  # then the kicker
    assert strength("Ah Kh Th") > strength("Ah Qh Jh")  # flushes card by card from the top
    assert strength("Ah Kh Jh") > strength("Ah Kh Th")
    assert strength("As Kh Th") > strength("As Qh Jd")  # high cards likewise
    # The card the Joker stands for counts among the cards that make the hand (C5).
    assert strength("Ts As Jk") > strength("Ah Qh Jh")  # A-K-10 (Joker as K) over A-Q-J
    assert strength("Ks Ah Jk") > strength("Js Qh Kd")  # Q-K-A with the Joker over J-Q-K


def test_without_the_joker_beats_with_it_else_equal() -> None:
    assert strength("Qh Kh Ah") > strength("Ks As Jk")
    assert strength("Qh Kd Ah") > strength("Ks Ad Jk")
    assert strength("Ah Kh Jh") > strength("Ah Jh Jk")
    # Two hands that use the Joker for the same cards are equal.
    assert strength("Ks As Jk") == strength("Qs As Jk") == strength("Qs Ks Jk") == strength("Kc Ac Jk")
    assert strength("Ks Ad Jk") == strength("Qh As Jk")


def test_suits_never_break_a_tie() -> None:
    for suits in permutations("shdc", 3):
        assert strength(" ".join(r + s for r, s in zip("QKA", suits, strict=True))) == strength("Qs Kh Ad")
    assert strength("Ah Kh Th") == strength("Ac Kc Tc") == strength("Ad Kd Td")
    assert strength("As Ah Kd") == strength("Ad Ac Kh")
    assert strength("As Kh Th") == strength("Ac Kd Ts")


# --- the ranking system and the fast paths ------------------------------------------------------


def test_ranking_system_protocol_and_interned_ranks() -> None:
    assert isinstance(PACK21_THREE, RankingSystem)
    assert PACK21_THREE.sizes == (3,) and PACK21_THREE.pack is PACK_21
    assert PACK21_THREE.categories is Pack21ThreeCategory and issubclass(Pack21ThreeCategory, HandCategory)
    assert PACK21_THREE_AND_FIVE == (PACK21_THREE, PACK21_FIVE)
    assert PACK21_THREE.rank(parse_cards("As Ah Kd")) is PACK21_THREE.rank(parse_cards("Ad Ac Ks"))
    ranks = [PACK21_THREE.rank_of(order) for order in range(strength3_count())]
    assert len({str(r) for r in ranks}) == len(ranks)  # the words tell every class apart
    assert [r.category for r in ranks] == sorted(r.category for r in ranks)
    assert [category3_of(r.order) for r in ranks] == [r.category for r in ranks]
    assert PACK21_THREE.rank_mask(PACK_21.parse_mask("Qh Kh Ah")) == ranks[-1]
    assert PACK21_THREE.strength(parse_cards("Qh Kh Ah")) == strength3_count() - 1
    with pytest.raises(TypeError):
        _ = PACK21_THREE.rank(parse_cards("As Ah Kd")) < PACK21_FIVE.rank(parse_cards("As Ah Ad Kd Ks"))
    assert [c.label for c in Pack21ThreeCategory] == [
        "High Card", "Pair", "Straight", "Flush", "Three of a Kind", "Straight Flush",
    ]  # fmt: skip


@pytest.mark.parametrize(
    "bad",
    [0, 1, 0b11, 0b1111, -1, 1 << 21 | 0b11, PACK_21.parse_mask("Ts Js Qs Ks As")],
)
def test_a_mask_that_is_not_three_cards_is_refused(bad: int) -> None:
    with pytest.raises(InvalidHandError):
        strength3_of_mask(bad)
    with pytest.raises(InvalidHandError):
        evaluate3_mask(bad)


def test_bad_cards_are_refused() -> None:
    with pytest.raises(InvalidHandError, match="more than once"):
        PACK21_THREE.rank(parse_cards("As As Kd"))
    with pytest.raises(InvalidHandError, match="expected 3 cards, got 4"):
        PACK21_THREE.rank(parse_cards("As Ah Kd Kh"))
    with pytest.raises(InvalidHandError):
        PACK21_THREE.rank([STANDARD_52.cards[0], *parse_cards("As Ah")])
    with pytest.raises(InvalidHandError):
        PACK21_THREE.rank_of(strength3_count())
    with pytest.raises(InvalidHandError):
        category3_of(-1)


def test_batch_tables_agree_with_the_single_path() -> None:
    array = three_strength_array()
    cube = three_strength_cube()
    assert array.shape == (1330,) and array.dtype == np.int32 and not array.flags.writeable
    combos = list(combinations(range(21), 3))
    assert sorted(colex_index3(*c) for c in combos) == list(range(1330))
    for combo in combos:
        expected = strength3_of_mask(sum(1 << i for i in combo))
        assert array[colex_index3(*combo)] == expected
        for a, b, c in permutations(combo):
            assert cube[a, b, c] == expected
    assert (cube[np.arange(21), np.arange(21), :] == -1).all()
    rows = np.array([p for c in combos[::7] for p in permutations(c)], dtype=np.int64)
    expected_rows = [strength3_of_mask(sum(1 << int(i) for i in row)) for row in rows]
    assert PACK21_THREE.rank_batch(rows).tolist() == expected_rows
    assert strengths3_of_indices(rows).dtype == np.int32


def test_mask_batch_agrees_with_the_single_path() -> None:
    masks = [sum(1 << i for i in combo) for combo in combinations(range(21), 3)]
    got = strengths3(np.array(masks).reshape(10, 133))
    assert got.shape == (10, 133) and got.reshape(-1).tolist() == [strength3_of_mask(m) for m in masks]
    table = three_strength_by_mask()
    assert int((table >= 0).sum()) == 1330 and not table.flags.writeable
    for bad in ([0b111, 0b1111], [0b111, -1], [1 << 21 | 0b11]):
        with pytest.raises(InvalidHandError):
            strengths3(bad)


@pytest.mark.parametrize(
    "rows",
    [[[0, 1]], [[0, 1, 2, 3]], [[0, 0, 1]], [[0, 1, 21]], [[-1, 0, 1]], [[0, 1, 2], [5, 6, 5]]],
)
def test_batch_refuses_bad_rows(rows: list[list[int]]) -> None:
    with pytest.raises(InvalidHandError):
        PACK21_THREE.rank_batch(np.array(rows))


def test_colex_index_refuses_repeats_and_strangers() -> None:
    for bad in ((0, 0, 1), (0, 1, 21), (-1, 2, 3)):
        with pytest.raises(InvalidHandError):
            colex_index3(*bad)
