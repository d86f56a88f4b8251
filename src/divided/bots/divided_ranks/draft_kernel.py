"""The draft playouts' hottest loop, compiled with numba: each world's reserve decision.

:func:`reserve_choice` is :func:`~.draft_values._reserve_choice` world by world, without the
``(worlds, 11)`` temporaries numpy needs: for every card the side cannot place (each equally
likely the reserve, the opponent holding the rest), every option (keep, or give one of its ten
cards for that card) scores +1, 0 or -1 against the opponent's holding; the option with the
highest total wins, the first among equals (keep, then the cards in ascending order). Integer
work only, so its answers are exactly numpy's. The loop releases the GIL.
"""

from __future__ import annotations

from typing import Any

import numba as nb

Array = Any


@nb.njit(cache=True, nogil=True)
def reserve_choice(keys: Array, hand: Array, candidates: Array, all_cards: int, out: Array) -> None:  # pragma: no cover - compiled
    """Fill ``out`` with each world's card given (-1: keep); see the module text."""
    cards = [0] * 10
    totals = [0] * 11
    for w in range(hand.shape[0]):
        h = hand[w]
        held = 0
        for card in range(21):
            if (h >> card) & 1 and held < 10:
                cards[held] = card
                held += 1
        for option in range(11):
            totals[option] = 0
        kept = keys[h]
        rest = all_cards ^ h
        pool = candidates[w]
        for c in range(21):
            if not (pool >> c) & 1:
                continue
            bit = 1 << c
            theirs = keys[rest ^ bit]
            totals[0] += (kept > theirs) - (kept < theirs)
            for i in range(held):
                mine = keys[(h ^ (1 << cards[i])) | bit]
                totals[i + 1] += (mine > theirs) - (mine < theirs)
        best = 0
        for option in range(1, held + 1):
            if totals[option] > totals[best]:
                best = option
        out[w] = -1 if best == 0 else cards[best - 1]
