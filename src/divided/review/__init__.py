"""Game review: replay a finished game and grade one seat's decisions against the game's advisor.

>>> from divided.review import review_game
"""

from divided.review.base import (
    Decision,
    Explainer,
    MoveReview,
    Review,
    decisions,
    grade_for,
    review_decision,
    review_game,
)

__all__ = ["Decision", "Explainer", "MoveReview", "Review", "decisions", "grade_for", "review_decision",
           "review_game"]
