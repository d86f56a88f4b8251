"""Shared helpers of the web tests: clients, ground truth from the store, card scanning,
`divided serve` and PostgreSQL as subprocesses."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from divided.cards import PACK_21, mask_indices
from divided.games.base import State
from divided.games.divided_ranks.state import (
    ALL_CARDS,
    ChoiceEvent,
    DividedRanksState,
    Phase,
    ReserveEvent,
    SplitEvent,
)
from divided.web.api import GameService
from divided.web.app import create_app
from divided.web.sessions import COOKIE_NAME
from divided.web.store import GameStore, owner_key, rebuild

SECRET = b"test-secret-for-the-web-tests-0123456789"
CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:[TJQKA][shdc]|Jk)(?![A-Za-z0-9])")
CARD_INDEX = {str(card): i for i, card in enumerate(PACK_21)}
ROOT = Path(__file__).resolve().parents[2]


TEST_HOST = "testserver"
"""The host name of TestClient's requests (its default base URL): the test apps answer to it."""


def client(tmp_path: Path, *, processes: bool = False, **options: Any) -> TestClient:
    """An in-process client of a fresh app storing its games under ``tmp_path`` (and answering
    to the TestClient's host name besides its own names). Its bots, hints and reviews run on the
    app's own threads unless ``processes`` (then in the process's shared worker pool,
    :mod:`divided.web.compute`, started on first use: seconds)."""
    options.setdefault("secret", SECRET)
    options.setdefault("allowed_hosts", (TEST_HOST,))
    options.setdefault("processes", processes)
    return TestClient(create_app(data_dir=tmp_path, **options))


def second_client(first: TestClient) -> TestClient:
    """Another browser (its own session) on the same app."""
    return TestClient(first.app)


def session_of(http: TestClient | httpx.Client) -> str:
    """The session id inside a client's signed cookie."""
    value = http.cookies.get(COOKIE_NAME)
    assert value, "the client has no session cookie yet"
    return value.rsplit(".", 1)[0]


def owner_key_of(http: TestClient | httpx.Client) -> str:
    """The key a client's games are stored under (the stored form of its session id)."""
    return owner_key(session_of(http))


def store_of(http: TestClient) -> GameStore:
    store = http.app.state.store  # type: ignore[attr-defined]
    assert isinstance(store, GameStore)
    return store


def service_of(http: TestClient) -> GameService:
    found = http.app.state.service  # type: ignore[attr-defined]
    assert isinstance(found, GameService)
    return found


def truth(http: TestClient, game_id: str) -> State[Any, Any]:
    """The full game state (hidden cards included) as stored, rebuilt from the record."""
    row = store_of(http).get(game_id, session_of(http))
    assert row is not None
    return rebuild(row)


def core(http: TestClient, game_id: str) -> DividedRanksState:
    state = truth(http, game_id).core
    assert isinstance(state, DividedRanksState)
    return state


def move(http: TestClient | httpx.Client, state: dict[str, Any], action: int) -> httpx.Response:
    return http.post(f"/api/games/{state['id']}/moves",
                     json={"move_number": state["move_number"], "action": action})


def play_out(http: TestClient | httpx.Client, state: dict[str, Any],
             pick: Callable[[dict[str, Any]], int], check: Callable[[dict[str, Any]], None] | None = None,
             ) -> list[dict[str, Any]]:
    """Play the human's side with ``pick`` until the end; every state seen, in order."""
    seen = [state]
    while state["phase"] != "over":
        assert state["to_move"] == "you", state
        response = move(http, state, pick(state))
        assert response.status_code == 200, response.text
        state = response.json()
        if check is not None:
            check(state)
        seen.append(state)
    return seen


def strings(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every string inside a JSON value (keys included), with where it was found."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield f"{path}.{key}", str(key)
            yield from strings(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from strings(item, f"{path}[{i}]")


def card_tokens(text: str) -> set[int]:
    """The cards written in a piece of text (indices into the 21-card pack)."""
    return {CARD_INDEX[token] for token in CARD_TOKEN.findall(text)}


def mask(cards: list[str]) -> int:
    out = 0
    for code in cards:
        out |= 1 << CARD_INDEX[code]
    return out


# -- what the human may know, from the rules (independent of divided.games.*.view) ----------


@dataclass(frozen=True)
class Allowed:
    """What the rules let the human know at a state: the cards seen, and the cards that may be
    named because everything else is accounted for."""

    seen: int
    nameable: int

    @property
    def unseen(self) -> int:
        return ALL_CARDS ^ self.seen


def allowed(state: DividedRanksState, seat: int) -> Allowed:
    """Cards the human at ``seat`` has seen: every card that has been in their hand, the
    face-up pairs, the four cards of the rounds they split, the face-down pairs they took,
    the cards of their own swap (and of every swap in the face-up variant), and at the
    showdown both holdings. Cards may also be named once deduction pins every card: when at
    most one card is unseen, or (from the reserve on, the stock being empty) once the human
    knew the reserve card, through their own swap or a face-up swap they watched."""
    face_up_variant = state.options.swap == "face-up"
    seen = state.hands[seat]
    reserve_known = False
    for event in state.log:
        if isinstance(event, SplitEvent):
            seen |= event.face_up
            if event.splitter == seat:
                seen |= event.drawn
        elif isinstance(event, ChoiceEvent):
            if event.chooser == seat and not event.took_face_up:
                seen |= event.face_down
        elif isinstance(event, ReserveEvent) and event.swapped and (event.player == seat or face_up_variant):
            seen |= (1 << event.gave) | (1 << event.took)
            reserve_known = True
    splitter = state.splitter() if state.phase in (Phase.SPLIT, Phase.CHOOSE) else -1
    if state.phase == Phase.SPLIT and splitter == seat:
        seen |= state.drawn()
    if state.phase == Phase.CHOOSE:
        seen |= state.face_up
        if splitter == seat:
            seen |= state.face_down
    if state.phase == Phase.OVER:
        seen |= state.hands[0] | state.hands[1]
    unseen = ALL_CARDS ^ seen
    nameable = seen
    if unseen.bit_count() <= 1 or reserve_known:
        nameable = ALL_CARDS
    return Allowed(seen, nameable)


UNCERTAIN_FIELDS = (".knowledge.unaccounted", ".knowledge.reserve_odds")


def leaks(body: dict[str, Any], state: DividedRanksState, seat: int) -> list[str]:
    """Everything in a state object the human may not know (empty when it is clean).

    Outside the lists of uncertain cards, a card may be written only if the human may name
    it. The uncertain lists name cards by necessity ("could be anywhere"), so there every
    unseen card must be treated alike: all listed or none, with the same odds; listing them
    differently would say where they are.
    """
    rules = allowed(state, seat)
    problems: list[str] = []
    for where, text in strings(body):
        if where.startswith(UNCERTAIN_FIELDS):
            continue
        for index in card_tokens(text):
            if not rules.nameable >> index & 1:
                problems.append(f"{where} shows {PACK_21[index]} (unseen): {text!r}")
    unseen = [str(PACK_21[i]) for i in mask_indices(ALL_CARDS ^ rules.nameable)]
    if len(unseen) >= 2:
        books = body["knowledge"]
        places = {item["card"]: item["places"] for item in books["unaccounted"]}
        odds = {item["card"]: item["p"] for item in books["reserve_odds"]}
        for field, table in (("unaccounted", places), ("reserve_odds", odds)):
            treated = {repr(table.get(code)) for code in unseen}
            if len(treated) != 1:
                problems.append(f"knowledge.{field} tells unseen cards apart: "
                                f"{ {code: table.get(code) for code in unseen} }")
    return problems


def watched_by_you(state: DividedRanksState, seat: int = 0) -> int:
    """The cards ``seat`` saw go into the bot's hand (worked out here from the rules, not the
    books): the pair the bot took or kept when ``seat`` saw it (face up, or split by ``seat``),
    and the card the bot took in a face-up swap."""
    out = 0
    splits: dict[int, SplitEvent] = {}
    for event in state.log:
        if isinstance(event, SplitEvent):
            splits[event.round] = event
        elif isinstance(event, ChoiceEvent):
            split = splits[event.round]
            to_bot = split.face_up if (event.chooser != seat) == event.took_face_up else event.face_down
            if to_bot == split.face_up or split.splitter == seat or (event.chooser == seat and not event.took_face_up):
                out |= to_bot
        elif isinstance(event, ReserveEvent) and event.player != seat and event.swapped and state.options.swap == "face-up":
            out |= 1 << event.took
    return out


def last_blind_bot_swap(state: DividedRanksState, seat: int) -> ReserveEvent | None:
    """The bot's reserve swap if it was blind for the human."""
    if state.options.swap == "face-up":
        return None
    for event in state.log:
        if isinstance(event, ReserveEvent) and event.player != seat and event.swapped:
            return event
    return None


# -- subprocesses ---------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    """A running ``divided serve``."""

    process: subprocess.Popen[str]
    url: str

    def kill(self) -> None:
        """SIGKILL the whole process group (uvicorn and its workers)."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        """Ask politely, then force."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)  # stray workers


def serve_env(data_dir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("DIVIDED_DATABASE_URL", None)
    env.pop("DIVIDED_SECRET", None)
    env["DIVIDED_DATA_DIR"] = str(data_dir)
    env["PYTHONUNBUFFERED"] = "1"
    return env


def start_server(data_dir: Path, *extra: str, timeout: float = 30.0) -> Server:
    """Start ``divided serve --port 0`` and wait until it answers; its address comes from the
    line it prints. Output goes to files in ``data_dir`` (a pipe could fill up and stall it)."""
    command = [sys.executable, "-m", "divided", "serve", "--host", "127.0.0.1", "--port", "0",
               "--data-dir", str(data_dir), *extra]
    data_dir.mkdir(parents=True, exist_ok=True)
    stamp = time.time_ns()
    out_path, err_path = data_dir / f"server-{stamp}.out", data_dir / f"server-{stamp}.err"
    with out_path.open("w") as out, err_path.open("w") as err:
        process = subprocess.Popen(command, stdout=out, stderr=err, text=True, env=serve_env(data_dir),
                                   cwd=ROOT, start_new_session=True)
    server = Server(process, "")
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise AssertionError(f"divided serve exited with {process.returncode}: {_tail(err_path)}")
            if not server.url:
                found = re.search(r"Open (http://127\.0\.0\.1:\d+)/ in your browser", out_path.read_text())
                if found:
                    server.url = found.group(1)
            if server.url:
                try:
                    if httpx.get(f"{server.url}/api/games", timeout=2).status_code == 200:
                        return server
                except httpx.TransportError:
                    pass
            time.sleep(0.05)
        raise AssertionError(f"divided serve did not answer within {timeout} s: {_tail(err_path)}")
    except BaseException:
        server.stop()
        raise


def _tail(path: Path) -> str:
    return path.read_text(errors="replace")[-3000:]


# -- PostgreSQL -------------------------------------------------------------------------------


@dataclass
class Postgres:
    url: str
    data: Path
    run_as: list[str]

    def stop(self) -> None:
        subprocess.run([*self.run_as, pg_tool("pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"],
                       capture_output=True, timeout=30, check=False)


def pg_tool(tool: str) -> str:
    """A PostgreSQL server program: from PATH, else from the newest Debian install
    (``/usr/lib/postgresql/<version>/bin``, which Debian does not put on PATH)."""
    found = shutil.which(tool)
    if found:
        return found
    installed = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{tool}"),
                       key=lambda path: int(path.parts[-3]) if path.parts[-3].isdigit() else 0)
    return str(installed[-1]) if installed else tool


def postgres_unavailable() -> str | None:
    """Why a test PostgreSQL cannot be started here (``None`` if it can)."""
    for tool in ("initdb", "pg_ctl"):
        if not Path(pg_tool(tool)).is_file():
            return (f"{tool} is neither on PATH nor in /usr/lib/postgresql/*/bin "
                    "(on Debian: apt-get install postgresql)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root and runuser is missing (PostgreSQL refuses to run as root)"
    return None


@contextlib.contextmanager
def postgres() -> Iterator[Postgres]:
    """A throw-away PostgreSQL on a free loopback port, in a temporary folder.

    PostgreSQL refuses to run as root; as root the server runs as the ``postgres`` system user
    (through ``runuser``), which must exist.
    """
    run_as: list[str] = []
    folder = Path(tempfile.mkdtemp(prefix="divided-pg-"))
    try:
        if os.geteuid() == 0:
            import pwd

            user = pwd.getpwnam("postgres")  # KeyError: no such user
            os.chown(folder, user.pw_uid, user.pw_gid)
            run_as = ["runuser", "-u", "postgres", "--"]
        data = folder / "data"
        initdb = subprocess.run([*run_as, pg_tool("initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
                                 "-E", "UTF8", "--no-sync"], capture_output=True, text=True, timeout=60,
                                check=False)
        if initdb.returncode != 0:
            raise RuntimeError(f"initdb failed: {initdb.stderr[-2000:]}")
        port = free_port()
        options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100"
        started = subprocess.run([*run_as, pg_tool("pg_ctl"), "-D", str(data), "-o", options,
                                  "-l", str(folder / "log"), "-w", "-t", "30", "start"],
                                 capture_output=True, text=True, timeout=60, check=False)
        if started.returncode != 0:
            log = (folder / "log").read_text(errors="replace") if (folder / "log").exists() else ""
            raise RuntimeError(f"pg_ctl start failed: {started.stderr[-1000:]} {log[-2000:]}")
        server = Postgres(f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres", data, run_as)
        try:
            yield server
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def postgres_or_skip(what: str) -> Iterator[Postgres]:
    """For a module-scoped fixture: a throw-away PostgreSQL, or a loud warning and a skip
    naming ``what`` did not run when it cannot be started."""
    reason = postgres_unavailable()
    if reason is None:
        try:
            with postgres() as server:
                yield server
            return
        except (RuntimeError, KeyError, OSError) as error:
            reason = f"{type(error).__name__}: {error}"
    message = f"POSTGRESQL COULD NOT BE STARTED, SO {what} DID NOT RUN: {reason}"
    warnings.warn(message, stacklevel=1)
    pytest.skip(message)


def log_text(state: dict[str, Any]) -> list[str]:
    """The state object's log as its lines of text (the entries' ``text``)."""
    return [str(entry["text"]) for entry in state["log"]]
