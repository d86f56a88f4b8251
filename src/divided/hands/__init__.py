"""Hand evaluation and arranging for the project's packs.

Every evaluator is a :class:`RankingSystem` (see :mod:`divided.hands.value`); the 21-card pack's
five-card ranking is :data:`PACK21_FIVE`, and the functions of :mod:`divided.hands.five` are its
fast paths on bit masks. Card Commons' three-card ranking is :data:`PACK21_THREE`, with
:mod:`divided.hands.three`'s fast paths (``strength3_of_mask`` and friends).
"""

from divided.hands.category import Category, Pack21FiveCategory, Pack21ThreeCategory
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
from divided.hands.three import (
    PACK21_THREE,
    PACK21_THREE_AND_FIVE,
    HandValue3,
    Pack21Three,
    category3_of,
    colex_index3,
    evaluate3,
    evaluate3_mask,
    strength3_count,
    strength3_of_mask,
    strengths3,
    strengths3_of_indices,
    three_strength_array,
    three_strength_by_mask,
    three_strength_cube,
)
from divided.hands.value import HandCategory, HandRank, RankingSystem

__all__ = [
    "PACK21_FIVE",
    "PACK21_THREE",
    "PACK21_THREE_AND_FIVE",
    "Category",
    "HandCategory",
    "HandRank",
    "HandValue",
    "HandValue3",
    "Pack21Five",
    "Pack21FiveCategory",
    "Pack21Three",
    "Pack21ThreeCategory",
    "RankingSystem",
    "category3_of",
    "category_of",
    "colex_index3",
    "evaluate",
    "evaluate3",
    "evaluate3_mask",
    "evaluate_mask",
    "strength3_count",
    "strength3_of_mask",
    "strength_count",
    "strength_of_mask",
    "strengths3",
    "strengths3_of_indices",
    "three_strength_array",
    "three_strength_by_mask",
    "three_strength_cube",
]
