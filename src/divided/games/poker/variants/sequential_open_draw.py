"""Five-card open draw (sequential) (poker-games.md, OQ1-OQ2): rounds of one-card discards turned
up at each round's end, then the replacements."""

from __future__ import annotations

from divided.games.base import RuleOption
from divided.games.poker.steps import Bet, Deal, Showdown
from divided.games.poker.steps.discard_rounds import DiscardRounds
from divided.games.poker.variant import Award, Slot, Variant, by_option

SEQUENTIAL_OPEN_DRAW = Variant(
    id="sequential-open-draw", name="Five-card open draw (sequential)", players=(2, 7), slots=(Slot("hand", 5),),
    summary="Five cards down and a betting round; then rounds in which each player discards one card face "
            "down or passes for good, the round's discards turned up at its end, until a round where all "
            "pass; the discards are replaced, a betting round, the showdown.",
    steps=(Deal(("down",) * 5), Bet("small"),
           DiscardRounds(betting=by_option("sequential_betting", {"off": False, "on": True})),
           Bet("big"), Showdown()),
    awards=(Award("high", ("hand",)),),
    options=(RuleOption("sequential_betting", ("off", "on"), "on: a small-bet betting round after each discard "
                        "round's discards are turned up"),),
    notes=("A pass is final: a player who passes discards no more this deal.",
           "Everyone sees that a card went down; which card shows when the round ends.",
           "The replacements come after the last round, one player at a time."),
)
