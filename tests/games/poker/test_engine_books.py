"""The books: unseen cards, opponents, pot odds, and exact draw odds against counts known from
the poker literature (C(47, k) draws from the 47 unseen cards)."""

from __future__ import annotations

from poker_deals import start

from divided.games.poker import actions as act
from divided.games.poker.cards import parse
from divided.games.poker.knowledge import draw_odds, knowledge

OTHER = "2c 3c 4c 5d 9h"


def at_draw(hand: str):  # type: ignore[no-untyped-def]
    state = start("five-card-draw", (hand, OTHER), button=1)
    state.apply_action(act.CALL)
    state.apply_action(act.CALL)
    assert state.current_player() == 0
    return state


def test_four_to_a_flush_draws_nine_flushes_of_47() -> None:
    odds = draw_odds(at_draw("Ks Ts 7s 4s Qd").observation(0), parse("Qd"))
    assert odds.ways == 47 and odds.count("Flush") == 9


def test_open_ended_straight_draw_makes_eight_straights() -> None:
    # 9-8-7-6 with a king: the fives and tens, 4 + 4 of 47 (the opponent's 5♦ is one of the
    # 47 unseen cards: the books count what the player cannot see, not where it is)
    odds = draw_odds(at_draw("9s 8d 7h 6c Kd").observation(0), parse("Kd"))
    assert odds.count("Straight") == 8 and odds.ways == 47


def test_drawing_five_is_enumerated_too() -> None:
    hand = "Ks Ts 7s 4s Qd"
    odds = draw_odds(at_draw(hand).observation(0), parse(hand))
    assert odds.ways == 1_533_939 and sum(odds.counts.values()) == odds.ways  # C(47, 5)


def test_low_draw_odds_use_the_low_ranking() -> None:
    # A-2-3-4 with a king, drawing one under ace-to-five: the three aces, deuces, treys and fours
    # left pair the hand (12 of 47); the other 35 cards make a low without a pair.
    odds = draw_odds(at_draw("As 2d 3h 4s Kd").observation(0), parse("Kd"), rules="a5")
    assert odds.ways == 47 and odds.count("Pair") == 12 and odds.count("High Card") == 35


def test_books_list_the_unseen_cards_and_the_price_of_a_call() -> None:
    state = start("five-card-draw", ("Ks Ts 7s 4s Qd", OTHER), button=1)
    state.apply_action(act.RAISE)  # seat 0 bets 2
    books = knowledge(state.observation(1))
    assert len(books.unseen) == 47 and "Ks" in books.unseen and "2c" not in books.unseen
    assert books.pot == 4 and books.to_call == 2 and float(books.pot_odds or 0) == 2 / 6
    (opponent,) = books.opponents
    assert opponent.seat == 0 and opponent.hidden == 5 and opponent.visible == ((),)

