"""Hand-made lowball cases: every example of the reference's "Low hands" paragraph, words, the
API's paths agreeing, and bad input.

Expectations are written by hand from the reference (poker-rankings, "Low hands").
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from divided.cards import JOKER_1, STANDARD_52, parse_cards
from divided.errors import InvalidHandError, RuleOptionError
from divided.hands.poker import system
from divided.hands.poker.keys import PokerCategory
from divided.hands.poker.low import LowSystem, lowball
from divided.hands.value import HandRank, RankingSystem

A5, A5_8, D27, A6 = lowball("a5"), lowball("a5", 8), lowball("27"), lowball("a6")
ALL = [A5, A5_8, D27, A6]


def rank(low: LowSystem, text: str) -> HandRank[PokerCategory]:
    return low.rank(parse_cards(text))


def beats(low: LowSystem, better: str, worse: str) -> bool:
    return rank(low, better) > rank(low, worse)


def best(low: LowSystem) -> HandRank[PokerCategory]:
    return low.rank_of(low.classes - 1)


# --- ace-to-five ------------------------------------------------------------------------------


def test_a5_best_hand_is_the_wheel_whatever_its_suits() -> None:
    assert rank(A5, "5s 4h 3d 2c As") is best(A5)
    assert rank(A5, "5h 4h 3h 2h Ah") is best(A5)  # straights and flushes are ignored
    assert str(best(A5)) == "Five-high low: 5-4-3-2-A"


def test_a5_compares_from_the_highest_card_down() -> None:
    assert beats(A5, "6s 4h 3d 2c Ah", "6s 5h 3d 2c Ah")
    assert beats(A5, "6s 4h 3d 2c Ah", "7s 4h 3d 2c Ah")
    assert beats(A5, "7s 4h 3d 2c Ah", "7s 5h 3d 2c Ah")
    assert rank(A5, "6s 4h 3d 2c Ah") == rank(A5, "6h 4s 3c 2d Ac")  # suits never matter


def test_a5_best_pair_is_aces_with_four_three_two() -> None:
    best_pair = rank(A5, "As Ah 4d 3c 2s")
    assert best_pair.category == PokerCategory.PAIR
    assert str(best_pair) == "Pair of aces, with a four, a three and a two"
    assert beats(A5, "As Ah 4d 3c 2s", "2s 2h 4d 3c As")
    assert beats(A5, "As Ah 4d 3c 2s", "As Ah 5d 3c 2s")
    assert beats(A5, "Ks Qh Jd Tc 9s", "As Ah 4d 3c 2s")  # any unpaired hand beats any pair
    pairs = [r for r in (A5.rank_of(order) for order in range(A5.classes)) if r.category == PokerCategory.PAIR]
    assert max(pairs) is best_pair


def test_a5_groups_rank_as_in_high_poker_reversed() -> None:
    ladder = ["As Ah 4d 3c 2s", "As Ah 2d 2c 3s", "As Ah Ad 3c 2s", "As Ah Ad 2c 2s", "As Ah Ad Ac 2s"]
    ranks = [rank(A5, hand) for hand in ladder]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks)
    assert [r.category for r in ranks] == [
        PokerCategory.PAIR, PokerCategory.TWO_PAIR, PokerCategory.THREE_OF_A_KIND,
        PokerCategory.FULL_HOUSE, PokerCategory.FOUR_OF_A_KIND,
    ]


def test_a5_eight_or_better() -> None:
    worst = rank(A5_8, "8s 7h 6d 5c 4s")
    assert str(worst) == "Eight-high low: 8-7-6-5-4"
    no_low = A5_8.rank_of(0)
    assert no_low.category == PokerCategory.NO_LOW and str(no_low) == "No qualifying low"
    assert worst.order == 1 and worst > no_low
    for hand in ["9s 4h 3d 2c As", "As Ah 4d 3c 2s", "Ks Qh Jd Tc 9s", "8s 8h 7d 6c 5s"]:
        assert rank(A5_8, hand) is no_low, hand  # one class below every low: they tie
    assert rank(A5_8, "5s 4h 3d 2c As") is best(A5_8)
    assert beats(A5_8, "8s 5h 4d 3c 2s", "8s 6h 4d 3c 2s")
    # with seven cards the best qualifying five counts: 9-9-K and the pair do not spoil it
    assert str(rank(A5_8, "9s 9h Kd 7c 5s 3d Ah")) == "No qualifying low"
    assert str(rank(A5_8, "9s 9h 2d 7c 5s 3d Ah")) == "Seven-high low: 7-5-3-2-A"


# --- deuce-to-seven ---------------------------------------------------------------------------


def test_27_best_is_seven_five_unsuited() -> None:
    assert rank(D27, "7s 5h 4d 3c 2s") is best(D27)
    assert str(best(D27)) == "Seven-high low: 7-5-4-3-2"
    suited = rank(D27, "7h 5h 4h 3h 2h")
    assert suited.category == PokerCategory.FLUSH and str(suited) == "Flush, 7-5-4-3-2"
    assert beats(D27, "As Kh Qd Jc 9s", "7h 5h 4h 3h 2h")  # a flush counts against you


def test_27_wheel_is_no_straight_and_the_ace_is_high() -> None:
    wheel = rank(D27, "As 2h 3d 4c 5s")
    assert wheel.category == PokerCategory.HIGH_CARD and str(wheel) == "Ace-high low: A-5-4-3-2"
    assert beats(D27, "Ks Qh Jd Tc 8s", "As 2h 3d 4c 5s")
    straight = rank(D27, "6s 5h 4d 3c 2s")
    assert straight.category == PokerCategory.STRAIGHT and str(straight) == "Straight, six-high"
    assert beats(D27, "As Kh Qd Jc 9s", "6s 5h 4d 3c 2s")
    assert rank(D27, "As Kh Qd Jc Ts").category == PokerCategory.STRAIGHT


def test_27_worst_no_pair_beats_the_best_pair() -> None:
    assert beats(D27, "As Kh Qd Jc 9s", "2s 2h 5d 4c 3s")
    assert rank(D27, "2s 2h 5d 4c 3s").category == PokerCategory.PAIR
    assert beats(D27, "2s 2h 5d 4c 3s", "2s 2h 6d 4c 3s")


# --- ace-to-six -------------------------------------------------------------------------------


def test_a6_wheel_is_a_straight_and_six_four_is_best() -> None:
    wheel = rank(A6, "5s 4h 3d 2c As")
    assert wheel.category == PokerCategory.STRAIGHT
    assert beats(A6, "Ks Qh Jd Tc 8s", "5s 4h 3d 2c As")
    assert beats(A6, "As Ah Kd Qc Js", "5s 4h 3d 2c As")  # a pair beats a straight in a low
    assert rank(A6, "6s 4h 3d 2c As") is best(A6)
    assert str(best(A6)) == "Six-high low: 6-4-3-2-A"
    assert rank(A6, "6h 4h 3h 2h Ah").category == PokerCategory.FLUSH


def test_a6_ace_king_queen_jack_ten_is_king_low() -> None:
    royal = rank(A6, "As Kh Qd Jc Ts")
    assert royal.category == PokerCategory.HIGH_CARD and str(royal) == "King-high low: K-Q-J-10-A"
    assert beats(A6, "Ks Qh Jd Tc As", "Ks Qh Jd Tc 2s")  # K-Q-J-10-A is lower than K-Q-J-10-2


# --- more than five cards ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("low", "hand", "words"),
    [
        (A5, "As Ah 2d 3c 4s 5h 5d", "Five-high low: 5-4-3-2-A"),
        (D27, "As 2h 3d 4c 5h Kd Kc", "King-high low: K-5-4-3-2"),
        (D27, "7h 5h 4h 3h 2h 8c", "Eight-high low: 8-5-4-3-2"),  # breaking the flush
        (D27, "7h 5h 4h 3h 2h 6c 8c", "Seven-high low: 7-6-4-3-2"),
        (A6, "5s 4h 3d 2c As 6d", "Six-high low: 6-4-3-2-A"),  # breaking the straight
        (A6, "5s 4h 3d 2c As 5d", "Pair of fives, with a three, a two and an ace"),  # a pair beats the straight
    ],
)
def test_more_than_five_cards_keep_the_best_low_five(low: LowSystem, hand: str, words: str) -> None:
    cards = parse_cards(hand)
    result = low.rank(cards)
    assert str(result) == words
    assert result is max(low.rank(list(five)) for five in combinations(cards, 5))


# --- the API ----------------------------------------------------------------------------------


def test_names_and_the_protocol() -> None:
    assert [low.name for low in ALL] == ["a5", "a5-8", "27", "a6"]
    for low in ALL:
        assert isinstance(low, RankingSystem)
        assert low.pack is STANDARD_52 and low.sizes == (5, 6, 7) and low.categories is PokerCategory
        assert system(low.rules, qualifier=low.qualifier) is low
    assert lowball("a5", None) is A5 and lowball("a5", qualifier=8) is A5_8


def test_bad_rules_are_refused() -> None:
    for rules, qualifier in [("a7", None), ("27", 8), ("a6", 8), ("a5", 4), ("a5", 14)]:
        with pytest.raises(RuleOptionError):
            lowball(rules, qualifier)


def test_all_paths_agree_and_ranks_are_interned() -> None:
    rng = np.random.default_rng(14)
    for size in (5, 6, 7):
        hands = np.argsort(rng.random((300, 52)), axis=1)[:, :size]
        for low in ALL:
            batch = low.rank_batch(hands)
            assert batch.dtype == np.int32
            for row, order in zip(hands.tolist(), batch.tolist(), strict=True):
                cards = [STANDARD_52[i] for i in row]
                result = low.rank(cards)
                assert low.strength_of_indices(row) == low.strength(cards) == result.order == order
                assert result is low.rank_of(order)
            for dtype in (np.uint8, np.int8, np.int16, np.uint32, np.int64):
                assert np.array_equal(low.rank_batch(hands.astype(dtype)), batch)
            assert low.rank_batch(hands.tolist()).tolist() == batch.tolist()


def test_empty_batch() -> None:
    for size in (5, 6, 7):
        out = A6.rank_batch(np.zeros((0, size), dtype=np.int64))
        assert out.shape == (0,) and out.dtype == np.int32


@pytest.mark.parametrize("low", ALL, ids=lambda low: low.name)
def test_bad_input_raises_and_changes_nothing(low: LowSystem) -> None:
    good = parse_cards("7s 5h 4d 3c 2s")
    before = low.rank(good)
    for text in ["7s 5h 4d 3c", "7s 5h 4d 3c 2s 9h Th Jh", "7s 5h 4d 3c 7s"]:
        with pytest.raises(InvalidHandError):
            low.rank(parse_cards(text))
        with pytest.raises(InvalidHandError):
            low.strength(parse_cards(text))
    with pytest.raises(InvalidHandError, match="not a card of the 52-card pack"):
        low.rank([*parse_cards("7s 5h 4d 3c"), JOKER_1])
    for indices in [(0, 4, 8, 12), (0, 4, 8, 12, 16, 20, 24, 28), (0, 4, 8, 12, 52), (0, 4, 8, 12, -1),
                    (0, 4, 8, 12, 12), (0, 4, 8, 12, 16, 16), (0, 4, 8, 12, "x")]:
        with pytest.raises(InvalidHandError):
            low.strength_of_indices(indices)  # type: ignore[arg-type]
    hands = np.array([[0, 4, 8, 12, 16, 20, 24]] * 5)
    hands[3, 6] = 4
    with pytest.raises(InvalidHandError, match="row 3 "):
        low.rank_batch(hands)
    hands[3, 6] = 52
    with pytest.raises(InvalidHandError, match="row 3 "):
        low.rank_batch(hands)
    hands[3, 6] = -1
    with pytest.raises(InvalidHandError, match="row 3 "):
        low.rank_batch(hands)
    for shaped in [np.zeros((3, 4), dtype=int), np.zeros((3, 8), dtype=int), np.zeros(5, dtype=int)]:
        with pytest.raises(InvalidHandError, match="shape"):
            low.rank_batch(shaped)
    with pytest.raises(InvalidHandError, match="integers"):
        low.rank_batch(np.zeros((2, 5)) + np.arange(5))
    with pytest.raises(InvalidHandError):
        low.rank_of(low.classes)
    assert low.rank(good) is before and low.classes == {"a5": 6175, "a5-8": 57, "27": 7462, "a6": 7462}[low.name]


@pytest.mark.parametrize("size", [5, 6, 7])
def test_the_batch_sorting_networks_sort_every_row(size: int) -> None:
    """By the 0-1 principle a network that sorts every row of zeros and ones sorts every row."""
    from divided.hands.poker.low import _sorted_columns

    rows = (np.arange(2**size)[:, None] >> np.arange(size)) & 1
    assert np.array_equal(np.stack(_sorted_columns(rows), axis=1), np.sort(rows, axis=1))
