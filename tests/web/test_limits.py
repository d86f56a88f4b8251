"""Hints are cached per (game, move); hint and review computations share a small process-wide
gate apart from the moves; game creation and feedback are rate-limited per client address
(issue 10, item 5; docs/web-api.md, *Limits and protections*)."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from webtools import client, play_out, second_client, service_of, store_of, truth

from divided.bots import advisor
from divided.bots.divided_ranks.expert import expert_decision
from divided.review.base import expert_choice
from divided.web import config
from divided.web.store import games_table

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

WAIT = 20.0


@pytest.fixture(autouse=True)
def _own_database(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(config.DATABASE_URL_ENV, raising=False)
    monkeypatch.delenv(config.DATA_DIR_ENV, raising=False)


def limited(tmp_path: Path, **figures: Any) -> TestClient:
    return client(tmp_path, limits=config.Limits(**figures))


def game_count(http: TestClient) -> int:
    with store_of(http).engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(games_table)).scalar_one())


class CountingHints:
    """Wraps GameService.hint: counts the hints it computed (not the requests it refused), can
    hold them until released."""

    def __init__(self, real: Callable[..., dict[str, Any]], *, hold: bool = False) -> None:
        self.real = real
        self.calls = 0
        self.hold = hold
        self.started = threading.Semaphore(0)
        self.go = threading.Event()

    def __call__(self, *args: Any) -> dict[str, Any]:
        self.started.release()
        if self.hold:
            assert self.go.wait(WAIT)
        answer = self.real(*args)
        self.calls += 1
        return answer


def test_a_hint_is_computed_once_per_move_and_the_same_for_every_request(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    http = client(tmp_path)
    svc = service_of(http)
    counting = CountingHints(svc.hint)
    monkeypatch.setattr(svc, "hint", counting)
    state = http.post("/api/games", json={"bot": "random", "first_splitter": "you", "hints": True}).json()
    game_id = state["id"]
    full = truth(http, game_id)
    legal = list(full.legal_actions(0))
    row = store_of(http).get(game_id, http.cookies.get("divided_session", "").rsplit(".", 1)[0])
    assert row is not None
    first = expert_decision(full.observation(0), legal, salt=svc.reviews.seed, budget=svc.reviews.budget)
    # the hint is the review's expert's choice: the first look's pick, or, where the order of its
    # top two was not settled, the better of them on the closer look (its values the sharper ones)
    expected = expert_choice(advisor("divided-ranks", budget=svc.reviews.budget), full.observation(0), legal,
                             svc.reviews.seed)
    assert expected.action == first.choice or (expected.sharper is not None and first.choice in expected.pair)
    answers = [http.post(f"/api/games/{game_id}/hint") for _ in range(4)]
    assert [a.status_code for a in answers] == [200] * 4
    assert counting.calls == 1                                   # computed once, then cached
    bodies = [a.json() for a in answers]
    assert [b["used"] for b in bodies] == [1, 2, 3, 4]           # every request still counts
    assert {(b["action"], b["label"], b["value"], b["move_number"]) for b in bodies} == {
        (bodies[0]["action"], bodies[0]["label"], bodies[0]["value"], state["move_number"])}
    assert bodies[0]["action"] == expected.action
    assert bodies[0]["value"] == pytest.approx(expected.values[expected.action])
    assert bodies[0]["error"] == pytest.approx(expected.errors[expected.action])
    assert all(b["error"] == bodies[0]["error"] for b in bodies)  # the cache keeps the error too
    assert http.get(f"/api/games/{game_id}/hint").json() == {"allowed": True, "used": 4}
    # the next move has its own hint; a stale move number is still refused
    moved = http.post(f"/api/games/{game_id}/moves", json={"move_number": state["move_number"],
                                                            "action": bodies[0]["action"]}).json()
    if moved["phase"] != "over":
        stale = http.post(f"/api/games/{game_id}/hint", json={"move_number": state["move_number"]})
        assert stale.status_code == 409
        assert http.post(f"/api/games/{game_id}/hint").json()["move_number"] == moved["move_number"]
        assert counting.calls == 2


def test_hints_beyond_the_gate_are_refused_429_and_moves_go_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    http = limited(tmp_path, compute_slots=1, compute_queue=1, retry_after=3)
    svc = service_of(http)
    counting = CountingHints(svc.hint, hold=True)
    monkeypatch.setattr(svc, "hint", counting)
    browsers = [second_client(http) for _ in range(4)]           # a new session per request
    games = [b.post("/api/games", json={"bot": "random", "first_splitter": "you", "hints": True}).json()
             for b in browsers]
    results: dict[int, Any] = {}

    def ask(i: int) -> None:
        results[i] = browsers[i].post(f"/api/games/{games[i]['id']}/hint")

    first = threading.Thread(target=ask, args=(0,))
    first.start()
    assert counting.started.acquire(timeout=WAIT)                # running: the slot is taken
    second = threading.Thread(target=ask, args=(1,))
    second.start()
    deadline = threading.Event()
    while svc.gate.admitted < 2:                                 # queued behind it
        assert not deadline.wait(0.01) and second.is_alive()
    ask(2)
    refused = results[2]
    assert refused.status_code == 429, refused.text
    assert refused.headers["retry-after"] == "3" and "busy" in refused.json()["error"]
    assert browsers[2].get(f"/api/games/{games[2]['id']}/hint").json()["used"] == 0  # not counted
    # a review is refused too (the same gate), and a move is not held up at all
    finished = finish(browsers[3])
    review = browsers[3].post(f"/api/games/{finished}/review")
    assert review.status_code == 429 and review.headers["retry-after"] == "3"
    move = browsers[3].post(f"/api/games/{games[3]['id']}/moves",
                            json={"move_number": games[3]["move_number"], "action": games[3]["legal"][0]["action"]})
    assert move.status_code == 200
    counting.go.set()
    first.join(WAIT)
    second.join(WAIT)
    assert results[0].status_code == results[1].status_code == 200
    assert svc.gate.admitted == 0
    assert browsers[2].post(f"/api/games/{games[2]['id']}/hint").status_code == 200


def finish(http: TestClient) -> str:
    rng = random.Random(5)
    state = http.post("/api/games", json={"bot": "random"}).json()
    return str(play_out(http, state, lambda s: rng.choice(s["legal"])["action"])[-1]["id"])


def test_cache_hits_need_no_place_at_the_gate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    http = limited(tmp_path, compute_slots=1, compute_queue=0)
    svc = service_of(http)
    state = http.post("/api/games", json={"bot": "random", "first_splitter": "you", "hints": True}).json()
    assert http.post(f"/api/games/{state['id']}/hint").status_code == 200
    svc.gate.reserve("test")                                     # the gate is full now
    try:
        assert http.post(f"/api/games/{state['id']}/hint").status_code == 200
        other = http.post("/api/games", json={"bot": "random", "first_splitter": "you", "hints": True}).json()
        assert http.post(f"/api/games/{other['id']}/hint").status_code == 429
    finally:
        svc.gate.release()


def test_game_creation_is_limited_per_client_address(tmp_path: Path) -> None:
    http = limited(tmp_path, games_burst=3, games_per_second=0.01)
    for _ in range(3):
        assert http.post("/api/games", json={"bot": "random"}).status_code == 201
    fresh = second_client(http)                                  # dropping the cookie does not help
    refused = fresh.post("/api/games", json={"bot": "random"})
    assert refused.status_code == 429
    assert int(refused.headers["retry-after"]) == 100            # one token at 0.01 per second
    assert game_count(http) == 3
    elsewhere = TestClient(http.app, client=("192.0.2.7", 50000))
    assert elsewhere.post("/api/games", json={"bot": "random"}).status_code == 201
    assert game_count(http) == 4


def test_feedback_is_limited_per_client_address(tmp_path: Path) -> None:
    http = limited(tmp_path, feedback_burst=2, feedback_per_second=0.5)
    for _ in range(2):
        assert http.post("/api/feedback", json={"message": "hi", "page": "/"}).status_code == 201
    refused = second_client(http).post("/api/feedback", json={"message": "hi", "page": "/"})
    assert refused.status_code == 429 and refused.headers["retry-after"] == "2"
    assert len(store_of(http).feedback()) == 2


def test_token_bucket_refills_at_its_rate() -> None:
    from divided.web.guards import Bucket, Busy, RateLimiter

    now = [100.0]
    limiter = RateLimiter(Bucket(2, 0.5), "things", clock=lambda: now[0], keys=2)
    limiter.take("a")
    limiter.take("a")
    with pytest.raises(Busy) as refused:
        limiter.take("a")
    assert refused.value.retry_after == 2
    now[0] += 1.0                                                # half a token: still refused
    with pytest.raises(Busy) as again:
        limiter.take("a")
    assert again.value.retry_after == 1
    now[0] += 1.0
    limiter.take("a")                                            # one token back
    limiter.take("b")
    limiter.take("c")                                            # "a" is forgotten (keys=2) ...
    limiter.take("a")                                            # ... and starts full again
    limiter.take("a")


def test_limits_are_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(config.LIMITS_ENV, "games_burst=1, games_per_second=0.001")
    http = client(tmp_path)                                      # what the workers read
    assert http.post("/api/games", json={"bot": "random"}).status_code == 201
    assert http.post("/api/games", json={"bot": "random"}).status_code == 429
    assert service_of(http).limits == config.Limits(games_burst=1, games_per_second=0.001)
    for bad, words in (("nothing=1", "unknown limit"), ("compute_slots=0", "out of range"),
                       ("compute_slots=1.5", "whole number"), ("hints_per_second=-1", "out of range"),
                       ("ponder_queue=-1", "out of range"), ("ponder_queue=0.5", "whole number")):
        with pytest.raises(config.ConfigError, match=words):
            config.parse_limits(bad)
        from divided.cli.main import main as divided_main

        with pytest.raises(SystemExit):
            divided_main(["serve", "--limit", bad])
        assert words in capsys.readouterr().err


def test_pondering_can_be_switched_off() -> None:
    assert config.parse_limits("ponder_queue=0").ponder_queue == 0
    assert config.Limits().ponder_queue == 8


def test_the_hint_cache_is_shared_by_workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two apps on one database stand for two workers: a hint computed by one is read by the
    other; each has its own gate."""
    first = client(tmp_path)
    second = client(tmp_path)
    state = first.post("/api/games", json={"bot": "random", "first_splitter": "you", "hints": True}).json()
    second.cookies.update(first.cookies)
    counting = CountingHints(service_of(second).hint)
    monkeypatch.setattr(service_of(second), "hint", counting)
    computed = first.post(f"/api/games/{state['id']}/hint").json()
    read = second.post(f"/api/games/{state['id']}/hint").json()
    assert counting.calls == 0
    assert (read["action"], read["value"], read["used"]) == (computed["action"], computed["value"], 2)
    assert service_of(first).gate is not service_of(second).gate
