"""DIVIDE in a real browser: ``divided serve`` in a subprocess, Debian's Chromium through
Playwright. A one-round game against random bots is played from the lobby by clicks: at 4
players on a 390x844 phone, at 6 on a desktop window. At every decision the page is checked
against the server's state (``GET /api/games/{id}`` from inside the page):

* the decision starts on the first screen and the page never scrolls sideways;
* every seat is drawn with the server's hand size; the Trump Rank and the token line are the
  server's;
* only the server's legal cards can be pressed (follow-suit is the server's); the pass button
  stays off until a card for each side is picked, and sends one action with both;
* the rank picker offers the fourteen declarations when Trump is on offer;
* the end shows every seat's total, and the replay page draws the table and the books;
* axe-core finds no serious or critical accessibility problem on the lobby, the rules page, the
  table at each kind of decision and the end (desktop run).
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


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[E2EServer]:
    with running_server(tmp_path_factory.mktemp("divide-e2e")) as running:
        yield running


def serious(page: Page, where: str) -> list[str]:
    found = Axe().run(page).response["violations"]
    return [f"{where}: {v['id']} ({v['impact']}) {[n['target'] for n in v['nodes'][:4]]}"
            for v in found if v["impact"] in ("serious", "critical")]


class Table:
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

    def after(self, move_number: int) -> dict[str, Any]:
        self.page.wait_for_function(
            "n => window.DividedTable.state && window.DividedTable.state.move_number > n", arg=move_number,
            timeout=TIMEOUT_MS)
        return self.ready()

    def pressable(self) -> list[str]:
        buttons = self.page.locator("#controls button.card-button:not([disabled])")
        return sorted(k.removeprefix("card-") for k in buttons.evaluate_all(
            "ns => ns.map(n => n.getAttribute('data-focus'))"))

    def check(self, s: dict[str, Any]) -> None:
        page, t = self.page, s["table"]
        seats = page.locator("#opponent-hand .dv-seat")
        expect(seats).to_have_count(t["players"])
        shown = seats.evaluate_all("ns => ns.map(n => n.querySelector('.dv-seat-cards').textContent)")
        assert [int(x.split()[0]) for x in shown] == [seat["hand_size"] for seat in t["seats"]]
        expect(page.locator("#dv-trump")).to_have_text(t["trump"]["words"])
        tokens = page.locator(".dv-line .dv-token")
        expect(tokens).to_have_count(9)
        down = sum(tok["value"] is None for tok in t["tokens"]["line"])
        expect(page.locator(".dv-line .dv-token.is-down")).to_have_count(down)
        if s["phase"] in ("commit", "play"):
            assert self.pressable() == sorted(item["cards"][0] for item in s["legal"])
        if s["phase"] == "pass":
            assert self.pressable() == sorted(t["hand"])
        height = page.viewport_size["height"]  # type: ignore[index]
        # where the page has brought the decision (on a phone the trick in play sits above it)
        top = page.locator("#action-area").evaluate("n => n.getBoundingClientRect().top")
        assert 0 <= top < height, top  # (every part of it: tests/web/test_decision_on_screen.py)
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")

    def commit(self, s: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        controls = self.page.locator("#controls")
        button = controls.locator('[data-focus="dv-commit"]')
        expect(button).to_be_disabled()
        card = rng.choice(s["legal"])["cards"][0]
        controls.locator(f'[data-focus="card-{card}"]').click()
        expect(button).to_be_enabled()
        button.click()
        controls.get_by_role("button", name="Yes, commit it").click()
        after = self.after(s["move_number"])
        assert after["table"]["commit"] == card
        return after

    def pass_(self, s: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        controls = self.page.locator("#controls")
        button = controls.locator('[data-focus="dv-pass"]')
        left, right = rng.sample(s["table"]["hand"], 2)
        expect(button).to_be_disabled()
        controls.locator(f'[data-focus="card-{right}"]').click()  # picked first: it goes left
        expect(button).to_be_disabled()
        controls.locator(f'[data-focus="card-{left}"]').click()
        expect(controls.locator(f'[data-focus="card-{right}"] .pick-tag')).to_contain_text("to Bot 1")
        controls.locator('[data-focus="dv-swap"]').click()  # swapped: left now goes left
        expect(controls.locator(f'[data-focus="card-{left}"] .pick-tag')).to_contain_text("to Bot 1")
        expect(button).to_be_enabled()
        button.click()
        controls.get_by_role("button", name="Yes, pass them").click()
        after = self.after(s["move_number"])
        assert after["table"]["pass"] == {"left": left, "right": right}
        return after

    def play(self, s: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        card = rng.choice(s["legal"])["cards"][0]
        self.page.locator(f'#controls [data-focus="card-{card}"]').click()
        after = self.after(s["move_number"])
        assert any(e["text"] == f"You played {card}." for e in after["log"]) or after["table"]["trick"] >= 1
        return after

    def draft(self, s: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        controls = self.page.locator("#controls")
        kinds = sorted({item["kind"] for item in s["legal"]})
        kind = rng.choice(kinds)
        if kind == "trump":
            controls.locator('[data-focus="dv-trump-open"]').click()
            ranks = controls.locator(".dv-ranks button")
            expect(ranks).to_have_count(14)
            pick = rng.randrange(14)
            words = s["table"]["draft"]["trump"][pick]["words"]
            ranks.nth(pick).click()
            after = self.after(s["move_number"])
            assert after["table"]["trump"]["words"] == words
            return after
        controls.locator(f'[data-focus="dv-{kind}"]').click()
        return self.after(s["move_number"])


@pytest.mark.parametrize(("size", "players"), [({"width": 390, "height": 844}, 4), ({"width": 1280, "height": 900}, 6)],
                         ids=["phone-4", "desktop-6"])
def test_a_round_in_the_browser(browser: Browser, server: E2EServer, size: dict[str, int], players: int) -> None:
    context = browser.new_context(base_url=server.url, viewport=size)  # type: ignore[arg-type]
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(script=f"window.localStorage.setItem('divided.settings', {json.dumps(json.dumps(DISPLAY))});")
    try:
        page = context.new_page()
        table = Table(page)
        audit = size["width"] > 1000  # axe-core on one of the two runs (it takes a second a page)
        problems: list[str] = []
        if audit:
            page.goto("/rules?game=divide")
            problems += serious(page, "rules")
        page.goto("/?game=divide")
        if audit:
            problems += serious(page, "lobby")
        expect(page.locator("h1")).to_have_text("Play DIVIDE")
        form = page.locator("#new-game")
        form.locator('input[name="bot"][value="random"]').check()
        form.locator(f'input[name="players"][value="{players}"]').check()
        form.locator('input[name="rounds"][value="1"]').check()
        page.get_by_role("button", name="Start the game").click()
        page.wait_for_url(re.compile(r"/games/[0-9a-f]+$"))
        rng = random.Random(size["width"])
        s = table.ready()
        assert s["game"] == "divide" and s["options"]["players"] == players and s["seats"][1:] == ["random"] * (players - 1)
        audited: set[str] = set()
        moves = {"commit": table.commit, "pass": table.pass_, "play": table.play, "draft": table.draft}
        for _ in range(120):
            if audit and s["phase"] not in audited:
                audited.add(s["phase"])
                problems += serious(page, f"the table at {s['phase']}")
            if s["phase"] == "over":
                break
            table.check(s)
            s = moves[s["phase"]](s, rng)
        assert s["phase"] == "over"
        final = page.locator("#controls table.dv-final tbody tr")
        expect(final).to_have_count(players)
        expect(page.locator("#controls .result")).to_contain_text(s["result"]["headline"].split(";")[0])
        finished = page.url
        page.get_by_role("button", name="Play again").click()  # the same rules, a new game
        page.wait_for_url(lambda url: url != finished and "/games/" in url)
        again = table.ready()
        assert again["options"] == s["options"] | {"first_dealer": again["options"]["first_dealer"]}
        assert again["seats"] == s["seats"] and again["move_number"] > 0
        page.goto(finished + "/replay?move=10")
        expect(page.locator("#knowledge-body[data-loaded]")).to_have_count(1)
        expect(page.locator("#opponent-hand .dv-seat")).to_have_count(players)
        if audit:
            problems += serious(page, "replay")
        assert not table.errors, table.errors
        assert not problems, "\n".join(problems)
    finally:
        with contextlib.suppress(Exception):
            context.close()


def test_the_bots_moves_are_shown_one_by_one(browser: Browser, server: E2EServer) -> None:
    """At the shell's pace the bots' moves after yours appear one at a time beside the controls
    (the log may be off a phone's screen), each a line of the log; "Show everything now" ends it."""
    context = browser.new_context(base_url=server.url, viewport={"width": 390, "height": 844})
    context.set_default_timeout(TIMEOUT_MS)
    settings = json.dumps(json.dumps({"pace": "slow", "confirm": False}))
    context.add_init_script(script=f"window.localStorage.setItem('divided.settings', {settings});")
    try:
        page = context.new_page()
        table = Table(page)
        page.goto("/?game=divide")
        form = page.locator("#new-game")
        form.locator('input[name="bot"][value="random"]').check()
        form.locator('input[name="first_dealer"][value="random"]').check()
        page.get_by_role("button", name="Start the game").click()
        page.wait_for_url(re.compile(r"/games/[0-9a-f]+$"))
        s = table.ready()
        card = s["legal"][0]["cards"][0]
        page.locator(f'#controls [data-focus="card-{card}"]').click()
        page.locator('#controls [data-focus="dv-commit"]').click()
        now = page.locator("#pacing-now")
        expect(now).to_have_text(re.compile(r"^Bot \d (committed a card face down|passed two cards)\.$"))
        expect(page.locator("#whose-turn")).to_have_text("The bots' turn")  # not your decision just made
        shown = now.text_content()
        page.get_by_role("button", name="Show everything now").click()
        s = table.ready()
        assert shown in [e["text"] for e in s["log"] if e["actor"] not in (None, 0)]
        assert not table.errors, table.errors
    finally:
        with contextlib.suppress(Exception):
            context.close()
