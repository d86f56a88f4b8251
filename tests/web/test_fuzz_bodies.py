r"""Every JSON endpoint of the API against malformed and random bodies.

The endpoints are read from the app's own routes: a new state-changing endpoint under ``/api``
fails :func:`test_every_json_endpoint_is_fuzzed` until it is listed in :data:`ENDPOINTS` with
a valid body. For each endpoint, the known bad bodies (an integer of more than 4,300 digits, a
lone surrogate ``\ud800``, ``NaN``, a repeated field, UTF-16, ...) must be refused 422 (415 for
another charset), and hypothesis-made bodies (junk, and valid bodies with one field wrong) must
never get a 5xx; whenever a body is refused
(any 4xx), nothing stored has changed (every table of the database compared before and after).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import fastapi.routing
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from webtools import SECRET, TEST_HOST, session_of, store_of

from divided.web import api
from divided.web import games as web_games
from divided.web.app import create_app
from divided.web.config import Limits
from divided.web.store import metadata

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

JSON_TYPE = {"content-type": "application/json"}
GAME = "{game_id}"
CHANGING = {"POST", "PUT", "PATCH", "DELETE"}


@dataclass(frozen=True)
class Body:
    """A valid body of an endpoint (field -> JSON text, with the placeholders of :meth:`Site.fill`)
    and the fields it may carry."""

    valid: dict[str, str]
    fields: tuple[str, ...]


@dataclass(frozen=True)
class Endpoint:
    """A JSON endpoint: its method, its path (``{game_id}`` filled in with a game in play) and
    its valid bodies."""

    method: str
    path: str
    bodies: tuple[Body, ...]

    @property
    def fields(self) -> tuple[str, ...]:
        return tuple(sorted({name for body in self.bodies for name in body.fields}))

    def url(self, game_id: str) -> str:
        return self.path.replace(GAME, game_id)


TARGET, MOVE, ACTION = "@game@", "@move@", "@action@"
"""Placeholders in a body for the game in play's id, its move number and a legal action."""


def new_game_bodies() -> tuple[Body, ...]:
    """A valid new-game body of each game, with every field a new game of it may carry."""
    return tuple(Body({"game": json.dumps(game), "bot": '"random"'}, api.new_game_fields(web_games.room(game)))
                 for game in web_games.names())


def body(fields: tuple[str, ...], **valid: str) -> tuple[Body]:
    return (Body(valid, fields),)


ENDPOINTS = (
    Endpoint("POST", "/api/games", new_game_bodies()),
    Endpoint("POST", f"/api/games/{GAME}/moves", body(("move_number", "action"), move_number=MOVE, action=ACTION)),
    Endpoint("POST", f"/api/games/{GAME}/bot", body(("move_number",), move_number=MOVE)),
    Endpoint("POST", f"/api/games/{GAME}/hint", body(("move_number",), move_number=MOVE)),
    Endpoint("POST", f"/api/games/{GAME}/next", body(("rebuy",), rebuy="false")),
    Endpoint("POST", f"/api/games/{GAME}/review", body(())),
    Endpoint("POST", "/api/data/delete", body(("confirm",), confirm="true")),
    Endpoint("POST", "/api/feedback", body(("message", "page", "game_id"), message='"Nice game"',
                                           page='"/history"', game_id=json.dumps(TARGET))),
)
ROOMY = Limits(games_burst=100_000, hints_burst=100_000, feedback_burst=100_000)
"""Limits no fuzzing run reaches, so every body gets as far as its checks go (not a 429)."""


class Site:
    """One app and one browser, with a game in play of each game to aim at (made again when a
    body deleted or finished it); :attr:`aim` says which game the next request goes to."""

    def __init__(self, folder: Path) -> None:
        self.http = TestClient(create_app(data_dir=folder, secret=SECRET, limits=ROOMY,
                                          allowed_hosts=(TEST_HOST,)),
                               raise_server_exceptions=False)
        self.aim = web_games.DEFAULT_GAME
        self.games: dict[str, str] = {}

    def target(self) -> str:
        """The id of a game of :attr:`aim` in play in this browser."""
        game_id = self.games.get(self.aim)
        row = None if game_id is None else store_of(self.http).get(game_id, session_of(self.http))
        if row is None or row.over:
            response = self.http.post("/api/games", json={"game": self.aim, "bot": "random"})
            assert response.status_code == 201, response.text
            self.games[self.aim] = game_id = str(response.json()["id"])
        assert game_id is not None
        return game_id

    def stored(self) -> dict[str, list[str]]:
        """Every row of every table, as text, sorted."""
        with store_of(self.http).engine.connect() as connection:
            return {table.name: sorted(repr(tuple(row)) for row in connection.execute(select(table)))
                    for table in metadata.sorted_tables}

    def fill(self, body: bytes) -> bytes:
        """``body`` with the placeholders replaced by the game in play's id, move number and
        first legal action."""
        state = self.http.get(f"/api/games/{self.target()}").json()
        legal = [choice["action"] for choice in state["legal"]] or [0]
        for placeholder, value in ((TARGET, state["id"]), (MOVE, state["move_number"]), (ACTION, legal[0])):
            body = body.replace(placeholder.encode(), str(value).encode())
        return body

    def send(self, endpoint: Endpoint, body: bytes, headers: dict[str, str]) -> Any:
        return self.http.request(endpoint.method, endpoint.url(self.target()), content=self.fill(body),
                                 headers=headers)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    return Site(tmp_path_factory.mktemp("fuzz"))


def refused_and_unchanged(site: Site, endpoint: Endpoint, body: bytes, status: int,
                          headers: dict[str, str] = JSON_TYPE) -> str:
    """Send ``body``; it must be answered ``status`` with a JSON error, nothing stored changed."""
    site.target()
    before = site.stored()
    response = site.send(endpoint, body, headers)
    assert response.status_code == status, (endpoint.path, body[:80], response.status_code, response.text)
    assert set(response.json()) == {"error"}
    assert site.stored() == before, f"{endpoint.path} changed the database while refusing {body[:80]!r}"
    return str(response.json()["error"])


def changing_routes(app: Any) -> set[tuple[str, str]]:
    """(method, path) of every state-changing route of the app under ``/api/``."""
    # FastAPI from 0.16x keeps included routers whole; iter_route_contexts flattens them
    flatten = getattr(fastapi.routing, "iter_route_contexts", iter)
    found = set()
    for route in flatten(app.routes):
        path, methods = getattr(route, "path", None), getattr(route, "methods", None)
        if isinstance(path, str) and path.startswith("/api/") and methods:
            found.update((method, path) for method in set(methods) & CHANGING)
    return found


def test_every_json_endpoint_is_fuzzed(site: Site) -> None:
    routes = changing_routes(site.http.app)
    assert ("POST", "/api/games") in routes, routes  # the flattening found the API's routes
    listed = {(endpoint.method, endpoint.path) for endpoint in ENDPOINTS}
    missing = sorted(routes - listed)
    assert not missing, f"JSON endpoints not listed in ENDPOINTS (so not fuzzed): {missing}"
    assert not listed - routes, f"ENDPOINTS lists routes the app does not have: {sorted(listed - routes)}"


def field_of(endpoint: Endpoint) -> str:
    """A field the endpoint takes (so a body is not refused merely for an unknown field)."""
    return endpoint.fields[0] if endpoint.fields else "move_number"


# -- the known bad bodies ---------------------------------------------------------------------


def bad_bodies(field: str) -> list[tuple[str, bytes]]:
    """(what, body) pairs that are not JSON the API accepts, each with ``field`` in it."""
    key = json.dumps(field).encode()
    return [
        ("an integer of 5000 digits", b"{" + key + b": " + b"7" * 5000 + b"}"),
        ("a negative integer of 4301 digits", b"{" + key + b": -" + b"1" * 4301 + b"}"),
        ("a lone surrogate", b"{" + key + b': "\\ud800"}'),
        ("a lone low surrogate in a list", b"{" + key + b': ["a", "b\\udfffc"]}'),
        ("a lone surrogate in a field name", b'{"\\ud83d": 1}'),
        ("NaN", b"{" + key + b": NaN}"),
        ("-Infinity", b"{" + key + b": -Infinity}"),
        ("a number that overflows", b"{" + key + b": 1e400}"),
        ("a repeated field", b"{" + key + b": 1, " + key + b": 1}"),
        ("UTF-16", ("{" + json.dumps(field) + ": 1}").encode("utf-16")),
        ("not UTF-8", b"{" + key + b': "\xff\xfe"}'),
        ("a raw surrogate", b"{" + key + b': "\xed\xa0\x80"}'),
        ("nesting 7000 deep", b"{" + key + b": " + b"[" * 7000 + b"]" * 7000 + b"}"),
        ("a list", b"[" + key + b"]"),
        ("truncated", b"{" + key + b": "),
    ]


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: e.path)
def test_known_bad_bodies_are_422_and_change_nothing(site: Site, endpoint: Endpoint) -> None:
    for what, body in bad_bodies(field_of(endpoint)):
        message = refused_and_unchanged(site, endpoint, body, 422)
        if "digits" in what:
            assert "digits" in message, message
        if "surrogate" in what:
            assert "surrogate" in message or "UTF-8" in message, message


@pytest.mark.parametrize("field", ["message", "page"])
def test_a_lone_surrogate_in_feedback_is_422_and_nothing_is_saved(site: Site, field: str) -> None:
    feedback = next(e for e in ENDPOINTS if e.path == "/api/feedback")
    body = {"message": "fine words", "page": "/history", field: "x\ud800y"}
    text = json.dumps(body).encode()
    assert b'"x\\ud800y"' in text
    message = refused_and_unchanged(site, feedback, text, 422)
    assert "surrogate" in message
    assert site.http.get("/api/data/export").json()["feedback"] == []


def test_another_charset_is_415_and_the_declared_one_is_fine(site: Site) -> None:
    feedback = next(e for e in ENDPOINTS if e.path == "/api/feedback")
    body = json.dumps({"message": "héllo", "page": "/"}).encode("latin-1")
    refused_and_unchanged(site, feedback, body, 415, {"content-type": "application/json; charset=latin-1"})
    saved = site.send(feedback, json.dumps({"message": "héllo", "page": "/"}, ensure_ascii=False).encode(),
                      {"content-type": "application/json; charset=UTF-8"})
    assert saved.status_code == 201, saved.text
    assert saved.json()["feedback"]["message"] == "héllo"


def test_a_byte_order_mark_is_ignored(site: Site) -> None:
    feedback = next(e for e in ENDPOINTS if e.path == "/api/feedback")
    saved = site.send(feedback, b"\xef\xbb\xbf" + json.dumps({"message": "bom", "page": "/"}).encode(), JSON_TYPE)
    assert saved.status_code == 201, saved.text


# -- hypothesis -------------------------------------------------------------------------------

T = TypeVar("T")


def weighted(*choices: tuple[int, st.SearchStrategy[T]]) -> st.SearchStrategy[T]:
    """One of the strategies, each drawn about ``weight`` times as often."""
    return st.sampled_from([strategy for weight, strategy in choices for _ in range(weight)]).flatmap(
        lambda strategy: strategy)


# JSON texts are built as text, so they can hold what json.dumps never writes: NaN, numbers of
# thousands of digits, repeated keys, lone surrogate escapes, raw surrogates (invalid UTF-8).
any_char = st.characters(codec=None, exclude_categories=())  # surrogates and controls included
words = st.text(st.characters(categories=("L", "N", "P", "S", "Zs")), min_size=1, max_size=20)
numbers = weighted(
    (4, st.integers(min_value=-2, max_value=50).map(str)),
    (2, st.integers().map(str)),
    (1, st.integers(min_value=4000, max_value=5000).map(lambda n: "-" * (n % 2) + "9" * n)),
    (1, st.floats().map(json.dumps)),  # NaN, Infinity and -Infinity included
    (1, st.sampled_from(["1e400", "-1e99999", "0.1e-99999", "1.5", "-0"])),
)
text_values = weighted(
    (3, words),
    (3, st.tuples(words, st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), words).map("".join)),
    (1, st.text(any_char, max_size=20)),
)
texts = text_values.flatmap(lambda text: st.sampled_from(
    [json.dumps(text), json.dumps(text), json.dumps(text), json.dumps(text, ensure_ascii=False)]))
keys = st.text(any_char, max_size=8)


def objects(pairs: list[tuple[str, str]]) -> str:
    return "{" + ", ".join(f"{json.dumps(key)}: {value}" for key, value in pairs) + "}"


def json_texts() -> st.SearchStrategy[str]:
    """Any JSON-like text: scalars, arrays and objects nested a few deep."""
    scalars = st.one_of(st.sampled_from(["null", "true", "false"]), numbers, texts)

    def containers(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return (st.lists(inner, max_size=4).map(lambda items: "[" + ", ".join(items) + "]")
                | st.lists(st.tuples(keys, inner), max_size=4).map(objects))

    return st.recursive(scalars, containers, max_leaves=10)


@st.composite
def junk_objects(draw: st.DrawFn, endpoint: Endpoint) -> str:
    """An object with some of the endpoint's fields and other keys, any values."""
    names = st.sampled_from(endpoint.fields) | keys if endpoint.fields else keys
    return objects(draw(st.lists(st.tuples(names, json_texts()), max_size=5)))


Request = tuple[Endpoint, bytes, dict[str, str], str]
"""An endpoint, a body, headers and the game the request aims at."""
aims = st.sampled_from(web_games.names())


@st.composite
def requests(draw: st.DrawFn) -> Request:
    endpoint = draw(st.sampled_from(ENDPOINTS))
    text = draw(weighted((4, junk_objects(endpoint)), (2, json_texts()),
                         (1, junk_objects(endpoint).map(lambda body: body[: len(body) // 2]))))
    body = draw(weighted((12, st.just(text.encode("utf-8", "surrogatepass"))), (1, st.binary(max_size=64))))
    media = draw(weighted((12, st.just("application/json")), (1, st.sampled_from(
        ["application/json; charset=utf-8", "application/json; charset=utf-16", "text/plain", ""]))))
    return endpoint, body, ({"content-type": media} if media else {}), draw(aims)


@st.composite
def one_field_wrong(draw: st.DrawFn) -> Request:
    """A valid body of an endpoint with one field set to any value (or one field more)."""
    endpoint = draw(st.sampled_from(ENDPOINTS))
    chosen = draw(st.sampled_from(endpoint.bodies))
    name = draw(weighted((4, st.sampled_from(chosen.fields)), (1, keys)) if chosen.fields else keys)
    value = draw(weighted((4, texts), (1, numbers), (1, json_texts())))
    return endpoint, objects([*chosen.valid.items(), (name, value)] if name not in chosen.valid else
                             [(key, value if key == name else text) for key, text in chosen.valid.items()]
                             ).encode("utf-8", "surrogatepass"), JSON_TYPE, draw(aims)


FUZZ = settings(max_examples=300, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def answered_safely(site: Site, endpoint: Endpoint, body: bytes, headers: dict[str, str], game: str) -> int:
    """Send ``body`` (to a ``game`` in play where the path names a game): never a 5xx, and a
    refusal (4xx) is a JSON error that changed nothing."""
    site.aim = game
    site.target()
    before = site.stored()
    response = site.send(endpoint, body, headers)
    assert response.status_code < 500, (endpoint.path, body[:200], response.status_code, response.text)
    if response.status_code >= 400:
        assert set(response.json()) == {"error"}, response.text
        assert site.stored() == before, f"{endpoint.path} changed the database while refusing {body[:200]!r}"
    return int(response.status_code)


@FUZZ
@given(request=requests())
def test_no_junk_body_gets_a_5xx_and_a_refused_one_changes_nothing(
        site: Site, request: Request) -> None:
    answered_safely(site, *request)


@FUZZ
@given(request=one_field_wrong())
def test_a_valid_body_with_one_field_wrong_gets_no_5xx_and_a_refused_one_changes_nothing(
        site: Site, request: Request) -> None:
    answered_safely(site, *request)


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: e.path)
def test_the_valid_bodies_are_accepted(site: Site, endpoint: Endpoint) -> None:
    """The fuzzing starts from bodies the API accepts (else it would test only refusals)."""
    for chosen in endpoint.bodies:
        response = site.send(endpoint, objects(list(chosen.valid.items())).encode(), JSON_TYPE)
        assert response.status_code < 400 or (response.status_code == 409 and endpoint.path.endswith(
            ("/bot", "/hint", "/review", "/next"))), (endpoint.path, response.text)  # /next: the game is in play
