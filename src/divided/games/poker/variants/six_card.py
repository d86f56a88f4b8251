"""Six-card draw: two decks shuffled together, six-card hands (poker-games.md, SD1-SD4)."""

from __future__ import annotations

from divided.games.poker.steps import Bet, Deal, Draw, Showdown
from divided.games.poker.variant import Award, Slot, Variant

SIX_CARD_DRAW = Variant(
    id="six-card-draw", name="Six-card draw", players=(2, 8), slots=(Slot("hand", 6),),
    summary="Two decks shuffled together; six cards down, a betting round, a draw of up to five free or all "
            "six for one more ante, a betting round; the best six-card hand wins.",
    # SD4: all six cost one ante more; a player who cannot pay it in full is not offered six
    steps=(Deal(("down",) * 6), Bet("small"), Draw(most=6, fees=(0, 0, 0, 0, 0, 0, 1), fee_unit="ante"),
           Bet("big"), Showdown()),
    awards=(Award("high", ("hand",), "six-2decks"),),  # SD1-SD3: all six play; copies rank alike
    deck="two",
    notes=("The two copies of a card are different cards for the deal and the same card for the hands; "
           "a hand holding both copies beats the same ranks without them.",),
)
