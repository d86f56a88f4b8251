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
import numpy as np

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


@nb.njit(cache=True, nogil=True)
def play_rounds(table: Array, hands: Array, hidden: Array, stock: Array, first: int, start: int, rounds: int,
                estimate: float) -> None:  # pragma: no cover - compiled
    """The remaining split rounds by the skilled rules, world by world, in place: ``hands`` and
    ``hidden`` are ``(2, worlds)``, ``stock`` the worlds' stock cards in round order. The
    same float operations in the same order as numpy's, so the same hands."""
    cards = [0, 0, 0, 0]
    firsts = (0, 0, 0, 1, 1, 2)
    seconds = (1, 2, 3, 2, 3, 3)
    for w in range(hands.shape[1]):
        column = 0
        for number in range(start, rounds):
            splitter = first if number % 2 == 0 else 1 - first
            chooser = 1 - splitter
            for k in range(4):  # the round's four cards, ascending (insertion sort)
                card = stock[w, column + k]
                m = k
                while m > 0 and cards[m - 1] > card:
                    cards[m] = cards[m - 1]
                    m -= 1
                cards[m] = card
            column += 4
            drawn = (1 << cards[0]) | (1 << cards[1]) | (1 << cards[2]) | (1 << cards[3])
            own = hands[splitter, w]
            other = hands[chooser, w]
            own_value = table[own]
            other_value = table[other]
            best_up = 0
            best_score = -np.inf
            best_passed = False
            for p in range(6):
                up = (1 << cards[firsts[p]]) | (1 << cards[seconds[p]])
                down = drawn ^ up
                passes_up = table[other | up] - other_value >= estimate
                if passes_up:
                    score = (table[own | down] - own_value) - (table[other | up] - other_value)
                else:
                    score = (table[own | up] - own_value) - (table[other | down] - other_value)
                if score > best_score:
                    best_up = up
                    best_score = score
                    best_passed = passes_up
            down = drawn ^ best_up
            if best_passed:
                hands[chooser, w] = other | best_up
                hands[splitter, w] = own | down
                hidden[chooser, w] = hidden[chooser, w] | down
            else:
                hands[chooser, w] = other | down
                hands[splitter, w] = own | best_up
