"""What the table shows of the chips, from a seat's view (T9, T10, T17): each seat's chips to
call (:meth:`PokerView.to_call`) and the pots with the seats that may win each
(:meth:`PokerView.pots`), in hand-worked deals with side pots, short calls and a bring-in."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from poker_deals import deal_sequence

from divided import games
from divided.errors import DividedError
from divided.games.poker import actions as act
from divided.games.poker import betting
from divided.games.poker.pots import Pot
from divided.games.poker.rules import PokerRules
from divided.games.poker.state import PokerState, evolve_state
from divided.games.poker.variants import rules_of

HANDS = ("As Ad Ac Kd Ks", "2c 3d 4h 5s 7c", "Qh Qd 9s 8h 6d")  # seat 0 full house, 1 seven-five low, 2 queens


def _draw_deal(stacks: tuple[int, ...]) -> tuple[PokerRules, PokerState]:
    """No-limit five-card draw, antes of 1, no blinds, button at seat 2 (seat 0 acts first),
    with each seat's own stack (set on the table before the button is placed), cards dealt."""
    rules = rules_of("five-card-draw")
    options: dict[str, Any] = {option.name: option.default for option in rules.options}
    options.update(players=3, structure="no", ante=1, stack=max(stacks), blinds="off")
    state = rules.initial_state(options)
    state = evolve_state(state, table=betting.new_table(stacks))
    state = rules.apply(state, 2)  # the button: antes go in
    for card in deal_sequence("five-card-draw", 2, HANDS, players=3):
        state = rules.apply(state, card)
    return rules, state


def _money(rules: PokerRules, state: PokerState, seat: int | None = 0) -> tuple[tuple[int, ...], tuple[Pot, ...]]:
    view = rules.observe(state, seat)
    return tuple(view.to_call(s) for s in range(view.num_players)), view.pots()


def test_a_short_all_in_makes_a_side_pot_when_the_round_is_pulled_in() -> None:
    rules, state = _draw_deal((10, 40, 30))
    # after the antes: 3 chips in the middle, nothing to call
    assert _money(rules, state) == ((0, 0, 0), (Pot(3, (0, 1, 2)),))
    state = rules.apply(state, act.raise_to_action(9))  # seat 0: all in for its last 9
    assert _money(rules, state) == ((0, 9, 9), (Pot(3, (0, 1, 2)),))  # the bets stay in front
    state = rules.apply(state, act.raise_to_action(35))  # seat 1 raises to 35 (4 behind)
    # seat 2 has 29 behind: it can only call 29 of the 35, all in
    assert _money(rules, state) == ((0, 0, 29), (Pot(3, (0, 1, 2)),))
    state = rules.apply(state, act.CALL)
    # the round is pulled in: seat 1's 6 chips nobody matched go back (T10); contributions 10,
    # 30, 30: the main pot 3 x 10, the side pot 2 x 20 between seats 1 and 2 (T9)
    view = rules.observe(state, 1)
    assert view.table.contributed == (10, 30, 30)
    assert view.pots() == (Pot(30, (0, 1, 2)), Pot(40, (1, 2)))
    assert [view.to_call(seat) for seat in range(3)] == [0, 0, 0]
    # nobody else can bet: the draws are made and the hands shown; the same layers are settled
    while not state.over:
        state = rules.apply(state, rules.legal_actions(state)[0])
    end = rules.observe(state, None)
    assert end.pots() == (Pot(30, (0, 1, 2)), Pot(40, (1, 2)))
    assert [layer.chips for layer in end.settled] == [(30, 0, 0), (0, 0, 40)]  # full house; queens beat the low
    assert [end.to_call(seat) for seat in range(3)] == [0, 0, 0]


def test_a_fold_leaves_its_chips_in_a_pot_it_cannot_win() -> None:
    rules, state = _draw_deal((10, 40, 40))
    state = rules.apply(state, act.raise_to_action(9))  # seat 0 all in
    state = rules.apply(state, act.raise_to_action(25))  # seat 1 raises
    assert _money(rules, state, 2) == ((0, 0, 25), (Pot(3, (0, 1, 2)),))
    state = rules.apply(state, act.CALL)  # seat 2 calls 25
    assert _money(rules, state, 2) == ((0, 0, 0), (Pot(30, (0, 1, 2)), Pot(32, (1, 2))))
    while rules.observe(state, None).table.to_act == -1:  # the draw: everyone stands pat
        state = rules.apply(state, act.DISCARD)
    state = rules.apply(state, act.raise_to_action(14))  # seat 1 bets its last 14
    assert _money(rules, state, 2) == ((0, 0, 14), (Pot(30, (0, 1, 2)), Pot(32, (1, 2))))
    state = rules.apply(state, act.FOLD)  # seat 2 folds: the 14 come back to seat 1
    end = rules.observe(state, 2)
    assert end.over
    # the side pot holds seat 2's 16 chips above seat 0's 10, which only seat 1 can win now
    assert end.pots() == (Pot(30, (0, 1)), Pot(32, (1,)))
    assert [end.to_call(seat) for seat in range(3)] == [0, 0, 0]


def test_the_bring_in_is_not_a_call_and_is_called_after_it() -> None:
    hands = ("2c 3c 9d 4h 5h 6h 7h", "Ac Ad Kh Ks Qh Qs Jd", "8c 8d Tc Td 9h 9s 2d")
    options = {"players": 3, "first_dealer": 2, "ante": 1, "bring_in": 1, "stack": 50}
    loaded = games.load("seven-card-stud", **options)
    rules = loaded.rules
    state = loaded.new_initial_state(chance=deal_sequence("seven-card-stud", 2, hands, **options)).core
    view = rules.observe(state, 0)
    assert view.current_player == 0  # the lowest up card, the deuce of clubs, brings in
    assert [view.to_call(seat) for seat in range(3)] == [0, 0, 0]
    assert view.table.bring_in == 1
    assert view.pots() == (Pot(3, (0, 1, 2)),)
    state = rules.apply(state, act.BRING_IN)
    assert _money(rules, state, 1) == ((0, 1, 1), (Pot(3, (0, 1, 2)),))
    state = rules.apply(state, act.RAISE)  # seat 1 completes to the small bet, 2
    assert _money(rules, state, 1) == ((1, 0, 2), (Pot(3, (0, 1, 2)),))


def test_to_call_refuses_a_seat_that_is_not_at_the_table() -> None:
    rules, state = _draw_deal((10, 40, 40))
    view = rules.observe(state, 0)
    for seat in (-1, 3, True, "1", 1.0):
        with pytest.raises(DividedError, match="no seat"):
            view.to_call(seat)  # type: ignore[arg-type]


def test_pots_are_public_and_read_from_the_table_alone() -> None:
    """Every seat and a spectator see the same pots and calls; a table with bets in front and an
    earlier all-in cut, built by hand, gives the layers of T9's example."""
    rules, state = _draw_deal((10, 40, 40))
    state = rules.apply(state, act.raise_to_action(9))
    views = [rules.observe(state, seat) for seat in (0, 1, 2, None)]
    assert len({(tuple(v.to_call(s) for s in range(3)), v.pots()) for v in views}) == 1
    # T9: A (all in), B and C put in 7, 20 and 20, with 4 of B's and C's 20 still in front
    table = betting.new_table((7, 30, 30))
    table = replace(table, stacks=(0, 10, 10), contributed=(7, 20, 20), bets=(0, 4, 4), current=4, to_act=1)
    view = replace(views[0], table=table)
    assert view.pots() == (Pot(21, (0, 1, 2)), Pot(18, (1, 2)))
    assert [view.to_call(seat) for seat in range(3)] == [0, 0, 0]
