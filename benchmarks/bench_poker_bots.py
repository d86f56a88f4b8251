"""CPU time of the poker bots' decisions, by game, table size and decision kind.

Run: ``.venv/bin/python benchmarks/bench_poker_bots.py [--deals 6] [--bots equity,rock] [--players 2,4]
[--games jackpot,bounce-back]``

For every poker game at each table size (clipped to the game's range), ``--deals`` deals
(seeds 0..) are played with every seat the measured bot; each decision with more than one
legal action is timed by the process's CPU time (``time.process_time``). Before timing, one
deal of every game is played untimed (the ranking tables and imports are built once per
process). Printed per bot: the median and p95 of every decision kind (the step's kind: bet,
draw, assign, partition (split and order), exchange-turns, discard-rounds, take-back, auction,
call-draws), of each game's decisions ("all") and over all decisions, with the count.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import defaultdict

from divided import games
from divided.bots.base import make_bot
from divided.games.poker import actions as act
from divided.games.poker.variants import VARIANTS


def play(game: str, players: int, bot_name: str, seed: int, times: dict[str, list[float]] | None) -> None:
    state = games.load(game, players=players).new_initial_state(seed=seed)
    bots = [make_bot(game, bot_name) for _ in range(players)]
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        view = state.observation(seat)
        kind = str(view.config.steps[view.step].kind)
        if act.ORDER <= legal[0] < act.ORDER_END:
            kind = "order"
        start = time.process_time()
        action = bots[seat].choose(view, legal, rng)
        spent = time.process_time() - start
        if times is not None and len(legal) > 1:
            times[kind].append(spent)
        state = state.child(action)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--bots", default="equity")
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every poker game)")
    args = parser.parse_args()
    chosen = {game: VARIANTS[game] for game in args.games.split(",")} if args.games else VARIANTS
    sizes = [int(p) for p in args.players.split(",")]
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    for bot in args.bots.split(","):
        for game, variant in chosen.items():  # warm-up
            play(game, variant.players[0], bot, 10_000, None)
        every: list[float] = []
        for players in sizes:
            for game, variant in chosen.items():
                table = min(max(players, variant.players[0]), variant.players[1])
                times: dict[str, list[float]] = defaultdict(list)
                for seed in range(args.deals):
                    play(game, table, bot, seed, times)
                parts = []
                game_all: list[float] = []
                for kind, spent in sorted(times.items()):
                    every += spent
                    game_all += spent
                    parts.append(f"{kind} {len(spent)}: {statistics.median(spent) * 1e3:.1f}/{p95(spent) * 1e3:.1f}")
                if game_all:
                    parts.append(f"all {len(game_all)}: {statistics.median(game_all) * 1e3:.1f}/"
                                 f"{p95(game_all) * 1e3:.1f}")
                print(f"{bot:>15} {game:>20} {table}p  (median/p95 ms) " + "; ".join(parts))
        print(f"{bot:>15} all decisions {len(every)}: median {statistics.median(every) * 1e3:.2f} ms, "
              f"p95 {p95(every) * 1e3:.2f} ms")
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")


if __name__ == "__main__":
    main()
