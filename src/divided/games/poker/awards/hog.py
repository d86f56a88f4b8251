"""The hog: a hand that takes every award of a pot layer (Mississippi Gonorrhea, MG2).

Design: the hog is an *award kind* (``kind="hog-sevens"`` on every award of the game) rather
than a rule of its own beside the awards. Each award so marked asks, for a layer, whether any
seat eligible for that layer holds the hog (its hand in one of the award's slots is exactly a
pair of sevens); if so the hog holders win that award, sharing it when several hold one, odd chips
by the award's own T11 order (the cards as printed); otherwise the award is judged as ``best``.
Since every award of the game carries the kind, a pair of sevens wins every award of each layer
it can win (it can win a layer when it is eligible for it), and the showdown itself needs no hog
branch: dividing, odd chips and the events stay the ``best`` path's. An uncontested deal has no
showdown, hence no hog (T12).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from divided.games.poker.batch import register_hog
from divided.games.poker.cards import rank_of
from divided.games.poker.showdown import Entry, best_hand, register_award, winners
from divided.games.poker.state import PokerState
from divided.games.poker.variant import Award

HOG_SEVENS = "hog-sevens"
"""The award kind of Mississippi's awards: a pair of sevens takes the award."""


def holds_pair(cards: tuple[int, ...], rank: int) -> bool:
    """Whether ``cards`` are exactly two cards of ``rank``."""
    return len(cards) == 2 and rank_of(cards[0]) == rank == rank_of(cards[1])


def hog_judge(rank: int) -> Callable[[PokerState, Award], Callable[[Collection[int]], tuple[int, ...]]]:
    """The judge of an award that a pair of ``rank`` hogs (see the module text)."""

    def judge(state: PokerState, award: Award) -> Callable[[Collection[int]], tuple[int, ...]]:
        config = state.config
        indices = [config.variant.slot_index(name) for name in award.slots]
        hogs = {seat: tuple(state.slots[seat][index] for index in indices
                            if holds_pair(state.slots[seat][index], rank))
                for seat in range(state.players) if state.table.live[seat]}
        hogs = {seat: hands for seat, hands in hogs.items() if hands}
        otherwise = best_hand(state, award)

        def decide(eligible: Collection[int]) -> tuple[int, ...]:
            holding = [Entry(seat, 0, hands) for seat, hands in hogs.items() if seat in eligible]
            if not holding:
                return otherwise(eligible)
            return winners(config, state.button, holding, award.rule)

        return decide

    return judge


register_award(HOG_SEVENS, hog_judge(7))
register_hog(HOG_SEVENS, lambda cards: holds_pair(tuple(cards), 7))
