"""Simultaneous choices as sequential hidden commitments (T15): the seats still in choose in
turn from the button's left; nobody sees another's choice until the last has chosen, when the
step applies them all together."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

from divided.games.poker import engine
from divided.games.poker.state import Phase, evolve_phase, evolve_state

if TYPE_CHECKING:
    from divided.games.poker.state import PokerState
    from divided.games.poker.variant import Step


def start(state: PokerState) -> PokerState:
    """Open a simultaneous step: every seat still in is to commit."""
    return evolve_state(state, phase=Phase(order=engine.live_from_left(state), commits=((),) * state.players))


def commit(state: PokerState, seat: int, action: int, complete: bool) -> PokerState:
    """Record one of ``seat``'s hidden choices; ``complete`` when its commitment is whole (the
    next seat is then to choose)."""
    phase = state.phase
    commits = (*phase.commits[:seat], (*phase.commits[seat], action), *phase.commits[seat + 1:])
    order = phase.order[1:] if complete else phase.order
    return evolve_state(state, phase=evolve_phase(phase, order=order, commits=commits))


class CommitSteps(ABC):
    """What every simultaneous step kind shares: it opens with :func:`start` (or, with nobody to
    choose, goes straight on) and the first seat in its order acts. A kind supplies ``resume``."""

    @abstractmethod
    def resume(self, step: Step, state: PokerState) -> PokerState:
        """Go on once every seat has chosen (the kind applies the choices)."""

    def enter(self, step: Step, state: PokerState) -> PokerState:
        state = start(state)
        return state if state.phase.order else self.resume(step, state)

    def actor(self, step: Step, state: PokerState) -> int:
        return state.phase.order[0]
