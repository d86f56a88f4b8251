"""Card Commons: draft a Collection of eight with four actions a round (Reserve 1, Discard 2,
Offer 3, Offer 2 Sets), split it into a 5-card and a 3-card hand, 2 + 1 points a round, first
to 5 wins the match.

>>> from divided import games
>>> state = games.load("card-commons", first_starter=0).new_initial_state(seed=1)
>>> state.current_player(), sorted({state.action_to_string(a).split()[0] for a in state.legal_actions()})
(0, ['discard', 'offer', 'reserve'])
"""

from divided.games.card_commons.rules import INFO, CardCommonsRules
from divided.games.card_commons.state import CardCommonsState, Outcome, Phase, RoundResult
from divided.games.card_commons.view import PlayerView, observe

__all__ = ["INFO", "CardCommonsRules", "CardCommonsState", "Outcome", "Phase", "PlayerView", "RoundResult",
           "observe"]
