"""How long the Expert's review of a whole Card Commons match takes (issue 12: at most 10 s).

Run: ``.venv/bin/python benchmarks/bench_card_commons_review.py --matches 20``.

Matches: seeded matches (``--first`` + index) between the skilled bot (seat 0) and, on the
reviewed seat 1, the skilled bot in even matches and the random bot in odd ones; who starts
round 1 alternates. Each match's seat-1 decisions are reviewed once at the review's defaults
(the first review, which builds the tables, is timed apart). Prints the wall and CPU time of each
review, then medians and maxima.
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

GAME = "card-commons"


def record_of(index: int, first: int) -> GameRecord:
    """Match ``index``: skilled against skilled (even) or random (odd) on seat 1."""
    game = games.load(GAME, first_starter=index % 2)
    state = game.new_initial_state(seed=first + index)
    players = [make_bot(GAME, "skilled"), make_bot(GAME, "skilled" if index % 2 == 0 else "random")]
    rng = random.Random(first + index)
    while not state.is_terminal():
        seat = state.current_player()
        state.apply_action(players[seat].choose(state.observation(seat), state.legal_actions(), rng))
    return state.record()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--first", type=int, default=500, help="the first match's seed")
    args = parser.parse_args()
    warm = record_of(0, args.first + 10_000)
    started = time.perf_counter()
    review_game(warm, 1)
    print(f"first review (tables built): {time.perf_counter() - started:.2f} s")
    walls, cpus, decisions = [], [], []
    for index in range(args.matches):
        record = record_of(index, args.first)
        wall, cpu = time.perf_counter(), time.process_time()
        review = review_game(record, 1)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        decisions.append(len(review.moves))
        print(f"match {index}: {decisions[-1]} decisions, wall {walls[-1]:.2f} s, CPU {cpus[-1]:.2f} s")
    print(f"{args.matches} reviews, {statistics.median(decisions):.0f} decisions each (median): "
          f"wall median {statistics.median(walls):.2f} s, max {max(walls):.2f} s; "
          f"CPU median {statistics.median(cpus):.2f} s, max {max(cpus):.2f} s")


if __name__ == "__main__":
    main()
