"""A game's own stylesheet in a real browser: a table script with ``games/<game>.css`` beside it
gets it, with the same version query, once a page (in the page's head; a script that registers
with ``stylesheet: true`` finds it there); a game without one (Divided Ranks) gets none."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from e2e_server import CHROMIUM, E2EServer, running_server
from playwright.sync_api import Browser

if not CHROMIUM.exists():
    pytest.skip(f"!!! END-TO-END BROWSER TESTS SKIPPED: {CHROMIUM} is missing (apt-get install chromium) !!!",
                allow_module_level=True)

pytestmark = pytest.mark.slow

STYLES_JS = """() => Array.from(document.querySelectorAll('link[rel=stylesheet]')).map(link => ({
  id: link.id, href: link.getAttribute('href'),
  rules: link.sheet ? link.sheet.cssRules.length : 0,
}))"""
SCRIPTS_JS = """() => Array.from(document.scripts).map(s => s.getAttribute('src') || '')"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[E2EServer]:
    with running_server(tmp_path_factory.mktemp("styles-e2e")) as running:
        yield running


@pytest.mark.parametrize("path", ["/?game=divide", "/history"])
def test_each_games_stylesheet_loads_beside_its_script(browser: Browser, server: E2EServer, path: str) -> None:
    page = browser.new_page(base_url=server.url)
    try:
        page.goto(path)
        page.wait_for_function("() => document.querySelectorAll('link[rel=stylesheet][id$=\"-css\"]').length >= 2")
        page.wait_for_load_state("load")
        scripts = {src.split("?")[0].rsplit("/", 1)[-1]: src for src in page.evaluate(SCRIPTS_JS) if "/games/" in src}
        styles = {s["id"]: s for s in page.evaluate(STYLES_JS) if s["id"]}
        assert set(styles) == {"card-commons-css", "divide-css", "poker-css"}  # poker: one for its seven games
        for game in ("card-commons", "divide", "poker"):
            assert styles[f"{game}-css"]["href"] == scripts[f"{game}.js"].replace(f"{game}.js", f"{game}.css")
            assert styles[f"{game}-css"]["rules"] > 0  # the file was found and parsed
        assert "divided-ranks.js" in scripts
    finally:
        page.close()
