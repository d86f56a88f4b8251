"""Hand evaluation and arranging for the project's packs."""

from divided.hands.category import Category
from divided.hands.five import (
    HandValue,
    category_of,
    evaluate,
    evaluate_mask,
    strength_count,
    strength_of_mask,
)

__all__ = [
    "Category",
    "HandValue",
    "category_of",
    "evaluate",
    "evaluate_mask",
    "strength_count",
    "strength_of_mask",
]
