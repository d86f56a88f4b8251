"""J-Lo (poker-games.md, rulings JL1-JL3): five-card draw with jacks or better to open; when
nobody opens, the deal turns to deuce-to-seven lowball and the first round is played again."""

from __future__ import annotations

import divided.games.poker.awards.switched  # noqa: F401  (registers the award kind best-or-switched)
from divided.games.poker.steps import Bet, Deal, Draw, Showdown
from divided.games.poker.variant import Award, Slot, Variant

J_LO = Variant(
    id="j-lo", name="J-Lo", players=(2, 7), slots=(Slot("hand", 5),),
    summary="Five-card draw where opening the betting takes jacks or better; if everyone checks, the deal "
            "becomes deuce-to-seven lowball and the first round is played again.",
    steps=(Deal(("down",) * 5), Bet("small", opens_with="jacks", otherwise="27"), Draw(most=5), Bet("big"),
           Showdown()),
    awards=(Award("best hand", ("hand",), kind="best-or-switched"),),
    blinds=False,  # T3: J-Lo has no blinds
    notes=("Opening needs a pair of jacks or any better hand, two pair of any ranks included; once someone "
           "has bet, the others act freely, and the opener may break the openers at the draw.",
           "After a switch the repeated first round is a small-bet round and the round after the draw a "
           "big-bet round; the best deuce-to-seven low wins: aces are high and straights and flushes count "
           "against you."),
)
