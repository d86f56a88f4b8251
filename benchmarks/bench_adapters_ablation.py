"""Where PettingZoo's cost goes, in one process: the engine, the views, the encoding, the loop.

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/bench_adapters_ablation.py --game divide
[--games 6] [--repeats 5]`` (``divided-ranks``: ``--games 200``). CPU time, variants taking turns
in every repeat (Card Commons' legal-action caches emptied before each, as
``bench_card_commons.py`` does); each figure is the median over the repeats of its time over the
engine's:

* engine: seeded chance, random legal actions (the baseline of ``bench_*adapters*.py``);
* engine + views: also the mover's view at each decision;
* PettingZoo, nothing encoded: the environment with a layout of the same size that sets no bit
  and builds no view (masks, wrappers and the loop's ``np.flatnonzero`` still paid);
* PettingZoo through the views: the room's layout without its fast path from the state
  (``encode_state``), so every observation is ``encode(observe(...))`` (the path before it);
* PettingZoo, mask read as bool: the full environment, the loop's ``np.flatnonzero`` given the
  mask as a plain array viewed as booleans (the same actions; numpy finds the nonzero entries of
  an ``int8`` array slower than of a ``bool`` one);
* PettingZoo, unwrapped: the same loop on ``env.unwrapped`` (what the two standard wrappers
  cost);
* PettingZoo, actions by space.sample(mask): the loop PettingZoo's documentation shows, each
  action drawn by ``env.action_space(agent).sample(mask)`` (gymnasium's checks of the mask and
  its draw; other random games than the other rows');
* PettingZoo: the loop of the adapter benchmarks.

Last, the loop's own reading of the masks alone: ``np.flatnonzero`` of every action mask the
loop met in the first repeat's games (as handed out: an ``ActionMask`` from 1,024 actions on), of
the same masks as plain ``int8`` arrays (what they were before), and viewed as booleans (numpy
finds the nonzero entries of a boolean array by a fast path, of an ``int8`` one entry by entry),
each against the engine's time for those games.
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
from divided.adapters import pettingzoo
from divided.adapters.rooms import room_of

Playout = Callable[[int, random.Random], None]


class NothingEncoded:
    """A layout with the room's pieces that encodes every position as no bits at all, and
    builds no view."""

    def __init__(self, game: str) -> None:
        self.pieces = room_of(game).observation.pieces

    def encode(self, view: Any) -> int:
        return 0

    def encode_state(self, state: Any, player: int | None, current_player: int) -> int:
        return 0


class ThroughTheViews:
    """The room's layout without its fast path: ``encode(observe(...))`` for every observation."""

    def __init__(self, game: str) -> None:
        layout = room_of(game).observation
        self.pieces = layout.pieces
        self.encode = layout.encode


def engine(game: str, options: dict[str, Any], views: bool) -> Playout:
    loaded = games.load(game, **options)

    def play(seed: int, rng: random.Random) -> None:
        state = loaded.new_initial_state(seed)
        while not state.is_terminal():
            if views:
                state.observation(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))

    return play


def pettingzoo_loop(game: str, options: dict[str, Any], layout: Any = None, as_bool: bool = False,
                    unwrapped: bool = False, sample: bool = False) -> Playout:
    environment = pettingzoo.env(game, layout=layout, **options)
    if unwrapped:
        environment = environment.unwrapped

    def play(seed: int, rng: random.Random) -> None:
        environment.reset(seed=seed)
        if sample:
            environment.action_space(environment.agent_selection).seed(seed)  # (one space, shared by the agents)
        for agent in environment.agent_iter():
            observation, _reward, terminated, truncated, _info = environment.last()
            if terminated or truncated:
                environment.step(None)
            elif sample:
                environment.step(environment.action_space(agent).sample(observation["action_mask"]))
            elif as_bool:
                environment.step(rng.choice(np.flatnonzero(np.asarray(observation["action_mask"]).view(np.bool_)).tolist()))
            else:
                environment.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="divide", choices=["divided-ranks", "card-commons", "divide"])
    parser.add_argument("--players", type=int, default=4, help="DIVIDE's table size")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    options: dict[str, Any] = {"players": args.players, "rounds": 4} if args.game == "divide" else {}
    variants = {
        "engine": engine(args.game, options, views=False),
        "engine + views": engine(args.game, options, views=True),
        "PettingZoo, nothing encoded": pettingzoo_loop(args.game, options, layout=NothingEncoded(args.game)),
        "PettingZoo through the views": pettingzoo_loop(args.game, options, layout=ThroughTheViews(args.game)),
        "PettingZoo, mask read as bool": pettingzoo_loop(args.game, options, as_bool=True),
        "PettingZoo, unwrapped": pettingzoo_loop(args.game, options, unwrapped=True),
        "PettingZoo, actions by space.sample(mask)": pettingzoo_loop(args.game, options, sample=True),
        "PettingZoo": pettingzoo_loop(args.game, options),
    }
    for play in variants.values():  # warm up
        for seed in range(2):
            play(seed, random.Random(-1))
    times: dict[str, list[float]] = {name: [] for name in variants}
    load = os.getloadavg()[0]
    for repeat in range(args.repeats):
        seeds = range(repeat * args.games, (repeat + 1) * args.games)
        for name, play in variants.items():
            rng = random.Random(repeat)
            cold(args.game)
            start = time.process_time()
            for seed in seeds:
                play(seed, rng)
            times[name].append(time.process_time() - start)
    print(f"{args.game}: {args.repeats} x {args.games} games, CPU time (load average before: {load:.2f})")
    for name, values in times.items():
        ratio = statistics.median(v / e for v, e in zip(values, times["engine"], strict=True))
        print(f"{name:44} {ratio:5.2f}x")
    cold(args.game)
    masks = masks_met(args.game, options, range(args.games))
    engine_time = statistics.median(times["engine"][:1])
    plain = [np.asarray(mask) for mask in masks]  # (asarray: a plain ndarray of the same int8 memory)
    booleans = [mask.view(np.bool_) for mask in plain]
    for label, read in (("as handed out", masks), ("plain int8", plain), ("as bool", booleans)):
        start = time.process_time()
        for _ in range(args.repeats):
            for mask in read:
                np.flatnonzero(mask).tolist()
        spent = (time.process_time() - start) / args.repeats
        print(f"{'the loop reading masks, ' + label:40} {spent / engine_time:5.2f}x "
              f"({spent / len(masks) * 1e6:.1f} µs a decision, {len(masks)} decisions)")


def cold(game: str) -> None:
    """Empty Card Commons' caches of legal actions (keyed by hand and actions used) before a
    variant, so that it does not find the matches the variant before it played worked out (as
    ``bench_card_commons.py`` does); the other games keep no such caches."""
    if game == "card-commons":
        from divided.games.card_commons import rules

        rules.turn_actions.cache_clear()
        rules.build_actions.cache_clear()


def masks_met(game: str, options: dict[str, Any], seeds: range) -> list[Any]:
    """Every action mask the PettingZoo loop acts on in ``seeds`` (the first repeat's games)."""
    environment = pettingzoo.env(game, **options)
    rng = random.Random(0)
    masks = []
    for seed in seeds:
        environment.reset(seed=seed)
        for _agent in environment.agent_iter():
            observation, _reward, terminated, truncated, _info = environment.last()
            if terminated or truncated:
                environment.step(None)
            else:
                masks.append(observation["action_mask"])
                environment.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    return masks


if __name__ == "__main__":
    main()
