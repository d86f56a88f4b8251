"""DIVIDE's observation from the core state (``LAYOUT.encode_state``), timed alone on new games.

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/bench_divide_encoding.py [--players 4]
[--games 10] [--repeats 12]``. Each repeat plays ``--games`` new games (random legal actions,
seeds never met before) and then encodes every decision's position for the player to act, in
the order of play, as PettingZoo asks for them; CPU time per encoding, the median and range
over the repeats. Warm-up games first (so the kept pieces are those of earlier games, not of
these). Run it with each source tree on ``PYTHONPATH`` in turns to compare two trees.

``--in-loop``: the same encodings timed where PettingZoo asks for them, inside its agent loop
(random legal actions; ``--games`` games a repeat, 4 rounds): each call timed by the thread's CPU
clock, whose own cost (a call of the clock pair, timed around an empty function in the same
loop) is subtracted. Between two encodings the engine and numpy run, so the encoder's code and
kept pieces are met colder than in a tight loop.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
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
    parser.add_argument("--in-loop", action="store_true", help="time the encodings inside PettingZoo's loop")
    args = parser.parse_args()
    if args.in_loop:
        in_loop(args.players, args.games, args.repeats)
        return
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


def in_loop(players: int, games_a_repeat: int, repeats: int) -> None:
    """``encode_state`` timed inside PettingZoo's agent loop (see the module text)."""
    import numpy as np

    from divided.adapters import pettingzoo

    environment = pettingzoo.env("divide", players=players, rounds=4)
    raw = environment.unwrapped
    clock = time.thread_time_ns
    spent = [0, 0]

    def timed(encode: Callable[[Any, int, int], int]) -> Callable[[Any, int, int], int]:
        def encode_timed(state: Any, player: int, current: int) -> int:
            start = clock()
            bits = encode(state, player, current)
            spent[0] += clock() - start
            spent[1] += 1
            return bits
        return encode_timed

    def nothing(state: Any, player: int, current: int) -> int:
        return 0

    def play(encode: Callable[[Any, int, int], int], seeds: range) -> float:
        raw.layout = type("Timed", (), {"pieces": LAYOUT.pieces, "encode": LAYOUT.encode,
                                        "encode_state": staticmethod(timed(encode))})()
        spent[:] = [0, 0]
        for seed in seeds:
            rng = random.Random(seed)
            environment.reset(seed=seed)
            for _agent in environment.agent_iter():
                observation, _reward, terminated, truncated, _info = environment.last()
                if terminated or truncated:
                    environment.step(None)
                else:
                    environment.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        return spent[0] / spent[1] / 1000

    load = os.getloadavg()[0]
    play(LAYOUT.encode_state, range(10**6, 10**6 + games_a_repeat))  # warm-up
    encodings, clocks = [], []
    for repeat in range(repeats):
        seeds = range(repeat * games_a_repeat, (repeat + 1) * games_a_repeat)
        encodings.append(play(LAYOUT.encode_state, seeds))
        clocks.append(play(nothing, seeds))
    clock_cost = statistics.median(clocks)
    print(f"DIVIDE, {players} players: encode_state inside PettingZoo's loop, {repeats} x {games_a_repeat} games, "
          f"thread CPU time (load average before: {load:.2f})")
    print(f"{statistics.median(encodings) - clock_cost:.2f} µs an encoding "
          f"({min(encodings) - clock_cost:.2f}-{max(encodings) - clock_cost:.2f}; the clock's {clock_cost:.2f} "
          "taken off)")


if __name__ == "__main__":
    main()
