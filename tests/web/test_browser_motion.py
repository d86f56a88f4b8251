"""The browser tests never race the app's animations: every context the shared ``browser``
fixture opens asks for reduced motion (tests/web/conftest.py), so a card button has no
transition and does not move under the pointer (a card caught mid-movement once made the
phone test count three rows of cards where there are two)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from e2e_server import CHROMIUM, E2EServer, running_server
from playwright.sync_api import Browser

if not CHROMIUM.exists():
    pytest.skip(f"!!! END-TO-END BROWSER TESTS SKIPPED: {CHROMIUM} is missing (apt-get install chromium) !!!",
                allow_module_level=True)

pytestmark = pytest.mark.slow

MOTION_JS = """() => {
  return {
    reduce: window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    transitions: Array.from(document.querySelectorAll('button, .card')).map(n => getComputedStyle(n).transitionDuration)
      .filter(d => d.split(',').some(part => parseFloat(part) > 0)),
  };
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[E2EServer]:
    with running_server(tmp_path_factory.mktemp("motion")) as running:
        yield running


def test_every_test_page_asks_for_reduced_motion_and_nothing_moves(browser: Browser, server: E2EServer) -> None:
    context = browser.new_context(base_url=server.url, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto("/")
        page.request.post("/api/games", data={"game": "divided-ranks", "bot": "random", "first_splitter": "you"})
        page.goto("/")
        page.locator("#games a.primary").first.click()
        page.wait_for_selector("#controls button.card-button")
        got = page.evaluate(MOTION_JS)
        assert got["reduce"], "the test browser does not ask for reduced motion"
        assert got["transitions"] == [], got
        card = page.locator("#controls button.card-button").first
        before = card.bounding_box()
        card.hover()
        assert card.bounding_box() == before  # no lift under the pointer
    finally:
        context.close()


def test_a_test_may_still_ask_for_motion(browser: Browser, server: E2EServer) -> None:
    context = browser.new_context(base_url=server.url, reduced_motion="no-preference")
    try:
        page = context.new_page()
        page.goto("/")
        assert not page.evaluate("() => window.matchMedia('(prefers-reduced-motion: reduce)').matches")
    finally:
        context.close()
