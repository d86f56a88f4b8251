"""The award kind ``best-or-switched`` (J-Lo, JL1-JL3): the best hand wins under the award's
ranking rule, or, once nobody opened the first round and the deal switched (the public event
``switch``, logged by the bet step's opener requirement), under the rule it switched to
(``27``: deuce-to-seven lowball)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import replace
from functools import cache

from divided.games.poker.showdown import best_hand, register_award
from divided.games.poker.state import PokerState
from divided.games.poker.steps.bet import switched_to
from divided.games.poker.variant import Award


@cache
def _under(award: Award, rule: str) -> Award:
    """``award`` ranked by ``rule`` (one object per pair, so the showdown's caches keep it)."""
    return replace(award, rule=rule)


def best_or_switched(state: PokerState, award: Award) -> Callable[[Collection[int]], tuple[int, ...]]:
    """The ``best-or-switched`` award (see the module text)."""
    rule = switched_to(state)
    return best_hand(state, _under(award, rule) if rule else award)


register_award("best-or-switched", best_or_switched)
