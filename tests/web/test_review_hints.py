"""The Expert's review of a finished game and the opt-in hints (docs/web-api.md)."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webtools import (
    allowed,
    card_tokens,
    client,
    core,
    move,
    play_out,
    second_client,
    service_of,
    session_of,
    store_of,
    truth,
)

from divided import games
from divided.bots.base import Bot
from divided.bots.divided_ranks.endgame.policy import is_endgame, solve_endgame
from divided.bots.divided_ranks.endgame.solver import OFF_PATH
from divided.bots.divided_ranks.expert import expert_decision
from divided.cards import PACK_21
from divided.games.divided_ranks.state import DividedRanksState
from divided.review import review_game
from divided.web import config, review_jobs
from divided.web.store import GameRow

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

BUDGET = 16


@pytest.fixture(autouse=True)
def _own_database(monkeypatch: pytest.MonkeyPatch) -> None:
    """``divided serve`` (run by other tests in this process) leaves its database URL in the
    environment; these tests use the SQLite file of their own data folder."""
    monkeypatch.delenv(config.DATABASE_URL_ENV, raising=False)
    monkeypatch.delenv(config.DATA_DIR_ENV, raising=False)


@pytest.fixture
def http(tmp_path: Path) -> TestClient:
    made = client(tmp_path)
    service_of(made).reviews.budget = BUDGET  # small, so the review is quick
    return made


def row_of(http: TestClient, game_id: str) -> GameRow:
    row = store_of(http).get(game_id, session_of(http))
    assert row is not None
    return row


def finished_game(http: TestClient, seed: int = 1, **body: Any) -> str:
    rng = random.Random(seed)
    response = http.post("/api/games", json={"bot": "random", **body})
    assert response.status_code == 201, response.text
    seen = play_out(http, response.json(), lambda s: rng.choice(s["legal"])["action"])
    assert seen[-1]["phase"] == "over"
    return str(seen[-1]["id"])


def wait_review(http: TestClient, game_id: str, timeout: float = 60.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        response = http.get(f"/api/games/{game_id}/review")
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        if body["status"] != "running":
            return body
        assert time.monotonic() < deadline, body
        time.sleep(0.02)


def nameable_at(row: GameRow, move_number: int) -> int:
    """The cards the human could name after the first ``move_number`` actions (by the rules)."""
    state = games.load(row.game, **dict(row.options)).new_initial_state()
    for action in row.actions[:move_number]:
        state.apply_action(action)
    assert isinstance(state.core, DividedRanksState)
    return allowed(state.core, row.human_seat).nameable


def unseen_named(text: str, nameable: int) -> list[str]:
    return [str(PACK_21[i]) for i in card_tokens(text) if not nameable >> i & 1]


class Counter:
    """Wraps review_decision: counts the calls, can stop at a call or fail at one."""

    def __init__(self, real: Any, *, hold_at: int | None = None, fail_at: int | None = None) -> None:
        self.real = real
        self.calls = 0
        self.hold_at = hold_at
        self.fail_at = fail_at
        self.gate = threading.Event()

    def __call__(self, *args: Any) -> Any:
        self.calls += 1
        if self.calls == self.fail_at:
            raise RuntimeError("Ah Kh Qh (a message that must not be shown)")
        if self.calls == self.hold_at:
            assert self.gate.wait(30)
        return self.real(*args)


# -- the review ------------------------------------------------------------------------------


def test_review_runs_in_the_background_and_matches_a_direct_review(
        http: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = finished_game(http)
    assert http.get(f"/api/games/{game_id}/review").json()["status"] == "none"
    counter = Counter(review_jobs.review_decision, hold_at=3)
    monkeypatch.setattr(review_jobs, "review_decision", counter)
    # no wall-clock safety net on either side: on a loaded machine it would cut different closer looks
    starting = review_jobs.Allowance.starting
    monkeypatch.setattr(review_jobs.Allowance, "starting", lambda *_, **__: starting(seconds=None))
    started = http.post(f"/api/games/{game_id}/review")
    assert started.status_code == 202, started.text
    assert started.json()["status"] == "running"
    # while the job is held at its third decision, play goes on and progress shows two done
    deadline = time.monotonic() + 30
    while True:
        body = http.get(f"/api/games/{game_id}/review").json()
        if body["done"] == 2:
            break
        assert time.monotonic() < deadline, body
        time.sleep(0.01)
    assert body["status"] == "running" and body["total"] > 2
    assert http.post("/api/games", json={"bot": "random"}).status_code == 201  # never blocks play
    again = http.post(f"/api/games/{game_id}/review")  # one job per game: no second one
    assert again.status_code == 202 and again.json()["status"] == "running"
    counter.gate.set()
    done = wait_review(http, game_id)
    assert done["status"] == "done" and done["error"] is None
    assert done["done"] == done["total"] == len(done["moves"]) == counter.calls

    row = row_of(http, game_id)
    direct = review_game(row.record(), row.human_seat, budget=BUDGET, seed=review_jobs.REVIEW_SEED, seconds=None)
    assert direct.complete and len(direct.moves) == done["total"]
    for got, want in zip(done["moves"], direct.moves, strict=True):
        assert got["move_number"] == want.move_number and got["phase"] == want.phase
        assert (got["played"], got["played_label"]) == (want.played, want.played_label)
        assert (got["best"], got["best_label"]) == (want.best, want.best_label)
        assert got["grade"] == want.grade and got["reason"] == want.reason
        assert got["loss"] == pytest.approx(want.loss)
        assert {int(k): v for k, v in got["values"].items()} == pytest.approx(want.values)
        assert got["played"] == row.actions[got["move_number"]]  # the human's own move there


def test_a_review_is_cached_and_not_computed_again(http: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = finished_game(http, seed=2)
    counter = Counter(review_jobs.review_decision)
    monkeypatch.setattr(review_jobs, "review_decision", counter)
    assert http.post(f"/api/games/{game_id}/review").status_code in (200, 202)
    first = wait_review(http, game_id)
    calls = counter.calls
    assert first["status"] == "done" and calls == first["total"] > 0
    second = http.post(f"/api/games/{game_id}/review")
    assert second.status_code == 200 and second.json() == first
    assert wait_review(http, game_id) == first
    # a new process on the same database reads it too
    fresh = TestClient(http.app)
    fresh.cookies.update(http.cookies)
    assert fresh.get(f"/api/games/{game_id}/review").json() == first
    assert counter.calls == calls


def test_a_review_that_fails_keeps_its_moves_and_can_be_retried(
        http: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = finished_game(http, seed=3)
    real = review_jobs.review_decision
    failing = Counter(real, fail_at=3)
    monkeypatch.setattr(review_jobs, "review_decision", failing)
    http.post(f"/api/games/{game_id}/review")
    broken = wait_review(http, game_id)
    assert broken["status"] == "failed" and len(broken["moves"]) == broken["done"] == 2
    assert broken["total"] > 2 and broken["error"]
    assert "Ah" not in broken["error"]  # the exception's text is not repeated
    retry = Counter(real)
    monkeypatch.setattr(review_jobs, "review_decision", retry)
    http.post(f"/api/games/{game_id}/review")
    done = wait_review(http, game_id)
    assert done["status"] == "done" and done["moves"][:2] == broken["moves"]
    assert retry.calls == done["total"] - 2  # the two scored decisions were kept


def test_review_refuses_unfinished_and_other_sessions_games(http: TestClient) -> None:
    live = http.post("/api/games", json={"bot": "random"}).json()
    for method in ("get", "post"):
        response = getattr(http, method)(f"/api/games/{live['id']}/review")
        assert response.status_code == 409, response.text
        assert "not over" in response.json()["error"]
    game_id = finished_game(http, seed=4)
    other = second_client(http)
    for method in ("get", "post"):
        for target in (game_id, live["id"], "0" * 32, "not-an-id"):
            response = getattr(other, method)(f"/api/games/{target}/review")
            assert response.status_code == 404, response.text
            assert response.json() == {"error": "no such game"}
    bad = http.post(f"/api/games/{game_id}/review", json={"budget": 5000})
    assert bad.status_code == 422 and "budget" in bad.json()["error"]


def test_review_names_no_card_the_player_had_not_seen(http: TestClient) -> None:
    for seed, swap in ((5, "blind"), (6, "face-up")):
        game_id = finished_game(http, seed=seed, swap=swap)
        http.post(f"/api/games/{game_id}/review")
        body = wait_review(http, game_id)
        assert body["status"] == "done"
        row = row_of(http, game_id)
        for item in body["moves"]:
            nameable = nameable_at(row, item["move_number"])
            for field in ("played_label", "best_label", "reason"):
                assert not unseen_named(item[field], nameable), (field, item[field])


# -- hints -----------------------------------------------------------------------------------


def expected_hint(http: TestClient, game_id: str) -> tuple[set[int], float, list[int], dict[int, float], dict[int, float]]:
    """The best actions by the expert's first look, computed here from the human's view, its top
    value, the legal actions and the first look's values and errors."""
    row = row_of(http, game_id)
    state = truth(http, game_id)
    legal = list(state.legal_actions(row.human_seat))
    reviews = service_of(http).reviews
    found = expert_decision(state.observation(row.human_seat), legal, salt=reviews.seed, budget=reviews.budget)
    values = found.values
    top = max(values.values())
    return {a for a in legal if values[a] >= top - 1e-9}, top, legal, dict(values), dict(found.errors)


def own_path_reach(http: TestClient, game_id: str) -> float:
    """How the solved last round's play leads into the human's decision now (1 before it)."""
    row = row_of(http, game_id)
    view = truth(http, game_id).observation(row.human_seat)
    return solve_endgame(view).reaches(view)[0] if is_endgame(view) else 1.0


def test_hints_are_the_experts_best_and_are_counted(http: TestClient) -> None:
    store_of(http).seed_source = lambda: 20261212  # leaves the solved play in its last round
    state = http.post("/api/games", json={"bot": "random", "hints": True}).json()
    game_id = state["id"]
    assert http.get(f"/api/games/{game_id}/hint").json() == {"allowed": True, "used": 0}
    used = 0
    hints: dict[int, int] = {}
    rng = random.Random(7)
    off_path = 0
    while state["phase"] != "over":
        assert state["to_move"] == "you"
        best, top, legal, first, first_errors = expected_hint(http, game_id)
        response = http.post(f"/api/games/{game_id}/hint", json={"move_number": state["move_number"]})
        assert response.status_code == 200, response.text
        hint = response.json()
        used += 1
        hints[state["move_number"]] = hint["action"]
        if hint.get("mix"):  # the solved last round: the mix's most played move
            assert hint["action"] == hint["mix"][0]["action"]
            if own_path_reach(http, game_id) < OFF_PATH:  # the human left the solved play: its best
                off_path += 1
                assert hint["value"] == top and len(hint["mix"]) == 1
        elif hint["value"] == pytest.approx(first[hint["action"]]):  # the first look settled it
            assert hint["action"] in best and hint["value"] == pytest.approx(top)
        else:  # a closer look of the first look's top two (over more worlds: a smaller error)
            second = max((first[a] for a in legal if a not in best), default=top)
            assert hint["action"] in best or first[hint["action"]] == pytest.approx(second), (hint, first)
            assert hint["error"] < first_errors[hint["action"]], (hint, first_errors)
        assert 0.0 <= hint["error"] <= 0.5
        assert hint["label"] == next(item["text"] for item in state["legal"] if item["action"] == hint["action"])
        assert hint["used"] == used
        nameable = allowed(core(http, game_id), state["seat"]).nameable
        assert not unseen_named(str(hint), nameable)
        if used % 3 == 0:  # the same answer when asked again at the same move
            repeat = http.post(f"/api/games/{game_id}/hint").json()
            used += 1
            assert (repeat["action"], repeat["value"]) == (hint["action"], hint["value"])
        pick = hint["action"] if rng.random() < 0.5 else rng.choice(legal)
        if hint.get("mix") and own_path_reach(http, game_id) == 1.0:  # leave the solved play
            view = truth(http, game_id).observation(row_of(http, game_id).human_seat)
            policy = solve_endgame(view).policy(view)
            pick = min(legal, key=lambda action: policy[action])
        response = move(http, state, pick)
        assert response.status_code == 200, response.text
        state = response.json()
    assert http.get(f"/api/games/{game_id}/hint").json() == {"allowed": True, "used": used}
    assert off_path >= 1  # the game checks a decision off the human's own solved path
    over = http.post(f"/api/games/{game_id}/hint")
    assert over.status_code == 409 and "over" in over.json()["error"]
    history = http.get("/api/history").json()["games"]
    assert [g["hints_used"] for g in history if g["id"] == game_id] == [used]
    # the review's best move is the hint, at every decision
    http.post(f"/api/games/{game_id}/review")
    review = wait_review(http, game_id)
    assert review["status"] == "done"
    assert {m["move_number"]: m["best"] for m in review["moves"]} == hints
    for item in review["moves"]:
        assert set(item["errors"]) == set(item["values"]) and item["loss_error"] >= 0.0


def test_hints_need_opt_in_and_your_turn(tmp_path: Path) -> None:
    class Broken(Bot):
        name = "broken"

        def choose(self, view: Any, legal: Any, rng: Any) -> int:
            raise RuntimeError("no")

    http = client(tmp_path, bot_factory=lambda game, name: Broken())
    plain = http.post("/api/games", json={"first_splitter": "you"}).json()
    refused = http.post(f"/api/games/{plain['id']}/hint")
    assert refused.status_code == 409 and "hints are off" in refused.json()["error"]
    assert http.get(f"/api/games/{plain['id']}/hint").json() == {"allowed": False, "used": 0}
    waiting = http.post("/api/games", json={"first_splitter": "bot", "hints": True}).json()
    assert waiting["to_move"] == "bot"
    response = http.post(f"/api/games/{waiting['id']}/hint")
    assert response.status_code == 409 and "bot's turn" in response.json()["error"]
    assert http.get(f"/api/games/{waiting['id']}/hint").json() == {"allowed": True, "used": 0}
    stale = http.post("/api/games", json={"first_splitter": "you", "hints": True}).json()
    assert http.post(f"/api/games/{stale['id']}/hint", json={"move_number": 999}).status_code == 409
    assert second_client(http).post(f"/api/games/{stale['id']}/hint").status_code == 404
    for body in ({"hints": "yes"}, {"hints": 1}):
        bad = http.post("/api/games", json=body)
        assert bad.status_code == 422 and "hints" in bad.json()["error"]
    bad = http.post(f"/api/games/{stale['id']}/hint", json={"move_number": "3"})
    assert bad.status_code == 422
    assert http.get(f"/api/games/{stale['id']}/hint").json() == {"allowed": True, "used": 0}
