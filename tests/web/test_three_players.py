"""The web shell plays Three Cards, the three-player game registered by the tests alone
(``tests/three_cards.py``, its web room in ``three_cards_web``): two bots in their seats, a rule
option from the lobby, the human's view only, a card drawn in the middle of the game, the
engine's result, history and replay, without a line of the shell knowing the game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from three_cards_web import ROOM
from webtools import SECRET, TEST_HOST, store_of

from divided import games
from divided.web import games as web_games
from divided.web.app import create_app
from three_cards import DECK, EXCHANGE, HIGH, KEEP, NAME, CardsRules, Played, bot_registered

BOT = "keep-high"


@pytest.fixture
def http(tmp_path: Path) -> Iterator[TestClient]:
    games.register(NAME, CardsRules)
    web_games.ROOMS.register(NAME, ROOM)
    keep_high = bot_registered()  # the shell makes its bots through the bot registry
    next(keep_high)
    try:
        client = TestClient(create_app(data_dir=tmp_path, secret=SECRET, allowed_hosts=(TEST_HOST,)))
        seeds = iter(range(1, 10_000))
        store_of(client).seed_source = lambda: next(seeds)
        yield client
    finally:
        keep_high.close()
        web_games.ROOMS.unregister(NAME)
        games.unregister(NAME)


@pytest.mark.parametrize("ranks", ["distinct", "paired"])
@pytest.mark.parametrize(("seed", "human"), [(1, KEEP), (2, EXCHANGE), (5, EXCHANGE), (6, EXCHANGE)])
def test_a_three_player_game_through_the_shell(http: TestClient, seed: int, human: int, ranks: str) -> None:
    """The seeds give (checked once by hand, not assumed below): a kept top card that wins, or
    shares the win when paired; two bots sharing the win; all three exchanging; a won exchange."""
    store_of(http).seed_source = lambda: seed
    response = http.post("/api/games", json={"game": NAME, "ranks": ranks})
    assert response.status_code == 201, response.text
    state: dict[str, Any] = response.json()
    assert state["game"] == NAME and state["seats"] == [None, BOT, BOT] and state["seat"] == 0
    assert state["to_move"] == "you" and [a["text"] for a in state["legal"]] == ["keep", "exchange"]
    assert games.load(NAME).new_initial_state(seed=seed).observation(None).card == 0  # a spectator sees none
    dealt = tuple(int(a) for a in games.load(NAME).new_initial_state(seed=seed).history())
    assert len(dealt) == 3 and len(set(dealt)) == 3 and set(dealt) <= set(range(1, DECK + 1))
    # only the human's own card; nothing shown or decided yet
    assert state["table"] == {"card": dealt[0], "shown": [0, 0, 0], "decided": [False] * 3, "revealed": None}
    final = http.post(f"/api/games/{state['id']}/moves", json={"move_number": state["move_number"],
                                                              "action": human}).json()
    # both bots answered in their seats, in order, each from its own card: keep from HIGH up
    decisions = [human] + [KEEP if dealt[seat] >= HIGH else EXCHANGE for seat in (1, 2)]
    assert final["phase"] == "over" and final["to_move"] is None and final["legal"] == []
    table = final["table"]
    assert table["shown"] == [dealt[s] if decisions[s] == EXCHANGE else 0 for s in range(3)]
    assert table["decided"] == [True] * 3
    cards = table["revealed"]
    # a kept card stays; a drawn card is one nobody held or showed before it was drawn
    for seat in range(3):
        if decisions[seat] == KEEP:
            assert cards[seat] == dealt[seat]
        else:
            assert cards[seat] not in {*dealt, *cards[:seat]}
    assert table["card"] == cards[0] and len(set(cards)) == 3
    said = ["kept" if decisions[s] == KEEP else f"exchanged a {dealt[s]}" for s in range(3)]
    assert [e["actor"] for e in final["log"]] == [0, 1, 2, None]
    assert [e["text"] for e in final["log"]] == [
        f"You: {said[0]}.", f"Bot 1: {said[1]}.", f"Bot 2: {said[2]}.", f"Cards: {cards[0]}, {cards[1]}, {cards[2]}."]
    returns = Played(dealt, tuple(decisions), tuple(cards)).returns(ranks == "paired")
    assert final["result"]["returns"] == returns
    places = final["result"]["places"]
    assert places == [1 + sum(o > r for o in returns) for r in returns]
    word = "loss" if places[0] != 1 else ("win" if places.count(1) == 1 else "draw")
    assert final["result"]["you"] == word
    # the lobby list, the history (grouped by game, bots and options), the replay
    listed = http.get("/api/games").json()["games"]
    assert listed[0]["seats"] == [None, BOT, BOT] and listed[0]["result"] == word
    assert listed[0]["options"]["ranks"] == ranks
    history = http.get("/api/history").json()
    assert history["games"][0]["bots"] == [BOT, BOT] and history["games"][0]["game"] == NAME
    assert history["stats"][0]["game"] == NAME and history["stats"][0]["bots"] == [BOT, BOT]
    replay = http.get(f"/api/games/{state['id']}/replay").json()
    assert [s["by"] for s in replay["steps"]] == [None, "you", "bot", "bot"]  # a draw is no step of its own
    assert replay["steps"][0]["state"]["table"]["revealed"] is None
    assert replay["steps"][-1]["state"]["table"]["revealed"] == cards


def test_an_unknown_rule_option_value_is_refused_in_the_lobbys_words(http: TestClient) -> None:
    response = http.post("/api/games", json={"game": NAME, "ranks": "shuffled"})
    assert response.status_code == 422 and "distinct, paired" in response.json()["error"]
    assert http.get("/api/games").json()["games"] == []


def test_an_illegal_action_is_refused_in_the_rooms_words(http: TestClient) -> None:
    state = http.post("/api/games", json={"game": NAME}).json()
    response = http.post(f"/api/games/{state['id']}/moves", json={"move_number": state["move_number"], "action": 7})
    assert response.status_code == 422 and "not keep (0) or exchange (1)" in response.json()["error"]
    assert http.get(f"/api/games/{state['id']}").json() == state


def test_the_pages_of_a_game_without_templates_of_its_own(http: TestClient) -> None:
    state = http.post("/api/games", json={"game": NAME}).json()
    http.post(f"/api/games/{state['id']}/moves", json={"move_number": state["move_number"], "action": EXCHANGE})
    for path in (f"/games/{state['id']}", f"/games/{state['id']}/replay", f"/games/{state['id']}/replay?move=0",
                 "/history", "/"):
        page = http.get(path)
        assert page.status_code == 200, path
    assert "not drawn in replays" in http.get(f"/games/{state['id']}/replay").text
