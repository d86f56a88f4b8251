"""PNG plots of a lab run, drawn with matplotlib's Agg canvas (no display, no pyplot state).

Every bar or point carries its 95% interval as an error bar. Each function returns the PNG as
bytes; :mod:`divided.sim.report` writes them atomically next to the report.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

from divided.sim.stats import Interval

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

Series = tuple[str, Sequence[Interval]]


def _figure(width: float = 7.5, height: float = 4.2) -> tuple[Figure, Axes]:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), dpi=100)
    FigureCanvasAgg(figure)
    return figure, figure.add_subplot(1, 1, 1)


def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    figure.tight_layout()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()


def _errors(intervals: Sequence[Interval], scale: float) -> tuple[list[float], list[list[float]]]:
    values, below, above = [], [], []
    for interval in intervals:
        value = interval.value if interval.value is not None else 0.0
        values.append(value * scale)
        low = interval.low if interval.low is not None else value
        high = interval.high if interval.high is not None else value
        below.append(max(0.0, (value - low) * scale))
        above.append(max(0.0, (high - value) * scale))
    return values, [below, above]


def bars(title: str, categories: Sequence[str], series: Sequence[Series], *, percent: bool,
         ylabel: str, reference: float | None = None) -> bytes:
    """Grouped bars (one group per category, one bar per series) with 95% error bars."""
    figure, axes = _figure()
    scale = 100.0 if percent else 1.0
    count = max(1, len(series))
    width = 0.8 / count
    for number, (label, intervals) in enumerate(series):
        values, errors = _errors(intervals, scale)
        positions = [i + (number - (count - 1) / 2) * width for i in range(len(categories))]
        axes.bar(positions, values, width, yerr=errors, capsize=3, label=label)
    axes.set_xticks(range(len(categories)))
    axes.set_xticklabels(categories, rotation=20, ha="right")
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    if reference is not None:
        axes.axhline(reference * scale, color="grey", linewidth=0.8, linestyle="--")
    if len(series) > 1:
        axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return _png(figure)


def points(title: str, xs: Sequence[str], series: Sequence[Series], *, percent: bool, ylabel: str,
           reference: float | None = None) -> bytes:
    """Points joined by lines (one line per series) with 95% error bars."""
    figure, axes = _figure()
    scale = 100.0 if percent else 1.0
    for number, (label, intervals) in enumerate(series):
        values, errors = _errors(intervals, scale)
        offset = (number - (len(series) - 1) / 2) * 0.06
        axes.errorbar([i + offset for i in range(len(xs))], values, yerr=errors, marker="o",
                      capsize=3, label=label)
    axes.set_xticks(range(len(xs)))
    axes.set_xticklabels(xs)
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    if reference is not None:
        axes.axhline(reference * scale, color="grey", linewidth=0.8, linestyle="--")
    if len(series) > 1:
        axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return _png(figure)


def ratings(title: str, bots: Sequence[str], values: Sequence[float],
            intervals: Sequence[tuple[float, float]]) -> bytes:
    """Horizontal ratings with their bootstrap intervals."""
    figure, axes = _figure(7.0, 1.2 + 0.5 * len(bots))
    below = [max(0.0, v - low) for v, (low, _) in zip(values, intervals, strict=True)]
    above = [max(0.0, high - v) for v, (_, high) in zip(values, intervals, strict=True)]
    rows = list(range(len(bots)))[::-1]
    axes.errorbar(values, rows, xerr=[below, above], fmt="o", capsize=4)
    axes.set_yticks(rows)
    axes.set_yticklabels(bots)
    axes.set_xlabel("rating (Elo-like scale, mean 1500)")
    axes.set_title(title)
    return _png(figure)


def curves(title: str, lines: Sequence[tuple[str, Sequence[tuple[float, float]]]], *, xlabel: str, ylabel: str,
           log: bool = True) -> bytes:
    """Lines through (x, y) points, on log-log axes by default (e.g. NashConv by iteration)."""
    figure, axes = _figure()
    for label, points_ in lines:
        axes.plot([x for x, _ in points_], [y for _, y in points_], marker="o", label=label)
    if log:
        axes.set_xscale("log", base=2)
        axes.set_yscale("log")
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    if len(lines) > 1:
        axes.legend(fontsize="small")
    return _png(figure)
