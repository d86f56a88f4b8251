"""Random-play speed of issue 30's step kinds: Jackpot, the sequential open draw, and test
variants of the dealer's call and the auction (tests/games/poker/kinds_variants.py).

Run: ``PYTHONPATH=src:tests/games/poker .venv/bin/python benchmarks/bench_poker_kinds.py``
(``--deals`` per setting, ``--repeats`` runs per figure, ``--only`` settings whose name contains
it). Random play = whole deals through the game handle (``legal_actions``, ``apply_action``, a
uniformly random legal action, chance resolved from the seed), as the issue's targets are
stated. Engine alone = the same deals' recorded actions (first dealer and every card included)
replayed by ``rules.apply`` from ``rules.initial_state``. Figures: hands/s from CPU seconds of this
process (``time.process_time``), the median of ``--repeats`` runs. Five-card draw heads-up is
measured too, with three more settings of the older games, to compare them before and after a
change: with ``src`` of a tree without these kinds on the path, only the older games run
(``--only older``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from contextlib import ExitStack
from typing import Any

from divided import games

try:
    from kinds_variants import AUCTION, AUCTION_DISCARD, CALLED_DRAWS, registered
except ImportError:  # a tree without issue 30's kinds: the older games only
    KINDS = False
else:
    KINDS = True

OLDER: dict[str, tuple[str, dict[str, Any]]] = {
    "older: five-card-draw heads-up": ("five-card-draw", {"players": 2}),
    "older: five-card-draw six-handed": ("five-card-draw", {"players": 6}),
    "older: cowpie five-handed": ("cowpie", {"players": 5}),
    "older: open-draw heads-up": ("open-draw", {"players": 2}),
}

SETTINGS: dict[str, tuple[str, dict[str, Any]]] = {
    "jackpot heads-up": ("jackpot", {"players": 2}),
    "jackpot six-handed": ("jackpot", {"players": 6}),
    "sequential-open-draw heads-up": ("sequential-open-draw", {"players": 2}),
    "sequential-open-draw heads-up, betting on": ("sequential-open-draw", {"players": 2, "sequential_betting": "on"}),
    "dealer's call (test variant) heads-up": ("test-called-draws", {"players": 2}),
    "auction (test variant, dealt three) four-handed": ("test-auction", {"players": 4}),
    "auction (test variant, free discard) four-handed": ("test-auction-discard", {"players": 4}),
    "auction (test variant, free discard) heads-up": ("test-auction-discard", {"players": 2}),
}


def record(game: str, options: dict[str, Any], deals: int) -> list[list[int]]:
    """Random deals' whole action lists (chance included)."""
    loaded = games.load(game, **options)
    recorded = []
    for seed in range(deals):
        rng = random.Random(seed)
        state = loaded.new_initial_state(seed=seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        recorded.append(list(state.history()))
    return recorded


def random_play(game: str, options: dict[str, Any], deals: int) -> float:
    loaded = games.load(game, **options)
    started = time.process_time()
    for seed in range(deals):
        rng = random.Random(seed)
        state = loaded.new_initial_state(seed=seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    return deals / (time.process_time() - started)


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
    with ExitStack() as stack:
        settings = dict(OLDER)
        if KINDS:
            for variant in (CALLED_DRAWS, AUCTION, AUCTION_DISCARD):
                stack.enter_context(registered(variant))
            settings.update(SETTINGS)
        for name, (game, options) in settings.items():
            if arguments.only not in name:
                continue
            recorded = record(game, options, arguments.deals)
            play = statistics.median(random_play(game, options, arguments.deals) for _ in range(arguments.repeats))
            alone = statistics.median(engine_alone(game, options, recorded) for _ in range(arguments.repeats))
            moves = statistics.mean(len(actions) for actions in recorded)
            print(f"{name}: random play {play:,.0f} hands/s; engine alone {alone:,.0f} hands/s "
                  f"({moves:.0f} moves a deal)", flush=True)


if __name__ == "__main__":
    main()
