"""Jackpot (poker-games.md, JP1-JP3): exchange turns until someone calls, then one betting round;
option ``jackpot_wild``: none, or the four deuces wild for everyone (JP3)."""

from __future__ import annotations

from divided.games.base import RuleOption
from divided.games.poker.steps import Bet, Deal, Showdown
from divided.games.poker.steps.exchange_turns import ExchangeTurns
from divided.games.poker.variant import Award, Slot, Variant, by_option
from divided.games.poker.wilds import DEUCES, Fixed

MOST_TURNS = 20

JACKPOT = Variant(
    id="jackpot", name="Jackpot", players=(2, 7), slots=(Slot("hand", 5),),
    summary="Five cards down; in turn, each player may swap one card and then call. A call ends the "
            "swapping at once; one betting round follows, then the showdown.",
    steps=(Deal(("down",) * 5),
           ExchangeTurns(most=1, turns=by_option("jackpot_turns", {n: n for n in range(1, MOST_TURNS + 1)})),
           Bet("big"), Showdown()),
    awards=(Award("high", ("hand",), wild=by_option("jackpot_wild", {"none": None, "deuces": Fixed(DEUCES)})),),
    options=(RuleOption("jackpot_turns", (5,), "turns each player gets when nobody calls (then the swapping "
                        "ends as if someone had called)", integers=range(1, MOST_TURNS + 1)),
             RuleOption("jackpot_wild", ("none", "deuces"), "deuces: the four twos are wild for everyone")),
    blinds=False,
    notes=("A turn: swap one card (or none), then say \"I call\" or pass. Nobody bets before the call.",
           "After five turns each without a call (option jackpot_turns) the swapping ends anyway.",
           "The betting round starts left of the button, not with the caller."),
)
