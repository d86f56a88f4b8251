"""Speed of the foundation: evaluation, auto-arrange, the table build and whole games.

Run: ``make bench`` (or ``.venv/bin/python benchmarks/bench_foundation.py``; ``--three-only``
runs only the 3-card evaluation rows). Each figure is the median of several repeats in this
process (one core); see BENCHMARKS.md for recorded runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from itertools import combinations

import numpy as np

from divided import games
from divided.bots.random_bot import RandomBot
from divided.hands.arrange import all_holdings, arrange, best_weaker_mask, best_weaker_masks, build_table
from divided.hands.batch import strengths
from divided.hands.five import strength_of_mask
from divided.hands.three import PACK21_THREE, strength3_of_mask, strengths3, three_strength_array


def median_rate(work: Callable[[], int], repeats: int) -> float:
    """Median items per second over ``repeats`` runs of ``work`` (which returns its item count)."""
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        items = work()
        rates.append(items / (time.perf_counter() - start))
    return statistics.median(rates)


def three_card_rows(repeats: int) -> list[tuple[str, str]]:
    """Card Commons' 3-card evaluation: single calls on masks and on cards, and numpy batches of
    ``(n, 3)`` card indices (the cube look-up ``rank_batch`` uses, and the colex array)."""
    combos = list(combinations(range(21), 3))
    masks = [sum(1 << c for c in combo) for combo in combos] * 20  # 26,600 hands
    cards = [[PACK21_THREE.pack[c] for c in combo] for combo in combos] * 5
    strength3_of_mask(masks[0])  # build the table once

    def single_mask() -> int:
        for mask in masks:
            strength3_of_mask(mask)
        return len(masks)

    def single_cards() -> int:
        for hand in cards:
            PACK21_THREE.strength(hand)
        return len(cards)

    generator = np.random.default_rng(2026)
    rows = generator.permuted(np.array(combos * 752, dtype=np.int64), axis=1)  # about 1M hands
    rows = rows[generator.permutation(len(rows))]  # random order, cards in random order in a row
    PACK21_THREE.rank_batch(rows[:10])
    table = three_strength_array()

    def batch_cube() -> int:
        PACK21_THREE.rank_batch(rows)
        return len(rows)

    batch_masks = np.bitwise_or.reduce(np.left_shift(1, rows), axis=1)
    strengths3(batch_masks[:10])

    def batch_masks_lookup() -> int:
        strengths3(batch_masks)
        return len(batch_masks)

    def batch_colex() -> int:
        i, j, k = np.sort(rows, axis=1).T
        table[i + j * (j - 1) // 2 + k * (k - 1) * (k - 2) // 6]
        return len(rows)

    return [
        ("3-card strength, single call (mask)", f"{median_rate(single_mask, repeats) / 1e6:.2f} M hands/s"),
        ("3-card strength, single call (cards)", f"{median_rate(single_cards, repeats) / 1e6:.2f} M hands/s"),
        ("3-card strength, numpy batch (rank_batch, cube)",
         f"{median_rate(batch_cube, repeats) / 1e6:.1f} M hands/s"),
        ("3-card strength, numpy batch (masks, strengths3)",
         f"{median_rate(batch_masks_lookup, repeats) / 1e6:.1f} M hands/s"),
        ("3-card strength, numpy batch (sort + colex array)",
         f"{median_rate(batch_colex, repeats) / 1e6:.1f} M hands/s"),
    ]


def print_rows(rows: list[tuple[str, str]]) -> None:
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--three-only", action="store_true", help="only the 3-card evaluation rows")
    args = parser.parse_args()
    if args.three_only:
        print_rows(three_card_rows(args.repeats))
        return
    rng = random.Random(2026)
    five = [sum(1 << c for c in combo) for combo in combinations(range(21), 5)]
    arrange(all_holdings()[0].item())  # load or build the table once
    holdings = [h.item() for h in all_holdings()]
    sample = rng.sample(holdings, 100_000)

    def single_strength() -> int:
        for mask in five:
            strength_of_mask(mask)
        return len(five)

    shuffle = np.random.default_rng(2026).permutation
    batch_masks = shuffle(np.array(five * 50, dtype=np.int64))  # about 1M hands, random order

    def batch_strength() -> int:
        strengths(batch_masks)
        return len(batch_masks)

    def single_arrange() -> int:
        for holding in sample[:20_000]:
            arrange(holding)
        return 20_000

    def single_arrange_fast() -> int:
        for holding in sample:
            best_weaker_mask(holding)
        return len(sample)

    batch_holdings = shuffle(np.array(holdings * 3, dtype=np.int64))  # about 1M holdings, random order

    def batch_arrange() -> int:
        best_weaker_masks(batch_holdings)
        return len(batch_holdings)

    game = games.load("divided-ranks")
    bots = (RandomBot("divided-ranks"), RandomBot("divided-ranks"))

    def random_games() -> int:
        play_rng = random.Random(rng.random())
        for _ in range(2_000):
            state = game.new_initial_state(seed=play_rng.randrange(2**62))
            while not state.is_terminal():
                player = state.current_player()
                action = bots[player].choose(state.observation(player), state.legal_actions(), play_rng)
                state.apply_action(action)
        return 2_000

    builds = []
    for _ in range(max(1, args.repeats // 2)):
        start = time.perf_counter()
        build_table()
        builds.append(time.perf_counter() - start)

    rows = [
        ("5-card strength, single call", f"{median_rate(single_strength, args.repeats) / 1e6:.2f} M hands/s"),
        ("5-card strength, numpy batch", f"{median_rate(batch_strength, args.repeats) / 1e6:.1f} M hands/s"),
        ("auto-arrange, single call (Arrangement)",
         f"{1e6 / median_rate(single_arrange, args.repeats):.2f} us/holding"),
        ("auto-arrange, single call (weaker-hand mask)",
         f"{1e6 / median_rate(single_arrange_fast, args.repeats):.2f} us/holding"),
        ("auto-arrange, numpy batch", f"{median_rate(batch_arrange, args.repeats) / 1e6:.1f} M holdings/s"),
        ("arrange table build (all 352,716 holdings)", f"{statistics.median(builds):.2f} s"),
        ("random vs random complete games, one core", f"{median_rate(random_games, args.repeats):,.0f} games/s"),
        *three_card_rows(args.repeats),
    ]
    print_rows(rows)


if __name__ == "__main__":
    main()
