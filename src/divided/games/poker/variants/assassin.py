"""Assassin (poker-games.md, AS1-AS5): five-card draw played as a match, in which a 2 kills a hand.

At the draw a player discarding twos may show them for one extra card (six cards, the best five
play, a 2 anywhere among the six assassinates). A layer whose showdown players are all
assassinated carries to the next deal; the capped deal gives it to the best hand among them.
Jokers (option ``jokers``) act exactly as twos.

Choices where the rulings are silent: showing shows every discarded two (showing some and hiding
others gains nothing); a layer only one showdown player may win is theirs, assassinated or not,
as an uncontested layer would be (:mod:`divided.games.poker.awards.assassin`).
"""

from __future__ import annotations

import divided.games.poker.awards.assassin  # noqa: F401  (registers the award kind assassin)
from divided.games.base import RuleOption
from divided.games.poker.steps import Bet, Deal, Draw, Showdown
from divided.games.poker.variant import Award, Match, Slot, Variant, by_option

JOKERS = RuleOption("jokers", (0, 2), "jokers added to the deck: 0 or 2 (each acts exactly as a 2)")

ASSASSIN = Variant(
    id="assassin", name="Assassin", players=(2, 7), slots=(Slot("hand", 6),),
    summary="Five-card draw in which a hand holding a 2 cannot win; discarded twos may be shown for one "
            "extra card, and a pot that only assassinated hands reach waits for the next deal.",
    steps=(Deal(("down",) * 5), Bet("small"), Draw(most=5, show_rank=2), Bet("big"), Showdown()),
    awards=(Award("high", ("hand",), kind="assassin"),),
    deck=by_option("jokers", {0: "one", 2: "jokers"}), match=Match("carry"), options=(JOKERS,),
    notes=("A 2 anywhere among your cards assassinates your hand; you may still bet, and you win if "
           "everyone else folds.",
           "Discarding twos, you may show them to receive one extra card: six cards, the best five play, "
           "and a 2 among all six still assassinates.",
           "When every hand at the showdown is assassinated, the pot waits for the next deal; at the last "
           "deal it goes to the best hand among them, twos as ordinary cards."),
)
