"""Crazy 4 of Spades (poker-games.md, CF1-CF4) played to the showdown on hand-fixed deals."""

from __future__ import annotations

from fixed_deals import Table

from divided.games.poker import actions as act
from divided.games.poker.cards import parse

A, B = 0, 1


def heads_up(a: str, b: str, button: int = B, table: Table | None = None, **options: object) -> Table:
    """A and B are dealt ``a`` and ``b`` (ante 1), check, stand pat, check: the showdown."""
    table = table or Table("crazy-four-of-spades", 2, button, ante=1, **options)
    return table.give({A: a, B: b}).act(act.CALL, act.CALL).discard().discard().act(act.CALL, act.CALL)


def test_example_the_four_of_spades_makes_the_other_fours_wild_in_its_hand_only() -> None:
    # A: 4♠ 4♥ K♣ K♦ 9♠ is four kings; B: 4♦ 4♣ A♥ A♠ J♦ only aces and fours (no 4♠: plain fours)
    table = heads_up("4s 4h Kc Kd 9s", "4d 4c Ah As Jd", two_to_win="off")
    assert table.state.over and table.returns() == [1.0, -1.0]
    table = heads_up("4s 3h Kc Kd 9s", "Qd Qc Ah As Jd", two_to_win="off")  # the 4♠ alone: three kings
    assert table.returns() == [1.0, -1.0]
    table = heads_up("4h 4c Kc Kd 9s", "Qd Qc Ah As Jd", two_to_win="off")  # fours without the 4♠: two pair
    assert table.returns() == [-1.0, 1.0]


def test_example_token_a_takes_it_b_takes_it_from_a_b_collects_three_deals() -> None:
    table = heads_up("4s 4h Kc Kd 9s", "4d 4c Ah As Jd")  # deal 1 (B deals): A wins, takes the token
    state = table.state
    assert state.match is not None and (state.match.deal, state.match.token, state.match.carried) == (2, A, 2)
    table = heads_up("2c 3c 7d 8h Js", "Kh Ks Qd Qh 2d", table=table)  # deal 2 (A deals): B wins, takes it
    state = table.state
    assert state.match is not None and (state.match.deal, state.match.token, state.match.carried) == (3, B, 4)
    table = heads_up("2c 3c 7d 8h Js", "Kh Ks Qd Qh 2d", table=table)  # deal 3: B holds the token and collects
    assert table.state.over and table.returns() == [-3.0, 3.0]


def test_a_tie_is_won_by_nobody_the_token_stays_and_the_pot_carries() -> None:
    table = heads_up("4s 4h Kc Kd 9s", "4d 4c Ah As Jd")  # A takes the token
    table = heads_up("Ac Kh Qs Jd 9c", "Ad Ks Qh Jc 9h", table=table)  # the same ranks: a tie
    state = table.state
    assert state.match is not None and (state.match.deal, state.match.token, state.match.carried) == (3, A, 4)


def test_draw_up_to_three_or_four_keeping_a_shown_ace() -> None:
    table = Table("crazy-four-of-spades", 2, B, ante=1).give({A: "Ah Ks Qs 7d 2c", B: "2d 3d 4h 6s 9h"})
    table.act(act.CALL, act.CALL)
    counts = {(a - act.DISCARD).bit_count() for a in table.rules.legal_actions(table.state)}
    assert counts == {0, 1, 2, 3, 4}
    fours = [a for a in table.rules.legal_actions(table.state) if (a - act.DISCARD).bit_count() == 4]
    assert fours == [act.DISCARD + table.mask("Ks Qs 7d 2c")]  # four only keeping the ace
    table.discard("Ks Qs 7d 2c").give({A: "3s 5s 6d 8c"})
    assert table.rules.observe(table.state, B).slots[A][0].count(parse("Ah")[0]) == 1  # the ace is shown
    assert max((a - act.DISCARD).bit_count() for a in table.rules.legal_actions(table.state)) == 3  # B: no ace


def test_the_capped_deal_winner_collects_and_two_to_win_off_settles_each_deal() -> None:
    table = heads_up("4s 4h Kc Kd 9s", "4d 4c Ah As Jd", max_deals=1)
    assert table.state.over and table.returns() == [1.0, -1.0]
    table = heads_up("4s 4h Kc Kd 9s", "4d 4c Ah As Jd", two_to_win="off")
    assert table.state.over and table.returns() == [1.0, -1.0]


def test_higher_layers_are_paid_at_once_and_the_lowest_takes_the_token() -> None:
    # A (3 chips) is all-in after its bet: the lowest layer (9) goes with the token, the side pot of
    # B's and C's big bets (8) is paid to B at once; A, with no chips, sits out the next deal
    table = Table("crazy-four-of-spades", 3, 2, ante=1, stacks="3/50/50")
    table.give({0: "9s 9h 3c 4d 6h", 1: "Ks Kh Kd 2c 7s", 2: "Qs Qh 8c 8d 5s"})
    table.act(act.RAISE, act.CALL, act.CALL).discard().discard().discard().act(act.RAISE, act.CALL)
    state = table.state
    assert state.match is not None and (state.match.deal, state.match.token, state.match.carried) == (2, 1, 9)
    assert state.table.stacks == (0, 50 - 7 + 8 - 1, 50 - 7 - 1) and state.table.live == (False, True, True)
