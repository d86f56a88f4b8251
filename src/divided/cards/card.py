"""Ranks, suits and cards, with the project's one text notation.

Notation: a rank ``2``-``9``, ``T`` (``10`` is accepted too), ``J``, ``Q``, ``K``, ``A`` followed by a
suit ``s`` ``h`` ``d`` ``c``; the Joker of the 21-card pack is ``Jk``, and a deck with two Jokers
(DIVIDE's 54 cards) has ``Jk1`` and ``Jk2``, three different cards. Parsing ignores case.
``str(card)`` gives the canonical form, which parses back to the same card. Which cards a pack
holds is the pack's business: :meth:`divided.cards.Pack.parse_card` reads a card of one pack.

>>> Card.parse("qh")
Card.parse('Qh')
>>> str(Card.parse("10s")), Card.parse("JK").is_joker
('Ts', True)
>>> [str(c) for c in parse_cards("As, Kd jk")]
['As', 'Kd', 'Jk']
>>> Card.parse("jk2") == JOKER_2 != JOKER_1 != JOKER
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from divided.errors import InvalidNotationError


class Rank(IntEnum):
    """A card's rank; the value orders ranks (ace high)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """One-character notation: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_SYMBOLS[self]


class Suit(StrEnum):
    """A card's suit. Suits never rank in the project's games; the order here is only for display."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def glyph(self) -> str:
        """The suit symbol: ♠ ♥ ♦ ♣."""
        return _SUIT_GLYPHS[self]


_RANK_SYMBOLS = {r: (str(int(r)) if r <= 9 else "TJQKA"[r - 10]) for r in Rank}
_RANK_BY_SYMBOL = {sym.lower(): r for r, sym in _RANK_SYMBOLS.items()} | {"10": Rank.TEN}
_SUIT_GLYPHS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_TOKEN_SPLIT = re.compile(r"[\s,]+")
JOKER_NUMBERS = (0, 1, 2)
"""Which Joker a Joker is: 0 for the lone Joker ``Jk`` of the 21-card pack, 1 and 2 for ``Jk1``
and ``Jk2`` of a deck with two (0 for every other card too)."""


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card: a rank and a suit, or a Joker (rank and suit both ``None``).

    ``joker_number`` tells distinct Jokers apart (see :data:`JOKER_NUMBERS`). Cards are values:
    equal cards compare and hash equal. Use :meth:`parse` or the constants :data:`JOKER`,
    :data:`JOKER_1` and :data:`JOKER_2` rather than building Jokers by hand.
    """

    rank: Rank | None
    suit: Suit | None
    joker_number: int = 0

    def __post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise InvalidNotationError("a card needs both a rank and a suit (or neither, for the Joker)")
        if self.joker_number not in JOKER_NUMBERS or (self.joker_number and self.rank is not None):
            raise InvalidNotationError(
                f"joker_number must be 1 or 2 for the Jokers Jk1 and Jk2, else 0; got {self.joker_number!r}"
            )

    @property
    def is_joker(self) -> bool:
        """True for the Joker."""
        return self.rank is None

    @classmethod
    def parse(cls, token: str, *, jokers: str | None = "'Jk' for the Joker") -> Card:
        """Read one card in the project's notation (case-insensitive).

        Raises :class:`InvalidNotationError` naming the token when it is not a card; ``jokers``
        is how the message says to write a Joker (a pack passes its own: ``None`` for none).

        >>> Card.parse("xx", jokers="'Jk1' or 'Jk2' for a Joker")
        Traceback (most recent call last):
        ...
        divided.errors.InvalidNotationError: 'xx' is not a card: write a rank (2-9, T or 10, J, Q, K, A) and a suit (s, h, d, c), e.g. 'Qh' or '10s', or 'Jk1' or 'Jk2' for a Joker
        """
        # Only ASCII is notation: "\u212a" (the Kelvin sign) would lower to "k".
        stripped = token.strip()
        card = _CARD_BY_TEXT.get(stripped.lower()) if stripped.isascii() else None
        if card is None:
            raise InvalidNotationError(
                f"{token!r} is not a card: write a rank (2-9, T or 10, J, Q, K, A) and a suit "
                "(s, h, d, c), e.g. 'Qh' or '10s'" + (f", or {jokers}" if jokers else "")
            )
        return card

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return _JOKER_TEXT[self.joker_number]
        return f"{self.rank.symbol}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def pretty(self) -> str:
        """Display form with a suit symbol, e.g. ``10♠`` or ``Jk``."""
        if self.rank is None or self.suit is None:
            return _JOKER_TEXT[self.joker_number]
        label = "10" if self.rank == Rank.TEN else self.rank.symbol
        return f"{label}{self.suit.glyph}"


JOKER = Card(None, None)
"""The Joker of the 21-card pack, ``Jk``."""
JOKER_1 = Card(None, None, 1)
"""The first of two distinct Jokers, ``Jk1`` (DIVIDE's 54-card deck)."""
JOKER_2 = Card(None, None, 2)
"""The second of two distinct Jokers, ``Jk2``."""
_JOKER_TEXT = {0: "Jk", 1: "Jk1", 2: "Jk2"}
_CARD_BY_TEXT: dict[str, Card] = {
    **{symbol + suit.value: Card(rank, suit) for symbol, rank in _RANK_BY_SYMBOL.items() for suit in Suit},
    "jk": JOKER,
    "jk1": JOKER_1,
    "jk2": JOKER_2,
}
"""Every way of writing a card, in lower case, to the card (parsing is one look-up)."""


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces and/or commas, in order.

    >>> parse_cards("Ts 10h")
    [Card.parse('Ts'), Card.parse('Th')]
    """
    return [Card.parse(token) for token in _TOKEN_SPLIT.split(text.strip()) if token]
