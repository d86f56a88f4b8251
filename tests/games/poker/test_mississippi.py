"""Mississippi Gonorrhea (poker-games.md, MG1-MG3) on the game itself: the example played to the
showdown, the three exchanges keeping each replaced card's face, the two-card orders."""

from __future__ import annotations

from poker_deals import passive, start

from divided.games.poker import actions as act
from divided.games.poker.cards import parse

A, B, C = 0, 1, 2
GAME = "mississippi"
EXAMPLE = ("7s 7d", "Ac Ah", "3d 2s")  # each seat's down card, then its up card


def stand_pat_to_the_end(state) -> None:  # type: ignore[no-untyped-def]
    """Everyone checks or calls and keeps both cards at every exchange."""
    while not state.is_terminal():
        passive(state)
        if not state.is_terminal():
            state.apply_action(act.DISCARD)


def test_the_example_a_pair_of_sevens_takes_the_whole_pot() -> None:
    state = start(GAME, EXAMPLE, button=C)
    exchanges = 0
    while not state.is_terminal():
        passive(state)
        if not state.is_terminal():
            assert state.core.config.steps[state.core.step].kind == "draw"
            exchanges += state.current_player() == A
            state.apply_action(act.DISCARD)  # MG3: exchanging is optional
    assert exchanges == 3  # breakfast, lunch, dinner
    (pot,) = state.core.settled
    assert pot.awards == (("high", (A,)), ("low", (A,)))
    assert state.returns() == [2.0, -1.0, -1.0]


def test_the_example_had_a_folded_b_wins_high_and_c_low() -> None:
    state = start(GAME, EXAMPLE, button=C)
    state.apply_action(act.CALL)  # A checks
    state.apply_action(act.RAISE)  # B bets 2
    state.apply_action(act.CALL)  # C calls
    state.apply_action(act.FOLD)  # A folds
    stand_pat_to_the_end(state)
    (pot,) = state.core.settled
    assert pot.awards == (("high", (B,)), ("low", (C,)))
    # pot 7: high 3 and the odd chip to B, low 3 to C
    assert state.returns() == [-1.0, 4 - 3, 3 - 3]


def test_each_replacement_takes_the_face_of_the_card_it_replaces() -> None:
    state = start(GAME, ("Ks 9d", "Qc 8h", "Jh 4c"), button=C)
    down_a, up_a = parse("Ks 9d")
    assert state.observation(B).slots[A][0] == (None, up_a)
    passive(state)
    hand = sorted((down_a, up_a))
    state.apply_action(act.DISCARD + (1 << hand.index(up_a)))  # A replaces its up card
    state.apply_action(parse("2h")[0])
    assert state.observation(B).slots[A][0] == (None, parse("2h")[0])  # the new card comes up
    hand = sorted(state.core.slots[B][0])
    state.apply_action(act.DISCARD + (1 << hand.index(parse("Qc")[0])))  # B replaces its down card
    state.apply_action(parse("5s")[0])
    assert state.observation(A).slots[B][0] == (parse("8h")[0], None)  # the new card stays down
    assert state.observation(B).slots[B][0] == parse("8h 5s")
    state.apply_action(act.DISCARD + 0b11)  # C replaces both: one down, one up
    state.apply_action(parse("6d")[0])  # for 4c, the lower card (replacements in card order): up
    state.apply_action(parse("Tc")[0])  # for Jh: down
    assert sorted(state.core.slots[C][0]) == sorted(parse("6d Tc"))
    assert {c for c in state.observation(A).slots[C][0] if c is not None} == set(parse("6d"))


def test_two_card_orders_aces_high_pairs_beat_no_pair_and_low_is_the_reverse() -> None:
    # MG1: high K-2 beats Q-J; a pair of twos beats A-K; low 3-2 beats 4-2, A-A is the worst
    state = start(GAME, ("Kd 2c", "Qs Jh", "4h 2d"), button=C)
    stand_pat_to_the_end(state)
    assert state.core.settled[0].awards == (("high", (A,)), ("low", (C,)))
    state = start(GAME, ("As Kh", "2h 2s", "3c 2d", "4s 2c"), button=C)
    stand_pat_to_the_end(state)
    assert state.core.settled[0].awards == (("high", (B,)), ("low", (C,)))
    state = start(GAME, ("As Ad", "Ks Kh"), button=B)
    stand_pat_to_the_end(state)
    assert state.core.settled[0].awards == (("high", (A,)), ("low", (B,)))  # A-A the best high, the worst low


def test_two_pairs_of_sevens_share_both_halves() -> None:
    state = start(GAME, ("7s 7d", "7h 7c", "3d 2s"), button=C)
    stand_pat_to_the_end(state)
    (pot,) = state.core.settled
    assert [(title, set(seats)) for title, seats in pot.awards] == [("high", {A, B}), ("low", {A, B})]
    assert sum(state.returns()) == 0 and state.returns()[C] == -1.0
