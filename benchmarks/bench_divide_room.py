"""Speed of DIVIDE's room: world samples per second, the books and the layout, early and late.

Run: ``.venv/bin/python benchmarks/bench_divide_room.py [--games 6] [--repeats 5] [--cpu-time]``
(one core, in this process; ``--cpu-time`` times by the process's CPU time, less sensitive to
other work on a shared machine). Every figure is the median of the repeats.

The positions are the decisions of ``--games`` random games per table size (seeds 0..), split
into *early* (before Trick 5 of a round: the commit, the pass and Tricks 1-4) and *late* (Tricks
5-9, where voids make the placement programme work). For each position the player to move's
view is taken, and:

* sampler: ``WorldSampler(view)`` built (the placement programme solved, shared between equal
  views as the room does), then ``--samples`` worlds drawn: samples per second counts the
  construction too, spread over the samples;
* draw only: the worlds drawn from an already built sampler (what a search bot pays per
  determinisation once it holds a sampler);
* books: ``knowledge(view)`` with its exact odds, and ``to_json()`` (fresh: caches cleared);
* layout: ``LAYOUT.encode(view)`` (fresh).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from divided import games
from divided.games.divide.deals import solve
from divided.games.divide.encoding import LAYOUT
from divided.games.divide.history import read_history
from divided.games.divide.knowledge import knowledge
from divided.games.divide.state import Phase
from divided.games.divide.view import PlayerView
from divided.games.divide.worlds import WorldSampler


def positions(players: int, count: int) -> dict[str, list[PlayerView]]:
    out: dict[str, list[PlayerView]] = {"early": [], "late": []}
    game = games.load("divide", players=players)
    for seed in range(count):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            core = state.core
            stage = "late" if core.trick >= 5 and core.phase in (Phase.PLAY, Phase.DRAFT) else "early"
            out[stage].append(state.observation(state.current_player()))
            state.apply_action(rng.choice(state.legal_actions()))
    return out


def clear() -> None:
    solve.cache_clear()
    read_history.cache_clear()
    knowledge.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=6, help="random games per table size")
    parser.add_argument("--samples", type=int, default=20, help="worlds drawn per position")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--cpu-time", action="store_true", help="time by process CPU time")
    args = parser.parse_args()
    clock: Callable[[], float] = time.process_time if args.cpu_time else time.perf_counter
    for players in (4, 6):
        for stage, views in positions(players, args.games).items():
            timings: dict[str, list[float]] = {"sampler": [], "draw": [], "books": [], "layout": []}
            for repeat in range(args.repeats):
                rng = random.Random(repeat)
                clear()
                start = clock()
                samplers = [WorldSampler(view) for view in views]
                built = clock() - start
                start = clock()
                for sampler in samplers:
                    for _ in range(args.samples):
                        sampler.sample(rng)
                drawn = clock() - start
                timings["sampler"].append((built + drawn) / (len(views) * args.samples))
                timings["draw"].append(drawn / (len(views) * args.samples))
                clear()
                start = clock()
                for view in views:
                    knowledge(view).to_json()
                timings["books"].append((clock() - start) / len(views))
                clear()
                start = clock()
                for view in views:
                    LAYOUT.encode(view)
                timings["layout"].append((clock() - start) / len(views))
            m = {name: statistics.median(values) for name, values in timings.items()}
            print(f"{players} players, {stage:5s} ({len(views):4d} positions): "
                  f"sampler {1 / m['sampler']:7.0f} samples/s (draw only {1 / m['draw']:7.0f}/s)  "
                  f"books {1e3 * m['books']:5.2f} ms  layout {1e3 * m['layout']:5.2f} ms  "
                  f"(median of {args.repeats})")


if __name__ == "__main__":
    main()
