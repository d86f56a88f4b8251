"""Automated accessibility checks: axe-core (through axe-playwright-python) in Debian's Chromium.

Every page a player meets is loaded from a real ``divided serve`` (a subprocess on a free port):
the lobby, the rules, the settings, the history, the saved-data page, a game table at each phase
reached by playing first legal moves through the API (from the page's own context, so the
session cookie is shared), the showdown, and the replay of a finished game at its first, middle
and last steps. Every violation axe reports is printed; the test fails on any of impact
"serious" or "critical".
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_server import CHROMIUM, E2EServer, running_server
from playwright.sync_api import Browser, BrowserContext, Page

if not CHROMIUM.exists():
    pytest.skip(
        f"!!! ACCESSIBILITY TESTS SKIPPED: {CHROMIUM} is missing. Install Debian's Chromium "
        "with `apt-get install chromium` (as root; or run scripts/ensure-test-tools.sh); Playwright must not "
        "download a browser of its own. !!!",
        allow_module_level=True,
    )

from axe_playwright_python.sync_playwright import Axe

pytestmark = pytest.mark.slow

TIMEOUT_MS = 20_000
BLOCKING = ("serious", "critical")
SETTINGS = "window.localStorage.setItem('divided-ranks.settings', JSON.stringify({pace: 'off', confirm: true}));"

# The live table is filled in by app.js: wait until it has settled on the human's turn or the end.
TABLE_READY_JS = """() => {
  const main = document.getElementById('main');
  if (!main || main.getAttribute('aria-busy') !== 'false') return false;
  if (document.querySelector('#controls .pacing')) return false;
  const whose = (document.getElementById('whose-turn') || {}).textContent || '';
  return /Your turn|Game over|stuck/.test(whose) || /no such game/i.test(document.getElementById('prompt').textContent);
}"""


# -- fixtures -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[E2EServer]:
    with running_server(tmp_path_factory.mktemp("a11y-data")) as running:
        yield running


@pytest.fixture(scope="module")
def axe() -> Axe:
    return Axe()


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
def page(context: BrowserContext) -> Page:
    return context.new_page()


# -- helpers --------------------------------------------------------------------------------


def violations(axe: Axe, page: Page, where: str) -> list[dict[str, Any]]:
    """Run axe-core in ``page``; print every violation; return the serious and critical ones."""
    results = axe.run(page)
    found: list[dict[str, Any]] = results.response["violations"]
    blocking = []
    for violation in found:
        targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
        print(f"[axe] {where}: {violation['id']} ({violation['impact']}): {violation['help']} -> {targets[:6]}"
              f"{' ...' if len(targets) > 6 else ''}")
        if violation["impact"] in BLOCKING:
            blocking.append(violation)
    if not found:
        print(f"[axe] {where}: no violations")
    return blocking


def describe(blocking: list[dict[str, Any]]) -> str:
    lines = []
    for violation in blocking:
        for node in violation["nodes"][:5]:
            lines.append(f"  {violation['id']} ({violation['impact']}): {node['target']} {node['failureSummary'][:200]!r}")
    return "\n".join(lines)


def check(axe: Axe, page: Page, where: str) -> list[str]:
    """The serious/critical problems on the page, as readable lines (empty when clean)."""
    blocking = violations(axe, page, where)
    return [f"{where}:\n{describe(blocking)}"] if blocking else []


def api(page: Page, method: str, path: str, data: dict[str, Any] | None = None) -> dict[str, Any]:
    """Call the JSON API with the page's cookies (its session)."""
    response = page.request.fetch(path, method=method, data=data)
    assert response.ok, f"{method} {path}: {response.status} {response.text()}"
    body: dict[str, Any] = response.json()
    return body


def new_game(page: Page, *, swap: str = "face-up") -> dict[str, Any]:
    page.goto("/")  # the session cookie is set by the first page
    return api(page, "POST", "/api/games", {"bot": "random", "swap": swap, "first_splitter": "you"})


def first_move(page: Page, state: dict[str, Any]) -> dict[str, Any]:
    assert state["to_move"] == "you", state
    return api(page, "POST", f"/api/games/{state['id']}/moves",
               {"move_number": state["move_number"], "action": state["legal"][0]["action"]})


def finish(page: Page, state: dict[str, Any]) -> dict[str, Any]:
    while state["phase"] != "over":
        state = first_move(page, state)
    return state


def open_table(page: Page, game_id: str) -> None:
    page.goto(f"/games/{game_id}")
    page.wait_for_function(TABLE_READY_JS, timeout=TIMEOUT_MS)


# -- the tests ------------------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", ["/", "/rules", "/settings", "/history", "/data"])
def test_static_pages_have_no_serious_violations(axe: Axe, page: Page, path: str, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)  # app.css has a prefers-color-scheme: dark palette
    page.goto(path)
    problems = check(axe, page, f"{path} ({scheme})")
    assert not problems, "\n".join(problems)


def test_pages_with_saved_games_have_no_serious_violations(axe: Axe, page: Page) -> None:
    """The lobby, history and data pages once there are an unfinished game and a finished game
    of each kind (the history's statistics have a block per game: win rates, and DIVIDE's places)."""
    new_game(page)
    finish(page, new_game(page, swap="blind"))
    finish(page, api(page, "POST", "/api/games", {"game": "card-commons", "bot": "random", "target": "3"}))
    finish(page, api(page, "POST", "/api/games", {"game": "divide", "bot": "random", "rounds": "1"}))
    problems = []
    for path in ("/", "/history", "/data"):
        page.goto(path)
        problems += check(axe, page, f"{path} (with games)")
    assert not problems, "\n".join(problems)


def test_table_at_every_phase_has_no_serious_violations(axe: Axe, page: Page) -> None:
    state = new_game(page)
    seen: set[str] = set()
    problems = []
    while True:
        if state["phase"] not in seen:
            seen.add(state["phase"])
            open_table(page, state["id"])
            problems += check(axe, page, f"/games/{{id}} at {state['phase']}")
        if state["phase"] == "over":
            break
        state = first_move(page, state)
    assert {"split", "choose", "build", "over"} <= seen, seen
    assert not problems, "\n".join(problems)


def test_replay_has_no_serious_violations(axe: Axe, page: Page) -> None:
    state = finish(page, new_game(page))
    problems = []
    page.goto(f"/games/{state['id']}/replay")
    last = int(page.locator("#replay-position").inner_text().split()[-1])
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for move in (0, 1, last // 2, last):
            page.goto(f"/games/{state['id']}/replay?move={move}")
            problems += check(axe, page, f"/games/{{id}}/replay?move={move} ({scheme})")
    assert not problems, "\n".join(problems)
