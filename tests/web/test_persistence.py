"""`divided serve` as a real process: a game survives SIGKILL and resumes identically."""

from __future__ import annotations

import random
import signal
import time
from pathlib import Path

import httpx
import pytest
from webtools import move, play_out, start_server

from divided.cli.main import main
from divided.web.sessions import COOKIE_NAME


@pytest.mark.slow
def test_a_killed_server_resumes_the_game(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = start_server(data)
    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            created = http.post("/api/games", json={"bot": "skilled", "first_splitter": "you"})
            assert created.status_code == 201
            state = created.json()
            rng = random.Random(5)
            for _ in range(4):
                response = move(http, state, rng.choice(state["legal"])["action"])
                assert response.status_code == 200, response.text
                state = response.json()
            before = http.get(f"/api/games/{state['id']}").json()
            assert before == state
            listing = http.get("/api/games").json()
            cookie = http.cookies[COOKIE_NAME]
    finally:
        server.kill()
    assert server.process.returncode == -signal.SIGKILL
    assert (data / "divided.sqlite3").exists()
    assert (data / "secret").stat().st_mode & 0o777 == 0o600

    again = start_server(data)
    try:
        with httpx.Client(base_url=again.url, timeout=30, cookies={COOKIE_NAME: cookie}) as http:
            assert http.get(f"/api/games/{state['id']}").json() == before
            assert http.get("/api/games").json() == listing
            # the stale page's move is still refused, and the game plays on to the end
            assert move(http, created.json(), 0).status_code == 409
            final = play_out(http, before, lambda s: rng.choice(s["legal"])["action"])[-1]
            assert final["table"]["showdown"] is not None
        with httpx.Client(base_url=again.url, timeout=30) as stranger:
            assert stranger.get(f"/api/games/{state['id']}").json() == {"error": "no such game"}
    finally:
        again.stop()


@pytest.mark.slow
def test_the_server_prints_where_to_open_it(tmp_path: Path) -> None:
    server = start_server(tmp_path)
    try:
        page = httpx.get(f"{server.url}/api/games", timeout=10)
        assert page.status_code == 200 and page.json() == {"games": []}
        assert "content-security-policy" in page.headers and "server" not in page.headers
        # keep-alive answers are not held back by Nagle's algorithm (~40 ms each if they were)
        with httpx.Client(base_url=server.url, timeout=10) as http:
            times = []
            for _ in range(15):
                began = time.perf_counter()
                assert http.get("/api/games").status_code == 200
                times.append(time.perf_counter() - began)
        assert sorted(times)[len(times) // 2] < 0.025, times
    finally:
        server.stop()
    out = next(tmp_path.glob("server-*.out")).read_text()
    assert f"Open {server.url}/ in your browser" in out


def test_several_workers_need_a_database_server(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["serve", "--workers", "2", "--data-dir", str(tmp_path), "--port", "0"])
    error = capsys.readouterr().err
    assert code == 2
    assert "--workers above 1 needs a database server" in error and "database is locked" in error
    code = main(["serve", "--workers", "2", "--database-url", f"sqlite:///{tmp_path}/x.db"])
    assert code == 2


def test_a_bad_database_url_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--data-dir", str(tmp_path), "--database-url", "no such url"]) == 2
    assert "cannot read the database URL" in capsys.readouterr().err
    assert main(["serve", "--data-dir", str(tmp_path), "--database-url", "mysql+nodriver://x/y"]) == 2
    assert "cannot use the database URL" in capsys.readouterr().err


def test_bad_ports_and_worker_counts_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["serve", "--port", "70000"], ["serve", "--port", "http"], ["serve", "--workers", "0"]):
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        assert exit_info.value.code == 2
    assert "out of range" in capsys.readouterr().err
