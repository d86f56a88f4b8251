"""The books: unseen cards, opponents, pot odds, and exact draw odds against counts known from
the poker literature (C(47, k) draws from the 47 unseen cards)."""

from __future__ import annotations

from poker_deals import start

from divided.games.poker import actions as act
from divided.games.poker.cards import parse
from divided.games.poker.knowledge import category, draw_odds, knowledge

OTHER = "2c 3c 4c 5d 9h"


def at_draw(hand: str):  # type: ignore[no-untyped-def]
    state = start("five-card-draw", (hand, OTHER), button=1)
    state.apply_action(act.CALL)
    state.apply_action(act.CALL)
    assert state.current_player() == 0
    return state


def test_four_to_a_flush_draws_nine_flushes_of_47() -> None:
    odds = draw_odds(at_draw("Ks Ts 7s 4s Qd").observation(0), parse("Qd"))
    assert odds is not None and odds["total"] == 47 and odds["flush"] == 9


def test_open_ended_straight_draw_makes_eight_straights() -> None:
    # 9-8-7-6 with a king: the fives and tens, 4 + 4 of 47 (the opponent's 5♦ is one of the
    # 47 unseen cards: the books count what the player cannot see, not where it is)
    odds = draw_odds(at_draw("9s 8d 7h 6c Kd").observation(0), parse("Kd"))
    assert odds is not None and odds["straight"] == 8 and odds["total"] == 47


def test_drawing_five_is_not_enumerated() -> None:
    hand = "Ks Ts 7s 4s Qd"
    assert draw_odds(at_draw(hand).observation(0), parse(hand)) is None


def test_books_list_the_unseen_cards_and_the_price_of_a_call() -> None:
    state = start("five-card-draw", ("Ks Ts 7s 4s Qd", OTHER), button=1)
    state.apply_action(act.RAISE)  # seat 0 bets 2
    books = knowledge(state.observation(1))
    assert len(books.unseen) == 47 and "Ks" in books.unseen and "2c" not in books.unseen
    assert books.pot == 4 and books.to_call == 2 and float(books.pot_odds or 0) == 2 / 6
    (opponent,) = books.opponents
    assert opponent.seat == 0 and opponent.hidden == 5 and opponent.visible == ((),)


def test_categories_of_five_cards() -> None:
    assert [category(parse(h)) for h in ("As Ks Qs Js Ts", "Ah 2d 3c 4s 5h", "2s 2h 2d 2c 9h", "Ah Kd 9c 5s 3h")] \
        == ["straight-flush", "straight", "four-of-a-kind", "high-card"]
