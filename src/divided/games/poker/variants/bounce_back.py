"""Bounce Back: the draw's discards are set aside and may be taken back (poker-games.md,
BK1-BK3).

The dealer draws and takes back first. "The dealer acts first in every round" also means the
dealer opens every betting round; that opener belongs to the betting step and is not here yet,
so the betting rounds open as T5 says until it is.
"""

from __future__ import annotations

from divided.games.poker.steps import Bet, Deal, Draw, Showdown, TakeBack
from divided.games.poker.variant import Award, Slot, Variant

BOUNCE_BACK = Variant(
    id="bounce-back", name="Bounce Back", players=(2, 7), slots=(Slot("hand", 5),),
    summary="Five cards down, a betting round; a draw of up to two whose discards are set aside, a betting "
            "round; then each player may swap as many cards for the set-aside ones, a betting round; the "
            "best high hand wins.",
    steps=(Deal(("down",) * 5), Bet("small"), Draw(most=2, set_aside=True, first="dealer"), Bet("big"),
           TakeBack(first="dealer"), Bet("big"), Showdown()),
    awards=(Award("high", ("hand",)),),
    notes=("Set-aside cards stay in front of their owner, face down; only their number is shown.",),
)
