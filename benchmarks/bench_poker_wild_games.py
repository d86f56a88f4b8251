"""Random-play speed of the wild-card draw games (issue 30) beside five-card draw.

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/bench_poker_wild_games.py`` (``--deals`` per
figure, ``--repeats`` runs, ``--games`` a comma list).

Whole deals played through the game handle (``legal_actions``, ``apply_action``, chance from the
seed), a random legal action at every decision, at the game's smallest table (two players) and
at six; one untimed warm-up of the same deals first (the ranking systems of the wild lists are
built on first use: up to 52 one-card lists for Uncle Bob's Left Nut, about 45 ms each). Figures
are hands/s in CPU seconds of this process (``time.process_time``), the median of ``--repeats``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from divided import games

GAMES = ("five-card-draw", "freak-of-nature", "uncle-bobs-left-nut")


def play(game: str, players: int, deals: int) -> None:
    loaded = games.load(game, players=players)
    for k in range(deals):
        rng = random.Random(k)
        state = loaded.new_initial_state(seed=k)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))


def hands_per_second(game: str, players: int, deals: int, repeats: int) -> float:
    play(game, players, deals)  # warm-up: tables, imports, wild systems
    times = []
    for _ in range(repeats):
        started = time.process_time()
        play(game, players, deals)
        times.append(time.process_time() - started)
    return deals / statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--players", default="2,6")
    args = parser.parse_args()
    for game in args.games.split(","):
        for players in (int(p) for p in args.players.split(",")):
            rate = hands_per_second(game, players, args.deals, args.repeats)
            print(f"{game:22s} {players} players  {rate:7.0f} hands/s", flush=True)


if __name__ == "__main__":
    main()
