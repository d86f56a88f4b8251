"""The solver's inner loops in numpy: the fallback when numba (the ``fast`` extra) is missing.

The same functions, arguments and arithmetic as :mod:`~.kernel`, each pass over a layer as a few
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


def forward(mine: bool, info: Array, sigma: Array, other: Array, own: Array, next_other: Array,
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


def backward(mine: bool, sign: float, info: Array, sigma: Array, child: Array, out: Array, other: Array,
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


def best(mine: bool, sign: float, info: Array, sigma: Array, child: Array, out: Array, other: Array,
          q: Array) -> None:
    actions = sigma.shape[1]
    children = sign * child.reshape(-1, actions).astype(np.float64)
    if mine:
        q[:] = np.bincount(_flat(info, actions), (other[:, None] * children).reshape(-1), q.size).reshape(q.shape)
        best = q.argmax(1)[info]
        out[:] = children[np.arange(len(children)), best]
    else:
        out[:] = np.einsum("ij,ij->i", sigma[info], children)
