"""Hand-built poker positions for the bot tests: chance given card by card, and ways to play on
to a seat's decision."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from divided import games
from divided.games import State
from divided.games.poker import actions as act
from divided.games.poker.cards import parse
from divided.games.poker.steps import Deal

AnyState = State[Any, Any]


def start(game: str, hands: Sequence[str], button: int = 0, **options: object) -> AnyState:
    """A deal of ``game`` (button at ``button``) giving each seat the cards written, in the order
    it receives them, while nobody folds (every Deal step deals card by card from the button's left)."""
    options = {"players": len(hands), "first_dealer": button, **options}
    loaded = games.load(game, **options)
    cards = [list(parse(text)) for text in hands]
    order = [(button + k) % len(hands) for k in range(1, len(hands) + 1)]
    sequence = [cards[seat].pop(0) for step in loaded.rules.variant.steps if isinstance(step, Deal)
                for _ in step.pattern for seat in order]
    assert all(not left for left in cards), "more cards written than the deal gives"
    return loaded.new_initial_state(chance=sequence)


def step_kind(state: AnyState) -> str:
    return str(state.game.rules.variant.steps[state.core.step].kind)


def play_until(state: AnyState, seat: int, kind: str, others: Callable[[AnyState], int]) -> AnyState:
    """Play on (``others`` choosing every action but ``seat``'s at a ``kind`` step, where it stops)."""
    while not state.is_terminal():
        if state.current_player() == seat and step_kind(state) == kind:
            return state
        state.apply_action(others(state))
    raise AssertionError(f"the deal ended before seat {seat}'s {kind} decision")


def passive(state: AnyState) -> int:
    legal = state.legal_actions()
    return act.CALL if act.CALL in legal else act.BRING_IN if act.BRING_IN in legal else legal[0]
