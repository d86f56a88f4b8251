"""The history names every game and measures each its own way (issue 28, item 4).

One browser session finishes a Divided Ranks game, a Card Commons match and two DIVIDE games (4
and 6 players); the history must name the game on every row, replay and chart, group its
statistics by game first, give the two-player games a win rate and DIVIDE places grouped by
table size, and never put one win rate over games of different kinds.
"""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert
from webtools import client, owner_key_of, play_out, store_of

from divided.web.store import games_table

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SEED = 30
TITLES = {"divided-ranks": "Divided Ranks", "card-commons": "Card Commons", "divide": "DIVIDE"}


@pytest.fixture
def http(tmp_path: Path) -> TestClient:
    return client(tmp_path)


def finish(http: TestClient, rng: random.Random, **body: Any) -> dict[str, Any]:
    response = http.post("/api/games", json={"bot": "random", **body})
    assert response.status_code == 201, response.text
    return play_out(http, response.json(), lambda s: rng.choice(s["legal"])["action"])[-1]


@pytest.fixture
def three_games(http: TestClient) -> list[dict[str, Any]]:
    seeds = iter(range(SEED, SEED + 5))
    store_of(http).seed_source = lambda: next(seeds)  # the deals, fixed: one DIVIDE game is lost
    rng = random.Random(28)
    return [finish(http, rng, game="divided-ranks"),
            finish(http, rng, game="card-commons", target="3"),
            finish(http, rng, game="divide", players="4", rounds="1"),
            finish(http, rng, game="divide", players="6", rounds="1"),
            finish(http, rng, game="divided-ranks")]


def test_the_history_names_each_game_and_groups_its_statistics_by_game(
        http: TestClient, three_games: list[dict[str, Any]]) -> None:
    body = http.get("/api/history").json()
    assert [(g["id"], g["title"]) for g in body["games"]] == [(f["id"], TITLES[f["game"]]) for f in three_games]
    ordinals = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th"}
    for entry, final in zip(body["games"], three_games, strict=True):
        place, players = final["result"]["places"][0], len(final["seats"])
        assert (entry["place"], entry["players"]) == (place, players)
        assert entry["place_words"] == f"{ordinals[place]} of {players}"

    groups = {group["game"]: group for group in body["by_game"]}
    assert [g["game"] for g in body["by_game"]] == sorted(groups)  # one block per game, in a stable order
    assert set(groups) == set(TITLES)
    for game, group in groups.items():
        assert group["title"] == TITLES[game]
        assert group["games"] == sum(f["game"] == game for f in three_games)
        assert all(row["game"] == game and row["title"] == TITLES[game] for row in group["stats"])
        assert all(TITLES[game] in chart["title"] and TITLES[game] in chart["summary"] for chart in group["charts"])
    # the flat list is the same rows, game by game
    assert body["stats"] == [row for game in body["by_game"] for row in game["stats"]]

    for game in ("divided-ranks", "card-commons"):
        mine = [f for f in three_games if f["game"] == game]
        group = groups[game]
        assert group["measure"]["kind"] == "win-rate"
        (row,) = group["stats"]
        wins = sum(f["result"]["you"] == "win" for f in mine)
        assert (row["games"], row["wins"]) == (len(mine), wins)
        assert row["win_rate"] == pytest.approx(wins / len(mine))
        (chart,) = group["charts"]
        assert [p["id"] for p in chart["points"]] == [f["id"] for f in mine]

    divide = groups["divide"]
    assert divide["measure"]["kind"] == "places"
    rows = {tuple(row["players"]): row for row in divide["stats"]}
    assert set(rows) == {(4,), (6,)}  # table sizes are never counted together
    for final in (f for f in three_games if f["game"] == "divide"):
        size = len(final["seats"])
        row = rows[(size,)]
        place = final["result"]["places"][0]
        assert row["games"] == 1 and row["average_place"] == place and row["first"] == (place == 1)
        assert row["average_points"] == final["table"]["seats"][0]["score"]
        assert "win_rate" not in row
        assert row["variant"].startswith(f"{size} players")  # the table size is named even at 4
    assert sorted(c["title"] for c in divide["charts"]) == ["DIVIDE, 4 players", "DIVIDE, 6 players"]

    overall = body["overall"]
    assert overall["games"] == len(three_games)
    assert "win_rate" not in overall and "interval" not in overall  # no rate across different games
    assert overall["by_game"] == {game: groups[game]["games"] for game in TITLES}


def test_the_pages_name_the_game(http: TestClient, three_games: list[dict[str, Any]]) -> None:
    page = http.get("/history").text
    for title in TITLES.values():
        assert re.search(rf"<h3[^>]*>{title}</h3>", page), title
        assert f'aria-label="{title}' in page  # its chart says whose it is
    assert "All games" not in page
    rows = re.findall(r'<td data-label="Game">([^<]*)</td>', page)
    assert rows == [TITLES[f["game"]] for f in reversed(three_games)]  # newest first
    results = re.findall(r'<td data-label="Result"[^>]*>([^<]*)</td>', page)
    places = [f"({['1st', '2nd', '3rd', '4th', '5th', '6th'][f['result']['places'][0] - 1]} of {len(f['seats'])})"
              for f in reversed(three_games)]
    assert [text.endswith(place) for text, place in zip(results, places, strict=True)] == [
        f["game"] == "divide" and f["result"]["you"] == "loss" for f in reversed(three_games)], results
    # (DIVIDE's lost games say where you finished)
    for final in three_games:
        replay = http.get(f"/games/{final['id']}/replay").text
        title = TITLES[final["game"]]
        assert re.search(rf"<h1>Replay of {title} ", replay), title
        assert f"<title>Replay of {title}" in replay
    listed = http.get("/api/games").json()["games"]
    assert {(g["id"], g["title"]) for g in listed} == {(f["id"], TITLES[f["game"]]) for f in three_games}


def test_a_divide_game_stored_without_places_reads_its_place_from_the_scores(http: TestClient) -> None:
    http.get("/api/history")
    moment = datetime(2026, 1, 1, tzinfo=UTC)
    # seat 0 has 20 points, Bot 1 wins on 30: the human is 2nd; in the second game the human
    # ties Bot 2 on points and 5-tokens and wins on tricks led
    summaries = [{"scores": "20-30-10-5", "fives": "1-0-0-0", "led": "3-3-3-3", "decided_by": "score",
                  "reason": "after 1 round", "headline": "Player 1 wins"},
                 {"scores": "25-10-25-5", "fives": "1-0-1-0", "led": "4-3-2-3", "decided_by": "led",
                  "reason": "after 1 round", "headline": "Player 0 wins"}]
    rows = [{"id": f"{i:032x}", "session_id": owner_key_of(http), "created": moment, "updated": moment,
             "finished": moment, "game": "divide", "options": {}, "seed": i, "human_seat": 0,
             "bots": [None, "random", "random", "random"], "actions": [], "move_number": 99, "phase": "over",
             "over": True, "result": ("loss", "win")[i], "summary": summary, "bot_error": None}
            for i, summary in enumerate(summaries)]
    with store_of(http).engine.begin() as connection:
        connection.execute(insert(games_table), rows)
    (row,) = http.get("/api/history").json()["by_game"][0]["stats"]
    assert (row["games"], row["first"], row["average_place"], row["average_points"]) == (2, 1, 1.5, 22.5)
    assert row["places"] == {"1": 1, "2": 1}
