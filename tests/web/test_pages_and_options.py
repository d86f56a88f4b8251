"""Error pages, the new-game options and the words pages use (issue 10, items 12, 14 and 15).

HTML pages answer errors with an HTML page in the site's style, while ``/api/...`` keeps its
JSON errors. ``POST /api/games`` takes every rule option of the game by its engine name and
refuses unknown fields and values with a 422 that names them (and starts nothing). The lobby
offers the choices a player makes; the rules page keeps to the rules.
"""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webtools import client as make_client
from webtools import log_text, play_out

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def http(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as running:
        running.get("/")  # the session cookie
        yield running


class Inputs(HTMLParser):
    """The radio buttons of a page: name -> values, in page order."""

    def __init__(self) -> None:
        super().__init__()
        self.radios: dict[str, list[str]] = {}
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "input" and found.get("type") == "radio":
            self.radios.setdefault(str(found["name"]), []).append(str(found["value"]))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(html: str) -> Inputs:
    parser = Inputs()
    parser.feed(html)
    return parser


# -- item 12: HTML error pages, JSON for the API ---------------------------------------------------


def is_site_page(response: Any) -> bool:
    return (response.headers["content-type"].startswith("text/html") and 'class="site-header"' in response.text
            and "/static/app.css" in response.text)


@pytest.mark.parametrize("path", ["/nope", "/games", "/rules/extra", "/games/0123/replay/more"])
def test_unknown_pages_get_an_html_404_in_the_site_style(http: TestClient, path: str) -> None:
    response = http.get(path)
    assert response.status_code == 404
    assert is_site_page(response), response.text[:200]
    assert "Page not found" in response.text
    assert '"error"' not in response.text


def test_a_bad_query_value_gets_an_html_error_page(http: TestClient) -> None:
    game = http.post("/api/games", json={"bot": "random"}).json()
    response = http.get(f"/games/{game['id']}/replay?move=abc")
    assert response.status_code == 400
    assert is_site_page(response), response.text[:200]
    assert "move=" in response.text
    assert "\"detail\"" not in response.text and "Input should be" not in response.text


def test_the_api_keeps_json_errors(http: TestClient) -> None:
    missing = http.get("/api/nope")
    assert missing.status_code == 404
    assert missing.headers["content-type"].startswith("application/json")
    assert missing.json() == {"error": "no such endpoint: GET /api/nope"}
    bad = http.get("/api/games/0123456789abcdef0123456789abcdef/replay?move=abc")
    assert bad.status_code == 422
    assert bad.headers["content-type"].startswith("application/json")
    assert "move" in bad.json()["error"]


# -- item 14: every rule option through the API; the lobby's choices -------------------------------

EVERY_OPTION = {"bot": "random", "swap": "face-up", "first_splitter": "you", "reserve_order": "coin",
                "scoring": "weaker-first", "rounds": 3, "opening_seed": 12345, "build": "auto"}


def test_the_api_accepts_every_rule_option(http: TestClient) -> None:
    response = http.post("/api/games", json=EVERY_OPTION)
    assert response.status_code == 201, response.text
    state = response.json()
    expected = {"first_splitter": 0, "swap": "face-up", "reserve_order": "coin", "scoring": "weaker-first",
                "rounds": 3, "opening_seed": 12345, "build": "auto"}
    assert state["options"] == expected
    seen = play_out(http, state, lambda s: s["legal"][0]["action"])
    assert seen[-1]["phase"] == "over"
    # three played rounds: the two rounds of the public opening need no decision, and with
    # build=auto no one divides their cards
    assert not any(s["phase"] == "build" and s["to_move"] == "you" for s in seen)
    record = http.get(f"/api/games/{state['id']}/record").json()
    assert record["options"] == expected


def reserve_first(http: TestClient, reserve_order: str) -> str:
    """Who is first to decide at the reserve, playing first legal moves, you splitting first."""
    state = http.post("/api/games", json={"bot": "random", "first_splitter": "you",
                                          "reserve_order": reserve_order}).json()
    while state["phase"] in ("split", "choose"):
        state = http.post(f"/api/games/{state['id']}/moves",
                          json={"move_number": state["move_number"], "action": state["legal"][0]["action"]}).json()
    assert state["phase"] == "reserve" and state["to_move"] == "you", state["phase"]
    # the bot answers within the request: if it went first, its reserve move is in the log
    bot_went = any(line.startswith(("The bot kept its hand at the reserve", "The bot swapped", "The bot gave"))
                   for line in log_text(state))
    return "bot" if bot_went else "you"


def test_the_reserve_order_is_the_one_chosen(http: TestClient) -> None:
    # You split rounds 1, 3 and 5 (three times); the bot splits twice. As written, the player
    # who split twice goes first at the reserve; splitter-first: the three-time splitter.
    assert reserve_first(http, "literal") == "bot"
    assert reserve_first(http, "splitter-first") == "you"


@pytest.mark.parametrize(("body", "words"), [
    ({"reserve_order": "random"}, ["reserve_order", "literal, coin, splitter-first"]),
    ({"reserve_order": 1}, ["reserve_order", "a string"]),
    ({"scoring": "best-first"}, ["scoring", "categories-first, weaker-first"]),
    ({"rounds": 6}, ["rounds", "5, 4, 3, 2, 1"]),
    ({"rounds": "3"}, ["rounds", "integer"]),
    ({"rounds": True}, ["rounds", "integer"]),
    ({"opening_seed": -1}, ["opening_seed", "0..2147483647"]),
    ({"opening_seed": 1.5}, ["opening_seed", "integer"]),
    ({"build": "manual"}, ["build", "choose, auto"]),
    ({"colour": "red"}, ["unknown field 'colour'", "reserve_order", "opening_seed"]),
])
def test_bad_options_are_refused_naming_them(http: TestClient, body: dict[str, Any], words: list[str]) -> None:
    before = http.get("/api/games").json()["games"]
    response = http.post("/api/games", json=body)
    assert response.status_code == 422
    message = response.json()["error"]
    for word in words:
        assert word in message, message
    assert http.get("/api/games").json()["games"] == before


def test_the_lobby_offers_the_swap_the_reserve_order_and_who_splits_first(http: TestClient) -> None:
    radios = parse(http.get("/").text).radios
    assert radios["swap"] == ["blind", "face-up"]
    assert radios["first_splitter"] == ["you", "bot", "coin"]
    assert sorted(radios["reserve_order"]) == ["coin", "literal", "splitter-first"]


def test_the_rules_page_keeps_to_the_rules(http: TestClient) -> None:
    text = " ".join(parse(http.get("/rules").text).text)
    for designer in ("opening_seed", "divided solve", "CFR", "divided hands arrange", "weaker-first",
                     "rule option", "Studies"):
        assert designer not in text, designer
    assert "who goes first at the reserve" in text.lower()
    docs = (ROOT / "docs" / "rule-options.md").read_text(encoding="utf-8")
    for designer in ("opening_seed", "divided solve", "CFR", "divided hands arrange", "weaker-first",
                     "reserve_order"):
        assert designer in docs, designer


def test_a_tossed_reserve_order_is_told_from_the_start(http: TestClient) -> None:
    for _ in range(6):
        state = http.post("/api/games", json={"bot": "random", "first_splitter": "you",
                                              "reserve_order": "coin"}).json()
        said = [line for line in log_text(state) if line.startswith("At the reserve")]
        assert len(said) == 1 and said[0].endswith("(a coin toss decided)."), log_text(state)
        while state["phase"] in ("split", "choose"):
            state = http.post(f"/api/games/{state['id']}/moves",
                              json={"move_number": state["move_number"], "action": state["legal"][0]["action"]}).json()
        bot_went = any(line.startswith(("The bot kept its hand at the reserve", "The bot swapped", "The bot gave"))
                       for line in log_text(state))
        assert said[0].startswith("At the reserve, the bot goes first" if bot_went else "At the reserve, you go first")
    literal = http.post("/api/games", json={"bot": "random"}).json()
    assert not any(line.startswith("At the reserve") for line in log_text(literal))
