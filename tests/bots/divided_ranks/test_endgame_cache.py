"""The cache of solved subgames under threads: a subgame asked for by two threads at once is
solved once (the second waits for the first), a solve under way when the cache is cleared is
not kept, and the Expert's ``ponder`` fills the cache its later decisions read."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from divided import games
from divided.bots.divided_ranks.endgame import policy as endgame
from divided.bots.divided_ranks.endgame.roots import Round5Start, round5_start
from divided.bots.divided_ranks.expert import ExpertBot
from divided.games.divided_ranks.state import Phase
from divided.games.divided_ranks.view import PlayerView

SMALL = endgame.EndgameSettings(cap=40, max_iterations=20)


def round5_split(seed: int) -> Any:
    """A random game at its round-5 split."""
    state = games.load("divided-ranks").new_initial_state(seed)
    rng = random.Random(seed)
    while not (state.core.round == 4 and state.core.phase == Phase.SPLIT):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def start_of(seed: int) -> tuple[Round5Start, PlayerView]:
    state = round5_split(seed)
    view = state.observation(state.current_player())
    return round5_start(view), view


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    endgame.clear()


def test_two_threads_asking_at_once_share_one_solve(monkeypatch: pytest.MonkeyPatch) -> None:
    start, _ = start_of(1)
    entered, release = threading.Event(), threading.Event()
    calls: list[str] = []
    original = endgame._solve

    def slow(*args: Any) -> Any:
        calls.append(threading.current_thread().name)
        entered.set()
        release.wait(30)
        return original(*args)

    monkeypatch.setattr(endgame, "_solve", slow)
    results: dict[str, endgame.Endgame] = {}

    def ask(name: str) -> None:
        results[name] = endgame.solve_start(start, SMALL)

    first = threading.Thread(target=ask, args=("first",), name="first")
    first.start()
    assert entered.wait(30)
    second = threading.Thread(target=ask, args=("second",), name="second")
    second.start()
    second.join(0.3)
    assert second.is_alive()  # waiting for the first's solve, not solving
    release.set()
    first.join(30)
    second.join(30)
    assert calls == ["first"]
    assert results["first"] is results["second"] is endgame.cached(start, SMALL)


def test_a_solve_under_way_when_the_cache_is_cleared_is_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    start, _ = start_of(2)
    original = endgame._solve

    def cleared_meanwhile(*args: Any) -> Any:
        found = original(*args)
        endgame.clear()  # a player's data deleted while this solve ran
        return found

    monkeypatch.setattr(endgame, "_solve", cleared_meanwhile)
    assert endgame.solve_start(start, SMALL) is not None  # the caller still gets its answer
    assert endgame.cached(start, SMALL) is None
    monkeypatch.setattr(endgame, "_solve", original)
    kept = endgame.solve_start(start, SMALL)
    assert endgame.cached(start, SMALL) is kept


def test_the_experts_ponder_fills_the_cache_from_either_side() -> None:
    """At the round-5 split, both players' starts are known: pondering from the side not to
    move solves it, and it asks to look further; before round 4 it does nothing."""
    bot = ExpertBot(endgame=SMALL)
    state = round5_split(3)
    waiting = state.observation(1 - state.current_player())
    assert endgame.cached(round5_start(waiting), SMALL) is None
    assert bot.ponder(waiting) is True
    assert endgame.cached(round5_start(waiting), SMALL) is not None
    early = games.load("divided-ranks").new_initial_state(3)
    assert bot.ponder(early.observation(early.current_player())) is False
    assert ExpertBot(endgame=None).ponder(waiting) is False
