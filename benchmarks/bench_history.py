"""History with 1,000 saved games: latency of the history API and page.

Run: ``.venv/bin/python benchmarks/bench_history.py``. An in-process app (no network) on a
temporary SQLite file; 1,000 finished games are inserted for one browser session, then each
endpoint is requested ``--requests`` times; prints p50/p95/max.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import insert

from divided.web.app import create_app
from divided.web.store import GameStore, games_table, owner_key


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="divided-history-") as folder:
        http = TestClient(create_app(data_dir=Path(folder)))
        http.get("/api/history")
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
        store = http.app.state.store  # type: ignore[attr-defined]
        assert isinstance(store, GameStore)
        with store.engine.begin() as connection:
            connection.execute(insert(games_table), rows)
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


if __name__ == "__main__":
    main()
