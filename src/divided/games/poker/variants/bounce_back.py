"""Bounce Back: the draw's discards are set aside and may be taken back (poker-games.md,
BK1-BK3).

The dealer acts first in every round and at the draw and the take-back: each betting round is
opened by the dealer (the first seat from the dealer, going left, that can still act). Where the
rulings are silent: with the option ``blinds`` on, the blinds are still posted by the two seats
left of the button, and the dealer still acts first in the first round (the game names its own
opener, T5), so the blinds act after the dealer.
"""

from __future__ import annotations

from divided.games.poker.steps import Bet, Deal, Draw, Showdown, TakeBack
from divided.games.poker.variant import Award, Slot, Variant

BOUNCE_BACK = Variant(
    id="bounce-back", name="Bounce Back", players=(2, 7), slots=(Slot("hand", 5),),
    summary="Five cards down, a betting round; a draw of up to two whose discards are set aside, a betting "
            "round; then each player may swap as many cards for the set-aside ones, a betting round; the "
            "best high hand wins. The dealer acts first everywhere.",
    steps=(Deal(("down",) * 5), Bet("small", "dealer"), Draw(most=2, set_aside=True, first="dealer"),
           Bet("big", "dealer"), TakeBack(first="dealer"), Bet("big", "dealer"), Showdown()),
    awards=(Award("high", ("hand",)),),
    notes=("Set-aside cards stay in front of their owner, face down; only their number is shown.",
           "The dealer opens every betting round and draws and takes back first."),
)
