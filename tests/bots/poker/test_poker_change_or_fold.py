"""3-2-1's change or fold (TR1) and trash forfeit (TR2-TR3) as ``equity`` prices them: it folds
at a change when the best change is worth less than folding (0 more chips), on hand-made
positions worked out by hand; and the bots' trash test agrees with the engine's."""

from __future__ import annotations

import random

import pytest
from fixed_deals import Table

from divided.bots.base import make_bot
from divided.bots.poker.forfeit import cost, trash_strengths
from divided.bots.poker.shares import strengths
from divided.games import load
from divided.games.poker import actions as act
from divided.games.poker.awards.trash_forfeit import failing_seats
from divided.games.poker.cards import parse

A, B, C, D = 0, 1, 2, 3
BETS = (act.CALL, act.RAISE, act.CALL, act.CALL, act.CALL)  # A checks, B bets, C, D and A call
CHECKS = (act.CALL,) * 4


def last_change(bets: bool, forfeit: str = "half-pot", a_draws: str = "2d 3h") -> Table:
    """Four players, D deals, ante 4, bets 4 and 8. At change one A (first to act) holds
    7s 8c 9d 4c and ``a_draws`` (from change two); B kings and sevens, C eights, D three aces;
    the trash's first card (of 5 - 4 = 1 dealt) is 6s. ``bets``: B bets and everyone calls in
    the two rounds after changes three and two (the pot 64), else every round is checked (16)."""
    table = Table("three-two-one", 4, D, ante=4, small_bet=4, big_bet=8, trash_forfeit=forfeit)
    table.give({A: "Jh Qd Kc 7s 8c 9d", B: "Ks Kh 2c 3c 4d 6h", C: "8s 8h Qc 2s 3s 5c", D: "Qs Qh Ad Js Jd Ts"},
               trash="6s")
    table.act(*CHECKS)
    table.discard("Jh Qd Kc").give({A: "2h 3d 4c"}).discard("2c 3c 4d").give({B: "7c 7d 5h"})
    table.discard("2s 3s 5c").give({C: "6d 4s Td"}).discard("Js Jd Ts").give({D: "As Ac 5s"})
    table.act(*(BETS if bets else CHECKS))
    table.discard("2h 3d").give({A: a_draws}).discard("5h 6h").give({B: "9h 8d"})
    table.discard("4s 6d").give({C: "Jc 9c"}).discard("5s Qh").give({D: "Kd 6c"})
    table.act(*(BETS if bets else CHECKS))
    assert table.actor == A and act.FOLD in table.rules.legal_actions(table.state)
    return table


def choice(table: Table) -> int:
    bot = make_bot("three-two-one", "equity:worlds=200")
    return bot.choose(table.rules.observe(table.state, A), table.rules.legal_actions(table.state), random.Random(0))


def test_equity_folds_a_hopeless_hand_at_the_last_change_when_the_trash_forfeit_is_at_stake() -> None:
    # Hand-worked: A's six cards 2d 3h 4c 7s 8c 9d hold no pair and no four to a straight or a
    # flush; one card to come makes at best a pair of nines or lower (about 15 outs of 40 unseen
    # cards). Three hands are ahead already (kings up, eights, aces), so A almost never wins the
    # pot of 64. The trash (1 dealt + the four players' worst cards) beats a nine-high hand more
    # often than not, and a low pair often enough: A fails the trash most of the time. Failing
    # makes its next ante half the final pot (32 or more) instead of 4, of which the others take
    # back three quarters on average: about 21 chips at risk, with nothing to win against it. A
    # change is worth less than a fold (0): fold.
    assert choice(last_change(bets=True)) == act.FOLD
    # With every round checked the pot is 16 and the forfeit 8 (4 above the ante): still about
    # 3 chips at risk against a share of the pot close to nothing: fold.
    assert choice(last_change(bets=False)) == act.FOLD


def test_equity_changes_the_same_hand_when_no_forfeit_is_owed_and_nothing_is_bet() -> None:
    # trash-forfeit off and nothing bet: staying in costs nothing, and the hand may still win
    assert choice(last_change(bets=False, forfeit="off")) != act.FOLD


def test_equity_keeps_two_pair_at_the_last_change() -> None:
    # 7s 8c 9d 4c 7h 9s: nines and sevens beat the trash mostly and can win the pot: change
    # (the 4c or the 8c), never fold
    chosen = choice(last_change(bets=True, a_draws="7h 9s"))
    assert chosen != act.FOLD and (chosen - act.DISCARD).bit_count() == 1


def test_a_forfeit_costs_the_part_of_the_next_ante_the_others_take_back() -> None:
    # Four players, ante 4, final pot 64: a failing hand antes 32 next deal, 28 above the
    # ante, of which the three others take back 3/4 on average: 21 chips; a hand that beats
    # the trash risks nothing
    import numpy as np

    table = last_change(bets=True)
    view = table.rules.observe(table.state, A)
    mine = np.array([[5, 9]])
    trash = np.array([[7, 7]])
    assert cost(view, mine, trash, (16, 16, 16, 16)).tolist() == [[21.0, 0.0]]
    assert cost(view, trash, trash, (16, 16, 16, 16)).tolist() == [[21.0, 21.0]]  # a tie fails (TR2)


@pytest.mark.parametrize("wild", ["off", "on"])
def test_the_bots_trash_test_agrees_with_the_engines(wild: str) -> None:
    # random deals played to a showdown: the seats the engine finds failing the trash are
    # exactly those whose first-award strength (the bots' batch showdown) does not beat the
    # trash as the bots rank it
    checked = 0
    for seed in range(60):
        game = load("three-two-one", players=4, trash_wild=wild, max_deals=1)
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = [a for a in state.legal_actions() if a != act.FOLD] or state.legal_actions()
            state = state.child(rng.choice(legal))
        core = state.core
        if not core.shown:
            continue
        showing = [seat for seat in range(4) if core.table.live[seat]]
        view = game.rules.observe(core, showing[0])
        mine = strengths(view.config, [[list(h) for h in core.slots[seat]] for seat in showing], None, False, core)[0]
        trash = trash_strengths(view, [list(core.trash)])[0]
        assert {s for s, m in zip(showing, mine, strict=True) if m <= trash} == set(failing_seats(core))
        checked += 1
    assert checked >= 30


def test_the_heuristics_fold_no_pair_at_the_last_change_when_a_forfeit_is_at_stake() -> None:
    # the probes (and the playout's other seats) at change one: A's 2d 3h 4c 7s 8c 9d keeps no
    # pair (it throws the 2d): fold; with two pair (7h 9s drawn) change; with no forfeit owed,
    # change (a change costs nothing then)
    bot = make_bot("three-two-one", "calling-station")
    for a_draws, forfeit, folds in (("2d 3h", "half-pot", True), ("7h 9s", "half-pot", False), ("2d 3h", "off", False)):
        table = last_change(bets=False, forfeit=forfeit, a_draws=a_draws)
        chosen = bot.choose(table.rules.observe(table.state, A), table.rules.legal_actions(table.state), random.Random(0))
        assert (chosen == act.FOLD) == folds, (a_draws, forfeit)


def test_the_playout_folds_another_seat_at_the_last_change_and_it_throws_nothing_to_the_trash() -> None:
    from divided.bots.poker.playout import Completion

    table = last_change(bets=False)
    view = table.rules.observe(table.state, A)
    stock = iter(parse("Kh 2s 5d 6h")).__next__
    completion = Completion(view)
    hand = sorted(parse("2c 5d 9h Jd Kc 3s"))  # no pair: C folds at change one
    assert completion.finish(C, [list(hand)], stock, view.up, None) == [hand]
    assert completion.folded and completion.trashed == []
    paired = sorted(parse("2c 5d 9h Jd Kc Ks"))  # kings: C changes the 2c for the 4h, then
    final = completion.finish(C, [list(paired)], iter(parse("4h")).__next__, view.up, None)
    assert not completion.folded and completion.trashed == list(parse("4h"))  # throws the 4h to the trash
    assert sorted(final[0]) == sorted(parse("5d 9h Jd Kc Ks"))
