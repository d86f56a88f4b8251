"""The hint shows the Expert's mixed strategy where it plays one (issue 15): Divided Ranks' solved
last round. The game below (seed 4, the human's moves drawn with random.Random(4), the random bot)
reaches a last-round split where the solved strategy mixes two splits; earlier decisions have no
mix. The mix is the Expert's own policy at the human's view (nothing else goes in), it is cached
with the rest of the hint, and the review of the same decision names the same move as its best.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webtools import client, move, service_of, store_of, truth

from divided import games
from divided.bots.base import REAL_WEIGHT, Evaluation
from divided.bots.divided_ranks.expert import ExpertBot
from divided.games import GameRecord
from divided.web import config
from divided.web.api import hint_mix, run_bot

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SEED = 4
MIXED_MOVE = 30  # the human's last-round split


@pytest.fixture(autouse=True)
def _own_database(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(config.DATABASE_URL_ENV, raising=False)
    monkeypatch.delenv(config.DATA_DIR_ENV, raising=False)


def hint(http: TestClient, state: dict[str, Any]) -> dict[str, Any]:
    response = http.post(f"/api/games/{state['id']}/hint", json={"move_number": state["move_number"]})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_the_hint_lists_the_moves_of_real_weight() -> None:
    """Hand-made: of a mix over three splits, the two played at least 5% of the time, most
    played first, with their labels, weights and values; no mix, no list."""
    state = games.load("divided-ranks", first_splitter=0).new_initial_state(seed=SEED)
    legal = state.legal_actions()[:3]
    policy = {legal[0]: 0.3, legal[1]: 0.04, legal[2]: 0.66}
    values = {legal[0]: 0.5, legal[1]: 0.45, legal[2]: 0.51}
    zeros = {a: 0.0 for a in legal}
    assert hint_mix(Evaluation(values, zeros, policy=policy), state) == [
        {"action": legal[2], "label": state.action_to_string(legal[2]), "weight": 0.66, "value": 0.51},
        {"action": legal[0], "label": state.action_to_string(legal[0]), "weight": 0.3, "value": 0.5}]
    assert hint_mix(Evaluation(values, zeros), state) is None


@pytest.mark.slow  # a game through the API and a solve (about 10 s)
def test_the_hint_carries_the_solved_mix(tmp_path: Path) -> None:
    http = client(tmp_path)
    service_of(http).reviews.budget = 16  # the draft's sampled hints stay quick
    store_of(http).seed_source = lambda: SEED
    rng = random.Random(SEED)
    state = http.post("/api/games", json={"bot": "random", "hints": True}).json()
    first = hint(http, state)
    assert first["mix"] is None  # the first round: the Expert plays one move
    while state["move_number"] != MIXED_MOVE:
        assert state["phase"] != "over"
        state = move(http, state, rng.choice(state["legal"])["action"]).json()
    found = hint(http, state)
    # the Expert's own policy at the human's view, asked directly
    position = truth(http, state["id"])
    view = position.observation(0)
    legal = [item["action"] for item in state["legal"]]
    policy = ExpertBot().action_probabilities(view, legal)
    real = sorted((a for a in legal if policy[a] >= REAL_WEIGHT), key=lambda a: -policy[a])
    assert len(real) >= 2  # a real mix
    labels = {a: position.action_to_string(a) for a in legal}
    assert [m["action"] for m in found["mix"]] == real
    for entry in found["mix"]:
        assert entry["weight"] == pytest.approx(policy[entry["action"]], abs=1e-12)
        assert entry["label"] == labels[entry["action"]] and 0.0 <= entry["value"] <= 1.0
    assert found["action"] == real[0] and found["label"] == labels[real[0]]
    assert found["value"] == found["mix"][0]["value"] and found["error"] == 0.0
    # asked again: the cached hint, mix and all
    again = hint(http, state)
    assert {k: v for k, v in again.items() if k != "used"} == {k: v for k, v in found.items() if k != "used"}
    assert again["used"] == found["used"] + 1


@pytest.mark.slow  # a solve (seconds)
def test_a_mixing_bots_move_is_drawn_from_the_games_seed_and_repeats_on_retry() -> None:
    """The issue-10 record's last-round choice (seat 1 mixes face-up and face-down): the web
    app's bot draws its move with the generator of the game's seed and the move number, so
    asking again at the same move gives the same move, and over seeds it plays both."""
    record = GameRecord("divided-ranks", {"first_splitter": 0}, 44379133551136727, (
        10, 1, 17, 12, 0, 7, 6, 19, 20, 18, 14, 9, 5, 2, 4, 13, 3, 11, 15, 8, 16, 30, 211, 130, 210, 98,
        210, 57, 211, 169))
    state = games.replay(record)
    assert state.current_player() == 1 and state.legal_actions() == [210, 211]
    bot = ExpertBot()
    drawn = [run_bot(bot, state, seed, timeout=120.0) for seed in range(12)]
    assert drawn == [run_bot(bot, state, seed, timeout=120.0) for seed in range(12)]
    assert set(drawn) == {210, 211}
