"""``ismcts`` with the equity rollout against ``equity`` at equal CPU time per decision (issue 30).

Run: ``.venv/bin/python benchmarks/bench_poker_ismcts_equal_time.py [--game five-card-draw]
[--players 2] [--calibration-deals 40] [--budget-ms 0] [--max-hands 2000] [--min-deals 100]
[--seed 0] [--progress 100]``

"The equity rollout" is the poker rollout policy ``heuristic`` (:mod:`divided.bots.poker.rollouts`):
every seat checks or calls to the end and draws by the heuristics, which is exactly the future
``equity`` assumes for everyone (:mod:`divided.bots.poker.values`). ISMCTS
(:mod:`divided.bots.ismcts`) runs iterations until it has used ``--budget-ms`` of CPU time at a
decision (at least one iteration); with ``--budget-ms 0`` the budget is ``equity``'s mean CPU
time per decision (decisions with more than one legal action) measured first over
``--calibration-deals`` deals of ``equity`` against itself. Then duplicate deals, seats rotated,
chance by name from the same seed (as ``bench_poker_strength.py``): one sample is ISMCTS's mean
result over the rotations, in big bets; 95% interval = mean +- 1.96 standard errors; stops once
the interval clears 0 (checked every 10 deals from ``--min-deals``) or at ``--max-hands``.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from divided import games
from divided.bots.base import Bot, make_bot
from divided.bots.ismcts import InfoSetNode, IsmctsBot
from divided.games.base import View


class TimedIsmcts(IsmctsBot):
    """:class:`IsmctsBot` searching for ``budget`` seconds of CPU time a decision, not a count."""

    def __init__(self, game: str, budget: float, rollout: str = "heuristic") -> None:
        super().__init__(game, rollout=rollout)
        self.budget = budget
        self.iterations_done: list[int] = []

    def search(self, view: View, rng: random.Random) -> InfoSetNode:
        room = games.room(self.game)
        sampler = room.sampler(view)
        tree: dict[Any, InfoSetNode] = {}
        root = tree[view] = InfoSetNode()
        start, done = time.process_time(), 0
        while done == 0 or time.process_time() - start < self.budget:
            self._iterate(room.rules, sampler.sample(rng), tree, rng)
            done += 1
        self.iterations_done.append(done)
        return root


def play(game: str, players: int, seed: int, bots: Sequence[Bot[Any]],
         timed: list[float] | None = None) -> tuple[float, ...]:
    state = games.load(game, players=players).new_initial_state(seed, chance_by_name=True)
    rngs = [random.Random(seed * 1000 + seat) for seat in range(players)]
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        start = time.process_time()
        action = bots[seat].choose(state.observation(seat), legal, rngs[seat])
        if timed is not None and len(legal) > 1:
            timed.append(time.process_time() - start)
        state = state.child(action)
    return tuple(state.returns())


def calibrate(game: str, players: int, deals: int) -> float:
    """``equity``'s mean CPU seconds per decision with a choice, playing itself."""
    timed: list[float] = []
    play(game, players, 10**6, [make_bot(game, "equity") for _ in range(players)])  # warm-up
    for seed in range(deals):
        play(game, players, 10**6 + 1 + seed, [make_bot(game, "equity") for _ in range(players)], timed)
    print(f"equity: {len(timed)} decisions, mean {1000 * statistics.fmean(timed):.2f} ms, "
          f"median {1000 * statistics.median(timed):.2f} ms", flush=True)
    return statistics.fmean(timed)


def match(game: str, players: int, hero: Callable[[], TimedIsmcts], max_hands: int, seed: int, min_deals: int,
          progress: int) -> None:
    big = games.load(game, players=players).new_initial_state(0).core.config.big_bet
    samples: list[float] = []
    iterations: list[int] = []
    hands, number = 0, seed
    while hands + players <= max_hands:
        results = []
        for seat in range(players):
            searcher = hero()
            bots: list[Bot[Any]] = [searcher if s == seat else make_bot(game, "equity") for s in range(players)]
            results.append(play(game, players, number, bots)[seat])
            iterations += searcher.iterations_done
        samples.append(statistics.fmean(results) / big)
        hands += players
        number += 1
        mean = statistics.fmean(samples)
        half = 1.96 * statistics.stdev(samples) / math.sqrt(len(samples)) if len(samples) > 1 else math.inf
        if progress and len(samples) % progress == 0:
            print(f"  after {len(samples)} deals ({hands} hands): {mean:+.3f} +- {half:.3f}", flush=True)
        if len(samples) >= min_deals and len(samples) % 10 == 0 and abs(mean) > half:
            break
    verdict = "beats" if mean - half > 0 else "loses to" if mean + half < 0 else "is not separated from"
    print(f"{game} {players}p ismcts(heuristic rollout) vs equity: {mean:+.3f} +- {half:.3f} big bets/hand "
          f"[{mean - half:+.3f}, {mean + half:+.3f}] over {len(samples)} duplicate deals ({hands} hands): "
          f"ismcts {verdict} equity; ISMCTS iterations a decision median {statistics.median(iterations):.0f} "
          f"(min {min(iterations)}, max {max(iterations)})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="five-card-draw")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--calibration-deals", type=int, default=40)
    parser.add_argument("--budget-ms", type=float, default=0.0, help="0: equity's measured mean")
    parser.add_argument("--max-hands", type=int, default=2000)
    parser.add_argument("--min-deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--progress", type=int, default=100)
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    budget = args.budget_ms / 1000 if args.budget_ms else calibrate(args.game, args.players, args.calibration_deals)
    print(f"ISMCTS budget {1000 * budget:.2f} ms CPU a decision", flush=True)
    match(args.game, args.players, lambda: TimedIsmcts(args.game, budget), args.max_hands, args.seed,
          args.min_deals, args.progress)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)


if __name__ == "__main__":
    main()
