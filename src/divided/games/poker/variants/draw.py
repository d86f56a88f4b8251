"""The draw games of issue 29: five-card draw (the base), Five-card open draw (simple) and
Five-card Double Draw High-Low (poker-games.md)."""

from __future__ import annotations

from divided.games.poker.steps import Bet, Deal, Draw, Showdown
from divided.games.poker.variant import Award, Slot, Variant, by_option, low_option

HAND = (Slot("hand", 5),)
DEAL_FIVE = Deal(("down",) * 5)

FIVE_CARD_DRAW = Variant(
    id="five-card-draw", name="Five-card draw", players=(2, 7), slots=HAND,
    summary="Five cards down, a betting round, one draw of up to five, a betting round; best high hand wins.",
    steps=(DEAL_FIVE, Bet("small"), Draw(most=5), Bet("big"), Showdown()),
    awards=(Award("high", ("hand",)),),
)

OPEN_DRAW = Variant(
    id="open-draw", name="Five-card open draw (simple)", players=(2, 7), slots=HAND,
    summary="Five-card draw whose discards are all turned up once the last player has drawn.",
    steps=(DEAL_FIVE, Bet("small"), Draw(most=5, reveal="after"), Bet("big"), Showdown()),
    awards=(Award("high", ("hand",)),),
)

DOUBLE_DRAW_HIGH_LOW = Variant(
    id="double-draw-high-low", name="Five-card Double Draw High-Low", players=(3, 5), slots=HAND,
    summary="Five cards down and two draws; half the pot to the highest hand, half to the lowest.",
    steps=(DEAL_FIVE, Bet("small"), Draw(most=5), Bet("big"), Draw(most=5), Bet("big"), Showdown()),
    awards=(Award("high", ("hand",)), Award("low", ("hand",), by_option("low", {"a5": "a5", "a5-8": "a5-8"}))),
    options=(low_option("a5", "a5-8"),),
)
