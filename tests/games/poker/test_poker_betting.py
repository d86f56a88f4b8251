"""Hand-worked betting rounds (poker-table.md T3-T8, T10): every expected number is worked out
in the comments from the rulings, not read off the engine."""

from __future__ import annotations

import pytest
from betting_script import FIXED, NO, POT, antes, blinds, play, start

from divided.errors import IllegalActionError, NotYourTurnError
from divided.games.poker.betting import (
    Act,
    Limits,
    Options,
    ShortAllIn,
    Structure,
    act,
    can_pay,
    close_round,
    new_table,
    options,
    pay,
    post,
)

HALF_BET = Limits(short_all_in=ShortAllIn.HALF_BET)
LIFTED = Limits(cap_heads_up=False)


# --- blinds (T3) -------------------------------------------------------------------------------


def test_heads_up_button_posts_small_blind_acts_first_and_big_blind_has_option() -> None:
    # Seat 0 is the button: heads-up it posts the small blind 1, seat 1 the big blind 2. The
    # round opens left of the big blind, at the button. It owes 1; a raise adds the small bet.
    table = start(blinds((20, 20), 1, 2, 0, 1), FIXED, 2, 0)
    assert options(table, FIXED) == Options(seat=0, fold=True, check=False, call=1, raise_to=(4, 4))
    table = play(table, FIXED, "0 call")
    # The big blind's option: nothing to call, so check (not fold) or raise to 4.
    assert options(table, FIXED) == Options(seat=1, fold=False, check=True, call=0, raise_to=(4, 4))
    table = play(table, FIXED, "1 check")
    assert table.to_act == -1
    closed = close_round(table)
    assert closed.stacks == (18, 18)
    assert closed.contributed == (2, 2)
    assert closed.bets == (0, 0)


def test_big_blind_may_raise_when_the_action_returns_in_no_limit() -> None:
    # Three seats, button 0, blinds 1/2 by seats 1 and 2; seat 0 opens. 0 calls 2, 1 completes
    # (calls 1); the big blind may check or raise to at least 2 + 2 = 4, at most its 50.
    table = start(blinds((50, 50, 50), 1, 2, 1, 2), NO, 2, 0)
    table = play(table, NO, "0 call", "1 call")
    assert options(table, NO) == Options(seat=2, fold=False, check=True, call=0, raise_to=(4, 50))
    table = play(table, NO, "2 raise 10")
    # Everyone else must answer 8 more; 0 may raise to 10 + 8 = 18 or more.
    assert options(table, NO) == Options(seat=0, fold=True, check=False, call=8, raise_to=(18, 50))


def test_everyone_folds_to_the_big_blind_and_its_uncalled_part_returns() -> None:
    # Blinds 1/2 by seats 1 and 2; 0 and 1 fold. One seat remains: the round ends. The big
    # blind's 2 was called for 1 (the small blind's 1), so 1 comes back (T10): contributions 0/1/1.
    table = start(blinds((30, 30, 30), 1, 2, 1, 2), FIXED, 2, 0)
    table = play(table, FIXED, "0 fold", "1 fold")
    assert table.to_act == -1
    closed = close_round(table)
    assert closed.contributed == (0, 1, 1)
    assert closed.stacks == (30, 29, 29)


# --- fixed-limit cap (T4) ----------------------------------------------------------------------


def test_cap_bet_and_three_raises() -> None:
    # Three seats, small bet 2, no blinds: 0 bets 2, 1 raises 4, 2 raises 6, 0 raises 8: a bet and
    # three raises. Seat 1 may only call 4 (8 - 4) or fold.
    table = start(new_table((50, 50, 50)), FIXED, 2, 0)
    table = play(table, FIXED, "0 raise 2", "1 raise 4", "2 raise 6", "0 raise 8")
    assert table.raises == 4
    assert options(table, FIXED) == Options(seat=1, fold=True, check=False, call=4, raise_to=None)
    with pytest.raises(IllegalActionError, match="seat 1 cannot raise to 10: it may not bet or raise now"):
        act(table, FIXED, 1, Act.RAISE, 10)


def test_big_blind_counts_as_the_bet_of_the_cap() -> None:
    # Blinds 1/2 (a full small bet): the blind is the bet, so three raises follow: 4, 6, 8.
    table = start(blinds((50, 50, 50), 1, 2, 1, 2), FIXED, 2, 0)
    table = play(table, FIXED, "0 raise 4", "1 raise 6", "2 raise 8")
    assert options(table, FIXED).raise_to is None
    assert options(table, FIXED).call == 4


def test_cap_kept_heads_up_by_default_and_lifted_by_option() -> None:
    # Two seats, big bet 4: bet 4, raises to 8, 12, 16 reach the cap; with cap-heads-up lifted
    # seat 1 may raise again to 20.
    moves = ("0 raise 4", "1 raise 8", "0 raise 12", "1 raise 16")
    kept = play(start(new_table((100, 100)), FIXED, 4, 0), FIXED, *moves)
    assert options(kept, FIXED).raise_to is None
    lifted = play(start(new_table((100, 100)), LIFTED, 4, 0), LIFTED, *moves)
    assert options(lifted, LIFTED) == Options(seat=0, fold=True, check=False, call=4, raise_to=(20, 20))


def test_heads_up_means_two_still_in_when_the_round_starts() -> None:
    # Three dealt in, seat 2 folded earlier: two still in, so the lifted cap applies; with all
    # three in, the cap holds even after a fold during the round.
    two_in = new_table((100, 100, 100), (True, True, False))
    assert start(two_in, LIFTED, 2, 0).capped is False
    three_in = start(new_table((100, 100, 100)), LIFTED, 2, 0)
    assert three_in.capped is True
    table = play(three_in, LIFTED, "0 raise 2", "1 raise 4", "2 fold", "0 raise 6", "1 raise 8")
    assert options(table, LIFTED).raise_to is None


# --- bring-in and completion (T3) --------------------------------------------------------------


def test_stud_bring_in_then_complete_then_raise() -> None:
    # Ante 1 from three seats of 20, bring-in 1, small bet 2; seat 1 has the low card and opens.
    # It may only bring in for 1 or complete to 2 (no fold, no check).
    table = start(antes((20, 20, 20), 1), FIXED, 2, 1, bring_in=1)
    assert options(table, FIXED) == Options(seat=1, fold=False, check=False, call=0, raise_to=(2, 2), bring_in=1)
    table = play(table, FIXED, "1 bring")
    # Seat 2: fold, call 1 or complete to 2.
    assert options(table, FIXED) == Options(seat=2, fold=True, check=False, call=1, raise_to=(2, 2))
    table = play(table, FIXED, "2 raise 2")
    # The completion is the round's bet (raises 1): seat 0 calls 2 or raises to 4.
    assert table.raises == 1
    assert options(table, FIXED) == Options(seat=0, fold=True, check=False, call=2, raise_to=(4, 4))
    table = play(table, FIXED, "0 call")
    # The bring-in is reopened by the completion: call 1 or raise to 4.
    assert options(table, FIXED) == Options(seat=1, fold=True, check=False, call=1, raise_to=(4, 4))


def test_bring_in_passes_over_a_seat_whose_ante_left_no_chips() -> None:
    # Seat 1 has 1 chip and antes it: all-in, so the bring-in passes to seat 2.
    table = start(antes((20, 1, 20), 1), FIXED, 2, 1, bring_in=1)
    assert table.to_act == 2
    assert options(table, FIXED).bring_in == 1


def test_bring_in_seat_with_no_more_than_the_bring_in_may_still_complete_all_in() -> None:
    # Seat 0 has 1 chip left after its ante (bring-in 1, small bet 2): it may bring in for 1 or
    # "complete" all-in for 1 (the same chip, as pokerkit offers it). A completion all-in for
    # less is short: seat 1 may call 1 or raise to 1 + 2 = 3 (T7).
    table = start(antes((2, 20, 20), 1), FIXED, 2, 0, bring_in=1)
    assert options(table, FIXED) == Options(seat=0, fold=False, check=False, call=0, raise_to=(1, 1), bring_in=1)
    table = play(table, FIXED, "0 raise 1")
    assert options(table, FIXED) == Options(seat=1, fold=True, check=False, call=1, raise_to=(3, 3))


def test_no_limit_completion_is_a_bet_of_the_small_bet() -> None:
    # NL stud: bring-in 1, small bet 4. Seat 0 brings in 1, seat 1 completes to 4 (exactly: T3's
    # "complete to a small bet"). The completion is a bet of 4, so the next raise adds at least
    # 4: seat 2 may raise to 8 or more (pokerkit would let the completion go above 4: D4).
    table = start(new_table((50, 50, 50)), NO, 4, 0, bring_in=1)
    table = play(table, NO, "0 bring")
    assert options(table, NO).raise_to == (4, 4)
    table = play(table, NO, "1 raise 4")
    assert options(table, NO) == Options(seat=2, fold=True, check=False, call=4, raise_to=(8, 50))


def test_short_all_in_completion_is_raised_to_it_plus_a_size() -> None:
    # FL stud, bring-in 1, small bet 4: seat 1 completes all-in for 3 (1 chip short). Seat 2 may
    # call 3 or raise to 3 + 4 = 7 (T7: an all-in bet below the size is raised to it plus one size).
    table = start(new_table((50, 3, 50)), FIXED, 4, 0, bring_in=1)
    table = play(table, FIXED, "0 bring")
    assert options(table, FIXED).raise_to == (3, 3)
    table = play(table, FIXED, "1 raise 3")
    assert options(table, FIXED) == Options(seat=2, fold=True, check=False, call=3, raise_to=(7, 7))
    assert table.raises == 0


# --- pot limit (T4) ----------------------------------------------------------------------------


def test_pot_limit_max_raise_counts_the_bets_in_front() -> None:
    # Four seats of 100, blinds 1/2 by seats 1 and 2, seat 3 opens. Pot 3; after calling 2 it is
    # 5, so seat 3 may raise to 2 + 5 = 7 (min 2 + 2 = 4).
    table = start(blinds((100, 100, 100, 100), 1, 2, 1, 2), POT, 2, 3)
    assert options(table, POT).raise_to == (4, 7)
    table = play(table, POT, "3 raise 7")
    # Seat 0: pot 1 + 2 + 7 = 10, call 7 makes 17, so the max is 7 + 17 = 24; the raise was 5,
    # so the min is 7 + 5 = 12.
    assert options(table, POT) == Options(seat=0, fold=True, check=False, call=7, raise_to=(12, 24))
    table = play(table, POT, "0 call")
    # Seat 1 (small blind, 1 in front): pot 1 + 2 + 7 + 7 = 17, call 6 makes 23: max 7 + 23 = 30.
    assert options(table, POT) == Options(seat=1, fold=True, check=False, call=6, raise_to=(12, 30))


def test_pot_limit_counts_antes_and_earlier_rounds() -> None:
    # Three seats ante 2 (pot 6), then a round: 0 bets; the max bet is 0 + 6 = 6 (min the size 4).
    table = start(antes((60, 60, 60), 2), POT, 4, 0)
    assert options(table, POT).raise_to == (4, 6)
    table = play(table, POT, "0 raise 6")
    # Seat 1: pot 12, call 6 makes 18: max 6 + 18 = 24, min 6 + 6 = 12.
    assert options(table, POT).raise_to == (12, 24)


# --- short all-ins (T7) ------------------------------------------------------------------------


def test_wsop_rule_96_short_all_in_does_not_reopen_in_no_limit() -> None:
    # Postflop, four seats. 0 bets 100; 1 is all-in for 130 (a raise of 30 < 100: short); 2 and
    # 3 call 130. Back at 0, who already acted and faces 30 more (less than a full raise): call
    # or fold only.
    table = start(new_table((1000, 130, 1000, 1000)), NO, 10, 0)
    table = play(table, NO, "0 raise 100", "1 raise 130")
    # Seat 2 had not acted: it may raise; a full raise adds the last full raise (100): to 230.
    assert options(table, NO) == Options(seat=2, fold=True, check=False, call=130, raise_to=(230, 1000))
    table = play(table, NO, "2 call", "3 call")
    assert options(table, NO) == Options(seat=0, fold=True, check=False, call=30, raise_to=None)
    with pytest.raises(IllegalActionError, match="seat 0 cannot raise to 300: it may not bet or raise now"):
        act(table, NO, 0, Act.RAISE, 300)
    table = play(table, NO, "0 call")
    assert table.to_act == -1


def test_two_short_all_ins_that_together_make_a_full_raise_reopen() -> None:
    # 0 bets 100; 1 all-in 150 (+50); 2 calls 150; 3 all-in 220 (+70). Seat 0 last faced 100:
    # 220 - 100 = 120 >= 100, reopened (min 220 + 100 = 320). Seat 2 last faced 150: 70 < 100,
    # call or fold only.
    table = start(new_table((1000, 150, 1000, 220)), NO, 10, 0)
    table = play(table, NO, "0 raise 100", "1 raise 150", "2 call", "3 raise 220")
    assert options(table, NO) == Options(seat=0, fold=True, check=False, call=120, raise_to=(320, 1000))
    table = play(table, NO, "0 call")
    assert options(table, NO) == Options(seat=2, fold=True, check=False, call=70, raise_to=None)


def test_short_raise_over_a_big_blind_does_not_reopen() -> None:
    # Blinds 1/2 (seats 1, 2), seat 3 calls 2, seat 0 is all-in for 3 (+1 < 2: short, the blind
    # is a bet, T7). Seats 1 and 2 have not acted: they may raise to 3 + 2 = 5. Seat 3 has
    # acted and faces +1: call or fold (pokerkit reopens it: difference D2).
    table = start(blinds((3, 100, 100, 100), 1, 2, 1, 2), NO, 2, 3)
    table = play(table, NO, "3 call", "0 raise 3")
    assert options(table, NO) == Options(seat=1, fold=True, check=False, call=2, raise_to=(5, 100))
    table = play(table, NO, "1 call")
    assert options(table, NO) == Options(seat=2, fold=True, check=False, call=1, raise_to=(5, 100))
    table = play(table, NO, "2 call")
    assert options(table, NO) == Options(seat=3, fold=True, check=False, call=1, raise_to=None)


def test_fixed_limit_short_all_in_below_half_a_bet() -> None:
    # FL, size 4, three seats. 0 bets 4; 1 is all-in for 5 (+1: below half a bet, short). 2 may
    # call 5 or raise to 5 + 4 = 9. After 2 calls, 0 faces +1 and may only call or fold.
    table = start(new_table((50, 5, 50)), FIXED, 4, 0)
    table = play(table, FIXED, "0 raise 4", "1 raise 5")
    assert options(table, FIXED) == Options(seat=2, fold=True, check=False, call=5, raise_to=(9, 9))
    table = play(table, FIXED, "2 call")
    assert options(table, FIXED) == Options(seat=0, fold=True, check=False, call=1, raise_to=None)
    # Under half-bet the same +1 is still short (below 2 = half of 4).
    table = play(start(new_table((50, 5, 50)), HALF_BET, 4, 0), HALF_BET, "0 raise 4", "1 raise 5", "2 call")
    assert options(table, HALF_BET).raise_to is None


def test_fixed_limit_half_bet_all_in_reopens_and_counts() -> None:
    # Size 4; 0 bets 4; 1 is all-in for 6 (+2 = half a bet). Under `full` it is short: 0 (after
    # 2 calls) may only call 2. Under `half-bet` it counts as a raise: 0 may raise to 6 + 4 = 10,
    # and it is the round's second bet toward the cap.
    moves = ("0 raise 4", "1 raise 6", "2 call")
    full = play(start(new_table((50, 6, 50)), FIXED, 4, 0), FIXED, *moves)
    assert options(full, FIXED) == Options(seat=0, fold=True, check=False, call=2, raise_to=None)
    assert full.raises == 1
    half = play(start(new_table((50, 6, 50)), HALF_BET, 4, 0), HALF_BET, *moves)
    assert options(half, HALF_BET) == Options(seat=0, fold=True, check=False, call=2, raise_to=(10, 10))
    assert half.raises == 2


def test_short_all_in_does_not_count_toward_the_cap() -> None:
    # FL size 2, four seats: 0 bets 2, 1 raises 4, 2 all-in 5 (short, not counted), 3 raises to
    # 5 + 2 = 7 (3rd), 0 raises to 9 (4th: the cap). Seat 1 may then only call. pokerkit counts
    # the short all-in and caps at 7 (difference D1).
    table = start(new_table((50, 50, 5, 50)), FIXED, 2, 0)
    table = play(table, FIXED, "0 raise 2", "1 raise 4", "2 raise 5")
    assert table.raises == 2
    assert options(table, FIXED).raise_to == (7, 7)
    table = play(table, FIXED, "3 raise 7")
    assert options(table, FIXED).raise_to == (9, 9)
    table = play(table, FIXED, "0 raise 9")
    assert options(table, FIXED) == Options(seat=1, fold=True, check=False, call=5, raise_to=None)


def test_fixed_limit_all_in_bet_below_the_size() -> None:
    # Size 4; seat 0 bets all-in 1. Seat 1 may call 1 or raise to 1 + 4 = 5.
    table = start(new_table((1, 50, 50)), FIXED, 4, 0)
    assert options(table, FIXED).raise_to == (1, 1)
    table = play(table, FIXED, "0 raise 1")
    assert options(table, FIXED) == Options(seat=1, fold=True, check=False, call=1, raise_to=(5, 5))


def test_after_short_all_in_full_raise_adds_last_full_raise() -> None:
    # NL: 0 bets 40 (full raise 40); 1 all-in 60 (+20, short); 2 must raise to 60 + 40 = 100.
    table = start(new_table((500, 60, 500)), NO, 10, 0)
    table = play(table, NO, "0 raise 40", "1 raise 60")
    assert options(table, NO).raise_to == (100, 500)
    with pytest.raises(IllegalActionError, match="raise to 80: out of range"):
        act(table, NO, 2, Act.RAISE, 80)


def test_three_all_ins_of_different_sizes_and_a_fold_after_contributing() -> None:
    # Stacks 11/31/51/101/101, ante 1 each: stacks 10/30/50/100/100, contributions 1 each.
    # Round 1 (NL, size 2): 0 all-in 10, 1 all-in 30, 2 all-in 50, 3 and 4 call 50.
    table = start(antes((11, 31, 51, 101, 101), 1), NO, 2, 0)
    table = play(table, NO, "0 raise 10", "1 raise 30", "2 raise 50", "3 call", "4 call")
    assert table.to_act == -1
    table = close_round(table)
    assert table.contributed == (11, 31, 51, 51, 51)
    assert table.stacks == (0, 0, 0, 50, 50)
    # Round 2: only 3 and 4 can act; 3 bets 20 and 4 folds (after contributing 51). The 20 is
    # uncalled and comes back (T10).
    table = play(start(table, NO, 2, 0), NO, "3 raise 20", "4 fold")
    assert table.to_act == -1
    table = close_round(table)
    assert table.contributed == (11, 31, 51, 51, 51)
    assert table.stacks == (0, 0, 0, 50, 50)
    # Round 3: one seat left with chips and nothing owed: skipped (T8).
    assert start(table, NO, 2, 0).to_act == -1


def test_uncalled_raise_is_returned_and_antes_stay() -> None:
    # Ante 1 each, then heads-up NL: 0 bets 10, 1 raises to 30, 0 folds. Seat 1's raise was
    # called for 10: 20 comes back; the antes stay. Contributions 11 and 11.
    table = start(antes((100, 100), 1), NO, 2, 0)
    table = play(table, NO, "0 raise 10", "1 raise 30", "0 fold")
    closed = close_round(table)
    assert closed.contributed == (11, 11)
    assert closed.stacks == (89, 89)


def test_uncalled_all_in_over_a_shorter_call_is_returned() -> None:
    # 0 all-in 50, 1 calls all-in for 20: 30 of seat 0's bet is unmatched and returns.
    table = play(start(new_table((50, 20)), NO, 2, 0), NO, "0 raise 50", "1 call")
    closed = close_round(table)
    assert closed.stacks == (30, 0)
    assert closed.contributed == (20, 20)


# --- T6 / T8 -----------------------------------------------------------------------------------


def test_fold_only_facing_a_bet_and_check_only_when_nothing_to_call() -> None:
    table = start(new_table((20, 20)), FIXED, 2, 0)
    with pytest.raises(IllegalActionError, match="seat 0 cannot fold: nothing to call; it may check or bet 2"):
        act(table, FIXED, 0, Act.FOLD)
    with pytest.raises(IllegalActionError, match="seat 0 cannot call: nothing to call"):
        act(table, FIXED, 0, Act.CALL)
    table = play(table, FIXED, "0 raise 2")
    with pytest.raises(IllegalActionError, match="seat 1 cannot check: it faces a bet; it may fold, call 2 or raise to 4"):
        act(table, FIXED, 1, Act.CHECK)


def test_no_raise_when_nobody_still_in_could_answer_it() -> None:
    # Seat 1 is all-in for 5 with its bet of 5; seat 0 may only call 5 or fold. With 3 seats,
    # seat 2 folded: same.
    table = play(start(new_table((100, 5)), NO, 2, 1), NO, "1 raise 5")
    assert options(table, NO) == Options(seat=0, fold=True, check=False, call=5, raise_to=None)


def test_round_skipped_when_fewer_than_two_can_act_and_nobody_owes() -> None:
    # Antes 1 leave seats 0 and 1 all-in; seat 2 alone can act and owes nothing: skipped (T8).
    assert start(antes((1, 1, 10), 1), FIXED, 2, 0).to_act == -1
    # Everyone all-in: skipped too.
    assert start(antes((1, 1), 1), NO, 2, 0).to_act == -1


def test_seat_facing_an_all_in_answers_it_first() -> None:
    # Heads-up, the big blind (seat 1) is all-in posting 2; the button (seat 0, small blind 1)
    # owes 1: it acts (call or fold, no raise) although it alone can act (T8).
    table = start(blinds((50, 2), 1, 2, 0, 1), NO, 2, 0)
    assert options(table, NO) == Options(seat=0, fold=True, check=False, call=1, raise_to=None)
    table = play(table, NO, "0 call")
    assert table.to_act == -1


def test_one_chip_stack_posting_the_small_blind() -> None:
    # Seat 0 has 1 chip and posts the small blind 1 (all-in); seat 1 posts 2. Nobody else can
    # act and nobody owes a call: skipped. The big blind's unmatched 1 returns (T10).
    table = start(blinds((1, 50), 1, 2, 0, 1), NO, 2, 0)
    assert table.to_act == -1
    closed = close_round(table)
    assert closed.stacks == (0, 49)
    assert closed.contributed == (1, 1)


def test_one_chip_stack_bets_all_in_for_less() -> None:
    # A 1-chip stack may bet all-in for 1 under every structure.
    for limits in (FIXED, POT, NO):
        table = start(new_table((1, 50)), limits, 2, 0)
        assert options(table, limits).raise_to == (1, 1)
        table = play(table, limits, "0 raise 1")
        assert options(table, limits) == Options(seat=1, fold=True, check=False, call=1, raise_to=None)


def test_turn_goes_left_skipping_folded_and_all_in_seats() -> None:
    # Seats 0-3; seat 1 is all-in from the ante; 0 bets, 2 folds, so seat 3 is next, then back to
    # nobody once 3 calls.
    table = start(antes((10, 1, 10, 10), 1), FIXED, 2, 0)
    table = play(table, FIXED, "0 raise 2")
    assert table.to_act == 2
    table = play(table, FIXED, "2 fold")
    assert table.to_act == 3
    table = play(table, FIXED, "3 call")
    assert table.to_act == -1


# --- payments ----------------------------------------------------------------------------------


def test_compulsory_payment_as_far_as_the_stack_goes_and_chosen_payment_in_full() -> None:
    table = post(new_table((3, 10)), 0, 5)
    assert table.stacks == (0, 10)
    assert table.contributed == (3, 0)
    assert not can_pay(table, 1, 11)
    assert can_pay(table, 1, 10)
    with pytest.raises(IllegalActionError, match="seat 1 cannot pay 11: it has 10 chips"):
        pay(table, 1, 11)
    paid = pay(table, 1, 4)
    assert paid.contributed == (3, 4)
    assert close_round(paid).contributed == (3, 4)


# --- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize("amount", [-1, True, 2.0, "4", None, 3, 5, 200])
def test_bad_raise_amounts_are_refused(amount: object) -> None:
    table = start(new_table((50, 50)), FIXED, 4, 0)
    with pytest.raises(IllegalActionError, match="seat 0 cannot raise to"):
        act(table, FIXED, 0, Act.RAISE, amount)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [1, -1, 2, True, "0"])
def test_acting_out_of_turn_is_refused(seat: object) -> None:
    table = start(new_table((50, 50)), FIXED, 4, 0)
    with pytest.raises(NotYourTurnError, match="it is seat 0's turn"):
        act(table, FIXED, seat, Act.CHECK)  # type: ignore[arg-type]


@pytest.mark.parametrize("amount", [-1, True, 1.5])
def test_bad_payments_are_refused(amount: object) -> None:
    table = new_table((50, 50))
    with pytest.raises(IllegalActionError, match="amounts are whole chips"):
        post(table, 0, amount)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="amounts are whole chips"):
        pay(table, 0, amount)  # type: ignore[arg-type]


def test_not_reopened_seat_cannot_raise_and_folded_seat_cannot_pay() -> None:
    table = new_table((50, 50, 50), (True, True, False))
    with pytest.raises(IllegalActionError, match="seat 2 cannot post: it is not in the deal"):
        post(table, 2, 1)
    with pytest.raises(IllegalActionError, match="no betting round is under way"):
        act(table, FIXED, 0, Act.CHECK)
    with pytest.raises(IllegalActionError, match="no betting round is under way"):
        options(table, FIXED)


def test_close_round_refused_while_a_seat_is_to_act() -> None:
    table = start(new_table((50, 50)), Limits(structure=Structure.NO), 2, 0)
    with pytest.raises(IllegalActionError, match="still under way: seat 0 is to act"):
        close_round(table)


def test_next_round_opens_only_after_the_last_is_closed() -> None:
    # Even a skipped round must be closed: here it hands back the big blind's unmatched chip.
    table = start(blinds((1, 50), 1, 2, 0, 1), NO, 2, 0)
    with pytest.raises(IllegalActionError, match="must be closed"):
        start(table, NO, 2, 0)
    assert start(close_round(table), NO, 2, 0).to_act == -1
