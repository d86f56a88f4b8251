"""CPU time of a bot's first decisions in a fresh process, for the poker games with wild cards
(their ranking systems are made on first use, one per wild list, and kept for the process).

Run: ``.venv/bin/python benchmarks/bench_poker_first_decision.py [--src src] [--bot equity]
[--deals 3] [--repeats 3]``

For each game, ``--repeats`` fresh processes (``python -c`` with ``--src`` first on the path, so
two trees compare) each play ``--deals`` heads-up deals (seeds 0..) with the bot in both seats;
printed: the median over the processes of the slowest decision, and of the total CPU time of the
deals' decisions, in ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

GAMES = ("uncle-bobs-left-nut", "freak-of-nature", "low-high-die", "crazy-four-of-spades", "buck-thirty-five",
         "jackpot")
CHILD = """
import json, random, sys, time
from divided import games
from divided.bots.base import make_bot
game, bot, deals = sys.argv[1], sys.argv[2], int(sys.argv[3])
variant = games.load(game)
players = max(2, {"buck-thirty-five": 4}.get(game, 2))
spent = []
for seed in range(deals):
    state = games.load(game, players=players).new_initial_state(seed=seed)
    bots = [make_bot(game, bot) for _ in range(players)]
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_player()
        start = time.process_time()
        action = bots[seat].choose(state.observation(seat), state.legal_actions(), rng)
        spent.append(time.process_time() - start)
        state = state.child(action)
print(json.dumps({"slowest": max(spent), "total": sum(spent)}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--src", default="src")
    parser.add_argument("--bot", default="equity")
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    env = dict(os.environ, PYTHONPATH=os.path.abspath(args.src))
    print(f"load average {os.getloadavg()[0]:.2f}; {args.src}")
    for game in args.games.split(","):
        runs = [json.loads(subprocess.run([sys.executable, "-c", CHILD, game, args.bot, str(args.deals)], env=env,
                                          check=True, capture_output=True, text=True).stdout)
                for _ in range(args.repeats)]
        print(f"{game:>22}: slowest decision {statistics.median(r['slowest'] for r in runs) * 1e3:7.0f} ms, "
              f"all {args.deals} deals' decisions {statistics.median(r['total'] for r in runs) * 1e3:7.0f} ms")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
