"""The public event log (issue 29): hand-worked deals give exactly the events expected, words
included, and over random games of every variant no event ever holds a card its viewer has not
been shown."""

from __future__ import annotations

import pytest
from engine_digests import GAMES, table_sizes
from no_leak import Tally, play_checked
from poker_deals import arrange, deal_sequence, passive
from test_engine_rulings import HENWAY_HANDS

from divided import games
from divided.games.poker import actions as act
from divided.games.poker.cards import parse
from divided.games.poker.events import Event, describe

A, B, C = 0, 1, 2
DRAW_HANDS = ("As Ks Qs Js 9s", "2c 3d 4h 5s 7c")


def card(text: str) -> int:
    (one,) = parse(text)
    return one


def draw_deal(game: str, drawn: str, **options: object):  # type: ignore[no-untyped-def]
    """Heads-up, button 0 (seat 1 acts first); the cards dealt at the draw are ``drawn``."""
    options = {"players": 2, "first_dealer": 0, **options}
    chance = [*deal_sequence(game, 0, DRAW_HANDS, **options), *parse(drawn)]
    return games.load(game, **options).new_initial_state(chance=chance)


def test_five_card_draw_logs_forced_bets_actions_draws_and_the_uncontested_award() -> None:
    state = draw_deal("five-card-draw", "6d")
    for action in (act.RAISE, act.RAISE, act.CALL,  # seat 1 bets 2, seat 0 raises to 4, seat 1 calls
                   act.DISCARD + 0b10000, act.DISCARD,  # seat 1 throws its 7c, seat 0 stands pat
                   act.CALL, act.RAISE, act.FOLD):  # seat 1 checks, seat 0 bets 4, seat 1 folds
        state.apply_action(action)
    assert state.core.events == (
        Event(0, 1, "ante", 1), Event(0, 0, "ante", 1),
        Event(1, 1, "bet", 2), Event(1, 0, "raise", 4), Event(1, 1, "call", 2),
        Event(2, 1, "draw", 1), Event(2, 0, "draw", 0),
        Event(3, 1, "check"), Event(3, 0, "bet", 4), Event(3, 1, "fold"),
        Event(3, None, "award", 10, pot=0, title="uncontested", winners=(0,), chips=(10,)),
    )
    assert state.returns() == [5.0, -5.0]
    assert [describe(event, 0) for event in state.observation(0).events] == [
        "Player 1 antes 1", "You ante 1", "Player 1 bets 2", "You raise to 4", "Player 1 calls 2",
        "Player 1 draws 1", "You stand pat", "Player 1 checks", "You bet 4", "Player 1 folds",
        "You win 10 chips from the main pot uncontested",
    ]
    assert describe(state.core.events[-1], None) == "Player 0 wins 10 chips from the main pot uncontested"


def test_blinds_and_all_in_are_logged() -> None:
    # stack 3, ante 1: after the ante seat 1 (the big blind, button 0 heads-up posts the small)
    # has 2 chips and posts them all
    state = draw_deal("five-card-draw", "6d", blinds="on", stack=3, small_bet=2)
    assert state.core.events == (
        Event(0, 1, "ante", 1), Event(0, 0, "ante", 1),
        Event(0, 0, "blind", 1), Event(0, 1, "blind", 2, all_in=True),
    )
    assert describe(state.core.events[-1], 0) == "Player 1 posts a blind of 2 (all in)"


def test_open_draw_discards_are_logged_as_counts_then_turned_up_once_everyone_drew() -> None:
    state = draw_deal("open-draw", "6d 8d")
    for action in (act.CALL, act.CALL, act.DISCARD + 0b10000):  # checks; seat 1 throws 7c
        state.apply_action(action)
    assert state.observation(0).events[-1] == Event(2, 1, "draw", 1)  # no card before the reveal
    state.apply_action(act.DISCARD + 0b00001)  # seat 0 throws its 9s
    assert state.core.events[-4:] == (
        Event(2, 1, "draw", 1), Event(2, 0, "draw", 1),
        Event(2, 1, "reveal", cards=(card("7c"),)), Event(2, 0, "reveal", cards=(card("9s"),)),
    )
    assert describe(state.core.events[-2], 0) == "Player 1's discards are turned up: 7c"
    assert describe(state.core.events[-1], 0) == "Your discards are turned up: 9s"


@pytest.mark.parametrize("exposure", ["hidden", "face-up"])
def test_ten_card_regrets_assignments_are_counts_and_cards_only_face_up(exposure: str) -> None:
    hands = ("Ah 2d " + "3c " * 0 + "Kc Qc Jc Tc 9c 8c 7c 6c", "4s 5s Ks Qs Js Ts 9s 8s 7s 6s")
    options = {"players": 2, "first_dealer": 0, "regrets_exposure": exposure}
    state = games.load("ten-card-regrets", **options).new_initial_state(
        chance=deal_sequence("ten-card-regrets", 0, hands, **options))
    state.apply_action(act.ASSIGN + act.LOWER_FIRST)  # seat 1: 4s left, 5s right
    assert state.core.events[-1] == Event(0, 0, "ante", 1)  # nothing logged before everyone chose
    state.apply_action(act.ASSIGN + act.BOTH_SECOND)  # seat 0: Ah 2d both right
    face_up = exposure == "face-up"
    assert state.core.events[-2:] == (
        Event(1, 1, "assign", counts=(1, 1), hands=((card("4s"),), (card("5s"),)) if face_up else (),
              hands_named=("left", "right")),
        Event(1, 0, "assign", counts=(0, 2), hands=((), (card("Ah"), card("2d"))) if face_up else (),
              hands_named=("left", "right")),
    )
    words = [describe(event, 0) for event in state.core.events[-2:]]
    if face_up:
        assert words == ["Player 1 puts 4s in the left hand and 5s in the right hand", "You put Ah 2d in the right hand"]
    else:
        assert words == ["Player 1 puts one card in the left hand and one card in the right hand",
                         "You put 2 cards in the right hand"]


def test_henway_arrangements_flips_show_and_awards() -> None:
    state = games.load("henway", players=3, first_dealer=C).new_initial_state(
        chance=deal_sequence("henway", C, HENWAY_HANDS, players=3, first_dealer=C))
    for hands in HENWAY_HANDS:
        cards = hands.split()
        arrange(state, " ".join(cards[:5]), " ".join(cards[5:]))
    hidden = (("one", "two"), ((), ()), (5, 5))
    assert state.core.events[3:] == (
        *(Event(1, seat, "arrange", hands=hidden[1], counts=hidden[2], hands_named=hidden[0]) for seat in (A, B, C)),
        Event(2, A, "flip", cards=parse("6d Ks")), Event(2, B, "flip", cards=parse("Js 8h")),
        Event(2, C, "flip", cards=parse("Qs 9d")),
    )
    assert describe(state.core.events[3], B) == "Player 0 arranges the cards (one: 5 down; two: 5 down)"
    assert describe(state.core.events[-1], B) == "Player 2 turns up Qs 9d"
    while not state.is_terminal():
        passive(state)
    events = state.core.events
    shows = [e for e in events if e.kind == "show"]
    assert [(e.seat, e.hands[1:]) for e in shows] == [
        (seat, (parse(" ".join(HENWAY_HANDS[seat].split()[:5])), parse(" ".join(HENWAY_HANDS[seat].split()[5:]))))
        for seat in (A, B, C)]
    assert events[-2:] == (
        Event(11, None, "award", 3, pot=0, title="high", winners=(A,), chips=(2,)),
        Event(11, None, "award", 3, pot=0, title="low", winners=(A,), chips=(1,)),
    )
    assert describe(shows[0], B) == "Player 0 shows one: 6d 5c 4h 3s 2d; two: Ks Kh Qd 9c 8s"
    assert describe(events[-1], A) == "You win 1 chip from the main pot for low"


def test_a_split_award_names_every_winner_and_their_chips() -> None:
    event = Event(4, None, "award", 15, pot=1, title="low", winners=(0, 2), chips=(8, 7))
    assert describe(event, 2) == "Player 0 and you split side pot 1 for low: 8 and 7 chips"


@pytest.mark.parametrize("game", GAMES)
def test_no_event_holds_a_card_its_viewer_was_not_shown(game: str) -> None:
    # the shared checker (no_leak.py, also the long run): every event names only public cards,
    # in its data and in each viewer's words, at every table size and structure
    tally = Tally()
    for players in table_sizes(game):
        for seed in range(3):
            options: dict[str, object] = {"players": players, "structure": ("fixed", "pot", "no")[seed % 3]}
            if game == "ten-card-regrets":
                options["regrets_exposure"] = ("hidden", "face-up")[seed % 2]
            play_checked(game, seed, tally, options)
    assert tally.events > 0


def test_keeping_cards_of_a_lot_is_not_read_as_a_declined_take_back() -> None:
    # the auction's keep counts the cards kept; a take-back declined keeps none (the same kind)
    assert describe(Event(3, 1, "keep", 2), 0) == "Player 1 keeps 2 cards of the lot (the rest go face down to the pile)"
    assert describe(Event(3, 0, "keep", 1), 0) == "You keep 1 card of the lot (the rest go face down to the pile)"
    assert describe(Event(3, 1, "keep"), 0) == "Player 1 keeps the hand (no take-back)"
