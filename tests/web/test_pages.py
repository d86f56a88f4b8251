"""The HTML pages (divided.web.pages) on their own: a bare FastAPI app with only the pages'
router and the static files, so these tests need neither the API nor a database.

Checked: every page is HTML with the landmarks a keyboard or screen-reader user relies on;
the rules page carries the scoring steps, the hand rankings and correct card examples; no
template or static file points outside the app; the table page embeds no game state.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from fastapi.testclient import TestClient

from divided.cards import parse_cards
from divided.hands.five import evaluate
from divided.web import pages
from divided.web.pages import JOKER_EXAMPLES, JOKER_TIE, RANKING_EXAMPLES, STATIC_DIR, TEMPLATES_DIR, router

GAME_ID = "0123456789abcdef0123456789abcdef"
PAGES = ["/", f"/games/{GAME_ID}", "/rules", "/settings"]
CARD_TOKEN = re.compile(r"\b(?:10|[TJQKA])[shdc]\b|\bJk\b")
CATEGORIES = ["Royal Flush", "Four of a Kind", "Full House", "Straight", "Three of a Kind", "Two Pair", "Pair"]


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = FastAPI()
    app.include_router(router)
    app.mount(pages.STATIC_URL, StaticFiles(directory=STATIC_DIR), name="static")
    return TestClient(app)


class Landmarks(HTMLParser):
    """Collects the tags, ids, attributes and links of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.ids: set[str] = set()
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.tags.append((tag, found))
        if found.get("id"):
            self.ids.add(str(found["id"]))

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def having(self, tag: str, **wanted: str) -> list[dict[str, str | None]]:
        return [a for t, a in self.tags if t == tag and all(a.get(k.replace("_", "-")) == v for k, v in wanted.items())]

    def links(self) -> list[str]:
        out = []
        for _, attrs in self.tags:
            for name in ("href", "src", "action"):
                value = attrs.get(name)
                if value is not None:
                    out.append(value)
        return out


def parse(html: str) -> Landmarks:
    page = Landmarks()
    page.feed(html)
    return page


# -- every page -------------------------------------------------------------------------------


@pytest.mark.parametrize("path", PAGES)
def test_page_is_html_with_landmarks(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    html = response.text
    assert html.lstrip().lower().startswith("<!doctype html>")
    page = parse(html)
    assert page.having("html", lang="en")
    assert page.having("meta", name="viewport")
    assert len(page.having("main", id="main")) == 1
    assert page.having("nav", aria_label="Main")
    skip = page.having("a", href="#main")
    assert skip and "skip-link" in str(skip[0].get("class"))
    first_link = next(a for t, a in page.tags if t == "a")
    assert first_link.get("href") == "#main"
    nav_targets = {a.get("href") for a in page.having("a") if a.get("href") in ("/", "/rules", "/settings")}
    assert nav_targets == {"/", "/rules", "/settings"}
    assert len(page.having("h1")) == 1
    assert len([a for _, a in page.tags if a.get("aria-current") == "page"]) == 1


@pytest.mark.parametrize("path", PAGES)
def test_pages_link_only_inside_the_app(client: TestClient, path: str) -> None:
    page = parse(client.get(path).text)
    for link in page.links():
        assert not re.match(r"^[a-z][a-z0-9+.-]*://", link, re.I), link
        assert not link.startswith("//"), link


@pytest.mark.parametrize("path", PAGES)
def test_pages_load_the_scripts_and_styles(client: TestClient, path: str) -> None:
    page = parse(client.get(path).text)
    scripts = [str(a["src"]) for t, a in page.tags if t == "script"]
    styles = [str(a["href"]) for t, a in page.tags if t == "link" and a.get("rel") == "stylesheet"]
    # one script for every poker game, in the order of the first game using it (bounce-back
    # sorts first); the games' own stylesheets load in the head
    assert [s.split("?")[0] for s in scripts] == ["/static/cards.js", "/static/shell.js",
                                                  "/static/games/poker.js", "/static/games/card-commons.js",
                                                  "/static/games/divide.js", "/static/games/divided-ranks.js"]
    assert [s.split("?")[0] for s in styles] == ["/static/app.css", "/static/games/poker.css",
                                                 "/static/games/card-commons.css", "/static/games/divide.css"]
    for url in scripts + styles:
        assert client.get(url).status_code == 200, url


def test_no_inline_scripts_or_styles(client: TestClient) -> None:
    """The server's content security policy allows scripts and styles from the app's files only."""
    for path in PAGES:
        html = client.get(path).text
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), path
        assert "<style" not in html, path
        assert not re.search(r"\sstyle=", html), path
        assert not re.search(r"\son[a-z]+=", html), path


# -- no outside URLs anywhere -------------------------------------------------------------------


def _asset_files() -> list[Path]:
    files = sorted(p for p in TEMPLATES_DIR.glob("*") if p.is_file())
    files += sorted(p for p in STATIC_DIR.glob("*") if p.is_file())
    return files


def test_templates_and_static_files_name_no_outside_url() -> None:
    files = _asset_files()
    assert any(p.suffix == ".html" for p in files) and any(p.suffix == ".js" for p in files)
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text, path.name
        assert not re.search(r"""(?:src|href)\s*=\s*["']//""", text), path.name
        assert "@import" not in text and "url(" not in text.replace("url(#", ""), path.name


def test_rendered_rules_name_no_outside_url(client: TestClient) -> None:
    html = client.get("/rules").text
    assert "http://" not in html and "https://" not in html


# -- static files -------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "kind"), [("shell.js", "javascript"), ("games/divided-ranks.js", "javascript"),
                                           ("cards.js", "javascript"), ("app.css", "text/css"),
                                           ("games/card-commons.js", "javascript"), ("games/card-commons.css", "text/css")])
def test_static_files_are_served(client: TestClient, name: str, kind: str) -> None:
    response = client.get(f"/static/{name}")
    assert response.status_code == 200
    assert kind in response.headers["content-type"]
    assert response.text == (STATIC_DIR / name).read_text(encoding="utf-8")


def test_static_urls_carry_a_version(client: TestClient) -> None:
    html = client.get("/").text
    assert f"/static/shell.js?v={pages.asset_version()}" in html
    assert f"/static/games/divided-ranks.js?v={pages.asset_version()}" in html


def test_css_respects_reduced_motion_and_phone_width() -> None:
    css = (STATIC_DIR / "app.css").read_text(encoding="utf-8")
    assert "prefers-reduced-motion: reduce" in css
    assert ":focus-visible" in css
    # Two rows of five unless the zone is wide enough for ten cards in a row.
    assert re.search(r"^\.hand \{ display: grid; grid-template-columns: repeat\(5,", css, re.M)
    assert re.search(r"@container \(min-width: [0-9.]+rem\) \{[^}]*\.hand \{ grid-template-columns: repeat\(10,", css)
    assert "suit-hearts" in css and "suit-diamonds" in css  # red suits
    assert "four-colour" in css and "large-cards" in css  # the display settings


# -- the table page -------------------------------------------------------------------------------


def test_table_page_has_the_live_region_and_the_game_id(client: TestClient) -> None:
    page = parse(client.get(f"/games/{GAME_ID}").text)
    live = [a for _, a in page.tags if a.get("aria-live") == "polite"]
    assert any(a.get("id") == "announcer" and a.get("role") == "status" for a in live)
    assert page.having("div", id="alert", role="alert")
    assert page.having("main", id="main", data_game_id=GAME_ID)
    for needed in ("prompt", "controls", "your-hand", "opponent-hand", "knowledge", "log", "centre"):
        assert needed in page.ids, needed


def test_table_page_embeds_no_game_state(client: TestClient) -> None:
    """The shell carries no card at all: the script fills the table from the API."""
    html = client.get(f"/games/{GAME_ID}").text
    assert not CARD_TOKEN.search(html), CARD_TOKEN.search(html)
    for glyph in "\u2660\u2665\u2666\u2663":
        assert glyph not in html.replace("&spades;&hearts;", "")
    assert "data-card" not in html and 'class="card ' not in html


def test_table_page_escapes_the_id(client: TestClient) -> None:
    html = client.get("/games/%22%3E%3Cb%3Ex").text
    assert '"><b>x' not in html
    assert "&#34;&gt;&lt;b&gt;x" in html or "&quot;&gt;&lt;b&gt;x" in html


# -- the lobby and settings ------------------------------------------------------------------------


def test_lobby_has_the_new_game_form(client: TestClient) -> None:
    page = parse(client.get("/").text)
    assert page.having("form", id="new-game")
    radios = {(a.get("name"), a.get("value")) for a in page.having("input", type="radio")}
    assert radios == {
        ("bot", "random"), ("bot", "skilled"), ("bot", "expert"),
        ("swap", "blind"), ("swap", "face-up"),
        ("first_splitter", "you"), ("first_splitter", "bot"), ("first_splitter", "coin"),
        ("reserve_order", "literal"), ("reserve_order", "splitter-first"), ("reserve_order", "coin"),
    }
    assert len(page.having("legend")) == 4
    assert "games" in page.ids


def test_settings_page_has_every_setting(client: TestClient) -> None:
    page = parse(client.get("/settings").text)
    names = {a.get("name") for t, a in page.tags if t in ("input", "select") and a.get("name")}
    assert names == {"bot", "swap", "firstSplitter", "reserveOrder", "pace", "confirm", "fourColour", "largeCards",
                     "ccBot", "firstStarter"}  # the last two: Card Commons' own defaults
    labelled = {a.get("for") for a in page.having("label")}
    for t, a in page.tags:
        if t in ("input", "select"):
            assert a.get("id") in labelled, a


def _defaults(path: Path, start: str) -> set[str]:
    script = path.read_text(encoding="utf-8")
    block = script[script.index(start):]
    block = block[: block.index("}")]
    return set(re.findall(r"(\w+):", block[len(start):]))


def test_settings_names_match_the_scripts(client: TestClient) -> None:
    """The settings page's fields are the shared display settings (cards.js) and each game's
    own choices (its script: Divided Ranks', Card Commons'), each saved under its owner's key."""
    shared = _defaults(STATIC_DIR / "cards.js", "var DEFAULTS = {")
    own = _defaults(STATIC_DIR / "games" / "divided-ranks.js", "defaults: {")
    commons = _defaults(STATIC_DIR / "games" / "card-commons.js", "defaults: {")
    assert shared == {"pace", "fourColour", "largeCards", "confirm"}
    assert own == {"bot", "swap", "firstSplitter", "reserveOrder"}
    assert commons == {"ccBot", "firstStarter"} and not commons & (own | shared)
    page = parse(client.get("/settings").text)
    names = {str(a["name"]) for t, a in page.tags if t in ("input", "select") and a.get("name")}
    assert names == shared | own | commons


# -- the rules page ----------------------------------------------------------------------------------


def test_rules_page_renders_the_project_rules(client: TestClient) -> None:
    html = client.get("/rules").text
    page = parse(html)
    text = " ".join(page.text)
    for step in ("Weaker categories", "Stronger categories", "Weaker hands in full", "Stronger hands in full"):
        assert step in text, step
    for category in CATEGORIES:
        assert category in text, category
    for heading in ("setting-up", "the-reserve", "scoring", "hand-categories", "the-joker", "auto-arrange"):
        assert heading in page.ids, heading
    assert "<table>" in html
    assert "<code>" in html


def test_rules_toc_links_resolve(client: TestClient) -> None:
    page = parse(client.get("/rules").text)
    anchors = [str(a["href"]) for t, a in page.tags if t == "a" and str(a.get("href", "")).startswith("#")]
    assert len(anchors) > 5
    for anchor in anchors:
        assert anchor[1:] in page.ids, anchor


def test_rules_show_the_hand_rankings_as_cards_in_order(client: TestClient) -> None:
    html = client.get("/rules").text
    assert [ex.category for ex in RANKING_EXAMPLES] == CATEGORIES
    positions = [html.index(f'class="example-title">{name}<') for name in CATEGORIES]
    assert positions == sorted(positions)
    cards_drawn = re.findall(r'<span class="card suit-(\w+)" role="img" aria-label="([^"]+)">', html)
    assert len(cards_drawn) == 5 * (len(RANKING_EXAMPLES) + len(JOKER_EXAMPLES) + len(JOKER_TIE))
    assert ("joker", "the Joker") in cards_drawn
    assert ("spades", "ten of spades") in cards_drawn


def test_rules_illustrations_sit_inside_the_rules_text(client: TestClient) -> None:
    html = client.get("/rules").text
    assert html.index('id="hand-categories"') < html.index('id="hands-shown-as-cards"') < html.index('id="the-joker"')
    assert html.index('id="the-joker"') < html.index('id="the-joker-by-example"') < html.index('id="ties-inside-a-category"')


@pytest.mark.parametrize("example", RANKING_EXAMPLES + JOKER_EXAMPLES + JOKER_TIE, ids=lambda e: e.title)
def test_every_card_example_is_what_it_says(example: pages.Example) -> None:
    assert len(set(example.cards)) == 5
    assert evaluate(parse_cards(" ".join(example.cards))).category.label == example.category


def test_ranking_examples_are_strongest_first() -> None:
    strengths = [evaluate(parse_cards(" ".join(ex.cards))).strength for ex in RANKING_EXAMPLES]
    assert strengths == sorted(strengths, reverse=True)


def test_joker_tie_example_is_won_by_the_hand_without_the_joker() -> None:
    without, with_joker = (evaluate(parse_cards(" ".join(ex.cards))) for ex in JOKER_TIE)
    assert without.category == with_joker.category
    assert without.strength > with_joker.strength


def test_rules_text_is_loaded_from_the_package() -> None:
    from importlib import resources

    source = resources.files("divided").joinpath("rules_text/divided-ranks.md").read_text(encoding="utf-8")
    assert "Scoring" in source
    assert 'id="scoring"' in pages.rules_html()


# -- the browser's card helpers (it ranks no hands: the server sends every category) ---------------


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js to run the browser code")
def test_browser_card_helpers_and_no_evaluator(tmp_path: Path) -> None:
    script = tmp_path / "check.js"
    script.write_text(
        "const C = require(" + json.dumps(str(STATIC_DIR / "cards.js")) + ");\n"
        "console.log(JSON.stringify({ranks: ['handKey', 'compareKeys', 'categoryName', 'weakerRow']\n"
        "  .filter((name) => name in C),\n"
        "  spoken: C.spoken('You took Ts Jk.'), pretty: C.pretty('split Qd Kc'), pct: [C.percent(0.0625), C.percent(0.25), C.percent(1)]}));\n",
        encoding="utf-8",
    )
    run = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=120, check=True)
    result = json.loads(run.stdout)
    assert result["ranks"] == []  # the JavaScript copy of the evaluator is gone
    assert result["spoken"] == "You took ten of spades and the Joker."
    assert result["pretty"] == "split Q\u2666 K\u2663"
    assert result["pct"] == ["6.3%", "25%", "100%"]


def test_no_script_ranks_hands() -> None:
    for path in STATIC_DIR.rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        assert "handKey" not in text and "Mirrors divided.hands" not in text, path


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js to check the scripts")
@pytest.mark.parametrize("name", ["shell.js", "games/divided-ranks.js", "games/card-commons.js", "games/divide.js",
                                  "cards.js", "review.js"])
def test_scripts_parse(name: str) -> None:
    subprocess.run(["node", "--check", str(STATIC_DIR / name)], check=True, timeout=60)


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js to run the browser code")
def test_the_review_words_a_card_played_to_a_trick_as_a_play() -> None:
    source = (STATIC_DIR / "review.js").read_text()
    function = re.search(r"function actionWords\(label\) \{.*?\n  \}\n", source, re.S)
    assert function is not None
    labels = ["Kc", "Jk1", "Ts", "commit 5s", "take Points", "split Ah Kd", "reserve Ah", "Kc Qd"]
    script = function.group(0) + f"console.log(JSON.stringify({json.dumps(labels)}.map(actionWords)));"
    out = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60, check=True).stdout
    assert json.loads(out) == ["play Kc", "play Jk1", "play Ts", "commit 5s", "take Points", "show Ah Kd face up",
                               "reserve Ah", "Kc Qd"]
