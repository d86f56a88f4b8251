"""Poker hands stored before commit 3bff8aa (pot and no limit's raise-to at ``440 + amount``;
``1024 + amount`` since) load, replay exactly as they were played, show in the replay page and
the review, and can be played on; rows stored since are left as they are; a row this version
cannot read answers why (docs/web-api.md, *Storage*).

``data/store_3bff8aa.sqlite3`` was written by 3bff8aa's parent (``data/make_store_3bff8aa.py``
says how); ``data/store_3bff8aa.json`` is what that code said of each hand: its history in the
old numbers, and the returns and every seat's chips at the end. Those are the expectations.
"""

from __future__ import annotations

import html
import json
import random
import shutil
import sqlite3
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import JSON, bindparam, create_engine, text, update
from webtools import SECRET, Postgres, client, postgres_or_skip, service_of, store_of

from divided import games
from divided.errors import RecordVersionError
from divided.games.poker.actions import RAISE_TO
from divided.web import config
from divided.web import games as web_games
from divided.web.sessions import COOKIE_NAME, SessionCodec
from divided.web.store import GameStore, games_table, hints_table, reviews_table
from divided.web.viewmodel import summary_of

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

DATA = Path(__file__).parent / "data"
FIXTURE = DATA / "store_3bff8aa.sqlite3"
SESSION = "old-poker-session-3bff8aa"
OLD_RAISE_TO = 440


def expected() -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = json.loads((DATA / "store_3bff8aa.json").read_text())
    return found


def today(action: int) -> int:
    """An old number as numbered today, worked out from the two tables of numbers."""
    return action - OLD_RAISE_TO + RAISE_TO if action >= OLD_RAISE_TO else action


@pytest.fixture(autouse=True)
def _own_database(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(config.DATABASE_URL_ENV, raising=False)
    monkeypatch.delenv(config.DATA_DIR_ENV, raising=False)


@pytest.fixture
def old_folder(tmp_path: Path) -> Path:
    shutil.copyfile(FIXTURE, tmp_path / "divided.sqlite3")
    return tmp_path


def old_session(folder: Path) -> TestClient:
    """The app on ``folder``'s database, in the browser session that played the old hands."""
    http = TestClient(client(folder).app, cookies={COOKIE_NAME: SessionCodec(SECRET).encode(SESSION)})
    service_of(http).reviews.budget = 8  # small, so the review is quick
    return http


def raw_rows(path: Path) -> dict[str, dict[str, Any]]:
    connection = sqlite3.connect(path)
    connection.row_factory = sqlite3.Row
    try:
        return {row["id"]: dict(row) for row in connection.execute("SELECT * FROM games")}
    finally:
        connection.close()


def test_the_fixture_holds_the_old_numbers() -> None:
    rows, hands = raw_rows(FIXTURE), expected()
    assert set(rows) == set(hands) and "record_version" not in next(iter(rows.values()))
    for game_id, hand in hands.items():
        assert json.loads(rows[game_id]["actions"]) == hand["history"]
    raises = [a for hand in hands.values() for a in hand["history"] if a >= OLD_RAISE_TO]
    assert any(a < RAISE_TO for a in raises) and any(a >= RAISE_TO for a in raises)  # both kinds of old number


def test_old_hands_replay_exactly_as_they_were_played(old_folder: Path) -> None:
    store = GameStore(f"sqlite:///{old_folder / 'divided.sqlite3'}")
    store.create_tables()
    check_old_hands(store)


@pytest.fixture(scope="module")
def database() -> Iterator[Postgres]:
    yield from postgres_or_skip("THE POSTGRESQL TEST OF OLD POKER NUMBERS")


def test_old_hands_on_postgresql_replay_exactly_as_they_were_played(database: Postgres) -> None:
    """The fixture's rows in a PostgreSQL ``games`` table as 3bff8aa's parent made it (no
    ``record_version``): the column is added at start-up and the rows read and renumbered."""
    engine = create_engine(database.url)
    with engine.begin() as connection:
        for table in ("games", "feedback", "reviews", "hints"):
            connection.exec_driver_sql(f"DROP TABLE IF EXISTS {table}")
    engine.dispose()
    GameStore(database.url).create_tables()
    engine = create_engine(database.url)
    rows = []
    for row in raw_rows(FIXTURE).values():
        row = {**row, "options": json.loads(row["options"]), "actions": json.loads(row["actions"]),
               "bots": json.loads(row["bots"]), "summary": None if row["summary"] is None else json.loads(row["summary"]),
               "over": bool(row["over"]), "hints": None if row["hints"] is None else bool(row["hints"])}
        for moment in ("created", "updated", "finished"):
            if row[moment] is not None:
                row[moment] = datetime.fromisoformat(row[moment]).replace(tzinfo=UTC)
        rows.append(row)
    with engine.begin() as connection:
        connection.exec_driver_sql("ALTER TABLE games DROP COLUMN record_version")
        columns = ", ".join(rows[0])
        connection.execute(text(f"INSERT INTO games ({columns}) VALUES ({', '.join(':' + c for c in rows[0])})")
                           .bindparams(*(bindparam(c, type_=JSON) for c in ("options", "actions", "bots", "summary"))),
                           rows)
    engine.dispose()
    store = GameStore(database.url)
    store.create_tables()
    check_old_hands(store)


def check_old_hands(store: GameStore) -> None:
    for game_id, hand in expected().items():
        row = store.get(game_id, SESSION)
        assert row is not None and row.record_version == 2
        record = row.record()
        assert list(record.actions) == [today(a) for a in hand["history"]]
        state = games.replay(record)
        assert state.is_terminal() == hand["over"] and list(state.core.table.stacks) == hand["stacks"]
        if hand["over"]:
            assert state.returns() == hand["returns"]
    again = store.upgrade_records()  # every row carries its version now: nothing left to do
    assert (again.stamped, again.renumbered, again.unreadable) == (0, [], {})
    store.dispose()


def test_an_all_in_of_a_thousand_chips_is_told_apart_by_where_the_hand_ended() -> None:
    """1439 was a raise-to of 999 chips then and reads as one of 415 now, a legal raise too: read
    today's way, the hand has every action legal but stops before its end, and the row says it
    ended (so the old numbering is the one; tests/games/poker/test_numbering.py has hands where
    both readings end, told apart by the stored result)."""
    hands = {game_id: hand for game_id, hand in expected().items() if max(hand["history"]) >= RAISE_TO}
    assert hands
    rows = raw_rows(FIXTURE)
    for game_id, hand in hands.items():
        options = json.loads(rows[game_id]["options"])
        as_today = games.load("five-card-draw", **options).replay(
            games.GameRecord("five-card-draw", options, rows[game_id]["seed"], tuple(hand["history"])))
        assert hand["over"] and rows[game_id]["over"] and not as_today.is_terminal()


def test_old_hands_show_in_the_history_replay_record_and_review(old_folder: Path) -> None:
    hands = expected()
    finished = [game_id for game_id, hand in hands.items() if hand["over"]]
    with old_session(old_folder) as http:
        history = http.get("/api/history").json()
        assert sorted(g["id"] for g in history["games"]) == sorted(finished)
        for game_id in finished:
            hand = hands[game_id]
            replay = http.get(f"/api/games/{game_id}/replay")
            assert replay.status_code == 200, replay.text
            last = replay.json()["steps"][-1]
            assert last["move_number"] == len(hand["history"])
            assert last["state"]["result"]["returns"] == hand["returns"]
            assert [seat["won"] for seat in last["state"]["table"]["seats"]] == hand["returns"]
            page = http.get(f"/games/{game_id}/replay")
            assert page.status_code == 200 and "<h1>Replay of " in page.text
            assert html.escape(last["state"]["result"]["headline"], quote=False) in page.text
            record = http.get(f"/api/games/{game_id}/record").json()
            assert record["actions"] == [today(a) for a in hand["history"]]
        exported = {g["id"]: g for g in http.get("/api/data/export").json()["games"]}
        assert all(exported[game_id]["record"]["actions"] == [today(a) for a in hands[game_id]["history"]]
                   for game_id in finished)
        # the review of a hand with raises: each decision it grades is the action played then
        game_id = next(g for g in finished if hands[g]["structure"] == "pot")
        assert http.post(f"/api/games/{game_id}/review").status_code in (200, 202)
        review = wait_review(http, game_id)
        assert review["status"] == "done" and review["moves"], review
        played = [today(a) for a in hands[game_id]["history"]]
        for move in review["moves"]:
            assert move["played"] == played[move["move_number"]]
        assert any(move["played"] >= RAISE_TO for move in review["moves"])


def test_an_old_hand_in_progress_is_played_on(old_folder: Path) -> None:
    game_id, hand = next((g, h) for g, h in expected().items() if not h["over"])
    with old_session(old_folder) as http:
        state = http.get(f"/api/games/{game_id}").json()
        assert state["move_number"] == len(hand["history"]) and state["to_move"] == "you"
        raises = [entry["action"] for entry in state["legal"] if entry["action"] >= RAISE_TO]
        assert raises, state["legal"]  # facing the maniac's raise, raising is offered in today's numbers
        rng = random.Random(2)
        state = http.post(f"/api/games/{game_id}/moves",
                          json={"move_number": state["move_number"], "action": raises[0]}).json()
        while state["phase"] != "over":
            assert state["to_move"] == "you", state
            state = http.post(f"/api/games/{game_id}/moves", json={
                "move_number": state["move_number"],
                "action": rng.choice([e["action"] for e in state["legal"] if e["action"] != 0])}).json()
        row = store_of(http).get(game_id, SESSION)
        assert row is not None and row.over and row.record_version == 2
        assert list(row.actions[:len(hand["history"])]) == [today(a) for a in hand["history"]]
        assert raises[0] in row.actions


def wait_review(http: TestClient, game_id: str, timeout: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        body: dict[str, Any] = http.get(f"/api/games/{game_id}/review").json()
        if body["status"] != "running":
            return body
        assert time.monotonic() < deadline, body
        time.sleep(0.05)


def test_rows_stored_now_are_left_as_they_are(tmp_path: Path) -> None:
    """A hand played today keeps its numbers, stamped with today's version; one stored today
    before versions were kept (no stamp) is read as today's: its raises do not replay as old
    numbers."""
    with client(tmp_path) as http:
        state = http.post("/api/games", json={"game": "five-card-draw", "bot": "maniac", "players": 2,
                                              "structure": "pot"}).json()
        while state["phase"] != "over":
            legal = [e["action"] for e in state["legal"]]
            action = min((a for a in legal if a >= RAISE_TO), default=1 if 1 in legal else legal[0])
            state = http.post(f"/api/games/{state['id']}/moves",
                              json={"move_number": state["move_number"], "action": action}).json()
        store = store_of(http)

        def stored() -> dict[str, Any]:
            with store.engine.connect() as connection:
                return dict(connection.execute(games_table.select()).mappings().one())

        played = list(stored()["actions"])
        assert stored()["record_version"] == 2 and any(a >= RAISE_TO for a in played)
        with store.engine.begin() as connection:
            connection.execute(update(games_table).values(record_version=None))
        done = store.upgrade_records()
        assert (done.stamped, done.renumbered, done.unreadable) == (1, [], {})
        assert list(stored()["actions"]) == played and stored()["record_version"] == 2
        assert http.get(f"/api/games/{state['id']}/replay").status_code == 200


def test_a_review_and_cached_hints_stored_with_old_numbers_are_renumbered(old_folder: Path) -> None:
    game_id = next(g for g, h in expected().items() if h["over"] and h["structure"] == "pot")
    old_move = {"move_number": 3, "phase": "betting", "played": 452, "played_label": "raise to 12",
                "best": 1, "best_label": "call", "values": {"1": 0.5, "452": 0.25, "0": 0.0},
                "loss": 0.25, "grade": "mistake", "reason": "", "errors": {"1": 0.01, "452": 0.02},
                "worlds": {"1": 8, "452": 8}, "loss_error": 0.02, "loss_worlds": 8, "rival": 1,
                "policy": {"452": 1.0}, "mixed": False}
    path = old_folder / "divided.sqlite3"
    connection = sqlite3.connect(path)
    with connection:
        connection.execute("INSERT INTO reviews VALUES (?, '2026-12-05 10:00:00', 'done', 8, 0, 1, ?, NULL)",
                           (game_id, json.dumps([old_move])))
        connection.execute("INSERT INTO hints VALUES (?, 3, '2026-12-05 10:00:00', ?)",
                           (game_id, json.dumps({"action": 460, "label": "raise to 20", "value": 0.5})))
    connection.close()
    store = GameStore(f"sqlite:///{path}")
    store.create_tables()
    review = store.get_review(game_id)
    assert review is not None
    assert review.moves[0] == {**old_move, "played": 1036, "best": 1, "rival": 1,
                               "values": {"1": 0.5, "1036": 0.25, "0": 0.0}, "errors": {"1": 0.01, "1036": 0.02},
                               "worlds": {"1": 8, "1036": 8}, "policy": {"1036": 1.0}}
    assert store.get_hint(game_id, 3) == {"action": 1044, "label": "raise to 20", "value": 0.5}
    with store.engine.connect() as connection:
        assert connection.execute(reviews_table.select()).first() is not None
        assert connection.execute(hints_table.select()).first() is not None
    store.dispose()


def test_a_row_this_version_cannot_read_answers_why(old_folder: Path) -> None:
    hands = expected()
    newer, broken = [g for g, h in hands.items() if h["over"] and h["structure"] == "pot"][:2]
    path = old_folder / "divided.sqlite3"
    store = GameStore(f"sqlite:///{path}")
    store.create_tables()
    with store.engine.begin() as connection:
        connection.execute(update(games_table).where(games_table.c.id == newer).values(record_version=3))
        # neither numbering: the last action a raise-to of 1,000 chips now and of 1,584 then (200-chip stacks)
        connection.execute(update(games_table).where(games_table.c.id == broken).values(
            record_version=None, actions=[*hands[broken]["history"][:-1], 440 + 1000 + 584]))
    done = store.upgrade_records()
    assert list(done.unreadable) == [broken] and "no numbering" in done.unreadable[broken]
    store.dispose()
    with old_session(old_folder) as http:
        answer = http.get(f"/api/games/{newer}")
        assert answer.status_code == 409
        assert answer.json() == {"error": "this game cannot be shown: the five-card-draw record was written with "
                                          "action numbering version 3; this version reads versions 1 to 2"}
        answer = http.get(f"/api/games/{broken}/replay")
        assert answer.status_code == 409 and "replay under no numbering" in answer.json()["error"]
        page = http.get(f"/games/{newer}/replay")
        assert page.status_code == 409 and "action numbering version 3" in page.text
        exported = {g["id"]: g for g in http.get("/api/data/export").json()["games"]}
        assert exported[newer]["record"] is None and "version 3" in exported[newer]["record_error"]
        assert exported[broken]["record"] is None and "no numbering" in exported[broken]["record_error"]
        assert len(http.get("/api/history").json()["games"]) == sum(h["over"] for h in hands.values())
        note = http.post("/api/feedback", json={"message": "this hand will not open", "page": "/history",
                                                "game_id": newer})
        assert note.status_code == 201 and note.json()["feedback"]["game_id"] == newer
        other = next(g for g, h in hands.items() if h["over"] and g not in (newer, broken))
        assert http.get(f"/api/games/{other}/replay").status_code == 200  # the others are not held up


def test_a_deep_hand_both_numberings_replay_is_read_by_its_stored_result(old_folder: Path) -> None:
    """A later hand of a deep no-limit table (2,000 chips a seat) stored in the old numbers:
    raises to 700 and 1,000 (1140 and 1440 then) read today as raises to 116 and 416, and that
    hand ends too; the row's summary (the result the old code stored: who won how much) names
    the old reading. Without a summary the row cannot be told apart and is refused."""
    options = {"players": 2, "structure": "no", "stacks": "2000/2000", "first_dealer": 1}
    state = games.load("five-card-draw", **options).new_initial_state(seed=4)
    for action in (RAISE_TO + 700, 1, 4, 4, RAISE_TO + 1000, 1):
        state.apply_action(action)
    assert state.is_terminal()
    old = [a - RAISE_TO + OLD_RAISE_TO if a >= RAISE_TO else a for a in state.history()]
    result = web_games.room("five-card-draw").result(state.observation(0))
    assert result is not None
    path = old_folder / "divided.sqlite3"
    connection = sqlite3.connect(path)
    template = dict(raw_rows(path)[next(g for g, h in expected().items() if h["over"])])
    with connection:
        for game_id, summary in (("d" * 32, json.dumps(summary_of(result))), ("e" * 32, None)):
            row = {**template, "id": game_id, "options": json.dumps(state.game.options), "seed": 4,
                   "actions": json.dumps(old), "move_number": len(old), "summary": summary}
            connection.execute(f"INSERT INTO games ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                               tuple(row.values()))
    connection.close()
    store = GameStore(f"sqlite:///{path}")
    store.create_tables()
    read = store.get("d" * 32, SESSION)
    assert read is not None and read.record_version == 2 and list(read.actions) == state.history()
    assert games.replay(read.record()).returns() == state.returns()
    unread = store.get("e" * 32, SESSION)
    assert unread is not None and unread.record_version is None
    with pytest.raises(RecordVersionError, match="replay under both numberings"):
        unread.record()
    store.dispose()
