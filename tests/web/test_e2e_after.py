"""End-to-end browser tests of the pages after the game: the history and the replay.

``divided serve`` runs in a subprocess (``e2e_server``); Debian's Chromium drives it through
Playwright. Games are played to the end through the JSON API from inside the page's context
(so they belong to the page's session cookie), then the pages are checked against the server's
own answers (``/api/history``, ``/api/games/{id}`` and ``/api/games/{id}/replay?move=N``):

1. the history lists the finished game with its result, the deciding step and a link to its
   replay, and the statistics count it;
2. the replay steps by its Next, Previous and Last links: the URL's ``move`` follows, and the
   position, the log and the hand are those of that step; on an early step the bot's area shows
   none of the bot's cards the player had not seen (only what the player knew, and backs);
3. the replay controls work by keyboard alone (Tab and Enter) with a visible focus ring.

Without ``/usr/bin/chromium`` the module is skipped with a loud reason.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from e2e_server import CHROMIUM, E2EServer, running_server
from playwright.sync_api import Browser, BrowserContext, Page, expect
from webtools import log_text

if not CHROMIUM.exists():
    pytest.skip(
        f"!!! END-TO-END BROWSER TESTS (after the game) SKIPPED: {CHROMIUM} is missing. Install Debian's "
        "Chromium with `apt-get install chromium` (as root; or run scripts/ensure-test-tools.sh); Playwright "
        "must not download a browser of its own. !!!",
        allow_module_level=True,
    )

pytestmark = pytest.mark.slow

TIMEOUT_MS = 20_000

RANK_WORDS = {"T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
SUIT_WORDS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
RESULT_WORDS = {"win": "You won", "loss": "The bot won", "draw": "Drawn"}

FOCUS_JS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  const s = getComputedStyle(a);
  const r = a.getBoundingClientRect();
  return {
    id: a.id, tag: a.tagName, text: (a.textContent || '').trim().slice(0, 80),
    focusVisible: a.matches(':focus-visible'),
    outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0,
    shadow: s.boxShadow !== 'none',
    inView: r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 &&
      r.top < window.innerHeight && r.left < window.innerWidth
  };
}"""


def words(code: str) -> str:
    """The spoken name of a card code, as the pages label cards ("Ts" -> "ten of spades")."""
    return "the Joker" if code == "Jk" else f"{RANK_WORDS[code[0]]} of {SUIT_WORDS[code[1]]}"


# -- fixtures -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[E2EServer]:
    with running_server(tmp_path_factory.mktemp("e2e-after-data")) as running:
        yield running


@pytest.fixture
def context(browser: Browser, server: E2EServer) -> Iterator[BrowserContext]:
    opened = browser.new_context(base_url=server.url)
    opened.set_default_timeout(TIMEOUT_MS)
    try:
        yield opened
    finally:
        with contextlib.suppress(Exception):
            opened.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


# -- helpers --------------------------------------------------------------------------------


def api(page: Page, method: str, path: str, data: dict[str, Any] | None = None) -> Any:
    """Call the JSON API with the page's cookies (its session)."""
    response = page.request.fetch(path, method=method, data=data)
    assert response.ok, f"{method} {path}: {response.status} {response.text()}"
    return response.json()


def finished_game(page: Page, *, swap: str = "blind") -> dict[str, Any]:
    """A game against the random bot played to the end with first legal moves; its final state."""
    page.goto("/")  # the first page sets the session cookie
    state = api(page, "POST", "/api/games", {"bot": "random", "swap": swap, "first_splitter": "you"})
    while state["phase"] != "over":
        assert state["to_move"] == "you", state
        state = api(page, "POST", f"/api/games/{state['id']}/moves",
                    {"move_number": state["move_number"], "action": state["legal"][0]["action"]})
    assert state["table"]["showdown"] is not None
    return state


def step_of(page: Page, game_id: str, move: int) -> dict[str, Any]:
    body = api(page, "GET", f"/api/games/{game_id}/replay?move={move}")
    step: dict[str, Any] = body["steps"][0]
    assert step["index"] == move
    return step


def url_move(page: Page) -> int | None:
    values = parse_qs(urlparse(page.url).query).get("move")
    return int(values[0]) if values else None


def card_names(page: Page, selector: str) -> list[str]:
    """The accessible names of the face-up cards drawn inside ``selector``."""
    return [str(name) for name in page.locator(f"{selector} .card[role=img]").evaluate_all(
        "els => els.filter(e => !e.classList.contains('back')).map(e => e.getAttribute('aria-label'))")]


CHIP_SUITS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}


def chips_text(line: str) -> str:
    """A line as the page shows it: card codes drawn as chips, read as "10\u2660", "Joker"."""
    def chip(found: re.Match[str]) -> str:
        code = found.group(0)
        return "Joker" if code == "Jk" else ("10" if code[0] == "T" else code[0]) + CHIP_SUITS[code[1]]
    return re.sub(r"(?<![A-Za-z0-9])(?:[TJQKA][shdc]|Jk)(?![A-Za-z0-9])", chip, line)


def opponent_cards(state: dict[str, Any]) -> list[str]:
    """The bot's cards drawn face up at a step: the certain ones and those seen going there that
    may still be there (with their chance), by name, sorted."""
    codes = set(state["table"]["opponent"]["known"]) | {item["card"] for item in state["table"]["opponent"].get("watched", [])}
    return sorted(words(code) for code in codes)


def zone(title_id: str) -> str:
    return f"section[aria-labelledby={title_id}]"


def check_step(page: Page, game_id: str, move: int, last: int) -> dict[str, Any]:
    """The replay page shows step ``move``: URL, position, log, hand, and nothing it must hide."""
    expect(page.locator("#replay-position")).to_have_text(f"Move {move} of {last}")
    assert url_move(page) == move, page.url
    step = step_of(page, game_id, move)
    state = step["state"]
    log = [line.strip() for line in page.locator(".log-area ol.log li").all_inner_texts()]
    assert log == [chips_text(line.strip()) for line in log_text(state)], (move, log, log_text(state))
    assert card_names(page, zone("replay-yours")) == [words(code) for code in state["table"]["hand"]], move
    page.wait_for_selector("#knowledge-body[data-loaded]", state="attached")  # the step's state is in
    opponent = sorted(name.split(",")[0] for name in card_names(page, zone("replay-opponent")))
    assert opponent == opponent_cards(state), (move, opponent)
    return step


# -- the tests ------------------------------------------------------------------------------


def test_history_lists_the_finished_game_with_result_and_statistics(page: Page) -> None:
    final = finished_game(page)
    outcome = final["table"]["showdown"]
    result = {"you": "win", "bot": "loss", None: "draw"}[outcome["winner"]]
    history = api(page, "GET", "/api/history")
    assert [(g["id"], g["result"], g["summary"]["step"]) for g in history["games"]] == [
        (final["id"], result, outcome["step"])]

    page.goto("/history")
    expect(page.locator("h1")).to_have_text("History")
    rows = page.locator("#finished-games tbody tr")
    expect(rows).to_have_count(1)
    row = rows.first
    expect(row.locator("td").nth(1)).to_have_text("Divided Ranks")
    expect(row.locator("td").nth(2)).to_have_text("Random")
    # the rules column names the options that differ from the standard rules, in the lobby's words
    variant = "; ".join(words for name, value, words in (
        ("swap", "face-up", "Swap at the reserve: Face up"), ("first_splitter", 0, "Who splits first: You"),
        ("first_splitter", 1, "Who splits first: The bot")) if final["options"][name] == value)
    expect(row.locator("td").nth(3)).to_have_text(variant or "Standard rules")
    expect(row.locator("td").nth(4)).to_have_text(RESULT_WORDS[result])
    decided = (f"step {outcome['step']}: {outcome['step_name']}" if outcome["step"]
               else "every comparison equal")
    expect(row.locator("td").nth(5)).to_have_text(decided)
    expect(row.get_by_role("link", name="Replay")).to_have_attribute("href", f"/games/{final['id']}/replay")

    block = page.locator("section.game-stats[data-game=divided-ranks]")
    expect(block.locator("h3")).to_have_text("Divided Ranks")
    stats = block.locator("table.stats tbody tr")
    expect(stats).to_have_count(1)  # the random bot with the blind swap (no total across games)
    wins, draws, losses = (int(result == kind) for kind in ("win", "draw", "loss"))
    expect(stats.first.locator("th")).to_have_text("Random")
    cells = [text.strip() for text in stats.first.locator("td").all_inner_texts()]
    assert cells[1:6] == ["1", str(wins), str(draws), str(losses), f"{100 * wins}%"], cells
    assert re.fullmatch(r"\d+%\u2013\d+%", cells[6]), cells
    expect(block.locator("figure.chart svg")).to_have_count(1)

    page.get_by_role("link", name="Replay").click()
    page.wait_for_url(re.compile(rf"/games/{final['id']}/replay"))
    expect(page.locator("#replay-showdown")).to_be_visible()


TITLES = {"divided-ranks": "Divided Ranks", "card-commons": "Card Commons", "divide": "DIVIDE"}


def finish_with_first_moves(page: Page, body: dict[str, Any]) -> dict[str, Any]:
    """Start a game through the API in the page's session and play its first legal moves to the end."""
    state = api(page, "POST", "/api/games", body)
    while state["phase"] != "over":
        state = api(page, "POST", f"/api/games/{state['id']}/moves",
                    {"move_number": state["move_number"], "action": state["legal"][0]["action"]})
    return state


def test_history_and_your_games_name_each_game(page: Page) -> None:
    page.goto("/")
    played = [finish_with_first_moves(page, body) for body in (
        {"game": "divided-ranks", "bot": "random"}, {"game": "card-commons", "bot": "random", "target": "3"},
        {"game": "divide", "bot": "random", "players": "4", "rounds": "1"})]
    newest_first = [TITLES[final["game"]] for final in reversed(played)]

    page.goto("/history")
    names = page.locator("#finished-games tbody td[data-label=Game]")
    expect(names).to_have_text(newest_first)
    expect(page.locator("section.game-stats h3")).to_have_text([TITLES[game] for game in sorted(TITLES)])
    for game, title in TITLES.items():
        block = page.locator(f"section.game-stats[data-game={game}]")
        expect(block.locator("table.stats caption")).to_contain_text(title)
        for label in block.locator("svg.history-chart").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))"):
            assert label.startswith(title), label
    expect(page.locator("section.game-stats[data-game=divide] th[scope=col]").nth(4)).to_have_text("Average place")
    expect(page.locator("#stats-overall")).to_contain_text("1 of Card Commons")
    expect(page.get_by_text("All games")).to_have_count(0)

    page.goto("/")
    expect(page.locator("#games tbody td[data-label=Game]")).to_have_text(newest_first)

    page.goto(f"/games/{played[1]['id']}/replay")
    expect(page.locator("h1")).to_contain_text("Replay of Card Commons")
    assert page.title().startswith("Replay of Card Commons")


def test_replay_steps_by_next_previous_and_last(page: Page) -> None:
    final = finished_game(page)
    game_id = final["id"]
    page.goto(f"/games/{game_id}/replay?move=0")
    last = int(page.locator("#replay-position").inner_text().split()[-1])
    assert last >= 10
    check_step(page, game_id, 0, last)
    expect(page.locator("#replay-previous")).to_have_count(0)  # nothing before the start
    expect(page.locator("#replay-showdown")).to_have_count(0)

    seen_logs = []
    for move in (1, 2, 3):
        page.locator("#replay-next").click()
        page.wait_for_url(re.compile(rf"move={move}$"))
        step = check_step(page, game_id, move, last)
        seen_logs.append(len(step["state"]["log"]))
        expect(page.locator("#replay-showdown")).to_have_count(0)
    assert seen_logs == sorted(seen_logs) and seen_logs[0] < seen_logs[-1], seen_logs

    hand_at_3 = card_names(page, zone("replay-yours"))
    page.locator("#replay-previous").click()
    page.wait_for_url(re.compile(r"move=2$"))
    check_step(page, game_id, 2, last)
    assert card_names(page, zone("replay-yours")) != hand_at_3 or \
        step_of(page, game_id, 2)["state"]["table"]["hand"] == step_of(page, game_id, 3)["state"]["table"]["hand"]

    page.locator("#replay-last").click()
    page.wait_for_url(re.compile(rf"move={last}$"))
    check_step(page, game_id, last, last)
    expect(page.locator("#replay-next")).to_have_count(0)
    expect(page.locator("#replay-showdown")).to_be_visible()
    expect(page.locator(zone("replay-showdown"))).to_contain_text(chips_text(final["table"]["showdown"]["description"]))


def test_replay_never_shows_the_bots_unseen_cards_before_the_showdown(page: Page) -> None:
    final = finished_game(page)
    game_id = final["id"]
    bot_cards = {code for label in ("weaker", "stronger") for code in final["table"]["showdown"]["bot"][label]["cards"]}
    page.goto(f"/games/{game_id}/replay")
    last = int(page.locator("#replay-position").inner_text().split()[-1])
    for move in range(last):  # every step before the showdown
        page.goto(f"/games/{game_id}/replay?move={move}")
        state = step_of(page, game_id, move)["state"]
        watched = {item["card"] for item in state["table"]["opponent"]["watched"]}  # seen going there
        visible = set(state["table"]["hand"]) | set(state["table"]["opponent"]["known"]) | set(state["table"]["face_up"]) \
            | set(state["table"]["drawn"] or []) | watched
        hidden = {words(code) for code in bot_cards - visible}
        shown = set(card_names(page, "main"))
        assert not shown & hidden, f"step {move} shows the bot's unseen cards {sorted(shown & hidden)}"
        page.wait_for_selector("#knowledge-body[data-loaded]", state="attached")
        opponent = sorted(name.split(",")[0] for name in card_names(page, zone("replay-opponent")))
        assert opponent == opponent_cards(state), move


def test_replay_draws_backs_for_the_bots_unknown_cards(page: Page) -> None:
    """On an early step the bot's area shows a back for every card the player has not seen."""
    final = finished_game(page)
    steps = api(page, "GET", f"/api/games/{final['id']}/replay")["steps"]
    early = next(step for step in steps if step["state"]["table"]["opponent"]["unknown"] > 0)
    move, unknown = early["index"], early["state"]["table"]["opponent"]["unknown"]
    page.goto(f"/games/{final['id']}/replay?move={move}")
    backs = page.locator(f"{zone('replay-opponent')} .card.back")
    assert backs.count() == unknown, (
        f"the bot's area on step {move} draws {backs.count()} card backs for {unknown} cards unknown to "
        f"the player (it says: {page.locator(zone('replay-opponent')).inner_text()!r})")


def tab_to(page: Page, element_id: str, limit: int = 40) -> dict[str, Any]:
    """Press Tab until the element with ``element_id`` has the focus; its focus description."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focus = page.evaluate(FOCUS_JS)
        if focus and focus["id"] == element_id:
            return dict(focus)
    raise AssertionError(f"#{element_id} was not reached by {limit} presses of Tab")


def test_replay_controls_by_keyboard_alone(page: Page) -> None:
    final = finished_game(page)
    game_id = final["id"]
    page.goto(f"/games/{game_id}/replay?move=0")
    last = int(page.locator("#replay-position").inner_text().split()[-1])

    def press(element_id: str, move: int) -> None:
        focus = tab_to(page, element_id)
        assert focus["focusVisible"] and (focus["outline"] or focus["shadow"]) and focus["inView"], focus
        page.keyboard.press("Enter")
        page.wait_for_url(re.compile(rf"move={move}$"))
        check_step(page, game_id, move, last)

    press("replay-next", 1)
    press("replay-next", 2)
    press("replay-previous", 1)
    press("replay-last", last)
    press("replay-first", 0)


def test_the_review_is_shown_on_the_replay(page: Page) -> None:
    """Review this game: the button starts it, progress ends in the review, and each of the
    player's steps shows the grade and reason the server computed for that move."""
    final = finished_game(page)
    game_id = final["id"]
    page.goto(f"/games/{game_id}/replay?move=0")
    button = page.locator("#review-button")
    expect(button).to_be_visible(timeout=TIMEOUT_MS)
    button.click()
    review: dict[str, Any] = {}
    for _ in range(600):  # a whole review takes a few seconds of CPU (BENCHMARKS.md)
        review = api(page, "GET", f"/api/games/{game_id}/review")
        if review["status"] == "done":
            break
        page.wait_for_timeout(100)
    assert review["status"] == "done" and review["moves"], review
    entry = page.locator("#review-entry")
    # Walk to the first step that is one of the player's reviewed decisions.
    reviewed = {move["move_number"]: move for move in review["moves"]}
    last = len(api(page, "GET", f"/api/games/{game_id}/replay")["steps"]) - 1
    for index in range(last + 1):
        step = step_of(page, game_id, index)
        if step["move_number"] in reviewed:
            page.goto(f"/games/{game_id}/replay?move={index}")
            expect(entry).to_be_visible(timeout=TIMEOUT_MS)
            text = entry.inner_text()
            move = reviewed[step["move_number"]]
            assert chips_text(move["reason"])[:40] in text
            assert move["grade"] in text.lower()
            break
    else:
        pytest.fail("no replay step carries a reviewed decision")
