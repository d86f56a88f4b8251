"""Crazy 4 of Spades (poker-games.md, CF1-CF4): five-card draw played as a match, with the 4♠
wild (and, in the hand that holds it, every other 4), a draw of up to three cards or four for a
player who shows a kept ace, and the two-to-win token.

Choices where the rulings are silent: the ace shown for the four-card draw stays face up to the
showdown; a player holding two aces who draws four shows one of them (the lowest in card order);
a tied lowest layer carries even when the token holder is among the tied (nobody won it);
an uncontested win counts as a win for the token (T12).
"""

from __future__ import annotations

import divided.games.poker.awards.token as token
from divided.games.poker.steps import Bet, Deal, Draw, Showdown
from divided.games.poker.variant import Award, Match, Slot, Variant
from divided.games.poker.wilds import Chain

CRAZY_FOUR_OF_SPADES = Variant(
    id="crazy-four-of-spades", name="Crazy 4 of Spades", players=(2, 7), slots=(Slot("hand", 5),),
    summary="Five-card draw with the 4♠ wild, and every other 4 wild in the hand that holds it; draw up to "
            "three, or four if you show an ace you keep; win twice in a row to collect.",
    steps=(Deal(("down",) * 5), Bet("small"), Draw(most=3, bonus_rank=14, bonus_most=4), Bet("big"), Showdown()),
    awards=(Award("high", ("hand",), wild=Chain(anchor=8, rank=4)),),
    match=Match("token"), options=(token.TWO_TO_WIN,),
    notes=("The 4♠ is always wild; holding it makes your other fours wild too. Without it, fours are plain.",
           "You may draw up to three cards, or four if you keep an ace and show it to everyone.",
           "With two-to-win on, a deal's winner takes the token and the pot stays for the next deal; winning "
           "again while holding the token collects everything. A tie wins nothing and the pot carries. At "
           "the last deal the winner collects."),
)
