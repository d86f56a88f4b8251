"""Freak of Nature (poker-games.md, FN1-FN2): five-card draw whose wild rank is found at the
showdown among the hands still in: sixes if anyone holds one, else fives, fours, threes, twos."""

from __future__ import annotations

from divided.games.poker.steps import Bet, Draw, Showdown
from divided.games.poker.variant import Award, Variant
from divided.games.poker.variants.draw import DEAL_FIVE, HAND
from divided.games.poker.wilds import Cascade

FREAK_OF_NATURE = Variant(
    id="freak-of-nature", name="Freak of Nature", players=(2, 7), slots=HAND,
    summary="Five-card draw with a wild rank found at the showdown: sixes if any player still in holds "
            "one, else fives, then fours, threes, twos.",
    steps=(DEAL_FIVE, Bet("small"), Draw(most=5), Bet("big"), Showdown()),
    awards=(Award("high", ("hand",), wild=Cascade((6, 5, 4, 3, 2))),),
    notes=("Nothing is wild before the showdown, and a deal won uncontested has no wild rank.",
           "The wild rank is the same for every hand: the highest of six, five, four, three, two that any "
           "player still in holds; if nobody holds one, nothing is wild.",
           "Odd chips go by the cards as printed, wild or not."),
)
