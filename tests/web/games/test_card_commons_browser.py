"""Card Commons in a real browser: ``divided serve`` in a subprocess, Debian's Chromium through
Playwright. One short match (first to 3, against the random bot) is played from the lobby by
clicks, on a 390x844 phone and on a desktop window, and the page is checked against the
server's state (``GET /api/games/{id}`` from inside the page) at every decision:

* the current decision is on the first screen (the controls start inside the viewport) and
  the page never scrolls sideways;
* both players' four action markers say used or not as the server says;
* the bot's reserved card is a back and yours carries the "unseen" tag (the bot has not seen
  it); the face-up cards of both Collections are the server's;
* a turn's submit button stays off until the picked cards make a legal action;
* at the build every split's values are shown and auto-arrange puts the server's best split
  in the two rows;
* the showdown shows each round, and the replay page draws the table;
* axe-core finds no serious or critical accessibility problem on the game's lobby, its rules
  page, the table at each kind of decision, the showdown and the replay (desktop run).
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from e2e_server import CHROMIUM, FETCH_JS, READY_JS, E2EServer, running_server
from playwright.sync_api import Browser, Page, expect

if not CHROMIUM.exists():
    pytest.skip(f"!!! END-TO-END BROWSER TESTS SKIPPED: {CHROMIUM} is missing (apt-get install chromium) !!!",
                allow_module_level=True)

pytestmark = pytest.mark.slow

TIMEOUT_MS = 20_000
DISPLAY = {"pace": "off", "confirm": True}
RANK_WORDS = {"T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
SUIT_WORDS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
PACK = [rank + suit for rank in "TJQKA" for suit in "shdc"] + ["Jk"]
CODE = {("the Joker" if c == "Jk" else f"{RANK_WORDS[c[0]]} of {SUIT_WORDS[c[1]]}"): c for c in PACK}



@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[E2EServer]:
    with running_server(tmp_path_factory.mktemp("cc-e2e")) as running:
        yield running


def codes(page: Page, selector: str) -> list[str]:
    labels = page.locator(selector).evaluate_all("nodes => nodes.map(n => n.getAttribute('aria-label'))")
    return sorted(CODE[label.split(",")[0].strip()] for label in labels if label)


def percent(p: float) -> str:
    """The page's percentage format (cards.js ``percent``): 0.0625 -> "6.3%", 0.25 -> "25%"."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p * 100 < 0.1:
        return "<0.1%"
    rounded = int(p * 1000 + 0.5) / 10  # JavaScript's Math.round: halves go up
    return f"{int(rounded)}%" if rounded == int(rounded) else f"{rounded}%"


def serious(page: Page, where: str) -> list[str]:
    """The serious and critical problems axe-core finds on the page, as readable lines."""
    found = Axe().run(page).response["violations"]
    return [f"{where}: {v['id']} ({v['impact']}) {[n['target'] for n in v['nodes'][:4]]}"
            for v in found if v["impact"] in ("serious", "critical")]


class Match:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def state(self) -> dict[str, Any]:
        game_id = re.search(r"/games/([0-9a-f]+)", self.page.url)
        assert game_id
        return dict(self.page.evaluate(FETCH_JS, game_id.group(1)))

    def ready(self) -> dict[str, Any]:
        how = self.page.wait_for_function(READY_JS, timeout=TIMEOUT_MS).json_value()
        assert how == "ready", self.page.inner_text("#turn")
        assert self.page.locator("#alert").is_hidden(), self.page.inner_text("#alert")
        assert not self.errors, self.errors
        return self.state()

    def after(self, before: int) -> dict[str, Any]:
        self.page.wait_for_function("n => document.querySelectorAll('#log li').length > n", arg=before,
                                    timeout=TIMEOUT_MS)
        return self.ready()

    def log_count(self) -> int:
        return self.page.locator("#log li").count()

    def check_table(self, s: dict[str, Any]) -> None:
        page, table = self.page, s["table"]
        for side, box in (("you", "#your-hand"), ("bot", "#opponent-hand")):
            markers = page.locator(f"{box} .cc-marker")
            expect(markers).to_have_count(4)
            used = [bool(a["used"]) for a in table[side]["actions"]]
            shown = markers.evaluate_all("nodes => nodes.map(n => n.classList.contains('is-used'))")
            assert shown == used, (side, shown, used)
            assert codes(page, f"{box} .cc-collection .card:not(.back):not(.is-reserved)") == sorted(table[side]["face_up"])
        backs = page.locator('#opponent-hand .cc-collection .card.back[aria-label="the bot\'s reserved card, face down"]')
        expect(backs).to_have_count(1 if table["bot"]["reserved"] else 0)
        mine = page.locator("#your-hand .cc-collection .card.is-reserved")
        expect(mine).to_have_count(1 if table["you"]["reserved"] else 0)
        if table["you"]["reserved"]:
            expect(mine).to_have_attribute("aria-label", re.compile("the bot has not seen it"))
            expect(mine.locator(".chance-tag")).to_have_text("unseen")
        # the decision first: the controls begin on the first screen, and nothing scrolls sideways
        height = page.viewport_size["height"]  # type: ignore[index]
        top = page.locator("#action-area").evaluate("n => n.getBoundingClientRect().top + window.scrollY")
        assert 0 <= top < height * 0.6, top
        first = page.locator("#controls button").first.evaluate("n => n.getBoundingClientRect().bottom + window.scrollY")
        assert first <= height, first
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")

    def turn(self, s: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        controls = self.page.locator("#controls")
        kinds = sorted({item["kind"] for item in s["legal"]})
        kind = rng.choice(kinds)
        controls.locator(f'[data-focus="kind-{kind}"]').click()
        submit = controls.locator('[data-focus="cc-submit"]')
        expect(submit).to_be_disabled()
        action = rng.choice([item for item in s["legal"] if item["kind"] == kind])
        cards = action["cards"]
        for i, card in enumerate(cards):
            expect(submit).to_be_disabled()  # fewer cards than the action takes: nothing to send
            controls.locator(f'[data-focus="card-{card}"]').click()
            if kind == "offer-sets":
                tag = "set 1" if i < 2 else "set 2"
                expect(controls.locator(f'[data-focus="card-{card}"] .pick-tag')).to_have_text(tag)
        expect(submit).to_be_enabled()
        before = self.log_count()
        submit.click()
        if kind == "discard":
            controls.get_by_role("button", name="Yes, discard them").click()
        after = self.after(before)
        mine = [e["text"] for e in after["log"] if e["actor"] == 0]
        assert any(" ".join(cards[:2]) in text or cards[0] in text for text in mine[-2:]), mine[-2:]
        return after

    def keep(self, s: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        offer = s["table"]["offer"]
        assert offer["by"] == "bot"
        buttons = self.page.locator('#controls [data-focus^="keep-"]')
        expect(buttons).to_have_count(2 if offer["sets"] else 3)
        before = self.log_count()
        buttons.nth(rng.randrange(buttons.count())).click()
        return self.after(before)

    def build(self, s: dict[str, Any]) -> dict[str, Any]:
        build = s["table"]["build"]
        controls = self.page.locator("#controls")
        rows = controls.locator("button.cc-split")
        expect(rows).to_have_count(6)
        best = max(build["options"], key=lambda o: o["win"])
        expect(rows.first).to_contain_text(percent(best["win"]) + " match win")
        expect(rows.first).to_contain_text("match win")
        controls.get_by_role("button", name=re.compile(r"^Show all 56 splits$")).click()
        expect(rows).to_have_count(56)
        lock = controls.get_by_role("button", name="Lock in these hands")
        bottom = lock.evaluate("n => n.getBoundingClientRect().bottom + window.scrollY")
        assert bottom <= self.page.viewport_size["height"], bottom  # type: ignore[index]  # the decision, on the first screen
        controls.get_by_role("button", name="Auto-arrange").click()
        auto = next(o for o in build["options"] if o["action"] == build["auto"])
        three = controls.locator('.build-row:nth-child(2) button[data-focus^="card-"]')
        got = sorted(k.removeprefix("card-") for k in three.evaluate_all("ns => ns.map(n => n.getAttribute('data-focus'))"))
        assert got == sorted(auto["three"]["cards"])
        expect(controls.locator("#build-verdict")).to_contain_text("the best split")
        before = self.log_count()
        controls.get_by_role("button", name="Lock in these hands").click()
        controls.get_by_role("button", name="Yes, lock them in").click()
        return self.after(before)


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 1280, "height": 900}],
                         ids=["phone", "desktop"])
def test_a_short_match_in_the_browser(browser: Browser, server: E2EServer, size: dict[str, int]) -> None:
    context = browser.new_context(base_url=server.url, viewport=size)  # type: ignore[arg-type]
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(script=f"window.localStorage.setItem('divided.settings', {json.dumps(json.dumps(DISPLAY))});")
    try:
        page = context.new_page()
        match = Match(page)
        audit = size["width"] > 1000  # axe-core on one of the two runs (it takes a second a page)
        problems: list[str] = []
        if audit:
            page.goto("/rules?game=card-commons")
            problems += serious(page, "rules")
        page.goto("/?game=card-commons")
        if audit:
            problems += serious(page, "lobby")
        expect(page.locator("h1")).to_have_text("Play Card Commons")
        form = page.locator("#new-game")
        form.locator('input[name="bot"][value="random"]').check()
        form.locator('input[name="first_starter"][value="you"]').check()
        form.locator('input[name="target"][value="3"]').check()
        page.get_by_role("button", name="Start the game").click()
        page.wait_for_url(re.compile(r"/games/[0-9a-f]+$"))
        rng = random.Random(size["width"])
        s = match.ready()
        assert s["game"] == "card-commons" and s["options"]["target"] == 3
        audited: set[str] = set()
        for _ in range(80):
            if audit and s["phase"] not in audited:
                audited.add(s["phase"])
                problems += serious(page, f"the table at {s['phase']}")
            if s["phase"] == "over":
                break
            match.check_table(s)
            if s["phase"] == "turn":
                s = match.turn(s, rng)
            elif s["phase"] == "keep":
                s = match.keep(s, rng)
            else:
                assert s["phase"] == "build", s["phase"]
                s = match.build(s)
        assert s["phase"] == "over"
        showdown = page.locator("#controls")
        expect(showdown.locator(".cc-round-block")).to_have_count(len(s["table"]["rounds"]))
        expect(showdown.locator(".result")).to_contain_text(s["result"]["headline"].split(",")[0])
        page.goto(page.url + "/replay")
        expect(page.locator("#knowledge-body[data-loaded]")).to_have_count(1)
        expect(page.locator("#centre-body")).to_contain_text("You")
        if audit:
            problems += serious(page, "replay")
        assert not match.errors, match.errors
        assert not problems, "\n".join(problems)
    finally:
        with contextlib.suppress(Exception):
            context.close()
