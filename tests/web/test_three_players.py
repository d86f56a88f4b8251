"""The web shell plays a three-player game registered by the tests alone (``tiny_three``): two
bots in their seats, the human's view only, the engine's result, history and replay, without a
line of the shell knowing the game."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tiny_three import GAME, PLAYERS, ROOM, FirstBot, TinyRules
from webtools import SECRET, store_of

from divided import games
from divided.bots import make_bot
from divided.bots.base import Bot
from divided.web import games as web_games
from divided.web.app import create_app


def bots(name: str) -> Bot:
    return FirstBot() if name == "first" else make_bot(name)  # type: ignore[return-value]


@pytest.fixture
def http(tmp_path: Path) -> Iterator[TestClient]:
    games.register(GAME, TinyRules)
    web_games.ROOMS.register(GAME, ROOM)
    try:
        client = TestClient(create_app(data_dir=tmp_path, secret=SECRET, bot_factory=bots))
        seeds = iter(range(1, 10_000))
        store_of(client).seed_source = lambda: next(seeds)
        yield client
    finally:
        web_games.ROOMS.unregister(GAME)
        games.unregister(GAME)


def expected_bets(cards: tuple[int, ...], human: list[int]) -> list[int]:
    """The bets after the human's, worked out by hand: the bots bet with a card of 3 or more."""
    return [human[0]] + [1 if cards[seat] >= 3 else 0 for seat in (1, 2)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_three_player_game_through_the_shell(http: TestClient, seed: int) -> None:
    store_of(http).seed_source = lambda: seed
    response = http.post("/api/games", json={"game": GAME})
    assert response.status_code == 201, response.text
    state: dict[str, Any] = response.json()
    assert state["game"] == GAME and state["seats"] == [None, "first", "first"] and state["seat"] == 0
    assert state["to_move"] == "you" and [a["text"] for a in state["legal"]] == ["pass", "bet"]
    cards = games.load(GAME).new_initial_state(seed=seed).observation(None)  # the spectator sees no card
    assert cards.card is None
    deal = games.load(GAME).new_initial_state(seed=seed)
    dealt = tuple(int(a) for a in deal.history())
    assert state["table"] == {"card": dealt[0], "bets": [], "shown": None}  # only the human's own card
    action = random.Random(seed).choice([0, 1])
    final = http.post(f"/api/games/{state['id']}/moves", json={"move_number": state["move_number"],
                                                              "action": action}).json()
    # both bots answered in their seats, in order; the log names each seat
    bets = expected_bets(dealt, [action])
    assert final["phase"] == "over" and final["to_move"] is None and final["legal"] == []
    assert final["table"] == {"card": dealt[0], "bets": [["pass", "bet"][b] for b in bets], "shown": list(dealt)}
    assert [e["actor"] for e in final["log"]] == [0, 1, 2, None]
    bettors = [seat for seat in range(PLAYERS) if bets[seat]]
    if bettors:
        winner = max(bettors, key=lambda s: dealt[s])
        returns = [float(len(bettors) - 1) if s == winner else (-1.0 if s in bettors else 0.0) for s in range(3)]
    else:
        returns = [0.0, 0.0, 0.0]
    assert final["result"]["returns"] == returns
    places = final["result"]["places"]
    word = "loss" if places[0] != 1 else ("win" if places.count(1) == 1 else "draw")
    assert final["result"]["you"] == word
    # the lobby list, the history (grouped by game and bots), the replay
    listed = http.get("/api/games").json()["games"]
    assert listed[0]["seats"] == [None, "first", "first"] and listed[0]["result"] == word
    history = http.get("/api/history").json()
    assert history["games"][0]["bots"] == ["first", "first"] and history["games"][0]["game"] == GAME
    assert history["stats"][0]["game"] == GAME and history["stats"][0]["bots"] == ["first", "first"]
    replay = http.get(f"/api/games/{state['id']}/replay").json()
    assert [s["by"] for s in replay["steps"]] == [None, "you", "bot", "bot"]  # each seat's move is a step
    assert replay["steps"][0]["state"]["table"]["shown"] is None


def test_an_illegal_action_is_refused_in_the_rooms_words(http: TestClient) -> None:
    state = http.post("/api/games", json={"game": GAME}).json()
    response = http.post(f"/api/games/{state['id']}/moves", json={"move_number": state["move_number"], "action": 7})
    assert response.status_code == 422 and "not pass (0) or bet (1)" in response.json()["error"]
    assert http.get(f"/api/games/{state['id']}").json() == state


def test_the_pages_of_a_game_without_templates_of_its_own(http: TestClient) -> None:
    state = http.post("/api/games", json={"game": GAME}).json()
    http.post(f"/api/games/{state['id']}/moves", json={"move_number": state["move_number"], "action": 1})
    for path in (f"/games/{state['id']}", f"/games/{state['id']}/replay", f"/games/{state['id']}/replay?move=0",
                 "/history", "/"):
        page = http.get(path)
        assert page.status_code == 200, path
    assert "not drawn in replays" in http.get(f"/games/{state['id']}/replay").text
