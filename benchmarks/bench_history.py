"""History with 1,000 saved games: latency of the history API and page on a real server.

Run: ``.venv/bin/python benchmarks/bench_history.py``. Starts ``divided serve`` on a free
loopback port with a temporary data folder (SQLite), inserts 1,000 finished games for one
browser session straight into its database, then requests each endpoint ``--requests`` times
one after the other; prints p50/p95/max.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
from sqlalchemy import insert

from divided.web.store import GameStore, games_table, owner_key


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="divided-history-") as folder:
        server = subprocess.Popen(
            [sys.executable, "-m", "divided", "serve", "--port", "0", "--data-dir", folder],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            url = None
            assert server.stdout is not None
            for line in server.stdout:
                found = re.search(r"Open (http://\S+) in your browser", line)
                if found:
                    url = found.group(1).rstrip("/")
                    break
            assert url, "the server did not start"
            http = httpx.Client(base_url=url, timeout=30)
            for _ in range(50):
                try:
                    http.get("/api/history")
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            session = http.cookies.get("divided_session")
            assert session
            owner = owner_key(session.rsplit(".", 1)[0])
            start = datetime(2026, 1, 1, tzinfo=UTC)
            rows = []
            for i in range(args.games):
                moment = start + timedelta(minutes=i)
                result = ("win", "loss", "win", "draw", "loss")[i % 5]
                rows.append({
                    "id": f"{i:032x}", "session_id": owner, "created": moment, "updated": moment,
                    "finished": moment, "game": "divided-ranks",
                    "options": {"swap": ("blind", "face-up")[i % 2]}, "seed": i, "human_seat": 0,
                    "bot": ("random", "skilled", "expert")[i % 3], "actions": [], "move_number": 36,
                    "phase": "over", "over": True, "result": result,
                    "step": None if result == "draw" else 1 + i % 4,
                    "step_name": None if result == "draw" else "a step", "bot_error": None,
                })
            store = GameStore(f"sqlite:///{Path(folder) / 'divided.sqlite3'}")
            with store.engine.begin() as connection:
                connection.execute(insert(games_table), rows)
            store.dispose()
            for path in ("/api/history", "/history"):
                times = []
                for _ in range(args.requests):
                    began = time.perf_counter()
                    response = http.get(path)
                    times.append(time.perf_counter() - began)
                    assert response.status_code == 200
                times.sort()
                p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
                print(f"{path} with {args.games:,} games: p50 {statistics.median(times) * 1e3:.1f} ms, "
                      f"p95 {p95 * 1e3:.1f} ms, max {times[-1] * 1e3:.1f} ms ({args.requests} requests)")
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
