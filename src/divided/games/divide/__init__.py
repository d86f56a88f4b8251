"""DIVIDE: a trick-taking game for four players (52 cards) or six (54, two Jokers) where the top
three of every trick draft Points, Trump and Lead; four rounds or 50 points.

>>> from divided import games
>>> state = games.load("divide", players=6, first_dealer=5).new_initial_state(seed=1)
>>> state.current_player(), state.observation(0).hand.bit_count()
(0, 9)
"""

from divided.games.divide.rules import INFO, DivideRules
from divided.games.divide.state import DivideState, Outcome, Phase
from divided.games.divide.view import PlayerView, observe

__all__ = ["INFO", "DivideRules", "DivideState", "Outcome", "Phase", "PlayerView", "observe"]
