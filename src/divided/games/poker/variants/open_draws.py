"""Six-card and seven-card open draw: a draw, then one card a round thrown away face up by
everyone at once, not replaced (poker-games.md, SO1-SO2, SV1)."""

from __future__ import annotations

from divided.games.poker.steps import Bet, Deal, Draw, Showdown
from divided.games.poker.variant import Award, Slot, Variant

# SO2: each player throws one card away face up, all shown together (hidden commitments, T15)
OPEN_DISCARD = Draw(least=1, most=1, replace="never", face="up", at_once=True)
HIGH = (Award("high", ("hand",)),)

SIX_CARD_OPEN_DRAW = Variant(
    id="six-card-open-draw", name="Six-card open draw", players=(2, 5), slots=(Slot("hand", 6),),
    summary="Six cards down and a draw of up to four, then a betting round; everyone throws one card away "
            "face up at once, a betting round; the best five-card hand wins.",
    # SO1: no betting before the first draw, so no blinds (T3); rounds S B (T4)
    steps=(Deal(("down",) * 6), Draw(most=4), Bet("small"), OPEN_DISCARD, Bet("big"), Showdown()),
    awards=HIGH, blinds=False,
)

SEVEN_CARD_OPEN_DRAW = Variant(
    id="seven-card-open-draw", name="Seven-card open draw", players=(2, 5), slots=(Slot("hand", 7),),
    summary="Seven cards down and a draw of up to three, then a betting round; twice everyone throws one "
            "card away face up at once, each followed by a betting round; the best five-card hand wins.",
    # SV1 as SO1: no betting before the first draw; rounds S B B (T4)
    steps=(Deal(("down",) * 7), Draw(most=3), Bet("small"), OPEN_DISCARD, Bet("big"), OPEN_DISCARD, Bet("big"),
           Showdown()),
    awards=HIGH, blinds=False,
)
