"""Test variants for the step kinds of issue 30 whose games need other parts not written yet
(Low-Die's wild cards, Auction Flop's paid discard), and a way to play them through the games
registry for the length of a test."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from divided import games
from divided.games.poker.room import PokerRoom
from divided.games.poker.rules import PokerRules
from divided.games.poker.steps import Deal, Showdown
from divided.games.poker.steps.dealer_call import MAX_DRAWS, MAX_DRAWS_OPTION, CallDraws, CalledRounds
from divided.games.poker.variant import Award, Slot, Variant, by_option
from divided.games.poker.variants import ROOMS, RULES, VARIANTS

CALLED_DRAWS = Variant(
    id="test-called-draws", name="Five-card draw with the dealer's call", players=(2, 7),
    slots=(Slot("hand", 5),), summary="The dealer calls the draws before the deal (Low-Die's LD2, no wild cards).",
    steps=(CallDraws(most=by_option("max_draws", MAX_DRAWS)), Deal(("down",) * 5), CalledRounds(), Showdown()),
    awards=(Award("high", ("hand",)),), options=(MAX_DRAWS_OPTION,),
)


@contextmanager
def registered(variant: Variant) -> Iterator[str]:
    """``variant`` playable as a game (``games.load(variant.id)``) inside the block."""
    rules = PokerRules(variant)
    VARIANTS[variant.id] = variant
    RULES[variant.id] = lambda: rules
    ROOMS[variant.id] = PokerRoom(variant.id, variant)
    games.register(variant.id, RULES[variant.id], ROOMS[variant.id], replace=True)
    try:
        yield variant.id
    finally:
        from divided.games import _ROOMS, _RULES

        _RULES.unregister(variant.id)
        _ROOMS.unregister(variant.id)
        for table in (VARIANTS, RULES, ROOMS):
            table.pop(variant.id, None)  # type: ignore[attr-defined]
