"""Jackpot's exchange turns (poker-games.md JP1-JP3), worked by hand: deals given card by card."""

from __future__ import annotations

import pytest
from poker_deals import deal_sequence

from divided import games
from divided.errors import IllegalActionError
from divided.games.poker import actions as act
from divided.games.poker.cards import parse

A, B, C = 0, 1, 2
HANDS = ("As Ks Qs Js 2c", "9h 9d 5c 4c 3d", "8h 8d 7c 6c 2d")


def start(hands: tuple[str, ...] = HANDS, extra: str = "", button: int = C, **options: object):  # type: ignore[no-untyped-def]
    options = {"players": len(hands), "first_dealer": button, **options}
    chance = deal_sequence("jackpot", button, hands, **options) + list(parse(extra))
    return games.load("jackpot", **options).new_initial_state(chance=chance)


def exchange(state, card: str) -> None:  # type: ignore[no-untyped-def]
    """The seat to act exchanges ``card`` (a card of its hand)."""
    seat = state.current_player()
    held = sorted(state.core.slots[seat][0])
    state.apply_action(act.DISCARD + (1 << held.index(parse(card)[0])))


def step_kind(state) -> str:  # type: ignore[no-untyped-def]
    return state.core.config.steps[state.core.step].kind


def test_example_a_exchanges_and_calls_b_and_c_get_no_turn() -> None:
    state = start(extra="Ts")
    assert state.current_player() == A  # the first turn is left of the button
    exchange(state, "2c")
    assert state.core.slots[A][0] == (*parse("As Ks Qs Js"), *parse("Ts"))
    assert state.current_player() == A and state.legal_actions() == [act.PASS, act.STOP]
    state.apply_action(act.STOP)
    assert step_kind(state) == "bet" and state.current_player() == A  # the betting round follows at once
    kinds = [(e.seat, e.kind) for e in state.core.events if e.kind in ("draw", "stop", "pass")]
    assert kinds == [(A, "draw"), (A, "stop")]  # B and C had no turn


def test_the_round_starts_left_of_the_button_not_with_the_caller() -> None:
    state = start()
    state.apply_action(act.DISCARD)  # A keeps its cards and does not call
    state.apply_action(act.PASS)
    state.apply_action(act.DISCARD)  # B keeps its cards and calls
    state.apply_action(act.STOP)
    assert step_kind(state) == "bet" and state.current_player() == A


def test_after_the_turns_cap_the_drawing_ends_as_if_called() -> None:
    # jackpot_turns 2, three players: six turns; the sixth (C's second) asks for no call
    state = start(jackpot_turns=2)
    decisions = []
    while step_kind(state) == "exchange-turns":
        decisions.append((state.current_player(), tuple(state.legal_actions())[-1]))
        state.apply_action(act.DISCARD if act.DISCARD in state.legal_actions() else act.PASS)
    exchanges = [seat for seat, last in decisions if last != act.STOP]
    assert exchanges == [A, B, C, A, B, C]
    assert len(decisions) == 11  # six exchanges, five call decisions
    assert step_kind(state) == "bet" and state.current_player() == A


def test_more_than_one_card_or_a_call_before_the_exchange_is_refused_and_changes_nothing() -> None:
    state = start()
    before = state.core
    for bad in (act.DISCARD + 0b11, act.STOP, act.PASS, act.DISCARD + 0b100000):
        with pytest.raises(IllegalActionError):
            state.apply_action(bad)
        assert state.core is before
    state.apply_action(act.DISCARD + 1)
    state.apply_action(parse("Ts")[0])
    with pytest.raises(IllegalActionError):
        state.apply_action(act.DISCARD)  # now it is the call, not another exchange
    assert state.current_player() == A


def test_the_discard_is_seen_by_its_owner_only() -> None:
    state = start(extra="Ts")
    exchange(state, "2c")
    two = parse("2c")[0]
    assert two in state.observation(A).discarded[A]
    assert state.observation(B).discarded[A] == (None,)
    assert state.observation(None).discarded[A] == (None,)
    assert state.observation(B).draws[-1][A] == 1  # how many is public


def test_an_empty_stock_reshuffles_the_pile_but_not_the_card_just_discarded() -> None:
    # seven players: 17 cards left; every seat exchanges its lowest card each turn. The 18th
    # exchange finds the stock empty: T16 shuffles the pile without that seat's own discard.
    options = {"players": 7, "first_dealer": 6, "jackpot_turns": 5}
    state = games.load("jackpot", **options).new_initial_state(seed=11)
    exchanges = 0
    while step_kind(state) == "exchange-turns":
        seat = state.current_player()
        if act.DISCARD + 1 in state.legal_actions():
            exchanges += 1
            lowest = min(state.core.slots[seat][0])
            state.apply_action(act.DISCARD + 1)
            if exchanges == 18:  # (the seeded deal has served it already)
                core = state.core
                assert core.discarded == tuple(1 << lowest if s == seat else 0 for s in range(7))
                assert core.stock.bit_count() == 16 and not core.stock >> lowest & 1  # 17 discards, one dealt
                assert lowest not in core.slots[seat][0]
                return
        else:
            state.apply_action(act.PASS)
    raise AssertionError("the stock never ran out")


@pytest.mark.parametrize(("wild", "winner"), [("none", B), ("deuces", A)])
def test_jackpot_wild_deuces_are_wild_for_everyone(wild: str, winner: int) -> None:
    # JP3: with deuces wild A's K♦ K♣ 2♠ 2♥ 9♠ is four kings and beats B's three queens;
    # without, it is two pair and loses; C's 2♦ plays as a deuce either way (wild: three eights)
    state = start(("2s 2h Kd Kc 9s", "Qs Qh Qd 8c 7d", "8h 8d 5c 4c 2d"), jackpot_wild=wild)
    state.apply_action(act.DISCARD)
    state.apply_action(act.STOP)  # A calls at once
    while not state.is_terminal():
        state.apply_action(act.CALL)
    assert state.core.settled[0].awards == (("high", (winner,)),)
    assert state.returns()[winner] == 2.0
