"""Steps that grow the deal: a kind may splice steps into the deal under way.

A deal's steps are its :class:`~divided.games.poker.options.Config`'s ``steps``; a step kind whose
course depends on play (the dealer's call, Low-Die LD2; another discard round, the sequential
open draw) puts the steps it needs after the current one by giving the state a copy of its config
with those steps spliced in (:func:`splice`). The interpreter then runs them as any other step:
``state.step`` indexes the grown list, and every view carries the grown config (public: it says
only what the call or the rounds already showed). The variant itself never changes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from divided.games.poker.state import evolve_state

if TYPE_CHECKING:
    from divided.games.poker.state import PokerState
    from divided.games.poker.variant import Step


def splice(state: PokerState, new: tuple[Step, ...], *, at: int | None = None, replacing: int = 0) -> PokerState:
    """``state`` with ``new`` steps put at position ``at`` (default: right after the current
    step) in place of ``replacing`` steps there."""
    config = state.config
    where = state.step + 1 if at is None else at
    steps = (*config.steps[:where], *new, *config.steps[where + replacing:])
    return evolve_state(state, config=replace(config, steps=steps))
