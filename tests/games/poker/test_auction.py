"""The auction (Auction Flop AF1-AF6, AF8), worked by hand on test variants: three cards dealt
to each (every hand needs two), or five dealt and a free discard."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from kinds_variants import AUCTION, AUCTION_DISCARD, registered
from poker_deals import deal_sequence

from divided import games
from divided.errors import IllegalActionError
from divided.games.poker import actions as act
from divided.games.poker.cards import parse

A, B, C, D = 0, 1, 2, 3
THREE = ("As Ks Qs", "9h 9d 5c", "8h 8d 7c", "6h 6d 4c")


@pytest.fixture
def game() -> Iterator[str]:
    with registered(AUCTION) as name:
        yield name


@pytest.fixture
def discard_game() -> Iterator[str]:
    with registered(AUCTION_DISCARD) as name:
        yield name


def start(game: str, hands: tuple[str, ...] = THREE, lots: str = "", button: int = D, **options: object):  # type: ignore[no-untyped-def]
    options = {"players": len(hands), "first_dealer": button, **options}
    chance = deal_sequence(game, button, hands, **options) + list(parse(lots))
    return games.load(game, **options).new_initial_state(chance=chance)


def marks(state):  # type: ignore[no-untyped-def]
    return state.core.phase.marks


def test_refusals_example_first_pays_1_next_pays_2_third_takes(game: str) -> None:
    state = start(game, lots="2c 3c 4d Th Tc Td")
    assert [sorted(e.cards) for e in state.core.events if e.kind == "lot"] == [sorted(parse("2c 3c 4d"))]
    assert state.current_player() == A  # AF2: the first seat left of the dealer needing cards
    for seat in (A, B, C, D):
        assert state.current_player() == seat
        state.apply_action(act.PASS)
    assert state.current_player() == A and state.legal_actions() == [act.TAKE, act.REFUSE]
    state.apply_action(act.REFUSE)  # A pays 1
    state.apply_action(act.REFUSE)  # B pays 2
    assert state.current_player() == C
    state.apply_action(act.TAKE)  # C takes it free
    assert state.current_player() == C and marks(state)[0] == 3  # C keeps
    assert state.core.table.contributed == (1 + 1, 1 + 2, 1, 1)  # each antes 1, then the refusals
    state.apply_action(act.KEEP + 0b011)  # keeps 2c 3c, discards 4d
    assert state.current_player() == B  # the next lot's first voice: left of the first (A)
    assert state.core.phase.order == (B, D, A)  # C's hand is full


def test_refusals_example_had_the_third_paid_3_the_fourth_then_the_first_voice(game: str) -> None:
    state = start(game, lots="2c 3c 4d")
    for _ in range(4):
        state.apply_action(act.PASS)
    for price, seat in ((1, A), (2, B), (3, C), (4, D)):
        assert state.current_player() == seat
        paid = state.core.table.contributed[seat]
        state.apply_action(act.REFUSE)
        assert state.core.table.contributed[seat] == paid + price
    assert state.current_player() == A
    assert games.room(game).label(state.observation(A), act.REFUSE).text == "pay 5 to refuse the lot"


def test_bidding_a_passed_player_may_bid_again_and_the_lot_sells_when_all_others_passed(game: str) -> None:
    state = start(game, lots="2c 3c 4d")
    state.apply_action(act.BID)  # A 1
    state.apply_action(act.PASS)  # B
    state.apply_action(act.BID)  # C 2
    state.apply_action(act.PASS)  # D
    state.apply_action(act.PASS)  # A
    state.apply_action(act.BID)  # B 3 (passed before)
    for seat in (C, D):
        assert state.current_player() == seat
        state.apply_action(act.PASS)
    assert state.current_player() == A and marks(state)[0] == 1  # A has not passed since B's bid
    state.apply_action(act.PASS)  # now all others passed since the last bid: sold to B for 3
    assert state.current_player() == B and marks(state)[0] == 3
    assert state.core.table.contributed[B] == 1 + 3
    assert [(e.seat, e.kind, e.amount) for e in state.core.events if e.kind == "buy"] == [(B, "buy", 3)]


def test_the_buyer_keeps_one_to_what_its_hand_needs_others_see_how_many(game: str) -> None:
    state = start(game, lots="2c 3c 4d")
    for _ in range(4):
        state.apply_action(act.PASS)
    state.apply_action(act.TAKE)  # A takes it free
    assert state.legal_actions() == [act.KEEP + m for m in range(1, 8) if m.bit_count() <= 2]
    before = state.core
    for bad in (act.KEEP, act.KEEP + 0b111, act.BID, act.PASS):
        with pytest.raises(IllegalActionError):
            state.apply_action(bad)
        assert state.core is before
    state.apply_action(act.KEEP + 0b100)  # keeps 4d
    four, two, three = parse("4d 2c 3c")
    assert four in state.observation(A).slots[A][0]
    for viewer in (None, B, C, D):
        view = state.observation(viewer)
        assert view.slots[A][0] == (None, None, None, None)
        assert view.discarded[A] == (None, None)
        assert not view.up >> four & 1 and not view.up >> two & 1 and not view.up >> three & 1
    (keep,) = [e for e in state.core.events if e.kind == "keep"]
    assert keep.seat == A and keep.amount == 1 and not keep.cards


def test_no_bid_above_the_stack_and_who_cannot_pay_must_take(game: str) -> None:
    state = start(game, lots="2c 3c 4d", stack=2, ante=1)  # one chip left each
    state.apply_action(act.BID)  # A bids 1, its last chip
    assert state.legal_actions() == [act.PASS]  # B cannot bid 2
    state = start(game, lots="2c 3c 4d", stack=2, ante=1)
    for _ in range(4):
        state.apply_action(act.PASS)
    state.apply_action(act.REFUSE)  # A pays 1 (all in)
    assert state.current_player() == B and state.legal_actions() == [act.TAKE]  # 2 to refuse: B has 1


def test_a_player_alone_in_needing_cards_takes_every_lot_free(discard_game: str) -> None:
    hands = ("As Ks Qs Js 9s", "9h 9d 5c 4c 3d", "8h 8d 7c 6c 2d")
    state = start(discard_game, hands, lots="2c 3c 4d 5d 6d 7d", button=C)
    state.apply_action(act.DISCARD)  # A keeps all
    state.apply_action(act.DISCARD + 0b11111)  # B throws all five
    state.apply_action(act.DISCARD)  # C keeps all
    assert state.current_player() == B and state.legal_actions() == [act.KEEP + m for m in range(1, 8)]
    state.apply_action(act.KEEP + 0b111)
    state.apply_action(act.KEEP + 0b011)
    assert state.is_terminal() and state.core.table.contributed == (1, 1, 1)
    assert sorted(state.core.slots[B][0]) == sorted(parse("2c 3c 4d 5d 6d"))


def test_all_hands_full_after_the_discard_the_showdown_follows_at_once(discard_game: str) -> None:
    hands = ("As Ks Qs Js 9s", "9h 9d 5c 4c 3d", "8h 8d 7c 6c 2d")
    state = start(discard_game, hands, button=C)
    for _ in range(3):
        state.apply_action(act.DISCARD)
    assert state.is_terminal() and state.core.shown
    (pot,) = state.core.settled
    assert pot.chips == (3, 0, 0)  # pot 3: 60% = 1, 30% = 0, 10% = 0 (rounded down); the 2 left over to the best


def test_an_empty_stock_shuffles_the_whole_pile_into_a_new_stock(discard_game: str) -> None:
    rng = random.Random(5)
    state = games.load(discard_game, players=7).new_initial_state(seed=5)
    for _ in range(7):
        state.apply_action(act.DISCARD + 0b11111)  # 35 cards in the pile, 17 in the stock
    reshuffled = False
    while not state.is_terminal():
        stock_before, pile_before = state.core.stock.bit_count(), sum(d.bit_count() for d in state.core.discarded)
        state.apply_action(rng.choice(state.legal_actions()))
        if state.core.stock.bit_count() > stock_before:
            reshuffled = True
            assert pile_before > 0 and sum(d.bit_count() for d in state.core.discarded) <= pile_before
    assert reshuffled and all(len(held[0]) == 5 for held in state.core.slots)
    assert sum(state.returns()) == 0
