"""Speed of the simulation lab: games per second through ``divided.sim``, random bots.

Run: ``.venv/bin/python benchmarks/bench_lab.py [--games 12000] [--repeats 3]``. Each figure is
the median of the repeats. A run is measured from the plan to the last line written to
``games.jsonl`` (bots, rules, the facts the metrics need, JSON lines on disk); for the worker
pool that includes starting the processes (``spawn``: each imports the package and loads the
arrange table). The analysis (metrics, report.md, summary.json and the plots) is timed apart.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from divided.sim import Arm, ProcessExecutor, SerialExecutor, analyse, make_plan, run
from divided.sim.executor import Executor
from divided.sim.report import write_results


def timed(work: Callable[[], object], repeats: int) -> float:
    """Median seconds of ``repeats`` runs of ``work``."""
    seconds = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=12000, help="games per measured run (even)")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    plan = make_plan("simulate", "divided-ranks", [Arm("run", {}, ("random",))], args.games, seed=2026)
    run(make_plan("simulate", "divided-ranks", [Arm("run", {}, ("random",))], 2, seed=1), SerialExecutor())  # warm up

    with tempfile.TemporaryDirectory() as scratch:
        counter = iter(range(10**6))

        def through(make: Callable[[], Executor]) -> Callable[[], object]:
            def work() -> object:
                with make() as executor:
                    return run(plan, executor, out=Path(scratch) / f"run{next(counter)}")
            return work

        serial = timed(through(SerialExecutor), args.repeats)
        pool = timed(through(lambda: ProcessExecutor(2)), args.repeats)
        tiny = make_plan("simulate", "divided-ranks", [Arm("run", {}, ("random",))], 2, seed=1)

        def start_up() -> object:
            with ProcessExecutor(2) as executor:
                return run(tiny, executor)

        starting = timed(start_up, args.repeats)
        result = run(plan, SerialExecutor(), out=Path(scratch) / "analysed")
        analysis = timed(lambda: write_results(Path(scratch) / "analysed", analyse(result)), args.repeats)

    rows = [
        ("games", f"{args.games:,} (random vs random, duplicate format)"),
        ("cores / load average before the runs", f"{os.cpu_count()} / {load:.2f} (other work competes for cores)"),
        ("serial (this process)", f"{args.games / serial:,.0f} games/s"),
        ("--workers 2 (process pool, start-up included)", f"{args.games / pool:,.0f} games/s"),
        ("speed-up of 2 workers", f"{serial / pool:.2f}x"),
        ("pool start-up (2 games through a new pool)", f"{starting:.2f} s"),
        ("analysis: metrics, report, summary, 5 plots", f"{analysis:.2f} s"),
    ]
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


if __name__ == "__main__":
    main()
