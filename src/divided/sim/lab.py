"""Running a plan and analysing its games: the lab's entry points.

>>> from divided.sim import Arm, SerialExecutor, analyse, make_plan, run
>>> plan = make_plan("simulate", "divided-ranks", [Arm("run", {}, ("random",))], 4, seed=3)
>>> result = run(plan, SerialExecutor(), keep_lines=True)
>>> sorted(line["index"] for line in result.lines["run"])
[0, 1, 2, 3]
>>> analysis = analyse(result)
>>> [m.key for m in analysis.arms[0].metrics][:2]
['seat.0.win', 'seat.0.draw']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from divided.sim.executor import Executor, chunk
from divided.sim.ledger import Ledger
from divided.sim.metrics import Difference, Metric, compare
from divided.sim.plan import Arm, LabError, Plan
from divided.sim.play import ChunkTask
from divided.sim.ratings import bootstrap_ratings, bradley_terry, elo, rating_intervals
from divided.sim.stats import Interval, Ratio
from divided.sim.store import RunStore

ProgressHook = Callable[[int, int], None]
"""Called with (games done, games in the run) at the start and after every chunk."""


class RunInterrupted(Exception):
    """Ctrl-C stopped the run; the finished games are saved (when there is an output folder)."""

    def __init__(self, done: int, total: int, folder: Path | None) -> None:
        super().__init__(f"interrupted after {done} of {total} games")
        self.done = done
        self.total = total
        self.folder = folder


@dataclass
class LabRun:
    """A run's finished games, counted into a :class:`~divided.sim.ledger.Ledger` (the games
    themselves are in the output folder; ``keep_lines`` also keeps them in memory)."""

    plan: Plan
    ledger: Ledger
    store: RunStore | None = None

    @property
    def folder(self) -> Path | None:
        return self.store.folder if self.store is not None else None

    @property
    def lines(self) -> dict[str, list[dict[str, Any]]]:
        """Each arm's game lines in game order (without records), if the run kept them."""
        return self.ledger.lines()


def run(plan: Plan, executor: Executor, *, out: Path | None = None, resume: bool = False,
        progress: ProgressHook | None = None, resume_hint: str = "", store: RunStore | None = None,
        keep_lines: bool = False) -> LabRun:
    """Play every game of ``plan`` that is not finished yet.

    With ``out`` the games are appended to ``out/games.jsonl`` as they finish and ``resume``
    continues a run left there (see :mod:`divided.sim.store`); a ``store`` already opened may be
    given instead. Ctrl-C raises :class:`RunInterrupted` after marking the folder incomplete;
    finished games are kept. ``keep_lines`` keeps every game's line in memory as well.
    """
    if store is None and out is not None:
        store = RunStore.open(out, plan, resume, resume_hint, Ledger(plan, keep_lines))
    ledger = store.ledger if store is not None else Ledger(plan, keep_lines)
    tasks: list[ChunkTask] = []
    for arm in plan.arms:
        tasks.extend(ChunkTask(plan, arm.label, indices) for indices in chunk(ledger.todo(arm.label), executor.workers))
    if progress is not None:
        progress(ledger.count, ledger.total)
    try:
        for lines in executor.map(tasks):
            if store is not None:
                store.record(lines)
            else:
                for line in lines:
                    ledger.take(line)
            if progress is not None:
                progress(ledger.count, ledger.total)
    except KeyboardInterrupt:
        executor.cancel()
        if store is not None:
            store.mark("interrupted")
            store.close()
        raise RunInterrupted(ledger.count, ledger.total, store.folder if store is not None else None) from None
    except BaseException:
        executor.cancel()
        if store is not None:
            store.mark("stopped by an error")
            store.close()
        raise
    if store is not None:
        store.close()
    return LabRun(plan, ledger, store)


def finish(result: LabRun) -> None:
    """Mark a run's folder complete (after its results are written)."""
    if result.store is not None:
        result.store.mark("complete")


@dataclass(frozen=True)
class ArmResult:
    """One arm's games and metrics."""

    arm: Arm
    games: int
    metrics: list[Metric]

    def metric(self, key: str) -> Metric | None:
        for metric in self.metrics:
            if metric.key == key:
                return metric
        return None


@dataclass(frozen=True)
class Rating:
    """A bot's ladder rating with its bootstrap interval, and its overall score."""

    bot: str
    rating: float
    low: float
    high: float
    score: float
    games: int


@dataclass(frozen=True)
class Matchup:
    """The first bot's score per game against the second (duplicate interval over deal pairs)."""

    first: str
    second: str
    score: Interval


@dataclass(frozen=True)
class LadderResult:
    ratings: list[Rating]
    matchups: list[Matchup]
    bootstrap: int
    prior_draws: float


@dataclass(frozen=True)
class Analysis:
    """Everything the report shows."""

    plan: Plan
    arms: list[ArmResult]
    differences: list[Difference] = field(default_factory=list)
    same_deals: float | None = None
    ladder: LadderResult | None = None


def analyse(result: LabRun, *, bootstrap: int = 1000, prior_draws: float = 1.0) -> Analysis:
    """Metrics of every arm; for a comparison the paired differences; for a ladder the ratings."""
    plan, ledger = result.plan, result.ledger
    missing = [arm.label for arm in plan.arms if ledger.tallies[arm.label].games != plan.games]
    if missing:
        raise LabError(f"the run is not finished (arms {', '.join(missing)} miss games); resume it first")
    arms = [ArmResult(arm, ledger.tallies[arm.label].games, ledger.tallies[arm.label].metrics())
            for arm in plan.arms]
    if plan.kind == "compare":
        base, variant = (arm.arm.label for arm in arms)
        same = float(np.mean(ledger.deals[base] == ledger.deals[variant]))
        return Analysis(plan, arms, compare(arms[0].metrics, arms[1].metrics), same)
    if plan.kind == "ladder":
        return Analysis(plan, arms, ladder=_ladder(plan, arms, bootstrap, prior_draws))
    return Analysis(plan, arms)


def _unique(bots: tuple[str, ...]) -> list[str]:
    return list(dict.fromkeys(bots))


def _ladder(plan: Plan, arms: list[ArmResult], samples: int, prior_draws: float) -> LadderResult:
    units = plan.units
    names = _unique(tuple(bot for arm in plan.arms for bot in arm.bots))
    index = {name: i for i, name in enumerate(names)}
    pairings: list[tuple[int, int]] = []
    points = np.zeros((len(plan.arms), units))
    games = np.zeros((len(plan.arms), units))
    matchups = []
    for m, arm in enumerate(arms):
        first, second = arm.arm.bots
        pairings.append((index[first], index[second]))
        head = arm.metric("head-to-head")
        assert head is not None and isinstance(head.measure, Ratio)
        points[m], games[m] = head.measure.num, head.measure.den
        matchups.append(Matchup(first, second, head.interval))
    table = np.zeros((len(names), len(names)))
    played = np.zeros(len(names))
    for m, (i, j) in enumerate(pairings):
        table[i, j] += points[m].sum()
        table[j, i] += games[m].sum() - points[m].sum()
        played[i] += games[m].sum()
        played[j] += games[m].sum()
    ratings = elo(bradley_terry(table, prior_draws=prior_draws, names=names))
    intervals = rating_intervals(bootstrap_ratings(points, games, pairings, len(names), samples=samples,
                                                   seed=plan.seed, prior_draws=prior_draws)) if samples else \
        [(float("nan"), float("nan"))] * len(names)
    rows = [Rating(name, float(ratings[i]), intervals[i][0], intervals[i][1],
                   float(table[i].sum() / played[i]), int(played[i]))
            for i, name in enumerate(names)]
    rows.sort(key=lambda r: r.rating, reverse=True)
    return LadderResult(rows, matchups, samples, prior_draws)
