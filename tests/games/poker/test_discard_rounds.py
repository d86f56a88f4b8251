"""The sequential open draw's discard rounds (poker-games.md OQ1-OQ2), worked by hand."""

from __future__ import annotations

import pytest
from poker_deals import deal_sequence

from divided import games
from divided.errors import IllegalActionError
from divided.games.poker import actions as act
from divided.games.poker.cards import parse

A, B, C = 0, 1, 2
HANDS = ("As Ks Qs Js 2c", "9h 9d 5c 4c 3d", "8h 8d 7c 6c 2d")
GAME = "sequential-open-draw"


def start(extra: str = "", **options: object):  # type: ignore[no-untyped-def]
    options = {"players": 3, "first_dealer": C, **options}
    chance = deal_sequence(GAME, C, HANDS, **options) + list(parse(extra))
    return games.load(GAME, **options).new_initial_state(chance=chance)


def kind(state) -> str:  # type: ignore[no-untyped-def]
    return state.core.config.steps[state.core.step].kind


def check_round(state) -> None:  # type: ignore[no-untyped-def]
    """Everyone checks through the betting round under way."""
    step = state.core.step
    while not state.is_terminal() and kind(state) == "bet" and state.core.step == step:
        state.apply_action(act.CALL)


def discard(state, card: str) -> None:  # type: ignore[no-untyped-def]
    seat = state.current_player()
    held = sorted(state.core.slots[seat][0])
    state.apply_action(act.DISCARD + (1 << held.index(parse(card)[0])))


def test_example_a_and_c_discard_again_after_seeing_round_one_b_may_not() -> None:
    state = start()
    check_round(state)
    assert kind(state) == "discard-rounds" and state.current_player() == A
    discard(state, "2c")
    two = parse("2c")[0]
    assert state.observation(B).phase.drawn[A] == 0 and state.observation(B).drawn_counts[A] == 1  # a card went down
    state.apply_action(act.PASS)  # B passes
    discard(state, "2d")
    # round 2: both discards are up; A, then C (B passed for good)
    for viewer in (None, A, B, C):
        assert two in state.observation(viewer).discarded[A]
        assert parse("2d")[0] in state.observation(viewer).discarded[C]
    assert state.current_player() == A
    state.apply_action(act.PASS)
    assert state.current_player() == C
    state.apply_action(act.PASS)
    # a round in which all pass: A and C get one card each, A first (T14)
    assert [seat for seat, _, _ in state.core.owed] == [A, C]


def test_replacements_are_as_many_as_discarded_in_all_rounds() -> None:
    state = start(extra="Ts 3h 3s")  # the replacements, in the order they are dealt
    check_round(state)
    discard(state, "2c")  # round 1: A
    discard(state, "3d")  # B
    state.apply_action(act.PASS)  # C passes
    discard(state, "Js")  # round 2: A again
    state.apply_action(act.PASS)  # B
    state.apply_action(act.PASS)  # round 3: A passes; all passed
    assert sorted(state.core.slots[A][0]) == sorted(parse("As Ks Qs Ts 3h"))
    assert sorted(state.core.slots[B][0]) == sorted(parse("9h 9d 5c 4c 3s"))
    assert kind(state) == "bet"
    assert state.core.draws[-1] == (2, 1, 0)


def test_a_player_with_no_cards_left_passes() -> None:
    state = start()
    check_round(state)
    for _ in range(5):  # A throws a card a round, B and C pass at once
        assert state.current_player() == A
        state.apply_action(act.DISCARD + 1)
        while not state.is_chance_node() and state.current_player() in (B, C):
            state.apply_action(act.PASS)
    # round 6: A has no card, so nobody acts; A receives five
    assert state.is_chance_node() and [seat for seat, _, _ in state.core.owed] == [A] * 5


def test_betting_between_rounds_with_the_option_on() -> None:
    state = start(sequential_betting="on")
    check_round(state)
    discard(state, "2c")
    state.apply_action(act.PASS)
    state.apply_action(act.PASS)
    assert kind(state) == "bet" and state.core.config.steps[state.core.step].size == "small"
    check_round(state)
    assert kind(state) == "discard-rounds" and state.legal_actions()[0] == act.PASS and state.current_player() == A
    state.apply_action(act.PASS)  # the round in which all pass (B and C passed before)
    assert state.is_chance_node()


def test_two_cards_at_once_or_a_passed_seat_acting_is_refused_and_changes_nothing() -> None:
    state = start()
    check_round(state)
    before = state.core
    for bad in (act.DISCARD + 0b11, act.DISCARD, act.STOP, act.DISCARD + (1 << 5)):
        with pytest.raises(IllegalActionError):
            state.apply_action(bad)
        assert state.core is before
