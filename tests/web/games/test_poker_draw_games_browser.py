"""The draw games of issue 30 in a real browser (``divided serve``, Chromium through Playwright):
each new game (swaps and "I call", one-card discards and passes, paid draws, face-up discards at
once, set-aside cards and the take-back, wild cards, matches...) is found in the lobby's
Poker picker by its search box, started, and played by clicks to the showdown and into the
next hand, at a phone's and a laptop's width; every control is checked against the server's
state (:class:`test_poker_browser.Table`). A sample runs in the suite, every game at both sizes
in the slow part and the sweeps (each game at one size in ``make test``, the other in ``make sweeps``).
The tests wait on states, never on time.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_server import CHROMIUM, E2EServer, api, running_server
from playwright.sync_api import Browser, Page, expect

if not CHROMIUM.exists():
    pytest.skip(f"!!! END-TO-END BROWSER TESTS SKIPPED: {CHROMIUM} is missing (apt-get install chromium) !!!",
                allow_module_level=True)

from test_poker_browser import DISPLAY, SIZES, TIMEOUT_MS, Table, deal_next, play_to_the_end
from test_poker_browser import GAMES as OLD_GAMES

from divided.games.poker.variants import VARIANTS
from divided.web.games.poker.picks import features

NEW_GAMES = sorted(set(VARIANTS) - set(OLD_GAMES))
"""Every poker game after the seven of the first poker issue (those: ``test_poker_browser``)."""
SAMPLE = [("bounce-back", "phone"), ("jackpot", "laptop")]
"""The part that runs in the suite: a take-back and the swapping turns, one size each."""
HANDS = 2


def runs() -> list[Any]:
    """Every game at both sizes: the sample in the fast suite, each game at one size (phone and
    laptop in turn) in the slow part of ``make test``, its other size in ``make sweeps``."""
    out = []
    sizes = list(SIZES)
    for index, game in enumerate(NEW_GAMES):
        for size in sizes:
            if (game, size) in SAMPLE:
                marks: tuple[Any, ...] = ()
            elif size == sizes[index % len(sizes)]:
                marks = (pytest.mark.slow,)
            else:
                marks = (pytest.mark.slow, pytest.mark.sweep)
            out.append(pytest.param(game, size, marks=marks, id=f"{game}-{size}"))
    return out


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[E2EServer]:
    with running_server(tmp_path_factory.mktemp("poker-draw-e2e")) as running:
        yield running


def search_and_start(page: Page, game: str, players: int) -> None:
    """The lobby's Poker picker: type what the game has, check it is among the games shown (and
    a game without it is not), pick it, start with the random bot."""
    page.goto("/?game=five-card-draw")
    has = [f for f in features(VARIANTS[game]) if f != "draw"] or ["draw"]
    wanted = has[0]
    page.fill("#variant-search", wanted)
    picker = page.locator("#variant-picker")
    shown = {game for game, made in VARIANTS.items() if wanted in features(made)}
    for other, _ in VARIANTS.items():
        label = picker.locator(f'label.choice:has(input[value="{other}"])')
        if other in shown:
            expect(label).to_be_visible()
        else:
            expect(label).to_be_hidden()
    expect(page.locator("#variant-search-status")).to_have_text(
        f"{len(shown)} game{'s have' if len(shown) != 1 else ' has'} it.")
    with page.expect_navigation():
        picker.locator(f'input[value="{game}"]').check()
    expect(page.locator("#variant-picker input:checked")).to_have_value(game)
    page.locator(f'input[name="players"][value="{players}"]').check()
    page.locator('input[name="bot"][value="random"]').check()
    page.click("#start-game")
    page.wait_for_url(re.compile(r"/games/[0-9a-f]+$"))


@pytest.mark.parametrize(("game", "size"), runs())
def test_a_draw_game_found_by_what_it_has_and_played_by_clicks(browser: Browser, server: E2EServer,
                                                               game: str, size: str) -> None:
    context = browser.new_context(base_url=server.url, viewport=SIZES[size])  # type: ignore[arg-type]
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(script=f"window.localStorage.setItem('divided.settings', {json.dumps(json.dumps(DISPLAY))});")
    players = 4 if game == "auction-flop" else 3 if VARIANTS[game].players[0] <= 3 <= VARIANTS[game].players[1] \
        else VARIANTS[game].players[0]  # Auction Flop four-handed: a fourth place that wins nothing
    try:
        page = context.new_page()
        table = Table(page, random.Random(f"{game}-{size}"))
        search_and_start(page, game, players)
        s = table.ready()
        assert s["game"] == game
        first = s["id"]
        for _ in range(HANDS):
            s = play_to_the_end(page, table, s)
            s = deal_next(page, table, s, players)
        check_replay_ends_in_view(page, first)
        assert not table.errors, table.errors
    finally:
        with contextlib.suppress(Exception):
            context.close()


LAST_LINE_SHOWN_JS = """() => {
  const list = document.querySelector('ol.log'), last = list && list.lastElementChild;
  if (!last) return 'no log';
  const box = list.getBoundingClientRect(), line = last.getBoundingClientRect();
  return line.top >= box.top - 1 && line.bottom <= box.bottom + 1 ? 'shown' : 'hidden at ' + Math.round(line.top) +
    ' in ' + Math.round(box.top) + '..' + Math.round(box.bottom);
}"""


def check_replay_ends_in_view(page: Page, game_id: str) -> None:
    """The replay of a finished hand opens at its end with the log's last line (the result) in
    view, as the table's log shows it, and what you knew loaded."""
    page.goto(f"/games/{game_id}/replay")
    expect(page.locator("#knowledge-body[data-loaded]")).to_have_count(1)
    assert page.evaluate(LAST_LINE_SHOWN_JS) == "shown"


MATCH_GAMES = sorted(game for game, made in VARIANTS.items()
                     if {"replayed deals", "token"} & set(features(made)))
"""The match games whose deals carry chips often (a replay, a token taken): Assassin's carry (every
showdown hand assassinated) is rare in random play, and is checked through the API instead."""


@pytest.mark.slow
@pytest.mark.parametrize("game", MATCH_GAMES)
def test_a_match_shows_its_deal_and_the_chips_carried_into_it(browser: Browser, server: E2EServer, game: str) -> None:
    """Tables of a match game played by clicks until a deal starts with chips carried in: the page
    says the deal's number and the chips carried, and its pot counts them, as the server says."""
    context = browser.new_context(base_url=server.url, viewport=SIZES["phone"])  # type: ignore[arg-type]
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(script=f"window.localStorage.setItem('divided.settings', {json.dumps(json.dumps(DISPLAY))});")
    players = max(3, VARIANTS[game].players[0])
    try:
        page = context.new_page()
        table = Table(page, random.Random(f"match-{game}"))
        for _ in range(12):  # tables until a deal carries (most do: a pot nobody may win)
            search_and_start(page, game, players)
            s = table.ready()
            for _ in range(400):
                if s["phase"] == "over":
                    break
                match = s["table"]["match"]
                if match and match["deal"] > 1 and match["carried"]:
                    centre = page.locator("#centre-body")
                    expect(centre.locator(".pk-match")).to_contain_text(
                        f"Deal {match['deal']} of at most {match['max_deals']}")
                    expect(centre.locator(".pk-match")).to_contain_text(f"{match['carried']} carried into the main pot")
                    expect(centre.locator(".pk-pot")).to_have_text(f"Pot {s['table']['pot']}")
                    assert s["table"]["pot"] >= match["carried"]
                    assert not table.errors, table.errors
                    return
                s = table.decide(s)
        raise AssertionError(f"no deal of {game} carried chips into the next in twelve tables")
    finally:
        with contextlib.suppress(Exception):
            context.close()


def test_a_poker_review_reads_in_shares_of_the_pot_and_names_each_decision(browser: Browser, server: E2EServer) -> None:
    """The review of a poker hand (hand-made answers from the review API, with the unit the server
    gives): losses in shares of the pot, never "win chance", and each decision named by what it was
    ("the swap at move 1", not "bet")."""
    context = browser.new_context(base_url=server.url, viewport=SIZES["laptop"])  # type: ignore[arg-type]
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto("/")
        s = api(page, "POST", "/api/games", {"game": "jackpot", "bot": "random", "players": 2})
        rng = random.Random(0)
        while s["phase"] != "over":
            s = api(page, "POST", f"/api/games/{s['id']}/moves",
                    {"move_number": s["move_number"], "action": rng.choice(s["legal"])["action"]})
        numbers = [step["move_number"] for step in api(page, "GET", f"/api/games/{s['id']}/replay")["steps"]]
        moves = [{"move_number": numbers[1], "phase": "swap", "played": 5, "played_label": "exchange Ah", "best": 4,
                  "best_label": "keep your cards", "values": {}, "loss": 0.25, "grade": "blunder", "reason": "",
                  "loss_error": 0.008},
                 {"move_number": numbers[2], "phase": "bet", "played": 1, "played_label": "check", "best": 2,
                  "best_label": "bet 2", "values": {}, "loss": 0.01, "grade": "good", "reason": ""}]
        body = json.dumps({"status": "done", "done": 2, "total": 2, "moves": moves, "error": None,
                           "unit": api(page, "GET", f"/api/games/{s['id']}/review")["unit"]})
        page.route(re.compile(r".*/api/games/[0-9a-f]+/review$"),
                   lambda route: route.fulfill(status=200, content_type="application/json", body=body))
        page.goto(f"/games/{s['id']}/replay")
        items = page.locator("#review-list li")
        expect(items).to_have_count(2)
        expect(items.nth(0)).to_contain_text("the swap at move 1")
        expect(items.nth(0)).to_contain_text("you lost 25% \u00b1 0.8% of the pot")
        expect(items.nth(1)).to_contain_text("the betting at move 2")
        expect(items.nth(1)).to_contain_text("you lost 1% of the pot")
        assert "win chance" not in page.inner_text("#review-list")
    finally:
        with contextlib.suppress(Exception):
            context.close()
