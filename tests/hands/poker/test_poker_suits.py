"""Suit orders (``divided.hands.poker.suits``) against the reference's list, written out here."""

from __future__ import annotations

import itertools

import pytest

from divided.cards import JOKER_1, STANDARD_52, Card, Suit, parse_cards
from divided.errors import RuleOptionError
from divided.hands.poker.suits import ENGLISH, SUIT_ORDERS, SuitOrder, suit_order

# The reference's "Suit order" paragraph, strongest first, as written there.
REFERENCE = {
    "english": "♠ > ♥ > ♦ > ♣",
    "north-american": "♠ > ♥ > ♦ > ♣",
    "alternating": "♠ > ♦ > ♣ > ♥",
    "greece": "♥ > ♠ > ♦ > ♣",
    "turkey": "♥ > ♠ > ♦ > ♣",
    "austria": "♥ > ♦ > ♠ > ♣",
    "sweden": "♥ > ♦ > ♠ > ♣",
    "italy": "♥ > ♦ > ♣ > ♠",
    "brazil": "♦ > ♠ > ♥ > ♣",
    "germany": "♣ > ♠ > ♥ > ♦",
}
SUIT_OF_GLYPH = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}


def test_every_convention_of_the_reference() -> None:
    assert set(SUIT_ORDERS) == set(REFERENCE)
    for name, text in REFERENCE.items():
        order = SUIT_ORDERS[name]
        assert order.suits == tuple(SUIT_OF_GLYPH[glyph] for glyph in text.split(" > "))
        assert str(order) == text
        assert order.name == name
    assert SUIT_ORDERS["english"] is ENGLISH


@pytest.mark.parametrize("name", list(REFERENCE))
def test_card_order_is_rank_then_suit(name: str) -> None:
    order = SUIT_ORDERS[name]
    glyphs = REFERENCE[name].split(" > ")
    place = {SUIT_OF_GLYPH[glyph]: 3 - i for i, glyph in enumerate(glyphs)}  # strongest suit 3
    expected = sorted(STANDARD_52, key=lambda card: (card.rank, place[card.suit]))  # type: ignore[index]
    assert order.deck() == tuple(expected)
    assert len(set(order.key(card) for card in STANDARD_52)) == 52
    for low, high in itertools.pairwise(expected):
        assert order.compare(high, low) == 1 and order.compare(low, high) == -1
        assert order.key(low) < order.key(high)
    assert order.compare(expected[7], expected[7]) == 0


def test_highest_lowest_and_ranked() -> None:
    cards = parse_cards("Kh Kc 7s 2d")
    assert str(ENGLISH.highest(cards)) == "Kh"
    assert str(SUIT_ORDERS["germany"].highest(cards)) == "Kc"
    assert str(ENGLISH.lowest(cards)) == "2d"
    assert [str(c) for c in ENGLISH.ranked(cards)] == ["Kh", "Kc", "7s", "2d"]
    assert [str(c) for c in SUIT_ORDERS["germany"].ranked(cards)] == ["Kc", "Kh", "7s", "2d"]
    # the ace: high by default, the lowest rank with ace_low (ace-to-five, razz bring-ins)
    aces = parse_cards("As 2h 2c")
    assert str(ENGLISH.highest(aces)) == "As"
    assert str(ENGLISH.lowest(aces)) == "2c"
    assert str(ENGLISH.lowest(aces, ace_low=True)) == "As"
    assert str(ENGLISH.highest(aces, ace_low=True)) == "2h"
    assert ENGLISH.compare(Card.parse("As"), Card.parse("Kc"), ace_low=True) == -1


def test_jokers_rank_below_every_card() -> None:
    cards = [JOKER_1, *parse_cards("2c 3c")]
    assert ENGLISH.key(JOKER_1) < min(ENGLISH.key(card) for card in STANDARD_52)
    assert str(ENGLISH.highest(cards)) == "3c"
    assert str(ENGLISH.lowest(cards)) == "2c"  # a Joker is never the lowest card by suit
    assert ENGLISH.ranked(cards)[-1] == JOKER_1
    with pytest.raises(RuleOptionError, match="not a Joker"):
        ENGLISH.lowest([JOKER_1])


def test_suit_order_by_name_or_by_suits() -> None:
    assert suit_order("English") is ENGLISH
    assert suit_order(" germany ") is SUIT_ORDERS["germany"]
    assert suit_order("hsdc") == SUIT_ORDERS["greece"] == SUIT_ORDERS["turkey"]
    assert suit_order("♥ > ♦ > ♣ > ♠") == SUIT_ORDERS["italy"]
    assert suit_order("D>S>H>C") == SUIT_ORDERS["brazil"]
    assert SUIT_ORDERS["english"] == SUIT_ORDERS["north-american"]  # the name does not count
    assert SUIT_ORDERS["english"] != SUIT_ORDERS["greece"]
    assert hash(SUIT_ORDERS["austria"]) == hash(SUIT_ORDERS["sweden"])


@pytest.mark.parametrize("spec", ["", "france", "shd", "shdd", "shdcs", "s h d x"])
def test_bad_suit_order_names_the_conventions(spec: str) -> None:
    with pytest.raises(RuleOptionError, match="english, north-american") as info:
        suit_order(spec)
    assert repr(spec) in str(info.value)


def test_a_suit_order_names_each_suit_once() -> None:
    with pytest.raises(RuleOptionError, match="each of the four suits once"):
        SuitOrder((Suit.SPADES, Suit.SPADES, Suit.HEARTS, Suit.CLUBS))
