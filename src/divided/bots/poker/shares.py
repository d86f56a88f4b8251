"""Exact showdown values in numpy batches: each seat's strength for every award, and the
deciding seat's expected share of the pot.

An award's strength of a seat is its best hand among the award's slots under the award's
ranking rule (:func:`divided.games.poker.showdown.ranking`, the engine's own), ``-1`` where no
hand competes (a low of the wrong size, or one that misses the ``a5-8`` qualifier: the library
gives such hands the order 0), from the engine's batch showdown (:mod:`divided.games.poker.batch`).
A pot's share follows T11 without the odd chips: each award takes its share of the pot (an
award nobody can win passes its share on to the others), split evenly among tied winners; a
``places`` award (Auction Flop) by the seat's place (:func:`places_share`). Side
pots are not modelled (every seat still in is treated as eligible for the whole pot). A pot no
award is won of (nobody may win it: Fives without a five) is worth ``unwon`` to the seat: 0 by
default (lost to everyone), the seat's share of a replay where the match plays it again
(:func:`replay_share`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from divided.games.poker.awards.places import PLACES, percentages
from divided.games.poker.batch import award_strengths
from divided.games.poker.options import Config

Hands = Sequence[Sequence[int]]
Array = npt.NDArray[np.float64]


def strengths(config: Config, finals: Sequence[Hands], tables: Sequence[int] | None = None,
              last_deal: bool = False, table: object = None) -> npt.NDArray[np.int64]:
    """``(awards, len(finals))``: each final hand set's strength for every award (see the module
    text): the engine's batch showdown, :func:`divided.games.poker.batch.award_strengths`
    (``tables``: the deal each final belongs to, for wild rules that read the other hands;
    ``last_deal``: a match's capped deal; ``table``: the view, for a wild rule that reads a
    public card of the table, 3-2-1's turned trash card)."""
    return award_strengths(config, finals, tables, last_deal, table)


def places_share(mine: npt.NDArray[np.int64], others: npt.NDArray[np.int64]) -> Array:
    """The ``places`` award's share (:mod:`divided.games.poker.awards.places`, no odd chips): the
    seat's place among ``1 + opponents`` hands, tied hands pooling their places' weights."""
    players = others.shape[-1] + 1
    weights, denominator = percentages(players)
    cumulative = np.concatenate(([0.0], np.cumsum([*weights, *[0] * (players - len(weights))]))) / denominator
    ahead = (others > mine[..., None]).sum(axis=-1)
    tied = (others == mine[..., None]).sum(axis=-1)
    shape = np.broadcast_shapes(ahead.shape, mine.shape)
    ahead, tied = np.broadcast_to(ahead, shape), np.broadcast_to(tied, shape)
    result: Array = (cumulative[ahead + tied + 1] - cumulative[ahead]) / (tied + 1)
    return result


def replay_share(config: Config, last_deal: bool, seats: int) -> float:
    """What a pot nobody wins is worth to one of the ``seats`` contesting it (the deciding seat
    and the opponents eligible for it): under the match rule ``replay`` (Fives, FV4) before the
    capped deal those seats ante and play again for it, modelled as equal shares (``1 / seats``:
    the next deal's cards are unknown to all, and its antes come back to them alike); 0 in any
    other game (a pot carried to everyone with chips, Assassin's, is not modelled: lost).

    Not modelled: the replay's own bets and draw fees, and a replay that cannot happen (fewer
    than two of the seats with chips left: the engine then settles the deal as the capped deal)."""
    match = config.variant.match
    if match is None or match.rule != "replay" or last_deal or seats < 1:
        return 0.0
    return 1.0 / seats


def pot_share(config: Config, mine: npt.NDArray[np.int64], others: npt.NDArray[np.int64],
              unwon: float = 0.0) -> Array:
    """The deciding seat's share of the pot, shaped like ``mine[0]``.

    ``mine``: ``(awards, *shape)`` its strengths; ``others``: ``(awards, *shape, opponents)``
    theirs (broadcast against ``mine``); ``unwon``: its share where no award is won (see the
    module text)."""
    weights = [award.share for award in config.awards]
    won = np.zeros(mine.shape[1:], dtype=np.float64)
    total = np.zeros(mine.shape[1:], dtype=np.float64)
    for a, weight in enumerate(weights):
        mine_a = mine[a]
        if config.awards[a].kind == PLACES:  # every hand places (Auction Flop): shared by place
            won = won + weight * places_share(mine_a, others[a])
            total = total + weight
            continue
        if others.shape[-1]:
            other = others[a]
            top = other.max(axis=-1)
            ties = (other == top[..., None]).sum(axis=-1)
        else:
            top = np.full(mine_a.shape, -1, dtype=np.int64)
            ties = np.zeros(mine_a.shape, dtype=np.int64)
        top, ties = np.broadcast_arrays(top, ties)
        best = np.maximum(mine_a, top)
        contested = best >= 0
        share = np.where(mine_a > top, 1.0, np.where(mine_a == top, 1.0 / (1 + ties), 0.0))
        won = won + weight * np.where(contested & (mine_a >= 0), share, 0.0)
        total = total + weight * contested
    result: Array = np.where(total > 0, won / np.maximum(total, 1), unwon)
    return result
