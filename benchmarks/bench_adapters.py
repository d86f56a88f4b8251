"""Cost of the adapters: random playouts per second on the engine, through PettingZoo and OpenSpiel.

Run: ``.venv/bin/python benchmarks/bench_adapters.py [--games 1000] [--repeats 5]`` (one core, in
this process). Every playout picks uniformly random legal actions until the game ends; repeat
``k`` plays seeds ``k*games ..`` with ``random.Random(k)``, and the variants take turns within
each repeat so that a noisy machine slows them alike. Rates are medians of the repeats; a cost
ratio is the median of the repeats' ratios (adapter time / engine time in the same repeat).

* engine, seeded chance: ``new_initial_state(seed)`` deals from the seed (the deal PettingZoo's
  ``reset(seed=...)`` gives); random legal actions.
* engine + views, seeded chance: as above, also building the mover's view at every decision
  (what any agent must at least look at; the floor for an adapter that hands out observations).
* engine, explicit chance: an unseeded state; chance outcomes drawn like any action (what
  OpenSpiel sees).
* PettingZoo: ``env.reset(seed=...)``, then ``agent_iter`` / ``last()`` / a random action of the
  action mask / ``step`` — an RL user's loop, observations included.
* OpenSpiel: ``pyspiel.load_game("python_divided_ranks_v1")``, chance outcomes and random legal
  actions until terminal.

Last, PettingZoo's own ``performance_benchmark`` (5 s of random turns), reported in turns/s.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import re
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from divided import games

Playout = Callable[[int, random.Random], None]


def engine_seeded() -> Playout:
    game = games.load("divided-ranks")

    def play(seed: int, rng: random.Random) -> None:
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))

    return play


def engine_seeded_with_views() -> Playout:
    game = games.load("divided-ranks")

    def play(seed: int, rng: random.Random) -> None:
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            state.observation(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))

    return play


def _random_outcome(state: Any, rng: random.Random) -> int:
    """A chance outcome drawn by its probability (an engine or an OpenSpiel state)."""
    actions, probabilities = zip(*state.chance_outcomes(), strict=True)
    return int(rng.choices(actions, probabilities)[0])


def _explicit_chance_playout(new_state: Callable[[], Any]) -> Playout:
    """Random playouts from ``new_state()``, every chance node sampled by its probabilities
    (the same loop for an engine state and an OpenSpiel state)."""

    def play(seed: int, rng: random.Random) -> None:
        state = new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_random_outcome(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))

    return play


def engine_explicit_chance() -> Playout:
    return _explicit_chance_playout(games.load("divided-ranks").new_initial_state)


def pettingzoo_adapter() -> Playout:
    from divided.adapters import pettingzoo

    environment = pettingzoo.env("divided-ranks")

    def play(seed: int, rng: random.Random) -> None:
        environment.reset(seed=seed)
        for _agent in environment.agent_iter():
            observation, _reward, terminated, truncated, _info = environment.last()
            if terminated or truncated:
                environment.step(None)
            else:
                environment.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))

    return play


def openspiel_adapter() -> Playout:
    import pyspiel  # type: ignore[import-not-found, unused-ignore]

    import divided.adapters.openspiel  # noqa: F401  (registers python_divided_ranks_v1)

    return _explicit_chance_playout(pyspiel.load_game("python_divided_ranks_v1").new_initial_state)


def games_per_second(play: Playout, seeds: range, rng: random.Random) -> float:
    start = time.perf_counter()
    for seed in seeds:
        play(seed, rng)
    return len(seeds) / (time.perf_counter() - start)


def performance_benchmark_turns() -> float:
    """Turns per second by PettingZoo's ``performance_benchmark`` (it runs for 5 s)."""
    from pettingzoo.test import performance_benchmark  # type: ignore[import-untyped, unused-ignore]

    from divided.adapters import pettingzoo

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        performance_benchmark(pettingzoo.env("divided-ranks"))
    found = re.search(r"([0-9.]+) turns per second", printed.getvalue())
    if found is None:
        raise RuntimeError(f"performance_benchmark printed no turns/s:\n{printed.getvalue()}")
    return float(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games per variant and repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel adapter")
    parser.add_argument("--no-performance-benchmark", action="store_true",
                        help="skip PettingZoo's 5-second performance_benchmark")
    args = parser.parse_args()
    variants: dict[str, Playout] = {
        "engine, seeded chance": engine_seeded(),
        "engine + views, seeded chance": engine_seeded_with_views(),
        "engine, explicit chance": engine_explicit_chance(),
        "PettingZoo AEC (wrapped)": pettingzoo_adapter(),
    }
    if not args.no_openspiel:
        variants["OpenSpiel (python_divided_ranks)"] = openspiel_adapter()
    baseline_of = {"engine + views, seeded chance": "engine, seeded chance",
                   "PettingZoo AEC (wrapped)": "engine, seeded chance",
                   "OpenSpiel (python_divided_ranks)": "engine, explicit chance"}
    load = os.getloadavg()[0]
    for play in variants.values():  # warm up: tables, imports, caches
        games_per_second(play, range(50), random.Random(-1))
    rates: dict[str, list[float]] = {name: [] for name in variants}
    for repeat in range(args.repeats):
        seeds = range(repeat * args.games, (repeat + 1) * args.games)
        for name, play in variants.items():
            rates[name].append(games_per_second(play, seeds, random.Random(repeat)))
    print(f"random playouts, {args.repeats} x {args.games:,} games each, one core "
          f"(load average before: {load:.2f})")
    print(f"{'variant':34} {'games/s':>9} {'min-max':>15}  cost vs the baseline named")
    for name, values in rates.items():
        baseline = baseline_of.get(name)
        ratio = ""
        if baseline:
            cost = statistics.median(base / rate for base, rate in zip(rates[baseline], values, strict=True))
            ratio = f"{cost:.2f}x ({baseline})"
        spread = f"{min(values):,.0f}-{max(values):,.0f}"
        print(f"{name:34} {statistics.median(values):9,.0f} {spread:>15}  {ratio}")
    if not args.no_performance_benchmark:
        print(f"PettingZoo performance_benchmark: {performance_benchmark_turns():,.0f} turns/s")


if __name__ == "__main__":
    main()
