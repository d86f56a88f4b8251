"""Seven-card stud, the base of Cowpie (poker-games.md)."""

from __future__ import annotations

from divided.games.poker.steps import Bet, Deal, Showdown
from divided.games.poker.variant import Award, Slot, Variant

SEVEN_CARD_STUD = Variant(
    id="seven-card-stud", name="Seven-card stud", players=(2, 7), slots=(Slot("hand", 7),),
    summary="Two down and one up, then three up and one down, a betting round after each; best five of seven.",
    steps=(Deal(("down", "down", "up")), Bet("small", "bring-in"),
           Deal(("up",)), Bet("small", "best-up"),
           Deal(("up",)), Bet("big", "best-up"),
           Deal(("up",)), Bet("big", "best-up"),
           Deal(("down",)), Bet("big", "best-up"),
           Showdown()),
    awards=(Award("high", ("hand",)),),
    bring_in=True, blinds=False,
)
