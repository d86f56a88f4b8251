"""Exact showdown values in numpy batches: each seat's strength for every award, and the
deciding seat's expected share of the pot.

An award's strength of a seat is its best hand among the award's slots under the award's
ranking rule (:func:`divided.games.poker.showdown.ranking`, the engine's own), ``-1`` where no
hand competes (a low of the wrong size, or one that misses the ``a5-8`` qualifier: the library
gives such hands the order 0). Hands are ranked through the library's ``rank_batch``, grouped by
rule and size. A pot's share follows T11 without the odd chips: each award takes its share of
the pot (an award nobody can win passes its share on to the others), split evenly among tied
winners. Side pots are not modelled (every seat still in is treated as eligible for the whole pot).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from divided.games.poker.options import Config
from divided.games.poker.showdown import ranking

Hands = Sequence[Sequence[int]]
Array = npt.NDArray[np.float64]


def strengths(config: Config, finals: Sequence[Hands]) -> npt.NDArray[np.int64]:
    """``(awards, len(finals))``: each final hand set's strength for every award (see the module text)."""
    variant = config.variant
    awards = config.awards
    out = np.full((len(awards), len(finals)), -1, dtype=np.int64)
    groups: dict[tuple[str, int], tuple[list[tuple[int, int]], list[Sequence[int]]]] = defaultdict(lambda: ([], []))
    for a, award in enumerate(awards):
        sizes = ranking(award.rule).sizes
        indices = [variant.slot_index(name) for name in award.slots]
        for h, hands in enumerate(finals):
            for index in indices:
                cards = hands[index]
                if len(cards) in sizes:
                    where, rows = groups[(award.rule, len(cards))]
                    where.append((a, h))
                    rows.append(cards)
    for (rule, _), (where, rows) in groups.items():
        ranked = ranking(rule).rank_batch(np.asarray(rows, dtype=np.int64)).astype(np.int64)
        if rule == "a5-8":
            ranked[ranked == 0] = -1
        spots = np.asarray(where, dtype=np.int64)
        np.maximum.at(out, (spots[:, 0], spots[:, 1]), ranked)
    return out


def pot_share(config: Config, mine: npt.NDArray[np.int64], others: npt.NDArray[np.int64]) -> Array:
    """The deciding seat's share of the pot, shaped like ``mine[0]``.

    ``mine``: ``(awards, *shape)`` its strengths; ``others``: ``(awards, *shape, opponents)``
    theirs (broadcast against ``mine``)."""
    weights = [award.share for award in config.awards]
    won = np.zeros(mine.shape[1:], dtype=np.float64)
    total = np.zeros(mine.shape[1:], dtype=np.float64)
    for a, weight in enumerate(weights):
        mine_a = mine[a]
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
    result: Array = np.where(total > 0, won / np.maximum(total, 1), 0.0)
    return result
