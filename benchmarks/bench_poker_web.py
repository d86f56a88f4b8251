"""How long the web app takes over a poker table (issue 29: each bot move in the web app p95
≤ 300 ms): each bot move, each human move with the bots' replies, and each next hand.

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/bench_poker_web.py --game henway --players 4 --hands 20``
(``--bot`` names the bots, equity by default).

The hands are played through the web app's own service (:class:`divided.web.api.GameService`,
as ``POST /api/games/{id}/moves`` and ``POST /api/games/{id}/next`` run it: the move checked
and applied, every bot reply up to the human's next decision with the bot's time limit, the
write to SQLite in a temporary folder, the state object built for the answer), hand after hand
at one table (a broke human rebuys). The human calls or checks (stands pat, places and splits
at random, seeded) so that hands reach the showdown. A bot move is timed around the bot's
``choose`` (the service's own bot factory, wrapped; the bots run on the server's threads, not
in its worker processes); printed: count, median, p95 and maximum.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from divided.bots import make_bot
from divided.web.api import NewGame
from divided.web.app import create_app

SESSION = "bench-session"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def line(name: str, seconds: list[float]) -> str:
    ms = [s * 1000 for s in seconds]
    if not ms:
        return f"{name}: none"
    return (f"{name}: n={len(ms)}  median {statistics.median(ms):.1f} ms  p95 {percentile(ms, 0.95):.1f} ms  "
            f"max {max(ms):.1f} ms")


class Timed:
    """A bot whose every ``choose`` is timed into ``times``."""

    def __init__(self, bot: Any, times: list[float]) -> None:
        self.bot, self.times, self.name = bot, times, bot.name

    def choose(self, view: Any, legal: Any, rng: Any) -> int:
        start = time.perf_counter()
        try:
            return int(self.bot.choose(view, legal, rng))
        finally:
            self.times.append(time.perf_counter() - start)


def human(body: dict[str, Any], rng: random.Random) -> int:
    kinds = {a["kind"]: a["action"] for a in body["legal"]}
    for kind in ("check", "call", "bring-in", "stand-pat"):
        if kind in kinds:
            return int(kinds[kind])
    return int(rng.choice(body["legal"])["action"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="henway")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--bot", default="equity")
    parser.add_argument("--structure", default="fixed", choices=("fixed", "pot", "no"))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    bot_times: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        # the bots on the server's threads (not the worker processes), so each choose is timed here
        app = create_app(data_dir=Path(folder), secret=b"bench-poker-web-secret-0123456789ab", processes=False)
        service = app.state.service
        service.bot_factory = lambda game, name: Timed(make_bot(game, name), bot_times)
        seeds = iter(range(args.seed, args.seed + 100_000))
        service.store.seed_source = lambda: next(seeds)
        rng = random.Random(args.seed)
        moves: list[float] = []
        nexts: list[float] = []
        body = service.create(SESSION, NewGame.parse({"game": args.game, "bot": args.bot, "players": args.players,
                                                      "structure": args.structure}))
        for hand in range(args.hands):
            while body["phase"] != "over":
                start = time.perf_counter()
                body = service.move(body["id"], SESSION, body["move_number"], human(body, rng))
                moves.append(time.perf_counter() - start)
            if hand + 1 < args.hands:
                broke = any(seat["you"] and seat["final_stack"] == 0 for seat in body["table"]["seats"])
                start = time.perf_counter()
                body = service.next_hand(body["id"], SESSION, broke)
                nexts.append(time.perf_counter() - start)
        service.close()
    print(f"{args.game}, {args.players} players, {args.structure} limit, {args.hands} hands against the {args.bot} bots")
    print(line("each bot move (choose)", bot_times))
    print(line("each human move, the bots' replies included", moves))
    print(line("each next hand (the bots' first moves included)", nexts))


if __name__ == "__main__":
    main()
