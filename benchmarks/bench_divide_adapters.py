"""Cost of the adapters for DIVIDE: random games per second on the engine, through PettingZoo and OpenSpiel.

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/bench_divide_adapters.py [--players 4|6] [--games 40]
[--repeats 5] [--rounds 4] [--cpu-time]`` (one core, in this process). The pattern is
``bench_adapters.py``'s: every game picks uniformly random legal actions until the end; repeat
``k`` plays seeds ``k*games ..`` with ``random.Random(k)``; the variants take turns within each
repeat, so a noisy machine slows them alike. Rates are medians of the repeats; a cost ratio is
the median of the repeats' ratios (adapter time / baseline time in the same repeat).

* engine, seeded chance: ``new_initial_state(seed)``; random legal actions (PettingZoo's baseline:
  its ``reset(seed=...)`` deals from the seed the same way).
* engine + views, seeded chance: also the mover's view at every decision (what any agent must
  at least look at).
* engine + encoded views: also every view encoded by the room's observation layout, and each
  player's at the end (what the PettingZoo loop below hands out), so the gap between this and
  PettingZoo is the adapter's own.
* engine, explicit chance: an unseeded state, chance outcomes drawn by their odds (OpenSpiel's
  baseline: what OpenSpiel sees).
* PettingZoo: ``env.reset(seed=...)``, then ``agent_iter`` / ``last()`` / a random action of the
  mask / ``step``, observations included.
* OpenSpiel: ``pyspiel.load_game("python_divide_v1(players=...)")``, chance outcomes and random
  legal actions to the end; and the same asking the mover's ``observation_tensor`` at each
  decision (the room's layout again, through OpenSpiel's observer).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from divided import games

Playout = Callable[[int, random.Random], None]
GAME = "divide"


def engine_seeded(options: dict[str, Any]) -> Playout:
    game = games.load(GAME, **options)

    def play(seed: int, rng: random.Random) -> None:
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))

    return play


def engine_seeded_with_views(options: dict[str, Any]) -> Playout:
    game = games.load(GAME, **options)

    def play(seed: int, rng: random.Random) -> None:
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            state.observation(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))

    return play


def engine_seeded_with_encoded_views(options: dict[str, Any]) -> Playout:
    from divided.adapters.rooms import room_of

    game = games.load(GAME, **options)
    rules, encode = game.rules, room_of(GAME).observation.encode
    players = range(game.info.num_players)

    def play(seed: int, rng: random.Random) -> None:
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            encode(rules.observe(state.core, state.current_player()))
            state.apply_action(rng.choice(state.legal_actions()))
        for player in players:
            encode(rules.observe(state.core, player))

    return play


def _explicit_chance_playout(new_state: Callable[[], Any]) -> Playout:
    def play(seed: int, rng: random.Random) -> None:
        state = new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choices(actions, probabilities)[0]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))

    return play


def engine_explicit_chance(options: dict[str, Any]) -> Playout:
    return _explicit_chance_playout(games.load(GAME, **options).new_initial_state)


def pettingzoo_adapter(options: dict[str, Any]) -> Playout:
    from divided.adapters import pettingzoo

    environment = pettingzoo.env(GAME, **options)

    def play(seed: int, rng: random.Random) -> None:
        environment.reset(seed=seed)
        for _agent in environment.agent_iter():
            observation, _reward, terminated, truncated, _info = environment.last()
            if terminated or truncated:
                environment.step(None)
            else:
                environment.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))

    return play


def openspiel_adapter(options: dict[str, Any]) -> Playout:
    import pyspiel  # type: ignore[import-not-found, unused-ignore]

    import divided.adapters.openspiel  # noqa: F401  (registers python_divide_v1)

    params = ",".join(f"{name}={value}" for name, value in options.items())
    return _explicit_chance_playout(pyspiel.load_game(f"python_divide_v1({params})").new_initial_state)


def openspiel_adapter_observed(options: dict[str, Any]) -> Playout:
    """OpenSpiel's playout, also asking the mover's observation tensor at each decision."""
    import pyspiel  # type: ignore[import-not-found, unused-ignore]

    import divided.adapters.openspiel  # noqa: F401  (registers python_divide_v1)

    params = ",".join(f"{name}={value}" for name, value in options.items())
    game = pyspiel.load_game(f"python_divide_v1({params})")

    def play(seed: int, rng: random.Random) -> None:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choices(actions, probabilities)[0]))
            else:
                state.observation_tensor(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))

    return play


def games_per_second(play: Playout, seeds: range, rng: random.Random, clock: Callable[[], float]) -> float:
    start = clock()
    for seed in seeds:
        play(seed, rng)
    return len(seeds) / (clock() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4, choices=(4, 6))
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--games", type=int, default=40, help="games per variant and repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--cpu-time", action="store_true",
                        help="time by this process's CPU time, not wall time (a shared machine)")
    args = parser.parse_args()
    options: dict[str, Any] = {"players": args.players, "rounds": args.rounds}
    clock = time.process_time if args.cpu_time else time.perf_counter
    variants: dict[str, Playout] = {
        "engine, seeded chance": engine_seeded(options),
        "engine + views, seeded chance": engine_seeded_with_views(options),
        "engine + encoded views": engine_seeded_with_encoded_views(options),
        "engine, explicit chance": engine_explicit_chance(options),
        "PettingZoo AEC (wrapped)": pettingzoo_adapter(options),
        "OpenSpiel (python_divide_v1)": openspiel_adapter(options),
        "OpenSpiel + observation tensors": openspiel_adapter_observed(options),
    }
    baseline_of = {"engine + views, seeded chance": "engine, seeded chance",
                   "engine + encoded views": "engine, seeded chance",
                   "PettingZoo AEC (wrapped)": "engine, seeded chance",
                   "OpenSpiel (python_divide_v1)": "engine, explicit chance",
                   "OpenSpiel + observation tensors": "engine, explicit chance"}
    load = os.getloadavg()[0]
    for play in variants.values():  # warm up: imports, caches
        games_per_second(play, range(3), random.Random(-1), clock)
    rates: dict[str, list[float]] = {name: [] for name in variants}
    for repeat in range(args.repeats):
        seeds = range(repeat * args.games, (repeat + 1) * args.games)
        for name, play in variants.items():
            rates[name].append(games_per_second(play, seeds, random.Random(repeat), clock))
    print(f"DIVIDE, {args.players} players, {args.rounds} rounds: random games, {args.repeats} x {args.games:,} "
          f"games each, one core, {'CPU' if args.cpu_time else 'wall'} time (load average before: {load:.2f})")
    print(f"{'variant':34} {'games/s':>9} {'min-max':>13}  cost vs the baseline named")
    for name, values in rates.items():
        baseline = baseline_of.get(name)
        ratio = ""
        if baseline:
            cost = statistics.median(base / rate for base, rate in zip(rates[baseline], values, strict=True))
            ratio = f"{cost:.2f}x ({baseline})"
        spread = f"{min(values):,.1f}-{max(values):,.1f}"
        print(f"{name:34} {statistics.median(values):9,.1f} {spread:>13}  {ratio}")


if __name__ == "__main__":
    main()
