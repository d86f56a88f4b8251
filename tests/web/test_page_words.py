"""The pages' words and links as a player meets them, for every game (issue 28, item 7), through
the app's own HTTP (no browser): the header's Play and Rules links open the game the page is
about and each rules page leads back to its game's lobby; a bad replay address names the bad
value; a replay step never says it is "waiting" for a bot; Offer 2 Sets is described as any two
cards, not pairs; DIVIDE's review names seats and Trump Ranks as its table does ("Bot 1",
"Tens")."""

from __future__ import annotations

import html
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webtools import client, service_of, store_of

from divided.web import config

GAMES = {
    "divided-ranks": {"game": "divided-ranks", "bot": "random", "first_splitter": "you"},
    "card-commons": {"game": "card-commons", "bot": "random", "target": "3"},
    "divide": {"game": "divide", "bot": "random", "rounds": "1"},
}
TITLES = {"divided-ranks": "Divided Ranks", "card-commons": "Card Commons", "divide": "DIVIDE"}
HEADER_RULES = re.compile(r'<a href="([^"]*)" id="header-rules"')
HEADER_PLAY = re.compile(r'<a href="([^"]*)" id="header-play"')


@pytest.fixture
def http(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> TestClient:
    monkeypatch.delenv(config.DATABASE_URL_ENV, raising=False)
    monkeypatch.delenv(config.DATA_DIR_ENV, raising=False)
    made = client(tmp_path)
    service_of(made).reviews.budget = 16
    seeds = iter(range(40, 10_000))
    store_of(made).seed_source = lambda: next(seeds)
    return made


def play_out(http: TestClient, game: str, rng: random.Random | None = None) -> dict[str, Any]:
    state: dict[str, Any] = http.post("/api/games", json=GAMES[game]).json()
    while state["phase"] != "over":
        legal = state["legal"]
        action = (rng.choice(legal) if rng else legal[0])["action"]
        answer = http.post(f"/api/games/{state['id']}/moves",
                           json={"move_number": state["move_number"], "action": action})
        assert answer.status_code == 200, answer.text
        state = answer.json()
    return state


def rules_link(page: str) -> str:
    found = HEADER_RULES.search(page)
    assert found, "the header has no Rules link"
    return html.unescape(found.group(1))


def play_link(page: str) -> str:
    found = HEADER_PLAY.search(page)
    assert found, "the header has no Play link"
    return html.unescape(found.group(1))


def visible_text(page: str) -> str:
    """The words of a page, tags and scripts left out (enough to read its sentences)."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


@pytest.mark.parametrize("game", list(GAMES))
def test_the_header_play_and_rules_links_open_the_game_on_the_page(http: TestClient, game: str) -> None:
    own = "/rules" if game == "divided-ranks" else f"/rules?game={game}"
    lobby = "/" if game == "divided-ranks" else f"/?game={game}"
    assert rules_link(http.get(lobby).text) == own
    rules = http.get(own).text
    assert rules_link(rules) == own
    # the rules page leads back to its game's lobby
    back = re.search(r'<a href="([^"]*)" id="rules-play">([^<]*)</a>', rules)
    assert back and html.unescape(back.group(1)) == lobby and back.group(2) == f"Play {TITLES[game]}"
    state = play_out(http, game)
    for path in (lobby, own, f"/games/{state['id']}", f"/games/{state['id']}/replay"):
        page = http.get(path).text
        assert (rules_link(page), play_link(page)) == (own, lobby), path


def test_pages_about_no_game_link_the_default_rules(http: TestClient) -> None:
    for path in ("/history", "/settings", "/games/0123456789abcdef0123456789abcdef"):
        page = http.get(path).text
        assert (rules_link(page), play_link(page)) == ("/rules", "/"), path


@pytest.mark.parametrize("value", ["abc", "1.5", "<b>x</b>"])
def test_a_bad_replay_address_names_the_bad_value(http: TestClient, value: str) -> None:
    state = play_out(http, "divided-ranks")
    page = http.get(f"/games/{state['id']}/replay", params={"move": value})
    assert page.status_code == 400
    assert f"(move={value})" in visible_text(page.text)
    assert "<b>x</b>" not in page.text  # quoted as text, never as markup


@pytest.mark.parametrize("game", list(GAMES))
def test_no_replay_step_says_it_is_waiting_for_a_bot(http: TestClient, game: str) -> None:
    state = play_out(http, game)
    steps = http.get(f"/api/games/{state['id']}/replay").json()["steps"]
    bots_next = 0
    for step in steps:
        text = visible_text(http.get(f"/games/{state['id']}/replay", params={"move": step["index"]}).text)
        assert "Waiting for" not in text, (step["index"], text)
        if step["state"]["to_move"] == "bot":
            bots_next += 1
            assert re.search(r"Then: the bots? moves? \(the next step shows how\)", text), text
    assert bots_next, "no step before a bot's move: the test saw nothing"


def test_offer_two_sets_is_described_as_any_two_cards(http: TestClient) -> None:
    text = visible_text(http.get("/rules?game=card-commons").text)
    mentions = [m.start() for m in re.finditer("Offer 2 Sets", text)]
    assert len(mentions) >= 2
    for at in mentions:
        sentence = text[at:at + 200].split(".")[0] + text[at:at + 200].split(".")[1]
        assert "pair" not in sentence.replace("need not be a pair", ""), sentence


def wait_review(http: TestClient, game_id: str) -> dict[str, Any]:
    started = http.post(f"/api/games/{game_id}/review")
    assert started.status_code in (200, 202), started.text
    deadline = time.monotonic() + 120
    while True:
        body: dict[str, Any] = http.get(f"/api/games/{game_id}/review").json()
        if body["status"] != "running":
            assert body["status"] == "done", body
            return body
        assert time.monotonic() < deadline
        time.sleep(0.05)


RANK_PLURALS = ("Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks",
                "Queens", "Kings", "Aces")


def test_the_divide_review_names_seats_and_trump_ranks_as_the_table_does(http: TestClient) -> None:
    state = play_out(http, "divide", random.Random(4))
    seat_names = {seat["name"] for seat in state["table"]["seats"]} - {"You"}
    reasons = [move["reason"] for move in wait_review(http, state["id"])["moves"]]
    named = set()
    ranks = 0
    for reason in reasons:
        assert not re.search(r"\bplayer \d", reason), reason
        assert not re.search(r"Trump Rank \(?[2-9TJQKA]\b|Trump: [2-9TJQKA]\b|declare [2-9TJQKA]\b", reason), reason
        named |= set(re.findall(r"\bBot \d\b", reason))
        ranks += sum(reason.count(word) for word in RANK_PLURALS)
    assert named and named <= seat_names, (named, seat_names)
    assert ranks, "no Trump Rank named in the review: the test saw nothing"
