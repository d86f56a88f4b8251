"""The expert's draft playouts with and without the compiled loops (numba), or on one thread and
on several, on the same decisions.

Run: ``.venv/bin/python benchmarks/bench_draft_values.py`` (needs numba). Takes the first split
and choose decisions of rounds 1 to 3 in ``--games`` seeded random games and values every legal
action (``--actions 2``: the first two only, as the review's closer looks compare two) over
``--worlds`` sampled worlds in batches of ``--batch`` (the review's first look samples up to
65,536 in batches of 1,024; its closer looks use batches of 4,096), alternating the two arms
decision by decision so load from other work falls on both alike; checks the values are
identical and prints the median time of each and their ratio.

* ``--compare numpy`` (the default): numpy alone against the compiled loops, both on one thread.
* ``--compare threads``: the compiled loops on one thread against the default number of threads
  (one per core, at most two; see :func:`divided.bots.divided_ranks.draft_values.threads`).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

import numpy as np

from divided import games
from divided.bots.divided_ranks import draft_values as dv
from divided.games.divided_ranks.state import Phase
from divided.games.divided_ranks.view import PlayerView


def decisions(count: int) -> list[tuple[PlayerView, list[int]]]:
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
    parser.add_argument("--batch", type=int, default=dv.BATCH)
    parser.add_argument("--actions", type=int, default=0, help="value only the first N legal actions (0: all)")
    parser.add_argument("--compare", choices=("numpy", "threads"), default="numpy")
    args = parser.parse_args()
    if dv._compiled is None:
        raise SystemExit("numba is not installed: nothing to compare")
    compiled = dv._compiled
    os.environ.pop("DIVIDED_THREADS", None)
    many = dv.threads()
    # each arm: its name, the loops, the threads
    arms = ([("numpy", None, "1"), ("compiled", compiled, "1")] if args.compare == "numpy" else
            [("one thread", compiled, "1"), (f"{many} threads", compiled, str(many))])
    times: dict[str, list[float]] = {name: [] for name, _, _ in arms}
    for view, legal in decisions(args.games):
        legal = legal[: args.actions] if args.actions else legal
        found = {}
        for name, loops, threads in arms:
            dv._compiled = loops
            os.environ["DIVIDED_THREADS"] = threads
            began = time.perf_counter()
            found[name] = dv.draft_values(view, legal, np.random.default_rng(1), budget=args.worlds, target=0.0,
                                          epsilon=0.3, beta=1.0, batch=args.batch)
            times[name].append(time.perf_counter() - began)
        a, b = (found[name] for name, _, _ in arms)
        assert (a.values, a.errors) == (b.values, b.errors), "the second arm changed a value"
    dv._compiled = compiled
    (first, _, _), (second, _, _) = arms
    first_median, second_median = statistics.median(times[first]), statistics.median(times[second])
    print(f"{len(times[first])} decisions, up to {args.worlds:,} worlds each in batches of {args.batch:,} "
          f"(identical values): {first} median {first_median * 1e3:.1f} ms, {second} {second_median * 1e3:.1f} ms, "
          f"ratio {first_median / second_median:.2f}x")


if __name__ == "__main__":
    main()
