"""The web app's rough edges in a real browser (issue 10, items 8 to 13 and 15).

A real ``divided serve`` and Debian's Chromium. Checked as a player meets them: the header
shows the bot's turn while a move is with the server; a hidden button is really hidden
(computed style) and the hint button is gone after the game; grades and losses are written in
words ("1 point", no loss claimed for a tie or a close call, "± 0.8 points" for a standard
error); times are in the browser's local time; at phone width no page is wider than the screen
and the decision is on the first screen; the showdown links to the replay and the review; the
review opens with a summary linked to the steps; the replay has the table's knowledge panel.
axe-core checks the review and replay pages in every state they can be in.

Review states a real review passes through quickly (running, failed) are served by the test
through Playwright's routing, with hand-made review bodies of the API's shape.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_server import CHROMIUM, E2EServer, api, new_game, running_server
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from webtools import log_text

if not CHROMIUM.exists():
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)", allow_module_level=True)

from axe_playwright_python.sync_playwright import Axe

pytestmark = pytest.mark.slow

TIMEOUT_MS = 20_000
PHONE = {"width": 390, "height": 844}
SETTINGS = "window.localStorage.setItem('divided-ranks.settings', JSON.stringify({pace: 'off', confirm: false}));"
OVERFLOW_JS = "() => document.scrollingElement.scrollWidth"
TABLE_READY_JS = """() => {
  const main = document.getElementById('main');
  if (!main || main.getAttribute('aria-busy') !== 'false') return false;
  const whose = (document.getElementById('whose-turn') || {}).textContent || '';
  return /Your turn|Game over|stuck/.test(whose);
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[E2EServer]:
    with running_server(tmp_path_factory.mktemp("rough-edges")) as running:
        yield running


def open_context(browser: Browser, server: E2EServer, **options: Any) -> BrowserContext:
    context = browser.new_context(base_url=server.url, **options)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(script=SETTINGS)
    return context


@pytest.fixture
def context(browser: Browser, server: E2EServer) -> Iterator[BrowserContext]:
    opened = open_context(browser, server)
    try:
        yield opened
    finally:
        with contextlib.suppress(Exception):
            opened.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


def first_move(page: Page, state: dict[str, Any]) -> dict[str, Any]:
    return api(page, "POST", f"/api/games/{state['id']}/moves",
               {"move_number": state["move_number"], "action": state["legal"][0]["action"]})


def finish(page: Page, state: dict[str, Any]) -> dict[str, Any]:
    while state["phase"] != "over":
        state = first_move(page, state)
    return state


def open_table(page: Page, game_id: str) -> None:
    page.goto(f"/games/{game_id}")
    page.wait_for_function(TABLE_READY_JS)


def display(page: Page, selector: str) -> str:
    value: str = page.eval_on_selector(selector, "node => getComputedStyle(node).display")
    return value


# -- item 8: the bot's turn while it thinks ----------------------------------------------------------


def test_the_header_shows_the_bot_turn_while_the_move_is_with_the_server(page: Page) -> None:
    state = new_game(page)
    assert state["phase"] == "split" and state["to_move"] == "you"
    open_table(page, state["id"])
    assert "Your turn" in page.text_content("#whose-turn")
    held: list[Route] = []
    page.route(re.compile(r".*/api/games/[0-9a-f]+/moves$"), lambda route: held.append(route))
    buttons = page.locator("#controls .pick-row button")
    buttons.nth(0).click()
    buttons.nth(1).click()
    page.locator('[data-focus="split-confirm"]').click()
    page.wait_for_function("() => document.getElementById('whose-turn').textContent.includes(\"The bot's turn\")")
    assert "thinking" in page.inner_text("#prompt")
    assert "Your turn" not in page.text_content("#whose-turn")
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_function(TABLE_READY_JS)
    assert "Your turn" in page.text_content("#whose-turn")


# -- item 9: hidden means hidden; no hint after the game ---------------------------------------------


def review_body(status: str, moves: list[dict[str, Any]], total: int, error: str | None = None) -> str:
    return json.dumps({"status": status, "done": len(moves), "total": total, "moves": moves, "error": error})


def serve_review(page: Page, bodies: dict[str, str]) -> None:
    """Answer the review API with hand-made bodies: ``GET`` and ``POST`` keys."""
    def answer(route: Route) -> None:
        body = bodies[route.request.method]
        route.fulfill(status=200, content_type="application/json", body=body)
    page.route(re.compile(r".*/api/games/[0-9a-f]+/review$"), answer)


def test_the_review_button_is_really_hidden_while_running_and_when_done(page: Page) -> None:
    state = finish(page, new_game(page))
    page.goto(f"/games/{state['id']}/replay")
    page.wait_for_selector("#review-button:not([hidden])")
    assert display(page, "#review-button") != "none"
    # the real review: running at first, then done; the button must never show meanwhile
    page.click("#review-button")
    page.wait_for_function("() => /Reviewing|Reviewed/.test(document.getElementById('review-status').textContent)")
    assert display(page, "#review-button") == "none"
    page.wait_for_function("() => /Reviewed by the Expert/.test(document.getElementById('review-status').textContent)",
                           timeout=120_000)
    assert display(page, "#review-button") == "none"
    assert not page.is_visible("#review-button")


def test_the_hint_button_is_gone_after_the_game(page: Page) -> None:
    state = new_game(page, hints=True)
    open_table(page, state["id"])
    page.wait_for_selector("#hint-area:not([hidden])")
    assert page.is_enabled("#hint-button")
    finish(page, state)
    open_table(page, state["id"])
    page.wait_for_timeout(500)  # the hint status has been fetched by now
    assert display(page, "#hint-area") == "none"
    assert not page.is_visible("#hint-button")


# -- items 10, 13, 15: the review's words, its summary, its links --------------------------------------


def move_entry(number: int, grade: str, loss: float, played: int, best: int, **extra: Any) -> dict[str, Any]:
    return {"move_number": number, "phase": "reserve", "played": played, "played_label": "give Qs",
            "best": best, "best_label": "keep", "values": {}, "loss": loss, "grade": grade,
            "reason": "Giving Qs loses a pair.", **extra}


def test_the_review_words_and_summary(page: Page) -> None:
    state = finish(page, new_game(page))
    replay = api(page, "GET", f"/api/games/{state['id']}/replay")
    numbers = [step["move_number"] for step in replay["steps"]]
    a, b, c, d = numbers[1], numbers[3], numbers[5], numbers[7]
    moves = [
        move_entry(a, "good", 0.01, 5, 6),                 # 1 point
        move_entry(b, "best", 0.0000001, 5, 6),            # a tie with the Expert's choice
        move_entry(c, "close", 0.004, 5, 6, se=0.008),     # a close call: no loss claimed
        move_entry(d, "blunder", 0.25, 5, 6, loss_error=0.008),  # 25 points ± 0.8
    ]
    serve_review(page, {"GET": review_body("done", moves, 4), "POST": review_body("done", moves, 4)})
    page.goto(f"/games/{state['id']}/replay")
    page.wait_for_selector("#review-list li")
    items = page.locator("#review-list li")
    assert items.count() == 4
    texts = [items.nth(i).inner_text() for i in range(4)]
    assert "1 point of win chance" in texts[0] and "1 points" not in texts[0]
    assert "Just as good as the Expert's choice" in texts[1] and "lost" not in texts[1]
    assert "Close call" in texts[2] and "lost" not in texts[2] and "point" not in texts[2]
    assert "Blunder" in texts[3] and "25 points ± 0.8 points of win chance" in texts[3]
    # action labels in words, with cards drawn as chips
    assert "give Q" in texts[0] and "for the reserve" in texts[0]
    assert items.nth(0).locator(".inline-card").count() >= 1
    # each entry links to its step of the replay
    hrefs = [items.nth(i).locator("a").get_attribute("href") for i in range(4)]
    assert hrefs == [f"/games/{state['id']}/replay?move={numbers.index(n)}" for n in (a, b, c, d)]
    page.click("#review-list li:nth-child(4) a")
    page.wait_for_selector("#review-entry:not([hidden])")
    entry = page.inner_text("#review-entry")
    assert "Blunder" in entry and "25 points ± 0.8 points" in entry


def test_the_showdown_links_to_the_replay_and_the_review(page: Page) -> None:
    state = finish(page, new_game(page))
    open_table(page, state["id"])
    assert page.get_attribute("#showdown-replay", "href") == f"/games/{state['id']}/replay?move=0"
    page.click("#showdown-review")
    page.wait_for_url(re.compile(r"/replay"))
    page.wait_for_selector("#review-panel:not([hidden])")
    assert page.is_visible("#review-heading")


def test_play_again_keeps_the_rule_options(page: Page) -> None:
    state = finish(page, new_game(page, swap="face-up", reserve_order="coin", first_splitter="bot"))
    open_table(page, state["id"])
    page.click('[data-focus="again"]')
    page.wait_for_url(lambda url: state["id"] not in url and "/games/" in url)
    new_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    again = api(page, "GET", f"/api/games/{new_id}")
    assert again["options"] == state["options"]
    assert again["seats"][1] == state["seats"][1]


def test_the_replay_has_the_table_knowledge_panel_and_card_chips(page: Page) -> None:
    state = finish(page, new_game(page))
    page.goto(f"/games/{state['id']}/replay?move=4")
    page.wait_for_selector("#knowledge-body details#know-theirs")
    assert page.locator("#knowledge-body #know-yours").count() == 1
    assert page.locator("#replay-prompt .inline-card, .log .inline-card").count() > 0


def test_times_are_in_the_browser_local_time(browser: Browser, server: E2EServer) -> None:
    context = open_context(browser, server, timezone_id="Pacific/Auckland", locale="en-NZ")
    try:
        page = context.new_page()
        finish(page, new_game(page))
        history = api(page, "GET", "/api/history")
        page.goto("/history")
        shown = page.inner_text("#finished-games time")
        expected = page.evaluate("""iso => new Date(iso).toLocaleString(undefined,
            { dateStyle: 'medium', timeStyle: 'short' })""", history["games"][-1]["finished"])
        assert shown == expected
        assert "UTC" not in page.inner_text("#finished-games")
        page.goto("/")
        page.wait_for_selector("#games time")
        lobby = page.inner_text("#games time")
        assert "UTC" not in lobby and re.search(r"\d{4}", lobby)
    finally:
        context.close()


# -- item 7: the bot's hand after its blind swap ------------------------------------------------------


def test_after_the_bot_blind_swap_the_panel_shows_the_watched_cards_with_their_chance(page: Page) -> None:
    page.goto("/")
    state: dict[str, Any] = {}
    for _ in range(100):
        state = new_game(page)
        while state["phase"] in ("split", "choose"):
            state = first_move(page, state)
        if (state["table"]["opponent"]["watched"] and state["table"]["reserve"]["known"] is None
                and any("The bot swapped one of its cards" in line for line in log_text(state))):
            break
    else:
        pytest.fail("no blind swap by the bot in 100 games")
    watched = [(w["card"], round(w["p"] * 100)) for w in state["table"]["opponent"]["watched"]]
    assert all(p < 100 for _, p in watched)
    open_table(page, state["id"])
    theirs = page.inner_text("#know-theirs")
    assert "have not seen any" not in theirs
    assert "Seen going there" in theirs
    assert theirs.count("% still there") == len(watched)
    for _, p in watched:
        assert f"{p}% still there" in theirs
    faces = page.locator("#opponent-hand .card.is-maybe")
    assert faces.count() == len(watched)
    labels = [faces.nth(i).get_attribute("aria-label") or "" for i in range(faces.count())]
    assert all("seen going to the bot" in label and "% likely still there" in label for label in labels)
    assert page.locator("#opponent-hand .card.back").count() == state["table"]["opponent"]["unseen"] == 10 - len(watched)
    assert "certain" not in page.inner_text("#opponent-summary").replace("uncertain", "")
    page.set_viewport_size(PHONE)
    assert page.evaluate(OVERFLOW_JS) <= PHONE["width"]
    # your hand as the bot sees it: never "cannot be sure of: any of them" for "all of them"
    yours = page.inner_text("#know-yours")
    assert "any of them" not in yours
    if set(state["table"]["hand_known_to_bot"]) == set(state["table"]["hand"]):
        assert "It can be sure of every card you hold." in yours
    else:
        assert "The bot cannot be sure of" in yours


# -- item 11: phone width ----------------------------------------------------------------------------

DECISION_TOP_JS = "() => document.getElementById('action-area').getBoundingClientRect().top"


def test_no_page_is_wider_than_a_phone_and_the_decision_is_on_the_first_screen(browser: Browser,
                                                                                 server: E2EServer) -> None:
    context = open_context(browser, server, viewport=PHONE)
    try:
        page = context.new_page()
        done = finish(page, new_game(page))
        live = new_game(page)
        wide = []
        for path in ("/", "/history", "/rules", "/settings", "/data", f"/games/{done['id']}/replay",
                     f"/games/{done['id']}/replay?move=3", "/no-such-page"):
            page.goto(path)
            page.wait_for_timeout(300)
            width = page.evaluate(OVERFLOW_JS)
            if width > PHONE["width"]:
                wide.append(f"{path}: {width}px")
        state = live
        late = []
        seen = set()
        while True:
            open_table(page, state["id"])
            width = page.evaluate(OVERFLOW_JS)
            if width > PHONE["width"]:
                wide.append(f"table at {state['phase']}: {width}px")
            top = page.evaluate(DECISION_TOP_JS)
            if top >= PHONE["height"] * 0.75:  # the heading and the first choices are on screen
                late.append(f"{state['phase']}: the decision starts at {top:.0f}px")
            seen.add(state["phase"])
            if state["phase"] == "over":
                break
            state = first_move(page, state)
        assert {"split", "choose", "reserve", "build", "over"} <= seen
        assert not wide, wide
        assert not late, late
    finally:
        context.close()


# -- item 10: axe on the review and replay pages in every state ----------------------------------------


def blocking(axe: Axe, page: Page, where: str) -> list[str]:
    found = axe.run(page).response["violations"]
    out = []
    for violation in found:
        print(f"[axe] {where}: {violation['id']} ({violation['impact']}) {violation['help']}")
        if violation["impact"] in ("serious", "critical"):
            out.append(f"{where}: {violation['id']} {[n['target'] for n in violation['nodes'][:4]]}")
    return out


def test_review_and_replay_pages_pass_axe_in_every_state(page: Page) -> None:
    axe = Axe()
    state = finish(page, new_game(page))
    replay = api(page, "GET", f"/api/games/{state['id']}/replay")
    numbers = [step["move_number"] for step in replay["steps"]]
    last = len(numbers) - 1
    graded = [move_entry(numbers[i], grade, loss, 5, 6 if grade != "best" else 5, se=0.008)
              for i, (grade, loss) in enumerate([("best", 0.0), ("good", 0.01), ("inaccuracy", 0.04),
                                                 ("mistake", 0.1), ("blunder", 0.3), ("close", 0.002)], start=1)]
    states = {
        "not reviewed": review_body("none", [], 0),
        "running": review_body("running", graded[:2], 6),
        "failed": review_body("failed", graded[:3], 6, "the review stopped after 3 of 6 decisions (RuntimeError)"),
        "done": review_body("done", graded, 6),
    }
    problems: list[str] = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for name, body in states.items():
            page.unroute_all()
            serve_review(page, {"GET": body, "POST": body})
            # the replay at its start, a decision, its middle and its end with the full review;
            # the other review states on a step that carries a graded decision
            for move in ((0, 1, last // 2, last) if name == "done" else (1,)):
                page.goto(f"/games/{state['id']}/replay?move={move}")
                page.wait_for_function("() => !/Loading/.test(document.getElementById('review-status').textContent)")
                page.wait_for_selector("#knowledge-body[data-loaded]", state="attached")
                problems += blocking(axe, page, f"review {name}, replay move {move} ({scheme})")
    assert not problems, "\n".join(problems)


def test_settings_keep_each_games_choices_under_its_own_key(browser: Browser, server: E2EServer) -> None:
    """The display settings are shared (``divided.settings``); Divided Ranks' choices for new games
    live under its own key; a browser with everything under the old key keeps its display settings."""
    context = browser.new_context(base_url=server.url)
    try:
        page = context.new_page()
        page.goto("/settings")
        page.evaluate("() => { localStorage.clear(); localStorage.setItem('divided-ranks.settings', "
                      "JSON.stringify({pace: 'slow', bot: 'random'})); }")
        page.reload()
        expect(page.locator("#s-pace")).to_have_value("slow")  # read from the old key
        expect(page.locator("#s-bot")).to_have_value("random")
        page.select_option("#s-bot", "expert")
        page.select_option("#s-pace", "off")
        expect(page.locator("#settings-status")).to_have_text("Saved.")
        stored = page.evaluate("() => [localStorage.getItem('divided.settings'), "
                               "localStorage.getItem('divided-ranks.settings')]")
        shared, own = (json.loads(text) for text in stored)
        assert shared == {"pace": "off", "fourColour": False, "largeCards": False, "confirm": True}
        assert own["bot"] == "expert" and "fourColour" not in own
        page.goto("/")
        expect(page.locator('input[name="bot"][value="expert"]')).to_be_checked()
        page.goto("/settings")
        expect(page.locator("#s-pace")).to_have_value("off")
        expect(page.locator("#s-bot")).to_have_value("expert")
    finally:
        context.close()


def test_the_shell_starts_only_after_a_slow_game_script_registered(browser: Browser, server: E2EServer) -> None:
    """The lobby takes its defaults from the game's script: when that script arrives late, the
    shell still waits for it (it starts at DOMContentLoaded, after every deferred script)."""
    context = browser.new_context(base_url=server.url)
    try:
        context.add_init_script(script="window.localStorage.setItem('divided-ranks.settings', "
                                       "JSON.stringify({firstSplitter: 'you', bot: 'expert'}));")

        def slow(route: Route) -> None:
            time.sleep(0.6)
            route.continue_()

        context.route("**/static/games/divided-ranks.js*", slow)
        page = context.new_page()
        page.goto("/")
        expect(page.locator('input[name="first_splitter"][value="you"]')).to_be_checked()
        expect(page.locator('input[name="bot"][value="expert"]')).to_be_checked()
    finally:
        context.close()
