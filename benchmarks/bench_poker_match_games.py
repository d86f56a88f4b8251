"""Random-play speed of 3-2-1, Assassin, Fives and Crazy 4 of Spades at their smallest tables
(issue 30's targets: >= 1,000 random hands/s, Fives >= 500).

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/bench_poker_match_games.py`` (``--games`` per
setting, ``--repeats`` runs per figure, ``--only`` settings whose name contains it). Random play =
whole games through the game handle (``legal_actions``, ``apply_action``, a uniformly random legal
action, chance resolved from the seed). These games are matches (T18): a game is one or more
deals, and a *hand* is one deal, so the figure is deals/s (games/s beside it). CPU seconds of this
process (``time.process_time``), the median of ``--repeats`` runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from divided import games

SETTINGS: dict[str, tuple[str, dict[str, Any]]] = {
    "three-two-one three-handed": ("three-two-one", {"players": 3}),
    "three-two-one three-handed, trash wild": ("three-two-one", {"players": 3, "trash_wild": "on"}),
    "assassin heads-up": ("assassin", {"players": 2}),
    "assassin heads-up, jokers": ("assassin", {"players": 2, "jokers": 2}),
    "fives heads-up": ("fives", {"players": 2}),
    "fives heads-up, fives wild": ("fives", {"players": 2, "fives_wild": "fives"}),
    "crazy-four-of-spades heads-up": ("crazy-four-of-spades", {"players": 2}),
}


def random_play(game: str, options: dict[str, Any], count: int) -> tuple[float, float]:
    """(deals/s, games/s) over ``count`` random games."""
    loaded = games.load(game, **options)
    deals = 0
    started = time.process_time()
    for seed in range(count):
        rng = random.Random(seed)
        state = loaded.new_initial_state(seed=seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        match = state.core.match
        deals += match.deal if match is not None else 1
    spent = time.process_time() - started
    return deals / spent, count / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--only", default="")
    arguments = parser.parse_args()
    known = set(games.names())
    for label, (game, options) in SETTINGS.items():
        if arguments.only not in label or game not in known:
            continue
        runs = [random_play(game, options, arguments.games) for _ in range(arguments.repeats)]
        deals = statistics.median(run[0] for run in runs)
        played = statistics.median(run[1] for run in runs)
        print(f"{label:34} {deals:8,.0f} random hands (deals)/s  {played:8,.0f} games/s", flush=True)


if __name__ == "__main__":
    main()
