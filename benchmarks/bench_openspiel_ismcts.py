"""The budget of ``openspiel-ismcts`` that takes as long per decision as the default expert.

Run: ``.venv/bin/python benchmarks/bench_openspiel_ismcts.py`` (one core, in this process;
needs pyspiel). Each bot plays the skilled bot in the same seeded games, half from each seat,
and every one of its decisions is timed (the whole ``choose`` call). The games are played in
rounds, every bot once per round, so load from other work on a shared machine falls on all of
them alike. Prints, per bot, the median, p95 and mean time per decision, then the budget whose
median is closest to the expert's.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

from divided import games
from divided.bots import make_bot


def timed_decisions(spec: str, seeds: range) -> list[tuple[str, float]]:
    """(phase, seconds) per decision of ``spec`` against skilled, one game per seed (seats
    alternate)."""
    game = games.load("divided-ranks")
    timed, skilled = make_bot("divided-ranks", spec), make_bot("divided-ranks", "skilled")
    times: list[tuple[str, float]] = []
    for seed in seeds:
        seat = seed % 2
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            player = state.current_player()
            view, legal = state.observation(player), state.legal_actions()
            if player == seat:
                began = time.perf_counter()
                action = timed.choose(view, legal, rng)
                times.append((str(view.phase), time.perf_counter() - began))
            else:
                action = skilled.choose(view, legal, rng)
            state.apply_action(action)
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per bot (default 200)")
    parser.add_argument("--rounds", type=int, default=10, help="rounds the games are split into")
    parser.add_argument("--simulations", default="2,3,4,5,6,8,12,16",
                        help="openspiel-ismcts budgets to time (default 2,3,4,5,6,8,12,16)")
    parser.add_argument("--expert", default="expert", help="the reference bot (default: expert)")
    args = parser.parse_args()
    specs = [args.expert] + [f"openspiel-ismcts:simulations={n}" for n in args.simulations.split(",")]
    timed_decisions(args.expert, range(4))  # warm the tables
    timed_decisions(specs[1], range(2))  # and OpenSpiel's imports
    per_round = max(1, args.games // args.rounds)
    times: dict[str, list[tuple[str, float]]] = {spec: [] for spec in specs}
    for number in range(args.rounds):
        seeds = range(30_000 + number * per_round, 30_000 + (number + 1) * per_round)
        for spec in specs:
            times[spec].extend(timed_decisions(spec, seeds))
    print(f"time per decision against skilled, {per_round * args.rounds} games per bot "
          f"(half from each seat), {args.rounds} interleaved rounds:")
    medians: dict[str, float] = {}
    for spec in specs:
        values = [seconds for _, seconds in times[spec]]
        medians[spec] = statistics.median(values)
        by_phase: dict[str, list[float]] = defaultdict(list)
        for phase, seconds in times[spec]:
            by_phase[phase].append(seconds)
        phases = ", ".join(f"{phase} {statistics.median(v) * 1e3:.1f}" for phase, v in by_phase.items())
        print(f"  {spec:<33} {len(values):5d} decisions: median {medians[spec] * 1e3:6.2f} ms, "
              f"p95 {percentile(values, 0.95) * 1e3:6.2f} ms, mean {statistics.mean(values) * 1e3:6.2f} ms "
              f"(medians by phase: {phases})")
    target = medians[args.expert]
    closest = min(specs[1:], key=lambda spec: abs(medians[spec] - target))
    print(f"closest median to {args.expert} ({target * 1e3:.2f} ms): {closest}")


if __name__ == "__main__":
    main()
