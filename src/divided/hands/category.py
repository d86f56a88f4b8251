"""Hand categories of the five-card ranking used with the 21-card pack."""

from __future__ import annotations

from enum import IntEnum


class Category(IntEnum):
    """Five-card categories of the 21-card pack, weakest to strongest.

    With only the ranks 10 to A there is no high card, no plain flush and one straight.
    """

    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FULL_HOUSE = 5
    FOUR_OF_A_KIND = 6
    ROYAL_FLUSH = 7

    @property
    def label(self) -> str:
        """Human-readable name, e.g. ``Full House``."""
        return _LABELS[self]

    @property
    def slug(self) -> str:
        """Stable machine name, e.g. ``full-house`` (used in JSON output)."""
        return self.name.lower().replace("_", "-")


_LABELS = {
    Category.PAIR: "Pair",
    Category.TWO_PAIR: "Two Pair",
    Category.THREE_OF_A_KIND: "Three of a Kind",
    Category.STRAIGHT: "Straight",
    Category.FULL_HOUSE: "Full House",
    Category.FOUR_OF_A_KIND: "Four of a Kind",
    Category.ROYAL_FLUSH: "Royal Flush",
}
