"""Divided Ranks: draft ten cards by splitting and choosing pairs, gamble on the reserve,
divide them into two poker hands; the single weakest hand at the table loses.

>>> from divided import games
>>> game = games.load("divided-ranks", swap="face-up")
>>> state = game.new_initial_state(seed=1)
>>> state.current_player() in (0, 1), len(state.legal_actions())
(True, 6)
"""

from divided.games.divided_ranks.rules import INFO, DividedRanksRules, score
from divided.games.divided_ranks.state import (
    SCORING_STEPS,
    DividedRanksState,
    Outcome,
    Phase,
)
from divided.games.divided_ranks.view import PlayerView, observe

__all__ = [
    "INFO",
    "SCORING_STEPS",
    "DividedRanksRules",
    "DividedRanksState",
    "Outcome",
    "Phase",
    "PlayerView",
    "observe",
    "score",
]
