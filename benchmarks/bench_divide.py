"""Speed of DIVIDE's engine: random games per second at 4 and 6 players.

Run: ``.venv/bin/python benchmarks/bench_divide.py [--games 40] [--repeats 5] [--cpu-time]``
(one core, in this process; ``--cpu-time`` times by the process's CPU time instead of wall time,
less sensitive to other work on a shared machine). Every figure is the median of the repeats;
repeat ``k`` plays seeds ``k*games ..`` and the variants take turns within each repeat, so a noisy
machine slows them alike.

* engine: ``new_initial_state(seed)`` (every chance node resolved from the seed), uniformly random
  legal actions to the end of the game;
* engine + views: as above, and the view of the player to move before each of its actions (what a
  bot is given), and every player's view at the end.

Each line gives games per second, player moves per game and microseconds per player move.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from divided import games

Playout = Callable[[int, random.Random], int]
"""Plays the game of a seed; returns the player moves it took."""


def engine(players: int, *, views: bool) -> Playout:
    game = games.load("divide", players=players)

    def play(seed: int, rng: random.Random) -> int:
        state = game.new_initial_state(seed)
        moves = 0
        while not state.is_terminal():
            if views:
                state.observation(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        if views:
            for player in range(players):
                state.observation(player)
        return moves

    return play


def measure(variants: dict[str, Playout], games_per_run: int, repeats: int, clock: Callable[[], float]) -> None:
    times: dict[str, list[float]] = {name: [] for name in variants}
    moves: dict[str, list[int]] = {name: [] for name in variants}
    for repeat in range(repeats):
        for name, play in variants.items():
            rng = random.Random(repeat)
            start = clock()
            total = sum(play(repeat * games_per_run + k, rng) for k in range(games_per_run))
            times[name].append(clock() - start)
            moves[name].append(total)
    for name in variants:
        median = statistics.median(times[name])
        per_game = statistics.median(moves[name]) / games_per_run
        print(f"{name:28s} {games_per_run / median:8.1f} games/s  {per_game:6.1f} moves/game  "
              f"{1e6 * median / (per_game * games_per_run):7.1f} us/move  (median of {repeats})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per repeat and variant")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--cpu-time", action="store_true", help="time by process CPU time")
    args = parser.parse_args()
    clock = time.process_time if args.cpu_time else time.perf_counter
    variants = {f"{players} players, {label}": engine(players, views=views)
                for players in (4, 6) for label, views in (("engine", False), ("engine + views", True))}
    measure(variants, args.games, args.repeats, clock)


if __name__ == "__main__":
    main()
