"""Fives (FV4): a pot nobody can win, because nobody holds a five, is not lost but played again
by the players still in, so staying in it has value and folding gives up a claim to it;
``equity`` prices it so, on a hand-made position worked out by hand."""

from __future__ import annotations

import random

import pytest
from fixed_deals import Table

from divided.bots.base import make_bot
from divided.bots.poker.advisor import PokerAdvisor
from divided.games.poker import actions as act

A, B = 0, 1


def every_five_thrown() -> Table:
    """Heads-up, B deals, ante 1, big bet 4, free draws (``draw_cost=0``). A is dealt the four
    fives and a nine and throws the fives away at the first draw; everyone stands pat after. A
    checks, B bets 4: A (pot 6) faces fold, call or raise."""
    table = Table("fives", 2, B, draw_cost=0)
    table.give({A: "5c 5d 5h 5s 9c", B: "Ks Kh Qd 8c 3s"})
    table.discard("5c 5d 5h 5s").give({A: "2c 7d Jh Qs"}).discard()
    for _ in range(4):
        table.discard().discard()
    table.act(act.CALL, act.RAISE)
    assert table.actor == A and table.rules.legal_actions(table.state) == [act.FOLD, act.CALL, act.RAISE]
    assert table.state.table.contributed == (1, 5)
    return table


def test_the_engine_replays_the_pot_when_nobody_holds_a_five() -> None:
    table = every_five_thrown().act(act.CALL)
    assert table.state.match is not None and table.state.match.deal == 2 and table.state.match.carried == 10


def test_equity_calls_into_a_pot_that_will_be_replayed() -> None:
    # Hand-worked: A threw all four fives, so neither hand can hold one: whatever B holds, the
    # pot is replayed between A and B (not lost), and nothing in the replay favours either, so
    # each expects half of it. A call makes the pot 10, worth 5 to A for the 4 it pays: +1 chip,
    # 1/6 of the pot of 6. A fold gives up A's half: 0. A raise to 8, called, makes the pot 18:
    # 9 for the 8 paid, +1 again (every extra chip is matched and shared alike): call, the
    # first of the best. (Counting the pot as lost to both, a call was -4/6 and A folded.)
    table = every_five_thrown()
    view = table.rules.observe(table.state, A)
    legal = table.rules.legal_actions(table.state)
    values = dict(PokerAdvisor("fives", worlds=50).values_over(view, legal, random.Random(0), 50).values)
    assert values[act.FOLD] == 0
    assert values[act.CALL] == pytest.approx(1 / 6) and values[act.RAISE] == pytest.approx(1 / 6)
    assert make_bot("fives", "equity").choose(view, legal, random.Random(0)) == act.CALL


def test_at_the_capped_deal_the_pot_is_not_replayed_and_the_best_hand_wins() -> None:
    # With one deal the cap (max_deals=1), the best hand wins five or not (FV4): A's queen-high
    # (Qs Jh 9c 7d 2c) beats few of B's hands, so a call (4 more for a pot of 10) is worth far
    # less than the +1 of a replay.
    table = Table("fives", 2, B, draw_cost=0, max_deals=1)
    table.give({A: "5c 5d 5h 5s 9c", B: "Ks Kh Qd 8c 3s"})
    table.discard("5c 5d 5h 5s").give({A: "2c 7d Jh Qs"}).discard()
    for _ in range(4):
        table.discard().discard()
    table.act(act.CALL, act.RAISE)
    view = table.rules.observe(table.state, A)
    legal = table.rules.legal_actions(table.state)
    values = dict(PokerAdvisor("fives", worlds=50).values_over(view, legal, random.Random(0), 50).values)
    assert values[act.CALL] < 0 and make_bot("fives", "equity").choose(view, legal, random.Random(0)) == act.FOLD
