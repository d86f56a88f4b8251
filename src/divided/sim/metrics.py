"""The lab's metrics of Divided Ranks, computed from per-game facts (see :mod:`divided.sim.play`).

Every metric is a :class:`~divided.sim.stats.Ratio` over the run's error-bar units (deal pairs,
or games without the duplicate format), or a contrast of two; :mod:`divided.sim.stats` turns it
into an estimate with a 95% interval. Metrics of two arms measured on the same units can be
subtracted deal by deal (:func:`compare`).

Scores: a win counts 1, a draw 0.5 and a loss 0. An *edge* of a role is the mean, over games,
of (the role's score - the other player's score): +1 if the role always wins, 0 if even.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from divided.hands.category import Category
from divided.sim.stats import Contrast, Interval, Measure, Ratio, difference, estimate

SECTIONS = ("Head to head", "Results by bot", "Seat roles", "Scoring", "Hands", "Reserve", "Choices")

UNIQUE_SPLIT_NOTE = (
    "100% by construction: ruling R5b says ties for the best split differ only by suits, and an "
    "exhaustive check of all 352,716 holdings (tests/sim/test_lab_facts.py) confirms it for "
    "every scoring order, so this only guards the implementation"
)


@dataclass(frozen=True)
class Metric:
    """One metric of one arm: what it is, and its measure on the run's units."""

    key: str
    label: str
    section: str
    unit: str
    kind: str  # "rate" (0-1, shown as %), "score" (0-1) or "edge" (-1..1)
    measure: Measure
    note: str = ""

    @property
    def bounds(self) -> tuple[float, float]:
        """The values the metric can take."""
        return (-1.0, 1.0) if self.kind == "edge" else (0.0, 1.0)

    @property
    def interval(self) -> Interval:
        return estimate(self.measure, bounds=self.bounds)


@dataclass(frozen=True)
class Difference:
    """A metric in two arms and the paired difference (variant - baseline)."""

    metric: Metric
    baseline: Interval
    variant: Interval
    change: Interval


def unit_of(line: Mapping[str, Any]) -> int:
    """The error-bar unit of a game line: its deal pair, or its own number."""
    pair = line.get("pair")
    return int(pair) if pair is not None else int(line["index"])


def units_of(*arms: Iterable[Mapping[str, Any]]) -> list[int]:
    """The sorted units of one or more arms (the common axis for paired comparisons)."""
    return sorted({unit_of(line) for lines in arms for line in lines})


def score(winner: int | None, seat: int) -> float:
    """1 for a win, 0.5 for a draw, 0 for a loss."""
    if winner is None:
        return 0.5
    return 1.0 if winner == seat else 0.0


class _Sums:
    """Per-unit numerators and denominators of many metrics, filled game by game."""

    def __init__(self, units: Sequence[int]) -> None:
        identity = isinstance(units, range) and units.start == 0 and units.step == 1
        self.position = None if identity else {unit: i for i, unit in enumerate(units)}
        self.size = len(units)
        self.num: dict[str, np.ndarray[Any, np.dtype[np.float64]]] = {}
        self.den: dict[str, np.ndarray[Any, np.dtype[np.float64]]] = {}

    def add(self, key: str, unit: int, value: float, count: float = 1.0) -> None:
        if key not in self.num:
            self.num[key] = np.zeros(self.size)
            self.den[key] = np.zeros(self.size)
        where = unit if self.position is None else self.position[unit]
        self.num[key][where] += value
        self.den[key][where] += count

    def ratio(self, key: str, binary: bool) -> Ratio:
        zeros = np.zeros(self.size)
        return Ratio(self.num.get(key, zeros), self.den.get(key, zeros), binary)


def bots_of(lines: Sequence[Mapping[str, Any]]) -> list[str]:
    """The bots of an arm, in order of first appearance at seat 0 then seat 1."""
    seen: list[str] = []
    for line in lines:
        for bot in line["seats"]:
            if bot not in seen:
                seen.append(bot)
    return seen


def measure(lines: Sequence[Mapping[str, Any]], units: Sequence[int] | None = None,
            bots: Sequence[str] | None = None) -> list[Metric]:
    """Every metric of one arm's games, on ``units`` (default: the arm's own units)."""
    tally = Tally(units if units is not None else units_of(lines), bots if bots is not None else bots_of(lines))
    for line in lines:
        tally.add(line)
    return tally.metrics()


class Tally:
    """The metric sums of one arm, filled game by game.

    Only per-unit sums are kept (about 1 KB per deal pair), so a run of any length can
    be analysed without holding its games in memory. The sums are of multiples of 1/2, which
    floating point adds exactly, so the order in which games arrive does not matter.
    """

    def __init__(self, units: Sequence[int], bots: Sequence[str]) -> None:
        self.sums = _Sums(units)
        self.bots = list(bots)
        self.games = 0
        self.max_steps = 0
        self.step_names: dict[int, str] = {}
        self.strata = {"same": 0, "different": 0}

    def add(self, line: Mapping[str, Any]) -> None:
        """Count one game (a line of ``games.jsonl``, or one with at least its facts and seats)."""
        _add_game(self.sums, line, self.bots, self.step_names, self.strata)
        self.max_steps = max(self.max_steps, int(line["facts"]["steps"]))
        self.games += 1

    def metrics(self) -> list[Metric]:
        """Every metric of the games counted so far."""
        return _metrics(self.sums, self.bots, self.max_steps, self.step_names, self.strata)


def _metrics(sums: _Sums, bots: list[str], max_steps: int, step_names: dict[int, str],
             strata: dict[str, int]) -> list[Metric]:
    metrics: list[Metric] = []

    def rate(key: str, label: str, section: str, unit: str, note: str = "") -> None:
        metrics.append(Metric(key, label, section, unit, "rate", sums.ratio(key, True), note))

    def mean(key: str, label: str, section: str, unit: str, kind: str, note: str = "") -> None:
        metrics.append(Metric(key, label, section, unit, kind, sums.ratio(key, False), note))

    # Head to head and results by bot.
    if len(bots) == 2:
        a, b = bots
        mean("head-to-head", f"{a}'s score against {b} (win 1, draw 1/2, loss 0)",
             "Head to head", "games", "score",
             "0.5 means even; the interval comes from the variance between deal pairs")
    if len(bots) >= 2:
        for bot in bots:
            for outcome in ("win", "draw", "loss"):
                rate(f"bot.{bot}.{outcome}", f"{bot}: {outcome} rate", "Results by bot", "games")

    # Seat roles.
    if strata["same"] == 0 and strata["different"] > 0:
        reserve_note = ("in every game of this run the first at the reserve was the two-round "
                        "splitter, so these are also that role's figures")
    elif strata["different"] == 0 and strata["same"] > 0:
        reserve_note = ("in every game of this run the first at the reserve was the first "
                        "(three-round) splitter")
    else:
        reserve_note = ""
    for outcome in ("win", "draw", "loss"):
        rate(f"role.first-splitter.{outcome}", f"first splitter (splits 3 rounds): {outcome} rate",
             "Seat roles", "games")
    for outcome in ("win", "draw", "loss"):
        rate(f"role.first-at-reserve.{outcome}", f"first at the reserve: {outcome} rate",
             "Seat roles", "games", reserve_note if outcome == "win" else "")
    mean("edge.first-splitter", "edge of the first splitter (its score minus the other's)",
         "Seat roles", "games", "edge")
    mean("edge.first-at-reserve", "edge of going first at the reserve (its score minus the other's)",
         "Seat roles", "games", "edge", reserve_note)
    mean("edge.first-at-reserve.also-first-splitter",
         "edge of going first at the reserve, in games where that player also split first",
         "Seat roles", "games", "edge")
    mean("edge.first-at-reserve.second-splitter",
         "edge of going first at the reserve, in games where that player split second",
         "Seat roles", "games", "edge")

    # Scoring.
    for step in range(1, max_steps + 1):
        name = step_names.get(step, "")
        rate(f"step.{step}", f"settled at scoring step {step}" + (f" ({name})" if name else ""),
             "Scoring", "games")
    rate("draw", "drawn (every scoring comparison equal)", "Scoring", "games")

    # Hands.
    for category in Category:
        rate(f"weakest.{category.slug}", f"weakest hand at the table is a {category.label}", "Hands", "games",
             "the lower of the two weaker hands (as built)" if category == Category.PAIR else "")
    rate("weaker-same-category", "both weaker hands are of the same category", "Hands", "games")
    rate("best-split-unique", "final holdings whose best split is unique (splits that differ only by "
         "suits counted as one)", "Hands", "holdings", UNIQUE_SPLIT_NOTE)

    # Reserve.
    for role, title in (("first", "first at the reserve"), ("second", "second at the reserve")):
        rate(f"swap.{role}.rate", f"{title}: swaps", "Reserve", "games")
        improve_note = ("compares the best split of the holding before and after the swap under "
                        "the run's scoring order: the weaker hand's strength, and the whole result key")
        rate(f"swap.{role}.improves-weaker", f"{title}: a swap improves the weaker hand",
             "Reserve", "swaps", improve_note if role == "first" else "")
        rate(f"swap.{role}.worsens-weaker", f"{title}: a swap worsens the weaker hand", "Reserve", "swaps")
        rate(f"swap.{role}.improves-result", f"{title}: a swap improves the whole result",
             "Reserve", "swaps")
        rate(f"swap.{role}.worsens-result", f"{title}: a swap worsens the whole result", "Reserve", "swaps")
        mean(f"swap.{role}.score-after-swap", f"{title}: the swapper's score in games with a swap",
             "Reserve", "swaps", "score")

    # Choices.
    value_note = ("observational: how the games went after each choice, not what the other "
                  "choice would have given")
    for prefix, title in [("choice", "all rounds")] + [(f"choice.round-{r}", f"round {r}") for r in range(1, 6)]:
        rate(f"{prefix}.face-up", f"{title}: the chooser takes the face-up pair", "Choices", "choices")
        mean(f"{prefix}.face-up.score", f"{title}: chooser's score after taking the face-up pair",
             "Choices", "choices", "score")
        mean(f"{prefix}.face-down.score", f"{title}: chooser's score after taking the face-down pair",
             "Choices", "choices", "score")
        up = sums.ratio(f"{prefix}.face-up.score", False)
        down = sums.ratio(f"{prefix}.face-down.score", False)
        metrics.append(Metric(f"{prefix}.value", f"{title}: score after face-up minus after face-down",
                              "Choices", "choices", "edge", Contrast(up, down),
                              value_note if prefix == "choice" else ""))
    return metrics


def _add_game(sums: _Sums, line: Mapping[str, Any], bots: Sequence[str], step_names: dict[int, str],
              strata: dict[str, int]) -> None:
    facts = line["facts"]
    unit = unit_of(line)
    winner = facts["winner"]
    seats: list[str] = list(line["seats"])
    outcomes = ("win", "draw", "loss")

    def outcome_of(seat: int) -> str:
        return "draw" if winner is None else ("win" if winner == seat else "loss")

    if len(bots) == 2 and bots[0] in seats and bots[1] in seats:
        sums.add("head-to-head", unit, score(winner, seats.index(bots[0])))
    for seat, bot in enumerate(seats):
        for outcome in outcomes:
            sums.add(f"bot.{bot}.{outcome}", unit, float(outcome_of(seat) == outcome))

    first, reserve_first = int(facts["first_splitter"]), int(facts["reserve_first"])
    for outcome in outcomes:
        sums.add(f"role.first-splitter.{outcome}", unit, float(outcome_of(first) == outcome))
        sums.add(f"role.first-at-reserve.{outcome}", unit, float(outcome_of(reserve_first) == outcome))
    sums.add("edge.first-splitter", unit, score(winner, first) - score(winner, 1 - first))
    reserve_edge = score(winner, reserve_first) - score(winner, 1 - reserve_first)
    sums.add("edge.first-at-reserve", unit, reserve_edge)
    if reserve_first == first:
        strata["same"] += 1
        sums.add("edge.first-at-reserve.also-first-splitter", unit, reserve_edge)
    else:
        strata["different"] += 1
        sums.add("edge.first-at-reserve.second-splitter", unit, reserve_edge)

    step = facts["step"]
    for number in range(1, int(facts["steps"]) + 1):
        sums.add(f"step.{number}", unit, float(step == number))
    if step is not None and facts.get("step_name"):
        step_names.setdefault(int(step), str(facts["step_name"]))
    sums.add("draw", unit, float(winner is None))

    weaker_strength = facts["weaker_strength"]
    weakest_seat = 0 if weaker_strength[0] <= weaker_strength[1] else 1
    weakest = Category(int(facts["weaker_category"][weakest_seat]))
    for category in Category:
        sums.add(f"weakest.{category.slug}", unit, float(category == weakest))
    sums.add("weaker-same-category", unit,
             float(facts["weaker_category"][0] == facts["weaker_category"][1]))
    for classes in facts["best_split_classes"]:
        sums.add("best-split-unique", unit, float(int(classes) == 1))

    for decision in facts["reserve"]:
        role = "first" if int(decision["player"]) == reserve_first else "second"
        sums.add(f"swap.{role}.rate", unit, float(bool(decision["swapped"])))
        if decision["swapped"]:
            before, after = list(decision["before"]), list(decision["after"])
            weaker_before, weaker_after = int(decision["weaker_before"]), int(decision["weaker_after"])
            sums.add(f"swap.{role}.improves-weaker", unit, float(weaker_after > weaker_before))
            sums.add(f"swap.{role}.worsens-weaker", unit, float(weaker_after < weaker_before))
            sums.add(f"swap.{role}.improves-result", unit, float(after > before))
            sums.add(f"swap.{role}.worsens-result", unit, float(after < before))
            sums.add(f"swap.{role}.score-after-swap", unit, score(winner, int(decision["player"])))

    for choice in facts["choices"]:
        chooser_score = score(winner, int(choice["chooser"]))
        pair = "face-up" if choice["took_face_up"] else "face-down"
        for prefix in ("choice", f"choice.round-{int(choice['round'])}"):
            sums.add(f"{prefix}.face-up", unit, float(bool(choice["took_face_up"])))
            sums.add(f"{prefix}.{pair}.score", unit, chooser_score)


def compare(baseline: Sequence[Metric], variant: Sequence[Metric]) -> list[Difference]:
    """Every metric present in both arms: its two values and the paired difference.

    Scoring steps are compared only when they name the same comparison (a different
    ``scoring`` option renumbers them).
    """
    by_key = {metric.key: metric for metric in baseline}
    out = []
    for metric in variant:
        base = by_key.get(metric.key)
        if base is None or (metric.section == "Scoring" and base.label != metric.label):
            continue
        span = metric.bounds[1] - metric.bounds[0]
        out.append(Difference(metric, base.interval, metric.interval,
                              difference(metric.measure, base.measure, bounds=(-span, span))))
    return out
