"""PettingZoo's cost against the engine for every game, two source trees taking turns.

Run: ``.venv/bin/python benchmarks/bench_adapters_before_after.py --before OLD/src --after src
[--rounds 3]`` (``OLD`` e.g. ``git archive <commit> src | tar -x -C OLD``). Each round runs the
three games' adapter benchmarks (``bench_adapters.py``, ``bench_card_commons.py``,
``bench_divide_adapters.py``, CPU time) once with each tree on ``PYTHONPATH``, before and after
alternating, so a busy machine slows both alike. Every ratio is measured inside one process
(the benchmark's variants take turns there too); this prints, per game and tree, the median
over the rounds of each cost ratio the benchmark reports, and the rounds' range.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent
COMMANDS = {
    "divided-ranks": ["bench_adapters.py", "--games", "300", "--repeats", "3", "--cpu-time",
                      "--no-performance-benchmark", "--no-openspiel"],
    "card-commons": ["bench_card_commons.py", "--games", "60", "--skilled-games", "1", "--repeats", "3",
                     "--cpu-time"],
    "divide": ["bench_divide_adapters.py", "--players", "4", "--games", "6", "--repeats", "3", "--cpu-time"],
}
RATIO = re.compile(r"^(?P<variant>\S[^\n]*?)[ \t]{2,}[^\n]*?(?P<ratio>\d+\.\d+)x \(", re.MULTILINE)


def ratios(game: str, source: str) -> dict[str, float]:
    """The cost ratios one run of ``game``'s benchmark reports, by variant."""
    env = {**os.environ, "PYTHONPATH": str(Path(source).resolve())}
    command = [sys.executable, str(BENCHMARKS / COMMANDS[game][0]), *COMMANDS[game][1:]]
    output = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    return {match["variant"].strip(): float(match["ratio"]) for match in RATIO.finditer(output)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", required=True, help="the source folder (src) before")
    parser.add_argument("--after", required=True, help="the source folder (src) after")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", nargs="*", default=list(COMMANDS), choices=list(COMMANDS))
    args = parser.parse_args()
    trees = {"before": args.before, "after": args.after}
    found: dict[tuple[str, str], dict[str, list[float]]] = {}
    print(f"load average at the start: {os.getloadavg()[0]:.2f}", flush=True)
    for round_number in range(args.rounds):
        for game in args.games:
            for label, source in trees.items():
                for variant, ratio in ratios(game, source).items():
                    found.setdefault((game, label), {}).setdefault(variant, []).append(ratio)
        print(f"round {round_number + 1} done (load average {os.getloadavg()[0]:.2f})", flush=True)
    for game in args.games:
        print(f"\n{game}: cost ratios, median of {args.rounds} runs (range)")
        for label in trees:
            for variant, values in found.get((game, label), {}).items():
                print(f"  {label:6} {variant:38} {statistics.median(values):5.2f}x "
                      f"({min(values):.2f}-{max(values):.2f})")


if __name__ == "__main__":
    main()
