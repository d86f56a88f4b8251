"""Buck Thirty-Five (poker-games.md, BU1-BU3): cards 1, 3, 5 down, card 2, then card 4, the buck,
kept apart; the buck's rank is wild for its owner; one exchange of up to three cards.

The buck lies in a slot of its own (``buck``), which the exchange never names (BU3: with
``buck-wild`` two, card 2 lies there too). Its cards join the hand at the showdown, wild with
every card of their ranks (:class:`~divided.games.poker.wilds.Designated`).

Where the rulings are silent: the buck is dealt face down (its owner sees it, nobody else); the
exchange goes one player at a time from the button's left (T14); with ``buck-wild`` two a player
exchanges 0-3 of the three cards left in hand. The first betting round follows the deal, so the
option ``blinds`` is offered (T3).
"""

from __future__ import annotations

from divided.games.base import RuleOption
from divided.games.poker.steps import Bet, Deal, Draw, Showdown
from divided.games.poker.variant import Award, Slot, Variant, by_option
from divided.games.poker.wilds import Designated

WILD = Designated("buck")
HIGH = Award("high", ("hand",), wild=WILD)
LOW = Award("low", ("hand",), "a5", wild=WILD)

BUCK_THIRTY_FIVE = Variant(
    id="buck-thirty-five", name="Buck Thirty-Five", players=(4, 6), slots=(Slot("hand", 4), Slot("buck", 2)),
    summary="Three cards down and a betting round, a fourth card and a betting round, then the buck: a fifth "
            "card kept apart, wild for its owner with every card of its rank, and a betting round; an exchange "
            "of up to three cards (never the buck) and a last betting round.",
    steps=(Deal(("down",) * 3), Bet("small"),
           Deal(("down",), slot=by_option("buck_wild", {"one": "hand", "two": "buck"})), Bet("small"),
           Deal(("down",), slot="buck"), Bet("big"), Draw(most=3), Bet("big"), Showdown()),
    awards=by_option("buck_split", {"high": (HIGH,), "high-low": (HIGH, LOW)}),
    options=(RuleOption("buck_split", ("high", "high-low"), "high: the best high hand wins; high-low: half to "
                        "the best high hand, half to the best ace-to-five low (no qualifier)"),
             RuleOption("buck_wild", ("one", "two"), "one: the buck alone is kept apart; two: card 2 too, and both "
                        "ranks are wild")),
    notes=("The buck and every card of its rank in your final hand are wild for you alone.",
           "The exchange never touches the buck: you change up to three of the cards in your hand."),
)
