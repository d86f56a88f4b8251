"""Bounce Back (poker-games.md, BK1-BK3): the dealer acts first in every betting round, the draw
and the take-back; the example played to the showdown at a table of three (the other rulings:
test_draw_games.py)."""

from __future__ import annotations

from poker_deals import one_round, start

from divided.games.poker import actions as act
from divided.games.poker.cards import parse

A, B, C = 0, 1, 2
HANDS = ("2c 2d 5h 8s Tc", "Ks Kh Qd 7c 3s", "4c 4d 9h Js 6c")


def deal(state, cards: str) -> None:  # type: ignore[no-untyped-def]
    for card in parse(cards):
        state.apply_action(card)


def mask(state, cards: str) -> int:  # type: ignore[no-untyped-def]
    hand = sorted(state.core.slots[state.current_player()][0])
    return sum(1 << hand.index(card) for card in parse(cards))


def round_order(state) -> list[int]:  # type: ignore[no-untyped-def]
    """Everyone checks around: the seats in the order they acted."""
    step, seats = state.core.step, []
    while state.core.step == step:
        seats.append(state.current_player())
        state.apply_action(act.CALL)
    return seats


def test_the_dealer_opens_every_betting_round_and_acts_first_at_the_draw_and_take_back() -> None:
    # BK2's example with the dealer in seat B of three: the dealer holds K♠ K♥ Q♦ 7♣ 3♠, sets aside
    # 7♣ 3♠ and draws J♥ 9♦; at the take-back it gives up Q♦ 9♦ and retakes 7♣ 3♠
    state = start("bounce-back", HANDS, button=B)
    assert round_order(state) == [B, C, A]
    assert state.current_player() == B
    state.apply_action(act.DISCARD + mask(state, "7c 3s"))
    deal(state, "Jh 9d")
    assert state.current_player() == C
    state.apply_action(act.DISCARD + mask(state, "6c"))
    deal(state, "Ts")
    state.apply_action(act.DISCARD)  # A stands pat
    assert round_order(state) == [B, C, A]
    assert state.current_player() == B  # the take-back: the dealer first, then C; A set nothing aside
    assert act.TAKE_BACK + mask(state, "Qd") not in state.legal_actions()  # retaking one is not allowed
    state.apply_action(act.TAKE_BACK + mask(state, "Qd 9d"))
    assert state.current_player() == C
    state.apply_action(act.PASS)
    assert round_order(state) == [B, C, A]
    assert state.is_terminal()
    assert sorted(state.core.slots[B][0]) == sorted(parse("Ks Kh Jh 7c 3s"))
    assert state.returns() == [-1.0, 2.0, -1.0]  # the kings win the antes


def test_a_dealer_who_folded_leaves_the_first_action_to_the_next_seat_in() -> None:
    state = start("bounce-back", HANDS, button=B)
    state.apply_action(act.RAISE)  # B bets
    state.apply_action(act.CALL)  # C calls
    state.apply_action(act.CALL)  # A calls
    for seat in (B, C, A):
        assert state.current_player() == seat
        state.apply_action(act.DISCARD)
    state.apply_action(act.RAISE)  # B bets the big bet
    state.apply_action(act.CALL)  # C
    state.apply_action(act.RAISE)  # A raises
    state.apply_action(act.FOLD)  # B folds
    state.apply_action(act.CALL)  # C calls
    assert state.core.config.steps[state.core.step].kind == "bet"  # nothing set aside: no take-back
    assert state.current_player() == C  # the dealer is out: the first seat in from its left
    one_round(state)
    assert state.is_terminal()
