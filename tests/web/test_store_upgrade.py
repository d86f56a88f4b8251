"""A games database written by the web app at commit 5ef849e (one ``bot`` column, ``step`` and
``step_name``) is upgraded in place to today's (``bots`` per seat, a JSON ``summary``), on SQLite
and on PostgreSQL, and its games keep working: the one in progress can be finished, the
finished ones show in the history with the right summary, replay and export.

``data/store_5ef849e.sqlite3`` was written by that commit's own code
(``data/make_store_5ef849e.py`` says how); the PostgreSQL case creates that version's table
(its DDL, copied below) and fills it with the fixture's rows.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    insert,
    inspect,
)
from webtools import Postgres, postgres_or_skip

from divided import games
from divided.games.base import GameRecord
from divided.web.after import export_object, history_for, replay_object
from divided.web.api import GameService, NewGame
from divided.web.store import GameStore, feedback_table

FIXTURE = Path(__file__).parent / "data" / "store_5ef849e.sqlite3"
SESSION = "old-session"

old_metadata = MetaData()
OLD_GAMES = Table(
    "games", old_metadata,
    Column("id", String(32), primary_key=True),
    Column("session_id", String(64), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("human_seat", Integer, nullable=False),
    Column("bot", String(64), nullable=False),
    Column("actions", JSON, nullable=False),
    Column("move_number", Integer, nullable=False),
    Column("phase", String(16), nullable=False),
    Column("over", Boolean, nullable=False),
    Column("result", String(16), nullable=True),
    Column("bot_error", Text, nullable=True),
    Column("step", Integer, nullable=True),
    Column("step_name", String(64), nullable=True),
    Column("finished", DateTime(timezone=True), nullable=True),
    Column("hints", Boolean, nullable=True),
    Column("hints_used", Integer, nullable=True),
)
"""The ``games`` table as commit 5ef849e defined it."""


def old_rows() -> list[dict[str, Any]]:
    """The fixture's games, read with plain sqlite3 (not with the code under test)."""
    connection = sqlite3.connect(FIXTURE)
    connection.row_factory = sqlite3.Row
    try:
        return [dict(row) for row in connection.execute("SELECT * FROM games ORDER BY created")]
    finally:
        connection.close()


def expected_summary(row: dict[str, Any]) -> dict[str, Any]:
    """What the history should say about an old finished game, from its record alone: the
    engine's result of the replayed record (its detail, headline and places), checked against
    the old columns first."""
    record = GameRecord(row["game"], json.loads(row["options"]), int(row["seed"]), tuple(json.loads(row["actions"])))
    state = games.replay(record)
    result = state.result()
    assert result is not None
    assert result.detail["step"] == row["step"] and result.detail["step_name"] == row["step_name"]
    word = "draw" if result.is_draw else ("win" if result.winners == (row["human_seat"],) else "loss")
    assert word == row["result"]
    return {**result.detail, "headline": result.headline, "places": list(result.places)}


def check_upgraded(store: GameStore) -> None:
    columns = {column["name"] for column in inspect(store.engine).get_columns("games")}
    assert {"bots", "summary", "table_id", "next_id"} <= columns
    assert not columns & {"bot", "step", "step_name"}
    rows = old_rows()
    service = GameService(store)
    try:
        listed = {game["id"]: game for game in service.summaries(SESSION)}
        assert set(listed) == {row["id"] for row in rows}
        for row in rows:
            assert listed[row["id"]]["seats"] == [None, row["bot"]]
            assert listed[row["id"]]["over"] == bool(row["over"])
        # the finished games: history (summaries refilled from the records), replay, export
        history = history_for(service, SESSION)
        finished = [row for row in rows if row["over"]]
        assert [g["id"] for g in history["games"]] == [row["id"] for row in finished]
        for entry, row in zip(history["games"], finished, strict=True):
            assert entry["summary"] == expected_summary(row)
            assert entry["bots"] == [row["bot"]] and entry["result"] == row["result"]
            assert entry["decided"] == f"step {row['step']}: {row['step_name']}"
            steps = replay_object(service, row["id"], SESSION, None)["steps"]
            assert steps[-1]["move_number"] == row["move_number"] and steps[-1]["state"]["result"] is not None
        exported = export_object(service, SESSION)
        assert {g["id"] for g in exported["games"]} == {row["id"] for row in rows}
        assert [note["message"] for note in exported["feedback"]] == ["written by the old version"]
        # the game in progress: carry on to the end
        playing = [row for row in rows if not row["over"]]
        assert playing
        for row in playing:
            state = service.state_json(service.row(row["id"], SESSION))
            assert state["move_number"] == row["move_number"] and state["seats"] == [None, row["bot"]]
            rng = random.Random(3)
            while state["to_move"] == "you":
                action = rng.choice(state["legal"])["action"]
                state = service.move(row["id"], SESSION, state["move_number"], action)
            assert state["phase"] == "over" and state["result"] is not None
            again = service.row(row["id"], SESSION)
            assert again.over and again.summary is not None and again.bots == (None, row["bot"])
    finally:
        service.close()


@pytest.fixture
def old_sqlite(tmp_path: Path) -> str:
    target = tmp_path / "divided.sqlite3"
    shutil.copyfile(FIXTURE, target)
    return f"sqlite:///{target}"


def test_the_fixture_is_the_old_schema() -> None:
    connection = sqlite3.connect(FIXTURE)
    try:
        columns = {row[1] for row in connection.execute("PRAGMA table_info(games)")}
    finally:
        connection.close()
    assert {"bot", "step", "step_name"} <= columns and "bots" not in columns
    rows = old_rows()
    assert len(rows) == 4 and sum(1 for row in rows if row["over"]) == 3


def test_an_old_sqlite_database_is_upgraded_and_its_games_keep_working(old_sqlite: str) -> None:
    store = GameStore(old_sqlite)
    store.create_tables()
    check_upgraded(store)
    store.create_tables()  # again: nothing left to do, no error
    store.dispose()


def test_an_upgrade_broken_off_halfway_finishes(old_sqlite: str) -> None:
    """An upgrade that stopped after adding ``bots`` (the old ``bot`` still there) completes."""
    engine = create_engine(old_sqlite)
    with engine.begin() as connection:
        connection.exec_driver_sql("ALTER TABLE games ADD COLUMN bots JSON")
    engine.dispose()
    store = GameStore(old_sqlite)
    store.create_tables()
    check_upgraded(store)
    store.dispose()


def test_an_upgraded_database_deals_the_hands_of_a_poker_table(old_sqlite: str) -> None:
    """The columns that link a table's hands are added to an old table, and a session of hands
    is stored in it: each hand names its table and the hand that followed it."""
    store = GameStore(old_sqlite)
    store.create_tables()
    service = GameService(store)
    try:
        state = service.create(SESSION, NewGame("random", rules={"players": 2}, game="open-draw"))
        first = state["id"]
        rng = random.Random(4)
        hands = [first]
        for _ in range(2):
            while state["phase"] != "over":
                state = service.move(state["id"], SESSION, state["move_number"], rng.choice(state["legal"])["action"])
            broke = any(seat["you"] and seat["final_stack"] == 0 for seat in state["table"]["seats"])
            state = service.next_hand(state["id"], SESSION, broke)
            hands.append(state["id"])
        rows = [store.get(game_id, SESSION) for game_id in hands]
        assert [row.table_id for row in rows if row] == [first, first, first]
        assert [row.next_id for row in rows if row] == [hands[1], hands[2], None]
    finally:
        service.close()
        store.dispose()


@pytest.fixture(scope="module")
def database() -> Iterator[Postgres]:
    yield from postgres_or_skip("THE POSTGRESQL UPGRADE TEST")


def test_an_old_postgresql_database_is_upgraded_and_its_games_keep_working(database: Postgres) -> None:
    engine = create_engine(database.url)
    with engine.begin() as connection:
        for table in ("games", "feedback", "reviews", "hints"):
            connection.exec_driver_sql(f"DROP TABLE IF EXISTS {table}")
    old_metadata.create_all(engine)
    rows = []
    for row in old_rows():
        row = dict(row)
        row["options"] = json.loads(row["options"])
        row["actions"] = json.loads(row["actions"])
        row["over"] = bool(row["over"])
        row["hints"] = None if row["hints"] is None else bool(row["hints"])
        for moment in ("created", "updated", "finished"):
            if row[moment] is not None:
                row[moment] = datetime.fromisoformat(row[moment]).replace(tzinfo=UTC)
        rows.append(row)
    with engine.begin() as connection:
        connection.execute(insert(OLD_GAMES), rows)
    engine.dispose()
    store = GameStore(database.url)
    store.create_tables()
    source = sqlite3.connect(FIXTURE)
    try:
        notes = source.execute("SELECT session_id, created, page, game_id, message FROM feedback").fetchall()
    finally:
        source.close()
    with store.engine.begin() as connection:
        for session_id, created, page, game_id, message in notes:
            connection.execute(insert(feedback_table).values(
                session_id=session_id, created=datetime.fromisoformat(created).replace(tzinfo=UTC), page=page,
                game_id=game_id, message=message))
    check_upgraded(store)
    store.create_tables()
    store.dispose()
