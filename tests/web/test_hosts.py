"""The Host check (DNS rebinding): the app answers only under its own names, GETs included.

In-process apps get exactly the configuration they are given (no ``testserver`` here): their
requests go to ``http://127.0.0.1:8000`` and name other hosts in ``Host`` themselves. The last
tests run ``divided serve`` itself.
"""

from __future__ import annotations

import http.client
import json
import socket
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from webtools import SECRET, start_server, store_of

from divided.cli.main import main as divided_main
from divided.web.app import create_app
from divided.web.config import ALLOWED_HOSTS_ENV, ConfigError

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

OWN = "http://127.0.0.1:8000"
EVIL = "evil.example"


def app_client(tmp_path: Path, **options: Any) -> TestClient:
    return TestClient(create_app(data_dir=tmp_path, secret=SECRET, **options), base_url=OWN)


def games_stored(http: TestClient) -> int:
    with store_of(http).engine.connect() as connection:
        return len(connection.exec_driver_sql("select id from games").fetchall())


def refused(response: httpx.Response, host: str) -> None:
    assert response.status_code == 400, response.text
    assert "set-cookie" not in response.headers
    text = response.json()["error"] if response.headers["content-type"] == "application/json" else response.text
    assert json.dumps(host) in text and "DNS rebinding" in text and "--allowed-host" in text, text


def test_a_post_under_another_host_name_with_its_own_origin_is_refused(tmp_path: Path) -> None:
    http = app_client(tmp_path)
    response = http.post("/api/games", json={"bot": "random"},
                         headers={"Host": EVIL, "Origin": f"http://{EVIL}"})
    refused(response, EVIL)
    assert games_stored(http) == 0
    assert http.post("/api/games", json={"bot": "random"}, headers={"Origin": OWN}).status_code == 201
    assert games_stored(http) == 1


@pytest.mark.parametrize("path", ["/api/games", "/api/history", "/", "/history", "/static/app.css"])
def test_reads_under_another_host_name_are_refused_too(tmp_path: Path, path: str) -> None:
    http = app_client(tmp_path)
    assert http.get(path).status_code == 200
    refused(http.get(path, headers={"Host": f"{EVIL}:8000"}), f"{EVIL}:8000")


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.1:8000", "localhost:1234", "LOCALHOST", "localhost.",
                                  "[::1]:8000", "[::1]"])
def test_the_loopback_names_are_always_answered(tmp_path: Path, host: str) -> None:
    assert app_client(tmp_path).get("/api/games", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize("host", ["127.0.0.1:x", "127.0.0.1:8000:1", "[::1", "a b", "user@127.0.0.1", "",
                                  "127.0.0.1.evil.example", "localhost.evil.example", "10.0.0.5", "[::2]"])
def test_malformed_and_foreign_hosts_are_refused(tmp_path: Path, host: str) -> None:
    response = app_client(tmp_path).get("/api/games", headers={"Host": host})
    assert response.status_code == 400, (host, response.text)


def test_the_allowed_origins_hosts_and_the_allowed_hosts_are_answered(tmp_path: Path) -> None:
    http = app_client(tmp_path, allowed_origins=("https://play.example.org",),
                      allowed_hosts=("box.example", "192.168.1.20"))
    for host in ("play.example.org", "play.example.org:443", "box.example:8000", "192.168.1.20:8000"):
        assert http.get("/api/games", headers={"Host": host}).status_code == 200, host
    for host in (EVIL, "example.org", "192.168.1.21"):
        assert http.get("/api/games", headers={"Host": host}).status_code == 400, host


def test_listening_on_every_address_answers_any_address_and_this_machines_name(tmp_path: Path) -> None:
    http = app_client(tmp_path, allowed_hosts=("0.0.0.0",))
    for host in ("192.168.1.20:8000", "10.1.2.3", "[fe80::1]:8000", socket.gethostname(), "localhost"):
        assert http.get("/api/games", headers={"Host": host}).status_code == 200, host
    refused(http.get("/api/games", headers={"Host": EVIL}), EVIL)


def test_the_allowed_hosts_come_from_the_environment_by_default(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ALLOWED_HOSTS_ENV, "box.example, 10.0.0.5")
    http = app_client(tmp_path)
    assert http.get("/api/games", headers={"Host": "box.example"}).status_code == 200
    assert http.get("/api/games", headers={"Host": "10.0.0.5:8000"}).status_code == 200
    assert http.get("/api/games", headers={"Host": EVIL}).status_code == 400


def test_a_malformed_allowed_host_is_a_configuration_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="allowed host"):
        create_app(data_dir=tmp_path, secret=SECRET, allowed_hosts=("https://box.example",))
    with pytest.raises(SystemExit):
        divided_main(["serve", "--allowed-host", "box.example:8000", "--data-dir", str(tmp_path)])


# -- divided serve ----------------------------------------------------------------------------


def exchange(connection: http.client.HTTPConnection, method: str, path: str, body: bytes | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, str, http.client.HTTPResponse]:
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    return response.status, response.read().decode(), response


def test_serve_answers_only_its_own_names(tmp_path: Path) -> None:
    server = start_server(tmp_path, "--allowed-host", "box.example")
    port = int(server.url.rsplit(":", 1)[1])
    try:
        for host, status in ((EVIL, 400), (f"{EVIL}:{port}", 400), ("box.example", 200),
                             (f"localhost:{port}", 200), (f"127.0.0.1:{port}", 200)):
            response = httpx.get(f"{server.url}/api/games", headers={"Host": host}, timeout=30)
            assert response.status_code == status, (host, response.text)
        response = httpx.post(f"{server.url}/api/games", json={"bot": "random"},
                              headers={"Host": EVIL, "Origin": f"http://{EVIL}"}, timeout=30)
        assert response.status_code == 400
    finally:
        server.stop()


def test_a_malformed_body_keeps_the_connection_alive(tmp_path: Path) -> None:
    """A 5000-digit integer was a 500 after which uvicorn dropped the keep-alive connection."""
    server = start_server(tmp_path)
    connection = http.client.HTTPConnection(server.url.removeprefix("http://"), timeout=30)
    try:
        status, _, response = exchange(connection, "GET", "/api/games")
        cookie = (response.getheader("set-cookie") or "").split(";", 1)[0]
        assert status == 200 and cookie
        headers = {"Content-Type": "application/json", "Cookie": cookie}
        status, text, _ = exchange(connection, "POST", "/api/feedback",
                                   b'{"message": ' + b"9" * 5000 + b', "page": "/"}', headers)
        assert status == 422 and "digits" in text, text
        status, text, _ = exchange(connection, "POST", "/api/feedback",
                                   b'{"message": "\\ud800", "page": "/"}', headers)
        assert status == 422 and "surrogate" in text, text
        status, text, _ = exchange(connection, "GET", "/api/data/export", headers={"Cookie": cookie})
        assert status == 200 and json.loads(text)["feedback"] == []  # nothing was saved
        status, text, _ = exchange(connection, "POST", "/api/feedback", b'{"message": "ok", "page": "/"}', headers)
        assert status == 201, text  # the same connection, still open
    finally:
        connection.close()
        server.stop()
