"""DIVIDE's pace in a real browser, with Playwright's clock driving the page's timers (no
sleeping: the test moves time on itself). A 6-player game against random bots, at the
default pace ("Steady"):

* while the bots' moves are shown one by one, the table follows the log: a bot's card lands in
  the trick when its line appears, a declared Trump Rank shows when its line does;
* each move is shown for the pace's time, and a whole run of bot moves (from your move to your
  next decision) takes at most 3.5 s (0.7 s a move; more moves share the 3.5 s, each at least
  0.25 s), where it took 1.1 s a move before (4.6 to 10 s a run at 6 players);
* "Show everything now" ends the run at once with the table at the server's position.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_server import CHROMIUM, E2EServer, running_server
from playwright.sync_api import Browser, Page, expect

if not CHROMIUM.exists():
    pytest.skip(f"!!! END-TO-END BROWSER TESTS SKIPPED: {CHROMIUM} is missing (apt-get install chromium) !!!",
                allow_module_level=True)

pytestmark = pytest.mark.slow

TIMEOUT_MS = 20_000
STEADY_MS, STEADY_MOST_MS, STEADY_LEAST_MS = 700, 3500, 250
PLAYED = re.compile(r"^(Bot \d|You) played .+\.$")
DECLARED = re.compile(r" took Trump and declared (.+)\.$")
# a line after which the trick on the table starts again (a round's start, a trick's result)
BOUNDARY = re.compile(r"^(Round \d+: |Trick \d+: |Trick 1 is flipped)")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[E2EServer]:
    with running_server(tmp_path_factory.mktemp("divide-pace")) as running:
        yield running


def steady(moves: int) -> int:
    """The default pace's time per move for a run of ``moves`` bot moves (the rule the
    settings page states: 0.7 s a move, at most 3.5 s in all, at least 0.25 s a move)."""
    if moves * STEADY_MS <= STEADY_MOST_MS:
        return STEADY_MS
    return max(STEADY_LEAST_MS, STEADY_MOST_MS // moves)


def to_play(page: Page) -> dict[str, Any]:
    """Commit and pass through the API until it is the human's turn to play a card."""
    for _ in range(20):
        s: dict[str, Any] = page.request.get(f"/api/games/{page.url.rsplit('/', 1)[-1]}").json()
        if s["phase"] == "play" and s["to_move"] == "you":
            return s
        assert s["to_move"] == "you", s["prompt"]
        response = page.request.post(f"/api/games/{s['id']}/moves",
                                     data={"move_number": s["move_number"], "action": s["legal"][0]["action"]})
        assert response.ok, response.text()
    raise AssertionError("no trick to play")


def move(page: Page, s: dict[str, Any]) -> None:
    """Play the first legal card, or at the Divide take Points (or Lead)."""
    if s["phase"] == "play":
        page.locator(f'#controls [data-focus="card-{s["legal"][0]["cards"][0]}"]').click()
    else:
        assert s["phase"] == "draft", s["phase"]
        page.locator('#controls [data-focus="dv-points"], #controls [data-focus="dv-lead"]').first.click()


def shown_lines(page: Page) -> list[str]:
    return [text.strip() for text in page.locator("#log li").all_inner_texts()]


def trick_names(page: Page) -> list[str]:
    """Who played the cards drawn in the trick in play, in order."""
    return page.locator("#centre .dv-trick-box:has(#dv-current) .dv-play:not(.is-empty) .dv-play-who").all_inner_texts()


def check_table_follows(page: Page, lines: list[str]) -> None:
    """The table at the position the last shown log line describes."""
    last = lines[-1]
    if PLAYED.match(last):
        since = max((i for i, line in enumerate(lines) if BOUNDARY.match(line)), default=-1)
        expected = [m.group(1) for line in lines[since + 1:] if (m := PLAYED.match(line))]
        assert trick_names(page) == expected, (lines[since:], trick_names(page))
    declared = DECLARED.search(last)
    if declared:
        expect(page.locator("#dv-trump")).to_have_text(declared.group(1))


def test_the_table_follows_the_paced_log_at_a_persons_speed(browser: Browser, server: E2EServer) -> None:
    context = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 800})
    context.set_default_timeout(TIMEOUT_MS)
    settings = {"pace": "normal", "confirm": False}
    context.add_init_script(script=f"window.localStorage.setItem('divided.settings', {json.dumps(json.dumps(settings))});")
    try:
        page = context.new_page()
        page.clock.install(time=1_800_000_000_000)
        page.clock.pause_at(1_800_000_001_000)  # time moves only when the test moves it
        page.goto("/")
        created = page.request.post("/api/games", data={"game": "divide", "bot": "random", "players": 6, "rounds": 1})
        assert created.ok, created.text()
        page.goto(f"/games/{created.json()['id']}")
        s = to_play(page)
        page.reload()
        runs = 0
        checked = 0
        while s["phase"] != "over" and runs < 6:
            expect(page.locator("#whose-turn")).to_have_text("Your turn")
            before = len(shown_lines(page))
            move(page, s)
            page.wait_for_function("() => window.DividedTable.pacing !== null || window.DividedTable.state.move_number > "
                                   + str(s["move_number"]))
            s = dict(page.evaluate("() => window.DividedTable.state"))
            fresh = s["log"][before:]
            bots = sum(1 for entry in fresh if entry["actor"] not in (None, s["seat"]))
            paced = page.evaluate("() => window.DividedTable.pacing !== null")
            assert paced == (bots > 0), f"{bots} bot moves, paced: {paced}"  # none when you lead next
            delay = steady(bots)
            waited = 0
            while page.evaluate("() => window.DividedTable.pacing !== null"):
                lines = shown_lines(page)
                check_table_follows(page, lines)
                checked += 1
                page.clock.run_for(delay - 1)
                assert shown_lines(page) == lines, "the next move came before the pace's time"
                page.clock.run_for(1)
                waited += delay
                assert waited <= max(STEADY_MOST_MS, STEADY_LEAST_MS * bots), waited
            assert len(shown_lines(page)) == len(s["log"])
            runs += 1
        assert checked >= 6, checked

        # "Show everything now" ends a run at once, the table at the server's position (the
        # next move the bots answer: none do when you lead the next trick)
        skipped = False
        while s["phase"] != "over" and not skipped:
            expect(page.locator("#whose-turn")).to_have_text("Your turn")
            move(page, s)
            page.wait_for_function("n => window.DividedTable.state.move_number > n", arg=s["move_number"])
            skipped = page.evaluate("() => window.DividedTable.pacing !== null")
            if skipped:
                page.locator('[data-focus="skip-pacing"]').click()
                assert page.evaluate("() => window.DividedTable.pacing === null")
            s = dict(page.evaluate("() => window.DividedTable.state"))
            shown = [seat["hand_size"] for seat in s["table"]["seats"]]
            drawn = page.locator("#opponent-hand .dv-seat-cards").all_inner_texts()
            assert [int(text.split()[0]) for text in drawn] == shown
    finally:
        with contextlib.suppress(Exception):
            context.close()
