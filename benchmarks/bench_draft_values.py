"""The expert's draft playouts with and without the compiled loops (numba), on the same decisions.

Run: ``.venv/bin/python benchmarks/bench_draft_values.py`` (one core, in this process; needs
numba). Takes the first split and choose decisions of rounds 1 to 3 in ``--games`` seeded random
games and values every legal action over ``--worlds`` sampled worlds (the review's first look
samples up to 65,536), alternating numpy alone and the compiled loops decision by decision so
load from other work falls on both alike; checks the values are identical and prints the
median time of each and their ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

from divided import games
from divided.bots.divided_ranks import draft_values as dv
from divided.games.divided_ranks.state import Phase


def decisions(count: int) -> list[tuple[object, list[int]]]:
    found = []
    for seed in range(count):
        state = games.load("divided-ranks").new_initial_state(seed)
        rng = random.Random(seed)
        while state.core.phase in (Phase.SPLIT, Phase.CHOOSE) and state.core.round < 3:
            found.append((state.observation(state.current_player()), state.legal_actions()))
            state.apply_action(rng.choice(state.legal_actions()))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--worlds", type=int, default=16_384)
    args = parser.parse_args()
    if dv._compiled is None:
        raise SystemExit("numba is not installed: nothing to compare")
    compiled = dv._compiled
    times: dict[str, list[float]] = {"numpy": [], "compiled": []}
    for view, legal in decisions(args.games):
        found = {}
        for name, loops in (("numpy", None), ("compiled", compiled)):
            dv._compiled = loops
            began = time.perf_counter()
            found[name] = dv.draft_values(view, legal, np.random.default_rng(1), budget=args.worlds, target=0.0,
                                          epsilon=0.3, beta=1.0)
            times[name].append(time.perf_counter() - began)
        a, b = found["numpy"], found["compiled"]
        assert (a.values, a.errors) == (b.values, b.errors), "the compiled loops changed a value"
    dv._compiled = compiled
    numpy_median, compiled_median = (statistics.median(times[name]) for name in ("numpy", "compiled"))
    print(f"{len(times['numpy'])} decisions, up to {args.worlds:,} worlds each (identical values): numpy median "
          f"{numpy_median * 1e3:.1f} ms, compiled {compiled_median * 1e3:.1f} ms, "
          f"ratio {numpy_median / compiled_median:.2f}x")


if __name__ == "__main__":
    main()
