"""The JSON API (docs/web-api.md) through FastAPI's TestClient: every phase, every bad input.

Expectations come from the stored game (rebuilt from its record, hidden cards included) and
from the rules, not from the code that builds the responses.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import threading
import time
from collections.abc import Sequence
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from webtools import (
    SECRET,
    TEST_HOST,
    card_tokens,
    client,
    core,
    log_text,
    mask,
    move,
    play_out,
    second_client,
    session_of,
    store_of,
    truth,
)

from divided.bots import make_bot
from divided.bots.base import Bot
from divided.cards import PACK_21, mask_indices
from divided.games.divided_ranks.actions import PAIRS
from divided.games.divided_ranks.state import ChoiceEvent, Phase
from divided.games.divided_ranks.view import PlayerView
from divided.hands.five import evaluate_mask
from divided.web.games.divided_ranks import showdown_object
from divided.web.sessions import COOKIE_NAME
from divided.web.store import games_table

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

KEEP, TAKE_UP, TAKE_DOWN, GIVE, BUILD = 212, 210, 211, 213, 234


def cards_of(mask_value: int) -> list[str]:
    return [str(PACK_21[i]) for i in mask_indices(mask_value)]


def new_game(http: TestClient, seed: int | None = None, **body: Any) -> dict[str, Any]:
    if seed is not None:
        store_of(http).seed_source = lambda: seed
    response = http.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    state: dict[str, Any] = response.json()
    return state


def first_legal(state: dict[str, Any]) -> int:
    return int(state["legal"][0]["action"])


def advance_to(http: TestClient, state: dict[str, Any], phase: str) -> dict[str, Any]:
    """Play first legal actions until the human is to move at ``phase``."""
    while not (state["phase"] == phase and state["to_move"] == "you"):
        assert state["phase"] != "over", f"the game ended before the {phase} phase"
        response = move(http, state, first_legal(state))
        assert response.status_code == 200, response.text
        state = response.json()
    return state


def get(http: TestClient, game_id: str) -> dict[str, Any]:
    response = http.get(f"/api/games/{game_id}")
    assert response.status_code == 200, response.text
    state: dict[str, Any] = response.json()
    return state


def assert_error(response: Any, status: int) -> str:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error"} and isinstance(body["error"], str) and body["error"], body
    return str(body["error"])


@pytest.fixture
def http(tmp_path: Path) -> TestClient:
    return client(tmp_path)


# -- creating games ---------------------------------------------------------------------------


def test_defaults_are_skilled_blind_coin(http: TestClient) -> None:
    response = http.post("/api/games")  # no body at all: every field is optional
    assert response.status_code == 201
    state = response.json()
    assert response.headers["location"] == f"/api/games/{state['id']}"
    assert state["seats"][1] == "skilled" and state["seat"] == 0
    assert state["options"] == {"first_splitter": "coin", "reserve_order": "literal",
                                "scoring": "categories-first", "swap": "blind", "rounds": 5,
                                "opening_seed": 0, "build": "choose"}
    assert len(state["id"]) == 32 and int(state["id"], 16) >= 0
    assert state["to_move"] == "you" and state["phase"] in ("split", "choose")
    assert state["bot_error"] is None and state["table"]["showdown"] is None
    assert http.post("/api/games", json={}).status_code == 201


def test_the_state_object_has_the_contract_fields(http: TestClient) -> None:
    state = new_game(http, seed=5, first_splitter="you")
    assert set(state) == {"id", "game", "move_number", "seat", "seats", "options", "hints", "phase", "to_move", "prompt",
                          "session",
                          "legal", "table", "knowledge", "log", "result", "bot_error"}
    assert state["game"] == "divided-ranks" and state["seats"] == [None, "skilled"] and state["seat"] == 0
    assert set(state["table"]) == {"hand", "hand_known_to_bot", "opponent", "stock_size", "reserve", "drawn",
                                   "face_up", "face_down", "build", "showdown"}
    assert set(state["table"]["opponent"]) == {"known", "seen", "worked_out", "watched", "unknown", "unseen", "size"}
    assert set(state["table"]["reserve"]) == {"known", "worked_out"}
    assert set(state["knowledge"]) == {"unaccounted", "reserve_odds", "swap_odds"}
    for item in state["legal"]:
        assert set(item) == {"action", "text", "kind", "cards"}
    for entry in state["log"]:
        assert set(entry) == {"actor", "text"}
    assert state["result"] is None


def test_you_split_first(http: TestClient) -> None:
    state = new_game(http, seed=11, first_splitter="you", bot="random")
    deal = core(http, state["id"]).deal
    assert state["options"]["first_splitter"] == 0
    assert state["phase"] == "split" and state["to_move"] == "you"
    assert state["prompt"] == "Choose which two of your four cards go face up."
    assert state["move_number"] == 21  # the shuffle: 21 chance outcomes
    drawn = sorted(deal[1:5])
    table = state["table"]
    assert (table["drawn"], table["face_up"], table["face_down"]) == (cards_of(sum(1 << c for c in drawn)), [], 0)
    assert state["table"]["hand"] == [] and state["table"]["stock_size"] == 16
    assert state["table"]["opponent"] == {"known": [], "seen": [], "worked_out": [], "watched": [], "unknown": 0,
                                 "unseen": 0, "size": 0}
    # six ways to pick the face-up pair, labelled like the engine's notation
    pairs = [list(pair) for pair in combinations(cards_of(sum(1 << c for c in drawn)), 2)]
    assert sorted(item["cards"] for item in state["legal"]) == sorted(pairs)
    assert all(item["kind"] == "split" and item["text"] == "split " + " ".join(item["cards"])
               for item in state["legal"])
    # the books: 17 unseen cards, each in the reserve (1 slot) or the stock (16 slots)
    books = state["knowledge"]
    assert len(books["unaccounted"]) == 17
    assert all(item["places"] == {"reserve": 1 / 17, "stock": 16 / 17} for item in books["unaccounted"])
    assert all(item["p"] == 1 / 17 for item in books["reserve_odds"]) and len(books["reserve_odds"]) == 17
    assert books["swap_odds"] == [] and state["table"]["build"] is None
    assert log_text(state) == ["You split first (rounds 1, 3 and 5)."]


def test_bot_splits_first_and_has_already_moved(http: TestClient) -> None:
    state = new_game(http, seed=12, first_splitter="bot", bot="skilled", swap="face-up")
    game = core(http, state["id"])
    assert state["options"]["first_splitter"] == 1 and state["options"]["swap"] == "face-up"
    assert state["phase"] == "choose" and state["to_move"] == "you" and state["move_number"] == 22
    assert state["table"]["drawn"] is None and state["table"]["face_down"] == 2
    assert state["table"]["face_up"] == cards_of(game.face_up)
    assert mask(state["table"]["face_up"]) & ~sum(1 << c for c in game.deal[1:5]) == 0
    assert [item["kind"] for item in state["legal"]] == ["take-up", "take-down"]
    assert state["legal"][0]["cards"] == state["table"]["face_up"] and state["legal"][1]["cards"] == []
    assert any("the bot split" in line for line in log_text(state))
    # you have seen only the face-up pair: 19 cards are unseen, 2 face down on the table,
    # 1 in the reserve and 16 in the stock
    books = state["knowledge"]["unaccounted"]
    assert len(books) == 19
    assert all(item["places"] == {"on the table": 2 / 19, "reserve": 1 / 19, "stock": 16 / 19}
               for item in books)


def test_coin_picks_a_first_splitter(http: TestClient) -> None:
    starts = set()
    for seed in range(12):
        state = new_game(http, seed=seed, first_splitter="coin", bot="random")
        assert state["options"]["first_splitter"] == "coin"
        starts.add(state["phase"])
        assert log_text(state)[0].startswith("A coin flip decided:")
    assert starts == {"split", "choose"}  # both outcomes occur


@pytest.mark.parametrize("bot", ["random", "skilled", "expert"])
def test_every_bot_can_be_chosen(http: TestClient, bot: str) -> None:
    state = new_game(http, seed=3, bot=bot)
    assert state["seats"][1] == bot
    listed = http.get("/api/games").json()["games"]
    assert listed[0]["seats"] == [None, bot] and listed[0]["game"] == "divided-ranks"


# -- whole games ----------------------------------------------------------------------------


def check_against_truth(http: TestClient, state: dict[str, Any]) -> None:
    """The state agrees with the stored game wherever the human may see it."""
    full = truth(http, state["id"])
    game = full.core
    assert state["move_number"] == len(full.history())
    assert state["table"]["hand"] == cards_of(game.hands[0])
    assert state["table"]["opponent"]["size"] == game.hands[1].bit_count()
    assert mask(state["table"]["opponent"]["known"]) & ~game.hands[1] == 0
    assert mask(state["table"]["hand_known_to_bot"]) & ~game.hands[0] == 0
    if state["table"]["reserve"]["known"] is not None:
        assert state["table"]["reserve"]["known"] == str(PACK_21[game.reserve])
    assert state["phase"] == {Phase.SPLIT: "split", Phase.CHOOSE: "choose", Phase.RESERVE: "reserve",
                              Phase.BUILD: "build", Phase.OVER: "over"}[game.phase]
    if state["to_move"] == "you":
        legal = full.legal_actions(0)
        assert [item["action"] for item in state["legal"]] == legal
        assert [item["text"] for item in state["legal"]] == [full.action_to_string(a) for a in legal]
    else:
        assert state["legal"] == []


@pytest.mark.parametrize(("bot", "swap", "first"), [
    ("random", "blind", "you"), ("random", "face-up", "bot"),
    ("skilled", "blind", "bot"), ("skilled", "face-up", "you"), ("skilled", "blind", "coin"),
])
def test_a_whole_game_through_the_api(http: TestClient, bot: str, swap: str, first: str) -> None:
    rng = random.Random(f"{bot}{swap}{first}")
    state = new_game(http, seed=rng.randrange(2**40), bot=bot, swap=swap, first_splitter=first)
    check_against_truth(http, state)
    phases = []

    def check(now: dict[str, Any]) -> None:
        check_against_truth(http, now)
        phases.append(now["phase"])

    seen = play_out(http, state, lambda s: rng.choice(s["legal"])["action"], check)
    assert {"reserve", "build", "over"} <= {s["phase"] for s in seen}
    assert len(seen) == 1 + 5 + 1 + 1  # one move a round, the reserve, the build
    final = seen[-1]
    full = truth(http, final["id"])
    outcome = full.core.outcome
    assert outcome is not None and final["to_move"] is None and final["legal"] == []
    expected_winner = None if outcome.winner is None else ("you" if outcome.winner == 0 else "bot")
    assert final["table"]["showdown"]["winner"] == expected_winner
    assert final["table"]["showdown"]["step"] == outcome.step
    for who, seat in (("you", 0), ("bot", 1)):
        weaker, stronger = outcome.hands[seat]
        assert final["table"]["showdown"][who]["weaker"]["cards"] == cards_of(weaker)
        assert final["table"]["showdown"][who]["stronger"]["cards"] == cards_of(stronger)
        assert final["table"]["showdown"][who]["weaker"]["category"] == evaluate_mask(weaker).category.label
    assert final["table"]["opponent"]["known"] == cards_of(full.core.hands[1])  # the showdown shows it all
    words = {"you": "You win", "bot": "The bot wins", None: "Draw"}[expected_winner]
    assert final["table"]["showdown"]["description"].startswith(words) and final["prompt"].startswith(words)
    listed = http.get("/api/games").json()["games"][0]
    assert listed["id"] == final["id"] and listed["over"] is True and listed["phase"] == "over"
    assert listed["result"] == {"you": "win", "bot": "loss", None: "draw"}[expected_winner]
    # after the end: no more moves
    assert "over" in assert_error(move(http, final, KEEP), 409)


def test_the_expert_plays_a_whole_game(http: TestClient) -> None:
    state = new_game(http, seed=77, bot="expert", first_splitter="bot")
    final = play_out(http, state, first_legal)[-1]
    assert final["table"]["showdown"] is not None and final["seats"][1] == "expert"


def test_the_log_tells_what_happened_in_plain_words(http: TestClient) -> None:
    state = new_game(http, seed=21, bot="random", first_splitter="bot")
    # take the face-down pair: the log names the cards you got and what the bot keeps
    after = move(http, state, TAKE_DOWN).json()
    taken = core(http, state["id"]).log[1]
    assert isinstance(taken, ChoiceEvent)
    up = " ".join(state["table"]["face_up"])
    down = " ".join(cards_of(taken.face_down))
    assert f"You took the face-down pair: {down}. The bot keeps {up}." in log_text(after)
    assert log_text(after)[0] == "The bot splits first (rounds 1, 3 and 5)."
    assert log_text(after)[1].startswith("Round 1: the bot split ") and "two cards face down" in log_text(after)[1]


def test_split_choose_reserve_and_build_phases(http: TestClient) -> None:
    state = new_game(http, seed=8, bot="skilled", first_splitter="you")
    state = advance_to(http, state, "reserve")
    hand = state["table"]["hand"]
    assert len(hand) == 10 and state["table"]["stock_size"] == 0 and state["table"]["opponent"]["size"] == 10
    kinds = [item["kind"] for item in state["legal"]]
    assert kinds == ["keep"] + ["give"] * 10
    assert [item["cards"][0] for item in state["legal"][1:]] == hand
    odds = state["knowledge"]["swap_odds"]
    assert odds[0] == {"give": None, "better": 0.0, "same": 1.0, "worse": 0.0}
    assert [o["give"] for o in odds[1:]] == hand
    for o in odds:
        assert o["better"] + o["same"] + o["worse"] == pytest.approx(1.0)
    assert state["prompt"].startswith("Keep your hand, or give one card")
    # give the first card
    gift = state["legal"][1]
    after = move(http, state, gift["action"])
    assert after.status_code == 200
    state = after.json()
    assert gift["cards"][0] not in state["table"]["hand"] or state["phase"] == "over"
    assert any(line.startswith(f"You gave {gift['cards'][0]} to the reserve and took ") for line in log_text(state))
    state = advance_to(http, state, "build")
    check_build(state)
    final = move(http, state, state["table"]["build"]["auto"]["action"]).json()
    assert final["phase"] == "over"
    assert mask(final["table"]["showdown"]["you"]["weaker"]["cards"]) == mask(state["table"]["build"]["auto"]["weaker"]["cards"])


def check_build(state: dict[str, Any]) -> None:
    hand = state["table"]["hand"]
    lowest = hand[0]
    legal = state["legal"]
    assert len(legal) == 126 and all(item["kind"] == "build" for item in legal)
    firsts = set()
    for item in legal:
        first = item["cards"]
        assert len(first) == 5 and set(first) <= set(hand) and lowest in first
        rest = [c for c in hand if c not in first]
        assert item["text"] == f"build {' '.join(first)} | {' '.join(rest)}"
        firsts.add(tuple(first))
    assert len(firsts) == 126  # every way to divide ten cards into two fives
    auto = state["table"]["build"]["auto"]
    assert auto["action"] in {item["action"] for item in legal}
    weaker, stronger = mask(auto["weaker"]["cards"]), mask(auto["stronger"]["cards"])
    assert weaker | stronger == mask(hand) and weaker & stronger == 0
    assert auto["weaker"]["category"] == evaluate_mask(weaker).category.label
    # no split has better categories (the first two scoring steps) than auto-arrange's
    best = (evaluate_mask(weaker).category, evaluate_mask(stronger).category)
    for item in legal:
        a = mask(item["cards"])
        b = mask(hand) ^ a
        cats = sorted((evaluate_mask(a), evaluate_mask(b)), key=lambda v: v.strength)
        assert (cats[0].category, cats[1].category) <= best


# -- bad input: nothing changes ----------------------------------------------------------------


def unchanged(http: TestClient, before: dict[str, Any]) -> None:
    assert get(http, before["id"]) == before


def test_an_action_of_the_wrong_phase_is_refused(http: TestClient) -> None:
    state = new_game(http, seed=31, first_splitter="you")
    for action in (KEEP, TAKE_UP, GIVE + 3, BUILD + 7):
        message = assert_error(move(http, state, action), 422)
        assert "split" in message
        unchanged(http, state)


def test_a_split_of_cards_you_did_not_draw_is_refused(http: TestClient) -> None:
    state = new_game(http, seed=32, first_splitter="you")
    drawn = mask(state["table"]["drawn"])
    legal = {item["action"] for item in state["legal"]}
    other = next(a for a in range(210) if a not in legal)
    message = assert_error(move(http, state, other), 422)
    assert "you drew" in message
    asked = set(PAIRS[other])
    assert card_tokens(message) <= set(mask_indices(drawn)) | asked  # only your cards and your input
    unchanged(http, state)


def test_giving_a_card_not_in_your_hand_is_refused(http: TestClient) -> None:
    state = advance_to(http, new_game(http, seed=33), "reserve")
    hand = mask(state["table"]["hand"])
    absent = next(i for i in range(21) if not hand >> i & 1)
    message = assert_error(move(http, state, GIVE + absent), 422)
    assert f"cannot give {PACK_21[absent]}" in message
    unchanged(http, state)


@pytest.mark.parametrize("action", [-1, 360, 10**30, -(10**30)])
def test_actions_that_do_not_exist_are_refused(http: TestClient, action: int) -> None:
    state = new_game(http, seed=34)
    assert_error(move(http, state, action), 422)
    unchanged(http, state)


def test_a_stale_move_number_is_a_conflict(http: TestClient) -> None:
    state = new_game(http, seed=35)
    for number in (state["move_number"] - 1, state["move_number"] + 1, 0, -5):
        response = http.post(f"/api/games/{state['id']}/moves",
                             json={"move_number": number, "action": first_legal(state)})
        assert "move" in assert_error(response, 409)
        unchanged(http, state)


def test_a_double_submit_applies_once(http: TestClient) -> None:
    state = new_game(http, seed=36)
    first = move(http, state, first_legal(state))
    assert first.status_code == 200
    assert_error(move(http, state, first_legal(state)), 409)
    assert get(http, state["id"]) == first.json()


def test_simultaneous_submits_apply_once(http: TestClient) -> None:
    state = new_game(http, seed=37, bot="expert")
    barrier = threading.Barrier(6)
    codes: list[int] = []

    def send() -> None:
        barrier.wait()
        codes.append(move(http, state, first_legal(state)).status_code)

    threads = [threading.Thread(target=send) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(codes) == [200] + [409] * 5
    now = get(http, state["id"])
    assert now["move_number"] > state["move_number"]
    assert len(truth(http, state["id"]).history()) == now["move_number"]


@pytest.mark.parametrize("body", [
    b"{", b"not json", b"[1, 2]", b"17", b"null", b'"move"', b"{}", b'{"action": 3}',
    b'{"move_number": 21}', b"\xff\xfe", b'{"move_number": 21, "action": 3, "extra": 1}',
])
def test_malformed_bodies_are_422(http: TestClient, body: bytes) -> None:
    state = new_game(http, seed=38)
    response = http.post(f"/api/games/{state['id']}/moves", content=body,
                         headers={"content-type": "application/json"})
    assert_error(response, 422)
    unchanged(http, state)


@pytest.mark.parametrize(("field", "value"), [
    ("move_number", "21"), ("move_number", 21.0), ("move_number", True), ("move_number", None),
    ("move_number", [21]), ("action", "keep"), ("action", 3.5), ("action", False), ("action", {"a": 1}),
])
def test_wrong_types_are_422(http: TestClient, field: str, value: Any) -> None:
    state = new_game(http, seed=39)
    body = {"move_number": state["move_number"], "action": first_legal(state), field: value}
    message = assert_error(http.post(f"/api/games/{state['id']}/moves", json=body), 422)
    assert field in message
    unchanged(http, state)


def test_deeply_nested_json_is_422_not_500(http: TestClient) -> None:
    state = new_game(http, seed=40)
    body = b'{"action": ' + b"[" * 7000 + b"]" * 7000 + b"}"
    response = http.post(f"/api/games/{state['id']}/moves", content=body,
                         headers={"content-type": "application/json"})
    assert_error(response, 422)
    unchanged(http, state)


def test_other_content_types_and_huge_bodies_are_refused(http: TestClient) -> None:
    state = new_game(http, seed=41)
    text = json.dumps({"move_number": state["move_number"], "action": first_legal(state)})
    response = http.post(f"/api/games/{state['id']}/moves", content=text, headers={"content-type": "text/plain"})
    assert_error(response, 415)
    response = http.post(f"/api/games/{state['id']}/moves", content=b" " * 20_000 + text.encode(),
                         headers={"content-type": "application/json"})
    assert_error(response, 413)
    unchanged(http, state)


@pytest.mark.parametrize("body", [
    {"bot": "grandmaster"}, {"bot": "expert:budget=1"}, {"bot": "hide-weaker"}, {"bot": 3}, {"bot": None},
    {"swap": "sideways"}, {"swap": True}, {"first_splitter": "me"}, {"first_splitter": 0},
    {"seed": 5}, {"reserve_order": "sideways"}, {"Bot": "random"},
])
def test_bad_new_game_requests_are_422_and_create_nothing(http: TestClient, body: dict[str, Any]) -> None:
    before = http.get("/api/games").json()
    message = assert_error(http.post("/api/games", json=body), 422)
    assert any(word in message for word in ("bot", "swap", "first_splitter", "reserve_order", "unknown field"))
    assert http.get("/api/games").json() == before


def test_malformed_new_game_bodies_are_422(http: TestClient) -> None:
    for body in (b"{", b"[]", b'"skilled"'):
        assert_error(http.post("/api/games", content=body, headers={"content-type": "application/json"}), 422)
    assert http.get("/api/games").json() == {"games": []}


# -- sessions ---------------------------------------------------------------------------------


def test_the_session_cookie(http: TestClient) -> None:
    response = http.get("/api/games")
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE_NAME}=")
    attributes = {part.strip().split("=")[0].lower() for part in cookie.split(";")[1:]}
    assert {"httponly", "path", "samesite"} <= attributes and "samesite=lax" in cookie.lower()
    assert len(session_of(http)) >= 40
    assert "set-cookie" not in http.get("/api/games").headers  # kept, not renewed


def test_the_database_keeps_a_hash_of_the_session_not_the_session(http: TestClient) -> None:
    state = new_game(http, seed=52)
    with store_of(http).engine.connect() as connection:
        rows = connection.execute(select(games_table.c.id, games_table.c.session_id, games_table.c.seed)).all()
    assert rows == [(state["id"], hashlib.sha256(session_of(http).encode()).hexdigest(), 52)]


def test_another_sessions_game_is_no_such_game(http: TestClient) -> None:
    state = new_game(http, seed=50)
    other = second_client(http)
    assert other.get("/api/games").json() == {"games": []}
    missing = "0" * 32
    for game_id in (state["id"], missing, "not-an-id", state["id"].upper()):
        for response in (
            other.get(f"/api/games/{game_id}"),
            other.post(f"/api/games/{game_id}/moves", json={"move_number": state["move_number"],
                                                            "action": first_legal(state)}),
            other.post(f"/api/games/{game_id}/bot"),
        ):
            assert response.status_code == 404 and response.json() == {"error": "no such game"}
    assert http.get(f"/api/games/{missing}").json() == {"error": "no such game"}
    unchanged(http, state)


def test_a_forged_cookie_starts_a_new_session(http: TestClient) -> None:
    state = new_game(http, seed=51)
    stolen_id = session_of(http)
    for value in (f"{stolen_id}.forgedsignature", stolen_id, "", "."):
        visitor = TestClient(http.app, cookies={COOKIE_NAME: value})
        response = visitor.get(f"/api/games/{state['id']}")
        assert response.status_code == 404
        fresh = response.headers["set-cookie"].split(";")[0].split("=", 1)[1]
        assert fresh.rsplit(".", 1)[0] != stolen_id


def test_the_lobby_list_is_newest_first(http: TestClient) -> None:
    ids = [new_game(http, seed=60 + i, bot=bot)["id"] for i, bot in enumerate(["random", "skilled", "expert"])]
    games = http.get("/api/games").json()["games"]
    assert [g["id"] for g in games] == ids[::-1]
    for game in games:
        assert set(game) == {"id", "game", "title", "created", "updated", "seats", "options", "variant", "phase",
                             "over", "result"}
        assert game["title"] == "Divided Ranks"
        assert game["over"] is False and game["result"] is None and game["phase"] in ("split", "choose")


# -- the bot failing ---------------------------------------------------------------------------


class Flaky:
    """A real bot that fails in a chosen way for its first ``failures`` decisions."""

    def __init__(self, failures: int, how: str) -> None:
        self.failures = failures
        self.how = how
        self.calls = 0

    def factory(self, game: str, name: str) -> Bot:
        inner = make_bot(game, name)
        outer = self

        class Wrapped:
            def __init__(self) -> None:
                self.name = inner.name

            def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
                outer.calls += 1
                if outer.failures > 0:
                    outer.failures -= 1
                    if outer.how == "raise":
                        hidden = " ".join(cards_of(view.hand))
                        raise ValueError(f"boom, holding {hidden}")
                    if outer.how == "slow":
                        time.sleep(1.5)
                    if outer.how == "illegal":
                        return -7
                return inner.choose(view, legal, rng)

        return Wrapped()


@pytest.mark.parametrize("how", ["raise", "slow", "illegal"])
def test_a_failing_bot_does_not_lose_the_game(tmp_path: Path, how: str) -> None:
    flaky = Flaky(0, how)
    http = client(tmp_path, bot_factory=flaky.factory, bot_timeout=0.5)
    state = new_game(http, seed=70, bot="skilled", first_splitter="you")
    flaky.failures = 2
    response = move(http, state, first_legal(state))  # the bot must choose now
    assert response.status_code == 200
    failed = response.json()
    assert failed["to_move"] == "bot" and failed["bot_error"] and failed["legal"] == []
    assert failed["move_number"] == state["move_number"] + 1  # your move is kept
    assert "try again" in failed["prompt"]
    if how == "raise":  # the bot's exception text (its hidden cards) is not passed on
        assert "boom" not in json.dumps(failed)
    assert get(http, state["id"]) == failed  # stored
    # your move while the bot owes one: a conflict, nothing changes
    assert_error(move(http, failed, TAKE_UP), 409)
    # retry: fails once more, then works
    again = http.post(f"/api/games/{state['id']}/bot")
    assert again.status_code == 200 and again.json()["bot_error"] and again.json()["to_move"] == "bot"
    fixed = http.post(f"/api/games/{state['id']}/bot", json={"move_number": failed["move_number"]})
    assert fixed.status_code == 200, fixed.text
    recovered = fixed.json()
    assert recovered["bot_error"] is None and recovered["to_move"] == "you"
    assert recovered["move_number"] > failed["move_number"]
    # retrying when it is your turn is a conflict
    assert_error(http.post(f"/api/games/{state['id']}/bot"), 409)
    final = play_out(http, recovered, first_legal)[-1]
    assert final["table"]["showdown"] is not None


def test_a_bot_retry_with_a_stale_move_number_is_a_conflict(tmp_path: Path) -> None:
    flaky = Flaky(0, "raise")
    http = client(tmp_path, bot_factory=flaky.factory)
    state = new_game(http, seed=71, first_splitter="you")
    flaky.failures = 1
    failed = move(http, state, first_legal(state)).json()
    assert_error(http.post(f"/api/games/{state['id']}/bot", json={"move_number": 3}), 409)
    assert_error(http.post(f"/api/games/{state['id']}/bot", json={"move_number": "x"}), 422)
    assert_error(http.post(f"/api/games/{state['id']}/bot", json={"other": 1}), 422)
    unchanged(http, failed)


def test_a_bot_failing_before_the_first_move(tmp_path: Path) -> None:
    flaky = Flaky(1, "raise")
    http = client(tmp_path, bot_factory=flaky.factory)
    state = new_game(http, seed=72, first_splitter="bot")
    assert state["phase"] == "split" and state["to_move"] == "bot" and state["bot_error"]
    assert state["table"]["drawn"] is None  # the bot's four cards stay hidden
    fixed = http.post(f"/api/games/{state['id']}/bot").json()
    assert fixed["phase"] == "choose" and fixed["to_move"] == "you" and fixed["bot_error"] is None


def test_the_bot_is_reproducible_from_the_seed(tmp_path: Path) -> None:
    finals = []
    for run in range(2):
        http = client(tmp_path / str(run))
        state = new_game(http, seed=99, bot="random", first_splitter="coin")
        finals.append(play_out(http, state, first_legal)[-1])
    for final in finals:
        final.pop("id")
    assert finals[0] == finals[1]


# -- the rest of the HTTP surface ----------------------------------------------------------------


def test_unknown_api_routes_are_json_404_and_405(http: TestClient) -> None:
    assert "no such endpoint" in assert_error(http.get("/api/nothing"), 404)
    assert "no such endpoint" in assert_error(http.get("/api"), 404)
    assert_error(http.delete("/api/games"), 405)
    state = new_game(http, seed=80)
    assert_error(http.put(f"/api/games/{state['id']}"), 405)
    assert_error(http.get(f"/api/games/{state['id']}/moves"), 405)


def test_security_headers(http: TestClient) -> None:
    for path in ("/api/games", "/api/nothing"):
        headers = http.get(path).headers
        policy = headers["content-security-policy"]
        assert "default-src 'self'" in policy and "http" not in policy
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"
        assert headers["cache-control"] == "no-store"
    assert http.get("/docs").status_code == 404  # no API docs page (it would load a CDN)


def test_games_survive_a_new_app_on_the_same_data(tmp_path: Path) -> None:
    first = client(tmp_path)
    state = new_game(first, seed=90, bot="skilled")
    state = move(first, state, first_legal(state)).json()
    cookie = first.cookies.get(COOKIE_NAME)
    later = client(tmp_path)
    later.cookies.set(COOKIE_NAME, cookie or "")
    assert get(later, state["id"]) == state
    assert store_of(later).get(state["id"], session_of(later)) is not None


def test_the_secret_is_created_once_and_private(tmp_path: Path) -> None:
    from divided.web.app import create_app

    app = create_app(data_dir=tmp_path, allowed_hosts=(TEST_HOST,))
    secret = tmp_path / "secret"
    assert secret.stat().st_mode & 0o777 == 0o600
    text = secret.read_text()
    assert TestClient(app).get("/api/games").status_code == 200
    create_app(data_dir=tmp_path)
    assert secret.read_text() == text and len(text.strip()) >= 40
    assert SECRET.decode() not in text


def test_a_draw_is_described_as_a_draw(http: TestClient) -> None:
    state = new_game(http, seed=91, bot="random")
    play_out(http, state, first_legal)
    outcome = core(http, state["id"]).outcome
    assert outcome is not None
    drawn = showdown_object(dataclasses.replace(outcome, winner=None, step=None), 0)
    assert drawn is not None
    assert drawn["winner"] is None and drawn["step"] is None and drawn["step_name"] is None
    assert drawn["description"] == "Draw: every scoring comparison is equal."
    assert drawn["you"]["weaker"]["cards"] == cards_of(outcome.hands[0][0])


@pytest.mark.parametrize("players", [5, 2, 0])
def test_a_number_choice_out_of_range_is_named_as_not_allowed(http: TestClient, players: int) -> None:
    """``players: 6`` is accepted as a number, so ``players: 5`` must say 5 is not allowed, not
    that players must be a string."""
    message = assert_error(http.post("/api/games", json={"game": "divide", "players": players}), 422)
    assert message == f"players {players} is not allowed; choose one of 4, 6"
    assert http.get("/api/games").json() == {"games": []}
