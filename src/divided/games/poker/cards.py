"""Cards of the poker engine: ints 0..51, the indices of :data:`divided.cards.STANDARD_52` (rank
by rank from the twos up, suits s h d c inside a rank), and sets of them as bit masks.

>>> name(0), name(51), rank_of(51), names(mask_of((0, 51)))
('2s', 'Ac', 14, ('2s', 'Ac'))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from divided.cards import STANDARD_52, Card, mask_indices

DECK_SIZE = 52
FULL_DECK = (1 << DECK_SIZE) - 1
CARDS: tuple[Card, ...] = tuple(STANDARD_52.cards)
_NAMES: tuple[str, ...] = tuple(str(card) for card in CARDS)


def name(card: int) -> str:
    """The card in the project's notation (``Ah``)."""
    return _NAMES[card]


def names(mask: int) -> tuple[str, ...]:
    """The cards of a mask in notation, lowest index first."""
    return tuple(_NAMES[c] for c in mask_indices(mask))


def rank_of(card: int) -> int:
    """The card's rank, 2 to 14 (ace)."""
    return card // 4 + 2


def mask_of(cards: Iterable[int]) -> int:
    out = 0
    for card in cards:
        out |= 1 << card
    return out


def as_cards(cards: Sequence[int]) -> list[Card]:
    """The :class:`Card` objects of card ints (what the ranking library takes)."""
    return [CARDS[c] for c in cards]


def parse(text: str) -> tuple[int, ...]:
    """Card ints from notation (``"Ah Kd"``), in the order written."""
    return tuple(STANDARD_52.index(card) for card in STANDARD_52.parse_cards(text))


__all__ = ["CARDS", "DECK_SIZE", "FULL_DECK", "as_cards", "mask_indices", "mask_of", "name", "names", "parse",
           "rank_of"]
