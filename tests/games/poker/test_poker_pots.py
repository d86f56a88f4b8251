"""Pots and their division (poker-table.md T9, T11): the rulings' own examples worked by hand,
and properties (every chip lands in exactly one pot and with exactly one seat)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from divided.errors import DividedError
from divided.games.poker.pots import AwardWinners, Pot, divide, layers

A, B, C, D = 0, 1, 2, 3


def test_t9_example_layers_and_division() -> None:
    # A (all-in), B and C put in 7, 20 and 20. Main layer 3 x 7 = 21 (A, B, C may win it); side
    # layer 2 x 13 = 26 (B, C). A has the best low, B the best high, C the better low of B and C.
    main, side = layers((7, 20, 20), (True, True, True))
    assert main == Pot(21, (A, B, C))
    assert side == Pot(26, (B, C))
    # Main: 21 / 2 = 10 each rounded down, the odd chip to the first award (high): B 11, A 10.
    assert divide(main, (AwardWinners((B,)), AwardWinners((A,))), 3) == (10, 11, 0)
    # Side: B 13, C 13.
    assert divide(side, (AwardWinners((B,)), AwardWinners((C,))), 3) == (0, 13, 13)


def test_t11_example_quartered_low_odd_chip_in_given_order() -> None:
    # Pot 30: B alone high takes 15; A and C tie for low: 7 each, and the odd chip to A (listed
    # first: A's A-club is below C's A-diamond).
    assert divide(Pot(30, (A, B, C)), (AwardWinners((B,)), AwardWinners((A, C))), 3) == (8, 15, 7)
    # Listed the other way round, C gets it.
    assert divide(Pot(30, (A, B, C)), (AwardWinners((B,)), AwardWinners((C, A))), 3) == (7, 15, 8)


def test_award_nobody_wins_passes_its_share() -> None:
    # The design's example: the side pot 26 of B and C, no eligible low: B scoops 26.
    assert divide(Pot(26, (B, C)), (AwardWinners((B,)), AwardWinners(())), 3) == (0, 26, 0)


def test_three_tied_winners_get_odd_chips_one_at_a_time() -> None:
    # 101 among three tied: 33 each and 2 odd chips, one each to the first two listed (C, A):
    # C 34, A 34, B 33. pokerkit gives both odd chips to the first winner (35/33/33): D3.
    assert divide(Pot(101, (A, B, C)), (AwardWinners((C, A, B)),), 3) == (34, 33, 34)


def test_places_60_30_10_with_a_tie_for_second() -> None:
    # Pot 101: 60% = 60.6 -> 60, 30% = 30.3 -> 30, 10% = 10.1 -> 10; 1 left over to the first
    # award: A 61. B and C tie for second and third: 15 + 5 each.
    awards = (AwardWinners((A,), 60), AwardWinners((B, C), 30), AwardWinners((B, C), 10))
    assert divide(Pot(101, (A, B, C)), awards, 3) == (61, 20, 20)
    # Pot 35: 21, 10 (10.5), 3 (3.5): 34, 1 left over to first: 22 / 10 / 3.
    awards = (AwardWinners((A,), 60), AwardWinners((B,), 30), AwardWinners((C,), 10))
    assert divide(Pot(35, (A, B, C)), awards, 3) == (22, 10, 3)


def test_one_player_wins_several_awards() -> None:
    # Pot 21, high and low both to B: 21.
    assert divide(Pot(21, (A, B)), (AwardWinners((B,)), AwardWinners((B,))), 2) == (0, 21)


def test_three_all_ins_and_a_fold_after_contributing() -> None:
    # Contributions 11/31/51/51/51, seat 4 folded: cuts at 11, 31, 51.
    # 11 x 5 = 55 (0-3); 20 x 4 = 80 (1-3); 20 x 3 = 60 (2, 3): 195 in all, every chip placed.
    pots = layers((11, 31, 51, 51, 51), (True, True, True, True, False))
    assert pots == (Pot(55, (0, 1, 2, 3)), Pot(80, (1, 2, 3)), Pot(60, (2, 3)))


def test_folded_chips_above_every_live_total_join_the_top_layer() -> None:
    # A all-in for 5, B folded after putting in 12, C put in 8 (called A then the deal ended):
    # cut at 5: 15 (A, C); above 5: B's 7 + C's 3 = 10, only C may win it.
    assert layers((5, 12, 8), (True, False, True)) == (Pot(15, (A, C)), Pot(10, (C,)))
    # Everyone still in is all-in below a folded seat's total: the chips nobody may win stay
    # in the layer below (5 + 5 + 9 = 19 for A and C).
    assert layers((5, 9, 5), (True, False, True)) == (Pot(19, (A, C)),)


def test_carried_chips_join_the_lowest_layer() -> None:
    # Carried 7; A all-in 4, B and C 10: lowest layer 12 + 7 = 19 (A, B, C), side 12 (B, C).
    assert layers((4, 10, 10), (True, True, True), carried=7) == (Pot(19, (A, B, C)), Pot(12, (B, C)))


def test_only_all_in_seats_cut_when_told_who_is_all_in() -> None:
    # A and B still in, neither all-in; A paid 2 for a draw that B declined: 22 and 20. Both may
    # win the whole 42 (the draw's payment is not a side bet).
    assert layers((22, 20), (True, True), all_in=(False, False)) == (Pot(42, (A, B)),)
    # A all-in at 7; B paid a draw (22), C did not (20): cut at 7 only: 21 (A, B, C), 28 (B, C).
    assert layers((7, 22, 20), (True, True, True), all_in=(True, False, False)) == (
        Pot(21, (A, B, C)),
        Pot(28, (B, C)),
    )


@pytest.mark.parametrize(
    ("contributed", "live", "carried"),
    [((1, -1), (True, True), 0), ((1, True), (True, True), 0), ((1, 2), (True,), 0), ((1, 2), (True, True), -3),
     ((1, 2), (False, False), 0), ((1, 2.5), (True, True), 0)],
)
def test_bad_contributions_are_refused(contributed: tuple[int, ...], live: tuple[bool, ...], carried: int) -> None:
    with pytest.raises(DividedError):
        layers(contributed, live, carried)


def test_bad_awards_are_refused() -> None:
    with pytest.raises(DividedError, match="seat 2 cannot win this pot"):
        divide(Pot(10, (A, B)), (AwardWinners((2,)),), 3)
    with pytest.raises(DividedError, match="nobody wins"):
        divide(Pot(10, (A, B)), (AwardWinners(()),), 3)
    with pytest.raises(DividedError, match="share"):
        divide(Pot(10, (A, B)), (AwardWinners((A,), 0),), 3)
    with pytest.raises(DividedError, match="twice"):
        divide(Pot(10, (A, B)), (AwardWinners((A, A)),), 3)


contributions = st.lists(st.integers(0, 60), min_size=2, max_size=7)


@settings(deadline=None)  # no timing in a test: a loaded machine is slow, not wrong
@given(contributions, st.data(), st.integers(0, 9))
def test_layers_hold_every_chip_and_eligibility_shrinks(contributed: list[int], data: st.DataObject, carried: int) -> None:
    live = data.draw(st.lists(st.booleans(), min_size=len(contributed), max_size=len(contributed)))
    if not any(live):
        live[0] = True
    pots = layers(contributed, live, carried)
    assert sum(pot.amount for pot in pots) == sum(contributed) + carried
    for lower, upper in pairwise(pots):
        assert set(upper.eligible) < set(lower.eligible)
    for pot in pots:
        assert pot.eligible and all(live[seat] for seat in pot.eligible)
    # The live seat(s) with the largest total may win every layer.
    top = max(contributed[seat] for seat in range(len(live)) if live[seat])
    for seat in range(len(live)):
        if live[seat] and contributed[seat] == top:
            assert all(seat in pot.eligible for pot in pots)


@settings(deadline=None)  # no timing in a test: a loaded machine is slow, not wrong
@given(
    st.integers(0, 1000),
    st.lists(st.tuples(st.lists(st.integers(0, 5), max_size=4, unique=True), st.integers(1, 60)), min_size=1, max_size=4),
)
def test_divide_sums_exactly(amount: int, raw_awards: list[tuple[list[int], int]]) -> None:
    awards = [AwardWinners(tuple(winners), share) for winners, share in raw_awards]
    if not any(award.winners for award in awards):
        awards.append(AwardWinners((0,)))
    chips = divide(Pot(amount, tuple(range(6))), awards, 6)
    assert sum(chips) == amount
    winners = {seat for award in awards for seat in award.winners}
    assert all(chips[seat] == 0 for seat in range(6) if seat not in winners)
