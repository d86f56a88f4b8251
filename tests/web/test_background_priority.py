"""Hints, reviews and pondering run at a lower CPU priority than the bots' moves (Linux), so a
player waiting for a move gets the cores first when both want them, and a bot thinking ahead on
a player's time comes before hints and reviews (``divided.priority``).

Each computation's thread priority is read where the computation runs: in the bot (its moves and
its pondering) and in the advisor that computes hints and reviews.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from webtools import client, move, service_of

from divided.bots import advisor, make_bot
from divided.games.divided_ranks.view import PlayerView
from divided.priority import AHEAD_NICE, BACKGROUND_NICE, SUPPORTED, thread_nice
from divided.web import config, jobs, review_jobs

pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"),
              pytest.mark.skipif(not SUPPORTED, reason="thread priorities are per process here")]


@pytest.fixture(autouse=True)
def _own_database(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(config.DATABASE_URL_ENV, raising=False)
    monkeypatch.delenv(config.DATA_DIR_ENV, raising=False)


class NoticingBot:
    """The random bot, noting the priority of the threads it moves and ponders on."""

    def __init__(self) -> None:
        self.inner = make_bot("divided-ranks", "random")
        self.name = "noticing"
        self.moves: list[int] = []
        self.ponders: list[int] = []

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        self.moves.append(thread_nice())
        return self.inner.choose(view, legal, rng)

    def action_probabilities(self, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
        return self.inner.action_probabilities(view, legal)

    def ponder(self, view: PlayerView) -> bool:
        self.ponders.append(thread_nice())
        return False


class NoticingAdvisor:
    """The game's advisor, noting the priority of the threads it evaluates on."""

    def __init__(self, inner: Any, seen: list[int]) -> None:
        self.inner, self.seen = inner, seen

    def evaluate(self, *args: Any, **kwargs: Any) -> Any:
        self.seen.append(thread_nice())
        return self.inner.evaluate(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def test_moves_keep_their_priority_and_hints_reviews_and_pondering_give_way(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hints: list[int] = []
    reviews: list[int] = []
    monkeypatch.setattr(jobs, "advisor", lambda game, **kw: NoticingAdvisor(advisor(game, **kw), hints))
    monkeypatch.setattr(review_jobs, "advisor", lambda game, **kw: NoticingAdvisor(advisor(game, **kw), reviews))
    bot = NoticingBot()
    http = client(tmp_path, bot_factory=lambda game, name: bot)
    state = http.post("/api/games", json={"bot": "random", "hints": True, "first_splitter": "bot"}).json()
    game_id = state["id"]
    while state["phase"] != "over":
        hint = http.post(f"/api/games/{game_id}/hint", json={"move_number": state["move_number"]})
        assert hint.status_code == 200, hint.text
        state = move(http, state, state["legal"][0]["action"]).json()
    assert http.post(f"/api/games/{game_id}/review").status_code in (200, 202)
    deadline = time.monotonic() + 120
    while (review := http.get(f"/api/games/{game_id}/review").json())["status"] == "running":
        assert time.monotonic() < deadline, review
        time.sleep(0.02)
    assert review["status"] == "done", review
    service_of(http).close()  # pondering finishes (or stops) before the figures are read

    normal = thread_nice()
    assert bot.moves and set(bot.moves) == {normal}  # the request threads keep the server's priority
    assert bot.ponders and set(bot.ponders) == {max(normal, AHEAD_NICE)}  # above hints and reviews
    assert hints and min(hints) >= BACKGROUND_NICE
    assert reviews and min(reviews) >= BACKGROUND_NICE
