"""Wild cards, hand by hand: every sentence of the reference's wild-card section, the bug, the
double-ace flush, natural beats wild, one-eyed jacks, the low systems' fillers, names and errors."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from divided.cards import JOKER, STANDARD_52, STANDARD_54, parse_cards
from divided.errors import InvalidHandError, RuleOptionError
from divided.hands.poker import system
from divided.hands.poker.keys import PokerCategory as C
from divided.hands.poker.wild import WILD_SETS, WildSystem, wild_cards, wild_system
from divided.hands.value import RankingSystem


def ranked(rules: str, hand: str, wild: str = "jokers", **options: Any) -> tuple[C, str]:
    rank = system(rules, wild=wild, **options).rank(parse_cards(hand))
    return rank.category, str(rank)


def order(rules: str, hand: str, wild: str = "jokers", **options: Any) -> int:
    return system(rules, wild=wild, **options).rank(parse_cards(hand)).order


# --- the reference, sentence by sentence -------------------------------------------------------


def test_a_wild_card_is_any_card_not_held() -> None:
    # A♠ K♠ 7♠ 4♠ + W: the wild card cannot be the A♠ again, so the best flush is A-K-Q-7-4
    assert ranked("high", "As Ks 7s 4s Jk1") == (C.FLUSH, "Flush, A-K-Q-7-4")
    assert order("high", "As Ks 7s 4s Jk1") == order("high", "As Ks Qs 7s 4s")
    assert ranked("high", "Ks Kh 9d 5c Jk2") == (C.THREE_OF_A_KIND, "Three kings, with a nine and a five")
    assert ranked("high", "9s 8h 6d 5c Jk1") == (C.STRAIGHT, "Straight, nine-high")
    assert ranked("high", "Js Th 9d 8c Jk1") == (C.STRAIGHT, "Straight, queen-high")


def test_five_of_a_kind_beats_a_royal_flush_five_aces_highest() -> None:
    five_aces = order("high", "As Ah Ad Ac Jk1")
    assert ranked("high", "As Ah Ad Ac Jk1") == (C.FIVE_OF_A_KIND, "Five of a Kind, aces")
    assert ranked("high", "Ts Th Jk1 Jk2 Td") == (C.FIVE_OF_A_KIND, "Five of a Kind, tens")
    royal = order("high", "Ts Js Qs Ks As")
    five_twos = order("high", "2s 2h 2d Jk1 Jk2")
    assert five_aces > order("high", "Ks Kh Kd Kc Jk1") > five_twos > royal
    assert five_aces == system("high", wild="jokers").classes - 1  # type: ignore[attr-defined]
    assert ranked("high", "As Ah Ad Ac 2s", wild="deuces") == (C.FIVE_OF_A_KIND, "Five of a Kind, aces")


def test_deuces_and_one_eyed_jacks() -> None:
    assert ranked("high", "2s 2h Ks Qs Js", wild="deuces") == (C.STRAIGHT_FLUSH, "Royal Flush")
    assert ranked("high", "2s 2h 2d 2c 7h", wild="deuces") == (C.FIVE_OF_A_KIND, "Five of a Kind, sevens")
    # J♥ and J♠ are wild; J♦ and J♣ are natural jacks
    assert ranked("high", "Jh Ts 9s 8s 7d", wild="one-eyed-jacks") == (C.STRAIGHT, "Straight, jack-high")
    assert ranked("high", "Jd Jc Jh 5s 5c", wild="one-eyed-jacks") == (
        C.FULL_HOUSE,
        "Full House, jacks over fives",
    )
    assert ranked("high", "Js Jh Jd Jc 3s", wild="one-eyed-jacks") == (
        C.FOUR_OF_A_KIND,
        "Four jacks, with a three",
    )
    assert ranked("high", "Js Jh 3d 3c 3s", wild="one-eyed-jacks") == (
        C.FIVE_OF_A_KIND,
        "Five of a Kind, threes",
    )
    assert ranked("high", "Jd Jc 9h 5s 3c", wild="one-eyed-jacks")[0] == C.PAIR
    assert ranked("high", "Jd Jc 9h 5s 3c", wild="jokers")[0] == C.PAIR


def test_the_bug() -> None:
    # with any other four of a kind it is an ace kicker
    assert ranked("high", "Ks Kh Kd Kc Jk1", wild="bug") == (C.FOUR_OF_A_KIND, "Four kings, with an ace")
    assert ranked("high", "Ks Kh Kd Kc Jk1", wild="jokers") == (C.FIVE_OF_A_KIND, "Five of a Kind, kings")
    # five aces is the only five of a kind it allows
    assert ranked("high", "As Ah Ad Ac Jk1", wild="bug") == (C.FIVE_OF_A_KIND, "Five of a Kind, aces")
    assert ranked("high", "As Ah Ad Jk1 Jk2", wild="bug") == (C.FIVE_OF_A_KIND, "Five of a Kind, aces")
    # otherwise an ace, unless it completes a straight or a flush
    assert ranked("high", "Kh Kd Qs 5c Jk1", wild="bug") == (
        C.PAIR,
        "Pair of kings, with an ace, a queen and a five",
    )
    assert ranked("high", "Kh Kd Ks 5c Jk1", wild="bug") == (
        C.THREE_OF_A_KIND,
        "Three kings, with an ace and a five",
    )
    assert ranked("high", "Kh Kd 5s 5c Jk1", wild="bug") == (
        C.TWO_PAIR,
        "Two Pair, kings and fives, with an ace",
    )
    assert ranked("high", "Ah Kd 5s 5c Jk1", wild="bug") == (
        C.TWO_PAIR,
        "Two Pair, aces and fives, with a king",
    )
    assert ranked("high", "9s 8h 7d 6c Jk1", wild="bug") == (C.STRAIGHT, "Straight, ten-high")
    assert ranked("high", "9s 8h 6d 5c Jk1", wild="bug") == (C.STRAIGHT, "Straight, nine-high")
    assert ranked("high", "2s 7s 9s Js Jk1", wild="bug") == (C.FLUSH, "Flush, A-J-9-7-2")
    assert ranked("high", "9s Ts Js Qs Jk1", wild="bug") == (C.STRAIGHT_FLUSH, "Straight Flush, king-high")
    assert ranked("high", "Ks Kh Jk1 Jk2 5d", wild="bug") == (
        C.TWO_PAIR,
        "Two Pair, aces and kings, with a five",
    )
    assert ranked("high", "Ks Kh Kd Jk1 Jk2", wild="bug") == (C.FULL_HOUSE, "Full House, kings over aces")
    assert ranked("high", "Ks Qh Jd Jk1 Jk2", wild="bug") == (C.STRAIGHT, "Straight, ace-high")


def test_double_ace_flush() -> None:
    assert ranked("high", "As Ks 7s 4s Jk1", double_ace_flush=True) == (C.FLUSH, "Flush, A-A-K-7-4")
    assert ranked("high", "As Ks 7s 4s Jk1", wild="bug", double_ace_flush=True) == (
        C.FLUSH,
        "Flush, A-A-K-7-4",
    )
    # it beats every flush of five different cards, and still loses to a full house
    flush_daf = order("high", "As Ks 7s 4s Jk1", double_ace_flush=True)
    assert order("high", "As Ks Qs Js 9s", double_ace_flush=True) < flush_daf
    assert flush_daf < order("high", "2s 2h 2d 3c 3h", double_ace_flush=True)
    # without the rule A-K-Q-7-4 loses to a natural A-K-Q-J-9
    assert order("high", "As Ks 7s 4s Jk1") < order("high", "As Ks Qs Js 9s")
    # two wild cards may both copy held cards: A-A-A-K-7
    assert ranked("high", "As Ks 7s Jk1 Jk2", double_ace_flush=True) == (C.FLUSH, "Flush, A-A-A-K-7")
    assert ranked("high", "As Ks 7s Jk1 Jk2") == (C.FLUSH, "Flush, A-K-Q-J-7")
    assert ranked("high", "As Kh 7s Jk1 Jk2") == (C.THREE_OF_A_KIND, "Three aces, with a king and a seven")


def test_natural_beats_wild() -> None:
    natural, wild = "Ts Js Qs Ks As", "Ts Js Qs Ks Jk1"
    assert order("high", natural) == order("high", wild)
    assert order("high", natural, natural_beats_wild=True) > order("high", wild, natural_beats_wild=True)
    one, two = "As Ah Ad Ac Jk1", "As Ah Ad Jk1 Jk2"
    assert order("high", one) == order("high", two)
    assert order("high", one, natural_beats_wild=True) > order("high", two, natural_beats_wild=True)
    # only between otherwise equal hands: a wild royal still beats a natural straight flush
    assert order("high", wild, natural_beats_wild=True) > order(
        "high", "9s Ts Js Qs Ks", natural_beats_wild=True
    )
    assert order("27", "7s 5h 4d 3c 2s", natural_beats_wild=True) > order(
        "27", "7s 5h 4d 3c Jk1", natural_beats_wild=True
    )
    assert order("27", "7s 5h 4d 3c 2s") == order("27", "7s 5h 4d 3c Jk1")
    plain = system("high", wild="jokers").classes  # type: ignore[attr-defined]
    assert system("high", wild="jokers", natural_beats_wild=True).classes > plain  # type: ignore[attr-defined]
    # a deuce counts as wild even as a deuce: 2-3-4-5-6 is a seven-high straight with one wild card
    assert ranked("high", "2s 3h 4d 5c 6s", wild="deuces") == (C.STRAIGHT, "Straight, seven-high")
    assert order("high", "2s 3h 4d 5c 6s", wild="deuces") == order("high", "7s 3h 4d 5c 6s", wild="deuces")
    assert order("high", "2s 3h 4d 5c 6s", wild="deuces", natural_beats_wild=True) < order(
        "high", "7s 3h 4d 5c 6s", wild="deuces", natural_beats_wild=True
    )
    # with more than five cards, a wild card left out of the best five does not count
    assert order("high", "Ts Js Qs Ks As Jk1 2c", natural_beats_wild=True) == order(
        "high", natural, natural_beats_wild=True
    )


def test_low_wild_is_the_best_filler() -> None:
    assert ranked("high", "6s 5h 3d 2c Jk1") == (C.STRAIGHT, "Straight, six-high")
    assert ranked("a5", "6s 5h 3d 2c Jk1") == (C.HIGH_CARD, "Six-high low: 6-5-3-2-A")
    assert ranked("27", "6s 5h 3d 2c Jk1") == (C.HIGH_CARD, "Seven-high low: 7-6-5-3-2")
    assert ranked("a6", "6s 5h 3d 2c Jk1") == (C.HIGH_CARD, "Six-high low: 6-5-3-2-A")
    # ace-to-five: an ace, or the lowest rank not held
    assert ranked("a5", "As 2h 3d 4c Jk1") == (C.HIGH_CARD, "Five-high low: 5-4-3-2-A")
    assert ranked("a5", "As 2h Jk2 4c Jk1") == (C.HIGH_CARD, "Five-high low: 5-4-3-2-A")
    # deuce-to-seven: no pair, no straight, no flush (the wild card takes another suit)
    assert ranked("27", "7s 5s 4s 3s Jk1") == (C.HIGH_CARD, "Seven-high low: 7-5-4-3-2")
    assert ranked("27", "6s 5h 4d 3c Jk1") == (C.HIGH_CARD, "Eight-high low: 8-6-5-4-3")
    assert ranked("27", "7s 5h 4d Jk1 Jk2") == (C.HIGH_CARD, "Seven-high low: 7-5-4-3-2")
    # ace-to-six: A-2-3-4-5 is a straight, so the filler avoids it
    assert ranked("a6", "As 2h 3d 4c Jk1") == (C.HIGH_CARD, "Six-high low: 6-4-3-2-A")
    # a wild card cannot unpair a hand
    assert ranked("a5", "Ks Kh 3d 4c Jk1")[0] == C.PAIR
    assert ranked("27", "6s 5h 3d 2c 2h", wild="deuces") == (C.HIGH_CARD, "Seven-high low: 7-6-5-3-2")


def test_qualifier_with_wild_cards() -> None:
    # the wild card may make a hand qualify for eight or better
    assert ranked("a5", "8s 7h 6d 5c Jk1", qualifier=8) == (C.HIGH_CARD, "Eight-high low: 8-7-6-5-A")
    assert ranked("a5", "8s 7h 6d 5c Ks", wild="jokers", qualifier=8) == (C.NO_LOW, "No qualifying low")
    assert ranked("a5", "9s 7h 6d 5c Jk1", qualifier=8) == (C.NO_LOW, "No qualifying low")
    assert ranked("a5", "8s 8h 6d 5c Jk1", qualifier=8) == (C.NO_LOW, "No qualifying low")
    low = system("a5", wild="jokers", qualifier=8, natural_beats_wild=True)
    no_low = {
        low.rank(parse_cards(hand)).order
        for hand in ("9s 7h 6d 5c Jk1", "9s 7h 6d 5c 4c", "Ks Kh Jk1 Jk2 2c")
    }
    assert no_low == {0}


def test_best_five_of_seven() -> None:
    assert ranked("high", "As Ah Ad Ac Jk1 2c 3d") == (C.FIVE_OF_A_KIND, "Five of a Kind, aces")
    assert ranked("high", "Ts Js Qs Ks 2c 3d Jk1") == (C.STRAIGHT_FLUSH, "Royal Flush")
    assert ranked("high", "Ks Kh Kd Kc 2c 3d Jk1", wild="bug") == (
        C.FOUR_OF_A_KIND,
        "Four kings, with an ace",
    )
    assert ranked("a5", "Ks Qh 2d 3c Jk1 Jk2 9s") == (C.HIGH_CARD, "Nine-high low: 9-4-3-2-A")
    assert ranked("a5", "Ks Qh 2d 3c Jk1 Jk2 5s") == (C.HIGH_CARD, "Five-high low: 5-4-3-2-A")
    assert ranked("27", "2s 3s 4s 5s 7s Jk1 Kd") == (C.HIGH_CARD, "Seven-high low: 7-5-4-3-2")


# --- the system's surface ----------------------------------------------------------------------


def test_names_packs_and_sets() -> None:
    assert system("high", wild="jokers").name == "high+wild:jokers"
    assert system("a5", wild="deuces").name == "a5+wild:deuces"
    assert system("high", wild="bug").name == "high+bug"
    assert system("high", wild="2d 2c").name == "high+wild:2c,2d"
    assert system("a5", wild="deuces", qualifier=8, natural_beats_wild=True, double_ace_flush=True).name == (
        "a5-8+wild:deuces+nbw+daf"
    )
    assert system("high", wild="jokers").pack is STANDARD_54
    assert system("high", wild="deuces").pack is STANDARD_52
    assert system("27", wild="Jk 7d").pack is STANDARD_54
    assert wild_cards("deuces") == frozenset(parse_cards("2s 2h 2d 2c"))
    assert wild_cards("one-eyed-jacks") == frozenset(parse_cards("Jh Js"))
    assert wild_cards("bug") == WILD_SETS["jokers"] == frozenset(parse_cards("Jk1 Jk2"))
    assert wild_cards(parse_cards("Jk 3h")) == frozenset(parse_cards("Jk1 Jk2 3h"))
    built = system("high", wild="jokers")
    assert isinstance(built, WildSystem) and isinstance(built, RankingSystem)
    assert built is wild_system("high", "jokers") is system("high", wild=" Jokers ")
    assert (
        wild_system("high", "2c 2d")
        is wild_system("high", "2d,2c")
        is system("high", wild=parse_cards("2d 2c"))
    )
    assert built.sizes == (5, 6, 7) and built.categories is C


def test_the_21_card_joker_is_a_joker() -> None:
    jokers = system("high", wild="jokers")
    assert jokers.rank([*parse_cards("As Ah Ad"), JOKER, JOKER]) is jokers.rank(
        parse_cards("As Ah Ad Jk1 Jk2")
    )
    with pytest.raises(InvalidHandError, match="not a card of the 52-card pack"):
        system("high", wild="deuces").rank(parse_cards("As Ah Ad Ac Jk"))


def test_batch_equals_per_call_for_every_size_and_dtype() -> None:
    jokers = system("high", wild="jokers", natural_beats_wild=True)
    rng = np.random.default_rng(14)
    for size in (5, 6, 7):
        hands = np.array([rng.choice(54, size, replace=False) for _ in range(300)])
        expected = [jokers.strength_of_indices([int(i) for i in hand]) for hand in hands]  # type: ignore[attr-defined]
        for dtype in (np.int8, np.uint8, np.int16, np.int64):
            out = jokers.rank_batch(hands.astype(dtype))
            assert out.dtype == np.int32 and out.tolist() == expected
        assert expected == [jokers.rank([STANDARD_54[int(i)] for i in hand]).order for hand in hands]
    assert jokers.rank_batch(np.zeros((0, 5), dtype=np.int64)).shape == (0,)


def test_bad_input() -> None:
    jokers = system("high", wild="jokers")
    before = jokers.rank(parse_cards("As Ah Ad Ac Jk1"))
    for hand, message in [
        ("As Ah Ad Ac", "five to seven cards"),
        ("As Ah Ad Ac Ks Kh Kd Kc", "five to seven cards"),
        ("As Ah Ad Ac As", "more than once"),
    ]:
        with pytest.raises(InvalidHandError, match=message):
            jokers.rank(parse_cards(hand))
    with pytest.raises(InvalidHandError, match="not a card of the 52-card pack"):
        system("a5", wild="deuces").rank(parse_cards("As Ah Ad Ac Jk1"))
    with pytest.raises(InvalidHandError, match="Jk2 is not wild"):
        system("high", wild="Jk1 2c").rank(parse_cards("As Ah Ad Ac Jk2"))
    with pytest.raises(InvalidHandError, match="outside the 54-card pack"):
        jokers.strength_of_indices([0, 1, 2, 3, 54])  # type: ignore[attr-defined]
    with pytest.raises(InvalidHandError, match="more than once"):
        jokers.strength_of_indices([0, 1, 2, 3, 3])  # type: ignore[attr-defined]
    with pytest.raises(InvalidHandError, match=r"row 1: .*outside"):
        jokers.rank_batch([[0, 1, 2, 3, 4], [0, 1, 2, 3, 60], [0, 0, 1, 2, 3]])
    with pytest.raises(InvalidHandError, match=r"row 2: .*more than once"):
        jokers.rank_batch([[0, 1, 2, 3, 4], [0, 1, 2, 3, 5], [0, 0, 1, 2, 3]])
    many = np.tile(np.arange(7), (20_000, 1))
    many[12_345, 6] = 53
    many[12_346, 6] = 0
    with pytest.raises(InvalidHandError, match=r"row 12346: .*more than once"):
        jokers.rank_batch(many)
    with pytest.raises(InvalidHandError, match=r"row 0: .*outside"):
        jokers.rank_batch([[-1, 1, 2, 3, 4]])
    with pytest.raises(InvalidHandError, match="shape"):
        jokers.rank_batch([[0, 1, 2, 3]])
    with pytest.raises(InvalidHandError, match="integers"):
        jokers.rank_batch([[0.0, 1, 2, 3, 4]])
    with pytest.raises(InvalidHandError, match="order runs from 0"):
        jokers.rank_of(jokers.classes)  # type: ignore[attr-defined]
    assert jokers.rank(parse_cards("As Ah Ad Ac Jk1")) is before


def test_bad_options() -> None:
    with pytest.raises(RuleOptionError, match="not with 'six'"):
        wild_system("six", "jokers")
    with pytest.raises(RuleOptionError, match="bug"):
        wild_system("a5", "bug")
    with pytest.raises(RuleOptionError, match="qualifier"):
        wild_system("27", "jokers", qualifier=8)
    with pytest.raises(RuleOptionError, match="list of cards"):
        wild_cards("sevens")
    with pytest.raises(RuleOptionError, match="one card or more"):
        wild_cards([])
