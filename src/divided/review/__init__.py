"""Game review: replay a finished game and grade one seat's decisions against the expert bot.

>>> from divided.review import review_game
"""

from divided.review.review import Decision, MoveReview, Review, decisions, grade_for, review_game

__all__ = ["Decision", "MoveReview", "Review", "decisions", "grade_for", "review_game"]
