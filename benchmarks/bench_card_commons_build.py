"""Speed of Card Commons' build values (``build_values``: the Bayesian build game solved and all
56 splits valued) over random build positions.

Run: ``PYTHONPATH=src python benchmarks/bench_card_commons_build.py`` (one core, in this process).
Positions come from seeded random drafts; each is timed ``--repeats`` times (the median kept), on
fresh Collections each time (the per-Collection split tables are cleared), and the median and
95th percentile over positions are reported, in wall-clock time and in this process's CPU time
(the second is the steadier figure on a shared machine).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from divided import games
from divided.bots.card_commons.build import build_values, splits_of
from divided.games.card_commons import PlayerView


def positions(count: int, seed: int) -> list[PlayerView]:
    out = []
    for n in range(count):
        game = games.load("card-commons", first_starter=n % 2)
        state = game.new_initial_state(seed=seed + n)
        rng = random.Random(seed + n)
        while state.core.phase != "build":
            state.apply_action(rng.choice(state.legal_actions()))
        out.append(state.observation(state.current_player()))
    return out


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=50_000)
    args = parser.parse_args()
    views = positions(args.positions, args.seed)
    build_values(views[0])  # build the strength tables once
    times, cpu = [], []
    for view in views:
        runs, cpu_runs = [], []
        for _ in range(args.repeats):
            splits_of.cache_clear()
            began, began_cpu = time.perf_counter(), time.process_time()
            build_values(view)
            runs.append(time.perf_counter() - began)
            cpu_runs.append(time.process_time() - began_cpu)
        times.append(statistics.median(runs))
        cpu.append(statistics.median(cpu_runs))
    print(f"build_values over {len(views)} random build positions (median of {args.repeats} runs each): "
          f"median {1000 * statistics.median(times):.1f} ms, p95 {1000 * percentile(times, 0.95):.1f} ms, "
          f"max {1000 * max(times):.1f} ms wall clock; CPU time median {1000 * statistics.median(cpu):.1f} ms, "
          f"p95 {1000 * percentile(cpu, 0.95):.1f} ms")


if __name__ == "__main__":
    main()
