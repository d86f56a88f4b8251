"""The award kind ``places`` (Auction Flop AF7): a pot layer is shared by place among its players.

With three or more players in a layer the best hand takes 60%, the second 30%, the third 10%;
with two, 2/3 and 1/3; alone, all. Tied players pool their places' percentages and share them
equally. Each player's share is rounded down (its pooled percentage of the layer divided by the
number tied with it), and the chips left over go to the best place, one at a time in the T11
odd-chip order when several players share it. Hands rank by the award's rule (``high``).

>>> split_by_places(50, ((0,), (1, 2)))
(30, 10, 10)
>>> split_by_places(37, ((0, 1), (2,)))
(17, 17, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from divided.games.poker import pots
from divided.games.poker.showdown import entries, register_award, winners
from divided.games.poker.state import PokerState
from divided.games.poker.variant import Award

PLACES = "places"
"""The award kind's name (``Award(..., kind=PLACES)``)."""


def percentages(players: int) -> tuple[tuple[int, ...], int]:
    """The places' weights and their denominator for a layer of ``players`` players."""
    if players <= 1:
        return (1,), 1
    if players == 2:
        return (2, 1), 3
    return (60, 30, 10), 100


def split_by_places(amount: int, groups: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Each player's chips of ``amount``, players listed group by group, best group first (a group:
    players tied for one place, in odd-chip order). Sums to ``amount``."""
    weights, denominator = percentages(sum(len(group) for group in groups))
    chips: list[int] = []
    place = 0
    for group in groups:
        pooled = sum(weights[place:place + len(group)])
        chips += [amount * pooled // (denominator * len(group))] * len(group)
        place += len(group)
    left = amount - sum(chips)
    best = len(groups[0]) if groups else 0
    for chip in range(left):
        chips[chip % best] += 1
    return tuple(chips)


def judge_places(state: PokerState, award: Award) -> Callable[[Collection[int]], pots.AwardWinners]:
    """The ``places`` judge: a layer's players ranked by their best hand among ``award.slots``."""
    config = state.config

    def judge(eligible: Collection[int]) -> pots.AwardWinners:
        claims = entries(config, state, award, sorted(eligible))
        groups: list[tuple[int, ...]] = []
        for strength in sorted({claim.strength for claim in claims}, reverse=True):
            tied = [claim for claim in claims if claim.strength == strength]
            groups.append(winners(config, state.button, tied, award.rule))
        seats = tuple(seat for group in groups for seat in group)
        frozen = tuple(groups)
        return pots.AwardWinners(seats, award.share, lambda amount: split_by_places(amount, frozen))

    return judge


register_award(PLACES, judge_places)
