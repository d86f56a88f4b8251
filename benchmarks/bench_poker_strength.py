"""Strength of ``equity`` (or ``--hero``) against the random bot and the probes (or any bot), in
big bets per hand.

Run: ``.venv/bin/python benchmarks/bench_poker_strength.py [--pairings henway:2:random,...]
[--hero equity] [--max-hands 4000] [--min-deals 30] [--seed 0] [--progress 100]``

A self-contained duplicate match (the lab's poker room is not on this branch): every deal is
``new_initial_state(seed, chance_by_name=True)`` with the same seed for each rotation, so the
same cards go to the same seats (until the seats' play differs in how many cards are dealt). At
a table of ``n`` seats the deal is played ``n`` times, ``equity`` in each seat in turn and the
opponent bot in every other seat; one sample is ``equity``'s mean result over the rotations, in
big bets (chips / the big bet). The interval is the mean of the samples +- 1.96 standard
errors. A pairing stops once its interval clears 0 (checked every 10 deals from ``--min-deals``,
default 30, on) or at
``--max-hands`` hands played (deals x rotations). Each bot's random numbers come from
``random.Random(seed * 1000 + seat)``.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import time

from divided import games
from divided.bots.base import make_bot

DEFAULT = ",".join(f"{game}:{players}:{opponent}"
                   for game, players in (("henway", 2), ("ten-card-regrets", 2), ("cowpie", 2),
                                         ("double-draw-high-low", 3), ("open-draw", 2), ("henway", 4),
                                         ("cowpie", 4))
                   for opponent in ("random", "calling-station", "maniac"))


def deal(game: str, players: int, hero: str, villain: str, seed: int, hero_seat: int) -> float:
    """``hero``'s result in chips, sitting at ``hero_seat`` against ``villain`` in every other seat."""
    state = games.load(game, players=players).new_initial_state(seed, chance_by_name=True)
    bots = [make_bot(game, hero if seat == hero_seat else villain) for seat in range(players)]
    rngs = [random.Random(seed * 1000 + seat) for seat in range(players)]
    while not state.is_terminal():
        seat = state.current_player()
        state = state.child(bots[seat].choose(state.observation(seat), state.legal_actions(), rngs[seat]))
    return state.returns()[hero_seat]


def interval(samples: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(samples)
    half = 1.96 * statistics.stdev(samples) / math.sqrt(len(samples)) if len(samples) > 1 else math.inf
    return mean, half


def pairing(game: str, players: int, villain: str, max_hands: int, seed: int, min_deals: int = 30,
            progress: int = 0, hero: str = "equity") -> None:
    big = games.load(game, players=players).new_initial_state(0).core.config.big_bet
    samples: list[float] = []
    hands = 0
    start = time.process_time()
    number = seed
    while hands + players <= max_hands:
        results = [deal(game, players, hero, villain, number, seat) for seat in range(players)]
        samples.append(statistics.fmean(results) / big)
        hands += players
        number += 1
        if progress and len(samples) % progress == 0:
            mean, half = interval(samples)
            print(f"  after {len(samples)} deals ({hands} hands): {mean:+.3f} +- {half:.3f}", flush=True)
        if len(samples) >= min_deals and len(samples) % 10 == 0:
            mean, half = interval(samples)
            if abs(mean) > half:
                break
    mean, half = interval(samples)
    verdict = "beats" if mean - half > 0 else "loses to" if mean + half < 0 else "not separated from"
    print(f"{game:>20} {players}p {hero} vs {villain:<16} {mean:+.3f} +- {half:.3f} big bets/hand "
          f"[{mean - half:+.3f}, {mean + half:+.3f}] over {len(samples)} duplicate deals ({hands} hands): "
          f"{hero} {verdict} {villain}; {time.process_time() - start:.0f} s CPU", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairings", default=DEFAULT)
    parser.add_argument("--max-hands", type=int, default=4000)
    parser.add_argument("--min-deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hero", default="equity", help="the bot measured (in every seat in turn)")
    parser.add_argument("--progress", type=int, default=0, help="print the interval every this many deals")
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    for item in args.pairings.split(","):
        game, players, villain = item.split(":")
        pairing(game, int(players), villain, args.max_hands, args.seed, args.min_deals, args.progress, args.hero)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)


if __name__ == "__main__":
    main()
