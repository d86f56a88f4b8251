"""DIVIDE's observation from the core state (``LAYOUT.encode_state``), timed alone on new games.

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/bench_divide_encoding.py [--players 4]
[--games 10] [--repeats 12]``. Each repeat plays ``--games`` new games (random legal actions,
seeds never met before) and then encodes every decision's position for the player to act, in
the order of play, as PettingZoo asks for them; CPU time per encoding, the median and range
over the repeats. Warm-up games first (so the kept pieces are those of earlier games, not of
these). Run it with each source tree on ``PYTHONPATH`` in turns to compare two trees.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from typing import Any

from divided import games
from divided.games.divide.encoding import LAYOUT


def positions(loaded: Any, seeds: range) -> list[tuple[Any, int]]:
    """Every decision's core state and player to act in the games of ``seeds``, in order."""
    rng = random.Random(seeds.start)
    found = []
    for seed in seeds:
        state = loaded.new_initial_state(seed)
        while not state.is_terminal():
            found.append((state.core, state.current_player()))
            state.apply_action(rng.choice(state.legal_actions()))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4, choices=(4, 6))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=12)
    args = parser.parse_args()
    loaded = games.load("divide", players=args.players)
    encode_state = LAYOUT.encode_state
    load = os.getloadavg()[0]
    for core, player in positions(loaded, range(10**6, 10**6 + args.games)):  # warm-up
        encode_state(core, player, player)
    per_encoding = []
    for repeat in range(args.repeats):
        met = positions(loaded, range(repeat * args.games, (repeat + 1) * args.games))
        start = time.process_time()
        for core, player in met:
            encode_state(core, player, player)
        per_encoding.append((time.process_time() - start) / len(met) * 1e6)
    print(f"DIVIDE, {args.players} players: encode_state on {args.repeats} x {args.games} new games, CPU time "
          f"(load average before: {load:.2f})")
    print(f"{statistics.median(per_encoding):.2f} µs an encoding ({min(per_encoding):.2f}-{max(per_encoding):.2f})")


if __name__ == "__main__":
    main()
