"""Auction Flop Poker (poker-games.md, AF1-AF8) on the game itself: both examples and the
rulings, hand-fixed deals played to the showdown with the chips worked by hand."""

from __future__ import annotations

import random

import pytest
from poker_deals import start

from divided import games
from divided.errors import IllegalActionError
from divided.games.poker import actions as act
from divided.games.poker.cards import parse
from divided.games.poker.steps.auction import lot_cards

A, B, C, D = 0, 1, 2, 3
GAME = "auction-flop"


def deal(state, cards: str) -> None:  # type: ignore[no-untyped-def]
    for card in parse(cards):
        assert state.is_chance_node()
        state.apply_action(card)


def discard(state, cards: str) -> int:  # type: ignore[no-untyped-def]
    """The discard action naming ``cards`` of the hand of the seat to act."""
    hand = sorted(state.core.slots[state.current_player()][0])
    return act.DISCARD + sum(1 << hand.index(card) for card in parse(cards))


def keep(state, cards: str) -> int:  # type: ignore[no-untyped-def]
    """The keep action naming ``cards`` of the lot on the table."""
    step = state.core.config.steps[state.core.step]
    lot = lot_cards(state.core, step)
    return act.KEEP + sum(1 << lot.index(card) for card in parse(cards))


def discards(state, *cards: str) -> None:  # type: ignore[no-untyped-def]
    """Each seat in turn (from the dealer's left) commits its discard."""
    for chosen in cards:
        state.apply_action(discard(state, chosen) if chosen else act.DISCARD)


def test_the_ante_is_3_by_default_and_there_is_no_betting_round() -> None:
    game = games.load(GAME)
    assert game.options["ante"] == 3
    assert "blinds" not in game.options
    assert all(step.kind != "bet" for step in game.rules.variant.steps)


FOUR = ("As Ad Ks Kd 2h", "Qs Qd Js Jd 3h", "9s 9d 8s 8d 4h", "7s 7d 6s 6d 5h")


def test_refusals_example_played_to_the_showdown() -> None:
    # Four players each discard one card (paying 1) and all pass on the first lot: the first
    # voice pays 1, the next pays 2, the third takes it free; the next lot's first voice is the
    # player left of the first.
    state = start(GAME, FOUR, button=D)
    discards(state, "2h", "3h", "4h", "5h")
    assert state.core.table.contributed == (4, 4, 4, 4)  # ante 3 and a discard of one, not replaced
    assert all(len(state.core.slots[seat][0]) == 4 for seat in range(4))
    deal(state, "2c 3c 4d")
    for seat in (A, B, C, D):
        assert state.current_player() == seat  # AF2: the first voice is left of the dealer
        state.apply_action(act.PASS)
    state.apply_action(act.REFUSE)  # A pays 1
    state.apply_action(act.REFUSE)  # B pays 2
    assert state.current_player() == C
    state.apply_action(act.TAKE)  # C takes it free
    state.apply_action(keep(state, "4d"))
    deal(state, "Th Tc Td")  # the next lot: first voice B, left of A
    assert state.current_player() == B and state.core.phase.order == (B, D, A)
    for _ in range(3):
        state.apply_action(act.PASS)
    state.apply_action(act.TAKE)  # B takes it free
    state.apply_action(keep(state, "Th"))
    deal(state, "2d 3d 5c")  # first voice D, the next needing cards left of B
    assert state.current_player() == D
    state.apply_action(act.BID)  # D bids 1
    state.apply_action(act.PASS)  # A passes: sold to D
    state.apply_action(keep(state, "5c"))
    deal(state, "Ah Kh Qh")  # A alone needs a card: it takes the lot free (AF5)
    assert state.current_player() == A  # one card to keep, any of the three
    assert state.legal_actions() == sorted(keep(state, c) for c in ("Ah", "Kh", "Qh"))
    state.apply_action(keep(state, "Ah"))
    assert state.is_terminal() and state.core.shown
    # A aces full, B queens and jacks, C nines and eights, D sevens and sixes; pot 16 + 1 + 2 + 1 = 20:
    # 60% 12 to A, 30% 6 to B, 10% 2 to C; A put in 5, B 6, C 4, D 5
    (pot,) = state.core.settled
    assert pot.amount == 20 and pot.chips == (12, 6, 2, 0)
    assert state.returns() == [7.0, 0.0, -2.0, -5.0]


def test_refusals_example_had_the_third_paid_3_the_fourth_then_the_first_voice_pay_more() -> None:
    state = start(GAME, FOUR, button=D)
    discards(state, "2h", "3h", "4h", "5h")
    deal(state, "2c 3c 4d")
    for _ in range(4):
        state.apply_action(act.PASS)
    for seat, price in ((A, 1), (B, 2), (C, 3), (D, 4)):
        assert state.current_player() == seat
        state.apply_action(act.REFUSE)
        assert state.core.table.contributed[seat] == 4 + price
    assert state.current_player() == A
    assert games.room(GAME).label(state.observation(A), act.REFUSE).text == "pay 5 to refuse the lot"
    state.apply_action(act.TAKE)
    state.apply_action(keep(state, "2c"))
    deal(state, "Th Tc Td")
    assert state.current_player() == B  # the next lot's first voice: left of the first


def test_places_example_pot_50_first_then_two_tied_second() -> None:
    # Pot 50: A first, B and C tie second: A 30, B and C 10 each. Ante 16 a head and two discards
    # of one card (1 each) make the 50.
    state = start(GAME, ("As Ad Ac Ks 2h", "Qs Qd Js Jd 2d", "Qh Qc Jh Jc Ts"), button=C, ante=16)
    discards(state, "2h", "2d", "")
    deal(state, "Kd 3c 4c")
    state.apply_action(act.PASS)
    state.apply_action(act.PASS)
    state.apply_action(act.TAKE)  # A takes it free
    state.apply_action(keep(state, "Kd"))
    deal(state, "Th 5c 6c")  # B alone: free
    state.apply_action(keep(state, "Th"))
    assert state.is_terminal()
    (pot,) = state.core.settled
    assert pot.amount == 50 and pot.chips == (30, 10, 10)
    assert state.returns() == [13.0, -7.0, -6.0]


def test_places_example_pot_37_two_tied_first_share_90_percent() -> None:
    # Pot 37, A and B tie first, C third: A and B 17 each (33 and the leftover 1), C 3
    state = start(GAME, ("Ad Kd Qd Jd 2h", "Ah Kc Qh Jc 9h", "As Ks Qs Js 8h"), button=C, ante=12)
    discards(state, "2h", "", "")
    deal(state, "9c 3c 4c")  # A alone needs a card: free, and it keeps one
    assert state.legal_actions() == sorted(keep(state, c) for c in ("9c", "3c", "4c"))
    state.apply_action(keep(state, "9c"))
    assert state.is_terminal()
    (pot,) = state.core.settled
    assert pot.amount == 37 and pot.chips == (17, 17, 3)
    assert state.returns() == [4.0, 5.0, -9.0]


def test_full_hands_after_the_discard_go_straight_to_the_showdown() -> None:
    state = start(GAME, ("As Ad Ac Ks 2h", "Qs Qd Js Jd 2d", "9h 9c 8h 8c 7s"), button=C)
    discards(state, "", "", "")
    assert state.is_terminal() and state.core.shown
    (pot,) = state.core.settled
    assert pot.chips == (7, 2, 0)  # pot 9: 60% 5, 30% 2, 10% 0, the 2 left over to the best


def test_the_discard_prices_and_only_what_can_be_paid() -> None:
    prices = (0, 1, 3, 6, 10, 15)
    for count, price in enumerate(prices):
        state = start(GAME, FOUR[:2], button=B)
        hand = sorted(state.core.slots[A][0])
        state.apply_action(act.DISCARD + (1 << count) - 1)
        state.apply_action(act.DISCARD)
        assert state.core.table.contributed[A] == 3 + price
        assert len(state.core.slots[A][0]) == 5 - count and sorted(state.core.slots[A][0]) == hand[count:]
    state = start(GAME, FOUR[:2], button=B, stack=9)  # 6 chips after the ante: three cards (6), not four (10)
    assert {(a - act.DISCARD).bit_count() for a in state.legal_actions()} == {0, 1, 2, 3}
    before = state.core
    with pytest.raises(IllegalActionError):
        state.apply_action(act.DISCARD + 0b1111)
    assert state.core is before


def test_the_discard_is_made_at_once_and_only_its_count_is_shown() -> None:
    state = start(GAME, FOUR[:3], button=C)
    state.apply_action(discard(state, "As Ad"))
    assert state.core.slots[A][0] == parse("As Ad Ks Kd 2h")  # a hidden commitment: nothing applied yet
    for viewer in (None, B, C):
        assert not state.observation(viewer).phase.commits[A]
    state.apply_action(discard(state, "3h"))
    state.apply_action(act.DISCARD)
    core = state.core
    assert sorted(core.slots[A][0]) == sorted(parse("Ks Kd 2h")) and core.table.contributed[:2] == (6, 4)
    assert state.observation(B).discarded[A] == (None, None)
    assert [(e.seat, e.kind, e.amount) for e in core.events if e.kind in ("discard", "pay")] == [
        (A, "pay", 3), (A, "discard", 2), (B, "pay", 1), (B, "discard", 1), (C, "discard", 0)]


def test_random_deals_nobody_folds_and_every_hand_ends_with_five() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        state = games.load(GAME, players=rng.randint(2, 7), stack=rng.choice((4, 12, 200))).new_initial_state(seed=seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            assert act.FOLD not in legal
            state.apply_action(rng.choice(legal))
        core = state.core
        assert sum(state.returns()) == 0 and all(len(held[0]) == 5 for held in core.slots)
        assert len(state.history()) <= state.game.info.max_game_length
