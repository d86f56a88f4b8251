"""Deleting a session's data wins every race (issue 10, item 2): a review job, a bot move, a
hint being computed, another worker on PostgreSQL. Each test forces the order "the work
starts → the delete returns → the work tries to write" with events, then looks in the tables
and the in-memory caches for anything of the deleted games."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Table, func, select, text
from webtools import (
    Postgres,
    client,
    play_out,
    postgres_or_skip,
    service_of,
    store_of,
)

from divided.bots import make_bot
from divided.bots.base import Bot
from divided.web import config, review_jobs
from divided.web.store import GameStore, StoredReview, games_table, metadata, owner_key

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

WAIT = 20.0


@pytest.fixture(autouse=True)
def _own_database(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(config.DATABASE_URL_ENV, raising=False)
    monkeypatch.delenv(config.DATA_DIR_ENV, raising=False)


def rows_mentioning(store: GameStore, game_id: str) -> dict[str, int]:
    """Rows of every table that name the game (the tables are read from the schema, so a
    table added later is checked too)."""
    found: dict[str, int] = {}
    with store.engine.connect() as connection:
        for name, table in metadata.tables.items():
            column = table.c.get("game_id") if name != "games" else table.c.id
            if column is None:
                continue
            count = connection.execute(select(func.count()).select_from(table).where(column == game_id)).scalar_one()
            if count:
                found[name] = int(count)
    return found


def traces(http: TestClient, game_id: str) -> dict[str, Any]:
    """Everything left of a game: rows, cached states, review jobs."""
    svc = service_of(http)
    left: dict[str, Any] = dict(rows_mentioning(store_of(http), game_id))
    cached = [key for key in svc.cache._states if key[0] == game_id]
    if cached:
        left["state cache"] = cached
    if game_id in svc.reviews._jobs:
        left["review job"] = True
    return left


def finished_game(http: TestClient, seed: int = 2) -> str:
    rng = random.Random(seed)
    state = http.post("/api/games", json={"bot": "random"}).json()
    return str(play_out(http, state, lambda s: rng.choice(s["legal"])["action"])[-1]["id"])


def delete_all(http: TestClient) -> dict[str, Any]:
    response = http.post("/api/data/delete", json={"confirm": True})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


class Gate:
    """Holds a thread at a point until the test lets it go."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.go = threading.Event()

    def hold(self) -> None:
        self.entered.set()
        assert self.go.wait(WAIT), "the test never let the held work go on"


def run(target: Callable[[], Any]) -> tuple[threading.Thread, list[Any]]:
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(target()), daemon=True)
    thread.start()
    return thread, out


# -- a review job ---------------------------------------------------------------------------


def test_a_review_job_running_when_the_data_is_deleted_writes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    http = client(tmp_path)
    service_of(http).reviews.budget = 8
    game_id = finished_game(http)
    gate = Gate()
    real = review_jobs.review_decision

    def held(*args: Any) -> Any:
        gate.hold()
        return real(*args)

    monkeypatch.setattr(review_jobs, "review_decision", held)
    assert http.post(f"/api/games/{game_id}/review").status_code == 202
    assert gate.entered.wait(WAIT)                       # the job is computing
    assert delete_all(http)["games"] == 1                # the delete returns
    gate.go.set()                                        # the job goes on, and ends
    service_of(http).reviews.wait(WAIT)
    assert traces(http, game_id) == {}


def test_a_review_being_written_when_the_data_is_deleted_is_rolled_back(tmp_path: Path) -> None:
    """The job is already inside the store's write (past any check the job itself makes)."""
    http = client(tmp_path)
    service_of(http).reviews.budget = 8
    game_id = finished_game(http)
    gate = Gate()
    store = store_of(http)
    store.write_hook = lambda stage, _game: gate.hold() if stage == "review:locked" else None
    assert http.post(f"/api/games/{game_id}/review").status_code == 202
    assert gate.entered.wait(WAIT)                       # the job is about to write its row
    assert delete_all(http)["games"] == 1
    gate.go.set()
    service_of(http).reviews.wait(WAIT)
    assert traces(http, game_id) == {}


# -- a bot move -----------------------------------------------------------------------------


class HeldBot(Bot):
    """The random bot, held at each move until the test lets it go (once ``armed``)."""

    name = "held"

    def __init__(self, gate: Gate) -> None:
        self.real = make_bot("divided-ranks", "random")
        self.gate = gate
        self.armed = False

    def choose(self, view: Any, legal: list[int], rng: random.Random) -> int:
        if self.armed:
            self.gate.hold()
        return self.real.choose(view, legal, rng)


def test_a_bot_move_in_flight_when_the_data_is_deleted_leaves_nothing(tmp_path: Path) -> None:
    gate = Gate()
    bot = HeldBot(gate)
    http = client(tmp_path, bot_factory=lambda _game, _name: bot, bot_timeout=WAIT)
    state = http.post("/api/games", json={"bot": "random", "first_splitter": "you"}).json()
    assert state["to_move"] == "you"
    bot.armed = True
    mover, answers = run(lambda: http.post(f"/api/games/{state['id']}/moves",
                                           json={"move_number": state["move_number"],
                                                 "action": state["legal"][0]["action"]}))
    assert gate.entered.wait(WAIT)                       # the bot is thinking
    assert delete_all(http)["games"] == 1
    gate.go.set()
    mover.join(WAIT)
    assert answers[0].status_code in (404, 409), answers[0].text
    assert traces(http, state["id"]) == {}


def test_a_move_saved_just_before_the_delete_is_not_cached_after_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The order "move committed → delete returns → the move caches its new state"."""
    http = client(tmp_path)
    state = http.post("/api/games", json={"bot": "random", "first_splitter": "you"}).json()
    store = store_of(http)
    gate = Gate()
    real = store.compare_and_set

    def saved_then_held(*args: Any) -> Any:
        answer = real(*args)
        gate.hold()
        return answer

    monkeypatch.setattr(store, "compare_and_set", saved_then_held)
    mover, answers = run(lambda: http.post(f"/api/games/{state['id']}/moves",
                                           json={"move_number": state["move_number"],
                                                 "action": state["legal"][0]["action"]}))
    assert gate.entered.wait(WAIT)                       # the move is stored, not yet cached
    assert delete_all(http)["games"] == 1
    gate.go.set()
    mover.join(WAIT)
    assert answers[0].status_code == 200
    assert traces(http, state["id"]) == {}


# -- a hint ---------------------------------------------------------------------------------


@pytest.mark.parametrize("stage", ["computing", "hint:locked"])
def test_a_hint_in_flight_when_the_data_is_deleted_is_not_cached(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stage: str) -> None:
    http = client(tmp_path)
    state = http.post("/api/games", json={"bot": "random", "first_splitter": "you", "hints": True}).json()
    svc = service_of(http)
    gate = Gate()
    if stage == "computing":
        real = svc.hint
        monkeypatch.setattr(svc, "hint", lambda *args: (gate.hold(), real(*args))[1])
    else:
        store_of(http).write_hook = lambda where, _game: gate.hold() if where == stage else None
    asker, answers = run(lambda: http.post(f"/api/games/{state['id']}/hint"))
    assert gate.entered.wait(WAIT)
    assert delete_all(http)["games"] == 1
    gate.go.set()
    asker.join(WAIT)
    assert answers[0].status_code in (200, 404), answers[0].text
    assert traces(http, state["id"]) == {}


# -- feedback about a game --------------------------------------------------------------------


def test_feedback_about_a_game_sent_while_the_data_is_deleted_is_not_stored(tmp_path: Path) -> None:
    http = client(tmp_path)
    game_id = finished_game(http)
    gate = Gate()
    store_of(http).write_hook = lambda where, _game: gate.hold() if where == "feedback:locked" else None
    sender, answers = run(lambda: http.post("/api/feedback", json={"message": "m", "page": "/", "game_id": game_id}))
    assert gate.entered.wait(WAIT)
    assert delete_all(http)["games"] == 1
    gate.go.set()
    sender.join(WAIT)
    assert answers[0].status_code == 404, answers[0].text
    assert traces(http, game_id) == {}
    assert store_of(http).feedback() == []


# -- two workers on PostgreSQL ------------------------------------------------------------


@pytest.fixture(scope="module")
def database() -> Iterator[Postgres]:
    yield from postgres_or_skip("THE DELETE-RACE TEST ON IT")


def count(store: GameStore, table: Table, game_id: str) -> int:
    with store.engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(table)
                                      .where(table.c.game_id == game_id)).scalar_one())


def waiting_for_a_lock(store: GameStore) -> bool:
    with store.engine.connect() as connection:
        return bool(connection.execute(text("SELECT count(*) FROM pg_locks WHERE NOT granted")).scalar_one())


@pytest.mark.slow
@pytest.mark.parametrize("stage", ["locked", "written"])
@pytest.mark.parametrize("what", ["review", "hint"])
def test_a_write_on_one_worker_and_a_delete_on_another(database: Postgres, stage: str, what: str) -> None:
    """Worker A writes a review (or hint) row of a game; worker B deletes the session's data
    while A's transaction is open. Either way no row of the game is left."""
    writer, deleter = GameStore(database.url), GameStore(database.url)
    try:
        writer.create_tables()
        session = f"pg-race-session-{stage}-{what}-0123456789"
        game = make_row(writer, session)
        gate = Gate()
        writer.write_hook = lambda where, _game: gate.hold() if where == f"{what}:{stage}" else None
        if what == "review":
            write = run(lambda: writer.put_review(StoredReview(game, "done", 8, 0, 0, (), None)))
        else:
            write = run(lambda: writer.put_hint(game, 3, {"action": 1, "label": "x", "value": 0.5}))
        assert gate.entered.wait(WAIT)
        delete, deleted = run(lambda: deleter.delete_session(session))
        deadline = time.monotonic() + WAIT
        while not waiting_for_a_lock(deleter) and delete.is_alive():  # B waits for A's lock
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert delete.is_alive()
        gate.go.set()
        write[0].join(WAIT)
        delete.join(WAIT)
        assert deleted == [(1, 0)]
        assert rows_mentioning(deleter, game) == {}
    finally:
        writer.dispose()
        deleter.dispose()


def test_a_write_after_the_delete_finds_no_game_on_postgresql(database: Postgres) -> None:
    store = GameStore(database.url)
    try:
        store.create_tables()
        session = "pg-late-writer-session-0123456789"
        game = make_row(store, session)
        hint = {"action": 1, "label": "x", "value": 0.5}
        assert store.put_hint(game, 0, hint) is True
        assert store.put_hint(game, 0, {**hint, "action": 2}) is False  # computed twice: the first stays
        assert store.get_hint(game, 0) == hint
        assert store.delete_session(session) == (1, 0)
        assert store.put_review(StoredReview(game, "done", 8, 0, 0, (), None)) is False
        assert store.put_hint(game, 0, {"action": 1, "label": "x", "value": 0.5}) is False
        assert rows_mentioning(store, game) == {}
    finally:
        store.dispose()


def make_row(store: GameStore, session: str) -> str:
    """A stored game of ``session`` (created through the app's own code path)."""
    from divided.web.store import Progress

    row = store.insert(session_id=session, game="divided-ranks", options={}, seed=1, human_seat=0,
                       bots=(None, "random"), progress=Progress((), "split", False, None, None), hints=True)
    with store.engine.connect() as connection:
        assert connection.execute(select(games_table.c.session_id).where(games_table.c.id == row.id)
                                  ).scalar_one() == owner_key(session)
    return row.id


