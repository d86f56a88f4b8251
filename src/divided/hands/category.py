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


class Pack21ThreeCategory(HandCategory):
    """Three-card categories of the 21-card pack (Card Commons' 3-card hands), weakest to
    strongest: the category enum of :data:`divided.hands.three.PACK21_THREE`.

    Unlike the five-card ranking, a flush beats a straight and three of a kind beats a flush.

    >>> [c.label for c in Pack21ThreeCategory][-2:], Pack21ThreeCategory.HIGH_CARD.slug
    (['Three of a Kind', 'Straight Flush'], 'high-card')
    """

    HIGH_CARD = 1
    PAIR = 2
    STRAIGHT = 3
    FLUSH = 4
    THREE_OF_A_KIND = 5
    STRAIGHT_FLUSH = 6
