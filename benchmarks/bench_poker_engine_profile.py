"""Where the poker engine's time goes (issue 29, speed): recorded random deals replayed through
the rules alone, medians of CPU time, and a cProfile top list.

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/bench_poker_engine_profile.py`` (``--quick``:
fewer deals; ``--profile GAME``: the cProfile top list of replaying that setting).

Deals are recorded first: random legal play, chance from the seed; each deal's whole action list
(first dealer and every card dealt included) is then replayed by ``rules.apply`` from
``rules.initial_state`` (the engine alone: no handle, no seeding). Figures are CPU seconds of this
process (``time.process_time``), the median of ``--repeats`` runs:

* hands/s of replaying every recorded deal of a setting;
* a player action: the median over the players' actions of one ``rules.apply`` (legality check
  included), timed each in a loop of 20;
* a view per move: replaying while building the acting seat's view after every move, over the
  replay alone (the ratio);
* random play: hands/s of whole deals played through the game handle (``legal_actions`` and
  ``apply_action``, chance resolved from the seed), the way the lab and the issue's first
  figures play;
* a showdown: Henway five-handed, both hands of each seat shown: ``settle`` of the state just
  before it, median over deals that reach it.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from divided import games
from divided.games.base import CHANCE, evolve
from divided.games.poker.showdown import settle

SETTINGS: dict[str, tuple[str, dict[str, Any]]] = {
    "five-card-draw heads-up": ("five-card-draw", {"players": 2}),
    "five-card-draw six-handed": ("five-card-draw", {"players": 6}),
    "cowpie five-handed": ("cowpie", {"players": 5}),
    "henway four-handed": ("henway", {"players": 4}),
    "henway five-handed": ("henway", {"players": 5}),
}


def record(game: str, options: dict[str, Any], deals: int, seed: int = 1) -> list[list[int]]:
    """``deals`` random deals' action lists (chance outcomes included)."""
    loaded = games.load(game, **options)
    out = []
    for k in range(deals):
        state = loaded.new_initial_state(seed=seed * 100_003 + k)
        rng = random.Random(k)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        out.append(state.history())
    return out


def cpu(run: Callable[[], object], repeats: int) -> float:
    """The median CPU seconds of ``repeats`` runs."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def replayer(rules: Any, options: dict[str, Any], deals: list[list[int]], view: bool = False) -> Callable[[], None]:
    apply, initial, observe, current = rules.apply, rules.initial_state, rules.observe, rules.current_player

    def run() -> None:
        for actions in deals:
            state = initial(options)
            for action in actions:
                state = apply(state, action)
                if view:
                    player = current(state)
                    if player >= 0:
                        observe(state, player)

    return run


def player(game: str, options: dict[str, Any], deals: int) -> Callable[[], None]:
    loaded = games.load(game, **options)

    def run() -> None:
        for k in range(deals):
            state = loaded.new_initial_state(seed=k)
            rng = random.Random(k)
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))

    return run


def action_median(rules: Any, options: dict[str, Any], deals: list[list[int]], loops: int = 20) -> float:
    """The median seconds of one player's ``rules.apply`` (CPU time of ``loops`` calls each)."""
    times = []
    for actions in deals:
        state = rules.initial_state(options)
        for action in actions:
            if rules.current_player(state) != CHANCE:
                start = time.process_time()
                for _ in range(loops):
                    rules.apply(state, action)
                times.append((time.process_time() - start) / loops)
            state = rules.apply(state, action)
    return statistics.median(times)


def showdown_median(rules: Any, options: dict[str, Any], deals: list[list[int]], loops: int = 20) -> float:
    times = []
    for actions in deals:
        state = rules.initial_state(options)
        for action in actions:
            state = rules.apply(state, action)
        if not state.shown:
            continue
        before = evolve(state, shown=False, over=False, settled=())
        start = time.process_time()
        for _ in range(loops):
            settle(before)
        times.append((time.process_time() - start) / loops)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--profile", metavar="SETTING", choices=sorted(SETTINGS))
    args = parser.parse_args()
    deals = 60 if args.quick else 300
    if args.profile:
        game, options = SETTINGS[args.profile]
        recorded = record(game, options, deals)
        loaded = games.load(game, **options)
        run = replayer(loaded.rules, dict(loaded.options), recorded)
        profiler = cProfile.Profile()
        profiler.runcall(run)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return
    for label, (game, options) in SETTINGS.items():
        loaded = games.load(game, **options)
        rules, options = loaded.rules, dict(loaded.options)
        recorded = record(game, options, deals)
        moves = sum(len(actions) for actions in recorded)
        alone = cpu(replayer(rules, options, recorded), args.repeats)
        line = f"{label:28s} {len(recorded) / alone:8.0f} hands/s  {alone / moves * 1e6:6.1f} µs/move"
        line += f"  random play {deals / cpu(player(game, options, deals), args.repeats):6.0f} hands/s"
        if "henway five" not in label:
            viewed = cpu(replayer(rules, options, recorded, view=True), args.repeats)
            line += f"  view/engine {viewed / alone:4.2f}"
            line += f"  player action {action_median(rules, options, recorded[:60]) * 1e6:5.1f} µs"
        else:
            line += f"  showdown {showdown_median(rules, options, recorded) * 1e6:6.1f} µs"
        print(line, flush=True)


if __name__ == "__main__":
    main()
