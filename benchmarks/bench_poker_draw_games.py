"""Random-play speed of the poker games (issue 30's target: each draw game >= 1,000 random hands/s
on one core at its smallest table), the old games beside the new so a before/after pair shows
that the old games did not slow down.

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/bench_poker_draw_games.py`` (``--hands``
per figure, ``--repeats`` runs per figure, ``--games`` a comma list). A hand: a new state, then
seeded chance (``resolve_chance``, the dealt cards in one batch) and a uniformly random legal
action at each decision, to the end. Every figure is the median of ``--repeats`` runs in CPU
seconds of this process (``time.process_time``). Games the source tree does not define are
skipped, so the same command measures an older tree.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from divided.games.base import CHANCE
from divided.games.poker.variants import VARIANTS, rules_of

OLD = ("five-card-draw", "seven-card-stud", "henway", "ten-card-regrets", "cowpie", "double-draw-high-low", "open-draw")


def hands_per_second(game: str, hands: int, seed: int = 0) -> float:
    rules = rules_of(game)
    players = rules.variant.players[0]
    options = {option.name: option.default for option in rules.options} | {"players": players}
    rng = random.Random(seed)
    started = time.process_time()
    for hand in range(hands):
        state = rules.initial_state(options)
        moves = 0
        while not state.over:
            player = rules.current_player(state)
            if player == CHANCE:
                state, dealt = rules.resolve_chance(state, seed * 1_000_003 + hand, moves)
                moves += len(dealt)
            else:
                state = rules.apply(state, rng.choice(rules.legal_actions(state)))
                moves += 1
        assert sum(rules.returns(state)) == 0
    return hands / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", default="")
    arguments = parser.parse_args()
    chosen = arguments.games.split(",") if arguments.games else [*OLD, *(g for g in VARIANTS if g not in OLD)]
    for game in chosen:
        if game not in VARIANTS:
            print(f"{game:24} (not defined in this tree)")
            continue
        hands_per_second(game, 50)  # warm the caches and tables
        runs = [hands_per_second(game, arguments.hands, seed) for seed in range(arguments.repeats)]
        players = rules_of(game).variant.players[0]
        print(f"{game:24} {players} players  {statistics.median(runs):8,.0f} hands/s  "
              f"(runs {', '.join(f'{r:,.0f}' for r in runs)})", flush=True)


if __name__ == "__main__":
    main()
