"""Interval estimates for the lab: every number comes with a 95% interval.

Every metric is a *ratio over units*: per error-bar unit ``k`` (a deal pair in the duplicate
format, else a game) a numerator ``num[k]`` (a sum of item values) and a denominator ``den[k]``
(how many items); the estimate is ``sum(num) / sum(den)``. Items may be 0/1 (a *rate*) or any
number (a *mean*, e.g. a score of 1, 0.5 or 0).

* A rate gets a **Wilson** score interval. When items of one unit are correlated (the two games
  of a deal pair, the five choices of a game) the variance between units is larger than the
  binomial one; the interval then uses the effective number of items ``n / deff`` with
  ``deff = var_units / var_binomial`` (Korn and Graubard's adjustment), never more than ``n``.
  With one item per unit it is exactly the plain Wilson interval.
* A mean gets a **normal** interval from the variance between units (the linearised variance of
  a ratio, with the ``K / (K - 1)`` small-sample factor). With one item per unit this is the
  usual ``mean +- z * s / sqrt(K)``; for a duplicate head-to-head score it is the variance of
  the pair scores.
* A **difference** of two ratios measured on the same units (two arms on the same deals, or
  two groups of one run) uses the variance of the per-unit difference of their linearised
  contributions: a paired interval, which is what makes comparisons on the same deals sharp.

>>> low, high = wilson(8, 10)
>>> round(low, 4), round(high, 4)
(0.4902, 0.9433)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

FloatArray = npt.NDArray[np.float64]


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion ``successes / n`` (``n`` may be fractional)."""
    if n <= 0:
        raise ValueError("a Wilson interval needs at least one trial")
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(max(p * (1 - p), 0.0) / n + z2 / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% interval.

    ``count`` is the number of items (games, swaps, choices...), ``units`` the number of
    error-bar units that have any; ``low``/``high`` are ``None`` when there is too little data.
    """

    value: float | None
    low: float | None
    high: float | None
    count: float
    units: int
    method: str

    def excludes_value(self, value: float) -> bool:
        """Whether the interval lies entirely on one side of ``value``."""
        if self.low is None or self.high is None:
            return False
        return self.low > value or self.high < value


@dataclass(frozen=True)
class Ratio:
    """Per-unit numerators and denominators of one metric (aligned on the run's units)."""

    num: FloatArray
    den: FloatArray
    binary: bool

    @property
    def count(self) -> float:
        """How many items the ratio is over."""
        return float(self.den.sum())

    @property
    def present(self) -> npt.NDArray[np.bool_]:
        """Which units have any items."""
        result: npt.NDArray[np.bool_] = self.den > 0
        return result

    @property
    def value(self) -> float | None:
        count = self.count
        return float(self.num.sum()) / count if count > 0 else None

    def influence(self) -> FloatArray:
        """Each unit's linearised contribution to the ratio's deviation (zero where it has no items)."""
        value = self.value
        assert value is not None
        result: FloatArray = (self.num - value * self.den) / self.count
        return result


@dataclass(frozen=True)
class Contrast:
    """``a - b`` for two measures on the same units (e.g. the score after each choice)."""

    a: Ratio | Contrast
    b: Ratio | Contrast

    def __post_init__(self) -> None:
        if self.a.present.shape != self.b.present.shape:
            raise ValueError("a contrast needs both measures on the same units")

    @property
    def binary(self) -> bool:
        return False

    @property
    def count(self) -> float:
        return min(self.a.count, self.b.count)

    @property
    def present(self) -> npt.NDArray[np.bool_]:
        result: npt.NDArray[np.bool_] = self.a.present | self.b.present
        return result

    @property
    def value(self) -> float | None:
        va, vb = self.a.value, self.b.value
        return None if va is None or vb is None else va - vb

    def influence(self) -> FloatArray:
        result: FloatArray = self.a.influence() - self.b.influence()
        return result


Measure = Ratio | Contrast


def ratio(num: list[float] | FloatArray, den: list[float] | FloatArray, binary: bool) -> Ratio:
    """A :class:`Ratio` from per-unit sums."""
    n = np.asarray(num, dtype=np.float64)
    d = np.asarray(den, dtype=np.float64)
    if n.shape != d.shape:
        raise ValueError("numerators and denominators must have one entry per unit")
    return Ratio(n, d, binary)


def estimate(measure: Measure, z: float = Z95, bounds: tuple[float, float] | None = None) -> Interval:
    """The measure with its interval (Wilson for rates, normal otherwise; see the module notes).

    ``bounds`` are the values the quantity can take (a score lies in [0, 1]); a normal interval
    is clipped to them.
    """
    value = measure.value
    units = int(np.count_nonzero(measure.present))
    if value is None:
        return Interval(None, None, None, 0.0, 0, "none")
    n = measure.count
    if isinstance(measure, Ratio) and measure.binary:
        effective = n
        if units > 1 and 0.0 < value < 1.0:
            between = float((measure.influence() ** 2).sum())
            binomial = value * (1 - value) / n
            design_effect = between / binomial
            if design_effect > 1.0:
                effective = n / design_effect
        low, high = wilson(value * effective, effective, z)
        return Interval(value, low, high, n, units, "wilson")
    method = "normal" if isinstance(measure, Ratio) else "paired normal"
    if units < 2:
        return Interval(value, None, None, n, units, method)
    variance = units / (units - 1) * float((measure.influence() ** 2).sum())
    half = z * math.sqrt(variance)
    low, high = value - half, value + half
    if bounds is not None:
        low, high = max(low, bounds[0]), min(high, bounds[1])
    return Interval(value, low, high, n, units, method)


def difference(a: Measure, b: Measure, z: float = Z95, bounds: tuple[float, float] | None = None) -> Interval:
    """``a - b`` with a normal interval from the per-unit differences (paired on units).

    ``a`` and ``b`` must be aligned on the same units (deal pairs or games).
    """
    return estimate(Contrast(a, b), z, bounds)


def percentile_interval(samples: FloatArray, level: float = 0.95) -> tuple[float, float]:
    """The central ``level`` percentile interval of bootstrap samples."""
    tail = (1 - level) / 2 * 100
    low, high = np.percentile(samples, [tail, 100 - tail])
    return float(low), float(high)
