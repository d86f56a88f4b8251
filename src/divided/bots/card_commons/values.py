"""What a set of cards is worth towards a Card Commons Collection: fast look-ups for the bots.

Every value is in *expected points against a typical opponent*: a 5-card hand is worth twice its
chance to beat the 5-card hand of a typical built Collection (a tie counts half), a 3-card hand
once its chance to beat the typical 3-card hand. "Typical" is measured once, on first use: the
hands a Collection of eight random cards is split into when it is split to maximise that same
value against random hands (:data:`REFERENCE_COLLECTIONS` Collections from a fixed seed).

A partial hand (fewer than 5, or 3, cards) is worth the average over its completions by cards
drawn uniformly from the rest of the pack (exact: averaged over every completion), so a set of
up to eight cards has a value too (:func:`collection_value`): the best way to place its cards in
the 5-card and the 3-card hand, the free places filled at random. It is a heuristic: the cards a
player will really add are chosen, not random, but it ranks partial Collections sensibly and is
one dictionary look-up once a set has been seen.

>>> from divided.cards import PACK_21
>>> m = PACK_21.parse_mask
>>> collection_value(m("As Ah Ad Ac Ks Kh Kd Qs")) > collection_value(m("Ts Jh Qd Kc As Th Jd Qc"))
True
>>> 0.0 <= collection_value(0) <= 3.0
True
"""

from __future__ import annotations

import random
from array import array
from functools import cache
from itertools import combinations
from math import comb

from divided.cards import PACK_21
from divided.hands.five import strength_table
from divided.hands.three import strength3_table

CARDS = PACK_21.size
REFERENCE_COLLECTIONS = 4000
"""How many random Collections calibrate the values (fixed seed: the tables never change)."""
_SEED = 12


def _percentiles(strengths: dict[int, int], reference: list[int]) -> dict[int, float]:
    """Each hand's chance to beat a hand drawn from ``reference`` (strengths; ties count half)."""
    top = max(strengths.values()) + 1
    below = [0] * (top + 1)
    equal = [0] * top
    for s in reference:
        equal[s] += 1
    for s in range(top):
        below[s + 1] = below[s] + equal[s]
    n = len(reference)
    return {mask: (below[s] + 0.5 * equal[s]) / n for mask, s in strengths.items()}


def _completions(full: dict[int, float], size: int) -> dict[int, float]:
    """``full`` (values of ``size``-card masks) extended to every smaller mask: the average over
    uniform completions from the cards it does not hold (added one card at a time, exact)."""
    table = dict(full)
    layer = full
    for k in range(size - 1, -1, -1):
        smaller: dict[int, float] = {}
        for combo in combinations(range(CARDS), k):
            mask = sum(1 << c for c in combo)
            total = 0.0
            for card in range(CARDS):
                bit = 1 << card
                if not mask & bit:
                    total += layer[mask | bit]
            smaller[mask] = total / (CARDS - k)
        table.update(smaller)
        layer = smaller
    return table


@cache
def _split_threes(count: int) -> tuple[tuple[int, ...], ...]:
    """For a set of ``count`` cards (up to 8), the positions that may form the 3-card hand (the
    rest form the 5-card hand): every subset of at most 3 whose complement has at most 5."""
    return tuple(combo for k in range(0, 4) for combo in combinations(range(count), k) if count - k <= 5)


class _Tables:
    """The calibrated look-ups (built once, on first use)."""

    def __init__(self) -> None:
        five_strength = strength_table()
        three_strength = strength3_table()
        # First pass: against random hands; then against the hands of Collections split for it.
        five = _percentiles(five_strength, list(five_strength.values()))
        three = _percentiles(three_strength, list(three_strength.values()))
        rng = random.Random(_SEED)
        fives: list[int] = []
        threes: list[int] = []
        cards = list(range(CARDS))
        for _ in range(REFERENCE_COLLECTIONS):
            bits = [1 << c for c in rng.sample(cards, 8)]
            whole = sum(bits)
            best, best_three = -1.0, 0
            for a, b, c in combinations(bits, 3):
                small = a | b | c
                value = 2.0 * five[whole ^ small] + three[small]
                if value > best:
                    best, best_three = value, small
            fives.append(five_strength[whole ^ best_three])
            threes.append(three_strength[best_three])
        self.five = _completions(_percentiles(five_strength, fives), 5)
        self.three = _completions(_percentiles(three_strength, threes), 3)
        self.collections = _all_collections(self.five, self.three)


def _all_collections(five: dict[int, float], three: dict[int, float]) -> array[float]:
    """:func:`collection_value` of every mask of at most eight cards, by mask (numpy, once)."""
    import numpy as np

    space = 1 << CARDS
    five_dense = np.zeros(space)
    three_dense = np.zeros(space)
    five_dense[list(five)] = list(five.values())
    three_dense[list(three)] = list(three.values())
    out = np.zeros(space)
    for size in range(9):
        combos = np.array(list(combinations(range(CARDS), size)), dtype=np.int64).reshape(comb(CARDS, size), size)
        bits = np.left_shift(np.int64(1), combos)
        masks = bits.sum(axis=1)
        best = np.zeros(len(masks))
        for positions in _split_threes(size):
            small = bits[:, list(positions)].sum(axis=1) if positions else np.zeros(len(masks), dtype=np.int64)
            np.maximum(best, 2.0 * five_dense[masks ^ small] + three_dense[small], out=best)
        out[masks] = best
    return array("d", out.tobytes())


@cache
def tables() -> _Tables:
    """The value tables (built once, on first use)."""
    return _Tables()


def five_value(mask: int) -> float:
    """A (partial) 5-card hand's chance to beat a typical 5-card hand (up to 5 cards)."""
    return tables().five[mask]


def three_value(mask: int) -> float:
    """A (partial) 3-card hand's chance to beat a typical 3-card hand (up to 3 cards)."""
    return tables().three[mask]


def collection_value(mask: int) -> float:
    """Expected points (0 to 3) of up to eight cards placed at best in a 5-card and a 3-card hand,
    free places filled at random (see the module text). One look-up."""
    if mask.bit_count() > 8:
        raise ValueError(f"a Collection holds at most 8 cards, got {mask.bit_count()}")
    return tables().collections[mask]


def split_value(collection: int, small: int) -> float:
    """Expected points of one build of a full Collection: 3-card hand ``small``, the rest the 5."""
    t = tables()
    return 2.0 * t.five[collection ^ small] + t.three[small]
