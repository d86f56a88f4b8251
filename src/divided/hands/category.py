"""Hand categories of the five-card ranking used with the 21-card pack."""

from __future__ import annotations

from divided.hands.value import HandCategory


class Pack21FiveCategory(HandCategory):
    """Five-card categories of the 21-card pack, weakest to strongest: the category enum of
    :data:`divided.hands.five.PACK21_FIVE`.

    With only the ranks 10 to A there is no high card, no plain flush and one straight.

    >>> Pack21FiveCategory.THREE_OF_A_KIND.label, Pack21FiveCategory.FULL_HOUSE.slug
    ('Three of a Kind', 'full-house')
    """

    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FULL_HOUSE = 5
    FOUR_OF_A_KIND = 6
    ROYAL_FLUSH = 7


Category = Pack21FiveCategory
"""The name the 21-card pack's categories had before there were several ranking systems."""
