"""The Expert's mixed strategy on the page (issue 15), in a real browser: the hint lists each move
of the mix with how often it is played, card chips and all, and tells the player to pick at
random with those weights; the review marks a move of the mix "In the mix" with how often the
strategy plays it, and claims no loss for it.

The hint and review bodies are hand-made in the API's shape and served through Playwright's
routing (a real mix needs a game played to its last round, which the API tests do).
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator

import pytest
from e2e_server import CHROMIUM, E2EServer, api, new_game, running_server
from playwright.sync_api import Browser, Page, Route

if not CHROMIUM.exists():
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.slow

TIMEOUT_MS = 20_000
SETTINGS = "window.localStorage.setItem('divided-ranks.settings', JSON.stringify({pace: 'off', confirm: false}));"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[E2EServer]:
    with running_server(tmp_path_factory.mktemp("mix")) as running:
        yield running


@pytest.fixture
def page(browser: Browser, server: E2EServer) -> Iterator[Page]:
    context = browser.new_context(base_url=server.url)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(script=SETTINGS)
    try:
        yield context.new_page()
    finally:
        with contextlib.suppress(Exception):
            context.close()


MIX_HINT = {"action": 169, "label": "split Qc As", "value": 0.54, "error": 0.0, "move_number": 3, "used": 1,
            "mix": [{"action": 169, "label": "split Qc As", "weight": 0.62, "value": 0.54},
                    {"action": 138, "label": "split Qs Kc", "weight": 0.35, "value": 0.53}]}


def test_the_hint_shows_the_mix_with_card_chips(page: Page) -> None:
    state = new_game(page, hints=True)

    def answer(route: Route) -> None:
        if route.request.method == "POST":
            route.fulfill(status=200, content_type="application/json", body=json.dumps(MIX_HINT))
        else:
            route.continue_()

    page.route(re.compile(r".*/api/games/[0-9a-f]+/hint$"), answer)
    page.goto(f"/games/{state['id']}")
    page.wait_for_selector("#hint-area:not([hidden])")
    page.click("#hint-button")
    page.wait_for_function("() => /mixed strategy/.test(document.getElementById('hint-output').textContent)")
    text = page.inner_text("#hint-output")
    assert "62% of the time (54% to win)" in text and "35% of the time (53% to win)" in text
    assert "other moves 3% together" in text
    assert "Pick one at random with these weights" in text
    assert "show" in text and "face up" in text
    chips = page.locator("#hint-output .inline-card")
    assert chips.count() == 4  # Qc As and Qs Kc, drawn as cards
    labels = [chips.nth(i).get_attribute("aria-label") or "" for i in range(4)]
    assert any("queen" in label.lower() for label in labels)


def served_hint(page: Page, body: dict[str, object], shown: str) -> str:
    """The hint panel's text when the API answers ``body`` (once its text matches ``shown``)."""
    state = new_game(page, hints=True)
    page.route(re.compile(r".*/api/games/[0-9a-f]+/hint$"), lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(body)) if route.request.method == "POST"
        else route.continue_())
    page.goto(f"/games/{state['id']}")
    page.wait_for_selector("#hint-area:not([hidden])")
    page.click("#hint-button")
    page.wait_for_function(f"() => /{shown}/.test(document.getElementById('hint-output').textContent)")
    return page.inner_text("#hint-output")


def test_a_hint_after_the_opponent_left_the_solved_play_says_the_chances_are_a_guess(page: Page) -> None:
    text = served_hint(page, {**MIX_HINT, "opponent_off_path": True}, "mixed strategy")
    assert "a move the Expert's solved strategy almost never makes" in text
    assert "rest on a guess" in text and "protects you if that move was a trap" in text


def test_a_plain_hint_is_unchanged(page: Page) -> None:
    text = served_hint(page, {**MIX_HINT, "mix": None}, "The Expert would")
    assert "about 54% to win" in text and "mixed" not in text


def test_the_review_marks_a_move_of_the_mix(page: Page) -> None:
    state = new_game(page)
    while state["phase"] != "over":
        state = api(page, "POST", f"/api/games/{state['id']}/moves",
                    {"move_number": state["move_number"], "action": state["legal"][0]["action"]})
    replay = api(page, "GET", f"/api/games/{state['id']}/replay")
    number = [step["move_number"] for step in replay["steps"]][1]
    move = {"move_number": number, "phase": "choose", "played": 210, "played_label": "take face-up",
            "best": 211, "best_label": "take face-down", "values": {"210": 0.508, "211": 0.52},
            "loss": 0.012, "grade": "best", "loss_error": 0.0, "mixed": True,
            "policy": {"210": 0.38, "211": 0.62},
            "reason": "taking the face-up pair: ... The expert's solved strategy plays it 38% of the time."}
    body = json.dumps({"status": "done", "done": 1, "total": 1, "moves": [move], "error": None})
    page.route(re.compile(r".*/api/games/[0-9a-f]+/review$"), lambda route: route.fulfill(
        status=200, content_type="application/json", body=body))
    page.goto(f"/games/{state['id']}/replay")
    page.wait_for_selector("#review-list li")
    item = page.inner_text("#review-list li")
    assert "In the mix" in item and "Best" not in item
    assert "Not graded: the Expert's solved strategy plays this 38% of the time" in item
    assert "take the face-down pair" in item and "lost" not in item
