"""The solver's inner loops in numpy: the fallback when numba (the ``fast`` extra) is missing.

The same functions, arguments and arithmetic as :mod:`~.kernel`, each layer's pass as a few
whole-array operations (:func:`numpy.bincount` sums nodes into their information states):
about four times slower on the largest subgames, and equal to the compiled loops up to the
order of floating-point sums (a test compares them).
"""

from __future__ import annotations

from typing import Any

import numpy as np

Array = Any
NOISE = 1e-12
"""Regrets at most this count as zero when matching (as in :mod:`~.kernel`)."""


def regret_match(regret: Array, prediction: Array, out: Array) -> None:
    """``out`` = regret matching+ on ``regret + prediction`` (uniform where nothing is above :data:`NOISE`)."""
    positive = regret + prediction
    positive = np.where(positive > NOISE, positive, 0.0)
    sums = positive.sum(1, keepdims=True)
    out[:] = np.where(sums > 0, positive / np.where(sums > 0, sums, 1.0), 1.0 / regret.shape[1])


def _forward(mine: bool, info: Array, sigma: Array, other: Array, own: Array, next_other: Array,
             next_own: Array) -> None:
    actions = sigma.shape[1]
    played = sigma[info]
    if mine:
        next_own[:] = (own[:, None] * played).reshape(-1)
        next_other[:] = np.repeat(other, actions)
    else:
        next_other[:] = (other[:, None] * played).reshape(-1)
        next_own[:] = np.repeat(own, actions)


def _flat(info: Array, actions: int) -> Array:
    return (info[:, None] * actions + np.arange(actions)).reshape(-1)


def _backward(mine: bool, sign: float, info: Array, sigma: Array, child: Array, out: Array, other: Array,
              own: Array, weight: float, regret: Array, total: Array, instant: Array) -> None:
    actions = sigma.shape[1]
    children = sign * child.reshape(-1, actions).astype(np.float64)
    played = sigma[info]
    out[:] = np.einsum("ij,ij->i", played, children)
    if mine:
        size = regret.size
        flat = _flat(info, actions)
        gain = (children - out[:, None]) * other[:, None]
        instant[:] = np.bincount(flat, gain.reshape(-1), size).reshape(regret.shape)
        np.maximum(regret + instant, 0.0, out=regret)
        total += weight * np.bincount(flat, (own[:, None] * played).reshape(-1), size).reshape(total.shape)


def update(player: int, weight: float, chance: Array, payoff: Array,
           p0: int, p1: int, p2: int, p3: int, i0: Array, i1: Array, i2: Array, i3: Array,
           s0: Array, s1: Array, s2: Array, s3: Array, r0: Array, r1: Array, r2: Array, r3: Array,
           t0: Array, t1: Array, t2: Array, t3: Array, m0: Array, m1: Array, m2: Array, m3: Array,
           o: Array, w: Array, v: Array) -> None:
    """One update of ``player`` (see :func:`divided.bots.divided_ranks.endgame.kernel.update`)."""
    ones = np.ones(len(chance))
    _forward(p0 == player, i0, s0, chance, ones, o[1], w[1])
    _forward(p1 == player, i1, s1, o[1], w[1], o[2], w[2])
    _forward(p2 == player, i2, s2, o[2], w[2], o[3], w[3])
    sign = 1.0 if player == 0 else -1.0
    _backward(p3 == player, sign, i3, s3, payoff, v[3], o[3], w[3], weight, r3, t3, m3)
    _backward(p2 == player, 1.0, i2, s2, v[3], v[2], o[2], w[2], weight, r2, t2, m2)
    _backward(p1 == player, 1.0, i1, s1, v[2], v[1], o[1], w[1], weight, r1, t1, m1)
    _backward(p0 == player, 1.0, i0, s0, v[1], v[0], chance, ones, weight, r0, t0, m0)


def _best(mine: bool, sign: float, info: Array, sigma: Array, child: Array, out: Array, other: Array,
          q: Array) -> None:
    actions = sigma.shape[1]
    children = sign * child.reshape(-1, actions).astype(np.float64)
    if mine:
        q[:] = np.bincount(_flat(info, actions), (other[:, None] * children).reshape(-1), q.size).reshape(q.shape)
        best = q.argmax(1)[info]
        out[:] = children[np.arange(len(children)), best]
    else:
        out[:] = np.einsum("ij,ij->i", sigma[info], children)


def best_response(player: int, chance: Array, payoff: Array, p0: int, p1: int, p2: int, p3: int,
                  i0: Array, i1: Array, i2: Array, i3: Array, s0: Array, s1: Array, s2: Array, s3: Array,
                  q0: Array, q1: Array, q2: Array, q3: Array, o: Array, w: Array, v: Array) -> float:
    """``player``'s best-response value (see :func:`divided.bots.divided_ranks.endgame.kernel.best_response`)."""
    ones = np.ones(len(chance))
    _forward(p0 == player, i0, s0, chance, ones, o[1], w[1])
    _forward(p1 == player, i1, s1, o[1], w[1], o[2], w[2])
    _forward(p2 == player, i2, s2, o[2], w[2], o[3], w[3])
    sign = 1.0 if player == 0 else -1.0
    _best(p3 == player, sign, i3, s3, payoff, v[3], o[3], q3)
    _best(p2 == player, 1.0, i2, s2, v[3], v[2], o[2], q2)
    _best(p1 == player, 1.0, i1, s1, v[2], v[1], o[1], q1)
    _best(p0 == player, 1.0, i0, s0, v[1], v[0], chance, q0)
    return float(chance @ v[0])
