"""Time to review a whole game with the Expert at its default budget.

Run: ``.venv/bin/python benchmarks/bench_review.py``: plays ``--games`` seeded games
(skilled vs random), then reviews seat 1's decisions in each; prints the median and maximum.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from divided import games
from divided.bots import make_bot
from divided.review import review_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    game = games.load("divided-ranks")
    times = []
    for index in range(args.games):
        state = game.new_initial_state(seed=500 + index)
        bots = [make_bot("skilled"), make_bot("random")]
        rng = random.Random(index)
        while not state.is_terminal():
            player = state.current_player()
            state.apply_action(bots[player].choose(state.observation(player), state.legal_actions(), rng))
        began = time.perf_counter()
        review = review_game(state.record(), seat=1)
        times.append(time.perf_counter() - began)
        assert review.complete
    print(f"review of a whole game (seat 1, default budget): median {statistics.median(times) * 1e3:.0f} ms, "
          f"max {max(times) * 1e3:.0f} ms over {len(times)} games")


if __name__ == "__main__":
    main()
