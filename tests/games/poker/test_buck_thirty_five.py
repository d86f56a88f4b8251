"""Buck Thirty-Five (poker-games.md, BU1-BU3): the example and the rulings, hand-fixed deals
played to the showdown, hands worked out by hand."""

from __future__ import annotations

import pytest
from poker_deals import passive, start

from divided import games
from divided.errors import IllegalActionError
from divided.games.poker import actions as act
from divided.games.poker.cards import parse
from divided.games.poker.facts import facts

A, B, C, D = 0, 1, 2, 3
GAME = "buck-thirty-five"
# each seat's cards in the order received: cards 1, 3, 5, then card 2, then card 4 (the buck)
HANDS = ("Ks Kh 9c 8d 7d", "Qs Qh 7h Js 3c", "7s 6h 5s 4h Jc", "6d 4d 3h 2s Kc")


def deal(state, cards: str) -> None:  # type: ignore[no-untyped-def]
    for card in parse(cards):
        assert state.is_chance_node()
        state.apply_action(card)


def exchange(state, cards: str) -> None:  # type: ignore[no-untyped-def]
    hand = sorted(state.core.slots[state.current_player()][0])
    state.apply_action(act.DISCARD + sum(1 << hand.index(card) for card in parse(cards)))


def words(state) -> dict[int, dict[str, str]]:  # type: ignore[no-untyped-def]
    return {int(seat): said for seat, said in facts(state.core)["hands"].items()}


def play_example(**options: object):  # type: ignore[no-untyped-def]
    """A exchanges 9♣ 8♦ for 7♣ 2♦ (its buck is 7♦); the others stand pat; everyone checks."""
    state = start(GAME, HANDS, button=D, **options)
    passive(state)
    assert state.current_player() == A and state.core.config.steps[state.core.step].kind == "draw"
    exchange(state, "9c 8d")
    deal(state, "7c 2d")
    for _ in range(3):
        state.apply_action(act.DISCARD)
    passive(state)
    assert state.is_terminal()
    return state


def test_example_the_drawn_card_of_the_bucks_rank_is_wild_too_four_kings() -> None:
    state = play_example()
    core = state.core
    assert core.slots[A][0] == parse("Ks Kh 7c 2d") and core.slots[A][1] == parse("7d")  # the buck kept apart
    said = words(state)
    assert said[A]["high"] == "Four kings, with a two"  # 7♦ and the drawn 7♣ wild
    assert said[B]["high"] == "Three queens, with a jack and a seven"  # BU1: A's sevens are not wild for B's 7♥
    assert said[C]["high"] == "Straight, eight-high"
    assert said[D]["high"] == "Straight, six-high"  # the buck K♣ stands for the 5
    assert state.returns() == [3.0, -1.0, -1.0, -1.0]


def test_the_buck_is_dealt_apart_seen_by_its_owner_only_and_never_exchanged() -> None:
    state = start(GAME, HANDS, button=D)
    passive(state)
    buck = parse("7d")[0]
    assert state.observation(A).slots[A][1] == (buck,)
    for viewer in (None, B, C, D):
        assert state.observation(viewer).slots[A][1] == (None,)
    legal = state.legal_actions()  # 0-3 of the four cards in hand: every mask but all four
    assert legal == [act.DISCARD + mask for mask in range(16) if mask.bit_count() <= 3]
    before = state.core
    with pytest.raises(IllegalActionError):
        state.apply_action(act.DISCARD + 0b1111)
    assert state.core is before


def test_high_low_the_buck_is_wild_in_the_low_too() -> None:
    # BU2: D's K♣ buck plays as an ace in the low: 6-4-3-2-A beats C's 7-6-5-4-A (J♣ as the ace);
    # as printed, C's J-7-6-5-4 would beat D's K-6-4-3-2. A's four kings win the high half.
    state = play_example(buck_split="high-low")
    (pot,) = state.core.settled
    assert pot.awards == (("high", (A,)), ("low", (D,)))
    said = words(state)
    assert said[D]["low"] == "Six-high low: 6-4-3-2-A" and said[C]["low"] == "Seven-high low: 7-6-5-4-A"
    assert state.returns() == [1.0, -1.0, -1.0, 1.0]


def test_buck_wild_two_card_two_is_kept_apart_and_both_ranks_are_wild() -> None:
    # BU3: A's card 2 (3♦) and buck (K♣) are apart; A exchanges 5♣ for 3♥, which is wild too:
    # 9♠ 9♥ and three wild cards make five nines
    hands = ("9s 9h 5c 3d Kc", "Qs Qh 7h Js 3c", "7s 6h 5s 4h Jc", "6d 4d 2h 2s Ac")
    state = start(GAME, hands, button=D, buck_wild="two")
    passive(state)
    assert state.core.slots[A] == (parse("9s 9h 5c"), parse("3d Kc"))
    assert state.legal_actions() == [act.DISCARD + mask for mask in range(8)]  # 0-3 of the three in hand
    exchange(state, "5c")
    deal(state, "3h")
    for _ in range(3):
        state.apply_action(act.DISCARD)
    passive(state)
    said = words(state)
    assert said[A]["high"] == "Five of a Kind, nines"
    assert said[B]["high"].startswith("Four queens")  # B: card 2 J♠ and buck 3♣ apart, both wild
    assert state.returns()[A] == 3.0


def test_four_to_six_players() -> None:
    assert games.load(GAME).rules.variant.players == (4, 6)
    with pytest.raises(Exception, match="players"):
        games.load(GAME, players=3)
