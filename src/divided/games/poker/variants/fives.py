"""Fives (poker-games.md, FV1-FV5): five paid draws without betting, one betting round, and the
best hand wins only if it holds a five; otherwise the players still in ante and replay for the
same pot (a match, T18).

Each card drawn costs the option ``draw_cost`` (default: the ante), paid into the pot; a player
draws no more cards than it can pay for. Option ``fives_wild``: ``off`` | ``fives`` (a wild five
still counts as a five) | ``deuces`` (a two standing for a five does not).

Choices where the rulings are silent: the five draws all start left of the button, each player
drawing in turn; there are no blinds (the one betting round follows the draws, T3); a layer only
one showdown player may win is theirs without a five (:mod:`divided.games.poker.awards.must_hold`).
"""

from __future__ import annotations

import divided.games.poker.awards.must_hold  # noqa: F401  (registers the award kind must-hold-five)
from divided.games.base import RuleOption
from divided.games.poker.steps import Bet, Deal, Draw, Showdown
from divided.games.poker.variant import Award, Match, Slot, Variant, by_option
from divided.games.poker.wilds import DEUCES, Fixed

FIVES_WILD = RuleOption("fives_wild", ("off", "fives", "deuces"), "wild cards: none, the fives (a wild five still "
                        "counts as a five) or the twos (a two standing for a five does not)")
FIVE_CARDS = tuple(range(12, 16))
"""The four fives."""

DRAW_COST = RuleOption("draw_cost", ("ante",), "chips each card drawn costs: the ante, or a number of chips",
                       integers=range(0, 1001))

PAID_DRAW = Draw(most=5, fees=(0, 1, 2, 3, 4, 5), fee_unit="draw_cost")

FIVES = Variant(
    id="fives", name="Fives", players=(2, 7), slots=(Slot("hand", 5),),
    summary="Five draws without betting, each card paid for; one betting round; the best hand wins only if "
            "it holds a five, otherwise everyone still in antes again and plays for the same pot.",
    steps=(Deal(("down",) * 5), *(PAID_DRAW,) * 5, Bet("big"), Showdown()),
    awards=(Award("high", ("hand",), kind="must-hold-five",
                  wild=by_option("fives_wild", {"off": None, "fives": Fixed(FIVE_CARDS), "deuces": Fixed(DEUCES)})),),
    match=Match("replay"), options=(DRAW_COST, FIVES_WILD), blinds=False,
    notes=("Each card you draw costs the draw cost (the ante unless set), paid into the pot; you cannot draw "
           "more cards than you can pay for.",
           "Among tied best hands, those holding a five share the pot; if none holds one, the deal is played "
           "again by those still in. At the last deal the best hand wins, five or not.",
           "A player left alone wins without a five.",
           "With fives wild, a wild five still counts as a five; with deuces wild, a two standing for a five "
           "does not."),
)
