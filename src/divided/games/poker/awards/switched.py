"""The award kind ``best-or-switched`` (J-Lo, JL1-JL3): the best hand wins under the award's
ranking rule, or, once nobody opened the first round and the deal switched (the public event
``switch``, logged by the bet step's opener requirement), under the rule it switched to
(``27``: deuce-to-seven lowball)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING

from divided.games.poker.options import Config
from divided.games.poker.showdown import best_hand, register_award
from divided.games.poker.state import PokerState
from divided.games.poker.steps.bet import switched_to
from divided.games.poker.variant import Award

if TYPE_CHECKING:
    from divided.games.poker.view import Position


@cache
def _under(award: Award, rule: str) -> Award:
    """``award`` ranked by ``rule`` (one object per pair, so the showdown's caches keep it)."""
    return replace(award, rule=rule)


def best_or_switched(state: PokerState, award: Award) -> Callable[[Collection[int]], tuple[int, ...]]:
    """The ``best-or-switched`` award (see the module text)."""
    rule = switched_to(state)
    return best_hand(state, _under(award, rule) if rule else award)


def awards_in_force(position: Position) -> tuple[Award, ...]:
    """The game's awards as the deal stands (the state or a seat's view): after a switch, each
    ``best-or-switched`` award ranked by the rule switched to. What a bot values hands by."""
    awards = position.config.awards
    if not any(award.kind == "best-or-switched" for award in awards):
        return awards
    rule = switched_to(position)
    if not rule:
        return awards
    return tuple(_under(award, rule) if award.kind == "best-or-switched" else award for award in awards)


def config_in_force(position: Position) -> Config:
    """``position``'s config with :func:`awards_in_force` (the same object while nothing switched)."""
    config = position.config
    awards = awards_in_force(position)
    if awards is config.awards:
        return config
    kept = _SWITCHED.get(id(config))
    if kept is None or kept[0] is not config or kept[1].awards != awards:
        kept = _SWITCHED[id(config)] = (config, replace(config, awards=awards))
    return kept[1]


_SWITCHED: dict[int, tuple[Config, Config]] = {}
"""Each config's switched copy by the config's identity (the entry holds the config, so the
identity is not reused while it lives)."""


register_award("best-or-switched", best_or_switched)
