"""Packs: fixed, ordered sets of cards with an index per card.

The index is the card's position in the pack and is what evaluators, bit masks and action
numbers use. The 21-card pack of Divided Ranks and Card Commons is ordered rank by rank from
the tens up, suits in the order s h d c inside a rank, the Joker last:

>>> PACK_21.size, str(PACK_21[0]), str(PACK_21[19]), str(PACK_21[20])
(21, 'Ts', 'Ac', 'Jk')
>>> PACK_21.index(Card.parse("Qd"))
10
>>> PACK_21.format_mask(PACK_21.mask(parse_cards("Ah Ts Jk")))
'Ts Ah Jk'

The 52-card deck runs rank by rank from the twos up (suits s h d c inside a rank); the 54-card
deck is the same with DIVIDE's two distinct Jokers ``Jk1`` and ``Jk2`` last:

>>> STANDARD_54.size, str(STANDARD_54[0]), str(STANDARD_54[51]), str(STANDARD_54[53])
(54, '2s', 'Ac', 'Jk2')
>>> STANDARD_54.parse_card("Jk")
Traceback (most recent call last):
...
divided.errors.InvalidHandError: Jk is not a card of the 54-card pack; its Jokers are written Jk1 and Jk2
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from divided.cards.card import JOKER, JOKER_1, JOKER_2, Card, Rank, Suit, parse_cards
from divided.errors import InvalidHandError

SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@dataclass(frozen=True)
class Pack:
    """An ordered pack of distinct cards."""

    name: str
    cards: tuple[Card, ...]
    _index: dict[Card, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index = {card: i for i, card in enumerate(self.cards)}
        if len(index) != len(self.cards):
            raise ValueError(f"pack {self.name!r} lists a card twice")
        object.__setattr__(self, "_index", index)

    @property
    def size(self) -> int:
        """Number of cards in the pack."""
        return len(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, index: int) -> Card:
        return self.cards[index]

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self._index

    def index(self, card: Card) -> int:
        """The card's index in this pack; :class:`InvalidHandError` if it is not in the pack."""
        try:
            return self._index[card]
        except (KeyError, TypeError):  # TypeError: an unhashable thing that is no card either
            raise InvalidHandError(self._not_in_pack(card)) from None

    def _not_in_pack(self, card: Card) -> str:
        if not isinstance(card, Card):
            return f"{card!r} is not a card (a Card; text is read with parse_cards)"
        message = f"{card} is not a card of the {self.name} pack"
        if not card.is_joker:
            return message
        jokers = [str(c) for c in self.cards if c.is_joker]
        if not jokers:
            return f"{message}; it has no Joker"
        if len(jokers) == 1:
            return f"{message}; its Joker is written {jokers[0]}"
        return f"{message}; its Jokers are written {', '.join(jokers[:-1])} and {jokers[-1]}"

    def parse_card(self, token: str) -> Card:
        """Read one card of this pack in the project's notation.

        Raises :class:`InvalidNotationError` for a token that is not a card, and
        :class:`InvalidHandError` for a card of another pack (a Joker written the way another
        pack writes its Jokers gets the message naming this pack's own).

        >>> PACK_21.parse_card("Jk1")
        Traceback (most recent call last):
        ...
        divided.errors.InvalidHandError: Jk1 is not a card of the 21-card pack; its Joker is written Jk
        """
        card = Card.parse(token, jokers=self._joker_words())
        if card not in self._index:
            raise InvalidHandError(self._not_in_pack(card))
        return card

    def _joker_words(self) -> str | None:
        """How to write this pack's Jokers, for a message (``None``: it has none).

        >>> STANDARD_54._joker_words(), PACK_21._joker_words(), STANDARD_52._joker_words() is None
        ("'Jk1' or 'Jk2' for a Joker", "'Jk' for the Joker", True)
        """
        jokers = [f"'{card}'" for card in self.cards if card.is_joker]
        if not jokers:
            return None
        return f"{jokers[0]} for the Joker" if len(jokers) == 1 else " or ".join(jokers) + " for a Joker"

    def parse_cards(self, text: str) -> list[Card]:
        """Read cards of this pack separated by spaces and/or commas, in order (repeats allowed)."""
        cards = parse_cards(text)
        for card in cards:
            if card not in self._index:
                raise InvalidHandError(self._not_in_pack(card))
        return cards

    def indices(self, cards: Iterable[Card], *, size: int | None = None) -> list[int]:
        """Indices of distinct cards of this pack, checking the count when ``size`` is given."""
        out = [self.index(card) for card in cards]
        seen: set[int] = set()
        for i in out:
            if i in seen:
                raise InvalidHandError(f"{self.cards[i]} appears more than once")
            seen.add(i)
        if size is not None and len(out) != size:
            raise InvalidHandError(f"expected {size} cards, got {len(out)}")
        return out

    def mask(self, cards: Iterable[Card], *, size: int | None = None) -> int:
        """Bit mask of distinct cards (bit ``i`` set for the card of index ``i``)."""
        mask = 0
        for i in self.indices(cards, size=size):
            mask |= 1 << i
        return mask

    def parse_mask(self, text: str, *, size: int | None = None) -> int:
        """Bit mask of cards written in the project's notation."""
        return self.mask(self.parse_cards(text), size=size)

    def cards_of(self, mask: int) -> list[Card]:
        """The cards of a mask, in pack order."""
        return [self.cards[i] for i in mask_indices(mask)]

    def format_mask(self, mask: int) -> str:
        """Cards of a mask in notation, in pack order."""
        return " ".join(str(card) for card in self.cards_of(mask))

    def format(self, cards: Sequence[Card]) -> str:
        """Cards in notation, in pack order."""
        return " ".join(str(c) for c in sorted(cards, key=self.index))


def mask_indices(mask: int) -> list[int]:
    """Indices of the set bits of a mask, lowest first.

    >>> mask_indices(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


PACK_21 = Pack(
    "21-card",
    (*tuple(Card(rank, suit) for rank in Rank if rank >= Rank.TEN for suit in SUITS), JOKER),
)
"""The pack of Divided Ranks and Card Commons: T J Q K A in four suits and one Joker."""

STANDARD_52 = Pack("52-card", tuple(Card(rank, suit) for rank in Rank for suit in SUITS))
"""A standard 52-card deck, ranks 2 to A (for DIVIDE and the poker rankings)."""

STANDARD_54 = Pack("54-card", (*STANDARD_52.cards, JOKER_1, JOKER_2))
"""The 52-card deck and two distinct Jokers, ``Jk1`` and ``Jk2`` (DIVIDE with six players)."""
