"""Speed of the standard-deck poker rankings (:mod:`divided.hands.poker`) beside the peer libraries.

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/bench_poker.py`` (``--quick`` for a short run).
The peers (treys, eval7, phevaluator, pokerkit) come with the ``bench`` extra; a missing one is
reported and skipped. Every figure is the median of ``--repeats`` runs in this one process (one
core), timed in CPU seconds of the process (``time.process_time``: on a shared machine wall time
also counts other programs). Each library gets the same hands on its own native input: ours is
pack indices through ``strength_of_indices`` (per call) and an ``(n, k)`` int8 array through
``rank_batch``; treys its integer cards, eval7 and pokerkit their card objects, phevaluator
card ids. Systems not merged yet (``system()`` raising) print a "not available" line.

``--first-use`` also times, in fresh processes, the first call of each system (import plus
table build), median of three.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from divided.hands.poker import RULES, system

RANKS = "23456789TJQKA"
SUITS = "shdc"  # STANDARD_52's order: index = (rank - 2) * 4 + suit

# Configurations beyond each rule's defaults: the qualifier, two decks and a few wild sets.
EXTRA = [
    ("a5", {"qualifier": 8}),
    ("six", {"decks": 2}),
    ("high", {"wild": "jokers"}),
    ("high", {"wild": "deuces"}),
    ("high", {"wild": "one-eyed-jacks", "natural_beats_wild": True}),
    ("high", {"wild": "bug"}),
    ("high", {"wild": "jokers", "double_ace_flush": True}),
    ("a5", {"wild": "jokers"}),
    ("27", {"wild": "deuces"}),
    ("a6", {"wild": "jokers"}),
]


def configurations() -> list[tuple[str, dict[str, Any]]]:
    return [*((rules, {}) for rules in RULES), *EXTRA]


def cpu_median(work: Callable[[], object], repeats: int) -> float:
    """Median CPU seconds of ``work`` over ``repeats`` runs."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return statistics.median(times)


def random_hands(rng: np.random.Generator, rows: int, size: int, pack: int) -> np.ndarray:
    return np.argsort(rng.random((rows, pack)), axis=1)[:, :size].astype(np.int8)


def text(index: int) -> str:
    return RANKS[index // 4] + SUITS[index % 4]


def per_call_us(evaluate: Callable[[Any], object], hands: Sequence[Any], repeats: int) -> float:
    def run() -> None:
        for hand in hands:
            evaluate(hand)

    return cpu_median(run, repeats) / len(hands) * 1e6


def peers(size: int, rules: str) -> dict[str, tuple[Callable[[Any], object], Callable[[list[int]], Any]]]:
    """Peer evaluators for ``rules`` on ``size`` cards: name -> (evaluate, convert a hand to its input)."""
    found: dict[str, tuple[Callable[[Any], object], Callable[[list[int]], Any]]] = {}
    if rules == "high":
        try:
            import treys

            evaluator = treys.Evaluator()
            found["treys"] = (
                lambda hand: evaluator.evaluate(hand[:2], hand[2:]),
                lambda hand: [treys.Card.new(text(i)) for i in hand],
            )
        except ImportError:
            print("  treys: not installed (the bench extra)")
        try:
            import eval7

            found["eval7"] = (eval7.evaluate, lambda hand: [eval7.Card(text(i)) for i in hand])
        except ImportError:
            print("  eval7: not installed (the bench extra)")
        try:
            from phevaluator import evaluate_cards

            # phevaluator's id is rank * 4 + suit, deuce 0: our index (its suit order differs,
            # which no high hand depends on).
            found["phevaluator"] = (lambda hand: evaluate_cards(*hand), lambda hand: list(hand))
        except ImportError:
            print("  phevaluator: not installed (the bench extra)")
    try:
        import pokerkit
    except ImportError:
        print("  pokerkit: not installed (the bench extra)")
        return found
    kind = {"high": pokerkit.StandardHighHand, "a5": pokerkit.RegularLowHand, "a5-8": pokerkit.EightOrBetterLowHand,
            "27": pokerkit.StandardLowHand}.get(rules)
    if kind is not None:
        def convert(hand: list[int]) -> Any:
            return tuple(pokerkit.Card.parse("".join(text(i) for i in hand)))

        def make(cards: Any) -> Any:
            return kind(cards) if size == 5 else kind.from_game(cards, ())

        if rules == "a5-8":
            # pokerkit raises ValueError for a hand without a qualifying low: that is its answer.
            def evaluate(cards: Any) -> Any:
                try:
                    return make(cards)
                except ValueError:
                    return None

            found["pokerkit"] = (evaluate, convert)
        elif size == 5:
            found["pokerkit"] = (kind, convert)
        else:
            found["pokerkit"] = (lambda cards: kind.from_game(cards, ()), convert)
    return found


def bench(quick: bool, repeats: int, seed: int) -> None:
    per_call_hands = 3_000 if quick else 20_000
    batch_rows = 100_000 if quick else 1_000_000
    rng = np.random.default_rng(seed)
    print(f"per call: {per_call_hands:,} hands, batch: {batch_rows:,} rows; medians of {repeats} (CPU time)")
    print("| system | cards | ours per call (µs) | ours batch (M hands/s) | peers per call (µs) |")
    print("|---|---|---|---|---|")
    for rules, options in configurations():
        label = " ".join([rules, *(f"{key}={value}" for key, value in options.items())])
        try:
            ranking = system(rules, **options)
        except Exception as error:  # a part not merged in this branch, or an option it refuses
            print(f"| {label} | | not available: {type(error).__name__}: {error} | | |")
            continue
        for size in [k for k in ranking.sizes if k >= 5]:
            hands = random_hands(rng, batch_rows, size, len(ranking.pack))
            calls = hands[:per_call_hands].tolist()
            evaluate = getattr(ranking, "strength_of_indices", None)
            if evaluate is None:
                cards = [[ranking.pack[i] for i in hand] for hand in calls]
                ours = per_call_us(ranking.strength, cards, repeats)
            else:
                evaluate(calls[0])
                ours = per_call_us(evaluate, calls, repeats)
            ranking.rank_batch(hands[:10])
            batch = batch_rows / cpu_median(lambda hands=hands, ranking=ranking: ranking.rank_batch(hands), repeats) / 1e6
            name = "a5-8" if options == {"qualifier": 8} else rules if not options else ""
            others = []
            if len(ranking.pack) == 52:
                for peer, (peer_evaluate, convert) in peers(size, name).items():
                    native = [convert(hand) for hand in calls]
                    others.append(f"{peer} {per_call_us(peer_evaluate, native, repeats):.2f}")
            print(f"| {ranking.name} | {size} | {ours:.2f} | {batch:.1f} | {', '.join(others)} |", flush=True)


FIRST_USE = """
import time
start = time.process_time()
from divided.hands.poker import system
ranking = system({rules!r}, **{options!r})
size = [k for k in ranking.sizes if k >= 5][0]
ranking.strength(list(ranking.pack)[:size])
print(time.process_time() - start)
"""


def first_use(runs: int) -> None:
    print(f"first use in a fresh process (import, build, one call): CPU seconds, median of {runs}")
    for rules, options in configurations():
        times = []
        for _ in range(runs):
            done = subprocess.run(
                [sys.executable, "-c", FIRST_USE.format(rules=rules, options=options)],
                capture_output=True, text=True, check=False,
            )
            if done.returncode:
                times = []
                break
            times.append(float(done.stdout.strip()))
        label = " ".join([rules, *(f"{key}={value}" for key, value in options.items())])
        print(f"  {label}: {statistics.median(times):.2f} s" if times else f"  {label}: not available")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands and repeats")
    parser.add_argument("--repeats", type=int, default=None, help="runs per figure (default 5; 3 with --quick)")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--first-use", action="store_true", help="also time each system's first use")
    args = parser.parse_args()
    repeats = args.repeats or (3 if args.quick else 5)
    bench(args.quick, repeats, args.seed)
    if args.first_use:
        first_use(3)


if __name__ == "__main__":
    main()
