"""What a rounds=2 study costs the endgame solver: the tree's size, build time, memory and CFR+
time per iteration (a measurement; ``divided solve --openings N --rounds 2`` does the solving).

    PYTHONPATH=src python reports/endgame-openings-r2/rounds2_cost.py [opening] [swap] [iterations]
"""

from __future__ import annotations

import resource
import sys
import time

from divided.bots.divided_ranks.endgame.openings import round4_tree
from divided.bots.divided_ranks.endgame.solver import CFRSolver


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    swap = sys.argv[2] if len(sys.argv) > 2 else "blind"
    iterations = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    began = time.perf_counter()
    tree = round4_tree(seed, swap=swap, order="chooser-first")
    built = time.perf_counter() - began
    solver = CFRSolver(tree)
    began = time.perf_counter()
    solver.iterate(iterations)
    per_iteration = (time.perf_counter() - began) / iterations
    began = time.perf_counter()
    solver.nash_conv()
    check = time.perf_counter() - began
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"opening {seed} {swap}: {len(tree.chance)} deals, {tree.leaves:,} leaves, information states "
          f"{[layer.states for layer in tree.layers]}; build {built:.1f} s, CFR+ {per_iteration:.2f} s per "
          f"iteration, NashConv check {check:.2f} s; peak memory {peak:,.0f} MB")


if __name__ == "__main__":
    main()
