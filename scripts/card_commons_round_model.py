"""Measure Card Commons' per-round outcome model (the nine outcomes of the two comparisons, from
the starter's side) for :mod:`divided.bots.card_commons.match`.

Each round is a fresh deal (seeded), drafted with uniformly random legal turn actions and keep
decisions, then built by both players with ``best_build(view, aim_for="points")`` (the build
game's own equilibrium; points, not the match, so the model does not feed on itself).

    PYTHONPATH=src python scripts/card_commons_round_model.py --rounds 4000 --seed 1
"""

from __future__ import annotations

import argparse
import math
import random
import time

from divided import games
from divided.bots.card_commons.build import best_build
from divided.bots.card_commons.match import LOSE, TIE, WIN


def outcome(winner: int | None, starter: int) -> int:
    if winner is None:
        return TIE
    return WIN if winner == starter else LOSE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = games.load("card-commons", first_starter=0)
    counts = [[0, 0, 0] for _ in range(3)]
    started = time.perf_counter()
    for n in range(args.rounds):
        seed = args.seed * 1_000_003 + n
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        while state.core.phase != "build":
            state.apply_action(rng.choice(state.legal_actions()))
        while state.core.phase == "build":
            player = state.current_player()
            state.apply_action(best_build(state.observation(player), aim_for="points"))
        played = state.core.rounds[0]
        counts[outcome(played.five, played.starter)][outcome(played.three, played.starter)] += 1
    total = args.rounds
    print(f"{total} rounds in {time.perf_counter() - started:.0f} s (random draft, build by best_build aim=points)")
    print("starter's side [five][three] (win, tie, lose):")
    for row in counts:
        print("    (" + ", ".join(f"{c / total:.4f}" for c in row) + "),")
    worst = max(1.96 * math.sqrt(c / total * (1 - c / total) / total) for row in counts for c in row)
    print(f"counts: {counts}; the largest 95% margin of a cell: {worst:.4f}")
    five = [sum(row) / total for row in counts]
    three = [sum(counts[f][t] for f in range(3)) / total for t in range(3)]
    print(f"five: starter wins {five[0]:.4f}, tie {five[1]:.4f}, loses {five[2]:.4f}; "
          f"three: starter wins {three[0]:.4f}, tie {three[1]:.4f}, loses {three[2]:.4f}")


if __name__ == "__main__":
    main()
