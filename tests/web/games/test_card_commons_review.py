"""Card Commons' hints and the Expert's review through the web API: a hint is one of your legal
moves in the room's words and is counted; a finished match's review grades every decision in
the game's words (turn, keep, build) and names no card the player had not seen then."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_card_commons_web import Witness
from webtools import card_tokens, client, move, service_of, session_of, store_of

from divided import games
from divided.bots import advisor
from divided.cards import PACK_21
from divided.errors import UnsupportedGameError
from divided.games.card_commons.state import CardCommonsState
from divided.web import config

GAME = "card-commons"
BUDGET = 16


def has_advisor() -> bool:
    try:
        advisor(GAME)
    except UnsupportedGameError:
        return False
    return True


pytestmark = pytest.mark.skipif(not has_advisor(), reason="no Card Commons advisor on this branch yet")


@pytest.fixture
def http(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> TestClient:
    monkeypatch.delenv(config.DATABASE_URL_ENV, raising=False)
    monkeypatch.delenv(config.DATA_DIR_ENV, raising=False)
    made = client(tmp_path)
    service_of(made).reviews.budget = BUDGET
    seeds = iter(range(40, 10_000))
    store_of(made).seed_source = lambda: next(seeds)
    return made


def test_a_hint_is_a_legal_move_in_the_rooms_words_and_is_counted(http: TestClient) -> None:
    body = http.post("/api/games", json={"game": GAME, "bot": "random", "hints": True, "first_starter": "you"}).json()
    hint = http.post(f"/api/games/{body['id']}/hint", json={"move_number": body["move_number"]})
    assert hint.status_code == 200, hint.text
    answer = hint.json()
    legal = {item["action"]: item["text"] for item in body["legal"]}
    assert answer["action"] in legal and answer["label"] == legal[answer["action"]]
    assert answer["used"] == 1 and 0.0 <= answer["value"] <= 1.0
    again = http.post(f"/api/games/{body['id']}/hint", json={"move_number": body["move_number"]}).json()
    assert again["action"] == answer["action"] and again["used"] == 2
    assert http.get(f"/api/games/{body['id']}/hint").json() == {"allowed": True, "used": 2}


def wait_review(http: TestClient, game_id: str, timeout: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        body: dict[str, Any] = http.get(f"/api/games/{game_id}/review").json()
        if body["status"] != "running":
            return body
        assert time.monotonic() < deadline, body
        time.sleep(0.05)


def test_the_review_of_a_short_match_speaks_the_games_words_and_names_only_seen_cards(http: TestClient) -> None:
    rng = random.Random(4)
    body = http.post("/api/games", json={"game": GAME, "bot": "random", "target": "3"}).json()
    while body["phase"] != "over":
        body = move(http, body, rng.choice(body["legal"])["action"]).json()
    started = http.post(f"/api/games/{body['id']}/review")
    assert started.status_code in (200, 202), started.text
    review = wait_review(http, body["id"])
    assert review["status"] == "done" and review["error"] is None, review
    assert review["done"] == review["total"] == len(review["moves"]) > 0
    row = store_of(http).get(body["id"], session_of(http))
    assert row is not None
    phases = set()
    for item in review["moves"]:
        phases.add(item["phase"])
        assert item["reason"] and item["grade"] in ("best", "good", "close", "inaccuracy", "mistake", "blunder")
        # the position of this decision, and what the player had seen by then
        state = games.load(GAME, **dict(row.options)).new_initial_state()
        witness = Witness()
        for action in row.actions[:item["move_number"]]:
            state.apply_action(action)
            assert isinstance(state.core, CardCommonsState)
            witness.see(state.core)
        core = state.core
        assert isinstance(core, CardCommonsState)
        allowed = witness.allowed(core, core.round)
        for field in ("played_label", "best_label", "reason"):
            named = [str(PACK_21[c]) for c in card_tokens(item[field]) if not allowed >> c & 1]
            assert not named, (field, item[field], named)
    assert phases <= {"turn", "keep", "build"} and {"turn", "build"} <= phases
