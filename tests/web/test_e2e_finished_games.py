"""The end of a game and after it, in a real browser, for every game (issue 28, items 2, 3, 7).

A real ``divided serve`` and Debian's Chromium. Checked as a player meets them: "Play again"
starts a game that allows hints when the finished one did (and not when it did not); the last
step of a replay shows the game's showdown as the live table does (Card Commons' Collections as
cards, DIVIDE's final totals and the totals by round), so the knowledge panel's "on show" and
"in the table" are true; the review opens with a tally of grades whose weaker grades link to
their steps, and its list reads as a sentence after each grade ("the build at move 3", not
"Build"); DIVIDE's trump picks read "take Trump and declare Tens" as the table says them.

Review bodies in the API's shape are served by the test through Playwright's routing, so the
grades are known; everything else comes from the server.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_server import CHROMIUM, E2EServer, api, running_server
from playwright.sync_api import Browser, BrowserContext, Page

if not CHROMIUM.exists():
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.slow

TIMEOUT_MS = 20_000
SETTINGS = "window.localStorage.setItem('divided-ranks.settings', JSON.stringify({pace: 'off', confirm: false}));"
GAMES = {
    "divided-ranks": {"game": "divided-ranks", "bot": "random", "first_splitter": "you"},
    "card-commons": {"game": "card-commons", "bot": "random", "target": "3"},
    "divide": {"game": "divide", "bot": "random", "rounds": "1"},
}
OVER_JS = """() => {
  const main = document.getElementById('main');
  return !!main && main.getAttribute('aria-busy') === 'false' && main.getAttribute('data-phase') === 'over'
    && !!document.querySelector('[data-focus="again"]');
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[E2EServer]:
    with running_server(tmp_path_factory.mktemp("finished-games")) as running:
        yield running


@pytest.fixture
def context(browser: Browser, server: E2EServer) -> Iterator[BrowserContext]:
    opened = browser.new_context(base_url=server.url)
    opened.set_default_timeout(TIMEOUT_MS)
    opened.add_init_script(script=SETTINGS)
    try:
        yield opened
    finally:
        with contextlib.suppress(Exception):
            opened.close()


@pytest.fixture
def page(context: BrowserContext) -> Iterator[Page]:
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    assert not errors, errors


def finished(page: Page, game: str, **extra: Any) -> dict[str, Any]:
    """A game of ``game`` played to the end through the API (the first legal move each time)."""
    page.goto("/")
    state = api(page, "POST", "/api/games", {**GAMES[game], **extra})
    while state["phase"] != "over":
        state = api(page, "POST", f"/api/games/{state['id']}/moves",
                    {"move_number": state["move_number"], "action": state["legal"][0]["action"]})
    return state


def open_over(page: Page, game_id: str) -> None:
    page.goto(f"/games/{game_id}")
    page.wait_for_function(OVER_JS)


# -- item 2: "Play again" keeps "Allow hints" ----------------------------------------------------------


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("hints", [True, False])
def test_play_again_keeps_allow_hints(page: Page, game: str, hints: bool) -> None:
    state = finished(page, game, hints=hints)
    open_over(page, state["id"])
    assert page.get_attribute("#showdown-lobby", "href") == f"/?game={game}"  # this game's lobby
    page.click('[data-focus="again"]')
    page.wait_for_url(lambda url: state["id"] not in url and "/games/" in url)
    new_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    again = api(page, "GET", f"/api/games/{new_id}")
    assert again["game"] == game and again["options"] == state["options"]
    assert api(page, "GET", f"/api/games/{new_id}/hint")["allowed"] is hints
    if hints:  # the new table offers the Hint button
        page.wait_for_selector("#hint-area:not([hidden]) #hint-button")


# -- item 3: the replay's last step shows what its words promise ---------------------------------------


def card_names(page: Page, selector: str) -> list[str]:
    names = page.locator(selector).evaluate_all("ns => ns.map(n => n.getAttribute('aria-label'))")
    return sorted(str(name) for name in names)


def test_card_commons_replay_ends_with_every_collection_as_the_table_shows_it(page: Page) -> None:
    state = finished(page, "card-commons")
    rounds = state["table"]["rounds"]
    open_over(page, state["id"])
    live = card_names(page, "#controls .cc-round-block .card")
    assert len(live) == 16 * len(rounds)  # both players' 5-card and 3-card hands, every round
    live_titles = page.locator("#controls .cc-round-block h3").all_inner_texts()
    page.goto(f"/games/{state['id']}/replay")
    page.wait_for_selector("#knowledge-body[data-loaded]")
    assert "Every Collection is on show in the showdowns" in page.inner_text("#knowledge-body")
    shown = "#replay-showdown-body .cc-round-block"
    page.wait_for_selector(shown)
    assert card_names(page, f"{shown} .card") == live
    assert page.locator(f"{shown} h3").all_inner_texts() == live_titles
    for r in rounds:  # each side's categories, as the server scored them
        block = page.locator(shown).nth(len(rounds) - r["round"])
        text = block.inner_text()
        for side in ("you", "bot"):
            assert r[side]["five"]["category"] in text and r[side]["three"]["category"] in text
    assert page.locator("#replay-showdown-body .result").count() == 1  # the match's result first


def test_divide_replay_ends_with_the_totals_table_it_promises(page: Page) -> None:
    state = finished(page, "divide")
    seats = state["table"]["showdown"]["seats"]
    open_over(page, state["id"])
    live_rows = page.locator("#controls table.dv-final tbody tr").all_inner_texts()
    page.goto(f"/games/{state['id']}/replay")
    page.wait_for_selector("#knowledge-body[data-loaded]")
    assert "every total is in the table below the result" in page.inner_text("#knowledge-body")
    page.wait_for_selector("#replay-showdown-body table.dv-final")
    rows = page.locator("#replay-showdown-body table.dv-final tbody tr").all_inner_texts()
    assert rows == live_rows and len(rows) == len(seats)
    for row, seat in zip(rows, seats, strict=True):
        cells = row.split("\t")
        assert cells[0].startswith(seat["name"]) and cells[2] == str(seat["score"])
    # the totals after each round, under the result as on the table
    assert page.locator("#replay-showdown-body details#dv-rounds[open] table.dv-scores").count() == 1
    # the result's headline comes first
    assert state["result"]["headline"].split(",")[0] in page.inner_text("#replay-showdown-body .result")


# -- item 7: the review's tally and its list's words --------------------------------------------------


def entry(number: int, grade: str, phase: str, **extra: Any) -> dict[str, Any]:
    return {"move_number": number, "phase": phase, "played": 5, "played_label": "keep", "best": 6,
            "best_label": "give Qs", "values": {}, "loss": 0.0 if grade == "best" else 0.2, "grade": grade,
            "reason": "Because.", **extra}


def serve_review(page: Page, moves: list[dict[str, Any]]) -> None:
    body = json.dumps({"status": "done", "done": len(moves), "total": len(moves), "moves": moves, "error": None})
    page.route(re.compile(r".*/api/games/[0-9a-f]+/review$"), lambda route: route.fulfill(
        status=200, content_type="application/json", body=body))


def test_the_review_opens_with_a_tally_of_grades_linked_to_the_weaker_moves(page: Page) -> None:
    state = finished(page, "divided-ranks")
    numbers = [step["move_number"] for step in api(page, "GET", f"/api/games/{state['id']}/replay")["steps"]]
    phases = ["split", "choose", "reserve", "build"]
    grades = ["best", "best", "good", "blunder", "inaccuracy", "blunder", "close"]
    moves = [entry(numbers[i + 1], grade, phases[i % 4]) for i, grade in enumerate(grades)]
    moves.append(entry(numbers[len(grades) + 1], "best", "choose", mixed=True, played=5, best=6))  # in the mix
    serve_review(page, moves)
    page.goto(f"/games/{state['id']}/replay")
    page.wait_for_selector("#review-tally:not([hidden])")
    tally = page.inner_text("#review-tally")
    assert tally == ("Your grades: 2 best, 1 good, 1 inaccuracy (move 5), no mistakes, 2 blunders (moves 4 and 6). "
                     "2 decisions are not graded (too close to call, or a move of the Expert's mix).")
    links = page.locator("#review-tally a")
    assert [links.nth(i).get_attribute("href") for i in range(links.count())] == [
        f"/games/{state['id']}/replay?move={k}" for k in (5, 4, 6)]
    # the tally comes before the list of decisions
    assert page.evaluate("""() => !!(document.getElementById('review-tally').compareDocumentPosition(
        document.getElementById('review-summary')) & Node.DOCUMENT_POSITION_FOLLOWING)""")
    # the list reads on after the grade ("Best, the split at move 1" to a screen reader), never "Best Split"
    items = page.locator("#review-list li").evaluate_all("ns => ns.map(n => n.textContent)")
    assert items[0].startswith("Best, the split at move 1: you chose to keep your cards.")
    assert items[1].startswith("Best, the choice at move 2:")
    for item in items:
        after_badge = re.sub(r"^(Best|Good|Inaccuracy|Mistake|Blunder|Close call|In the mix), ", "", item)
        assert after_badge[:1].islower(), item
    links.nth(2).click()
    page.wait_for_url(re.compile(r"move=6$"))
    page.wait_for_selector("#review-entry:not([hidden])")
    assert "Blunder, your move from here: you chose to keep your cards." in page.text_content("#review-entry")


def test_divide_trump_picks_read_as_the_table_names_them(page: Page) -> None:
    state = finished(page, "divide")
    number = api(page, "GET", f"/api/games/{state['id']}/replay")["steps"][1]["move_number"]
    serve_review(page, [entry(number, "mistake", "divide", played_label="take Trump: T", best_label="take Trump: No Trump")])
    page.goto(f"/games/{state['id']}/replay")
    page.wait_for_selector("#review-list li")
    item = page.inner_text("#review-list li")
    assert "the pick in the Divide at move 1: you chose to take Trump and declare Tens." in item
    assert "The Expert's choice: take Trump and declare No Trump" in item
