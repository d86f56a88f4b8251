"""Facts of a finished DIVIDE game, for the lab (JSON-ready, from the full state).

A small first version (the lab extends it): the rounds played, the totals and the winners.

>>> from divided import games
>>> state = games.load("divide", first_dealer=0, rounds=1).new_initial_state(seed=3)
>>> while not state.is_terminal():
...     state.apply_action(state.legal_actions()[0])
>>> found = facts(state.core)
>>> found["rounds"], sum(found["scores"])
(1, 23)
"""

from __future__ import annotations

from divided.games.divide.state import DivideState, RoundEvent
from divided.games.room import JSON


def facts(state: DivideState) -> dict[str, JSON]:
    """``rounds`` played, ``scores`` (the totals) and ``winners`` (seats; empty before the end)."""
    rounds = sum(isinstance(event, RoundEvent) for event in state.log)
    winners: list[JSON] = [] if state.outcome is None else list(state.outcome.winners)
    return {"rounds": rounds, "scores": list(state.scores), "winners": winners}


__all__ = ["facts"]
