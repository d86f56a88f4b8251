"""High poker, hand-made cases: every example sentence of the reference's high-hand and
incomplete-hand paragraphs, words, the protocol, the paths agreeing, and bad input."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest

from divided.cards import JOKER_1, STANDARD_52, Card, parse_cards
from divided.errors import InvalidHandError
from divided.hands.poker import high, system
from divided.hands.poker.high import HIGH, HighSystem
from divided.hands.poker.keys import PokerCategory
from divided.hands.value import HandRank, RankingSystem


def rank(text: str) -> HandRank[PokerCategory]:
    return HIGH.rank(parse_cards(text))


# Strongest first; each beats the next (the reference's category order, then its examples).
DESCENDING = [
    "As Ks Qs Js Ts",  # the royal flush
    "9h Th Jh Qh Kh",
    "5d 4d 3d 2d Ad",  # the steel wheel, the lowest straight flush
    "9s 9h 9d 9c Ks",  # four of a kind, then the kicker
    "9s 9h 9d 9c 2s",
    "Qs Qh Qd 3s 3h",  # full house: the three decide ...
    "Ts Th Td As Ah",  # ... then the pair
    "Ts Th Td Js Jh",
    "Ah Jh 9h 5h 3h",  # flush: highest card, then the next ...
    "Ad Td 9d 5d 3d",
    "Ad Td 9d 5d 2d",
    "Ts Jh Qd Kc Ac",  # straight: the highest top card
    "6s 5h 4d 3c 2c",
    "5s 4h 3d 2c Ah",  # the wheel, the lowest straight
    "7s 7h 7d Ac 2c",  # three of a kind, then kickers
    "7s 7h 7d Kc Qc",
    "Ks Kh 5d 5c 2c",  # two pair: higher pair, lower pair, kicker
    "Qs Qh Td Tc 9c",
    "Qs Qh Td Tc 8c",
    "Qs Qh 9d 9c Ac",
    "As Ah 4d 3c 2h",  # pair, then kickers
    "Ks Kh Ad Qc Jh",
    "Ks Kh Ad Qc Th",
    "As Kh Qd Jc 9h",  # high card
    "3s 2h Ad Kc Qh",  # 3-2-A-K-Q wraps around: no straight
    "7s 5h 4d 3c 2h",  # the weakest five
]


def test_the_reference_order_holds_hand_by_hand() -> None:
    ranks = [rank(text) for text in DESCENDING]
    for stronger, weaker in pairwise(ranks):
        assert stronger > weaker, (stronger, weaker)
    assert ranks[0].order == HIGH.classes - 1
    # Incomplete hands sit among them, compared card by card: 8 > 7-5-4-3-2 > 7-5-4-3.
    assert rank("8s") > rank("7s 5h 4d 3c 2h") > rank("7s 5h 4d 3c")


@pytest.mark.parametrize(
    ("text", "category", "words"),
    [
        ("As Ks Qs Js Ts", PokerCategory.STRAIGHT_FLUSH, "Royal Flush"),
        ("5d 4d 3d 2d Ad", PokerCategory.STRAIGHT_FLUSH, "Straight Flush, five-high"),
        ("9s 9h 9d 9c Ks", PokerCategory.FOUR_OF_A_KIND, "Four nines, with a king"),
        ("Qs Qh Qd 3s 3h", PokerCategory.FULL_HOUSE, "Full House, queens over threes"),
        ("Ah Jh 9h 5h 3h", PokerCategory.FLUSH, "Flush, A-J-9-5-3"),
        ("5s 4h 3d 2c Ah", PokerCategory.STRAIGHT, "Straight, five-high"),
        ("7s 7h 7d Kc Qc", PokerCategory.THREE_OF_A_KIND, "Three sevens, with a king and a queen"),
        ("Ks Kh 5d 5c 2c", PokerCategory.TWO_PAIR, "Two Pair, kings and fives, with a two"),
        ("As Ah 4d 3c 2h", PokerCategory.PAIR, "Pair of aces, with a four, a three and a two"),
        ("3s 2h Ad Kc Qh", PokerCategory.HIGH_CARD, "High Card, A-K-Q-3-2"),
        ("Ts Th Kd", PokerCategory.PAIR, "Pair of tens, with a king"),
        ("Ts", PokerCategory.HIGH_CARD, "High Card, a ten"),
        ("9s 6h", PokerCategory.HIGH_CARD, "High Card, 9-6"),
        ("2h 3h 4h 5h", PokerCategory.HIGH_CARD, "High Card, 5-4-3-2"),  # no straight, no flush
        ("Ts Th Td 4s", PokerCategory.THREE_OF_A_KIND, "Three tens, with a four"),
        ("Ts Th 4d 4s", PokerCategory.TWO_PAIR, "Two Pair, tens and fours"),
        ("Ts Th Td Tc", PokerCategory.FOUR_OF_A_KIND, "Four tens"),
        ("Ts Th Td 4s 4h 4d Kc", PokerCategory.FULL_HOUSE, "Full House, tens over fours"),
        ("2h 3h 4h 5h Ah Kh Ad", PokerCategory.STRAIGHT_FLUSH, "Straight Flush, five-high"),
    ],
)
def test_categories_and_words(text: str, category: PokerCategory, words: str) -> None:
    found = rank(text)
    assert (found.category, found.words, str(found)) == (category, words, words)


def test_identical_hands_split_whatever_their_suits() -> None:
    assert rank("Ks Kh 5d 5c 2c") == rank("Kd Kc 5s 5h 2s")
    assert rank("Ah Jh 9h 5h 3h") is rank("As Js 9s 5s 3s")  # one interned rank per class
    assert rank("Ts Jh Qd Kc Ac Ah") == rank("Th Js Qs Ks As")  # best five of six


def test_incomplete_hands_compare_as_the_reference_says() -> None:
    # "10-10-K beats 10-10-6-2, but 10-10-6 loses to 10-10-6-2; a lone 10 beats 9-6; 9-6 beats
    # 9-5-3, which beats 9-5, which beats 9."
    assert rank("Ts Th Kd") > rank("Ts Th 6d 2c") > rank("Ts Th 6d")
    assert rank("Ts") > rank("9s 6h") > rank("9s 5h 3d") > rank("9s 5h") > rank("9s")
    # No straights, flushes or full houses below five cards; four and three of a kind count.
    assert rank("2s 2h 2d 3c") > rank("Ks Kh Qd Qc") > rank("As Ah Kd") > rank("Ah Kh Qh Jh")
    # A complete hand of the same shape beats an incomplete one: more cards beats fewer.
    assert rank("Ts Th 6d 2c 3s") > rank("Ts Th 6d 2c") and rank("As Kh Qd Jc 2s") > rank("As Kh Qd Jc")
    assert rank("2s 3h 4d 5c 7s") < rank("As Kh Qd Jc") < rank("2s 2h") < rank("Ts Th 6d 2c")


def test_it_is_the_system_high_through_the_protocol() -> None:
    assert system("high") is HIGH and system("high") is system()
    assert HIGH.strength_of_indices is high.strength_of_indices  # a plain function: no bound method
    assert isinstance(HIGH, RankingSystem) and isinstance(HIGH, HighSystem)
    assert (HIGH.name, HIGH.pack, HIGH.sizes, HIGH.categories) == ("high", STANDARD_52, (1, 2, 3, 4, 5, 6, 7), PokerCategory)
    assert HIGH.rank_of(0).words == "High Card, a two" and HIGH.rank_of(HIGH.classes - 1).words == "Royal Flush"
    assert all(HIGH.rank_of(order).order == order for order in range(HIGH.classes))


@pytest.mark.parametrize("size", range(1, 8))
def test_batch_per_call_and_rank_agree_on_random_hands(size: int) -> None:
    rng = np.random.default_rng(size)
    hands = np.argsort(rng.random((2_000, 52)), axis=1)[:, :size]
    for dtype in (np.int8, np.uint8, np.int16, np.int32, np.int64):
        batch = HIGH.rank_batch(hands.astype(dtype))
        assert batch.dtype == np.int32
    per_call = [HIGH.strength_of_indices(row) for row in hands.tolist()]
    numpy_rows = [HIGH.strength_of_indices(row) for row in hands[:50]]  # numpy integers work too
    cards = [[STANDARD_52[index] for index in row] for row in hands[:200].tolist()]
    assert batch.tolist() == per_call and numpy_rows == per_call[:50]
    assert [HIGH.strength(hand) for hand in cards] == per_call[:200]
    assert [HIGH.rank(hand).order for hand in cards] == per_call[:200]
    assert HIGH.rank_batch(np.empty((0, size), dtype=np.int64)).shape == (0,)


BAD_CALLS = [
    ([0, 0, 1, 2, 3], "2s appears more than once"),
    ([0, 0, 0, 0, 9, 10, 11], "2s appears more than once"),  # a card four times
    ([5, 5], "3h appears more than once"),
    ([0, 1, 2, 3, 52], "outside the 52-card pack"),
    ([0, 1, 2, 3, -1], "outside the 52-card pack"),
    ([0, 1, 2, 3, 4, 5, 6, 104], "one to seven cards; got 8"),
    ([], "one to seven cards; got 0"),
    ([0.0, 1, 2, 3, 4], "card indices"),
    ("abcde", "card indices"),
]


@pytest.mark.parametrize(("indices", "message"), BAD_CALLS)
def test_bad_indices_raise_and_change_nothing(indices: object, message: str) -> None:
    before = HIGH.strength_of_indices([48, 49, 50, 51, 44])
    with pytest.raises(InvalidHandError, match=message):
        HIGH.strength_of_indices(indices)  # type: ignore[arg-type]
    assert HIGH.strength_of_indices([48, 49, 50, 51, 44]) == before == rank("As Ah Ad Ac Ks").order


def test_bad_cards_raise() -> None:
    with pytest.raises(InvalidHandError, match="Jk1 is not a card of the 52-card pack"):
        HIGH.rank([*parse_cards("As Ks Qs Js"), JOKER_1])
    with pytest.raises(InvalidHandError, match="appears more than once"):
        HIGH.strength(parse_cards("As As Ks Qs Js"))
    with pytest.raises(InvalidHandError, match="is not a card"):
        HIGH.rank(["As", "Ks"])  # type: ignore[list-item]
    with pytest.raises(InvalidHandError, match="one to seven cards; got 8"):
        HIGH.rank(parse_cards("2s 3s 4s 5s 6s 7s 8s 9s"))
    with pytest.raises(InvalidHandError, match="order runs from 0"):
        HIGH.rank_of(HIGH.classes)
    assert isinstance(Card.parse("As"), Card)


def test_bad_batches_name_the_first_bad_row() -> None:
    good = np.array([[0, 1, 2, 3, 4], [48, 49, 50, 51, 44]])
    expected = HIGH.rank_batch(good).tolist()
    with pytest.raises(InvalidHandError, match="row 2 holds a card index outside"):
        HIGH.rank_batch(np.vstack([good, [[0, 1, 2, 3, 52]], [[-1, 1, 2, 3, 4]]]))
    with pytest.raises(InvalidHandError, match="row 1 holds a card index outside"):
        HIGH.rank_batch(np.vstack([good[:1], [[-1, 1, 2, 3, 4]]]))
    with pytest.raises(InvalidHandError, match="row 3 repeats a card"):
        HIGH.rank_batch(np.vstack([good, good[:1], [[7, 6, 5, 4, 7]]]))
    many = np.tile(good, (20_000, 1))
    many[35_001, 1] = many[35_001, 0]
    with pytest.raises(InvalidHandError, match="row 35001 repeats a card"):  # past the first chunk
        HIGH.rank_batch(many)
    for shape in [(3,), (2, 8), (2, 0), (1, 2, 5)]:
        with pytest.raises(InvalidHandError, match="expected an"):
            HIGH.rank_batch(np.zeros(shape, dtype=np.int64))
    with pytest.raises(InvalidHandError, match="integers"):
        HIGH.rank_batch(good.astype(float))
    assert HIGH.rank_batch(good).tolist() == expected
