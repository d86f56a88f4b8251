"""Speed of the bots: skilled-vs-skilled games, the expert's decision latency, expert games.

Run: ``.venv/bin/python benchmarks/bench_bots.py`` (one core, in this process). Latencies are
per decision of the expert playing the skilled bot in seeded games, by phase and overall.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

from divided import games
from divided.bots import make_bot


def play(names: tuple[str, str], seeds: range, timed_seat: int | None = None,
         latencies: dict[str, list[float]] | None = None) -> float:
    """Play one game per seed; return games per second."""
    game = games.load("divided-ranks")
    bots = [make_bot("divided-ranks", names[0]), make_bot("divided-ranks", names[1])]
    start = time.perf_counter()
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            player = state.current_player()
            view = state.observation(player)
            began = time.perf_counter()
            action = bots[player].choose(view, state.legal_actions(), rng)
            if latencies is not None and player == timed_seat:
                latencies[str(view.phase)].append(time.perf_counter() - began)
            state.apply_action(action)
    return len(seeds) / (time.perf_counter() - start)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--expert", default="expert", help="expert bot spec (default: expert)")
    parser.add_argument("--expert-games", type=int, default=200)
    args = parser.parse_args()
    play(("skilled", "skilled"), range(50))  # warm the tables
    skilled = statistics.median(play(("skilled", "skilled"), range(k * 1000, k * 1000 + 1000))
                                for k in range(args.repeats))
    latencies: dict[str, list[float]] = defaultdict(list)
    for seat in (0, 1):
        play((args.expert, "skilled") if seat == 0 else ("skilled", args.expert),
             range(10_000, 10_000 + args.expert_games // 2), seat, latencies)
    everything = [t for values in latencies.values() for t in values]
    expert_games = play((args.expert, args.expert), range(20_000, 20_000 + args.expert_games // 2))
    print(f"skilled vs skilled, one core: {skilled:,.0f} games/s (median of {args.repeats} x 1,000)")
    print(f"{args.expert} decision latency over {len(everything):,} decisions against skilled: "
          f"median {statistics.median(everything) * 1e3:.2f} ms, mean {statistics.fmean(everything) * 1e3:.2f} ms, "
          f"p95 {percentile(everything, 0.95) * 1e3:.2f} ms, max {max(everything) * 1e3:.1f} ms")
    for phase, values in sorted(latencies.items()):
        print(f"  {phase:>7}: {len(values):5d} decisions, median {statistics.median(values) * 1e3:7.2f} ms, "
              f"mean {statistics.fmean(values) * 1e3:7.2f} ms, p95 {percentile(values, 0.95) * 1e3:7.2f} ms")
    print(f"{args.expert} vs {args.expert}, one core: {expert_games:.1f} games/s "
          f"({args.expert_games // 2} games)")


if __name__ == "__main__":
    main()
