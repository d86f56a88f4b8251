"""Suit orders: which suit outranks which, for the rules that need one.

In standard poker suits never rank hands; a suit order only breaks a tie between *cards* of one
rank: a seat draw, the bring-in of a stud game, the odd chip of a split pot. Conventions differ
by country; :data:`SUIT_ORDERS` holds each one the reference lists, by name, and
:data:`ENGLISH` (spades, hearts, diamonds, clubs) is the English and North American default.

A :class:`SuitOrder` orders cards by rank, then suit: :meth:`SuitOrder.key` is a number that
grows with the card (the ace high unless asked for low), so ``max(cards, key=order.key)`` is the
highest card by suit.

>>> from divided.cards import parse_cards
>>> str(ENGLISH), str(SUIT_ORDERS["germany"])
('♠ > ♥ > ♦ > ♣', '♣ > ♠ > ♥ > ♦')
>>> cards = parse_cards("Kh Kc 7s")
>>> str(ENGLISH.highest(cards)), str(SUIT_ORDERS["germany"].highest(cards))
('Kh', 'Kc')
>>> str(ENGLISH.lowest(parse_cards("As 2h 2c"), ace_low=True))
'As'
>>> suit_order("hsdc") == SUIT_ORDERS["greece"]
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from divided.cards import STANDARD_52, SUITS, Card, Suit
from divided.errors import RuleOptionError

__all__ = ["ENGLISH", "SUIT_ORDERS", "SuitOrder", "suit_order"]

_JOKER_KEY = 0
"""A Joker has no rank or suit: its key is below every card's."""


@dataclass(frozen=True, slots=True)
class SuitOrder:
    """An order of the four suits, strongest first, and the card order it implies: rank first
    (the ace high, or low with ``ace_low=True``), then suit.

    Two orders are equal when they rank the suits alike, whatever their ``name``.
    """

    suits: tuple[Suit, Suit, Suit, Suit]
    name: str = field(default="", compare=False)
    _strength: dict[Suit, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if len(self.suits) != 4 or set(self.suits) != set(SUITS):
            raise RuleOptionError(f"a suit order names each of the four suits once; got {self.suits!r}")
        object.__setattr__(self, "_strength", {suit: 3 - place for place, suit in enumerate(self.suits)})

    def strength(self, suit: Suit) -> int:
        """The suit's place: 3 for the strongest suit down to 0 for the weakest."""
        return self._strength[suit]

    def key(self, card: Card, *, ace_low: bool = False) -> int:
        """A number that grows with the card, rank first, then suit (4 to 59; a Joker is 0).

        With ``ace_low`` the ace is the lowest rank (below the two), as in ace-to-five lowball.
        """
        if card.rank is None or card.suit is None:
            return _JOKER_KEY
        rank = 1 if ace_low and card.rank == 14 else int(card.rank)
        return rank * 4 + self._strength[card.suit]

    def compare(self, first: Card, second: Card, *, ace_low: bool = False) -> int:
        """``1`` if ``first`` is the higher card, ``-1`` if ``second`` is, ``0`` for equal cards."""
        a, b = self.key(first, ace_low=ace_low), self.key(second, ace_low=ace_low)
        return (a > b) - (a < b)

    def ranked(self, cards: Iterable[Card], *, ace_low: bool = False) -> list[Card]:
        """The cards highest first (rank, then suit); Jokers last."""
        return sorted(cards, key=lambda card: self.key(card, ace_low=ace_low), reverse=True)

    def highest(self, cards: Iterable[Card], *, ace_low: bool = False) -> Card:
        """The highest card by rank, then suit (a Joker only if there is nothing else)."""
        return max(cards, key=lambda card: self.key(card, ace_low=ace_low))

    def lowest(self, cards: Iterable[Card], *, ace_low: bool = False) -> Card:
        """The lowest card by rank, then suit, among the cards that are not Jokers.

        Raises :class:`~divided.errors.RuleOptionError` if there is none.
        """
        natural = [card for card in cards if not card.is_joker]
        if not natural:
            raise RuleOptionError("the lowest card by suit needs a card that is not a Joker")
        return min(natural, key=lambda card: self.key(card, ace_low=ace_low))

    def deck(self) -> tuple[Card, ...]:
        """The 52 cards, lowest first: the twos (weakest suit first) up to the ace of the strongest suit."""
        return tuple(sorted(STANDARD_52, key=self.key))

    def __str__(self) -> str:
        return " > ".join(suit.glyph for suit in self.suits)


def _order(name: str, letters: str) -> SuitOrder:
    suits = tuple(Suit(letter) for letter in letters)
    assert len(suits) == 4
    return SuitOrder((suits[0], suits[1], suits[2], suits[3]), name)


ENGLISH = _order("english", "shdc")
"""The English and North American order, ♠ > ♥ > ♦ > ♣ (reverse alphabetical): the default."""

SUIT_ORDERS: dict[str, SuitOrder] = {
    "english": ENGLISH,
    "north-american": _order("north-american", "shdc"),
    "alternating": _order("alternating", "sdch"),
    "greece": _order("greece", "hsdc"),
    "turkey": _order("turkey", "hsdc"),
    "austria": _order("austria", "hdsc"),
    "sweden": _order("sweden", "hdsc"),
    "italy": _order("italy", "hdcs"),
    "brazil": _order("brazil", "dshc"),
    "germany": _order("germany", "cshd"),
}
"""Suit orders by convention, strongest suit first: ``english`` and ``north-american`` ♠ ♥ ♦ ♣;
``alternating`` ♠ ♦ ♣ ♥ (colours alternate); ``greece`` and ``turkey`` ♥ ♠ ♦ ♣; ``austria`` and
``sweden`` ♥ ♦ ♠ ♣; ``italy`` ♥ ♦ ♣ ♠; ``brazil`` ♦ ♠ ♥ ♣; ``germany`` ♣ ♠ ♥ ♦."""

_GLYPHS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def suit_order(spec: str) -> SuitOrder:
    """A suit order by convention name (a key of :data:`SUIT_ORDERS`) or as its four suits
    strongest first, in letters or symbols, with or without ``>``: ``"hsdc"``, ``"♥ > ♠ > ♦ > ♣"``.

    Raises :class:`~divided.errors.RuleOptionError` naming the conventions for anything else.
    """
    name = spec.strip().lower()
    if name in SUIT_ORDERS:
        return SUIT_ORDERS[name]
    letters = "".join(_GLYPHS.get(char, char) for char in name if char not in " >,")
    if len(letters) == 4 and set(letters) == set("shdc"):
        return _order(letters, letters)
    raise RuleOptionError(
        f"unknown suit order {spec!r}: name a convention ({', '.join(SUIT_ORDERS)}) or give the four "
        "suits strongest first, e.g. 'hsdc' or '♥ > ♠ > ♦ > ♣'"
    )
