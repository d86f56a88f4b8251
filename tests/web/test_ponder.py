"""The bots think on the player's time (issue 15: the Expert's reply in the web app).

After every move that leaves the human to decide, the service hands the game's bots, on a thread
of its own, their own observations of the position and of each position one human move away
(at most ``PONDER_BRANCHES``). Checked here: a bot is given its own seat's observations and
nothing else, the limit switches it off, a failing ponder never reaches the game, and the
Expert, having pondered, plays its whole last round without solving on a move request, the same
moves as without pondering.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from webtools import client, move, service_of, session_of, store_of, truth

from divided.bots import make_bot
from divided.bots.divided_ranks.endgame import policy as endgame
from divided.games.divided_ranks.view import PlayerView
from divided.web import config
from divided.web.api import PONDER_BRANCHES, GameService

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(autouse=True)
def _own_database(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(config.DATABASE_URL_ENV, raising=False)
    monkeypatch.delenv(config.DATA_DIR_ENV, raising=False)


class RecordingBot:
    """The random bot, which also records what it is asked to ponder (or fails at it)."""

    def __init__(self, fail: bool = False) -> None:
        self.inner = make_bot("divided-ranks", "random")
        self.name = "recording"
        self.fail = fail
        self.pondered: list[PlayerView] = []

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        return self.inner.choose(view, legal, rng)

    def action_probabilities(self, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
        return self.inner.action_probabilities(view, legal)

    def ponder(self, view: PlayerView) -> bool:
        self.pondered.append(view)
        if self.fail:
            raise RuntimeError("a pondering bot fails")
        return True  # look further, always


class BlockingBot(RecordingBot):
    """A recording bot whose every ponder waits until ``release`` is set."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()

    def ponder(self, view: PlayerView) -> bool:
        self.release.wait(30)
        return super().ponder(view)


def settled(service: GameService, timeout: float = 120.0) -> None:
    """Wait until no game is being pondered (as a human would think before moving)."""
    deadline = time.monotonic() + timeout
    while service._pondering:
        assert time.monotonic() < deadline, "pondering did not finish"
        time.sleep(0.01)


SEED = 20261202


def test_a_bot_ponders_its_own_views_of_the_position_and_of_each_line_ahead(tmp_path: Path) -> None:
    bot = RecordingBot()
    http = client(tmp_path, bot_factory=lambda game, name: bot)
    store_of(http).seed_source = lambda: SEED
    state = http.post("/api/games", json={"bot": "random"}).json()
    checked, created = 0, True
    while state["phase"] != "over":
        settled(service_of(http))
        position = truth(http, state["id"])
        legal = position.legal_actions(0)
        # the expectation, from the full state: the bot's seat's observation here and, after
        # each human move, of each position up to the human's next turn (the bot replying as
        # the web app's bot would, with the game's seed and the move number)
        expected = [position.observation(1)]
        if len(legal) <= PONDER_BRANCHES:
            for action in legal:
                ahead = position.clone()
                ahead.apply_action(action, player=0)
                while not ahead.is_terminal():
                    expected.append(ahead.observation(1))
                    if ahead.current_player() == 0:
                        break
                    reply = bot.inner.choose(ahead.observation(1), ahead.legal_actions(),
                                             random.Random(f"divided-web-bot:{SEED}:{ahead.move_number()}"))
                    ahead.apply_action(reply, player=1)
        if not created:  # a game's creation is not pondered
            assert bot.pondered == expected
            assert all(view.player == 1 for view in bot.pondered)
            checked += 1
        bot.pondered.clear()
        created = False
        state = move(http, state, state["legal"][0]["action"]).json()
    assert checked >= 5  # every human turn of the game but the first


def test_no_pondering_when_the_limit_is_zero(tmp_path: Path) -> None:
    bot = RecordingBot()
    http = client(tmp_path, bot_factory=lambda game, name: bot, limits=config.Limits(ponder_queue=0))
    state = http.post("/api/games", json={"bot": "random"}).json()
    for _ in range(4):
        state = move(http, state, state["legal"][0]["action"]).json()
    time.sleep(0.2)
    assert bot.pondered == []


def test_a_failing_ponder_never_reaches_the_game(tmp_path: Path) -> None:
    bot = RecordingBot(fail=True)
    http = client(tmp_path, bot_factory=lambda game, name: bot)
    state = http.post("/api/games", json={"bot": "random"}).json()
    while state["phase"] != "over":
        settled(service_of(http))
        response = move(http, state, state["legal"][-1]["action"])
        assert response.status_code == 200, response.text
        state = response.json()
        assert state.get("bot_error") is None
    assert bot.pondered  # it was asked, and failed every time


def test_a_game_past_the_limit_is_not_pondered(tmp_path: Path) -> None:
    """Every pondering slot taken (a bot that blocks): a further game's bot is not asked."""
    bot = BlockingBot()
    release = bot.release
    http = client(tmp_path, bot_factory=lambda game, name: bot, limits=config.Limits(ponder_queue=1))
    try:
        first = http.post("/api/games", json={"bot": "random"}).json()
        move(http, first, first["legal"][0]["action"])  # takes the only slot, and blocks in it
        deadline = time.monotonic() + 10
        while not service_of(http)._pondering:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        second = http.post("/api/games", json={"bot": "random"}).json()
        move(http, second, second["legal"][0]["action"])
        time.sleep(0.2)
        assert service_of(http)._pondering == 1
    finally:
        release.set()
    settled(service_of(http))


@pytest.mark.slow  # two games against the Expert (about 10 s)
def test_the_expert_having_pondered_solves_nothing_on_a_move_and_plays_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    solves: list[str] = []
    original = endgame._solve

    def counted(*args: Any) -> Any:
        solves.append(threading.current_thread().name)
        return original(*args)

    monkeypatch.setattr(endgame, "_solve", counted)
    histories = []
    for queue, folder in ((8, "pondering"), (0, "not-pondering")):
        endgame.clear()
        solves.clear()
        http = client(tmp_path / folder, limits=config.Limits(ponder_queue=queue))
        store_of(http).seed_source = lambda: 20261202
        rng = random.Random(3)
        state = http.post("/api/games", json={"bot": "expert"}).json()
        while state["phase"] != "over":
            settled(service_of(http))
            state = move(http, state, rng.choice(state["legal"])["action"]).json()
        histories.append(truth(http, state["id"]).history())
        movers = [name for name in solves if name.startswith("bot-")]  # a bot solving on a request
        if queue:
            assert solves and not movers, solves
        else:
            assert movers
    assert histories[0] == histories[1]


def test_deleting_data_forgets_the_solved_subgames(tmp_path: Path) -> None:
    """A solved subgame holds a game's cards: a data deletion drops every one (issue 10's rule:
    nothing of a deleted session stays in a cache)."""
    from divided import games
    from divided.bots.divided_ranks.endgame.roots import round5_start

    small = endgame.EndgameSettings(cap=40, max_iterations=20)
    state = games.load("divided-ranks").new_initial_state(5)
    rng = random.Random(5)
    while not (state.core.round == 4 and state.core.phase.name == "SPLIT"):
        state.apply_action(rng.choice(state.legal_actions()))
    start = round5_start(state.observation(0))
    endgame.solve_start(start, small)
    assert endgame.cached(start, small) is not None
    http = client(tmp_path)
    http.post("/api/games", json={"bot": "random"})
    response = http.post("/api/data/delete", json={"confirm": True})
    assert response.status_code == 200, response.text
    assert endgame.cached(start, small) is None


def test_pondering_gives_way_while_a_move_is_being_made(tmp_path: Path) -> None:
    bot = RecordingBot()
    http = client(tmp_path, bot_factory=lambda game, name: bot)
    state = http.post("/api/games", json={"bot": "random"}).json()
    service = service_of(http)
    row = store_of(http).get(state["id"], session_of(http))
    assert row is not None
    service._moving = 1  # another player's move is being made
    try:
        assert service.ponder_later(row, truth(http, state["id"]))
        settled(service)
        assert bot.pondered == []
    finally:
        service._moving = 0
    assert service.ponder_later(row, truth(http, state["id"]))
    settled(service)
    assert bot.pondered


def test_pondering_stops_for_good_when_data_is_deleted(tmp_path: Path) -> None:
    """A deletion while one game is being pondered and another waits: neither takes another
    step (nothing of a deleted game may be cached after the delete returns)."""
    bot = BlockingBot()
    release = bot.release
    http = client(tmp_path, bot_factory=lambda game, name: bot, limits=config.Limits(ponder_queue=2))
    service = service_of(http)
    try:
        first = http.post("/api/games", json={"bot": "random"}).json()
        move(http, first, first["legal"][0]["action"])
        second = http.post("/api/games", json={"bot": "random"}).json()
        move(http, second, second["legal"][0]["action"])
        assert service._pondering == 2  # one in its first step, one waiting
        response = http.post("/api/data/delete", json={"confirm": True})
        assert response.status_code == 200, response.text
    finally:
        release.set()
    settled(service)
    assert len(bot.pondered) == 1  # the step under way when the data went; none after it
