"""Helpers for the betting tests: play a script of moves on a :class:`Table`."""

from __future__ import annotations

from divided.games.poker.betting import Act, Limits, Structure, Table, act, new_table, open_round, post

FIXED = Limits()
POT = Limits(structure=Structure.POT)
NO = Limits(structure=Structure.NO)


def blinds(stacks: tuple[int, ...], small: int, big: int, sb_seat: int, bb_seat: int) -> Table:
    """A table whose two blinds are posted (not yet opened)."""
    table = post(new_table(stacks), sb_seat, small, as_bet=True)
    return post(table, bb_seat, big, as_bet=True)


def antes(stacks: tuple[int, ...], ante: int) -> Table:
    table = new_table(stacks)
    for seat in range(len(stacks)):
        table = post(table, seat, ante)
    return table


def play(table: Table, limits: Limits, *moves: str) -> Table:
    """Apply moves written ``"<seat> fold|check|call|bring|raise <to>"``, checking each seat
    is the one to act (act refuses otherwise)."""
    for move in moves:
        seat_text, verb, *rest = move.split()
        seat = int(seat_text)
        if verb == "raise":
            table = act(table, limits, seat, Act.RAISE, int(rest[0]))
        elif verb == "bring":
            table = act(table, limits, seat, Act.BRING_IN)
        else:
            table = act(table, limits, seat, Act(verb))
    return table


def start(table: Table, limits: Limits, size: int, first: int, *, bring_in: int = 0) -> Table:
    return open_round(table, limits, size, first, bring_in=bring_in)
