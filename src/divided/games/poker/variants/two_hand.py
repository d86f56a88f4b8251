"""The three games in which each player makes two hands: Henway, 10 Card Regrets and Cowpie
(poker-games.md, rulings H1-H5, R1-R4, C1-C5)."""

from __future__ import annotations

from divided.games.base import RuleOption
from divided.games.poker.steps import Assign, Bet, Deal, Flip, Partition, Showdown
from divided.games.poker.variant import Award, Slot, Variant, by_option, low_option

_LOW = by_option("low", {"a5": "a5", "a5-8": "a5-8", "27": "27", "a6": "a6"})
_SIDES = ("one", "two")
_FLIP_SIZES = ("small", "small", "big", "big")

HENWAY = Variant(
    id="henway", name="Henway", players=(2, 5),
    summary="Ten cards down, split into two ordered five-card hands; flips and bets; half to the highest "
            "hand, half to the lowest.",
    slots=(Slot("held", 10), Slot("one", 5), Slot("two", 5)),
    steps=(Deal(("down",) * 10, slot="held"), Partition(into=_SIDES, ordered=True),
           *(step for k, size in enumerate(_FLIP_SIZES) for step in (Flip(_SIDES, k), Bet(size))),
           Flip(_SIDES, 4), Showdown()),
    # H2: both hands compete on both sides; H4 declared: the first hand is the high one
    awards=(Award("high", by_option("henway_sides", {"any": _SIDES, "declared": ("one",)})),
            Award("low", by_option("henway_sides", {"any": _SIDES, "declared": ("two",)}), _LOW)),
    options=(low_option("a5", "a5-8", "27", "a6"),
             RuleOption("henway_sides", ("any", "declared"), "any: both hands compete for high and for low (H2); "
                        "declared: each player's first hand plays high only and the second low only (H4)")),
)

TEN_CARD_REGRETS = Variant(
    id="ten-card-regrets", name="10 Card Regrets", players=(2, 5),
    summary="Two cards at a time, each to the left (low) or right (high) hand, never moved; five deals.",
    slots=(Slot("held", 2), Slot("left", 5), Slot("right", 5)),
    steps=(*(step for size in ("small", "small", "big", "big", "big") for step in (
        Deal(("down", "down"), slot="held"),
        Assign(into=("left", "right"), reveal=by_option("regrets_exposure", {"hidden": "hidden",
                                                                             "face-up": "face-up"})),
        Bet(size))), Showdown()),
    awards=(Award("high", ("right",)), Award("low", ("left",), _LOW)),  # R1
    options=(low_option("a5", "a5-8", "27", "a6"),
             RuleOption("regrets_exposure", ("hidden", "face-up"), "hidden: assigned cards stay face down, only "
                        "how many each hand holds is public; face-up: they are turned up once everyone has "
                        "placed them (R3)")),
)

COWPIE = Variant(
    id="cowpie", name="Cowpie", players=(2, 7),
    summary="Seven-card stud, then each player splits the seven into a five-card and a two-card hand; half "
            "the pot to each.",
    slots=(Slot("held", 7), Slot("five", 5), Slot("two", 2)),
    steps=(Deal(("down", "down", "up"), slot="held"), Bet("small", "bring-in"),
           Deal(("up",), slot="held"), Bet("small", "best-up"),
           Deal(("up",), slot="held"), Bet("big", "best-up"),
           Deal(("up",), slot="held"), Bet("big", "best-up"),
           Deal(("down",), slot="held"), Bet("big", "best-up"),
           Partition(into=("five", "two"), outranks=True,
                     down_in=by_option("cowpie_down", {"five": ("five",), "both": ("five", "two")})),
           Bet("big", "best-up"), Showdown()),
    awards=(Award("five", ("five",)), Award("two", ("two",))),  # C5: the five first for the odd chip
    options=(RuleOption("cowpie_down", ("five", "both"), "five: only the five-card hand must hold a down card "
                        "(C3); both: each hand must (published rules)"),),
    bring_in=True, blinds=False,
)
