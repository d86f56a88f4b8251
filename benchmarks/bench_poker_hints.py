"""What a poker hint costs: the web app's hint (:func:`~divided.review.base.expert_choice` of the
poker advisor at the review's budget and salt 0: its first look over 64 worlds, and a closer look
of its top two where their order is not settled) timed at every decision with a choice, by
decision kind (bet, draw, assign, split, order), median and 95th percentile, in CPU time and wall
time of this process.

Run: ``.venv/bin/python benchmarks/bench_poker_hints.py --hands 6`` (every poker game at its
default table and one seat more; ``--game henway`` for one).

Hands: seeded deals (``--first`` + index) played by ``equity`` at every seat; the hint is asked
for the seat to act at each decision, and the load average at the start and the end is printed
(the figures of a shared machine are noisy: say the load with them).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from divided import games
from divided.bots import advisor, make_bot
from divided.review.base import DEFAULT_BUDGET, expert_choice
from divided.review.games.poker import EXPLAINER

SALT = 0


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=games.POKER, action="append")
    parser.add_argument("--hands", type=int, default=6, help="hands per game and table size")
    parser.add_argument("--first", type=int, default=500)
    args = parser.parse_args()
    print(f"load average at the start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores", flush=True)
    cpu: dict[str, list[float]] = {}
    wall: dict[str, list[float]] = {}
    for game in args.game or sorted(games.POKER):
        default = games.load(game).num_players()
        for players in (default, default + 1):
            loaded = games.load(game, players=players)
            hint = advisor(game, budget=DEFAULT_BUDGET)
            bot = make_bot(game, "equity")
            for index in range(args.hands):
                rng = random.Random(args.first + index)
                state = loaded.new_initial_state(seed=args.first + index)
                while not state.is_terminal():
                    if state.is_chance_node():
                        outcomes = state.legal_actions()
                        state.apply_action(outcomes[rng.randrange(len(outcomes))])
                        continue
                    seat, legal = state.current_player(), state.legal_actions()
                    view = state.observation(seat)
                    if len(legal) > 1:
                        kind = EXPLAINER.phase(view)
                        started, used = time.perf_counter(), time.process_time()
                        expert_choice(hint, view, legal, SALT)
                        wall.setdefault(kind, []).append(time.perf_counter() - started)
                        cpu.setdefault(kind, []).append(time.process_time() - used)
                    state.apply_action(bot.choose(view, legal, rng))
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    print("| kind | hints | CPU median ms | CPU p95 ms | wall median ms | wall p95 ms |")
    print("|---|---:|---:|---:|---:|---:|")
    every_cpu = [t for times in cpu.values() for t in times]
    every_wall = [t for times in wall.values() for t in times]
    for kind in [*sorted(cpu), "all"]:
        c = every_cpu if kind == "all" else cpu[kind]
        w = every_wall if kind == "all" else wall[kind]
        print(f"| {kind} | {len(c)} | {statistics.median(c) * 1000:.0f} | {p95(c) * 1000:.0f} | "
              f"{statistics.median(w) * 1000:.0f} | {p95(w) * 1000:.0f} |")


if __name__ == "__main__":
    main()
