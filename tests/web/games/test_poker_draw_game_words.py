"""The poker page's log and seats in the game's words where an event's meaning depends on its
step (issue 30's draw games): deals stacked by hand, the expectations worked out from the rules
(poker-games.md: Auction Flop's discard prices 0, 1, 3, 6, 10, 15 and AF3, Fives' FV3)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from webtools import client, move, store_of

from divided.games.poker import actions as act
from divided.games.poker.cards import parse
from divided.games.poker.rules import PokerRules
from divided.games.poker.state import PokerState
from divided.games.poker.variants import VARIANTS
from divided.web.games.poker import log, refusal, table

AUCTION_FLOP_PRICES = (0, 1, 3, 6, 10, 15)
"""What a discard of 0-5 cards costs at Auction Flop (its rules, step 2)."""


class Deal:
    """A deal of one game whose cards come in the order given (chance actions answered from it)."""

    def __init__(self, game: str, cards: str, **options: Any) -> None:
        self.rules = PokerRules(VARIANTS[game])
        self.cards = list(parse(cards))
        chosen = {o.name: o.default for o in self.rules.options} | {"players": 2, "first_dealer": 0} | options
        self.state = self.dealt(self.rules.initial_state(chosen))

    def dealt(self, state: PokerState) -> PokerState:
        while state.owed:
            state = self.rules.apply(state, self.cards.pop(0))
        return state

    def act(self, seat: int, action: int) -> None:
        assert self.rules.observe(self.state, 0).current_player == seat
        self.state = self.dealt(self.rules.apply(self.state, action))

    def texts(self) -> list[str]:
        return [entry.text for entry in log(self.rules.observe(self.state, 0))]

    def seats(self) -> dict[int, Any]:
        return {seat["seat"]: seat for seat in table(self.rules.observe(self.state, 0), None, False)["seats"]}


def test_auction_flop_logs_what_each_fee_paid_for_the_lot_once_and_the_cards_kept() -> None:
    deal = Deal("auction-flop", "2c 3d 4h 5s 7c 9d Jh Qs Kc Ad  6h 6d 8s")
    deal.act(1, act.DISCARD)            # Bot 1 keeps its five
    deal.act(0, act.DISCARD + 0b11)     # you throw away two: 3 chips
    deal.act(0, act.KEEP + 0b11)        # alone in needing cards you take the lot free (AF5) and keep two
    texts = deal.texts()
    assert f"You pay {AUCTION_FLOP_PRICES[2]} chips to throw away 2 cards (nothing replaces them)." in texts
    assert "Bot 1 throws away nothing." in texts
    assert not [t for t in texts if "to draw" in t or "without a replacement" in t]
    lot = [t for t in texts if "6h" in t or "6d" in t or "8s" in t]  # before the showdown shows the kept two
    assert lot[0] == "A lot is turned up: 6h 6d 8s." and not any("dealt" in t for t in lot)
    assert "You take the lot free." in texts
    assert "You keep 2 cards of the lot; the rest go face down to the pile." in texts
    assert not [t for t in texts if "take-back" in t]
    seats = deal.seats()
    assert seats[0]["draw_words"] == ["threw away 2"] and seats[1]["draw_words"] == ["threw away none"]


def test_a_paid_draw_says_the_chips_and_the_cards_changed() -> None:
    deal = Deal("fives", "2c 3d 4h 5s 7c 9d Jh Qs Kc Ad  6h 6d 8s 8c 8h", ante=2)
    ante = deal.state.config.ante
    assert ante > 1
    deal.act(1, act.DISCARD + 0b111)    # Bot 1 changes three: an ante a card (FV3, the default draw cost)
    deal.act(0, act.DISCARD + 0b1)      # you change one
    texts = deal.texts()
    assert f"Bot 1 pays {3 * ante} chips to change 3 cards." in texts
    assert f"You pay {ante} chips to change 1 card." in texts
    assert not [t for t in texts if "to draw" in t]
    assert deal.seats()[1]["draw_words"] == ["drew 3"]


def test_a_game_without_betting_rounds_says_so_to_the_page() -> None:
    auction = Deal("auction-flop", "2c 3d 4h 5s 7c 9d Jh Qs Kc Ad")
    assert table(auction.rules.observe(auction.state, 0), None, False)["betting_rounds"] is False
    five = Deal("five-card-draw", "2c 3d 4h 5s 7c 9d Jh Qs Kc Ad")
    assert table(five.rules.observe(five.state, 0), None, False)["betting_rounds"] is True


def test_a_bid_or_a_refusal_the_stack_cannot_cover_is_refused_naming_the_stack() -> None:
    # you start with 5: ante 3, a card thrown away for 1, so 1 chip is left (AF8: no bid exceeds the stack)
    deal = Deal("auction-flop", "2c 3d 4h 5s 7c 9d Jh Qs Kc Ad  6h 6d 8s", stacks="5/200")
    deal.act(1, act.DISCARD + 0b1)
    deal.act(0, act.DISCARD + 0b1)
    deal.act(1, act.BID)                # Bot 1, the first voice, bids 1
    view = deal.rules.observe(deal.state, 0)
    assert view.table.stacks[0] == 1 and deal.rules.legal_actions(deal.state) == [act.PASS]
    assert refusal(view, act.BID) == ("you cannot bid 2: you have 1 chip, and no bid may be more than your stack; "
                                      "pass. Nothing changed.")
    assert refusal(view, act.TAKE) == ("this is the auction's bidding, and your chips cannot cover a bid: pass. "
                                       "Nothing changed.")
    assert deal.rules.observe(deal.state, 0).table == view.table  # nothing changed


def test_a_refusal_the_stack_cannot_pay_is_refused_and_the_lot_must_be_taken() -> None:
    # you start with 4: ante 3, a card thrown away for 1: nothing left to pay a refusal with (AF4)
    deal = Deal("auction-flop", "2c 3d 4h 5s 7c 9d Jh Qs Kc Ad  6h 6d 8s", stacks="4/200")
    deal.act(1, act.DISCARD + 0b1)
    deal.act(0, act.DISCARD + 0b1)
    deal.act(1, act.PASS)               # Bot 1, the first voice, passes; you cannot bid (no chips): you pass
    deal.act(0, act.PASS)
    deal.act(1, act.REFUSE)             # nobody bid: Bot 1 pays 1 to refuse; you are offered the lot at 2
    view = deal.rules.observe(deal.state, 0)
    assert view.current_player == 0 and deal.rules.legal_actions(deal.state) == [act.TAKE]
    assert refusal(view, act.REFUSE) == ("you cannot pay 2 to refuse the lot: you have 0 chips; a player who cannot "
                                         "pay takes it. Nothing changed.")


def test_a_seat_not_dealt_into_a_replay_sits_out_and_has_not_folded() -> None:
    """Fives, three players, no five anywhere: you bet, Bot 1 calls, Bot 2 folds; nobody holds a five,
    so the pot carries and the replay deals in only you and Bot 1 (FV4). Bot 2 sits out the deal;
    it did not fold in it."""
    cards = "2c 3c 4c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 6d 7d 8d 9d Td Jd Qd Kd Ad 2h 3h 4h 6h 7h 8h 9h"
    deal = Deal("fives", cards, players=3)
    while (deal.state.match is None or deal.state.match.deal == 1) and deal.rules.observe(deal.state, 0).current_player >= 0:
        seat = deal.rules.observe(deal.state, 0).current_player
        legal = deal.rules.legal_actions(deal.state)
        chosen = (act.DISCARD if act.DISCARD in legal else act.RAISE if seat == 0 and act.RAISE in legal
                  else act.FOLD if seat == 2 and act.FOLD in legal else act.CALL)
        deal.act(seat, chosen)
    shown = table(deal.rules.observe(deal.state, 0), None, False)
    assert shown["match"]["deal"] == 2 and shown["match"]["out"] == ["Bot 2"]
    seats = {seat["name"]: seat for seat in shown["seats"]}
    assert (seats["Bot 2"]["folded"], seats["Bot 2"]["sitting_out"]) == (False, True)
    assert [(seats[n]["folded"], seats[n]["sitting_out"]) for n in ("You", "Bot 1")] == [(False, False)] * 2


def test_a_swap_of_one_card_or_none_says_card_not_cards() -> None:
    deal = Deal("jackpot", "2c 3d 4h 5s 7c 9d Jh Qs Kc Ad", first_dealer=1)  # you are left of the button: first to swap
    while not table(deal.rules.observe(deal.state, 0), None, True)["pick"]:
        deal.act(0, act.CALL)           # the opening betting round, if any: check
    view = deal.rules.observe(deal.state, 0)
    pick = table(view, None, True)["pick"]
    assert pick["step"] == "exchange-turns" and "1 cards" not in pick["help"]
    assert pick["help"] == "Press the card to swap for a new one, or keep your cards."
    wrong = act.DISCARD + 0b11                           # two cards at once
    assert refusal(view, wrong) == ("that choice of cards is not allowed now: choose 0 or 1 card (see the state's "
                                    "'legal' list). Nothing changed.")


def test_a_place_that_won_nothing_is_not_named_a_winner(tmp_path: Path) -> None:
    """Auction Flop four-handed shares by 60/30/10 (AF7): the fourth hand gets no chip, so the log
    and the award's words do not count it among those who split the pot ("and 0 chips"); the
    showdown lists it with no place."""
    http = client(tmp_path)
    seeds = iter(range(700, 100_000))
    store_of(http).seed_source = lambda: next(seeds)
    rng = random.Random(7)
    for _ in range(40):
        s = http.post("/api/games", json={"game": "auction-flop", "bot": "random", "players": 4}).json()
        while s["phase"] != "over":
            s = move(http, s, rng.choice(s["legal"])["action"]).json()
        awards = [a for pot in s["table"]["showdown"]["pots"] for a in pot["awards"] if a["title"] == "places"]
        if not awards or len(s["table"]["showdown"]["shown"]) < 4:
            continue
        for award in awards:
            assert all(w["place"] == "no place" for w in award["winners"] if not w["chips"]), award
            assert " 0 chips" not in award["text"], award
        assert not [e["text"] for e in s["log"] if re.search(r"\b0 chips|wins 0\b", e["text"])]
        return
    raise AssertionError("no four-handed showdown in forty deals")


def test_the_showdown_says_which_cards_played_wild() -> None:
    """Uncle Bob's Left Nut: each player's lowest card is wild for that player. Your Kc Qd Js Tc 5d
    is a straight to the ace (the 5d wild); Bot 1's 2c 3d 4h 6s 8c (the 2c wild) is a pair at best."""
    deal = Deal("uncle-bobs-left-nut", "2c Kc 3d Qd 4h Js 6s Tc 8c 5d")
    for _ in range(20):
        legal = deal.rules.legal_actions(deal.state)
        if not legal or deal.rules.observe(deal.state, 0).over:
            break
        seat = deal.rules.observe(deal.state, 0).current_player
        deal.act(seat, act.DISCARD if act.DISCARD in legal else act.CALL)  # stand pat, check
    showdown = table(deal.rules.observe(deal.state, 0), None, False)["showdown"]
    (winner,) = showdown["pots"][0]["awards"][0]["winners"]
    assert (winner["name"], winner["hand"], winner["wild"]) == ("You", "Straight, ace-high", ["5d"])
