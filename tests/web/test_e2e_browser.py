"""End-to-end browser tests: ``divided serve`` in a subprocess, Debian's Chromium through Playwright.

Every game here is played the way a person plays it: from the lobby form, by clicking (or, in
the keyboard test, by Tab, Enter and Space only) whatever the page offers at each phase. The
server's answer (``GET /api/games/{id}``, fetched from inside the page so it carries the page's
session cookie) is the reference the page is checked against.

Covered:

1. complete games against the random bot (default settings: the bot's moves paced, confirmations
   on) and the skilled bot, through the showdown, whose plain-words result must name the deciding
   scoring step (or say draw) and show both players' hands;
2. the knowledge panel at every phase: your hand and what the bot can count on, the bot's known
   cards and backs, the unaccounted cards with their odds, and at the reserve the swap and reserve
   odds as percentages, on the panel and on the keep/give buttons;
3. auto-arrange: the two rows then hold exactly the server's ``build.auto`` hands;
4. resuming: after a reload, and in a new browser context holding the same cookies; a context
   without the cookie is told there is no such game;
5. a 390x844 phone: the ten-card hand and the build rows lie in two rows of five, and the page
   never scrolls sideways;
6. the keyboard alone: a whole game by Tab, Enter and Space, with a visible focus ring.

Chromium is Debian's (``/usr/bin/chromium``); Playwright never downloads a browser here. Without
it the module is skipped with a loud reason.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_server import CHROMIUM, E2EServer, running_server
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from webtools import log_text

if not CHROMIUM.exists():
    pytest.skip(
        f"!!! END-TO-END BROWSER TESTS SKIPPED: {CHROMIUM} is missing. Install Debian's Chromium "
        "with `apt-get install chromium` (as root; or run scripts/ensure-test-tools.sh); Playwright must not "
        "download a browser of its own. !!!",
        allow_module_level=True,
    )

pytestmark = pytest.mark.slow

TIMEOUT_MS = 20_000
SETTINGS_KEY = "divided-ranks.settings"
QUICK = {"pace": "off", "confirm": True}  # the bot's moves shown at once; confirmations stay on

RANK_WORDS = {"T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
SUIT_WORDS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
PACK = [rank + suit for rank in "TJQKA" for suit in "shdc"] + ["Jk"]
WORDS = {("the Joker" if code == "Jk" else f"{RANK_WORDS[code[0]]} of {SUIT_WORDS[code[1]]}"): code
         for code in PACK}
SUIT_GLYPHS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
CARD_TOKEN = re.compile(r"\b(?:10|[TJQKA])[shdc]\b|\bJk\b")
PLACE_NAMES = {"opponent's hand": "Bot's hand", "my hand": "Your hand", "reserve": "Reserve",
               "stock": "Stock", "on the table": "Face-down pair"}
STEP_NAMES = ("the categories of the weaker hands", "the categories of the stronger hands",
              "the weaker hands card for card", "the stronger hands card for card")
PERCENT = re.compile(r"^(?:<0\.1|\d{1,3}(?:\.\d)?)%$")

# The page is ready for the human when nothing is in flight, the bot's moves are not being
# paced out, and it is the human's turn or the game is over. Anything else it can settle in
# (a stuck bot, a missing game) is returned too, so the test fails with words, not a timeout.
READY_JS = """() => {
  const main = document.getElementById('main');
  if (!main || main.getAttribute('aria-busy') !== 'false') return false;
  if (/no such game/i.test(document.getElementById('prompt').textContent)) return 'missing';
  if (document.querySelector('#controls .pacing')) return false;
  const whose = document.getElementById('whose-turn').textContent.trim();
  if (whose === 'The bot is stuck') return 'stuck';
  if (whose === 'Your turn' || whose === 'Game over') return 'ready';
  return false;
}"""

PHASE_JS = """() => {
  const c = document.getElementById('controls');
  if (c.querySelector('#confirm-yes')) return 'confirm';
  if (c.querySelector('.showdown')) return 'over';
  if (c.querySelector('[role=group][aria-label="The four cards you drew"]')) return 'split';
  if (c.querySelector('[data-focus=take-up], [data-focus=take-down]')) return 'choose';
  if (c.querySelector('[data-focus=keep], [data-focus^=give-]')) return 'reserve';
  if (c.querySelector('[data-focus=auto]')) return 'build';
  return 'unknown';
}"""

FETCH_JS = """async (id) => {
  const r = await fetch('/api/games/' + encodeURIComponent(id), {credentials: 'same-origin', cache: 'no-store'});
  return {status: r.status, body: await r.json()};
}"""

FOCUS_JS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  const s = getComputedStyle(a);
  const r = a.getBoundingClientRect();
  return {
    tag: a.tagName, text: (a.getAttribute('aria-label') || a.textContent || '').trim().slice(0, 80),
    focusVisible: a.matches(':focus-visible'),
    outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0,
    shadow: s.boxShadow !== 'none',
    inView: r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 &&
      r.top < window.innerHeight && r.left < window.innerWidth
  };
}"""


def percent(p: float) -> str:
    """The page's percentage format (cards.js ``percent``): 0.0625 -> "6.3%", 0.25 -> "25%"."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    value = p * 100
    if value < 0.1:
        return "<0.1%"
    rounded = int(value * 10 + 0.5) / 10  # JavaScript's Math.round: halves go up
    return f"{int(rounded)}%" if rounded == int(rounded) else f"{rounded}%"


def pretty(text: str) -> str:
    """Text with card codes drawn the way the page draws them (cards.js ``pretty``)."""
    def label(match: re.Match[str]) -> str:
        code = match.group(0)
        if code == "Jk":
            return "Joker"
        return ("10" if code[0] == "T" else code[0]) + SUIT_GLYPHS[code[1]]
    return CARD_TOKEN.sub(label, text)


WORDS_OF = {code: name for name, code in WORDS.items()}


def code_of(label: str) -> str:
    """The card code of an accessible card name ("ten of spades, known to the bot" -> "Ts")."""
    words = label.split(",")[0].strip()
    assert words in WORDS, f"not a card name: {label!r}"
    return WORDS[words]


def settings_script(values: dict[str, Any]) -> str:
    """An init script storing browser settings before the page's own scripts read them."""
    text = json.dumps(values)
    return f"window.localStorage.setItem({json.dumps(SETTINGS_KEY)}, {json.dumps(text)});"


# -- fixtures -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[E2EServer]:
    with running_server(tmp_path_factory.mktemp("e2e-data")) as running:
        yield running


class Contexts:
    """Opens browser contexts on the server (optionally with stored settings); closes them all."""

    def __init__(self, browser: Browser, server: E2EServer) -> None:
        self.browser = browser
        self.server = server
        self.opened: list[BrowserContext] = []

    def new(self, settings: dict[str, Any] | None = None, **options: Any) -> BrowserContext:
        context = self.browser.new_context(base_url=self.server.url, **options)
        context.set_default_timeout(TIMEOUT_MS)
        if settings is not None:
            context.add_init_script(script=settings_script(settings))
        self.opened.append(context)
        return context

    def close(self) -> None:
        for context in self.opened:
            with contextlib.suppress(Exception):  # already closed by the test
                context.close()


@pytest.fixture
def contexts(browser: Browser, server: E2EServer) -> Iterator[Contexts]:
    opened = Contexts(browser, server)
    try:
        yield opened
    finally:
        opened.close()


# -- the table, as a player sees it --------------------------------------------------------


class Table:
    """One game's table page, driven like a player would, with the server's state to compare."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    @property
    def game_id(self) -> str:
        found = re.search(r"/games/([^/?#]+)", self.page.url)
        assert found, f"not on a table page: {self.page.url}"
        return found.group(1)

    # reading ---------------------------------------------------------------------------
    def api(self) -> tuple[int, dict[str, Any]]:
        """``GET /api/games/{id}`` from inside the page (with the page's session cookie)."""
        result = self.page.evaluate(FETCH_JS, self.game_id)
        return int(result["status"]), dict(result["body"])

    def state(self) -> dict[str, Any]:
        status, body = self.api()
        assert status == 200, f"GET /api/games/{self.game_id} answered {status}: {body}"
        return body

    def wait_ready(self) -> str:
        """Wait until the page waits for the human (or shows the result); return the phase shown."""
        handle = self.page.wait_for_function(READY_JS, timeout=TIMEOUT_MS)
        how = handle.json_value()
        assert how == "ready", f"the table settled as {how!r}: {self.page.inner_text('#turn')}"
        assert self.page.locator("#alert").is_hidden(), f"an alert is shown: {self.page.inner_text('#alert')}"
        assert not self.errors, f"script errors on the page: {self.errors}"
        return self.phase()

    def phase(self) -> str:
        return str(self.page.evaluate(PHASE_JS))

    def log_count(self) -> int:
        return self.page.locator("#log li").count()

    def labels(self, selector: str) -> list[str]:
        """Card codes of the card images (faces or chips) under ``selector``."""
        names = self.page.locator(selector).evaluate_all(
            "nodes => nodes.map(n => n.getAttribute('aria-label'))")
        return [code_of(name) for name in names if name]

    def your_hand(self) -> list[str]:
        return self.labels("#your-hand .card:not(.back)")

    def build_rows(self) -> list[list[str]]:
        rows = []
        for index in (0, 1):
            keys = self.page.locator(f'#controls [data-row="{index}"] button[data-focus^="card-"]').evaluate_all(
                "nodes => nodes.map(n => n.getAttribute('data-focus'))")
            rows.append([key.removeprefix("card-") for key in keys])
        return rows

    def snapshot(self) -> dict[str, Any]:
        """What the page shows of the game (and the move number it holds)."""
        return {
            "phase": self.phase(),
            "meta": self.page.inner_text("#game-meta"),
            "whose": self.page.inner_text("#whose-turn"),
            "prompt": self.page.inner_text("#prompt"),
            "hand": sorted(self.your_hand()),
            "opponent": self.page.inner_text("#opponent-summary"),
            "log": self.page.locator("#log li").all_inner_texts(),
            "move_number": self.page.evaluate("() => window.DividedTable && window.DividedTable.state.move_number"),
        }

    # acting ----------------------------------------------------------------------------
    def controls(self) -> Locator:
        return self.page.locator("#controls")

    def after(self, before: int) -> str:
        """Wait until the move was answered (the log grew) and the page is ready again."""
        self.page.wait_for_function("n => document.querySelectorAll('#log li').length > n", arg=before,
                                    timeout=TIMEOUT_MS)
        return self.wait_ready()

    def confirm(self, yes: str | re.Pattern[str]) -> None:
        """Accept the confirmation step the page shows for blind or final choices."""
        group = self.controls().get_by_role("group")
        expect(group).to_be_visible()
        button = self.controls().get_by_role("button", name=yes)
        expect(button).to_be_focused()  # the page puts the focus on "yes"
        button.click()

    def split(self, rng: random.Random) -> str:
        before = self.log_count()
        group = self.controls().get_by_role("group", name="The four cards you drew")
        cards = group.get_by_role("button")
        expect(cards).to_have_count(4)
        confirm = self.controls().get_by_role("button", name=re.compile(r"^Show .+ face up$"))
        expect(self.controls().get_by_role("button", name="Split")).to_be_disabled()
        first, second = rng.sample(range(4), 2)
        cards.nth(first).click()
        expect(cards.nth(first)).to_have_attribute("aria-pressed", "true")
        expect(self.controls().get_by_role("button", name="Split")).to_be_disabled()
        cards.nth(second).click()
        expect(cards.nth(second)).to_have_attribute("aria-pressed", "true")
        expect(confirm).to_be_enabled()
        confirm.click()
        return self.after(before)

    def choose(self, face_down: bool) -> str:
        before = self.log_count()
        if face_down:
            self.controls().get_by_role("button", name=re.compile(r"^Take the face-down pair")).click()
            self.confirm("Yes, take the face-down pair")
        else:
            self.controls().get_by_role("button", name=re.compile(r"^Take the face-up pair")).click()
        return self.after(before)

    def reserve(self, give: str | None, *, blind: bool | None = None) -> str:
        """Keep (``give`` None) or give a card, accepting the confirm step a blind swap asks for
        (``blind``: whether that step must appear; None: whatever the page does)."""
        before = self.log_count()
        if give is None:
            self.controls().get_by_role("button", name=re.compile(r"^Keep my cards")).click()
        else:
            self.page.locator(f'#controls [data-focus="give-{give}"]').click()
            # The confirmation (if any) is drawn by the click handler itself, so it is there now.
            asked = self.page.locator("#confirm-yes").count() > 0
            assert blind is None or asked == blind, f"blind swap {blind}, confirmation asked {asked}"
            if asked:
                self.confirm(re.compile(r"^Yes, give the "))
        return self.after(before)

    def build_auto(self) -> str:
        before = self.log_count()
        self.controls().get_by_role("button", name="Auto-arrange").click()
        lock = self.controls().get_by_role("button", name="Lock in these two hands")
        expect(lock).to_be_enabled()
        lock.click()
        self.confirm("Yes, lock them in")
        return self.after(before)

    def step(self, rng: random.Random, *, face_down: bool | None = None, give: bool | None = None) -> str:
        """Do what the page asks at the current phase (choices from ``rng`` unless fixed)."""
        phase = self.phase()
        if phase == "split":
            return self.split(rng)
        if phase == "choose":
            return self.choose(rng.random() < 0.5 if face_down is None else face_down)
        if phase == "reserve":
            swap = rng.random() < 0.5 if give is None else give
            return self.reserve(rng.choice(sorted(self.state()["table"]["hand"])) if swap else None)
        if phase == "build":
            return self.build_auto()
        raise AssertionError(f"nothing to do at phase {phase!r}: {self.page.inner_text('#turn')}")

    def play_to(self, target: str, rng: random.Random, **choices: Any) -> None:
        for _ in range(20):
            if self.phase() == target:
                return
            self.step(rng, **choices)
        raise AssertionError(f"never reached {target!r}")


def open_game(context: BrowserContext, bot: str, first: str = "coin", swap: str = "blind") -> Table:
    """Start a game from the lobby form by clicks and wait for the table."""
    page = context.new_page()
    table = Table(page)
    page.goto("/")
    form = page.locator("#new-game")
    form.locator(f'input[name="bot"][value="{bot}"]').check()
    form.locator(f'input[name="swap"][value="{swap}"]').check()
    form.locator(f'input[name="first_splitter"][value="{first}"]').check()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/[^/]+$"))
    table.wait_ready()
    state = table.state()
    assert state["seats"][1] == bot and state["options"]["swap"] == swap
    expect(page.locator("#game-meta")).to_contain_text(bot.capitalize() + " bot")
    return table


# -- checks -----------------------------------------------------------------------------------


def check_knowledge(table: Table, state: dict[str, Any]) -> None:
    """The knowledge panel (and the two hands on the table) against the server's books."""
    page = table.page
    hand = set(state["table"]["hand"])
    known = set(state["table"]["hand_known_to_bot"])
    opponent = state["table"]["opponent"]
    books = state["knowledge"]
    where = f"(phase {state['phase']}, move {state['move_number']})"

    mine = page.locator("#know-yours")
    expect(mine).to_be_visible()
    if hand:
        paragraphs = mine.locator("p")
        assert set(table.labels("#know-yours p:nth-of-type(1) .inline-card")) == known, where
        assert set(table.labels("#know-yours p:nth-of-type(2) .inline-card")) == hand - known, where
        expect(paragraphs.nth(0)).to_contain_text("The bot can count on")
    else:
        expect(mine).to_contain_text("You hold no cards yet")
    if page.locator("#your-hand").is_visible():
        assert sorted(table.your_hand()) == sorted(hand), where
        marked = table.labels("#your-hand .card.is-known")
        assert set(marked) == known, where

    # The bot's hand: a face for each card you know or saw go there (with its chance when it
    # may have been given away since), a back for each card you never saw go there.
    faces = sorted(set(opponent["known"]) | {item["card"] for item in opponent["watched"]})
    chances = {item["card"]: item["p"] for item in opponent["watched"] if item["p"] < 1}
    if page.locator("#opponent-hand").is_visible():
        assert sorted(table.labels("#opponent-hand .card:not(.back)")) == faces, where
        expect(page.locator("#opponent-hand .card.back")).to_have_count(opponent["unseen"])
        for card, p in chances.items():
            tag = page.locator(f'#opponent-hand .card.is-maybe[aria-label^="{WORDS_OF[card]},"] .chance-tag')
            expect(tag).to_have_text(f"{round(p * 100)}%")
    theirs = page.locator("#know-theirs")
    assert sorted(table.labels("#know-theirs .inline-card")) == faces, where
    if opponent["unseen"]:
        expect(theirs).to_contain_text(
            re.compile(rf"(Plus|It holds) {'at least ' if chances else ''}{opponent['unseen']} cards? you have not seen"))

    # Unaccounted cards: one row each, with the odds of every place as percentages.
    unaccounted = {item["card"]: item["places"] for item in books["unaccounted"]}
    if unaccounted:
        panel = page.locator("#unaccounted")
        expect(panel.locator("summary")).to_contain_text(f"Unaccounted for ({len(unaccounted)} cards)")
        headers = panel.locator("thead th").all_inner_texts()[1:]
        names = {PLACE_NAMES.get(place, place.capitalize()): place for item in unaccounted.values()
                 for place in item}
        assert sorted(headers) == sorted(names), (headers, names)
        rows = panel.locator("tbody tr")
        expect(rows).to_have_count(len(unaccounted))
        for i in range(rows.count()):
            row = rows.nth(i)
            card = code_of(row.locator("th .inline-card").get_attribute("aria-label") or "")
            cells = row.locator("td").all_inner_texts()
            expected = [percent(unaccounted[card].get(names[header], 0.0)) for header in headers]
            assert cells == expected, f"unaccounted {card} {where}: page {cells}, server {expected}"
    else:
        expect(page.locator("#knowledge-body")).to_contain_text("Every card is accounted for")

    if state["phase"] == "reserve" and state["to_move"] == "you":
        check_reserve_odds(table, state)


def check_reserve_odds(table: Table, state: dict[str, Any]) -> None:
    """At the reserve: the swap odds for keep and every give, and the reserve's odds, in percent."""
    page = table.page
    books = state["knowledge"]
    swaps = {item["give"]: item for item in books["swap_odds"]}
    assert None in swaps and set(swaps) - {None} == set(state["table"]["hand"]), swaps.keys()
    panel = page.locator("#swap-odds")
    expect(panel).to_have_attribute("open", "")
    rows = panel.locator("tbody tr")
    expect(rows).to_have_count(len(swaps))
    for i in range(rows.count()):
        row = rows.nth(i)
        chip = row.locator("th .inline-card")
        give = code_of(chip.get_attribute("aria-label") or "") if chip.count() else None
        if give is None:
            expect(row.locator("th")).to_have_text("Keep")
        cells = row.locator("td").all_inner_texts()
        assert all(PERCENT.match(cell) for cell in cells), cells
        odds = swaps[give]
        assert cells == [percent(odds["better"]), percent(odds["same"]), percent(odds["worse"])], (give, cells)
        expect(row).to_be_visible()
    # The give buttons carry the same odds in words.
    for give, odds in swaps.items():
        if give is None:
            continue
        text = page.locator(f'#controls [data-focus="give-{give}"] .odds-text').inner_text()
        assert text == (f"better {percent(odds['better'])} · same {percent(odds['same'])} · "
                        f"worse {percent(odds['worse'])}"), text
    keep = page.locator('#controls [data-focus="keep"] .odds-text').inner_text()
    stay = swaps[None]
    assert keep == ("your hand stays as it is" if stay["same"] >= 1 else
                    f"better {percent(stay['better'])} · same {percent(stay['same'])} · "
                    f"worse {percent(stay['worse'])}"), keep
    # The reserve itself: the chance of each card, unless the books already know it.
    reserve_odds = books["reserve_odds"]
    if state["table"]["reserve"]["known"] is None:
        assert reserve_odds, "the reserve is unknown but no odds are given"
        table_rows = page.locator("#reserve-odds tbody tr")
        expect(table_rows).to_have_count(len(reserve_odds))
        shown = {code_of(table_rows.nth(i).locator(".inline-card").get_attribute("aria-label") or ""):
                 table_rows.nth(i).locator("td").inner_text() for i in range(table_rows.count())}
        assert shown == {item["card"]: percent(item["p"]) for item in reserve_odds}
        expect(page.locator("#reserve-odds")).to_be_visible()


def check_auto_arrange(table: Table) -> None:
    """Auto-arrange puts exactly the server's ``build.auto`` hands in the two rows."""
    state = table.state()
    auto = state["table"]["build"]["auto"]
    controls = table.controls()
    rows = table.build_rows()
    assert sorted(rows[0] + rows[1]) == sorted(state["table"]["hand"]) and [len(r) for r in rows] == [5, 5]
    # Moving one card makes the rows uneven and the lock unavailable; moving it back restores it.
    lock = controls.get_by_role("button", name="Lock in these two hands")
    moved = rows[0][0]
    controls.locator(f'button[data-focus="card-{moved}"]').click()
    assert [len(r) for r in table.build_rows()] == [4, 6]
    expect(lock).to_be_disabled()
    expect(table.page.locator("#build-verdict")).to_contain_text("needs exactly five cards")
    controls.locator(f'button[data-focus="card-{moved}"]').click()
    expect(lock).to_be_enabled()
    # The rows count their cards in words a player reads right: "1 card", "9 cards".
    for key in rows[0][:4]:
        controls.locator(f'button[data-focus="card-{key}"]').click()
    titles = controls.locator(".row-title").all_inner_texts()
    assert "1 card: a hand needs 5" in titles[0] and "9 cards: a hand needs 5" in titles[1], titles
    for key in rows[0][:4]:
        controls.locator(f'button[data-focus="card-{key}"]').click()
    expect(lock).to_be_enabled()

    controls.get_by_role("button", name="Auto-arrange").click()
    rows = table.build_rows()
    assert sorted(rows[0]) == sorted(auto["weaker"]["cards"]), (rows, auto)
    assert sorted(rows[1]) == sorted(auto["stronger"]["cards"]), (rows, auto)
    titles = controls.locator(".row-title").all_inner_texts()
    assert auto["weaker"]["category"] in titles[0] and auto["stronger"]["category"] in titles[1], titles
    expect(table.page.locator("#build-verdict")).to_have_text("As good as any division of these cards.")
    expect(lock).to_be_enabled()
    expect(lock).to_be_focused()  # the page moves the focus on to the next step


def check_showdown(table: Table) -> dict[str, Any]:
    """Both players' hands and the result in plain words, naming the deciding step or a draw."""
    page = table.page
    state = table.state()
    assert state["phase"] == "over"
    outcome = state["table"]["showdown"]
    controls = table.controls()
    expect(page.locator("#action-heading")).to_have_text("Showdown")
    expect(page.locator("#whose-turn")).to_have_text("Game over")
    result = controls.locator(".result").inner_text()
    assert result == pretty(outcome["description"]), (result, outcome["description"])
    if outcome["winner"] is None:
        assert re.search(r"\bdraw", result, re.IGNORECASE), result
        expect(controls).to_contain_text("Every step was equal, so the game is drawn.")
        expect(page.locator("#prompt")).to_have_text("A draw")
    else:
        named = [name for name in STEP_NAMES if f"decided by {name}" in result]
        assert named == [outcome["step_name"]], f"the result does not name the deciding step: {result!r}"
        who = "You win" if outcome["winner"] == "you" else "The bot wins"
        assert result.startswith(who), result
        expect(page.locator("#prompt")).to_have_text(who)
        expect(controls).to_contain_text(f"Decided at step {outcome['step']}: {outcome['step_name']}.")
        expect(controls.locator(".steps li.decided")).to_have_count(1)
    for side, heading in (("you", "Your hands"), ("bot", "The bot's hands")):
        section = controls.locator(".showdown-side").filter(has=page.get_by_role("heading", name=re.compile(heading)))
        expect(section).to_have_count(1)
        hands = section.locator(".showdown-hand")
        expect(hands).to_have_count(2)
        for index, which in enumerate(("weaker", "stronger")):
            shown = table.labels(f'.showdown-side:has(#sd-{side}) .showdown-hand >> nth={index} >> .card')
            assert sorted(shown) == sorted(outcome[side][which]["cards"]), (side, which, shown)
            expect(hands.nth(index)).to_contain_text(outcome[side][which]["category"])
    mine = outcome["you"]["weaker"]["cards"] + outcome["you"]["stronger"]["cards"]
    theirs = outcome["bot"]["weaker"]["cards"] + outcome["bot"]["stronger"]["cards"]
    assert len(set(mine) | set(theirs)) == 20 and sorted(mine) == sorted(state["table"]["hand"])
    return state


def assert_no_sideways_scroll(page: Page, width: int, where: str) -> None:
    sizes = page.evaluate("() => ({scroll: document.scrollingElement.scrollWidth, inner: window.innerWidth})")
    assert sizes["scroll"] <= sizes["inner"] + 1, f"{where}: the page scrolls sideways: {sizes}"
    assert sizes["scroll"] <= width + 1, f"{where}: the page is wider than the {width}px screen: {sizes}"


def distinct_rows(boxes: list[dict[str, float]]) -> list[int]:
    """How many cards lie in each visual row (cards whose tops are within 4 px share a row)."""
    tops = sorted(box["y"] for box in boxes)
    rows: list[list[float]] = []
    for top in tops:
        if rows and abs(top - rows[-1][0]) <= 4:
            rows[-1].append(top)
        else:
            rows.append([top])
    return [len(row) for row in rows]


def card_boxes(page: Page, selector: str) -> list[dict[str, float]]:
    """The cards' boxes, measured with the pointer out of the way (a hovered card lifts a little)."""
    page.mouse.move(1, 1)
    boxes: list[dict[str, float]] = []
    cards = page.locator(selector)
    for i in range(cards.count()):
        box = cards.nth(i).bounding_box()
        assert box is not None, f"{selector} #{i} is not displayed"
        boxes.append({"x": box["x"], "y": box["y"], "width": box["width"], "height": box["height"]})
    return boxes


# -- 1. complete games by clicks ----------------------------------------------------------------


def play_full_game(table: Table, rng: random.Random, *, first_choice_down: bool, give: bool) -> dict[str, Any]:
    """Play to the end by clicks, checking the knowledge panel before every move."""
    phases: list[str] = []
    choices = 0
    for _ in range(20):
        phase = table.phase()
        phases.append(phase)
        if phase == "over":
            break
        check_knowledge(table, table.state())
        if phase == "choose":
            face_down = first_choice_down if choices == 0 else rng.random() < 0.5
            choices += 1
            table.step(rng, face_down=face_down)
        elif phase == "build":
            check_auto_arrange(table)
            table.step(rng)
        else:
            table.step(rng, give=give)
    assert phases[-1] == "over", phases
    assert {"split", "choose", "reserve", "build"} <= set(phases), phases
    return check_showdown(table)


def test_full_game_against_the_random_bot_with_default_settings(contexts: Contexts) -> None:
    # Default settings: the bot's moves are paced out one by one and confirmations are on.
    table = open_game(contexts.new(), "random")
    state = play_full_game(table, random.Random(1), first_choice_down=True, give=True)
    assert state["seats"][1] == "random"
    assert any(line.startswith("You gave ") for line in log_text(state)), log_text(state)
    assert any(line.startswith("You took the face-down pair") for line in log_text(state)), log_text(state)
    # The lobby lists the finished game with its result.
    page = table.page
    page.get_by_role("link", name="Back to Play").click()
    row = page.locator("#games tbody tr").first
    expect(row).to_contain_text("Random")
    expect(row.get_by_role("link", name=re.compile("^See the result"))).to_be_visible()


def test_full_game_against_the_skilled_bot(contexts: Contexts) -> None:
    table = open_game(contexts.new(QUICK), "skilled", first="bot")
    state = play_full_game(table, random.Random(2), first_choice_down=False, give=False)
    assert state["seats"][1] == "skilled"
    assert any(line.startswith("You kept your hand") for line in log_text(state)), log_text(state)


# -- 2. the knowledge panel --------------------------------------------------------------------


def test_knowledge_panel_shows_hands_backs_unaccounted_and_reserve_odds(contexts: Contexts) -> None:
    table = open_game(contexts.new(QUICK), "random", first="you")
    rng = random.Random(3)
    # Take the face-up pair: the bot then keeps a face-down pair the human never sees (backs).
    table.play_to("choose", rng, face_down=False)
    table.step(rng, face_down=False)
    state = table.state()
    assert state["table"]["opponent"]["unknown"] >= 2, state["table"]["opponent"]
    check_knowledge(table, state)
    expect(table.page.locator("#opponent-hand .card.back").first).to_be_visible()
    expect(table.page.locator("#your-hand .card.is-known").first).to_be_visible()
    table.play_to("reserve", rng, face_down=False)
    state = table.state()
    assert state["phase"] == "reserve" and state["to_move"] == "you"
    check_knowledge(table, state)
    # The odds are percentages, both in the panel and on the buttons.
    expect(table.page.locator("#swap-odds td").first).to_have_text(PERCENT)
    give_text = table.page.locator('#controls [data-focus^="give-"] .odds-text').first.inner_text()
    assert re.fullmatch(r"better \S+% · same \S+% · worse \S+%", give_text), give_text
    # The bot kept face-down pairs the human never saw, so the reserve is unknown: a blind swap,
    # which asks for confirmation. Afterwards the human knows the card taken (now in hand).
    assert state["table"]["reserve"]["known"] is None
    expect(table.controls()).to_contain_text("The reserve is face down")
    given = sorted(state["table"]["hand"])[0]
    table.reserve(given, blind=True)
    after = table.state()
    assert given not in after["table"]["hand"] and len(after["table"]["hand"]) == 10
    if after["phase"] != "over":
        check_knowledge(table, after)


# -- 3. auto-arrange ---------------------------------------------------------------------------


def test_auto_arrange_matches_the_servers_choice(contexts: Contexts) -> None:
    table = open_game(contexts.new(QUICK), "skilled")
    rng = random.Random(4)
    table.play_to("build", rng)
    check_auto_arrange(table)
    auto = table.state()["table"]["build"]["auto"]
    table.step(rng)  # lock in what auto-arrange chose
    state = check_showdown(table)
    assert {frozenset(auto["weaker"]["cards"]), frozenset(auto["stronger"]["cards"])} == {
        frozenset(state["table"]["showdown"]["you"]["weaker"]["cards"]),
        frozenset(state["table"]["showdown"]["you"]["stronger"]["cards"]),
    }


# -- 4. resuming -------------------------------------------------------------------------------


def test_resume_after_reload_and_in_a_new_context_with_the_cookie(contexts: Contexts) -> None:
    context = contexts.new(QUICK)
    table = open_game(context, "random", first="bot")
    rng = random.Random(5)
    table.step(rng)  # a few moves in: round 1's choice, round 2's split
    table.step(rng)
    table.step(rng)
    before = table.snapshot()
    server_state = table.state()
    assert before["move_number"] == server_state["move_number"]
    assert before["phase"] == server_state["phase"] and before["hand"] == sorted(server_state["table"]["hand"])
    assert len(before["log"]) == len(server_state["log"])

    table.page.reload()
    table.wait_ready()
    assert table.snapshot() == before

    url = table.page.url
    stored = context.storage_state()
    context.close()
    again = Table(contexts.new(storage_state=stored).new_page())
    again.page.goto(url)
    again.wait_ready()
    assert again.snapshot() == before
    # And the game plays on from there.
    phase = again.step(rng)
    assert phase in {"split", "choose", "reserve"}

    stranger = contexts.new(QUICK).new_page()
    stranger.goto(url)
    expect(stranger.locator("#prompt")).to_have_text("There is no such game in this browser.")
    expect(stranger.locator("#your-area")).to_be_hidden()
    expect(stranger.get_by_role("link", name="Go to Play")).to_be_visible()
    answer = Table(stranger).api()
    assert answer == (404, {"error": "no such game"}), answer


# -- 5. phone width ----------------------------------------------------------------------------


def test_phone_width_two_rows_of_five_and_no_sideways_scrolling(contexts: Contexts) -> None:
    width, height = 390, 844
    context = contexts.new(QUICK, viewport={"width": width, "height": height}, is_mobile=True, has_touch=True,
                           device_scale_factor=3)
    page = context.new_page()
    page.goto("/")
    assert_no_sideways_scroll(page, width, "lobby")
    page.close()
    table = open_game(context, "random")
    rng = random.Random(6)
    seen: set[str] = set()
    for _ in range(20):
        phase = table.phase()
        assert_no_sideways_scroll(table.page, width, f"phase {phase}")
        seen.add(phase)
        if phase == "reserve":
            cards = card_boxes(table.page, "#your-hand .card")
            assert len(cards) == 10
            assert distinct_rows(cards) == [5, 5], f"the hand at the reserve: {cards}"
        if phase == "build":
            cards = card_boxes(table.page, '#controls .build-rows button[data-focus^="card-"]')
            assert len(cards) == 10
            assert len({round(box["y"]) for box in cards}) == 2, f"the build rows: {cards}"
            assert distinct_rows(cards) == [5, 5], f"the build rows: {cards}"
            assert all(box["x"] >= 0 and box["x"] + box["width"] <= width + 1 for box in cards), cards
            controls = table.controls()
            controls.get_by_role("button", name="Auto-arrange").click()
            assert distinct_rows(card_boxes(table.page, '#controls .build-rows button[data-focus^="card-"]')) == [5, 5]
            assert_no_sideways_scroll(table.page, width, "build, after auto-arrange")
        if phase == "over":
            break
        table.step(rng)
    assert {"split", "choose", "reserve", "build", "over"} <= seen, seen
    check_showdown(table)
    assert_no_sideways_scroll(table.page, width, "showdown")
    for side in ("you", "bot"):
        for index in range(2):  # each five-card hand stays in one row
            boxes = card_boxes(table.page, f".showdown-side:has(#sd-{side}) .showdown-hand >> nth={index} >> .card")
            assert distinct_rows(boxes) == [5], f"{side}'s hand {index} wraps at the showdown: {boxes}"


# -- 6. the keyboard alone ---------------------------------------------------------------------


def tab_to(page: Page, selector: str, limit: int = 80) -> dict[str, Any]:
    """Press Tab until the focused element matches ``selector``; return how the focus looks."""
    for _ in range(limit):
        if page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector):
            focus = page.evaluate(FOCUS_JS)
            assert focus is not None
            return dict(focus)
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector!r} (focus is on {page.evaluate(FOCUS_JS)})")


def assert_focus_shown(focus: dict[str, Any], where: str) -> None:
    assert focus["focusVisible"], f"{where}: the focused element is not :focus-visible: {focus}"
    assert focus["outline"] or focus["shadow"], f"{where}: the focused element has no focus style: {focus}"
    assert focus["inView"], f"{where}: the focused element is off screen: {focus}"


def keyboard_step(table: Table, rng: random.Random, choices: int) -> str:
    """One move by keyboard alone, at whatever phase the page shows."""
    page = table.page
    phase = table.phase()
    before = table.log_count()
    if phase == "split":
        first = tab_to(page, '.pick-row button[aria-pressed="false"]')
        assert_focus_shown(first, "a card to split")
        page.keyboard.press("Space")
        for _ in range(rng.randint(0, 2)):  # walk on to another card
            page.keyboard.press("Tab")
        tab_to(page, '.pick-row button[aria-pressed="false"]')
        page.keyboard.press("Enter")
        expect(page.locator('.pick-row button[aria-pressed="true"]')).to_have_count(2)
        assert_focus_shown(tab_to(page, '[data-focus="split-confirm"]:not([disabled])'), "the split button")
        page.keyboard.press("Enter")
    elif phase == "choose":
        if choices % 2 == 0:
            assert_focus_shown(tab_to(page, '[data-focus="take-down"]'), "take the face-down pair")
            page.keyboard.press("Enter")
            focus = page.evaluate(FOCUS_JS)
            assert focus and focus["text"] == "Yes, take the face-down pair", focus
            assert_focus_shown(focus, "the confirmation")
            page.keyboard.press("Space")
        else:
            tab_to(page, '[data-focus="take-up"]')
            page.keyboard.press("Enter")
    elif phase == "reserve":
        tab_to(page, '[data-focus="keep"]')
        page.keyboard.press("Enter")
    elif phase == "build":
        tab_to(page, '[data-focus="auto"]')
        page.keyboard.press("Enter")
        expect(page.locator('[data-focus="build-confirm"]')).to_be_focused()
        page.keyboard.press("Enter")
        expect(page.locator("#confirm-yes")).to_be_focused()
        page.keyboard.press("Enter")
    else:
        raise AssertionError(f"nothing to do at phase {phase!r}")
    return table.after(before)


def test_keyboard_alone(contexts: Contexts) -> None:
    # The settings pre-fill the lobby form (random bot, you split first), so the game starts by
    # tabbing to the start button; from there on only Tab, Enter and Space are used.
    context = contexts.new({**QUICK, "bot": "random", "firstSplitter": "you"})
    page = context.new_page()
    table = Table(page)
    page.goto("/")
    start = tab_to(page, "#start-game")
    assert_focus_shown(start, "the start button")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/games/[^/]+$"))
    assert table.wait_ready() == "split"
    state = table.state()
    assert state["seats"][1] == "random" and state["options"]["first_splitter"] == state["seat"]

    rng = random.Random(7)
    phases = []
    choices = 0
    for _ in range(20):
        phase = table.phase()
        phases.append(phase)
        if phase == "over":
            break
        keyboard_step(table, rng, choices)
        if phase == "choose":
            choices += 1
            if choices == 1:
                hand = table.state()["table"]["hand"]
                assert len(hand) == 4, hand  # round 1's split pair and round 2's face-down pair
    assert phases[:2] == ["split", "choose"], phases
    assert phases[-1] == "over", phases
    check_showdown(table)
