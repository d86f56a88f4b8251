"""Cross-site POSTs are refused (issue 10, item 6); feedback cannot carry terminal escapes
(issue 10, item 4). docs/web-api.md, *Limits and protections*."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from webtools import client, play_out, session_of, store_of

from divided.cli.main import main as divided_main
from divided.web import config
from divided.web.store import feedback_table, games_table, owner_key

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

OWN = "http://testserver"  # the TestClient's Host header and scheme


@pytest.fixture(autouse=True)
def _own_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (config.DATABASE_URL_ENV, config.DATA_DIR_ENV, "DIVIDED_ALLOWED_ORIGINS"):
        monkeypatch.delenv(name, raising=False)


def counts(http: TestClient) -> tuple[int, int, int]:
    """(games, feedback messages, hints used) stored for the client's session, from the tables."""
    owner = owner_key(session_of(http))
    with store_of(http).engine.connect() as connection:
        games_ = connection.execute(select(func.count()).select_from(games_table)
                                    .where(games_table.c.session_id == owner)).scalar_one()
        notes = connection.execute(select(func.count()).select_from(feedback_table)
                                   .where(feedback_table.c.session_id == owner)).scalar_one()
        hints = connection.execute(select(func.coalesce(func.sum(games_table.c.hints_used), 0))
                                   .where(games_table.c.session_id == owner)).scalar_one()
    return int(games_), int(notes), int(hints)


def finished(http: TestClient) -> str:
    rng = random.Random(3)
    state = http.post("/api/games", json={"bot": "random"}).json()
    return str(play_out(http, state, lambda s: rng.choice(s["legal"])["action"])[-1]["id"])


# -- item 6: Origin -------------------------------------------------------------------------


def posts(game_id: str, done_id: str) -> list[tuple[str, Any]]:
    """Every state-changing POST, with a body that would succeed."""
    return [("/api/games", None), ("/api/games", {"bot": "random"}),
            (f"/api/games/{game_id}/hint", None), (f"/api/games/{game_id}/bot", None),
            (f"/api/games/{game_id}/moves", {"move_number": 0, "action": 0}),
            (f"/api/games/{done_id}/review", None), ("/api/feedback", {"message": "hi", "page": "/"}),
            ("/api/data/delete", {"confirm": True})]


@pytest.mark.parametrize("headers", [
    {"Origin": "https://evil.example"},
    {"Origin": "http://testserver:8080"},          # another port is another origin
    {"Origin": "https://testserver"},              # another scheme too
    {"Origin": "null"},                            # sandboxed frames, file pages
    {"Referer": "https://evil.example/page"},      # no Origin: the Referer's origin counts
    {"Referer": "http://[::1/page"},               # a malformed Referer counts as null (it was a 500)
    {"Origin": "https://evil.example", "Referer": f"{OWN}/"},
])
def test_cross_site_posts_are_refused_and_change_nothing(tmp_path: Path, headers: dict[str, str]) -> None:
    http = client(tmp_path)
    game = http.post("/api/games", json={"bot": "random", "hints": True}).json()
    done = finished(http)
    before = counts(http)
    review_before = http.get(f"/api/games/{done}/review").json()["status"]
    for path, body in posts(game["id"], done):
        response = http.post(path, json=body, headers=headers) if body is not None else \
            http.post(path, headers=headers)
        assert response.status_code == 403, (path, response.status_code, response.text)
        assert "cross-site" in response.json()["error"]
    assert counts(http) == before
    assert http.get(f"/api/games/{game['id']}").json()["move_number"] == game["move_number"]
    assert http.get(f"/api/games/{done}/review").json()["status"] == review_before == "none"


@pytest.mark.parametrize("headers", [{}, {"Origin": OWN}, {"Origin": f"{OWN}:80"}, {"Referer": f"{OWN}/games/x"},
                                     {"Origin": "HTTP://TESTSERVER"}])
def test_same_origin_and_header_less_posts_still_work(tmp_path: Path, headers: dict[str, str]) -> None:
    http = client(tmp_path)
    created = http.post("/api/games", json={"bot": "random"}, headers=headers)
    assert created.status_code == 201, created.text
    assert http.post("/api/feedback", json={"message": "hi", "page": "/"}, headers=headers).status_code == 201
    assert counts(http)[:2] == (1, 1)


def test_gets_are_not_checked(tmp_path: Path) -> None:
    http = client(tmp_path)
    assert http.get("/api/games", headers={"Origin": "https://evil.example"}).status_code == 200


def test_allowed_origins_for_a_proxy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    http = client(tmp_path, allowed_origins=("https://play.example.org, https://other.example:8443",))
    for origin in ("https://play.example.org", "https://play.example.org:443", "https://other.example:8443", OWN):
        assert http.post("/api/games", json={"bot": "random"}, headers={"Origin": origin}).status_code == 201
    assert http.post("/api/games", headers={"Origin": "https://other.example"}).status_code == 403
    monkeypatch.setenv("DIVIDED_ALLOWED_ORIGINS", "https://env.example")
    from_env = client(tmp_path / "env")
    assert from_env.post("/api/games", headers={"Origin": "https://env.example"}).status_code == 201
    assert from_env.post("/api/games", headers={"Origin": "https://play.example.org"}).status_code == 403
    with pytest.raises(config.ConfigError, match="allowed origin"):
        client(tmp_path / "bad", allowed_origins=("https://x.example/path",))


def test_serve_refuses_a_malformed_allowed_origin(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        divided_main(["serve", "--allowed-origin", "ftp://x.example"])
    assert "not an origin" in capsys.readouterr().err


# -- item 4: feedback -----------------------------------------------------------------------

HOSTILE = [
    ("clear screen", "hello\x1b[2J\x1b[H"),
    ("window title", "\x1b]0;pwned\x07"),
    ("carriage return", "real text\rforged #9 entry"),
    ("NUL", "a\x00b"),
    ("C1 CSI", "a\x9b31mred"),
    ("DEL", "a\x7fb"),
    ("right-to-left override", "abc\u202edcba"),
    ("isolate", "x\u2066y\u2069"),
    ("vertical tab", "a\x0bb"),
]


@pytest.mark.parametrize(("what", "text"), HOSTILE)
@pytest.mark.parametrize("field", ["message", "page"])
def test_feedback_with_control_characters_is_refused(tmp_path: Path, what: str, text: str, field: str) -> None:
    http = client(tmp_path)
    body = {"message": "fine", "page": "/rules", field: text}
    response = http.post("/api/feedback", json=body)
    assert response.status_code == 422, (what, response.text)
    assert "control character U+" in response.json()["error"]
    assert counts(http)[1] == 0


def test_feedback_line_breaks_are_normalised_and_tabs_kept(tmp_path: Path) -> None:
    http = client(tmp_path)
    response = http.post("/api/feedback", json={"message": "one\r\ntwo\n\tthree", "page": "/"})
    assert response.status_code == 201, response.text
    assert response.json()["feedback"]["message"] == "one\ntwo\n\tthree"
    assert [n.message for n in store_of(http).feedback()] == ["one\ntwo\n\tthree"]


def test_feedback_list_escapes_what_older_rows_hold(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Rows stored before the check (written straight to the table here) print escaped."""
    http = client(tmp_path)
    http.get("/api/games")
    store = store_of(http)
    for _, text in HOSTILE:
        store.add_feedback(session_of(http), f"/p{text}", None, f"m {text}")
    assert divided_main(["feedback", "list", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    unprintable = [c for c in out if not (c.isprintable() or c == "\n")]
    assert unprintable == []
    for escaped in ("\\x1b[2J", "\\x1b]0;pwned\\x07", "\\r", "\\x00", "\\x9b", "\\x7f", "\\u202e", "\\u2066",
                    "\\x0b"):
        assert escaped in out, escaped
    # every line is a header, a message line indented by four spaces, blank, or the count
    lines = out.splitlines()
    assert all(line.startswith(("#", "    ")) or line == "" for line in lines[:-1]), lines
    assert sum(line.startswith("#") for line in lines) == len(HOSTILE)
    assert divided_main(["feedback", "list", "--data-dir", str(tmp_path), "--json"]) == 0
    text = capsys.readouterr().out
    assert [c for c in text if not (c.isprintable() or c == "\n")] == []
    listed = json.loads(text)
    assert [n["message"] for n in listed] == [f"m {t}" for _, t in HOSTILE]
    assert [n["page"] for n in listed] == [f"/p{t}" for _, t in HOSTILE]


def test_serve_passes_allowed_origins_and_limits_to_the_app(tmp_path: Path) -> None:
    """``divided serve --allowed-origin ... --limit ...`` as a real server on loopback."""
    import httpx
    from webtools import start_server

    server = start_server(tmp_path, "--allowed-origin", "https://proxy.example", "--limit", "games_burst=2",
                          "--limit", "games_per_second=0.001")
    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            assert http.post("/api/games", json={"bot": "random"},
                             headers={"Origin": "https://proxy.example"}).status_code == 201
            assert http.post("/api/games", json={"bot": "random"},
                             headers={"Origin": "https://evil.example"}).status_code == 403
            assert http.post("/api/games", json={"bot": "random"}, headers={"Origin": server.url}).status_code == 201
            refused = http.post("/api/games", json={"bot": "random"})
            assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 900
    finally:
        server.stop()
