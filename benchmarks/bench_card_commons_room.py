"""Card Commons' room: world samples a second, and the cost of the books and the observation.

Run: ``.venv/bin/python benchmarks/bench_card_commons_room.py``. Plays random matches (seeded)
and takes the decisions of the player to move at four moments of a round (the first turn, the
fifth, the last, the build); for each it times ``--repeats`` runs of ``--samples`` world samples
from one sampler and prints the median samples a second, the median cost of building the
sampler, of the books and of encoding the view.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from divided import games
from divided.games.card_commons.encoding import LAYOUT
from divided.games.card_commons.knowledge import knowledge
from divided.games.card_commons.state import Phase
from divided.games.card_commons.worlds import WorldSampler


def _median_seconds(work: Callable[[], object], repeats: int, calls: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):
            work()
        times.append((time.perf_counter() - start) / calls)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    moments = {"turn 1": lambda c: c.phase == Phase.ACT and c.turn == 0,
               "turn 5": lambda c: c.phase == Phase.ACT and c.turn == 4,
               "turn 8": lambda c: c.phase == Phase.ACT and c.turn == 7,
               "build": lambda c: c.phase == Phase.BUILD}
    rng = random.Random(args.seed)
    state = games.load("card-commons").new_initial_state(seed=args.seed)
    for _ in range(2 * 35):  # into the second round or later: the log has a past
        if state.is_terminal():
            state = games.load("card-commons").new_initial_state(seed=rng.randrange(10**6))
        state.apply_action(rng.choice(state.legal_actions()))
    print(f"{'moment':>8} {'samples/s':>10} {'sampler setup':>14} {'books':>8} {'encode':>8}")
    for name, wanted in moments.items():
        while state.is_terminal() or not wanted(state.core):
            if state.is_terminal():
                state = games.load("card-commons").new_initial_state(seed=rng.randrange(10**6))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        view = state.observation(state.current_player())
        sampler = WorldSampler(view)
        draw = random.Random(7)
        per_sample = _median_seconds(partial(sampler.sample, draw), args.repeats, args.samples)
        setup = _median_seconds(partial(WorldSampler, view), args.repeats, 200)
        books = _median_seconds(partial(knowledge, view), args.repeats, 500)
        encode = _median_seconds(partial(LAYOUT.encode, view), args.repeats, 500)
        print(f"{name:>8} {1 / per_sample:>10,.0f} {setup * 1e6:>11.0f} us {books * 1e6:>5.0f} us"
              f" {encode * 1e6:>5.0f} us   (round {view.round + 1}, {len(view.events)} events seen)")
        state.apply_action(rng.choice(state.legal_actions()))


if __name__ == "__main__":
    main()
