"""Speed of Card Commons' bots: the expert's (or any bot's) decision latency against skilled.

Run: ``.venv/bin/python benchmarks/bench_card_commons_bots.py [--bot expert] [--matches 20]``
(one core, in this process). The bot plays ``--matches`` seeded matches against skilled, taking
each seat in turn; every one of its decisions is timed by wall time and by the process's CPU time
(less sensitive to other work on a shared machine), overall and by phase. The value tables are
built before the clock starts. Also prints the bot's score in those matches (a small sample: the
lab measures strength).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

from divided import games
from divided.bots import make_bot
from divided.bots.card_commons.values import tables

GAME = "card-commons"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bot", default="expert", help="the timed bot (default: expert)")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--seed", type=int, default=3000, help="first seed (each seed is played twice)")
    args = parser.parse_args()
    tables()
    game = games.load(GAME)
    timed, skilled = make_bot(GAME, args.bot), make_bot(GAME, "skilled")
    wall: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    score = 0.0
    for match in range(args.matches):
        seat, seed = match % 2, args.seed + match // 2
        bots = [timed, skilled] if seat == 0 else [skilled, timed]
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            player = state.current_player()
            view = state.observation(player)
            legal = state.legal_actions()
            began, began_cpu = time.perf_counter(), time.process_time()
            action = bots[player].choose(view, legal, rng)
            if player == seat:
                for phase in (str(view.phase), "all"):
                    wall[phase].append(time.perf_counter() - began)
                    cpu[phase].append(time.process_time() - began_cpu)
            state.apply_action(action)
        score += (state.returns()[seat] + 1) / 2
    print(f"{args.bot} against skilled: {args.matches} matches, score {score / args.matches:.3f}")
    print("phase      decisions   CPU median / p95 (ms)   wall median / p95 (ms)")
    for phase in sorted(cpu):
        c, w = cpu[phase], wall[phase]
        print(f"{phase:<10} {len(c):>9}   {1e3 * statistics.median(c):8.1f} / {1e3 * percentile(c, 0.95):7.1f}"
              f"        {1e3 * statistics.median(w):8.1f} / {1e3 * percentile(w, 0.95):7.1f}")


if __name__ == "__main__":
    main()
