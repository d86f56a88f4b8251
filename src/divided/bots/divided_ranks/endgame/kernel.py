"""The solver's inner loops, compiled with numba: one fused pass per layer, no temporaries.

The tree has four decision layers; node ``n`` of a layer with ``A`` actions has children
``n * A + a`` in the next layer (the leaves after the last). Every function takes the layers'
arrays as separate arguments (numba compiles one specialisation per dtype).

:func:`update` is one predictive CFR+ update of one player (Farina, Kroer and Sandholm,
"Faster Game Solving via Predictive Blackwell Approachability", AAAI 2021): the strategy is
regret matching+ on the cumulative regrets plus the last instantaneous regrets (the
prediction), regrets are floored at zero, and the average strategy is weighted by ``weight``
(the caller passes t squared: quadratic averaging). :func:`best_response` is the exact best
response used for NashConv.
"""

from __future__ import annotations

from typing import Any

import numba as nb
import numpy as np

Array = Any
NOISE = 1e-12
"""Regrets at most this count as zero when matching: sums in another order differ by far less,
so the compiled and the numpy loops make the same strategies."""


@nb.njit(cache=True, fastmath=True)
def regret_match(regret: Array, prediction: Array, out: Array) -> None:
    """``out`` = regret matching+ on ``regret + prediction`` (uniform where nothing is above
    :data:`NOISE`)."""
    states, actions = regret.shape
    for s in range(states):
        total = 0.0
        for a in range(actions):
            r = regret[s, a] + prediction[s, a]
            if r > NOISE:
                total += r
        if total > 0:
            for a in range(actions):
                r = regret[s, a] + prediction[s, a]
                out[s, a] = r / total if r > NOISE else 0.0
        else:
            for a in range(actions):
                out[s, a] = 1.0 / actions


@nb.njit(cache=True, fastmath=True)
def _forward(mine: bool, info: Array, sigma: Array, other: Array, own: Array, next_other: Array,
             next_own: Array) -> None:
    actions = sigma.shape[1]
    for n in range(len(info)):
        s = info[n]
        for a in range(actions):
            c = n * actions + a
            if mine:
                next_own[c] = own[n] * sigma[s, a]
                next_other[c] = other[n]
            else:
                next_other[c] = other[n] * sigma[s, a]
                next_own[c] = own[n]


@nb.njit(cache=True, fastmath=True)
def _values(sign: float, info: Array, sigma: Array, child: Array, out: Array) -> None:
    actions = sigma.shape[1]
    for n in range(len(info)):
        s = info[n]
        base = n * actions
        v = 0.0
        for a in range(actions):
            v += sigma[s, a] * child[base + a]
        out[n] = sign * v


@nb.njit(cache=True, fastmath=True)
def _regrets(sign: float, info: Array, sigma: Array, child: Array, out: Array, other: Array, own: Array,
             weight: float, regret: Array, total: Array, instant: Array) -> None:
    actions = sigma.shape[1]
    instant[:, :] = 0.0
    for n in range(len(info)):
        s = info[n]
        base = n * actions
        v = out[n]
        reach = other[n]
        played = own[n] * weight
        for a in range(actions):
            instant[s, a] += reach * (sign * child[base + a] - v)
            total[s, a] += played * sigma[s, a]
    states = regret.shape[0]
    for s in range(states):
        for a in range(actions):
            x = regret[s, a] + instant[s, a]
            regret[s, a] = x if x > 0 else 0.0


@nb.njit(cache=True, fastmath=True)
def _backward(mine: bool, sign: float, info: Array, sigma: Array, child: Array, out: Array, other: Array,
              own: Array, weight: float, regret: Array, total: Array, instant: Array) -> None:
    """Node values of a layer from its children's (``sign`` flips player 0's leaf payoffs); for the
    updating player's layer, the instantaneous regrets and the average's increments too."""
    _values(sign, info, sigma, child, out)
    if mine:
        _regrets(sign, info, sigma, child, out, other, own, weight, regret, total, instant)


@nb.njit(cache=True, fastmath=True)
def update(player: int, weight: float, chance: Array, payoff: Array,
           p0: int, p1: int, p2: int, p3: int, i0: Array, i1: Array, i2: Array, i3: Array,
           s0: Array, s1: Array, s2: Array, s3: Array, r0: Array, r1: Array, r2: Array, r3: Array,
           t0: Array, t1: Array, t2: Array, t3: Array, m0: Array, m1: Array, m2: Array, m3: Array,
           o: Array, w: Array, v: Array) -> None:
    """One update of ``player``: ``s*`` current strategies per state, ``r*`` regrets, ``t*``
    average-strategy totals, ``m*`` instantaneous regrets (written for ``player``'s layers),
    ``o``/``w``/``v``: scratch per layer (other's reach, own reach, node values)."""
    ones = np.ones(len(chance), dtype=chance.dtype)
    _forward(p0 == player, i0, s0, chance, ones, o[1], w[1])
    _forward(p1 == player, i1, s1, o[1], w[1], o[2], w[2])
    _forward(p2 == player, i2, s2, o[2], w[2], o[3], w[3])
    sign = 1.0 if player == 0 else -1.0
    _backward(p3 == player, sign, i3, s3, payoff, v[3], o[3], w[3], weight, r3, t3, m3)
    _backward(p2 == player, 1.0, i2, s2, v[3], v[2], o[2], w[2], weight, r2, t2, m2)
    _backward(p1 == player, 1.0, i1, s1, v[2], v[1], o[1], w[1], weight, r1, t1, m1)
    _backward(p0 == player, 1.0, i0, s0, v[1], v[0], chance, ones, weight, r0, t0, m0)


@nb.njit(cache=True, fastmath=True)
def _best(mine: bool, sign: float, info: Array, sigma: Array, child: Array, out: Array, other: Array,
          q: Array) -> None:
    actions = sigma.shape[1]
    if mine:
        q[:, :] = 0.0
        for n in range(len(info)):
            s = info[n]
            for a in range(actions):
                q[s, a] += other[n] * sign * child[n * actions + a]
        for n in range(len(info)):
            s = info[n]
            best = 0
            for a in range(1, actions):
                if q[s, a] > q[s, best]:
                    best = a
            out[n] = sign * child[n * actions + best]
    else:
        for n in range(len(info)):
            s = info[n]
            x = 0.0
            for a in range(actions):
                x += sigma[s, a] * sign * child[n * actions + a]
            out[n] = x


@nb.njit(cache=True)
def best_response(player: int, chance: Array, payoff: Array, p0: int, p1: int, p2: int, p3: int,
                  i0: Array, i1: Array, i2: Array, i3: Array, s0: Array, s1: Array, s2: Array, s3: Array,
                  q0: Array, q1: Array, q2: Array, q3: Array, o: Array, w: Array, v: Array) -> float:
    """``player``'s expected payoff when it best-responds to the other's strategies ``s*``
    (``q*``: scratch per state and action)."""
    ones = np.ones(len(chance), dtype=chance.dtype)
    _forward(p0 == player, i0, s0, chance, ones, o[1], w[1])
    _forward(p1 == player, i1, s1, o[1], w[1], o[2], w[2])
    _forward(p2 == player, i2, s2, o[2], w[2], o[3], w[3])
    sign = 1.0 if player == 0 else -1.0
    _best(p3 == player, sign, i3, s3, payoff, v[3], o[3], q3)
    _best(p2 == player, 1.0, i2, s2, v[3], v[2], o[2], q2)
    _best(p1 == player, 1.0, i1, s1, v[2], v[1], o[1], q1)
    _best(p0 == player, 1.0, i0, s0, v[1], v[0], chance, q0)
    total = 0.0
    for n in range(len(chance)):
        total += chance[n] * v[0][n]
    return total
