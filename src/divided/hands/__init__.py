"""Hand evaluation and arranging for the project's packs.

Every evaluator is a :class:`RankingSystem` (see :mod:`divided.hands.value`); the 21-card pack's
five-card ranking is :data:`PACK21_FIVE`, and the functions of :mod:`divided.hands.five` are its
fast paths on bit masks.
"""

from divided.hands.category import Category, Pack21FiveCategory
from divided.hands.five import (
    PACK21_FIVE,
    HandValue,
    Pack21Five,
    category_of,
    evaluate,
    evaluate_mask,
    strength_count,
    strength_of_mask,
)
from divided.hands.value import HandCategory, HandRank, RankingSystem

__all__ = [
    "PACK21_FIVE",
    "Category",
    "HandCategory",
    "HandRank",
    "HandValue",
    "Pack21Five",
    "Pack21FiveCategory",
    "RankingSystem",
    "category_of",
    "evaluate",
    "evaluate_mask",
    "strength_count",
    "strength_of_mask",
]
