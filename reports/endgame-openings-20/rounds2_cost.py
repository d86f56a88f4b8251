"""What a rounds=2 study would cost the endgame solver (a measurement, not a solve).

A rounds=2 study deals rounds 1-3 as a public opening; nine cards are left (round 4's draw,
round 5's draw, the reserve): 630 deals. Round 4's split (6) and choice (2) lead to 7,560
round-5 starts, so the subgame is the round-5 tree over 7,560 roots with two small layers
in front. The tree module is round-5 only: this script builds the round-5 part over those
7,560 roots (every round-4 split and choice of every deal) and times its build and CFR+
iterations. It does not key the round-5 information states by what each player saw in
round 4, so it is a cost measurement (the real tree adds two layers and has more information
states), not a solve. Run from the repository root:

    PYTHONPATH=src python reports/endgame-openings-20/rounds2_cost.py [opening] [swap] [iterations]
"""

from __future__ import annotations

import resource
import sys
import time
from itertools import combinations

import numpy as np

from divided import games
from divided.bots.divided_ranks.endgame.solver import CFRPlus
from divided.bots.divided_ranks.endgame.tree import SPLITS, Roots, Round5Tree
from divided.cards import mask_indices
from divided.games.divided_ranks.state import ALL_CARDS


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    swap = sys.argv[2] if len(sys.argv) > 2 else "blind"
    iterations = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    game = games.load("divided-ranks", rounds=2, opening_seed=seed, first_splitter=0, swap=swap, build="auto")
    state = game.new_initial_state(seed=0)
    view = state.observation(0)
    assert view.round == 3, view.round  # round 4 (counting from 1) is the first one played
    hands = [state.observation(p).hand for p in (0, 1)]
    pool = mask_indices(ALL_CARDS & ~hands[0] & ~hands[1])
    assert len(pool) == 9
    splitter4 = view.current_player  # the round-4 splitter; the other splits round 5
    rows = []
    for draw4 in combinations(pool, 4):
        rest = [c for c in pool if c not in draw4]
        for reserve in rest:
            draw5 = sum(1 << c for c in rest if c != reserve)
            for i, j in SPLITS:
                up = (1 << draw4[i]) | (1 << draw4[j])
                down = sum(1 << c for c in draw4) ^ up
                for took_up in (True, False):
                    h = list(hands)
                    h[1 - splitter4] |= up if took_up else down
                    h[splitter4] |= down if took_up else up
                    rows.append((h[0], h[1], draw5, reserve))
    table = np.array(rows, dtype=np.int64)
    roots = Roots((table[:, 0], table[:, 1]), table[:, 2], table[:, 3], np.ones(len(table)))
    began = time.perf_counter()
    tree = Round5Tree(roots, splitter=1 - splitter4, reserve_first=splitter4, face_up_swap=swap == "face-up")
    built = time.perf_counter() - began
    solver = CFRPlus(tree)
    began = time.perf_counter()
    solver.iterate(iterations)
    per_iteration = (time.perf_counter() - began) / iterations
    began = time.perf_counter()
    nash_conv = solver.nash_conv()
    check = time.perf_counter() - began
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"opening {seed} {swap}: {len(roots):,} round-5 roots, {tree.leaves:,} leaves, information states "
          f"{[layer.states for layer in tree.layers]}; build {built:.1f} s, CFR+ {per_iteration:.2f} s per "
          f"iteration, NashConv check {check:.2f} s (NashConv {nash_conv:.3f} after {iterations}); "
          f"peak memory {peak:,.0f} MB")


if __name__ == "__main__":
    main()
