"""How long the server takes to answer one human move in DIVIDE, the bots' replies included
(issue 13: at most 1 s at the 95th percentile).

Run: ``.venv/bin/python benchmarks/bench_divide_web.py --players 4 --games 3`` (``--bot`` names
the bots; the default is the strongest registered for DIVIDE: expert, else skilled, else random).

Each game is played through the web app's own service (:class:`divided.web.api.GameService`, as
``POST /api/games/{id}/moves`` runs it: the human's move checked and applied, every bot reply up
to the human's next decision, the compare-and-set write to SQLite in a temporary folder, and the
state object built for the answer). The human's seat picks uniformly among its legal actions
(seeded). The time of every move is recorded; printed: the count, median, p95 and maximum, and
the same for the moves after which at least three bots moved (a whole trick or more).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from divided.bots import specs
from divided.web.api import NewGame
from divided.web.app import create_app

GAME = "divide"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def strongest() -> str:
    names = {spec.name for spec in specs(GAME)}
    return next(name for name in ("expert", "skilled", "random") if name in names)


def line(name: str, seconds: list[float]) -> str:
    ms = [s * 1000 for s in seconds]
    if not ms:
        return f"{name}: none"
    return (f"{name}: n={len(ms)}  median {statistics.median(ms):.1f} ms  p95 {percentile(ms, 0.95):.1f} ms  "
            f"max {max(ms):.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, choices=(4, 6), default=4)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--bot", default=None, help="the bots' name (default: the strongest registered)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    bot = args.bot or strongest()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(data_dir=Path(folder), secret=b"bench-divide-web-secret-0123456789")
        service = app.state.service
        seeds = iter(range(args.seed, args.seed + 10_000))
        service.store.seed_source = lambda: next(seeds)
        every: list[float] = []
        tricks: list[float] = []
        rng = random.Random(args.seed)
        for _ in range(args.games):
            request = NewGame.parse({"game": GAME, "bot": bot, "players": str(args.players),
                                     "rounds": str(args.rounds)})
            body = service.create("bench-session", request)
            while body["phase"] != "over":
                action = rng.choice(body["legal"])["action"]
                before = len(body["log"])
                start = time.perf_counter()
                body = service.move(body["id"], "bench-session", body["move_number"], action)
                elapsed = time.perf_counter() - start
                every.append(elapsed)
                bot_lines = sum(1 for e in body["log"][before:] if e["actor"] not in (None, 0))
                if bot_lines >= 3:
                    tricks.append(elapsed)
        service.close()
    print(f"DIVIDE, {args.players} players, {args.games} games of {args.rounds} rounds against the {bot} bots")
    print(line("every human move (bots' replies included)", every))
    print(line("moves answered by three or more bot moves", tricks))


if __name__ == "__main__":
    main()
