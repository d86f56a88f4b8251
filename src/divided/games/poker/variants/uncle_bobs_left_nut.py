"""Uncle Bob's Left Nut (poker-games.md, UB1-UB2): five-card draw in which each hand's lowest
card is wild for that hand alone."""

from __future__ import annotations

from divided.games.poker.steps import Bet, Draw, Showdown
from divided.games.poker.variant import Award, Variant
from divided.games.poker.variants.draw import DEAL_FIVE, HAND
from divided.games.poker.wilds import LowestCard

UNCLE_BOBS_LEFT_NUT = Variant(
    id="uncle-bobs-left-nut", name="Uncle Bob's Left Nut", players=(2, 7), slots=HAND,
    summary="Five-card draw in which each player's lowest card is wild for that player only.",
    steps=(DEAL_FIVE, Bet("small"), Draw(most=5), Bet("big"), Showdown()),
    awards=(Award("high", ("hand",), wild=LowestCard()),),
    notes=("Exactly one card is wild: when the lowest rank is held twice, only one of them (the one that "
           "plays best).",
           "Aces are high; an ace is the lowest card only when the hand then plays as a five-high "
           "straight. Each hand is read both ways and takes the better.",
           "Odd chips go by the cards as printed, wild or not."),
)
