"""Poker in a real browser: ``divided serve`` in a subprocess, Debian's Chromium through
Playwright. From the lobby's Poker entry (the variant picker), hands of every poker game are
played by clicks to the showdown, each followed by the table's next hand: Henway, five-card draw
(no limit) and 10 Card Regrets on a 390x844 phone and a 1280x800 laptop, the other four at one
size each, against 1 to 4 bots. At every decision the page is checked against
the server's state (``GET /api/games/{id}`` from inside the page):

* every seat is drawn with the server's stack and bet, the button where the server says, every
  other seat's face-down card as a back and the pots with the server's amounts;
* the draw button counts the cards pressed ("Discard 2" / "Stand pat"); a split button waits
  for the hand's cards; a raise outside the range is refused with the server's words;
* the showdown names each award's winning hand, and "Deal the next hand" opens the table's next
  hand with the stacks the last one left and the button one seat on.

The tests wait on states (the page's own readiness and move numbers), never on time.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_server import CHROMIUM, FETCH_JS, READY_JS, E2EServer, running_server
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

if not CHROMIUM.exists():
    pytest.skip(f"!!! END-TO-END BROWSER TESTS SKIPPED: {CHROMIUM} is missing (apt-get install chromium) !!!",
                allow_module_level=True)

pytestmark = pytest.mark.slow

TIMEOUT_MS = 30_000
DISPLAY = {"pace": "off", "confirm": False}
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
GAMES = {"henway": {"structure": "fixed", "players": 3}, "five-card-draw": {"structure": "no", "players": 3},
         "ten-card-regrets": {"structure": "pot", "players": 3}, "seven-card-stud": {"structure": "fixed", "players": 5},
         "cowpie": {"structure": "no", "players": 4}, "double-draw-high-low": {"structure": "pot", "players": 3},
         "open-draw": {"structure": "fixed", "players": 2}}
RUNS = [(game, size) for game in ("henway", "five-card-draw", "ten-card-regrets") for size in SIZES] + [
    ("seven-card-stud", "phone"), ("cowpie", "laptop"), ("double-draw-high-low", "phone"), ("open-draw", "laptop")]
"""Henway, five-card draw and 10 Card Regrets at both sizes; the other four at one size each."""
HANDS = 2
"""Hands played at each table by clicks, each followed by the next hand."""
CARD_CODE = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA])([shdc])('?)(?![A-Za-z0-9'])")
GLYPHS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}


def as_drawn(text: str) -> str:
    """Server words as the page draws them: each card code ("Ts", a second copy "Ts'") as its
    rank and suit symbol ("10\u2660", "10\u2660\u2032")."""
    return CARD_CODE.sub(lambda m: ("10" if m.group(1) == "T" else m.group(1)) + GLYPHS[m.group(2)] +
                         ("\u2032" if m.group(3) else ""), text)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[E2EServer]:
    with running_server(tmp_path_factory.mktemp("poker-e2e")) as running:
        yield running


class Table:
    def __init__(self, page: Page, rng: random.Random) -> None:
        self.page = page
        self.rng = rng
        self.errors: list[str] = []
        self.kinds: set[str] = set()
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

    def after(self, s: dict[str, Any]) -> dict[str, Any]:
        try:
            self.page.wait_for_function("n => window.DividedTable.state && window.DividedTable.state.move_number > n",
                                        arg=s["move_number"], timeout=TIMEOUT_MS)
        except PlaywrightTimeoutError:
            now = self.state()
            raise AssertionError(f"the move was not made: alert {self.page.inner_text('#alert')!r}, "
                                 f"page state {self.page.evaluate('window.DividedTable.state && window.DividedTable.state.move_number')}, "
                                 f"server {now['move_number']} {now['phase']} legal {now['legal']}, "
                                 f"before {s['move_number']} {s['phase']} table {s['table']}") from None
        return self.ready()

    def check_table(self, s: dict[str, Any]) -> None:
        """The seats, backs and pots as the server says; your own cards face up."""
        t = s["table"]
        me = next(seat for seat in t["seats"] if seat["you"])
        picking = bool(t.get("pick") and t["pick"]["from"] == "hand" and t["pick"]["choices"])  # the pick draws them
        if not t["draw"] and not t["partition"] and not picking and me["hands"]:
            codes = [card["card"] for hand in me["hands"] for card in hand["cards"]]
            assert None not in codes
            expect(self.page.locator(".pk-mine .card:not(.back)")).to_have_count(len(codes))
        for seat in t["seats"]:
            box = self.page.locator(f'.pk-seat[data-seat="{seat["seat"]}"]')
            text = box.inner_text()
            stack = seat["final_stack"] if seat["final_stack"] is not None else seat["stack"]
            assert f"Stack {stack}" in text, (seat, text)
            if seat["bet"]:
                assert f"Bet {seat['bet']}" in text
            assert ("Button" in text) == seat["button"], (seat, text)
            if not seat["you"]:
                hidden = sum(1 for h in seat["hands"] for c in h["cards"] if c["card"] is None)
                assert box.locator(".card.back").count() == hidden
            # what the seat did at each draw, in the draw's words ("threw away 2" where nothing replaces)
            drew = box.locator(".pk-drew")
            if seat["draw_words"]:
                expect(drew).to_have_text(", ".join(seat["draw_words"]))
            else:
                expect(drew).to_have_count(0)
            assert ("Sitting out" in text) == seat["sitting_out"] and ("Folded" in text) == seat["folded"], (seat, text)
        for pot in t["pots"]:
            expect(self.page.locator("#centre-body")).to_contain_text(f"{pot['name']}: {pot['amount']}")
        if not t["betting_rounds"]:  # no betting (Auction Flop): no limits named
            expect(self.page.locator("#game-meta")).to_contain_text("no betting")
            assert "limit" not in self.page.inner_text("#game-meta") + self.page.inner_text("#opponent-summary")
        auction = t["facts"].get("auction")
        if auction and auction["stage"] == "keeping" and auction["bidder"] == "You":
            expect(self.page.locator(".pk-auction")).to_contain_text("You choose the cards you keep.")

    def decide(self, s: dict[str, Any]) -> dict[str, Any]:
        self.check_table(s)
        t = s["table"]
        self.kinds.add(s["phase"])
        if t["betting"]:
            return self.bet(s)
        if t["draw"]:
            self.draw(t["draw"])
        elif t["pick"]:
            self.pick(s)
        elif t["assign"]:
            legal = {a["action"] for a in s["legal"]}
            choice = self.rng.choice([c for c in t["assign"]["choices"] if c["action"] in legal])
            self.page.click(f'#controls .pk-assign-choice[data-action="{choice["action"]}"]')
        elif t["partition"] and t["partition"]["stage"] == "split":
            expect(self.page.locator("#pk-split")).to_be_disabled()
            for code in self.rng.choice(s["legal"])["cards"]:
                self.page.click(f'#controls .pk-pick [data-focus="card-{code}"]')
            expect(self.page.locator("#pk-split")).to_be_enabled()
            self.page.click("#pk-split")
        elif t["partition"]:
            self.page.click(f'#controls .pk-pick [data-focus="card-{self.rng.choice(s["legal"])["cards"][0]}"]')
        else:
            raise AssertionError(f"no decision drawn for {s['phase']}: {s['legal']}")
        return self.after(s)

    def draw(self, d: dict[str, Any]) -> None:
        """Cards pressed within the draw's limits (the server's least and most), the button naming
        their count; one card too many first, now and then, which the button refuses."""
        cards = self.page.locator("#controls .pk-pick button")
        commit = self.page.locator("#pk-draw")
        order = self.rng.sample(range(cards.count()), cards.count())
        if d["least"] == 0:
            expect(commit).to_have_text("Stand pat")
        if d["most"] < len(order) and self.rng.random() < 0.3:
            for index in order[:d["most"] + 1]:
                cards.nth(index).click()
            expect(commit).to_have_text(f"At most {d['most']} card{'s' if d['most'] != 1 else ''} at this draw")
            expect(commit).to_be_disabled()
            for index in order[:d["most"] + 1]:
                cards.nth(index).click()
        n = self.rng.randint(d["least"], min(d["most"], 3))
        for index in order[:n]:
            cards.nth(index).click()
        expect(commit).to_have_text(f"Discard {n}" if n else "Stand pat")
        commit.click()

    def pick(self, s: dict[str, Any]) -> None:
        """A draw game's decision: a call from the list, or cards pressed and then the button
        that names exactly them (its words the server's), or a button naming no card."""
        p = s["table"]["pick"]
        controls = self.page.locator("#controls")
        if p["calls"]:
            call = self.rng.choice(p["calls"])
            self.page.select_option("#pk-call-list", str(call["action"]))
            self.page.click("#pk-call")
            return
        options = p["choices"] + p["others"]
        chosen = self.rng.choice(options)
        for other in p["others"]:
            expect(controls.locator(f'button[data-action="{other["action"]}"]')).to_have_text(as_drawn(other["button"]))
        if p["step"] == "exchange-turns" and not p["cards"]:  # Jackpot's "I call": no card to press
            expect(self.page.locator("#hint")).to_contain_text('"I call" ends the swapping')
        if chosen in p["others"]:
            controls.locator(f'button[data-action="{chosen["action"]}"]').click()
            return
        if p["from"] == "hand":  # your face-up cards are marked so among the cards to press
            for code in p["cards"]:
                tag = controls.locator(f'.pk-pick [data-focus="card-{code}"] .pick-tag')
                if code in p["up"]:
                    expect(tag).to_have_text("up")
                else:
                    expect(tag).to_have_count(0)
        if p["choices"] and not any(not c["cards"] for c in p["choices"]):
            expect(self.page.locator("#pk-pick-waiting")).to_be_disabled()
        for code in chosen["cards"]:
            controls.locator(f'.pk-pick [data-focus="card-{code}"]').click()
        button = controls.locator(f'button.pk-choice[data-action="{chosen["action"]}"]')
        expect(button).to_have_text(as_drawn(chosen["button"]))  # the cards it names drawn as cards, not codes
        expect(button.locator(".inline-card")).to_have_count(len(CARD_CODE.findall(chosen["button"])))
        same = [c for c in p["choices"] if sorted(c["cards"]) == sorted(chosen["cards"])]
        expect(controls.locator("button.pk-choice")).to_have_count(len(same))  # only the choices of these cards
        button.click()

    def bet(self, s: dict[str, Any]) -> dict[str, Any]:
        b = s["table"]["betting"]
        if b["range"] is not None and b["structure"] != "fixed":
            high = b["range"]["max"]
            amount = self.page.locator("#pk-amount")
            amount.fill(str(high + 1))
            self.page.click("#pk-raise")
            alert = self.page.locator("#alert")
            expect(alert).to_contain_text(f"must be from {b['range']['min']} to {high} chips")
            assert ".." not in alert.inner_text(), alert.inner_text()  # one full stop after the server's words
            assert self.state()["move_number"] == s["move_number"]
            amount.fill(str(b["range"]["min"]))
            expect(self.page.locator("#pk-raise")).to_contain_text(str(b["range"]["min"]))
            if self.rng.random() < 0.3:
                self.page.click("#pk-raise")
                return self.after(s)
        kinds = [a["kind"] for a in s["legal"]]
        pick = next(k for k in ("check", "call", "bring-in", "complete", "bet", "raise", "fold") if k in kinds)
        if "fold" in kinds and self.rng.random() < 0.1:
            pick = "fold"
        self.page.click(f'#controls button[data-kind="{pick}"]')
        return self.after(s)


def start_from_lobby(page: Page, game: str, options: dict[str, Any]) -> None:
    """The lobby's Poker entry: pick the game in the variant picker, then its options."""
    page.goto("/?game=five-card-draw")
    expect(page.locator("h1")).to_have_text("Play Poker")
    picker = page.locator("#variant-picker")
    expect(picker).to_contain_text("Henway")
    if game != "five-card-draw":
        with page.expect_navigation():
            picker.locator(f'input[value="{game}"]').check()
    expect(page.locator('#variant-picker input:checked')).to_have_value(game)
    page.locator(f'input[name="players"][value="{options["players"]}"]').check()
    page.locator(f'input[name="structure"][value="{options["structure"]}"]').check()
    page.locator('input[name="bot"][value="random"]').check()
    page.click("#start-game")
    page.wait_for_url(re.compile(r"/games/[0-9a-f]+$"))


@pytest.mark.parametrize(("game", "size"), RUNS)
def test_hands_by_clicks_to_the_showdown_and_into_the_next(browser: Browser, server: E2EServer,
                                                           game: str, size: str) -> None:
    context = browser.new_context(base_url=server.url, viewport=SIZES[size])  # type: ignore[arg-type]
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(script=f"window.localStorage.setItem('divided.settings', {json.dumps(json.dumps(DISPLAY))});")
    players = GAMES[game]["players"]
    try:
        page = context.new_page()
        table = Table(page, random.Random(f"{game}-{size}"))
        start_from_lobby(page, game, GAMES[game])
        s = table.ready()
        assert s["game"] == game and len(s["table"]["seats"]) == players
        for _ in range(HANDS):
            s = play_to_the_end(page, table, s)
            s = deal_next(page, table, s, players)
        assert not table.errors, table.errors
    finally:
        with contextlib.suppress(Exception):
            context.close()


def play_to_the_end(page: Page, table: Table, s: dict[str, Any]) -> dict[str, Any]:
    for _ in range(200):
        if s["phase"] == "over":
            break
        s = table.decide(s)
    assert s["phase"] == "over"
    table.check_table(s)
    won = int(s["result"]["returns"][0])
    chips = f"{abs(won)} chip{'s' if abs(won) != 1 else ''}"
    expect(page.locator("#prompt")).to_have_text(  # chips, not a win or a draw: a hand can be shared
        f"You win {chips}" if won > 0 else f"You lose {chips}" if won < 0 else "You break even")
    expect(page.locator("#controls")).not_to_contain_text("Play again")
    assert not re.search(r"\bwins? 0\b", page.inner_text("#controls"))  # a place that won nothing: "no place"
    # each winner of an award starts a line of its own (a places award names three or four)
    tops = page.locator("#controls .pk-award").evaluate_all("ns => ns.map(n => n.getClientRects()[0].top)")
    bottoms = page.locator("#controls .pk-award").evaluate_all("ns => ns.map(n => n.getBoundingClientRect().bottom)")
    assert all(top >= bottom - 1 for top, bottom in zip(tops[1:], bottoms[:-1], strict=True)), (tops, bottoms)
    for pot in s["table"]["showdown"]["pots"]:
        for award in pot["awards"]:
            for winner in award["winners"]:
                if winner["hand"]:
                    expect(page.locator("#controls")).to_contain_text(winner["hand"])
                if winner.get("wild"):  # the cards that played wild, drawn as cards
                    expect(page.locator("#controls")).to_contain_text(f"(wild: {as_drawn(' '.join(winner['wild']))})")
    return s


def deal_next(page: Page, table: Table, s: dict[str, Any], players: int) -> dict[str, Any]:
    """Press the next-hand button: the next hand keeps the stacks and moves the button."""
    final = {seat["seat"]: seat["final_stack"] for seat in s["table"]["seats"]}
    button = next(seat["seat"] for seat in s["table"]["seats"] if seat["button"])
    expect(page.locator("#pk-next")).to_have_text("Rebuy 200 chips and deal the next hand" if final[0] == 0
                                                  else "Deal the next hand")
    old = page.url
    page.click("#pk-next")
    page.wait_for_url(lambda url: url != old)
    nxt = table.ready()
    starts = [int(x) for x in nxt["options"]["stacks"].split("/")]
    assert starts == [200 if final[seat] == 0 else final[seat] for seat in range(players)]
    assert nxt["options"]["first_dealer"] == (button + 1) % players
    assert next(seat["seat"] for seat in nxt["table"]["seats"] if seat["button"]) == (button + 1) % players
    if any(final[seat] == 0 for seat in range(1, players)):
        expect(page.locator(".pk-notes")).to_contain_text("was broke and rebuys 200 chips")
    table.check_table(nxt)
    return nxt


def test_a_poker_hint_is_worth_a_share_of_the_pot_not_a_chance_to_win(browser: Browser, server: E2EServer) -> None:
    """The poker advisor's values are chips in pots: the hint says so ("worth about +40% of the
    pot to you from here"), never "to win" (which the other games' chances read as)."""
    context = browser.new_context(base_url=server.url, viewport=SIZES["laptop"])  # type: ignore[arg-type]
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(script=f"window.localStorage.setItem('divided.settings', {json.dumps(json.dumps(DISPLAY))});")
    try:
        page = context.new_page()
        table = Table(page, random.Random("hint"))
        page.goto("/?game=five-card-draw")
        page.locator('input[name="players"][value="2"]').check()
        page.locator('input[name="hints"]').check()
        page.click("#start-game")
        page.wait_for_url(re.compile(r"/games/[0-9a-f]+$"))
        s = table.ready()
        assert s["phase"] != "over"
        page.click("#hint-button")
        page.wait_for_function("() => /of the pot/.test(document.getElementById('hint-output').textContent)")
        text = page.inner_text("#hint-output")
        assert re.search(r"The Expert would .+ \(worth about [+\u2212]?\d+% of the pot to you from here\)", text), text
        assert "to win" not in text
        assert not table.errors, table.errors
    finally:
        with contextlib.suppress(Exception):
            context.close()
