"""How long the Expert's review of a whole DIVIDE game takes (issue 13: at most 30 s).

Run: ``.venv/bin/python benchmarks/bench_divide_review.py --players 4 --games 10``.

Games: seeded games (``--first`` + index) with the skilled bot on every seat but the reviewed
seat 1, which is skilled in even games and random in odd ones; the first dealer is drawn by
chance. Each game's seat-1 decisions are reviewed once at the review's defaults (a first review,
which warms the caches, is timed apart). Prints the wall and CPU time of each review, then
medians and maxima.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from divided import games
from divided.bots import make_bot
from divided.games.base import GameRecord
from divided.review.base import review_game

GAME = "divide"


def record_of(index: int, first: int, players: int) -> GameRecord:
    """Game ``index``: skilled everywhere, but random on seat 1 in odd games."""
    game = games.load(GAME, players=players)
    state = game.new_initial_state(seed=first + index)
    bots = [make_bot(GAME, "random" if seat == 1 and index % 2 else "skilled") for seat in range(players)]
    rng = random.Random(first + index)
    while not state.is_terminal():
        seat = state.current_player()
        state.apply_action(bots[seat].choose(state.observation(seat), state.legal_actions(), rng))
    return state.record()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, choices=(4, 6), default=4)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first", type=int, default=500, help="the first game's seed")
    args = parser.parse_args()
    warm = record_of(0, args.first + 10_000, args.players)
    started = time.perf_counter()
    review_game(warm, 1)
    print(f"first review (caches warmed): {time.perf_counter() - started:.2f} s")
    walls, cpus, decisions = [], [], []
    for index in range(args.games):
        record = record_of(index, args.first, args.players)
        wall, cpu = time.perf_counter(), time.process_time()
        review = review_game(record, 1)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        decisions.append(len(review.moves))
        print(f"game {index}: {decisions[-1]} decisions, wall {walls[-1]:.2f} s, CPU {cpus[-1]:.2f} s", flush=True)
    print(f"{args.players} players, {args.games} reviews, {statistics.median(decisions):.0f} decisions each "
          f"(median): wall median {statistics.median(walls):.2f} s, max {max(walls):.2f} s; "
          f"CPU median {statistics.median(cpus):.2f} s, max {max(cpus):.2f} s")


if __name__ == "__main__":
    main()
