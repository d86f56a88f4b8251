"""Bradley-Terry ratings of bots from their pairwise results, on an Elo-like scale.

Bradley-Terry gives each bot a strength ``p_i > 0`` such that bot ``i`` scores ``p_i / (p_i +
p_j)`` per game against bot ``j``. The maximum-likelihood strengths are found with the MM
algorithm (Hunter, 2004, *MM algorithms for generalized Bradley-Terry models*)::

    p_i <- W_i / sum_j N_ij / (p_i + p_j)

where ``W_i`` is everything bot ``i`` scored (a draw is half a point to each) and ``N_ij`` the
games between ``i`` and ``j``. On the Elo-like scale a rating is ``1500 + 400 log10(p_i)`` with
the strengths' geometric mean at 1, so the mean rating is 1500 and a 400-point gap means an
expected score of 10/11 (about 0.91).

With two bots the answer has a closed form: ``p_1 / (p_1 + p_2) = W_1 / N``.

>>> strengths = bradley_terry([[0, 7], [3, 0]])
>>> round(float(strengths[0] / (strengths[0] + strengths[1])), 6)
0.7
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from divided.sim.plan import LabError
from divided.sim.stats import percentile_interval

BASE_RATING = 1500.0
SCALE = 400.0


def bradley_terry(points: Sequence[Sequence[float]] | npt.NDArray[np.float64], *, prior_draws: float = 0.0,
                  names: Sequence[str] | None = None, tolerance: float = 1e-12,
                  max_iterations: int = 100_000) -> npt.NDArray[np.float64]:
    """Bradley-Terry strengths (geometric mean 1) from ``points[i][j]``, what ``i`` scored
    against ``j``.

    ``prior_draws`` adds that many virtual drawn games to every pairing that was played, which
    keeps strengths finite when a bot wins or loses every game. Without it such a bot has no
    finite rating and :class:`LabError` says so.
    """
    w = np.array(points, dtype=np.float64)
    if w.ndim != 2 or w.shape[0] != w.shape[1] or w.shape[0] < 2:
        raise LabError("ratings need a square table of results between at least two bots")
    if (w < 0).any():
        raise LabError("results cannot be negative")
    np.fill_diagonal(w, 0.0)
    games = w + w.T
    w = w + (games > 0) * prior_draws / 2
    games = w + w.T
    label = list(names) if names is not None else [f"bot {i}" for i in range(len(w))]
    scored, played = w.sum(axis=1), games.sum(axis=1)
    for i in range(len(w)):
        if played[i] == 0:
            raise LabError(f"{label[i]} played no games, so it cannot be rated")
        if scored[i] == 0:
            raise LabError(f"{label[i]} scored nothing, so its rating is minus infinity; play more games")
        if scored[i] == played[i]:
            raise LabError(f"{label[i]} won every game, so its rating is infinite; play more games")
    strength = np.ones(len(w))
    for _ in range(max_iterations):
        denominator = (games / (strength[:, None] + strength[None, :])).sum(axis=1)
        updated = scored / denominator
        updated /= math.exp(float(np.log(updated).mean()))
        change = float(np.abs(np.log(updated) - np.log(strength)).max())
        strength = updated
        if change < tolerance:
            break
    return strength


def elo(strengths: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Strengths on the Elo-like scale: ``1500 + 400 log10(p)``, centred on a mean of 1500."""
    logs = np.log10(strengths)
    result: npt.NDArray[np.float64] = BASE_RATING + SCALE * (logs - logs.mean())
    return result


def expected_score(rating: float, other: float) -> float:
    """Expected score per game of a bot rated ``rating`` against one rated ``other``."""
    return 1.0 / (1.0 + 10 ** ((other - rating) / SCALE))


def bootstrap_ratings(points: npt.NDArray[np.float64], games: npt.NDArray[np.float64],
                      pairings: Sequence[tuple[int, int]], bots: int, *, samples: int, seed: int,
                      prior_draws: float) -> npt.NDArray[np.float64]:
    """Ratings of ``samples`` bootstrap resamples of the deal units.

    ``points[m, k]`` is what the first bot of pairing ``m`` scored on unit ``k`` (a deal pair
    or a game) and ``games[m, k]`` how many games that unit holds. Units are resampled with
    replacement, the same units for every pairing (they share the deals). Returns an array of
    shape (samples, bots).
    """
    rng = np.random.default_rng(seed)
    units = points.shape[1]
    out = np.empty((samples, bots))
    for sample in range(samples):
        weights = np.bincount(rng.integers(0, units, units), minlength=units).astype(np.float64)
        table = np.zeros((bots, bots))
        for m, (i, j) in enumerate(pairings):
            scored = float(points[m] @ weights)
            table[i, j] += scored
            table[j, i] += float(games[m] @ weights) - scored
        out[sample] = elo(bradley_terry(table, prior_draws=prior_draws))
    return out


def rating_intervals(samples: npt.NDArray[np.float64]) -> list[tuple[float, float]]:
    """Central 95% percentile interval of each bot's bootstrap ratings."""
    return [percentile_interval(samples[:, i]) for i in range(samples.shape[1])]
