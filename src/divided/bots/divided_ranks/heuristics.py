"""Fast card-value rules shared by the skilled bot and the expert's playouts.

A partial holding is valued by its rank groups (pairs, threes and fours are what make the
categories of the 21-card pack) with a small bonus for the Joker, which only ever helps
straights and royal flushes. Everything works on bit masks over the 21-card pack.

>>> from divided.cards import PACK_21
>>> holding_value(PACK_21.parse_mask("As Ah Ad")) > holding_value(PACK_21.parse_mask("As Kh Qd"))
True
"""

from __future__ import annotations

from array import array
from functools import cache

import numpy as np

from divided.cards import mask_indices

RANK_MASKS = tuple(0b1111 << (4 * rank) for rank in range(5))
JOKER_BIT = 1 << 20
_GROUP_VALUE = (0.0, 0.0, 3.0, 7.0, 10.0)  # by how many cards of one rank
_JOKER_VALUE = 0.6
_HEIGHT = 0.08  # per rank step, for groups: aces beat kings


def holding_value(mask: int) -> float:
    """A quick value of a (partial) holding: larger is better."""
    value = _JOKER_VALUE if mask & JOKER_BIT else 0.0
    for rank, rank_mask in enumerate(RANK_MASKS):
        count = (mask & rank_mask).bit_count()
        if count >= 2:
            value += _GROUP_VALUE[count] + _HEIGHT * rank * count
    return value


@cache
def value_table() -> array[float]:
    """:func:`holding_value` of every mask over the pack, for look-ups in hot loops."""
    masks = np.arange(1 << 21, dtype=np.int64)
    values = np.where(masks & JOKER_BIT, _JOKER_VALUE, 0.0)
    group = np.array(_GROUP_VALUE)
    for rank in range(len(RANK_MASKS)):
        counts = np.zeros(len(masks), dtype=np.int64)
        for bit in range(4):
            counts += (masks >> (4 * rank + bit)) & 1
        values += np.where(counts >= 2, group[counts] + _HEIGHT * rank * counts, 0.0)
    return array("d", values.tobytes())


def gain(hand: int, cards: int) -> float:
    """How much ``cards`` add to ``hand``."""
    table = value_table()
    return table[hand | cards] - table[hand]


def average_pair_gain(hand: int, pool: int, limit: int = 28) -> float:
    """Mean gain of a pair drawn from ``pool`` (the first ``limit`` pairs in pack order, to stay cheap)."""
    cards = mask_indices(pool)
    total = 0.0
    count = 0
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            total += gain(hand, (1 << a) | (1 << b))
            count += 1
            if count >= limit:
                return total / count
    return total / count if count else 0.0


def choose_face_up(hand: int, face_up: int, face_down_estimate: float) -> bool:
    """The chooser's rule: take the face-up pair unless the hidden one is expected to add more."""
    return gain(hand, face_up) >= face_down_estimate


def best_split(own: int, opponent: int, drawn: int, face_down_estimate: float) -> int:
    """The splitter's rule: the face-up pair (mask) that does best for the splitter, assuming
    the chooser applies :func:`choose_face_up` to what they can see."""
    cards = mask_indices(drawn)
    best_pair = 0
    best_score = float("-inf")
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            up = (1 << a) | (1 << b)
            down = drawn ^ up
            if choose_face_up(opponent, up, face_down_estimate):
                mine, theirs = down, up
            else:
                mine, theirs = up, down
            score = gain(own, mine) - gain(opponent, theirs)
            if score > best_score:
                best_pair, best_score = up, score
    return best_pair
