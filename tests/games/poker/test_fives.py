"""Fives (poker-games.md, FV1-FV5) played to the showdown on hand-fixed deals."""

from __future__ import annotations

from fixed_deals import Table

from divided.games.poker import actions as act

A, B, C = 0, 1, 2


def stand_pat(table: Table, players: int) -> Table:
    """Every player still in stands pat at each of the five draws."""
    for _ in range(5 * players):
        table.discard()
    return table


def test_example_the_best_hand_without_a_five_replays_for_the_same_pot() -> None:
    table = Table("fives", 2, B, ante=1).give({A: "9s 9h 9d Ks Kh", B: "7s 7h 7d 5c 3s"})
    stand_pat(table, 2).act(act.CALL, act.CALL)
    state = table.state
    assert not state.over and state.match is not None
    assert (state.match.deal, state.match.carried) == (2, 2)
    assert state.table.contributed == (1, 1)  # both ante again
    # deal 2 (A deals): B's pair of fives is best and holds a five: the carried 2 and the antes
    table.give({B: "5s 5h Ad 8c 2s", A: "Kc Qh 9c 7c 3d"})
    stand_pat(table, 2).act(act.CALL, act.CALL)
    assert table.state.over and table.returns() == [-2.0, 2.0]


def test_draws_are_paid_one_ante_a_card_into_the_pot_and_no_more_than_the_stack_pays() -> None:
    table = Table("fives", 2, B, ante=2, stacks="7/40").give({A: "9s 9h 9d Ks Kh", B: "7s 7h 7d 5c 3s"})
    legal = table.rules.legal_actions(table.state)
    assert {(a - act.DISCARD).bit_count() for a in legal} == {0, 1, 2}  # 5 chips left: two cards at 2
    table.discard("Ks Kh").give({A: "9c 4d"})
    assert table.state.table.stacks == (1, 38) and table.state.table.contributed == (6, 2)
    assert {(a - act.DISCARD).bit_count() for a in table.rules.legal_actions(table.state)} == set(range(6))
    table = Table("fives", 2, B, ante=2, draw_cost=3, stacks="7/40").give({A: "9s 9h 9d Ks Kh", B: "7s 7h 7d 5c 3s"})
    assert {(a - act.DISCARD).bit_count() for a in table.rules.legal_actions(table.state)} == {0, 1}


def test_five_draws_then_one_big_bet_round() -> None:
    table = Table("fives", 2, B, ante=1, big_bet=4).give({A: "9s 9h 9d Ks Kh", B: "7s 7h 7d 5c 3s"})
    for _ in range(4):
        table.discard().discard()
        assert act.RAISE not in table.rules.legal_actions(table.state)  # no betting between draws
    table.discard().discard().act(act.RAISE)
    assert table.state.table.contributed == (5, 1)  # A bets the big bet


def test_replay_deals_in_only_the_players_of_the_carried_layer_and_an_uncontested_win_needs_no_five() -> None:
    table = Table("fives", 3, C, ante=1, big_bet=4)
    table.give({A: "9s 9h 9d Ks Kh", B: "7s 7h 7d Qc 3s", C: "2c 3c 4d 6h 8s"})
    stand_pat(table, 3).act(act.RAISE, act.CALL, act.FOLD)  # A bets, B calls, C folds: nobody holds a five
    state = table.state
    assert state.match is not None and state.match.deal == 2 and state.match.carried == 3 + 4 + 4
    assert state.table.live == (True, True, False)
    table.give({A: "Ac Kd 9c 7c 3d", B: "Qs Jh Tc 8c 2s"}).discard().discard()  # A deals now: B first
    assert table.state.match is not None and table.state.match.deal == 2
    for _ in range(8):  # the four draws left
        table.discard()
    table.act(act.RAISE, act.FOLD)  # B bets, A folds: B wins without a five
    assert table.state.over and table.returns() == [-6.0, 7.0, -1.0]


def test_the_capped_deal_pays_the_best_hand_five_or_not() -> None:
    table = Table("fives", 2, B, ante=1, max_deals=1).give({A: "9s 9h 9d Ks Kh", B: "7s 7h 7d 5c 3s"})
    stand_pat(table, 2).act(act.CALL, act.CALL)
    assert table.state.over and table.returns() == [1.0, -1.0]


def test_fives_wild_the_tied_straight_holding_the_wild_five_wins() -> None:
    # FV5 example: under fives, 5♣ 6♥ 7♥ 8♣ 9♣ (a straight to the 10) ties 6♠ 7♦ 8♦ 9♦ T♣; the first holds a five
    table = Table("fives", 2, B, ante=1, fives_wild="fives").give({A: "5c 6h 7h 8c 9c", B: "6s 7d 8d 9d Tc"})
    stand_pat(table, 2).act(act.CALL, act.CALL)
    assert table.state.over and table.returns() == [1.0, -1.0]
    table = Table("fives", 2, B, ante=1).give({A: "5c 6h 7h 8c 9c", B: "6s 7d 8d 9d Tc"})  # nothing wild:
    stand_pat(table, 2).act(act.CALL, act.CALL)  # B's straight to the 10 is best and holds no five: replay
    state = table.state
    assert not state.over and state.match is not None and (state.match.deal, state.match.carried) == (2, 2)


def test_deuces_wild_a_two_standing_for_a_five_does_not_count() -> None:
    # 2♣ 6♥ 7♥ 8♣ 9♣ with the two wild is a straight to the 10 and ties B's; neither holds a five: replay
    table = Table("fives", 2, B, ante=1, fives_wild="deuces").give({A: "2c 6h 7h 8c 9c", B: "6s 7d 8d 9d Tc"})
    stand_pat(table, 2).act(act.CALL, act.CALL)
    state = table.state
    assert not state.over and state.match is not None and (state.match.deal, state.match.carried) == (2, 2)


def test_tied_best_hands_holding_a_five_share_the_pot() -> None:
    # FV2: both wild fives make a straight to the 10, both hold a five: they split the antes
    table = Table("fives", 2, B, ante=1, fives_wild="fives").give({A: "5c 6h 7h 8c 9c", B: "5d 6d 7s 8s 9s"})
    stand_pat(table, 2).act(act.CALL, act.CALL)
    assert table.state.over and table.returns() == [0.0, 0.0]
