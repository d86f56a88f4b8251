"""Speed of Card Commons: engine steps per second, random and skilled matches per second, the lab,
and the adapters against the seeded engine.

Run: ``.venv/bin/python benchmarks/bench_card_commons.py [--games 300] [--repeats 5] [--cpu-time]``
(one core, in this process; ``--cpu-time`` times by the process's CPU time instead of wall time,
less sensitive to other work on a shared machine). Every figure is the median of the repeats;
repeat ``k`` plays seeds ``k*games ..`` and the variants take turns within each repeat, so a noisy
machine slows them alike; each starts from empty caches of legal actions (the variants play the
same seeds, so the first would otherwise work out the legal actions for the rest). A cost ratio is the median of the repeats' ratios (variant time over
the baseline's time in the same repeat).

* engine, seeded chance: ``new_initial_state(seed)`` (the coin and the cards come from the
  seed), uniformly random legal actions to the end of the match; steps are player actions;
* engine + PettingZoo's views, encoded: as above, also each view the PettingZoo loop below hands
  out, encoded by the room's observation layout (the gap between the two is the adapter's own);
* engine, explicit chance: an unseeded state, every chance outcome drawn like an action (what
  OpenSpiel sees); steps include the chance outcomes;
* random bots: the ``random`` bot at both seats, each given its view (what the lab plays);
* lab, random: ``divided.sim`` with a serial executor, from the plan to the facts of every match
  (no output folder);
* skilled bots (when the game has a ``skilled`` bot): skilled against skilled, views included;
* PettingZoo AEC: ``env("card-commons")``, ``reset(seed=...)``, then ``agent_iter`` / ``last()``
  / a random action of the mask of 21,077 / ``step``, observations included;
* OpenSpiel: ``python_card_commons_v1``, chance outcomes and random legal actions.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from divided import games
from divided.errors import DividedError

GAME = "card-commons"
Playout = Callable[[int, random.Random], int]
"""Plays the match of a seed; returns the steps it took."""


def engine_seeded() -> Playout:
    game = games.load(GAME)

    def play(seed: int, rng: random.Random) -> int:
        state = game.new_initial_state(seed)
        steps = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return play


def engine_seeded_with_encoded_views() -> Playout:
    """The seeded engine plus every view PettingZoo's loop hands out, encoded by the room's layout
    (the mover's at each decision and each player's at the end): the floor of any adapter that
    builds its observations from views."""
    game = games.load(GAME)
    rules, encode = game.rules, games.room(GAME).observation.encode

    def play(seed: int, rng: random.Random) -> int:
        state = game.new_initial_state(seed)
        steps = 0
        while not state.is_terminal():
            encode(rules.observe(state.core, state.current_player()))
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        for player in (0, 1):
            encode(rules.observe(state.core, player))
        return steps

    return play


def explicit_chance(new_state: Callable[[], Any]) -> Playout:
    """Random playouts from ``new_state()`` with every chance node drawn by its probabilities
    (an engine state or an OpenSpiel state)."""

    def play(seed: int, rng: random.Random) -> int:
        state = new_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choices(actions, weights)[0]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return play


def bots(name: str) -> Playout:
    from divided.bots import make_bot

    game = games.load(GAME)
    seats = [make_bot(GAME, name), make_bot(GAME, name)]

    def play(seed: int, rng: random.Random) -> int:
        state = game.new_initial_state(seed)
        steps = 0
        while not state.is_terminal():
            player = state.current_player()
            state.apply_action(seats[player].choose(state.observation(player), state.legal_actions(), rng))
            steps += 1
        return steps

    return play


def lab_random(games_per_run: int) -> Playout:
    """One lab run of ``games_per_run`` matches per call (seeded by the call's seed)."""
    from divided.sim import Arm, SerialExecutor, make_plan, run

    def play(seed: int, rng: random.Random) -> int:
        plan = make_plan("simulate", GAME, [Arm("run", {}, ("random",))], games_per_run, seed=seed)
        result = run(plan, SerialExecutor())
        return result.ledger.count

    return play


def pettingzoo_adapter() -> Playout:
    import numpy as np

    from divided.adapters import pettingzoo

    environment = pettingzoo.env(GAME)

    def play(seed: int, rng: random.Random) -> int:
        environment.reset(seed=seed)
        steps = 0
        for _agent in environment.agent_iter():
            observation, _reward, terminated, truncated, _info = environment.last()
            if terminated or truncated:
                environment.step(None)
            else:
                environment.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
                steps += 1
        return steps

    return play


def openspiel_adapter() -> Playout:
    import pyspiel  # type: ignore[import-not-found, unused-ignore]

    from divided.adapters import openspiel

    return explicit_chance(pyspiel.load_game(openspiel.register(GAME)).new_initial_state)


def cold() -> None:
    """Empty the engine's caches of legal actions (keyed by hand and actions used), so that a
    variant does not find the cards of matches another variant just played already worked out."""
    from divided.games.card_commons import rules

    rules.turn_actions.cache_clear()
    rules.build_actions.cache_clear()


def timed(play: Playout, seeds: range, rng: random.Random, clock: Callable[[], float]) -> tuple[float, int]:
    """Seconds and steps of ``play`` over ``seeds``, from cold caches."""
    cold()
    start, steps = clock(), 0
    for seed in seeds:
        steps += play(seed, rng)
    return clock() - start, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300, help="matches per variant and repeat")
    parser.add_argument("--skilled-games", type=int, default=100, help="skilled matches per repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--cpu-time", action="store_true", help="time by this process's CPU time")
    parser.add_argument("--no-adapters", action="store_true", help="skip PettingZoo and OpenSpiel")
    args = parser.parse_args()
    clock = time.process_time if args.cpu_time else time.perf_counter
    variants: dict[str, tuple[Playout, int]] = {  # playout, matches per call
        "engine, seeded chance": (engine_seeded(), 1),
        "engine + PettingZoo's views, encoded": (engine_seeded_with_encoded_views(), 1),
        "engine, explicit chance": (explicit_chance(games.load(GAME).new_initial_state), 1),
        "random bots (views)": (bots("random"), 1),
        "lab, random (serial)": (lab_random(20), 20),
    }
    try:
        variants["skilled bots (views)"] = (bots("skilled"), 1)
    except DividedError as error:
        print(f"(no skilled bot for {GAME}: {error})")
    if not args.no_adapters:
        variants["PettingZoo AEC (wrapped)"] = (pettingzoo_adapter(), 1)
        variants["OpenSpiel (python_card_commons_v1)"] = (openspiel_adapter(), 1)
    baseline_of = {"PettingZoo AEC (wrapped)": "engine, seeded chance",
                   "engine + PettingZoo's views, encoded": "engine, seeded chance",
                   "random bots (views)": "engine, seeded chance",
                   "OpenSpiel (python_card_commons_v1)": "engine, explicit chance"}
    load = os.getloadavg()[0]
    for play, _ in variants.values():  # warm up: tables, imports, caches
        timed(play, range(5), random.Random(-1), clock)
    seconds: dict[str, list[float]] = {name: [] for name in variants}
    steps: dict[str, list[int]] = {name: [] for name in variants}
    counts: dict[str, int] = {}
    for repeat in range(args.repeats):
        for name, (play, per_call) in variants.items():
            count = args.skilled_games if name.startswith("skilled") else args.games
            calls = max(1, count // per_call)
            counts[name] = calls * per_call
            taken, stepped = timed(play, range(repeat * calls, (repeat + 1) * calls), random.Random(repeat), clock)
            seconds[name].append(taken)
            steps[name].append(stepped)
    print(f"Card Commons, {args.repeats} repeats, one core, {'CPU' if args.cpu_time else 'wall'} time "
          f"(load average before: {load:.2f}); medians of the repeats")
    print(f"{'variant':36} {'matches':>8} {'matches/s':>10} {'steps/s':>9}  cost vs the baseline named")
    for name in variants:
        rates = [counts[name] / s for s in seconds[name]]
        step_rates = [n / s for n, s in zip(steps[name], seconds[name], strict=True)]
        baseline = baseline_of.get(name)
        ratio = ""
        if baseline:
            cost = statistics.median(mine / base for mine, base in zip(seconds[name], seconds[baseline], strict=True))
            ratio = f"{cost:.2f}x ({baseline}, same seeds)"
        step_text = f"{statistics.median(step_rates):9,.0f}" if not name.startswith("lab") else f"{'-':>9}"
        print(f"{name:36} {counts[name]:8,} {statistics.median(rates):10,.1f} {step_text}  {ratio}")


if __name__ == "__main__":
    main()
