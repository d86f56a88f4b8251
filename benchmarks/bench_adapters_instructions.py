"""PettingZoo's cost against the engine in instructions (valgrind), which a loaded machine does not change.

Run: ``.venv/bin/python benchmarks/bench_adapters_instructions.py --before OLD/src --after src
[--game divide] [--games 10]`` (``OLD`` e.g. ``git archive <commit> src | tar -x -C OLD``; needs
``valgrind``). For each tree, three processes run under ``valgrind --tool=cachegrind
--cache-sim=no`` (``PYTHONHASHSEED=0``): one that only imports and warms up, one that then plays
``--games`` random games on the seeded engine, one that plays them through the PettingZoo loop
of ``bench_*adapters*.py`` (``agent_iter``/``last``/``np.flatnonzero`` of the mask/``step``). The
engine's and PettingZoo's instructions are each run's count less the first one's; the ratio is
theirs. The three processes of both trees run at once (counts do not depend on timing).

Instructions are not time: the environment's instructions run at a lower rate than the
engine's (numpy calls, allocations, larger integers), so its CPU-time ratio is higher than this
one. Use it to compare two trees exactly, not as the cost in time.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
from pathlib import Path

OPTIONS = {"divide": {"players": 4, "rounds": 4}, "divided-ranks": {}, "card-commons": {}}
REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def child(game: str, what: str, count: int) -> None:
    """Warm up, then play ``count`` games of ``what`` (``engine``, ``env`` or ``none``)."""
    import numpy as np

    from divided import games
    from divided.adapters import pettingzoo

    environment = pettingzoo.env(game, **OPTIONS[game])
    loaded = games.load(game, **OPTIONS[game])

    def through_pettingzoo(seed: int, rng: random.Random) -> None:
        environment.reset(seed=seed)
        for _agent in environment.agent_iter():
            observation, _reward, terminated, truncated, _info = environment.last()
            if terminated or truncated:
                environment.step(None)
            else:
                environment.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))

    def on_the_engine(seed: int, rng: random.Random) -> None:
        state = loaded.new_initial_state(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))

    for play in (through_pettingzoo, on_the_engine):
        for seed in range(2):
            play(10**6 + seed, random.Random(0))
    play = {"env": through_pettingzoo, "engine": on_the_engine}.get(what)
    if play is not None:
        for seed in range(count):
            play(seed, random.Random(seed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", help="the source folder (src) before")
    parser.add_argument("--after", help="the source folder (src) after")
    parser.add_argument("--game", default="divide", choices=list(OPTIONS))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--child", nargs=3, metavar=("GAME", "WHAT", "COUNT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], args.child[1], int(args.child[2]))
        return
    trees = {label: source for label, source in (("before", args.before), ("after", args.after)) if source}
    runs = {}
    for label, source in trees.items():
        for what in ("none", "engine", "env"):
            env = {**os.environ, "PYTHONPATH": str(Path(source).resolve()), "PYTHONHASHSEED": "0"}
            command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                       sys.executable, __file__, "--child", args.game, what, str(args.games)]
            runs[label, what] = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                                 text=True)
    counts = {}
    for key, process in runs.items():
        _, errors = process.communicate()
        found = REFS.search(errors)
        if process.returncode or found is None:
            raise RuntimeError(f"{key}: valgrind failed:\n{errors[-2000:]}")
        counts[key] = int(found.group(1).replace(",", ""))
    print(f"{args.game}: instructions of {args.games} random games (valgrind cachegrind, millions)")
    for label in trees:
        engine = counts[label, "engine"] - counts[label, "none"]
        environment = counts[label, "env"] - counts[label, "none"]
        print(f"  {label:6} engine {engine / 1e6:8.1f}  PettingZoo {environment / 1e6:8.1f}  "
              f"ratio {environment / engine:.3f}x")


if __name__ == "__main__":
    main()
