"""Random-play speed of Auction Flop, Bounce Back, Buck Thirty-Five, Low-Die / High-Die,
Mississippi and Jackpot with deuces wild (issue 30), each at its smallest table (Auction Flop
four-handed too), against the issue's targets (>= 1,000 hands/s; Auction Flop >= 300
four-handed).

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/bench_poker_draw_games_b.py`` (``--deals``
per setting, ``--repeats`` runs per figure, ``--only`` settings whose name contains it).
Random play = whole deals through the game handle (``legal_actions``, ``apply_action``, a
uniformly random legal action, chance resolved from the seed), as bench_poker_kinds.py measures
it; engine alone = the same deals' recorded actions replayed by ``rules.apply``. Figures:
hands/s from CPU seconds of this process, the median of ``--repeats`` runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from divided import games

SETTINGS: dict[str, tuple[str, dict[str, Any]]] = {
    "auction-flop heads-up": ("auction-flop", {"players": 2}),
    "auction-flop four-handed": ("auction-flop", {"players": 4}),
    "bounce-back heads-up": ("bounce-back", {"players": 2}),
    "buck-thirty-five four-handed (high)": ("buck-thirty-five", {"players": 4}),
    "buck-thirty-five four-handed (high-low, two bucks)": ("buck-thirty-five", {"players": 4, "buck_split": "high-low",
                                                                                "buck_wild": "two"}),
    "low-high-die heads-up (low)": ("low-high-die", {"players": 2}),
    "low-high-die heads-up (high)": ("low-high-die", {"players": 2, "die": "high"}),
    "mississippi heads-up": ("mississippi", {"players": 2}),
    "jackpot heads-up, deuces wild": ("jackpot", {"players": 2, "jackpot_wild": "deuces"}),
    "jackpot heads-up, no wild (before)": ("jackpot", {"players": 2}),
}


def play(game: str, options: dict[str, Any], deals: int) -> tuple[float, list[list[int]]]:
    """Hands/s of random play, and the deals' actions (chance included)."""
    loaded = games.load(game, **options)
    recorded = []
    started = time.process_time()
    for seed in range(deals):
        rng = random.Random(seed)
        state = loaded.new_initial_state(seed=seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        recorded.append(list(state.history()))
    return deals / (time.process_time() - started), recorded


def engine_alone(game: str, options: dict[str, Any], recorded: list[list[int]]) -> float:
    loaded = games.load(game, **options)
    rules, values = loaded.rules, loaded.options
    started = time.process_time()
    for actions in recorded:
        state = rules.initial_state(values)
        for action in actions:
            state = rules.apply(state, action)
        assert state.over
    return len(recorded) / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--only", default="")
    arguments = parser.parse_args()
    for name, (game, options) in SETTINGS.items():
        if arguments.only not in name:
            continue
        runs = [play(game, options, arguments.deals) for _ in range(arguments.repeats)]
        recorded = runs[0][1]
        speed = statistics.median(run[0] for run in runs)
        alone = statistics.median(engine_alone(game, options, recorded) for _ in range(arguments.repeats))
        moves = statistics.mean(len(actions) for actions in recorded)
        print(f"{name}: random play {speed:,.0f} hands/s; engine alone {alone:,.0f} hands/s "
              f"({moves:.0f} moves a deal)", flush=True)


if __name__ == "__main__":
    main()
