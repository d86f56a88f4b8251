"""The solver's inner loops, compiled with numba: one fused pass over a layer, no temporaries.

Node ``n`` of a layer with ``A`` actions has children ``n * A + a`` in the next layer (the
leaves after the last). :class:`~.solver.CFRSolver` calls, layer by layer, :func:`forward`
(the reach of each node), :func:`backward` (node values, and for the updating player the
instantaneous regrets, the regrets floored at zero and the average's increments: predictive
CFR+) and :func:`best` (a best response's values); :func:`regret_match` makes the strategies.
numba compiles one specialisation per argument type (the leaves are int8, the rest float64). The
loops release the GIL (``nogil``), so a server's solve on one thread leaves its other threads free.
"""

from __future__ import annotations

from typing import Any

import numba as nb

Array = Any
NOISE = 1e-12
"""Regrets at most this count as zero when matching: sums in another order differ by far less,
so the compiled and the numpy loops make the same strategies."""


@nb.njit(cache=True, fastmath=True, nogil=True)
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


@nb.njit(cache=True, fastmath=True, nogil=True)
def forward(mine: bool, info: Array, sigma: Array, other: Array, own: Array, next_other: Array,
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


@nb.njit(cache=True, fastmath=True, nogil=True)
def _values(sign: float, info: Array, sigma: Array, child: Array, out: Array) -> None:
    actions = sigma.shape[1]
    for n in range(len(info)):
        s = info[n]
        base = n * actions
        v = 0.0
        for a in range(actions):
            v += sigma[s, a] * child[base + a]
        out[n] = sign * v


@nb.njit(cache=True, fastmath=True, nogil=True)
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


@nb.njit(cache=True, fastmath=True, nogil=True)
def backward(mine: bool, sign: float, info: Array, sigma: Array, child: Array, out: Array, other: Array,
              own: Array, weight: float, regret: Array, total: Array, instant: Array) -> None:
    """Node values of a layer from its children's (``sign`` flips player 0's leaf payoffs); for the
    updating player's layer, the instantaneous regrets and the average's increments too."""
    _values(sign, info, sigma, child, out)
    if mine:
        _regrets(sign, info, sigma, child, out, other, own, weight, regret, total, instant)


@nb.njit(cache=True, fastmath=True, nogil=True)
def best(mine: bool, sign: float, info: Array, sigma: Array, child: Array, out: Array, other: Array,
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
