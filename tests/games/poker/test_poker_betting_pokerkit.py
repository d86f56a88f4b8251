"""Our betting engine against pokerkit 0.7 (tournament mode): a few hundred random hands of five
games compared after every step (see ``pokerkit_betting``), and each known difference as a
hand-worked case that shows our ruling and pokerkit's different answer side by side."""

from __future__ import annotations

import pytest
from betting_script import FIXED, NO, antes, blinds, play, start
from pokerkit import (  # a test dependency (the `test` extra), 0.7.x
    Automation,
    BettingStructure,
    FixedLimitSevenCardStud,
    FixedLimitTexasHoldem,
    Mode,
    NoLimitTexasHoldem,
    State,
)
from pokerkit_betting import CONFIGS, Config, run

from divided.games.poker.betting import Options, close_round, options
from divided.games.poker.pots import AwardWinners, Pot, divide, layers

HANDS = 300
DEALT = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda config: config.name)
def test_random_hands_agree_with_pokerkit(config: Config) -> None:
    tally = run(config, HANDS, seed=7)
    assert tally.hands == HANDS
    # The comparison did real work: many decisions, many rounds and showdowns with pots.
    assert tally.steps > 3 * HANDS
    assert tally.showdowns > HANDS // 2


def _fixed_holdem(stacks: tuple[int, ...], ante: int = 0) -> State:
    # pokerkit seats: 0 small blind, 1 big blind, ..., the last is the button.
    return FixedLimitTexasHoldem.create_state(DEALT, True, ante, (1, 2), 2, 4, stacks, len(stacks), mode=Mode.TOURNAMENT)


def _no_limit_holdem(stacks: tuple[int, ...], ante: int = 0) -> State:
    return NoLimitTexasHoldem.create_state(DEALT, True, ante, (1, 2), 2, stacks, len(stacks), mode=Mode.TOURNAMENT)


def _pokerkit_raise_to(state: State) -> tuple[int, int] | None:
    low = state.min_completion_betting_or_raising_to_amount
    high = state.max_completion_betting_or_raising_to_amount
    return None if low is None or high is None else (low, high)


def test_d1_short_all_in_does_not_count_toward_the_cap() -> None:
    # T7: a short all-in "does not count toward the cap". Limit hold'em 2/4, four seats of 50
    # except seat 2 with 7. Preflop everyone calls 2. Flop (size 2): 0 bets 2 (1st), 1 raises
    # to 4 (2nd), 2 is all-in for 5 (short), 3 raises to 5 + 2 = 7 (3rd): seat 0 may still
    # raise to 9 (the 4th, the cap). pokerkit counted the short all-in and says the cap is hit.
    stacks = (50, 50, 7, 50)
    state = _fixed_holdem(stacks)
    for _ in range(4):
        state.check_or_call()
    for amount in (2, 4, 5, 7):
        state.complete_bet_or_raise_to(amount)
    table = close_round(play(start(blinds(stacks, 1, 2, 0, 1), FIXED, 2, 2), FIXED, "2 call", "3 call", "0 call", "1 check"))
    table = play(start(table, FIXED, 2, 0), FIXED, "0 raise 2", "1 raise 4", "2 raise 5", "3 raise 7")
    assert options(table, FIXED) == Options(seat=0, fold=True, check=False, call=5, raise_to=(9, 9))
    assert state.actor_index == 0
    assert _pokerkit_raise_to(state) is None


def test_d2_short_all_in_over_a_big_blind_does_not_reopen() -> None:
    # T7: "Forced blinds count as bets for this test." No limit 1/2, seats 0 (small blind),
    # 1 (big blind), 2 and 3 (button, 3 chips). 2 calls 2, 3 is all-in for 3 (a raise of 1, less
    # than 2), 0 and 1 call. Seat 2 acted at 2 and faces 1 more: call or fold. pokerkit counts
    # the all-in as a full raise (its round starts with a last raise of 0) and lets seat 2 raise
    # to 5.
    stacks = (100, 100, 100, 3)
    state = _no_limit_holdem(stacks)
    state.check_or_call()
    state.complete_bet_or_raise_to(3)
    state.check_or_call()
    state.check_or_call()
    table = play(start(blinds(stacks, 1, 2, 0, 1), NO, 2, 2), NO, "2 call", "3 raise 3", "0 call", "1 call")
    assert options(table, NO) == Options(seat=2, fold=True, check=False, call=1, raise_to=None)
    assert state.actor_index == 2
    assert _pokerkit_raise_to(state) == (5, 100)


def test_d3_odd_chips_among_three_tied_hands_go_one_at_a_time() -> None:
    # T11: tied winners' odd chips "go out one at a time". A pot of 305 (three all-ins of 100,
    # a folded small blind's 1 and a folded big blind's 4) shared by three tied hands: 101 each
    # and 2 odd chips, to the first two in T11's order: 102, 102, 101. pokerkit gives every odd
    # chip to one winner: 103, 101, 101.
    assert divide(Pot(305, (2, 3, 4)), (AwardWinners((2, 3, 4)),), 5) == (0, 0, 102, 102, 101)
    automations = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
                   Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
                   Automation.CHIPS_PULLING)
    state = NoLimitTexasHoldem.create_state(automations, True, 0, (1, 2), 2, (50, 50, 100, 100, 100), 5, mode=Mode.TOURNAMENT)
    for hole in ("2c3d", "2d3h", "4c5d", "4d5h", "6c7d"):
        state.deal_hole(hole)
    state.check_or_call()  # seat 2 calls 2
    state.check_or_call()  # seat 3
    state.check_or_call()  # seat 4
    state.fold()  # seat 0 (small blind, 1 in)
    state.complete_bet_or_raise_to(4)  # seat 1 raises to 4
    state.complete_bet_or_raise_to(100)  # seat 2 all-in
    state.check_or_call()  # seat 3 all-in
    state.check_or_call()  # seat 4 all-in
    state.fold()  # seat 1 folds its 4
    for burn, board in (("8c", "AsKsQs"), ("8d", "Js"), ("8h", "Ts")):  # all play the board's royal flush
        state.burn_card(burn)
        state.deal_board(board)
    assert sorted(state.stacks[2:]) == [101, 101, 103]
    assert state.stacks[:2] == [49, 46]


def test_d4_completion_under_no_limit_is_exactly_the_small_bet() -> None:
    # T3: the others "may fold, call or complete"; "under pot and no limit a completion is a
    # bet of S, so the next raise adds at least S". No-limit stud, bring-in 1, S 4: seat 1 may
    # complete only to 4, and after it the next raise is to 8 or more. pokerkit agrees on the
    # 8 (its street minimum is S) but lets the completion go up to the whole stack (4 to 50);
    # that is the only form this difference takes in pokerkit 0.7.7.
    table = play(start(antes((51, 51, 51), 1), NO, 4, 0, bring_in=1), NO, "0 bring")
    assert options(table, NO).raise_to == (4, 4)
    table = play(table, NO, "1 raise 4")
    assert options(table, NO).raise_to == (8, 50)
    state = _no_limit_stud((50, 50, 50))
    state.post_bring_in()
    assert _pokerkit_raise_to(state) == (4, 50)
    state.complete_bet_or_raise_to(4)
    assert _pokerkit_raise_to(state) == (8, 50)


def _no_limit_stud(stacks: tuple[int, ...]) -> State:
    game = FixedLimitSevenCardStud(
        (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.CARD_BURNING), True, 0, 1, 4, 8,
        mode=Mode.TOURNAMENT,
    )
    state = State(game.automations, game.deck, game.hand_types, game.streets, BettingStructure.NO_LIMIT, True, 0, 0,
                  1, stacks, len(stacks), mode=Mode.TOURNAMENT)
    # Seat 0 gets the lowest up card, so it brings in, as on our side.
    for hole in ("Kc", "Kd", "Kh", "Qc", "Qd", "Qh", "2c", "3d", "4h"):
        state.deal_hole(hole)
    return state


def test_several_short_all_ins_reopen_only_who_faces_a_full_raise_pokerkit_agrees() -> None:
    # T7 (WSOP rule 96, TDA: a player "not facing at least a full raise" is not reopened).
    # No limit 1/2; seats 0 (small blind) 1000, 1 (big blind) 152, 2 1000, 3 (button) 222.
    # Preflop all call 2. Flop: 0 bets 100, 1 is all-in for 150 (+50, short), 2 calls 150,
    # 3 is all-in for 220 (+70, short). Seat 0 last faced 100: +120 >= 100, it may raise (to
    # 320); it calls. Seat 2 last faced 150: +70 < 100, call or fold only. pokerkit agrees (its
    # "a call below the last full raise cannot raise" check refuses seat 2).
    stacks = (1000, 152, 1000, 222)
    state = _no_limit_holdem(stacks)
    for _ in range(4):
        state.check_or_call()
    state.complete_bet_or_raise_to(100)
    state.complete_bet_or_raise_to(150)
    state.check_or_call()
    state.complete_bet_or_raise_to(220)
    assert _pokerkit_raise_to(state) == (320, 998)
    state.check_or_call()
    table = close_round(play(start(blinds(stacks, 1, 2, 0, 1), NO, 2, 2), NO, "2 call", "3 call", "0 call", "1 check"))
    table = play(start(table, NO, 2, 0), NO, "0 raise 100", "1 raise 150", "2 call", "3 raise 220")
    assert options(table, NO).raise_to == (320, 998)
    table = play(table, NO, "0 call")
    assert options(table, NO) == Options(seat=2, fold=True, check=False, call=70, raise_to=None)
    assert state.actor_index == 2
    assert _pokerkit_raise_to(state) is None


def test_d5_big_blind_is_the_bet_of_the_cap() -> None:
    # T3 (the blinds "are first-round bets") and T4 ("a bet and three raises"): limit hold'em
    # 2/4, the big blind 2 is the bet, then 4, 6, 8: capped. pokerkit counts only voluntary
    # bets and lets a fourth raise to 10.
    stacks = (50, 50, 50, 50)
    state = _fixed_holdem(stacks)
    for amount in (4, 6, 8):
        state.complete_bet_or_raise_to(amount)
    table = play(start(blinds(stacks, 1, 2, 0, 1), FIXED, 2, 2), FIXED, "2 raise 4", "3 raise 6", "0 raise 8")
    assert options(table, FIXED) == Options(seat=1, fold=True, check=False, call=6, raise_to=None)
    assert state.actor_index == 1
    assert _pokerkit_raise_to(state) == (10, 10)


def test_d6_a_seat_that_may_only_check_still_has_its_turn() -> None:
    # T6: the round ends when every player who can act has matched the bet "and has acted".
    # No limit 1/2, seats 0 (small blind, 50), 1 (big blind, 1 chip: all-in for 1) and 2
    # (button, 1 chip). Seat 2 calls 1, all-in; seat 0 has 1 in front, matching the bet, and
    # has not acted: it checks (the only thing it may do). pokerkit leaves seat 0 out of the
    # round from the start (its bet covers everyone) and ends the round after seat 2.
    stacks = (50, 1, 1)
    state = _no_limit_holdem(stacks)
    assert state.actor_index == 2
    state.check_or_call()
    assert state.actor_index is None
    table = play(start(blinds(stacks, 1, 1, 0, 1), NO, 2, 2), NO, "2 call")
    assert options(table, NO) == Options(seat=0, fold=False, check=True, call=0, raise_to=None)
    assert play(table, NO, "0 check").to_act == -1


def test_d7_an_unmatched_ante_stays_in() -> None:
    # T10: "Only bets come back: antes, payments and bids stay." Heads-up no limit, ante 2;
    # seat 1 has 1 chip and antes it (all-in). Seat 0's ante of 2 stays: a layer of 1 + 1 for
    # both, and seat 0's other chip in a layer only it may win. pokerkit hands that chip back at
    # once (its "ante trimming").
    table = antes((64, 1), 2)
    assert table.stacks == (62, 0)
    assert layers(table.contributed, table.live, all_in=(False, True)) == (Pot(2, (0, 1)), Pot(1, (0,)))
    state = NoLimitTexasHoldem.create_state(DEALT, True, 2, 0, 2, (64, 1), 2, mode=Mode.TOURNAMENT)
    assert state.stacks == [63, 0]


def test_d8_short_all_ins_that_add_up_to_a_full_raise_reopen_the_bettor() -> None:
    # T7: several short all-ins reopen a seat that has acted when together they raise what it
    # last faced by a full raise. No limit 1/2: seats 0 (small blind) 1000, 1 (big blind) 18,
    # 2 24, 3 28, 4 (button) 1000; preflop all call 2. Flop: 0 bets 10 (a full raise of 10);
    # 1 all-in 16 (+6), 2 all-in 22 (+6), 3 all-in 26 (+4), each short; 4 calls 26. Seat 0 last
    # faced its own 10 and now faces 26: +16 >= 10, so it may raise, to 26 + 10 = 36 at least.
    # pokerkit pooled the first two (6 + 6 >= 10), emptied the pool, kept only the last (4 < 10),
    # and lets seat 0 only call.
    stacks = (1000, 18, 24, 28, 1000)
    state = _no_limit_holdem(stacks)
    for _ in range(5):
        state.check_or_call()
    for amount in (10, 16, 22, 26):
        state.complete_bet_or_raise_to(amount)
    state.check_or_call()
    moves = ("2 call", "3 call", "4 call", "0 call", "1 check")
    table = close_round(play(start(blinds(stacks, 1, 2, 0, 1), NO, 2, 2), NO, *moves))
    table = play(start(table, NO, 2, 0), NO, "0 raise 10", "1 raise 16", "2 raise 22", "3 raise 26", "4 call")
    assert options(table, NO) == Options(seat=0, fold=True, check=False, call=16, raise_to=(36, 998))
    assert state.actor_index == 0
    assert state.checking_or_calling_amount == 16
    assert _pokerkit_raise_to(state) is None
