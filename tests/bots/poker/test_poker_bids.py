"""Bids at Auction Flop (AF1, AF4): the heuristics (the probes, and the others in ``equity``'s
playout) bid up to a lot's worth to their hand, and ``equity`` bids while the lot's value to it
beats the price, on hand-made positions worked out by hand."""

from __future__ import annotations

import random

from fixed_deals import Table

from divided.bots.base import make_bot
from divided.bots.poker.playout import lot_worth
from divided.games.poker import actions as act
from divided.games.poker.cards import parse
from divided.games.poker.steps.auction import BIDDER, HIGH

A, B, C, D = 0, 1, 2, 3


def first_lot(lot: str = "Ad Kc 3c") -> Table:
    """Four players, D deals, ante 3; each discards one card (paying 1), so all four need one
    card; the first lot (``lot``) lies in front of A, the first voice, and the bidding opens."""
    table = Table("auction-flop", 4, D)
    table.give({A: "As Ah 7c 4d 2s", B: "Ks Qh 9c 6d 3s", C: "Jh Jd 8s 5c 3h", D: "Tc 9h 7d 6s 2h"})
    for seat, card in ((A, "2s"), (B, "3s"), (C, "3h"), (D, "2h")):
        assert table.actor == seat
        table.act(act.DISCARD + table.mask(card))
    table.give({A: lot})
    assert table.actor == A and table.rules.legal_actions(table.state) == [act.PASS, act.BID]
    return table


def test_a_lots_worth_is_an_ante_per_step_of_the_hand_it_makes() -> None:
    hand = list(parse("As Ah 7c 4d"))
    assert lot_worth(hand, list(parse("Ad Kc 3c")), 1, "high", True, 3) == 6  # a pair to trips: two steps
    assert lot_worth(list(parse("Ks Qh 9c 6d")), list(parse("Ad Kc 3c")), 1, "high", True, 3) == 3  # a pair
    assert lot_worth(list(parse("Jh Jd 8s 5c")), list(parse("Ad Kc 3c")), 1, "high", True, 3) == 0  # nothing
    assert lot_worth(list(parse("Tc 9h 7d 6s")), list(parse("Ad Kc 3c")), 1, "high", True, 3) == 0


def test_the_probes_bid_up_to_the_lots_worth_and_the_highest_worth_buys_it() -> None:
    # Hand-worked, every seat a calling station: the lot Ad Kc 3c makes A's aces trips (worth
    # two antes, 6), B's king a pair (one ante, 3), and nothing for C (jacks already) or D. A bids
    # 1, B 2, C and D pass, A 3, B passes (4 is above 3), C and D pass: A buys at 3 and keeps Ad.
    table = first_lot()
    bots = {seat: make_bot("auction-flop", "calling-station") for seat in (A, B, C, D)}
    played = []
    while table.state.phase.marks[0] == 1:  # the bidding
        seat = table.actor
        chosen = bots[seat].choose(table.rules.observe(table.state, seat), table.rules.legal_actions(table.state),
                                   random.Random(0))
        played.append((seat, chosen))
        table.act(chosen)
    assert played == [(A, act.BID), (B, act.BID), (C, act.PASS), (D, act.PASS), (A, act.BID), (B, act.PASS),
                      (C, act.PASS), (D, act.PASS)]
    marks = table.state.phase.marks
    assert (marks[BIDDER], marks[HIGH]) == (A, 3) and table.state.table.contributed[A] == 3 + 1 + 3
    view = table.rules.observe(table.state, A)
    assert bots[A].choose(view, table.rules.legal_actions(table.state), random.Random(0)) == act.KEEP + 0b100  # Ad (3c Kc Ad)


def test_equity_bids_for_trips_at_a_chip_and_passes_above_what_first_place_could_return() -> None:
    # A's aces and the lot's Ad: trips of aces at a four-handed table take first place (60%
    # of the pot of 16) nearly always, where a pair of aces and an unknown card often do not:
    # worth far more than a chip: bid 1.
    table = first_lot()
    bot = make_bot("auction-flop", "equity:worlds=200")
    legal = table.rules.legal_actions(table.state)
    assert bot.choose(table.rules.observe(table.state, A), legal, random.Random(0)) == act.BID
    # At a price of 25 even a sure first place returns 60% of (16 + 25) = 24.6 < 25: pass.
    table.act(act.BID)
    while table.state.phase.marks[HIGH] < 23:  # B and A raise a chip at a time, C and D pass
        table.act(act.BID, act.PASS, act.PASS, act.BID)
    table.act(act.BID, act.PASS, act.PASS)  # B bids 24
    assert table.actor == A and table.state.phase.marks[HIGH] == 24
    legal = table.rules.legal_actions(table.state)
    assert bot.choose(table.rules.observe(table.state, A), legal, random.Random(0)) == act.PASS


def test_a_lot_passed_goes_to_the_seat_that_values_it_most_else_the_bidder_else_the_first_voice() -> None:
    from divided.bots.poker.playout import lot_receiver
    from divided.games.poker.steps.auction import Auction

    step = Auction()

    def receiver(table: Table) -> int:
        view = table.rules.observe(table.state, table.actor)
        return lot_receiver(view, step, lambda seat: table.state.slots[seat][0])

    # Ad Kc 3c: B's king pair (3) beats C's and D's nothing (0)
    assert receiver(first_lot()) == B
    # 2c 5h 8d: C's jacks and eights (two pair, 3), D's straight T-6 with the 8d (12): D
    assert receiver(first_lot("2c 5h 8d")) == D
    # 3d 4c Ac pairs nobody else: no bid, so the first voice (A, deciding) takes it free
    assert receiver(first_lot("3d 4c Ac")) == A
    # B bid 4 for Ad Kc 3c, above its worth (3): nobody outbids it, so it keeps the lot
    table = first_lot().act(act.BID, act.BID, act.PASS, act.PASS, act.BID, act.BID, act.PASS, act.PASS)
    assert table.actor == A and table.state.phase.marks[HIGH] == 4 and receiver(table) == B

