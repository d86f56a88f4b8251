"""Vectorised (numpy) five-card evaluation for the 21-card pack.

>>> import numpy as np
>>> from divided.cards import PACK_21
>>> masks = np.array([PACK_21.parse_mask("Ts Js Qs Ks As"), PACK_21.parse_mask("Ah Ad Kc Kd Jk")])
>>> [int(s) for s in strengths(masks)] == [strength_of_mask(int(m)) for m in masks]
True
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from divided.cards import PACK_21
from divided.errors import InvalidHandError
from divided.hands.five import category_of, strength_count, strength_of_mask, strength_table

MASK_SPACE = 1 << PACK_21.size


@cache
def strength_array() -> npt.NDArray[np.int16]:
    """Strength of every bit mask over the pack, ``-1`` where the mask is not five cards."""
    table = np.full(MASK_SPACE, -1, dtype=np.int16)
    items = strength_table()
    table[np.fromiter(items.keys(), dtype=np.int64, count=len(items))] = np.fromiter(
        items.values(), dtype=np.int16, count=len(items)
    )
    table.flags.writeable = False
    return table


@cache
def category_array() -> npt.NDArray[np.int8]:
    """Category (as its integer value) of every strength."""
    return np.array([int(category_of(s)) for s in range(strength_count())], dtype=np.int8)


def strengths(masks: npt.ArrayLike) -> npt.NDArray[np.int16]:
    """Strengths of many five-card bit masks at once.

    Raises :class:`InvalidHandError` if any mask is not five cards of the pack.
    """
    array = np.asarray(masks, dtype=np.int64)
    if array.size and (array.min() < 0 or array.max() >= MASK_SPACE):
        raise InvalidHandError("a mask lies outside the 21-card pack")
    out = strength_array()[array]
    if array.size and out.min() < 0:
        bad = int(array.reshape(-1)[np.argmin(out.reshape(-1))])
        strength_of_mask(bad)  # raises with a message naming the cards
    return out


def strengths_of_indices(indices: npt.ArrayLike) -> npt.NDArray[np.int16]:
    """Strengths of hands given as an ``(n, 5)`` array of card indices into the pack."""
    array = np.asarray(indices, dtype=np.int64)
    if array.ndim != 2 or array.shape[1] != 5:
        raise InvalidHandError(f"expected an (n, 5) array of card indices, got shape {array.shape}")
    if array.size and (array.min() < 0 or array.max() >= PACK_21.size):
        raise InvalidHandError("a card index lies outside the 21-card pack")
    return strengths(np.bitwise_or.reduce(np.left_shift(1, array), axis=1))
