"""Saved data (export, delete) and feedback: the API, the pages, and `divided feedback list`."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, inspect, select
from sqlalchemy.engine import Engine
from webtools import client, play_out, second_client, session_of, store_of, truth

from divided.cli.main import main as divided_main
from divided.web.store import GameStore, feedback_table, games_table, metadata, owner_key

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def http(tmp_path: Path) -> TestClient:
    return client(tmp_path)


def finish_game(http: TestClient, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    state = http.post("/api/games", json={"bot": "random"}).json()
    return play_out(http, state, lambda s: rng.choice(s["legal"])["action"])[-1]


def rows_of(engine: Engine, session: str) -> tuple[int, int]:
    """(games, feedback messages) stored for a session, counted in the database itself."""
    owner = owner_key(session)
    with engine.connect() as connection:
        games_ = connection.execute(select(func.count()).select_from(games_table)
                                    .where(games_table.c.session_id == owner)).scalar_one()
        notes = connection.execute(select(func.count()).select_from(feedback_table)
                                   .where(feedback_table.c.session_id == owner)).scalar_one()
    return int(games_), int(notes)


# -- export and delete --------------------------------------------------------------------


def test_export_then_delete_then_export_is_empty(http: TestClient) -> None:
    final = finish_game(http, 1)
    playing = http.post("/api/games", json={"bot": "random"}).json()
    assert http.post("/api/feedback", json={"message": "Nice game", "page": "/games/x",
                                            "game_id": final["id"]}).status_code == 201
    other = second_client(http)
    other_game = other.post("/api/games", json={"bot": "random"}).json()
    other.post("/api/feedback", json={"message": "mine", "page": "/"})

    response = http.get("/api/data/export")
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    exported = response.json()
    by_id = {g["id"]: g for g in exported["games"]}
    assert set(by_id) == {final["id"], playing["id"]}  # not the other session's game
    assert by_id[final["id"]]["record"] == truth(http, final["id"]).record().to_dict()
    assert by_id[final["id"]]["result"] in ("win", "loss", "draw")
    assert by_id[playing["id"]]["record"] is None  # a game in play: no seed, no deal
    in_play = by_id[playing["id"]]
    secret_seed = truth(http, playing["id"]).record().seed
    assert secret_seed is not None and str(secret_seed) not in json.dumps(in_play)
    assert "seed" not in in_play and "seed" not in json.dumps(in_play).replace('"opening_seed"', "")
    assert [(n["message"], n["page"], n["game_id"]) for n in exported["feedback"]] == [
        ("Nice game", "/games/x", final["id"])]

    engine = store_of(http).engine
    session = session_of(http)
    assert rows_of(engine, session) == (2, 1)
    deleted = http.post("/api/data/delete", json={"confirm": True})
    assert deleted.status_code == 200
    assert deleted.json()["deleted"] == 3 and deleted.json()["games"] == 2 and deleted.json()["feedback"] == 1
    assert rows_of(engine, session) == (0, 0)
    assert rows_of(engine, session_of(other)) == (1, 1)  # another browser's data stays
    assert other.get(f"/api/games/{other_game['id']}").status_code == 200

    empty = http.get("/api/data/export").json()
    assert empty["games"] == [] and empty["feedback"] == []
    assert http.get(f"/api/games/{final['id']}").status_code == 404
    assert http.get("/api/history").json()["games"] == []


def test_delete_needs_confirmation(http: TestClient) -> None:
    finish_game(http, 2)
    engine = store_of(http).engine
    for body in ({}, {"confirm": False}, {"confirm": "yes"}, {"confirm": 1}):
        response = http.post("/api/data/delete", json=body)
        assert response.status_code == 422, body
        assert "nothing was deleted" in response.json()["error"]
    assert http.post("/api/data/delete").status_code == 422  # no body at all
    assert http.post("/api/data/delete", json={"confirm": True, "x": 1}).status_code == 422
    assert http.post("/api/data/delete", content=b"[1]",
                     headers={"content-type": "application/json"}).status_code == 422
    assert rows_of(engine, session_of(http)) == (1, 0)


def test_delete_with_nothing_stored_says_so(http: TestClient) -> None:
    response = http.post("/api/data/delete", json={"confirm": True})
    assert response.status_code == 200
    body = response.json()
    assert body["deleted"] == 0 and "nothing to delete" in body["message"]


def test_data_page_counts_what_is_stored(http: TestClient) -> None:
    finish_game(http, 3)
    page = http.get("/data")
    assert page.status_code == 200
    assert "1 game and 0 feedback messages" in page.text
    assert 'href="/api/data/export"' in page.text and 'id="delete-data"' in page.text


# -- feedback -----------------------------------------------------------------------------


def test_feedback_is_stored_with_its_page_and_game(http: TestClient) -> None:
    final = finish_game(http, 4)
    response = http.post("/api/feedback", json={"message": "  The replay helps.  ",
                                                "page": f"/games/{final['id']}/replay",
                                                "game_id": final["id"]})
    assert response.status_code == 201
    assert http.post("/api/feedback", json={"message": "x" * 4000, "page": "/rules"}).status_code == 201
    assert http.post("/api/feedback", json={"message": "é" * 4000, "page": "/", "game_id": None}).status_code == 201
    with store_of(http).engine.connect() as connection:
        stored = connection.execute(select(feedback_table).order_by(feedback_table.c.id)).mappings().all()
    assert [(r["message"], r["page"], r["game_id"]) for r in stored] == [
        ("The replay helps.", f"/games/{final['id']}/replay", final["id"]),
        ("x" * 4000, "/rules", None),
        ("é" * 4000, "/", None),
    ]
    assert all(r["session_id"] == owner_key(session_of(http)) for r in stored)


@pytest.mark.parametrize(("body", "words"), [
    ({"message": "", "page": "/"}, "empty"),
    ({"message": "   \n ", "page": "/"}, "empty"),
    ({"message": "x" * 4001, "page": "/"}, "too long"),
    ({"message": 5, "page": "/"}, "must be text"),
    ({"message": None, "page": "/"}, "needs the field"),
    ({"page": "/"}, "needs the field 'message'"),
    ({"message": "hi"}, "needs the field 'page'"),
    ({"message": "hi", "page": "/", "game_id": 7}, "game_id"),
    ({"message": "hi", "page": "/", "extra": 1}, "unknown field"),
    ({"message": "hi", "page": "p" * 201}, "too long"),
])
def test_bad_feedback_is_refused(http: TestClient, body: dict[str, Any], words: str) -> None:
    response = http.post("/api/feedback", json=body)
    assert response.status_code == 422
    assert words in response.json()["error"]
    with store_of(http).engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(feedback_table)).scalar_one() == 0


def test_feedback_bad_bodies_and_foreign_games(http: TestClient) -> None:
    assert http.post("/api/feedback").status_code == 422
    assert http.post("/api/feedback", content=b"{nope", headers={"content-type": "application/json"}).status_code == 422
    assert http.post("/api/feedback", content=b"hi", headers={"content-type": "text/plain"}).status_code == 415
    assert http.post("/api/feedback", content=b"[]", headers={"content-type": "application/json"}).status_code == 422
    other = second_client(http)
    theirs = other.post("/api/games", json={"bot": "random"}).json()["id"]
    for game_id in (theirs, "0" * 32, "../etc"):
        response = http.post("/api/feedback", json={"message": "hi", "page": "/", "game_id": game_id})
        assert response.status_code == 404 and response.json() == {"error": "no such game"}


@pytest.mark.parametrize("path", ["/", "/rules", "/settings", "/history", "/data"])
def test_every_page_has_the_feedback_form(http: TestClient, path: str) -> None:
    text = http.get(path).text
    assert '<details id="feedback">' in text and "<summary>Feedback</summary>" in text
    assert '<textarea id="feedback-message"' in text and 'maxlength="4000"' in text
    assert f'data-page-path="{path}"' in text


def test_feedback_list_command_prints_the_messages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    http = client(tmp_path)
    game_id = finish_game(http, 5)["id"]
    http.post("/api/feedback", json={"message": "First note", "page": "/rules"})
    http.post("/api/feedback", json={"message": "About this game\nsecond line", "page": "/games/g",
                                     "game_id": game_id})
    assert divided_main(["feedback", "list", "--data-dir", str(tmp_path), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(n["message"], n["page"], n["game_id"]) for n in listed] == [
        ("First note", "/rules", None), ("About this game\nsecond line", "/games/g", game_id)]
    assert {n["session"] for n in listed} == {owner_key(session_of(http))[:12]}
    assert divided_main(["feedback", "list", "--data-dir", str(tmp_path)]) == 0
    text = capsys.readouterr().out
    assert "First note" in text and "    second line" in text and game_id in text and "2 messages." in text
    url = f"sqlite:///{tmp_path / 'divided.sqlite3'}"
    assert divided_main(["feedback", "list", "--database-url", url, "--data-dir", str(tmp_path / "x")]) == 0
    assert "First note" in capsys.readouterr().out


def test_feedback_list_with_no_feedback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert divided_main(["feedback", "list", "--data-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == "No feedback yet."


def test_an_older_games_table_gets_the_summary_columns(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    store = GameStore(url)
    old_columns = [c.copy() for c in games_table.columns if c.name not in ("summary", "finished")]
    from sqlalchemy import MetaData, Table

    old = Table("games", MetaData(), *old_columns)
    old.create(store.engine)
    store.create_tables()
    names = {c["name"] for c in inspect(store.engine).get_columns("games")}
    assert {"summary", "finished"} <= names
    assert set(metadata.tables) <= set(inspect(store.engine).get_table_names())
    store.create_tables()  # again: nothing to add, no error
    store.dispose()
