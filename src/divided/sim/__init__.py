"""The simulation lab: many seeded games between bots, metrics with 95% intervals, reports.

* :mod:`~divided.sim.plan`: what a run plays (game, rule options, bots per seat, seeds; the
  duplicate format, one game per seat rotation of each deal).
* :mod:`~divided.sim.play`: one game and the facts the metrics need.
* :mod:`~divided.sim.games`: what the lab asks of a game (its *lab room*: metrics declared
  once, facts, roles, headline sentences, plots), found by game id; Divided Ranks' is
  :mod:`divided.sim.games.divided_ranks`.
* :mod:`~divided.sim.executor`: serial, local processes or Ray; results never depend on it.
* :mod:`~divided.sim.store`: the output folder, written incrementally and resumable.
* :mod:`~divided.sim.stats`, :mod:`~divided.sim.metrics`, :mod:`~divided.sim.ratings`: the
  numbers and their intervals.
* :mod:`~divided.sim.report`, :mod:`~divided.sim.plots`: report.md, summary.json, PNGs.

``docs/lab.md`` explains how a designer uses it.
"""

from divided.sim.executor import Executor, ProcessExecutor, RayExecutor, SerialExecutor, make_executor
from divided.sim.lab import Analysis, LabRun, RunInterrupted, analyse, finish, run
from divided.sim.plan import Arm, LabError, Plan, make_plan, split_bot_list
from divided.sim.seeds import bot_seed, deal_seed

__all__ = [
    "Analysis",
    "Arm",
    "Executor",
    "LabError",
    "LabRun",
    "Plan",
    "ProcessExecutor",
    "RayExecutor",
    "RunInterrupted",
    "SerialExecutor",
    "analyse",
    "bot_seed",
    "deal_seed",
    "finish",
    "make_executor",
    "make_plan",
    "run",
    "split_bot_list",
]
