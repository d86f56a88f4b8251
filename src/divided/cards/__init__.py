"""Cards, packs and the project's card notation."""

from divided.cards.card import JOKER, JOKER_1, JOKER_2, Card, Rank, Suit, parse_cards
from divided.cards.pack import PACK_21, STANDARD_52, STANDARD_54, SUITS, Pack, mask_indices

__all__ = [
    "JOKER",
    "JOKER_1",
    "JOKER_2",
    "PACK_21",
    "STANDARD_52",
    "STANDARD_54",
    "SUITS",
    "Card",
    "Pack",
    "Rank",
    "Suit",
    "mask_indices",
    "parse_cards",
]
