"""Six-card poker, hand-made cases from the reference: the category order, the order within
categories, the straights (the ace high or low, no wrap-around), two decks (six and five of a
kind, flushes holding a card twice, the duplication tie-break), words, the three entry points
agreeing, and bad input."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest

from divided.cards import JOKER_1, STANDARD_52, parse_cards
from divided.errors import InvalidHandError, RuleOptionError
from divided.hands.poker import system
from divided.hands.poker.six import SixCategory, SixSystem, six_card
from divided.hands.value import RankingSystem

ONE, TWO = six_card(1), six_card(2)

# One deck, strongest first, each hand strictly beating the next.
ONE_DECK_DESCENDING = [
    ("9h Th Jh Qh Kh Ah", "Straight Flush"),  # the highest: A-K-Q-J-10-9 suited
    ("8h 9h Th Jh Qh Kh", "Straight Flush"),
    ("Ah 2h 3h 4h 5h 6h", "Straight Flush"),  # the ace low: the lowest
    ("As Ah Ad Ks Kh Kd", "Spillover"),  # three and three: the higher three first
    ("As Ah Ad 2s 2h 2d", "Spillover"),
    ("Ks Kh Kd Qs Qh Qd", "Spillover"),
    ("As Ah Ad Ac Ks Kh", "Four and Two"),  # the four, then the two
    ("As Ah Ad Ac 2s 2h", "Four and Two"),
    ("Ks Kh Kd Kc As Ah", "Four and Two"),
    ("As Ks Qs Js 9s 8s", "Flush"),  # six suited: the highest card, then the next...
    ("As Ks Qs Js 9s 7s", "Flush"),
    ("8d 6d 5d 4d 3d 2d", "Flush"),  # 7-6-5-4-3-2 would be a straight flush
    ("9s Th Jd Qc Ks Ah", "Straight"),  # six in sequence, the ace high
    ("8s 9h Td Jc Qs Kh", "Straight"),
    ("As 2h 3d 4c 5s 6h", "Straight"),  # the ace low: the lowest straight
    ("As Ah Ad Ac Ks Qh", "Four of a Kind"),  # then the kickers, high to low
    ("As Ah Ad Ac Ks Jh", "Four of a Kind"),
    ("Ks Kh Kd Kc As Qh", "Four of a Kind"),
    ("As Ah Ks Kh 3d 3c", "Three Pair"),  # highest pair, then the next, then the last
    ("As Ah Ks Kh 2d 2c", "Three Pair"),
    ("As Ah Qs Qh Jd Jc", "Three Pair"),
    ("Qs Qh Qd 4s 4h 2c", "Full House"),  # the three decide, then the two, then the one
    ("Qs Qh Qd 3s 3h 4c", "Full House"),
    ("Qs Qh Qd 3s 3h 2c", "Full House"),
    ("Js Jh Jd As Ah Kc", "Full House"),
    ("As Ah Ad Ks Qh Jc", "Three of a Kind"),
    ("As Ah Ad Ks Qh Tc", "Three of a Kind"),
    ("Ks Kh Kd As Qh Jc", "Three of a Kind"),
    ("As Ah Ks Kh Qd Jc", "Two Pair"),
    ("As Ah Ks Kh Qd Tc", "Two Pair"),
    ("As Ah Qs Qh Kd Jc", "Two Pair"),
    ("As Ah Ks Qh Jd 9c", "One Pair"),
    ("As Ah Ks Qh Jd 8c", "One Pair"),
    ("Ks Kh As Qh Jd 9c", "One Pair"),
    ("As Ks Qh Jd Tc 8s", "No Pair"),
    ("Qs Kh Ad 2c 3s 4h", "No Pair"),  # no wrap-around: ace-high, A-K-Q-4-3-2
    ("As 2h 3d 4c 5s 7h", "No Pair"),  # A-7-5-4-3-2 is ace-high, no straight
    ("Ks Qh Jd Tc 9s 7h", "No Pair"),
    ("8s 6h 5d 4c 3s 2h", "No Pair"),  # the lowest hand of one deck
]

# Two decks, strongest first, each hand strictly beating the next.
TWO_DECK_DESCENDING = [
    ("As As Ah Ah Ad Ad", "Six of a Kind"),  # three identical pairs
    ("As As Ah Ah Ad Ac", "Six of a Kind"),  # two
    ("Ks Ks Kh Kh Kd Kd", "Six of a Kind"),
    ("9h Th Jh Qh Kh Ah", "Straight Flush"),
    ("Ah 2h 3h 4h 5h 6h", "Straight Flush"),
    ("As As Ah Ah Ad Ks", "Five of a Kind"),  # the kicker before duplication:
    ("As As Ah Ad Ac Ks", "Five of a Kind"),
    ("As As Ah Ah Ad Qs", "Five of a Kind"),  # ...a queen loses to a king whatever the duplication
    ("As As Ah Ks Kh Kd", "Spillover"),  # identical aces: the first group's duplication decides
    ("As Ah Ad Ks Ks Kh", "Spillover"),
    ("As Ah Ad Ks Kh Kd", "Spillover"),
    ("Ks Ks Kh Kh 5d 5d", "Four and Two"),
    ("Ks Ks Kh Kh 5d 5c", "Four and Two"),
    ("Ks Ks Kh Kd 5d 5d", "Four and Two"),
    ("As As Ks Ks Qs Qs", "Flush"),  # six suited with cards twice is still a flush
    ("As As Ks Qs Js 9s", "Flush"),  # every card counts: A-A-K-Q-J-9 ...
    ("As Ks Qs Js Ts 8s", "Flush"),  # ... beats A-K-Q-J-10-8
    ("9s Th Jd Qc Ks Ah", "Straight"),
    ("Ks Ks Kh Kh Qd 2c", "Four of a Kind"),  # two identical pairs
    ("Ks Ks Kh Kd Qd 2c", "Four of a Kind"),  # one
    ("Ks Kh Kd Kc Qd 2c", "Four of a Kind"),  # none
    ("As As Ks Ks Qd Qd", "Three Pair"),
    ("As As Ks Kh Qd Qd", "Three Pair"),  # the second pair's duplication before the third's
    ("As As Ks Kh Qd Qc", "Three Pair"),
    ("As Ah Ks Ks Qd Qd", "Three Pair"),
    ("As Ah Ks Kh Qd Qc", "Three Pair"),
    ("Qs Qs Qh 3s 3h 2c", "Full House"),
    ("Qs Qh Qd 3s 3s 2c", "Full House"),
    ("Qs Qh Qd 3s 3h 2c", "Full House"),
    ("Ks Ks Kh As Qh Jc", "Three of a Kind"),
    ("Ks Kh Kd As Qh Jc", "Three of a Kind"),
    ("Ks Ks 5s 5s Qc 2h", "Two Pair"),  # both pairs identical
    ("Ks Ks 5h 5d Qc 2s", "Two Pair"),  # the higher pair identical beats ...
    ("Kh Kd 5s 5s Qc 2s", "Two Pair"),  # ... the lower pair identical
    ("Kh Kd 5s 5h Qc 2s", "Two Pair"),
    ("As As Kh Qd Jc 9s", "One Pair"),  # a pair of identical cards ...
    ("As Ah Kh Qd Jc 9s", "One Pair"),  # ... beats a pair of different suits
    ("As As Kh Qd Jc 8s", "One Pair"),  # the kickers come before duplication
    ("As Ks Qh Jd Tc 8s", "No Pair"),
]


@pytest.mark.parametrize(("system_", "hands"), [(ONE, ONE_DECK_DESCENDING), (TWO, TWO_DECK_DESCENDING)])
def test_hands_in_descending_order_with_their_categories(
    system_: SixSystem, hands: list[tuple[str, str]]
) -> None:
    ranks = [system_.rank(parse_cards(text)) for text, _ in hands]
    assert [rank.category.label for rank in ranks] == [label for _, label in hands]
    for ((stronger, _), a), ((weaker, _), b) in pairwise(zip(hands, ranks, strict=True)):
        assert a > b, f"{stronger} should beat {weaker}"


def test_equal_hands_tie() -> None:
    assert ONE.rank(parse_cards("As Ah Ks Qh Jd 9c")) is ONE.rank(parse_cards("Ad Ac Kh Qs Jc 9d"))
    assert ONE.rank(parse_cards("9s Th Jd Qc Ks Ah")) == ONE.rank(parse_cards("Ah Kh Qc Js Td 9d"))
    assert ONE.rank(parse_cards("As Ks Qs Js 9s 7s")) == ONE.rank(parse_cards("7h 9h Jh Qh Kh Ah"))
    # two decks: equal duplication, any suits, any order of the cards
    assert TWO.rank(parse_cards("As As Kh Qd Jc 9s")) is TWO.rank(parse_cards("9h Jd Qc Ks Ah Ah"))
    assert TWO.rank(parse_cards("Ks Ks 5h 5d Qc 2s")) == TWO.rank(parse_cards("Kd Kd 5s 5c Qh 2h"))


def test_a_hand_of_distinct_cards_has_the_same_category_with_two_decks() -> None:
    for text, label in ONE_DECK_DESCENDING:
        assert TWO.rank(parse_cards(text)).category.label == label


def test_categories_and_their_order() -> None:
    assert [category.label for category in sorted(SixCategory, reverse=True)] == [
        "Six of a Kind", "Straight Flush", "Five of a Kind", "Spillover", "Four and Two", "Flush",
        "Straight", "Four of a Kind", "Three Pair", "Full House", "Three of a Kind", "Two Pair",
        "One Pair", "No Pair",
    ]  # fmt: skip
    assert ONE.categories is TWO.categories is SixCategory


WORDS = [
    (ONE, "9h Th Jh Qh Kh Ah", "Straight Flush, ace-high"),
    (ONE, "Ah 2h 3h 4h 5h 6h", "Straight Flush, six-high"),
    (ONE, "As Ah Ad Ks Kh Kd", "Spillover, aces and kings"),
    (ONE, "Ks Kh Kd Kc 5s 5h", "Four and Two, kings over fives"),
    (ONE, "As Ks Qs Js 9s 7s", "Flush, A-K-Q-J-9-7"),
    (ONE, "As 2h 3d 4c 5s 6h", "Straight, six-high"),
    (ONE, "Ts Th Td Tc As 2h", "Four tens, with an ace and a two"),
    (ONE, "As Ah Ks Kh 3d 3c", "Three Pair, aces, kings and threes"),
    (ONE, "Qs Qh Qd 3s 3h 2c", "Full House, queens over threes, with a two"),
    (ONE, "6s 6h 6d As Qh 8c", "Three sixes, with an ace, a queen and an eight"),
    (ONE, "Ks Kh 5d 5c Qs 2h", "Two Pair, kings and fives, with a queen and a two"),
    (ONE, "As Ah Ks Qh Jd 9c", "Pair of aces, with a king, a queen, a jack and a nine"),
    (ONE, "As Ks Qh Jd Tc 8s", "No Pair, A-K-Q-J-10-8"),
    (TWO, "As As Ah Ah Ad Ad", "Six of a Kind, aces; identical cards: three pairs of aces"),
    (TWO, "As As Ah Ad Ac Ks", "Five of a Kind, aces, with a king; identical cards: a pair of aces"),
    (TWO, "As As Ks Qs Js 9s", "Flush, A-A-K-Q-J-9"),
    (
        TWO,
        "Ks Ks Kh Kh 5d 5d",
        "Four and Two, kings over fives; identical cards: two pairs of kings and a pair of fives",
    ),
    (
        TWO,
        "Kh Kd 5s 5s Qc 2s",
        "Two Pair, kings and fives, with a queen and a two; identical cards: a pair of fives",
    ),
    (TWO, "As Ah Kh Qd Jc 9s", "Pair of aces, with a king, a queen, a jack and a nine"),
]


@pytest.mark.parametrize(("system_", "text", "words"), WORDS)
def test_words(system_: SixSystem, text: str, words: str) -> None:
    rank = system_.rank(parse_cards(text))
    assert str(rank) == rank.describe() == words


def test_the_system_door_and_the_protocol() -> None:
    assert system("six") is ONE and system("six", decks=2) is TWO
    assert (ONE.name, TWO.name) == ("six", "six-2decks")
    for six in (ONE, TWO):
        assert isinstance(six, RankingSystem)
        assert six.pack is STANDARD_52 and six.sizes == (6,)
    assert (ONE.classes, TWO.classes) == (20_111, 63_505)
    with pytest.raises(TypeError):
        _ = ONE.rank(parse_cards("As Ah Ks Qh Jd 9c")) < TWO.rank(parse_cards("As Ah Ks Qh Jd 9c"))


def test_ranks_are_interned_and_rank_of_names_every_order() -> None:
    for six in (ONE, TWO):
        rank = six.rank(parse_cards("Qs Qh Qd 3s 3h 2c"))
        assert six.rank_of(rank.order) is rank
        assert six.rank_of(0).category == SixCategory.NO_PAIR
        assert six.rank_of(six.classes - 1).category == (
            SixCategory.SIX_OF_A_KIND if six is TWO else SixCategory.STRAIGHT_FLUSH
        )
        for order in (-1, six.classes):
            with pytest.raises(InvalidHandError, match="order runs from 0"):
                six.rank_of(order)


def random_hands(six: SixSystem, n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    cards = 52 * six.decks
    return np.argsort(rng.random((n, cards)), axis=1)[:, :6] % 52


@pytest.mark.parametrize("six", [ONE, TWO], ids=["one-deck", "two-decks"])
def test_batch_per_call_and_rank_agree(six: SixSystem) -> None:
    hands = random_hands(six, 3_000, seed=6)
    batch = six.rank_batch(hands)
    assert batch.dtype == np.int32
    for row, order in zip(hands.tolist(), batch.tolist(), strict=True):
        cards = [STANDARD_52[i] for i in row]
        assert six.strength_of_indices(row) == six.strength(cards) == six.rank(cards).order == order
    for dtype in (np.int8, np.uint8, np.int16, np.uint32, np.int64):
        assert (six.rank_batch(hands.astype(dtype)) == batch).all()
    assert six.rank_batch(np.zeros((0, 6), dtype=np.int64)).shape == (0,)


def test_two_decks_cover_hands_only_two_decks_make() -> None:
    hands = random_hands(TWO, 20_000, seed=7)
    orders = TWO.rank_batch(hands)
    repeated = np.array([len(set(row)) < 6 for row in hands.tolist()])
    assert repeated.any() and (~repeated).any()
    assert (orders[repeated] == [TWO.strength_of_indices(row) for row in hands[repeated].tolist()]).all()


BAD_PER_CALL = [
    (ONE, "As Ah Ks Qh Jd", "is 6 cards; got 5"),
    (ONE, "As Ah Ks Qh Jd 9c 8c", "is 6 cards; got 7"),
    (ONE, "As As Ks Qh Jd 9c", "As appears 2 times; with one deck each card appears once"),
    (TWO, "As As As Qh Jd 9c", "As appears 3 times; two decks hold two of each card"),
    (TWO, "As As As Ks Qs Js", "As appears 3 times; two decks hold two of each card"),  # suited
    (TWO, "Kd As Kd Kd Qh 2c", "Kd appears 3 times"),
]


@pytest.mark.parametrize(("six", "text", "message"), BAD_PER_CALL)
def test_bad_hands_raise_and_change_nothing(six: SixSystem, text: str, message: str) -> None:
    before = six.rank(parse_cards("Qs Qh Qd 3s 3h 2c"))
    cards = parse_cards(text)
    with pytest.raises(InvalidHandError, match=message):
        six.rank(cards)
    with pytest.raises(InvalidHandError, match=message):
        six.strength(cards)
    if len(cards) == 6:
        with pytest.raises(InvalidHandError, match=message):
            six.strength_of_indices([STANDARD_52.index(card) for card in cards])
        with pytest.raises(InvalidHandError, match=f"row 1: .*{message}"):
            six.rank_batch([[0, 4, 8, 12, 17, 24], [STANDARD_52.index(card) for card in cards]])
    assert six.rank(parse_cards("Qs Qh Qd 3s 3h 2c")) is before


@pytest.mark.parametrize("six", [ONE, TWO], ids=["one-deck", "two-decks"])
def test_indices_outside_the_pack_and_bad_arrays(six: SixSystem) -> None:
    for row in ([0, 1, 2, 3, 4, 52], [-1, 1, 2, 3, 4, 5]):
        with pytest.raises(InvalidHandError, match="not a card of the 52-card pack"):
            six.strength_of_indices(row)
        with pytest.raises(InvalidHandError, match="row 2: card index"):
            six.rank_batch([[0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11], row])
    with pytest.raises(InvalidHandError, match="is 6 cards; got 5"):
        six.strength_of_indices([0, 1, 2, 3, 4])
    with pytest.raises(InvalidHandError, match=r"card index 4\.0 is not an integer"):
        six.strength_of_indices([0, 1, 2, 3, 4.0, 5])  # type: ignore[list-item]
    with pytest.raises(InvalidHandError, match="sequence of six card indices"):
        six.strength_of_indices(7)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match=r"\(n, 6\) integer array"):
        six.rank_batch([[0, 1, 2, 3, 4]])
    with pytest.raises(InvalidHandError, match=r"\(n, 6\) integer array"):
        six.rank_batch(np.array([[0.0, 1, 2, 3, 4, 5]]))
    with pytest.raises(InvalidHandError, match=r"\(n, 6\) integer array"):
        six.rank_batch([0, 1, 2, 3, 4, 5])
    with pytest.raises(InvalidHandError, match="Jk1 is not a card of the 52-card pack"):
        six.rank([JOKER_1, *parse_cards("As Ks Qs Js 9s")])


@pytest.mark.parametrize("six", [ONE, TWO], ids=["one-deck", "two-decks"])
def test_a_bad_row_deep_in_a_large_batch_is_named(six: SixSystem) -> None:
    hands = random_hands(ONE, 100_000, seed=8)
    hands[70_001] = [5, 5, 5, 9, 13, 17]
    with pytest.raises(InvalidHandError, match=r"^row 70001: 3h appears 3 times"):
        six.rank_batch(hands)
    hands[70_001, 0] = 52
    with pytest.raises(InvalidHandError, match=r"^row 70001: card index 52"):
        six.rank_batch(hands)


def test_decks_are_one_or_two() -> None:
    for decks in (0, 3, True):
        with pytest.raises(RuleOptionError, match="1 or 2 decks"):
            SixSystem(decks)
    with pytest.raises(RuleOptionError, match="decks is 1 or 2"):
        system("six", decks=3)
