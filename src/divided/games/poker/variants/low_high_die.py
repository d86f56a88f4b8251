"""Low-Die / High-Die (poker-games.md, LD1-LD2): the dealer calls the draws before the deal; a
rank is wild in a hand that holds its partner (option ``die``).

Where the rulings are silent: the first betting round follows the deal, so the option ``blinds``
is offered (T3). Each called draw goes from the button's left (T14) and allows 0 up to its size.
"""

from __future__ import annotations

from divided.games.base import RuleOption
from divided.games.poker.steps import CallDraws, CalledRounds, Deal, Showdown
from divided.games.poker.steps.dealer_call import MAX_DRAWS_OPTION
from divided.games.poker.variant import Award, Slot, Variant, by_option
from divided.games.poker.wilds import HIGH_DIE, LOW_DIE, DicePairs

LOW_HIGH_DIE = Variant(
    id="low-high-die", name="Low-Die / High-Die", players=(2, 7), slots=(Slot("hand", 5),),
    summary="Before the deal the dealer calls the draws (up to three, each of one to five cards, or none). "
            "Five cards down and a betting round, then each called draw followed by a betting round. "
            "Low-Die: aces are wild with a six, twos with a five, threes with a four; High-Die the reverse.",
    steps=(CallDraws(most=by_option("max_draws", {1: 1, 2: 2, 3: 3})), Deal(("down",) * 5), CalledRounds(), Showdown()),
    awards=(Award("high", ("hand",),
                  wild=by_option("die", {"low": DicePairs(LOW_DIE), "high": DicePairs(HIGH_DIE)})),),
    options=(RuleOption("die", ("low", "high"), "low: aces wild with a 6, twos with a 5, threes with a 4; high: "
                        "sixes wild with an ace, fives with a 2, fours with a 3"), MAX_DRAWS_OPTION),
    notes=("The dealer calls the draws knowing only the number of players: in all at most the cards left "
           "after the deal divided by the players; the call is public.",
           "In each called draw a player changes from none up to its size.",
           "The card that makes a rank wild is not wild itself; both are read from the final hand."),
)
