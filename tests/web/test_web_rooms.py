"""The web shell finds each game's part through a registry keyed by game id: Divided Ranks'
web room (lobby options built from its rule options, the structured log, the build's divisions)
and the layering rule (no generic web module imports a game)."""

from __future__ import annotations

import ast
import random
import re
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webtools import client, core, play_out, store_of

from divided import games
from divided.cards import PACK_21
from divided.errors import UnsupportedGameError
from divided.games.base import RuleOption
from divided.games.divided_ranks.options import OPTIONS
from divided.hands.arrange import scoring_key
from divided.hands.five import evaluate_mask
from divided.web import games as web_games
from divided.web.games import LobbyOption

WEB = Path(__file__).resolve().parents[2] / "src" / "divided" / "web"
INDEX = {str(card): i for i, card in enumerate(PACK_21)}


@pytest.fixture
def http(tmp_path: Path) -> TestClient:
    http = client(tmp_path)
    seeds = iter(range(500, 10_000))
    store_of(http).seed_source = lambda: next(seeds)
    return http


def new_game(http: TestClient, **body: Any) -> dict[str, Any]:
    response = http.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    return response.json()


# -- the registry and the layering --------------------------------------------------------


def test_the_registry_finds_divided_ranks_and_names_the_games_it_knows() -> None:
    assert web_games.names() == sorted(["card-commons", "divide", "divided-ranks", *games.POKER])
    room = web_games.room("divided-ranks")
    assert room.game == "divided-ranks" and room.script == "games/divided-ranks.js"
    assert (WEB / "static" / room.script).is_file()
    with pytest.raises(UnsupportedGameError, match="divided-ranks"):
        web_games.room("chess")


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


GAME_KNOWLEDGE = re.compile(r"^divided\.(games\.(divided_ranks|card_commons)|bots\.(expert|heuristics|skilled|divided_ranks|card_commons)"
                            r"|hands\.(arrange|five))\b")


def test_no_generic_web_module_imports_a_game() -> None:
    generic = [p for p in WEB.rglob("*.py") if p.parent.name != "games" or p.name in ("__init__.py", "base.py")]
    assert len(generic) >= 12
    for path in generic:
        bad = sorted(name for name in _imports(path) if GAME_KNOWLEDGE.match(name))
        # review_jobs grades with the Expert until the review is keyed by game (the bots' part)
        if path.name == "review_jobs.py":
            bad = [name for name in bad if name != "divided.bots.expert"]
        assert not bad, f"{path.relative_to(WEB)} imports {bad}"


def test_a_game_without_a_web_room_is_refused_and_nothing_is_stored(http: TestClient) -> None:
    for game in ("chess", 3, ""):
        response = http.post("/api/games", json={"game": game})
        assert response.status_code == 422 and "game" in response.json()["error"]
    assert http.get("/api/games").json()["games"] == []


# -- lobby options from the rule options --------------------------------------------------


def test_every_lobby_choice_is_a_value_of_its_rule_option_and_every_value_is_offered() -> None:
    rules = {option.name: option for option in OPTIONS}
    room = web_games.room("divided-ranks")
    assert [o.option for o in room.lobby_options] == ["swap", "first_splitter", "reserve_order"]
    for lobby in room.lobby_options:
        rule = rules[lobby.option]
        assert [c.value for c in lobby.choices] and all(rule.validate(c.value) == c.value for c in lobby.choices)
        assert sorted(map(str, (c.value for c in lobby.choices))) == sorted(map(str, rule.choices))
        assert lobby.value(lobby.default) == rule.default
        assert all(c.words for c in lobby.choices)


def test_a_lobby_option_refuses_a_value_its_rule_does_not_have() -> None:
    rule = RuleOption("speed", ("slow", "fast"), "how fast")
    with pytest.raises(ValueError, match="speed"):
        LobbyOption.of(rule, "Speed", {"slow": "Slow", "warp": "Warp"})
    with pytest.raises(ValueError, match="default"):
        LobbyOption.of(rule, "Speed", {"fast": "Fast"})


@pytest.mark.parametrize(("key", "value"), [("you", 0), ("bot", 1), ("coin", "coin")])
def test_the_first_splitter_in_words_is_the_seat_it_names(http: TestClient, key: str, value: object) -> None:
    state = new_game(http, first_splitter=key, bot="random")
    assert state["options"]["first_splitter"] == value


def test_the_lobby_page_draws_the_rooms_options_in_words(http: TestClient) -> None:
    page = http.get("/").text
    room = web_games.room("divided-ranks")
    assert '<input type="hidden" name="game" value="divided-ranks">' in page
    for lobby in room.lobby_options:
        assert f"<legend>{lobby.label}</legend>" in page
        for choice in lobby.choices:
            checked = " checked" if choice.key == lobby.default else ""
            assert f'name="{lobby.option}" value="{choice.key}"{checked}>' in page
            assert f"<strong>{choice.words}</strong>" in page
    for bot in room.bots:
        assert f'name="bot" value="{bot.name}"' in page


# -- the structured log -------------------------------------------------------------------

YOU = re.compile(r"^(Round \d+: )?you\b", re.I)
BOT = re.compile(r"^(Round \d+: )?the bot\b", re.I)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_each_log_entry_names_the_seat_that_acted(http: TestClient, seed: int) -> None:
    """The expectation is what the browser used to read from the words (the regexes above):
    the human's lines are seat 0's, the bot's lines seat 1's (its showing its hands included);
    the coins and the result are no one's."""
    rng = random.Random(seed)
    first = rng.choice(["you", "bot", "coin"])
    state = new_game(http, bot="random", first_splitter=first, reserve_order=rng.choice(["literal", "coin"]))
    seen = play_out(http, state, lambda s: rng.choice(s["legal"])["action"])
    for state in seen:
        assert all(set(entry) == {"actor", "text"} for entry in state["log"])
        result = state["result"]["headline"] if state["result"] else None
        for entry in state["log"]:
            text = entry["text"]
            if text.startswith(("A coin flip", "At the reserve")) or "first (rounds" in text or text == result:
                expected = None
            elif YOU.match(text):
                expected = 0
            elif BOT.match(text):
                expected = 1
            else:
                raise AssertionError(f"a log line nobody says: {text}")
            assert entry["actor"] == expected, entry
    final = seen[-1]
    assert final["log"][-1] == {"actor": None, "text": final["result"]["headline"]}
    # each move of the human adds at least one entry of seat 0
    assert sum(entry["actor"] == 0 for entry in final["log"]) >= 5


def test_the_result_is_the_engines(http: TestClient) -> None:
    state = new_game(http, bot="random", first_splitter="you")
    final = play_out(http, state, lambda s: s["legal"][0]["action"])[-1]
    result = core(http, final["id"])
    engine = games.load("divided-ranks").rules.result(result)
    assert engine is not None
    body = final["result"]
    assert body["returns"] == list(engine.returns) and body["places"] == list(engine.places)
    assert body["detail"] == dict(engine.detail)
    assert body["you"] == ("draw" if engine.is_draw else "win" if engine.winners == (0,) else "loss")
    assert body["headline"] == final["table"]["showdown"]["description"] == final["prompt"]


# -- the build's divisions, against brute force -------------------------------------------


def test_the_build_divisions_match_a_brute_force_ranking(http: TestClient) -> None:
    for scoring in ("categories-first", "weaker-first"):
        state = new_game(http, bot="random", first_splitter="you", scoring=scoring)
        while state["phase"] != "build":
            state = http.post(f"/api/games/{state['id']}/moves",
                              json={"move_number": state["move_number"], "action": state["legal"][0]["action"]}).json()
        hand = state["table"]["hand"]
        options = state["table"]["build"]["options"]
        assert [o["action"] for o in options] == [a["action"] for a in state["legal"]]
        expected_divisions = {frozenset(c) for c in combinations(hand, 5) if hand[0] in c}
        assert {frozenset(o["first"]["cards"]) for o in options} == expected_divisions

        def strength(cards: list[str]) -> int:
            return evaluate_mask(sum(1 << INDEX[c] for c in cards)).strength

        keys = [scoring_key(strength(o["first"]["cards"]), strength(o["second"]["cards"]), scoring)
                for o in options]  # type: ignore[arg-type]
        top = max(keys)
        for option, key in zip(options, keys, strict=True):
            first, second = option["first"], option["second"]
            assert sorted(first["cards"] + second["cards"], key=INDEX.__getitem__) == hand
            a, b = strength(first["cards"]), strength(second["cards"])
            assert option["weaker"] == (0 if a <= b else 1)
            assert option["best"] == (key == top)
            for side in (first, second):
                assert side["category"] == evaluate_mask(sum(1 << INDEX[c] for c in side["cards"])).category.label
        auto = state["table"]["build"]["auto"]
        assert next(o for o in options if o["action"] == auto["action"])["best"]
