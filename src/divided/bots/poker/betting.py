"""What the poker bots read of a betting decision: the chips owed and the raise choices."""

from __future__ import annotations

from collections.abc import Sequence

from divided.games.poker import actions as act
from divided.games.poker.view import PokerView


def to_call(view: PokerView) -> int:
    """The chips the seat to act must add to stay in (at most its stack)."""
    table = view.table
    seat = view.current_player
    return max(0, min(table.current - table.bets[seat], table.stacks[seat]))


def bet_amounts(legal: Sequence[int]) -> list[int]:
    """The legal bets and raises: the fixed-limit raise (or completion), or every raise-to."""
    return [a for a in legal if a == act.RAISE or a >= act.RAISE_TO]


def pick_raise(view: PokerView, raises: Sequence[int]) -> int:
    """The fixed-limit raise; under pot and no limit, a raise to the pot (the largest legal
    amount at or below the current bet plus the pot after a call), else the least."""
    if act.RAISE in raises:
        return act.RAISE
    table = view.table
    target = table.current + sum(table.contributed) + to_call(view)
    below = [a for a in raises if a - act.RAISE_TO <= target]
    return max(below) if below else min(raises)


def least_raise(raises: Sequence[int]) -> int:
    """The fixed-limit raise, or the least raise-to."""
    return act.RAISE if act.RAISE in raises else min(raises)
