"""Many poker hands ranked at once (numpy): hands of several sizes in one call, and the best of
several hands of each hand set. For batch showdowns over many sampled deals
(:mod:`divided.games.poker.batch`); one deal's showdown ranks per call.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from divided.hands.value import HandCategory, RankingSystem

Orders = npt.NDArray[np.int64]


def orders(system: RankingSystem[HandCategory], hands: Sequence[Sequence[int]], *,
           none_at_zero: bool = False) -> Orders:
    """Each hand's order under ``system`` (card indices into the standard deck), ``-1`` for a
    hand of a size the system does not rank (and, with ``none_at_zero``, for order 0: a lowball
    system with a qualifier gives a hand that misses it order 0, "no low"). Hands of one size
    are ranked in one ``rank_batch``."""
    out = np.full(len(hands), -1, dtype=np.int64)
    sizes = {len(cards) for cards in hands}
    for size in sizes.intersection(system.sizes):
        if len(sizes) == 1:
            rows = np.arange(len(hands))
            cards = np.asarray(hands, dtype=np.int64).reshape(len(hands), size)
        else:
            picked = [i for i, held in enumerate(hands) if len(held) == size]
            rows = np.asarray(picked, dtype=np.intp)
            cards = np.asarray([hands[i] for i in picked], dtype=np.int64).reshape(len(picked), size)
        out[rows] = system.rank_batch(cards)
    if none_at_zero:
        out[out == 0] = -1
    return out


def as_orders(values: Sequence[int]) -> Orders:
    """Strengths worked out one by one (``-1``: no hand), as an :data:`Orders` array, so that
    callers outside the library need no numpy of their own."""
    return np.asarray(values, dtype=np.int64)


def best_of(rows: Sequence[Sequence[Orders]], count: int) -> Orders:
    """``(len(rows), count)``: for each row, the element-wise best of its order arrays (each of
    ``count`` hand sets), ``-1`` where none ranks."""
    out = np.full((len(rows), count), -1, dtype=np.int64)
    for row, columns in enumerate(rows):
        for column in columns:
            np.maximum(out[row], column, out=out[row])
    return out
