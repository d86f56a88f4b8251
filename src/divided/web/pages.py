"""The web app's HTML pages: lobby, table, rules, settings, history, replay and saved data.

The live table is only a page shell: it is filled in by ``static/app.js`` from
``GET /api/games/{id}``. The pages about finished games (history, replay) are rendered here
from the same JSON the API answers (:mod:`divided.web.after`), which is built from the
player's view alone, so nothing the rules keep hidden can leak through a page. The server mounts the static files (``STATIC_DIR``) at
``STATIC_URL``::

    app.include_router(pages.router)
    app.mount(pages.STATIC_URL, StaticFiles(directory=pages.STATIC_DIR), name="static")
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from markdown_it import MarkdownIt
from markupsafe import Markup

from divided.bots import has_advisor
from divided.cards import Card
from divided.web import games as web_games
from divided.web.after import (
    chart_svg,
    decision_prefixes,
    finished_row,
    history_for,
    replay_object,
    title_of,
)
from divided.web.api import ApiError, GameService, UnreadableGame
from divided.web.sessions import session_id
from divided.web.statistics import measure_of

WEB_DIR = Path(__file__).resolve().parent
TEMPLATES_DIR = WEB_DIR / "templates"
STATIC_DIR = WEB_DIR / "static"
STATIC_URL = "/static"

router = APIRouter()
templates = Jinja2Templates(directory=str(TEMPLATES_DIR))

_SUIT_NAMES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
_RANK_LABELS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
                10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
               10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
_JOKERS = {"Jk1": ("Jk1", "the first Joker"), "Jk2": ("Jk2", "the second Joker")}
"""The 54-card deck's two Jokers, told apart (the 21-card pack's one Joker is "Jk")."""


@dataclass(frozen=True, slots=True)
class CardFace:
    """How one card is drawn in a template: short rank, suit symbol and spoken name."""

    rank: str
    glyph: str
    suit: str
    words: str

    @classmethod
    def of(cls, code: str) -> CardFace:
        card = Card.parse(code)
        if card.rank is None or card.suit is None:
            label, words = _JOKERS.get(str(card), ("Jkr", "the Joker"))
            return cls(label, "\u2605", "joker", words)
        rank = int(card.rank)
        return cls(_RANK_LABELS[rank], card.suit.glyph, _SUIT_NAMES[card.suit.value],
                   f"{_RANK_WORDS[rank]} of {_SUIT_NAMES[card.suit.value]}")


@dataclass(frozen=True, slots=True)
class Example:
    """An illustrated hand on the rules page: five cards, the category they make, a comment."""

    title: str
    cards: tuple[str, ...]
    category: str
    note: str

    @property
    def faces(self) -> list[CardFace]:
        return [CardFace.of(code) for code in self.cards]


RANKING_EXAMPLES: tuple[Example, ...] = (
    Example("Royal Flush", ("Th", "Jh", "Qh", "Kh", "Ah"), "Royal Flush",
            "10 up to the ace in a single suit. Nothing beats it."),
    Example("Four of a Kind", ("As", "Ah", "Ad", "Ac", "Ts"), "Four of a Kind",
            "All four cards of one rank, plus any fifth card."),
    Example("Full House", ("Ks", "Kh", "Kd", "Jc", "Jd"), "Full House",
            "Three of one rank with two of another."),
    Example("Straight", ("Td", "Js", "Qh", "Kc", "Ad"), "Straight",
            "One card of each rank in mixed suits. The only straight this pack allows."),
    Example("Three of a Kind", ("Qs", "Qh", "Qd", "Ac", "Th"), "Three of a Kind",
            "Three of one rank and two odd cards."),
    Example("Two Pair", ("Js", "Jd", "Tc", "Th", "As"), "Two Pair",
            "Two ranks twice each, and one odd card."),
    Example("Pair", ("Ah", "Ac", "Ks", "Qd", "Jh"), "Pair",
            "Two cards of one rank. The weakest category: there is no \u201chigh card\u201d hand."),
)

JOKER_EXAMPLES: tuple[Example, ...] = (
    Example("Wild for a royal flush", ("Ts", "Js", "Qs", "Ks", "Jk"), "Royal Flush",
            "Four spades of different ranks: the Joker becomes the missing ace of spades, "
            "even if that ace is in the same player's other hand."),
    Example("Wild for a straight", ("Th", "Jd", "Qs", "Ac", "Jk"), "Straight",
            "Four different ranks in mixed suits: the Joker fills the gap as a king."),
    Example("Not wild for three of a kind", ("Ks", "Kh", "Kd", "Tc", "Jk"), "Three of a Kind",
            "The Joker never matches a rank, so three kings stay three of a kind, not four."),
    Example("Not wild for a full house", ("Qs", "Qh", "Td", "Tc", "Jk"), "Two Pair",
            "Two pairs and the Joker make two pair. The Joker is the odd card and counts below a 10."),
    Example("No help to a pair", ("Ts", "Th", "Qd", "Ac", "Jk"), "Pair",
            "Only the two tens pair up. The Joker is the lowest card in the hand."),
)

JOKER_TIE = (
    Example("Straight without the Joker", ("Ts", "Jh", "Qd", "Kc", "As"), "Straight", "This one wins."),
    Example("Straight with the Joker", ("Th", "Jd", "Qc", "Ks", "Jk"), "Straight",
            "Same category, but it needs the Joker, so it loses."),
)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    used: dict[str, int] = {}

    def heading_open(self: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
        inline = tokens[idx + 1]
        slug = _slug(inline.content)
        used[slug] = used.get(slug, 0) + 1
        if used[slug] > 1:
            slug = f"{slug}-{used[slug]}"
        tokens[idx].attrSet("id", slug)
        return str(self.renderToken(tokens, idx, options, env))

    def table_open(self: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
        return '<div class="table-scroll">' + str(self.renderToken(tokens, idx, options, env))

    def table_close(self: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
        return str(self.renderToken(tokens, idx, options, env)) + "</div>"

    md.add_render_rule("heading_open", heading_open)
    md.add_render_rule("table_open", table_open)
    md.add_render_rule("table_close", table_close)
    return md


@cache
def rules_html(game: str = web_games.DEFAULT_GAME) -> str:
    """A game's rules text, rendered from its package resource ("" when the game has none yet)."""
    room = web_games.room(game)
    resource = resources.files("divided").joinpath(room.rules_resource)
    if not resource.is_file():
        return ""
    text = resource.read_text(encoding="utf-8")
    after = str(getattr(room, "rules_after", "") or "")
    if after and resources.files("divided").joinpath(after).is_file():  # a family's shared rules (poker's table)
        text = text.rstrip() + "\n\n" + resources.files("divided").joinpath(after).read_text(encoding="utf-8")
    return str(_markdown().render(text))


def _game_room(game: str | None) -> web_games.WebRoom | None:
    """The web room a page's ``?game=`` names (the default game without one; ``None``: unknown)."""
    name = web_games.DEFAULT_GAME if game is None else game
    return web_games.room(name) if web_games.ROOMS.supports(name) else None


def _other_games(current: str) -> list[web_games.WebRoom]:
    """The other games the lobby and rules pages link to: a family (poker) once, by its own
    name, unless the current game is one of it."""
    family = _family(web_games.room(current)) if web_games.ROOMS.supports(current) else ""
    out: list[web_games.WebRoom] = []
    seen: set[str] = set()
    for name in web_games.names():
        room = web_games.room(name)
        group = _family(room)
        if name == current or (group and (group == family or group in seen)):
            continue
        seen.add(group)
        out.append(room)
    return out


def _family(room: web_games.WebRoom) -> str:
    return str(getattr(room, "family", "") or "")


def family_members(room: web_games.WebRoom) -> list[web_games.WebRoom]:
    """The games of ``room``'s family in the registry's order (``[]``: it has none)."""
    family = _family(room)
    if not family:
        return []
    members = [web_games.room(name) for name in web_games.names() if _family(web_games.room(name)) == family]
    return sorted(members, key=lambda room: int(getattr(room, "family_rank", 0)))


def link_title(room: web_games.WebRoom) -> str:
    """A game as the links to other games name it: a family by the family's name ("Poker")."""
    return str(getattr(room, "family_title", "") or "") or room.title


templates.env.globals["link_title"] = link_title


def _split_rules(html: str) -> tuple[str, str, str]:
    """Cut the rendered rules where the illustrated hand rankings and Joker examples belong:
    before the Joker section and before the ties section. Missing headings put them at the end."""
    joker = html.find('<h3 id="the-joker">')
    ties = html.find('<h3 id="ties-inside-a-category">')
    if joker < 0 or ties < joker:
        return html, "", ""
    return html[:joker], html[joker:ties], html[ties:]


@cache
def asset_version() -> str:
    """A short hash of the static files, appended to their URLs so browsers pick up changes."""
    digest = hashlib.sha256()
    for path in sorted(STATIC_DIR.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(STATIC_DIR).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _render(request: Request, name: str, page: str, title: str, *, game: str | None = None,
            **context: Any) -> HTMLResponse:
    """A page; ``game`` is the game it is about (the header's Play and Rules links open that game's
    lobby and rules)."""
    rules_game = game if game is not None and game != web_games.DEFAULT_GAME else None
    return templates.TemplateResponse(
        request, name,
        {"page": page, "title": title, "static": STATIC_URL, "v": asset_version(), "rules_game": rules_game,
         **context},
    )


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
def lobby(request: Request, game: str | None = None) -> HTMLResponse:
    room = _game_room(game)
    if room is None:
        return _problem(request, 404, "There is no such game here.")
    return _render(request, "lobby.html", "lobby", "Play", game=room.game, room=room,
                   other_games=_other_games(room.game), family=family_members(room),
                   hints_offered=has_advisor(room.game))


@router.get("/games/{game_id}", response_class=HTMLResponse, include_in_schema=False)
def table(request: Request, game_id: str) -> HTMLResponse:
    game = _game_of(request, game_id)
    name = web_games.room(game).title if game is not None and web_games.ROOMS.supports(game) else "Game"
    return _render(request, "table.html", "table", name, game=game, game_id=game_id, game_name=name)


def _game_of(request: Request, game_id: str) -> str | None:
    """The game of the session's stored game ``game_id`` (``None``: no such game, or no store)."""
    service = getattr(request.app.state, "service", None)
    if not isinstance(service, GameService):
        return None
    try:
        return service.row(game_id, session_id(request)).game
    except ApiError:  # no such game here: the page itself says so
        return None


@router.get("/rules", response_class=HTMLResponse, include_in_schema=False)
def rules(request: Request, game: str | None = None) -> HTMLResponse:
    room = _game_room(game)
    if room is None:
        return _problem(request, 404, "There is no such game here.")
    if room.game != web_games.DEFAULT_GAME:  # a game's own rules page: games/<game>-rules.html
        page = _family(room) or room.game  # a family's games share one page
        return _render(request, f"games/{page}-rules.html", "rules", f"Rules of {room.title}",
                       game=room.game, room=room, rules_text=rules_html(room.game),
                       other_games=_other_games(room.game), family=family_members(room),
                   hints_offered=has_advisor(room.game))
    before, joker, after = _split_rules(rules_html())
    return _render(
        request, "rules.html", "rules", "Rules",
        rules_before=before, rules_joker=joker, rules_after=after,
        rankings=RANKING_EXAMPLES, joker_examples=JOKER_EXAMPLES, joker_tie=JOKER_TIE,
        other_games=_other_games(room.game),
    )


@router.get("/settings", response_class=HTMLResponse, include_in_schema=False)
def settings(request: Request) -> HTMLResponse:
    return _render(request, "settings.html", "settings", "Settings")


# -- after the game: history, replay, saved data ---------------------------------------------


_PROBLEM_TITLES = {400: "Not a usable address", 404: "Page not found", 500: "Server problem"}


def _problem(request: Request, status: int, message: str) -> HTMLResponse:
    title = _PROBLEM_TITLES.get(status, "Not available")
    response = _render(request, "problem.html", "problem", title, message=message, heading=title,
                       status=status)
    response.status_code = status
    return response


def error_page(request: Request, status: int, message: str) -> HTMLResponse:
    """An HTML error page in the site's style (unknown pages, bad query values, failures)."""
    return _problem(request, status, message)


def _service(request: Request) -> GameService:
    service = request.app.state.service
    assert isinstance(service, GameService)
    return service


@router.get("/history", response_class=HTMLResponse, include_in_schema=False)
def history(request: Request) -> HTMLResponse:
    body = history_for(_service(request), session_id(request))
    finished = list(reversed(body["games"]))  # newest first in the table
    blocks = [{**block, "svgs": [(chart, Markup(chart_svg(chart))) for chart in block["charts"]],
               "cells": [measure_of(block["game"]).cells(row) for row in block["stats"]]}
              for block in body["by_game"]]
    return _render(request, "history.html", "history", "History", history=body, finished=finished,
                   blocks=blocks)


def _faces(codes: list[str]) -> list[CardFace]:
    """The faces of cards, for a game's templates (``faces(state.table.hand)``)."""
    return [CardFace.of(code) for code in codes]


templates.env.globals["faces"] = _faces


def game_scripts() -> list[str]:
    """The browser scripts of every game with a web room (each registers its renderer)."""
    return list(dict.fromkeys(web_games.room(game).script for game in web_games.names()))


templates.env.globals["game_scripts"] = game_scripts


def script_games(script: str) -> str:
    """The ids of the games whose rooms name ``script``, space-separated (the script's tag
    carries them: a family's script registers every game of it without a list of its own)."""
    return " ".join(game for game in web_games.names() if web_games.room(game).script == script)


templates.env.globals["script_games"] = script_games


def game_styles() -> list[tuple[str, str]]:
    """The stylesheets beside the games' scripts (``games/<name>.css``), as (link id, path): in
    the page's head, so a table is laid out once, not again when a late stylesheet arrives (the
    shell skips a stylesheet whose link id, ``<name>-css``, is already there)."""
    out = []
    for script in game_scripts():
        style = script.removesuffix(".js") + ".css"
        if (STATIC_DIR / style).is_file():
            out.append((Path(style).stem + "-css", style))
    return out


templates.env.globals["game_styles"] = game_styles


@router.get("/games/{game_id}/replay", response_class=HTMLResponse, include_in_schema=False)
def replay(request: Request, game_id: str, move: int | None = None) -> HTMLResponse:
    service = _service(request)
    session = session_id(request)
    try:
        row = finished_row(service, game_id, session)
    except UnreadableGame as error:
        return _problem(request, error.status, error.message[:1].upper() + error.message[1:] + ".")
    except ApiError as error:
        return _problem(request, error.status, "This game is not over yet: finish it first, then replay it."
                        if error.status == 409 else "There is no such game in this browser.")
    prefixes = decision_prefixes(row)
    last = len(prefixes) - 1
    index = last if move is None else min(max(move, 0), last)
    body = replay_object(service, row.id, session, index)
    step = body["steps"][0]
    state = step["state"]
    title = title_of(row.game)
    return _render(
        request, "replay.html", "replay", f"Replay of {title}", game=row.game, game_title=title, game_id=row.id,
        step=step, state=state, last=last,
        index=index, step_moves=[count for count, _ in prefixes], summary_open=move is None,
        bots=[bot for bot in row.bots if bot is not None],
        variant=web_games.options_words(row.game, web_games.non_default_options(row.game, row.options)),
        family=_family(web_games.room(row.game)) if web_games.ROOMS.supports(row.game) else "",
        review_offered=has_advisor(row.game),  # no review panel for a game without an advisor (yet)
    )


@router.get("/data", response_class=HTMLResponse, include_in_schema=False)
def data(request: Request) -> HTMLResponse:
    service = _service(request)
    session = session_id(request)
    games_count = len(service.store.list(session, limit=None))
    notes = len(service.store.feedback(session))
    return _render(request, "data.html", "data", "Your data", games_count=games_count, notes=notes)
