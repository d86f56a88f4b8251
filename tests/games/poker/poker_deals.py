"""Helpers for hand-worked poker deals: chance given card by card from each seat's cards, and
simple ways through the betting."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from divided import games
from divided.games import State
from divided.games.poker import actions as act
from divided.games.poker.cards import parse
from divided.games.poker.steps import Deal

AnyState = State[Any, Any]


def deal_sequence(game: str, button: int, hands: Sequence[str], **options: object) -> list[int]:
    """The chance outcomes that give each seat the cards written (in the order each receives
    them), when nobody folds: every Deal step deals card by card to the seats in turn from the
    button's left."""
    loaded = games.load(game, **options)
    cards = [list(parse(text)) for text in hands]
    players = len(hands)
    order = [(button + k) % players for k in range(1, players + 1)]
    sequence = []
    for step in loaded.rules.variant.steps:
        if isinstance(step, Deal):
            for _ in step.pattern:
                for seat in order:
                    sequence.append(cards[seat].pop(0))
    assert all(not left for left in cards), "more cards written than the deal gives"
    return sequence


def start(game: str, hands: Sequence[str], button: int = 0, **options: object) -> AnyState:
    """A deal of ``game`` with the button at ``button`` and these cards."""
    options = {"players": len(hands), "first_dealer": button, **options}
    return games.load(game, **options).new_initial_state(
        chance=deal_sequence(game, button, hands, **options))


def is_betting(state: AnyState) -> bool:
    rules = state.game.rules
    return (not state.is_terminal() and not state.is_chance_node()
            and rules.variant.steps[state.core.step].kind == "bet")


def passive(state: AnyState) -> None:
    """Check, call or bring in until the next decision that is not a bet (or the end)."""
    while is_betting(state):
        legal = state.legal_actions()
        state.apply_action(act.CALL if act.CALL in legal else act.BRING_IN)


def one_round(state: AnyState) -> None:
    """Check, call or bring in to the end of the betting round under way."""
    step = state.core.step
    while is_betting(state) and state.core.step == step:
        legal = state.legal_actions()
        state.apply_action(act.CALL if act.CALL in legal else act.BRING_IN)


def stand_pat(state: AnyState) -> None:
    """Every seat stands pat at the draw under way."""
    step = state.core.step
    while not state.is_terminal() and state.core.step == step and state.core.config.steps[step].kind == "draw":
        state.apply_action(act.DISCARD)


def bet_each_round(state: AnyState) -> None:
    """In a betting round: the first to act bets (fixed limit), everyone else calls."""
    legal = state.legal_actions()
    state.apply_action(act.RAISE if act.RAISE in legal else act.CALL)
    passive(state)


def partition_action(state: AnyState, last: str) -> int:
    """The partition action of the seat to act whose last hand is the cards ``last``."""
    seat = state.current_player()
    core = state.core
    held = sorted(core.slots[seat][core.config.variant.slot_index("held")])
    wanted = tuple(sorted(held.index(card) for card in parse(last)))
    return act.PARTITION + act.subsets(len(held), len(wanted)).index(wanted)


def arrange(state: AnyState, first: str, second: str) -> None:
    """Henway: the seat to act makes these two hands, each written top card first."""
    state.apply_action(partition_action(state, second))
    for hand in (first, second):
        for card in parse(hand)[:-1]:
            state.apply_action(act.ORDER + card)


def until(state: AnyState, done: Callable[[AnyState], bool]) -> None:
    while not done(state):
        passive(state)
