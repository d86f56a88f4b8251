"""The review names a player's hand with the wild cards the player's own cards decide (Uncle
Bob's lowest card), and leaves wild ranks decided at the showdown (Freak of Nature) out."""

from __future__ import annotations

from divided import games
from divided.games.poker.cards import parse
from divided.review.games.poker import hand_words

HANDS = ("As Ad 3h 4c 5s", "Kc Qc 9d 8h 7s")


def first_view(game: str):  # type: ignore[no-untyped-def]
    """The first decision of a deal of ``game`` with these hands (the button on B: A acts first)."""
    cards = [parse(hand) for hand in HANDS]
    chance = [cards[seat][i] for i in range(5) for seat in (0, 1)]
    state = games.load(game, players=2, first_dealer=1).new_initial_state(chance=chance)
    return state.observation(0)


def test_uncle_bob_hand_is_named_with_its_lowest_card_wild() -> None:
    # A-A-3-4-5: one ace wild as the two, a five-high straight (plain, a pair of aces)
    assert hand_words(first_view("uncle-bobs-left-nut"), 0, parse(HANDS[0])) == "Straight, five-high"


def test_freak_hand_is_named_as_printed_before_the_showdown() -> None:
    assert hand_words(first_view("freak-of-nature"), 0, parse(HANDS[0])) == "Pair of aces, with a five, a four and a three"
