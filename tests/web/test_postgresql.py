"""Two uvicorn workers on one PostgreSQL database: a game played through both, and the same
move sent to both at once is applied exactly once.

The test starts its own PostgreSQL (``initdb``/``pg_ctl`` in a temporary folder, on a free
loopback port; as root it runs as the ``postgres`` system user through ``runuser``). It skips,
loudly, only where PostgreSQL cannot be started.

Which worker answers a request is up to the kernel, so the test pins one keep-alive connection
to each worker: it opens connections until, looking in ``/proc``, the two server ends belong
to two different worker processes. Moves then alternate between the two connections.
"""

from __future__ import annotations

import http.client
import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from webtools import Postgres, postgres_or_skip, start_server

from divided.web.sessions import COOKIE_NAME


@pytest.fixture(scope="module")
def database() -> Iterator[Postgres]:
    yield from postgres_or_skip("THE MULTI-WORKER TEST")


def children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


def tcp_ends(pid: int) -> set[tuple[int, int]]:
    """(local port, remote port) of the established TCP connections process ``pid`` holds."""
    inodes = set()
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    except OSError:
        return set()
    ends = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[9] in inodes and fields[3] == "01":
            ends.add((int(fields[1].split(":")[1], 16), int(fields[2].split(":")[1], 16)))
    return ends


class Pinned:
    """One keep-alive HTTP connection (so one worker), speaking JSON."""

    def __init__(self, url: str) -> None:
        host, port = url.removeprefix("http://").split(":")
        self.server_port = int(port)
        self.connection = http.client.HTTPConnection(host, self.server_port, timeout=30)
        self.connection.connect()
        assert self.connection.sock is not None
        self.port = int(self.connection.sock.getsockname()[1])
        self.cookie = ""

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        headers = {"Cookie": f"{COOKIE_NAME}={self.cookie}"} if self.cookie else {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        self.connection.request(method, path, body=data, headers=headers)
        response = self.connection.getresponse()
        text = response.read()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie" and not self.cookie:
                self.cookie = value.split(";")[0].split("=", 1)[1]
        return response.status, json.loads(text)

    def worker(self, candidates: list[int]) -> int | None:
        for pid in candidates:
            if (self.server_port, self.port) in tcp_ends(pid):
                return pid
        return None

    def move(self, state: dict[str, Any], action: int) -> tuple[int, Any]:
        return self.request("POST", f"/api/games/{state['id']}/moves",
                            {"move_number": state["move_number"], "action": action})


def one_connection_per_worker(url: str, parent: int) -> list[Pinned]:
    pinned: dict[int, Pinned] = {}
    for _ in range(200):
        connection = Pinned(url)
        assert connection.request("GET", "/api/nothing")[0] == 404  # accepted and answered
        owner = connection.worker(children(parent))
        if owner is not None and owner not in pinned:
            pinned[owner] = connection
            if len(pinned) == 2:
                return list(pinned.values())
        else:
            connection.connection.close()
    raise AssertionError(f"200 connections all went to the workers {sorted(pinned)}")


@pytest.mark.slow
def test_two_workers_on_postgresql(database: Postgres, tmp_path: Path) -> None:
    server = start_server(tmp_path, "--workers", "2", "--database-url", database.url)
    try:
        a, b = one_connection_per_worker(server.url, server.process.pid)
        status, state = a.request("POST", "/api/games", {"bot": "skilled", "first_splitter": "you"})
        assert status == 201
        b.cookie = a.cookie
        assert b.request("GET", f"/api/games/{state['id']}") == (200, state)  # the other worker sees it
        rounds = 0
        while state["phase"] != "over":
            # the same move on both workers at the same moment: exactly one applies it
            barrier = threading.Barrier(2)
            answers: dict[str, tuple[int, Any]] = {}
            action = state["legal"][rounds % len(state["legal"])]["action"]

            def send(name: str, connection: Pinned, current: dict[str, Any] = state,
                     chosen: int = action, gate: threading.Barrier = barrier,
                     out: dict[str, tuple[int, Any]] = answers) -> None:
                gate.wait()
                out[name] = connection.move(current, chosen)

            threads = [threading.Thread(target=send, args=(name, c)) for name, c in (("a", a), ("b", b))]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            statuses = sorted(status for status, _ in answers.values())
            assert statuses == [200, 409], answers
            state = next(body for status, body in answers.values() if status == 200)
            assert state["to_move"] in ("you", None), state["bot_error"]
            # both workers now serve the new state, whichever applied it
            assert a.request("GET", f"/api/games/{state['id']}") == (200, state)
            assert b.request("GET", f"/api/games/{state['id']}") == (200, state)
            rounds += 1
        assert rounds == 7 and state["table"]["showdown"] is not None
        status, listing = b.request("GET", "/api/games")
        assert [g["id"] for g in listing["games"]] == [state["id"]] and listing["games"][0]["over"] is True
    finally:
        server.stop()
    import psycopg

    with psycopg.connect(database.url.replace("postgresql+psycopg", "postgresql")) as connection:
        rows = connection.execute("SELECT move_number, over, json_array_length(actions), length(id) "
                                  "FROM games").fetchall()
    assert rows == [(state["move_number"], True, state["move_number"], 32)]
