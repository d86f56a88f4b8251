"""Properties of the betting engine under random deals: chips are conserved, every legal option
keeps the table consistent, and every illegal request is refused."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from divided.errors import IllegalActionError
from divided.games.poker.betting import (
    Act,
    Limits,
    ShortAllIn,
    Structure,
    Table,
    act,
    can_act,
    close_round,
    new_table,
    open_round,
    options,
    post,
    still_in,
)

limits_strategy = st.builds(
    Limits,
    structure=st.sampled_from(list(Structure)),
    cap_heads_up=st.booleans(),
    short_all_in=st.sampled_from(list(ShortAllIn)),
)


def check_invariants(table: Table, total: int) -> None:
    assert sum(table.stacks) + sum(table.contributed) == total
    assert all(stack >= 0 for stack in table.stacks)
    assert all(0 <= bet <= chips for bet, chips in zip(table.bets, table.contributed, strict=True))
    if table.to_act != -1:
        seat = table.to_act
        assert table.live[seat] and table.stacks[seat] > 0
        assert table.current == max(table.bets)


def legal_moves(table: Table, limits: Limits) -> list[tuple[Act, int | None]]:
    allowed = options(table, limits)
    moves: list[tuple[Act, int | None]] = []
    if allowed.fold:
        moves.append((Act.FOLD, None))
    if allowed.check and allowed.bring_in is None:
        moves.append((Act.CHECK, None))
    if allowed.call:
        moves.append((Act.CALL, None))
    if allowed.bring_in is not None:
        moves.append((Act.BRING_IN, None))
    if allowed.raise_to is not None:
        low, high = allowed.raise_to
        moves.extend({(Act.RAISE, low), (Act.RAISE, high), (Act.RAISE, (low + high) // 2)})
    return moves


def illegal_moves(table: Table, limits: Limits) -> list[tuple[int, Act, int | None]]:
    allowed = options(table, limits)
    seat = allowed.seat
    bad: list[tuple[int, Act, int | None]] = [((seat + 1) % len(table.stacks), Act.CALL, None)]
    if not allowed.fold:
        bad.append((seat, Act.FOLD, None))
    if not allowed.check or allowed.bring_in is not None:
        bad.append((seat, Act.CHECK, None))
    if allowed.call == 0:
        bad.append((seat, Act.CALL, None))
    if allowed.raise_to is None:
        bad.append((seat, Act.RAISE, table.current + table.size))
    else:
        low, high = allowed.raise_to
        bad.extend([(seat, Act.RAISE, low - 1), (seat, Act.RAISE, high + 1), (seat, Act.RAISE, -1)])
    return bad


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(0, 40), min_size=2, max_size=7),
    limits_strategy,
    st.integers(0, 2),
    st.booleans(),
    st.randoms(use_true_random=False),
)
def test_random_rounds_keep_the_invariants(
    stacks: list[int], limits: Limits, ante: int, use_blinds: bool, rng: random.Random
) -> None:
    total = sum(stacks)
    table = new_table(tuple(stacks))
    for seat in range(len(stacks)):
        table = post(table, seat, ante)
    check_invariants(table, total)
    seats = len(stacks)
    for round_number, size in enumerate((2, 2, 4, 4)):
        if len(still_in(table)) < 2:
            break
        bring_in = 0
        if round_number == 0 and use_blinds:
            table = post(table, 1 % seats, 1, as_bet=True)
            table = post(table, 2 % seats, 2, as_bet=True)
        elif round_number == 0 and rng.random() < 0.5:
            bring_in = 1
        table = open_round(table, limits, size, rng.randrange(seats), bring_in=bring_in)
        steps = 0
        while table.to_act != -1:
            steps += 1
            assert steps < 200
            for seat, move, amount in illegal_moves(table, limits):
                try:
                    act(table, limits, seat, move, amount)
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"seat {seat} {move} {amount} accepted: {options(table, limits)}")
            moves = legal_moves(table, limits)
            assert moves, options(table, limits)
            weights = [4 if move is Act.RAISE else 1 for move, _ in moves]
            move, amount = rng.choices(moves, weights)[0]
            table = act(table, limits, table.to_act, move, amount)
            check_invariants(table, total)
        # The round is over: every seat that can act has matched, unless one seat is left.
        if len(still_in(table)) >= 2:
            assert all(table.bets[seat] == table.current for seat in can_act(table)) or len(can_act(table)) == 0
        table = close_round(table)
        check_invariants(table, total)
        assert not any(table.bets)
