"""Cards, packs and the project's card notation."""

from divided.cards.card import JOKER, Card, Rank, Suit, parse_cards
from divided.cards.pack import PACK_21, STANDARD_52, SUITS, Pack, mask_indices

__all__ = [
    "JOKER",
    "PACK_21",
    "STANDARD_52",
    "SUITS",
    "Card",
    "Pack",
    "Rank",
    "Suit",
    "mask_indices",
    "parse_cards",
]
