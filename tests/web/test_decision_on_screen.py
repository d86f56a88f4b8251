"""Every decision of every game is on the first screen, at 390x844 (a phone) and 1280x800 (a
laptop): what the player decides on and the control that commits it lie inside the viewport
when the decision is shown, without the test scrolling (the page brings the decision into
view itself when it is the player's turn; clicks scroll the page the way a player would).

Each game is played to the end against the random bot by clicks (DIVIDE at 4 and at 6
players), with confirmations on; the check runs at every decision of every phase, again when a
choice opens more of the decision (Card Commons' action then its cards, DIVIDE's Trump ranks)
and at every confirmation. A failure saves a screenshot in the test's temporary folder; with
DIVIDED_DECISION_SHOTS=<folder> the first decision of each kind is saved there too.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_server import CHROMIUM, FETCH_JS, READY_JS, E2EServer, running_server
from playwright.sync_api import Browser, Page, expect

if not CHROMIUM.exists():
    pytest.skip(f"!!! END-TO-END BROWSER TESTS SKIPPED: {CHROMIUM} is missing (apt-get install chromium) !!!",
                allow_module_level=True)

pytestmark = pytest.mark.slow

TIMEOUT_MS = 20_000
DISPLAY = {"pace": "off", "confirm": True}
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
GAMES = {
    "divided-ranks": {"game": "divided-ranks", "bot": "random", "first_splitter": "you"},
    "card-commons": {"game": "card-commons", "bot": "random", "first_starter": "you", "target": 3},
    "divide-4": {"game": "divide", "bot": "random", "players": 4, "rounds": 1},
    "divide-6": {"game": "divide", "bot": "random", "players": 6, "rounds": 1},
    "henway": {"game": "henway", "bot": "random", "players": 3},
    "cowpie": {"game": "cowpie", "bot": "random", "players": 5},
    "five-card-draw": {"game": "five-card-draw", "bot": "random", "players": 6, "structure": "no"},
    "ten-card-regrets": {"game": "ten-card-regrets", "bot": "random", "players": 4, "structure": "pot"},
    "jackpot": {"game": "jackpot", "bot": "random", "players": 2},  # a bot's "I call" may end the swapping before your turn
    "sequential-open-draw": {"game": "sequential-open-draw", "bot": "random", "players": 3},
    "six-card-draw": {"game": "six-card-draw", "bot": "random", "players": 5, "structure": "no"},
    "seven-card-open-draw": {"game": "seven-card-open-draw", "bot": "random", "players": 4},
    "bounce-back": {"game": "bounce-back", "bot": "random", "players": 3},
    "three-two-one": {"game": "three-two-one", "bot": "random", "players": 4},
    "assassin": {"game": "assassin", "bot": "random", "players": 3},
    "freak-of-nature": {"game": "freak-of-nature", "bot": "random", "players": 3},
    "low-high-die": {"game": "low-high-die", "bot": "random", "players": 2},  # you deal every other hand: the call
    "crazy-four-of-spades": {"game": "crazy-four-of-spades", "bot": "random", "players": 3},
    "six-card-open-draw": {"game": "six-card-open-draw", "bot": "random", "players": 4},
    "auction-flop": {"game": "auction-flop", "bot": "random", "players": 4},
    "uncle-bobs-left-nut": {"game": "uncle-bobs-left-nut", "bot": "random", "players": 3},
    "fives": {"game": "fives", "bot": "random", "players": 3},
    "buck-thirty-five": {"game": "buck-thirty-five", "bot": "random", "players": 4},
    "mississippi": {"game": "mississippi", "bot": "random", "players": 5},
    "j-lo": {"game": "j-lo", "bot": "random", "players": 3},
}
POKER_KINDS = {"henway": {"bet", "arrange"}, "cowpie": {"bet", "arrange"}, "five-card-draw": {"bet", "draw"},
               "ten-card-regrets": {"bet", "assign"}, "jackpot": {"bet", "draw"},
               "sequential-open-draw": {"bet", "draw"}, "six-card-draw": {"bet", "draw"},
               "seven-card-open-draw": {"bet", "draw"}, "bounce-back": {"bet", "draw", "take-back"},
               "three-two-one": {"bet", "draw"}, "assassin": {"bet", "draw"},
               "freak-of-nature": {"bet", "draw"}, "low-high-die": {"bet"}, "crazy-four-of-spades": {"bet", "draw"},
               "six-card-open-draw": {"bet", "draw"}, "auction-flop": {"draw", "auction"},
               "uncle-bobs-left-nut": {"bet", "draw"}, "fives": {"bet", "draw"}, "buck-thirty-five": {"bet", "draw"},
               "mississippi": {"bet", "draw"}, "j-lo": {"bet", "draw"}}
"""The kinds of decision each poker game must show (the poker games' API phases)."""
SHOTS = os.environ.get("DIVIDED_DECISION_SHOTS")
"""A folder to save a screenshot of the first decision of each kind in (to look at them)."""
# The parts of `selectors` not wholly inside the viewport (none found is a failure too).
OUTSIDE_JS = """(selectors) => {
  const out = [];
  for (const selector of selectors) {
    const nodes = Array.from(document.querySelectorAll(selector)).filter(n => n.getClientRects().length);
    if (!nodes.length) { out.push(selector + ': not on the page'); continue; }
    for (const n of nodes) {
      const r = n.getBoundingClientRect();
      if (r.top < -0.5 || r.left < -0.5 || r.bottom > window.innerHeight + 0.5 || r.right > window.innerWidth + 0.5) {
        out.push(selector + ' "' + (n.getAttribute('aria-label') || n.textContent).trim().slice(0, 40) + '" at ' +
          Math.round(r.top) + '..' + Math.round(r.bottom) + ' of ' + window.innerHeight);
      }
    }
  }
  return out;
}"""

CUT_JS = """(wide) => {
  const out = [];
  if (wide) { document.querySelectorAll('#knowledge details:not([open])').forEach(d => { d.open = true; }); }
  document.querySelectorAll('#knowledge .table-scroll').forEach(box => {
    if (wide && box.checkVisibility() && box.scrollWidth > box.clientWidth + 1) {
      out.push('a table of the books is ' + box.scrollWidth + ' px wide in ' + box.clientWidth + ' px: ' +
        (box.getAttribute('aria-label') || ''));
    }
  });
  document.querySelectorAll('.dv-suit-name').forEach(label => {
    const r = label.getBoundingClientRect(), row = label.parentElement.getBoundingClientRect();
    if (r.height && getComputedStyle(label).writingMode !== 'horizontal-tb') {
      out.push('the suit label "' + label.textContent + '" is written upright (it was cut on a phone)');
    }
    if (r.height && (r.top < row.top - 0.5 || r.bottom > row.bottom + 0.5 || label.scrollHeight > label.clientHeight + 1)) {
      out.push('the suit label "' + label.textContent + '" is cut (' + Math.round(r.height) + ' px in a row of ' +
        Math.round(row.height) + ' px)');
    }
  });
  return out;
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[E2EServer]:
    with running_server(tmp_path_factory.mktemp("on-screen")) as running:
        yield running


class Player:
    """Plays one game's decisions by clicks and checks each one is on the first screen."""

    def __init__(self, page: Page, shots: Path, rng: random.Random, name: str) -> None:
        self.page = page
        self.name = name
        self.shots = shots
        self.rng = rng
        self.errors: list[str] = []
        self.seen: dict[str, int] = {}
        self.poker_kinds: set[str] = set()
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def state(self) -> dict[str, Any]:
        found = re.search(r"/games/([0-9a-f]+)", self.page.url)
        assert found
        return dict(self.page.evaluate(FETCH_JS, found.group(1)))

    def ready(self) -> dict[str, Any]:
        how = self.page.wait_for_function(READY_JS, timeout=TIMEOUT_MS).json_value()
        assert how == "ready", self.page.inner_text("#turn")
        assert self.page.locator("#alert").is_hidden(), self.page.inner_text("#alert")
        assert not self.errors, self.errors
        return self.state()

    def on_screen(self, what: str, *selectors: str) -> None:
        """Every node matching each selector is wholly inside the viewport."""
        self.seen[what] = self.seen.get(what, 0) + 1
        if SHOTS and self.seen[what] == 1:
            self.page.screenshot(path=str(Path(SHOTS) / f"{self.name}-{what.replace(' ', '-')}.png"))
            self.page.screenshot(path=str(Path(SHOTS) / f"{self.name}-{what.replace(' ', '-')}-page.png"), full_page=True)
        self.check_layout(what)
        outside = self.page.evaluate(OUTSIDE_JS, list(selectors))
        if outside:
            shot = self.shots / f"{what.replace(' ', '-')}.png"
            self.page.screenshot(path=str(shot))
            raise AssertionError(f"{what}: not on the first screen ({shot}):\n" + "\n".join(outside))

    def check_layout(self, what: str) -> None:
        """Nothing the player reads is cut: on a wide screen no table of the books of the
        two-player games wider than its panel, every section open (on a phone a wide one
        scrolls sideways in its own box, and so does DIVIDE's, a column for each hand and each
        commit); no suit label of a DIVIDE hand taller than its row of cards."""
        wide = self.page.viewport_size["width"] >= 1000 and not self.name.startswith("divide-")  # type: ignore[index]
        cut = self.page.evaluate(CUT_JS, wide)
        if cut:
            shot = self.shots / f"{what.replace(' ', '-')}-cut.png"
            self.page.screenshot(path=str(shot), full_page=True)
            raise AssertionError(f"{what}: cut ({shot}):\n" + "\n".join(cut))

    def waiting_look(self, selector: str) -> None:
        """A commit button still waiting for its cards looks like an empty slot (dashed, its
        words not struck through), not like an error."""
        button = self.page.locator(selector)
        expect(button).to_be_disabled()
        look = button.evaluate("n => { const s = getComputedStyle(n); return [s.textDecorationLine, s.borderTopStyle]; }")
        assert look == ["none", "dashed"], look

    def click(self, selector: str) -> None:
        self.page.locator(selector).click()

    def confirm(self, what: str) -> None:
        """Answer the confirmation, if one is asked, after checking it is on the screen."""
        yes = self.page.locator("#confirm-yes")
        if yes.count():
            self.on_screen(f"{what} confirmation", "#confirm-question", "#confirm-yes")
            yes.click()

    def move(self, s: dict[str, Any], what: str) -> dict[str, Any]:
        self.confirm(what)
        self.page.wait_for_function("n => window.DividedTable.state && window.DividedTable.state.move_number > n",
                                    arg=s["move_number"], timeout=TIMEOUT_MS)
        return self.ready()

    # -- Divided Ranks ---------------------------------------------------------------------
    def divided_ranks(self, s: dict[str, Any]) -> dict[str, Any]:
        phase = s["phase"]
        if phase == "split":
            self.on_screen("split", '#controls [aria-label="The four cards you drew"] button', '[data-focus="split-confirm"]')
            for code in self.rng.choice(s["legal"])["cards"]:
                self.click(f'#controls [data-focus="card-{code}"]')
            self.on_screen("split picked", '#controls [aria-label="The four cards you drew"] button', '[data-focus="split-confirm"]')
            self.click('[data-focus="split-confirm"]')
        elif phase == "choose":
            self.on_screen("choose", "#controls .choice-button")
            self.click(f'[data-focus="{self.rng.choice(["take-up", "take-down"])}"]')
        elif phase == "reserve":
            self.on_screen("reserve", "#controls .swap-button")
            self.click(f"#controls .swap-button >> nth={self.rng.randrange(len(s['legal']))}")
        else:
            assert phase == "build", phase
            self.on_screen("build", "#controls .build-row button.card-button", '[data-focus="build-confirm"]')
            self.click('[data-focus="build-confirm"]')
        return self.move(s, phase)

    # -- Card Commons ----------------------------------------------------------------------
    def card_commons(self, s: dict[str, Any]) -> dict[str, Any]:
        phase = s["phase"]
        if phase == "turn":
            self.on_screen("turn", "#controls .cc-kind")
            action = self.rng.choice(s["legal"])
            self.click(f'[data-focus="kind-{action["kind"]}"]')
            self.on_screen(f"turn {action['kind']}", '#controls [aria-label="Your hand"] button.card-button',
                           '[data-focus="cc-submit"]')
            self.waiting_look('[data-focus="cc-submit"]')
            for code in action["cards"]:
                self.click(f'#controls [data-focus="card-{code}"]')
            expect(self.page.locator('[data-focus="cc-submit"]')).to_be_enabled()
            self.on_screen(f"turn {action['kind']} picked", '#controls [aria-label="Your hand"] button.card-button',
                           '[data-focus="cc-submit"]')
            self.click('[data-focus="cc-submit"]')
        elif phase == "keep":
            self.on_screen("keep", "#controls .swap-button")
            self.click(f"#controls .swap-button >> nth={self.rng.randrange(len(s['legal']))}")
        else:
            assert phase == "build", phase
            self.on_screen("build", "#controls .build-row button.card-button", '[data-focus="build-confirm"]')
            self.click('[data-focus="build-confirm"]')
        return self.move(s, phase)

    # -- DIVIDE ------------------------------------------------------------------------------
    def divide(self, s: dict[str, Any]) -> dict[str, Any]:
        phase = s["phase"]
        hand = '#controls [aria-label="Your hand"] button.card-button'
        stats = self.page.locator("#opponent-hand .dv-seat-stats").all_inner_texts()
        assert [text.split(" · ")[0] for text in stats] == [
            f"This round: {seat['round_points']} point{'' if seat['round_points'] == 1 else 's'}" for seat in s["table"]["seats"]]
        if phase == "commit":
            self.on_screen("commit", hand, '[data-focus="dv-commit"]')
            self.waiting_look('[data-focus="dv-commit"]')
            self.click(f'#controls [data-focus="card-{self.rng.choice(s["legal"])["cards"][0]}"]')
            self.on_screen("commit picked", hand, '[data-focus="dv-commit"]')
            self.click('[data-focus="dv-commit"]')
        elif phase == "pass":
            self.on_screen("pass", hand, '[data-focus="dv-pass"]')
            self.waiting_look('[data-focus="dv-pass"]')
            for code in self.rng.choice(s["legal"])["cards"]:
                self.click(f'#controls [data-focus="card-{code}"]')
            self.on_screen("pass picked", hand, '[data-focus="dv-pass"]')
            self.click('[data-focus="dv-pass"]')
        elif phase == "play":
            played = s["table"]["current_trick"]["plays"]
            self.on_screen("play", hand, *(["#centre .dv-trick .dv-play:not(.is-empty)"] if played else []))
            self.click(f'#controls [data-focus="card-{self.rng.choice(s["legal"])["cards"][0]}"]')
        else:
            assert phase == "draft", phase
            self.on_screen("draft", "#controls .dv-draft", "#controls .dv-rewards button")
            kinds = {a["kind"] for a in s["legal"]}
            kind = self.rng.choice(sorted(kinds))
            if kind in ("points", "lead"):
                self.click(f'[data-focus="dv-{kind}"]')
            else:
                self.click('[data-focus="dv-trump-open"]')
                self.on_screen("draft ranks", "#controls .dv-rewards button", "#controls .dv-rank")
                self.click(f"#controls .dv-rank >> nth={self.rng.randrange(14)}")
        return self.move(s, phase)


    # -- poker ----------------------------------------------------------------------------------
    def pick(self, s: dict[str, Any]) -> None:
        """A draw game's pick: its cards and its buttons on the first screen, before and after
        the cards of a choice are pressed (the buttons change with them)."""
        p = s["table"]["pick"]
        what = f"pick {p['step']}"
        if p["calls"]:
            self.on_screen(what, "#pk-call-list", "#pk-call")
            self.page.select_option("#pk-call-list", str(self.rng.choice(p["calls"])["action"]))
            self.click("#pk-call")
            return
        cards = ["#controls .pk-pick button"] if p["cards"] else []
        self.on_screen(what, *cards, "#controls .pk-pick-row button")
        chosen = self.rng.choice(p["choices"] + p["others"])
        if chosen in p["others"]:
            self.click(f'#controls button[data-action="{chosen["action"]}"]')
            return
        for code in chosen["cards"]:
            self.click(f'#controls .pk-pick [data-focus="card-{code}"]')
        self.on_screen(f"{what} picked", *cards, f'#controls button.pk-choice[data-action="{chosen["action"]}"]')
        self.click(f'#controls button.pk-choice[data-action="{chosen["action"]}"]')

    def poker(self, s: dict[str, Any]) -> dict[str, Any]:
        t, phase = s["table"], s["phase"]
        self.poker_kinds.add(phase)
        if t["betting"]:
            amounts = ["#pk-amount", "#pk-raise"] if t["betting"]["range"] and t["structure"] != "fixed" else []
            self.on_screen("bet", "#controls .pk-bet-row button", *amounts)
            kinds = {a["kind"]: a["action"] for a in s["legal"]}
            pick = next(k for k in ("check", "call", "bring-in", "complete", "bet", "raise", "fold") if k in kinds)
            self.click(f'#controls button[data-kind="{pick}"]')
        elif t["pick"]:
            self.pick(s)
        elif t["draw"]:
            self.on_screen("draw", "#controls .pk-pick button", "#pk-draw")
            self.click("#controls .pk-pick button >> nth=0")
            self.on_screen("draw picked", "#controls .pk-pick button", "#pk-draw")
            self.click("#pk-draw")
        elif t["assign"]:
            self.on_screen("assign", "#controls .pk-assign-choice")
            self.click(f'#controls .pk-assign-choice[data-action="{self.rng.choice(s["legal"])["action"]}"]')
        elif t["partition"]["stage"] == "split":
            self.on_screen("split", "#controls .pk-pick button", "#pk-split")
            for code in self.rng.choice(s["legal"])["cards"]:
                self.click(f'#controls .pk-pick [data-focus="card-{code}"]')
            self.on_screen("split picked", "#controls .pk-pick button", "#pk-split")
            self.click("#pk-split")
        else:
            self.on_screen("order", "#controls .pk-pick button")
            self.click(f'#controls .pk-pick [data-focus="card-{self.rng.choice(s["legal"])["cards"][0]}"]')
        return self.move(s, phase)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(GAMES))
def test_every_decision_is_on_the_first_screen(browser: Browser, server: E2EServer, tmp_path: Path,
                                               game: str, size: str) -> None:
    context = browser.new_context(base_url=server.url, viewport=SIZES[size])  # type: ignore[arg-type]
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(script=f"window.localStorage.setItem('divided.settings', {json.dumps(json.dumps(DISPLAY))});")
    try:
        page = context.new_page()
        player = Player(page, tmp_path, random.Random(f"{game}-{size}"), f"{game}-{size}")
        expected = {"divided-ranks": {"split", "choose", "reserve", "build"},
                    "card-commons": {"turn", "keep", "build"}, **POKER_KINDS}.get(
            GAMES[game]["game"], {"commit", "pass", "play", "draft"})
        # another game while a kind of decision has not come up (a DIVIDE round where you never
        # finish a trick in the first three has no Divide for you; a Jackpot deal where a bot calls
        # before your swap, a Bounce Back deal where you set nothing aside)
        for _ in range(6 if game in ("jackpot", "bounce-back", "auction-flop") else 3):
            page.goto("/")
            response = page.request.post("/api/games", data=GAMES[game])
            assert response.ok, response.text()
            page.goto(f"/games/{response.json()['id']}")
            s = player.ready()
            play = {"divided-ranks": player.divided_ranks, "card-commons": player.card_commons,
                    **dict.fromkeys(POKER_KINDS, player.poker)}.get(s["game"], player.divide)
            for _ in range(400):
                if s["phase"] == "over":
                    break
                s = play(s)
            assert s["phase"] == "over"
            seen = set(player.seen) if s["game"] not in POKER_KINDS else player.poker_kinds
            if expected <= seen:
                break
        assert expected <= (set(player.seen) if GAMES[game]["game"] not in POKER_KINDS else player.poker_kinds), \
            player.seen
        assert not player.errors, player.errors
    finally:
        with contextlib.suppress(Exception):
            context.close()
