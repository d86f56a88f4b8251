"""Storage of the web app's games (SQLAlchemy Core): one row per game.

A row holds everything needed to rebuild the game — the rule options, the seed and the full
action history (chance outcomes included) — plus a few public summaries (phase, over, result)
so the lobby can list games without replaying them. The seed and the actions never leave the
server.

The ``session_id`` column holds the SHA-256 of the browser's session id, not the id itself, so
reading the database does not give anyone a live session cookie.

Every change is a compare-and-set on ``move_number``: ``UPDATE games ... WHERE id = :id AND
move_number = :expected``. Two workers or a double click that both start from move ``N`` cannot
both apply: the second update matches no row and the caller answers 409.

States are rebuilt by replaying the stored record (:meth:`Game.replay`, which checks every
action); a small in-process LRU cache keyed by ``(id, move_number)`` saves the replays. The key
is safe across workers: move numbers only grow, so ``(id, move_number)`` names one history.
"""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Engine,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, RowMapping, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, NoSuchModuleError, SQLAlchemyError

from divided import games
from divided.errors import DividedError
from divided.games import records
from divided.games.base import GameRecord, OptionValue, State
from divided.web import games as web_games
from divided.web.config import ConfigError, is_sqlite
from divided.web.viewmodel import summary_of

logger = logging.getLogger("divided.web")

metadata = MetaData()

games_table = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("session_id", String(64), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("human_seat", Integer, nullable=False),
    Column("bots", JSON, nullable=False),  # the bot in each seat (null for the human's)
    Column("actions", JSON, nullable=False),
    Column("move_number", Integer, nullable=False),
    Column("phase", String(16), nullable=False),
    Column("over", Boolean, nullable=False),
    Column("result", String(16), nullable=True),
    Column("bot_error", Text, nullable=True),
    # public summary of a finished game, so the history needs no replay: the result's
    # ``detail`` and its ``headline`` (JSON); NULL until filled (see after.backfill_summaries)
    Column("summary", JSON, nullable=True),
    Column("finished", DateTime(timezone=True), nullable=True),
    # hints: allowed at creation, and how many the player asked for
    Column("hints", Boolean, nullable=True),
    Column("hints_used", Integer, nullable=True),
    # a session of many hands (poker): the table's id (its first hand's) and the hand dealt next
    Column("table_id", String(32), nullable=True),
    Column("next_id", String(32), nullable=True),
    # the game's action numbering the actions are written in (divided.games.records); NULL:
    # stored before numberings were versioned (read by evidence, see GameStore.upgrade_records)
    Column("record_version", Integer, nullable=True),
)
Index("ix_games_session_created", games_table.c.session_id, games_table.c.created)

SUMMARY_COLUMNS: tuple[tuple[str, str], ...] = (
    ("finished", "TIMESTAMP"),
    ("hints", "BOOLEAN"),
    ("hints_used", "INTEGER"),
    ("table_id", "VARCHAR(32)"),
    ("next_id", "VARCHAR(32)"),
    ("record_version", "INTEGER"),
)
"""Columns added after the first release: :meth:`GameStore.create_tables` adds them to an
older ``games`` table (they are nullable, so old rows stay valid)."""

OLD_COLUMNS = ("bot", "step", "step_name")
"""The Divided-Ranks-only columns of the first releases: :meth:`GameStore.create_tables` turns
them into ``bots`` (the bot per seat) and ``summary`` (NULL: refilled from the record, once)."""

feedback_table = Table(
    "feedback",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("session_id", String(64), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("page", String(200), nullable=False),
    Column("game_id", String(32), nullable=True),
    Column("message", Text, nullable=False),
)
Index("ix_feedback_session", feedback_table.c.session_id, feedback_table.c.created)

reviews_table = Table(
    "reviews",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("updated", DateTime(timezone=True), nullable=False),
    Column("status", String(16), nullable=False),  # "done" or "failed"
    Column("budget", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("total", Integer, nullable=False),
    Column("moves", JSON, nullable=False),  # the MoveReviews as JSON objects, in order
    Column("error", Text, nullable=True),
)
"""Expert reviews of finished games (:mod:`divided.web.review_jobs`), one row per game."""

hints_table = Table(
    "hints",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("move_number", Integer, primary_key=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("hint", JSON, nullable=False),  # {"action", "label", "value"}
)
"""The hint cache: the Expert's hint at a game's move, computed once (the hint's random numbers
depend only on the game's seed and the move number, so every request would compute the same)."""


@dataclass(frozen=True, slots=True)
class StoredReview:
    """A review written to the database: complete (``done``) or broken off (``failed``)."""

    game_id: str
    status: str
    budget: int
    seed: int
    total: int
    moves: tuple[dict[str, Any], ...]
    error: str | None


@dataclass
class RecordUpgrade:
    """What :meth:`GameStore.upgrade_records` did: rows found in today's numbering (stamped,
    unless one moved on meanwhile), rows renumbered (by id), rows left unread (by id, with the
    reason)."""

    stamped: int = 0
    renumbered: list[str] = field(default_factory=list)
    unreadable: dict[str, str] = field(default_factory=dict)


REVIEW_ACTIONS = ("played", "best", "rival")
"""The action numbers of a stored review's move (:func:`divided.web.review_jobs.move_json`)..."""
REVIEW_BY_ACTION = ("values", "errors", "worlds", "policy")
"""... and its objects keyed by action number (as text)."""


def renumbered_move(move: Mapping[str, Any], number: Callable[[int], int]) -> dict[str, Any]:
    """A stored review's move with its action numbers renumbered by ``number``."""
    out = dict(move)
    for key in REVIEW_ACTIONS:
        if isinstance(out.get(key), int):
            out[key] = number(out[key])
    for key in REVIEW_BY_ACTION:
        if isinstance(out.get(key), Mapping):
            out[key] = {str(number(int(action))): value for action, value in out[key].items()}
    return out


def owner_key(session_id: str) -> str:
    """What the ``session_id`` column stores for a session: its SHA-256, in hex."""
    return hashlib.sha256(session_id.encode("utf-8")).hexdigest()


def new_game_id() -> str:
    """An unguessable game id: 32 hex characters."""
    return secrets.token_hex(16)


def new_seed() -> int:
    """A fresh 62-bit seed (fits a signed BIGINT)."""
    return secrets.randbits(62)


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class GameRow:
    """One stored game (``session_id`` is the owner's key, see :func:`owner_key`)."""

    id: str
    session_id: str
    created: datetime
    updated: datetime
    game: str
    options: Mapping[str, OptionValue]
    seed: int
    human_seat: int
    bots: tuple[str | None, ...]
    actions: tuple[int, ...]
    move_number: int
    phase: str
    over: bool
    result: str | None
    bot_error: str | None
    summary: Mapping[str, Any] | None = None
    finished: datetime | None = None
    hints: bool = False
    hints_used: int = 0
    table_id: str | None = None
    """The table of a session of many hands (its first hand's id; ``None``: a game on its own)."""
    next_id: str | None = None
    """The hand dealt after this one at its table (``None``: none yet)."""
    record_version: int | None = None
    """The game's action numbering ``actions`` are written in (:mod:`divided.games.records`);
    ``None``: stored before numberings were versioned."""

    def record(self) -> GameRecord:
        """The game's record in today's action numbering (the stored actions upgraded from the
        row's numbering); :class:`RecordVersionError` for a row this version cannot read."""
        stored = GameRecord(self.game, dict(self.options), self.seed, self.actions)
        return records.upgrade(stored, self.record_version, self.over)


@dataclass(frozen=True, slots=True)
class Progress:
    """What a move changes in a row."""

    actions: tuple[int, ...]
    phase: str
    over: bool
    result: str | None
    bot_error: str | None
    summary: Mapping[str, Any] | None = None
    """The finished game's ``Result.detail`` plus its ``headline`` (``None`` while playing)."""

    @property
    def move_number(self) -> int:
        return len(self.actions)


def _aware(moment: datetime) -> datetime:
    """SQLite hands timestamps back without a zone; they are stored in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _row(mapping: RowMapping | Mapping[str, Any]) -> GameRow:
    return GameRow(
        id=mapping["id"], session_id=mapping["session_id"], created=_aware(mapping["created"]),
        updated=_aware(mapping["updated"]), game=mapping["game"], options=dict(mapping["options"]),
        seed=int(mapping["seed"]), human_seat=int(mapping["human_seat"]), bots=_bots(mapping["bots"]),
        actions=tuple(int(a) for a in mapping["actions"]), move_number=int(mapping["move_number"]),
        phase=mapping["phase"], over=bool(mapping["over"]), result=mapping["result"],
        bot_error=mapping["bot_error"], summary=_summary(mapping.get("summary")),
        finished=None if mapping.get("finished") is None else _aware(mapping["finished"]),
        hints=bool(mapping.get("hints") or False), hints_used=int(mapping.get("hints_used") or 0),
        table_id=mapping.get("table_id"), next_id=mapping.get("next_id"),
        record_version=None if mapping.get("record_version") is None else int(mapping["record_version"]),
    )


def _bots(value: Any) -> tuple[str | None, ...]:
    return tuple(None if name is None else str(name) for name in value)


def _summary(value: Any) -> dict[str, Any] | None:
    return None if value is None else dict(value)


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """One line of the history: a finished game's public summary (read from columns only;
    ``summary`` is ``None`` until :func:`divided.web.after.backfill_summaries` fills it)."""

    id: str
    game: str
    created: datetime
    finished: datetime
    bots: tuple[str | None, ...]
    options: Mapping[str, OptionValue]
    result: str
    summary: Mapping[str, Any] | None
    hints_used: int = 0
    seat: int = 0
    """The human player's seat."""
    table_id: str | None = None
    """The table of a session of many hands it was played at (``None``: a game on its own)."""


@dataclass(frozen=True, slots=True)
class Feedback:
    """A message a player sent from a page (``session_id`` is the owner's key)."""

    id: int
    session_id: str
    created: datetime
    page: str
    game_id: str | None
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "created": self.created.isoformat(), "page": self.page,
                "game_id": self.game_id, "message": self.message}


def _feedback(mapping: RowMapping) -> Feedback:
    return Feedback(id=int(mapping["id"]), session_id=mapping["session_id"],
                    created=_aware(mapping["created"]), page=mapping["page"],
                    game_id=mapping["game_id"], message=mapping["message"])


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # readers do not wait for a writer
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def make_engine(url: str) -> Engine:
    """An engine for ``url``; a SQLite file's folder is created. Bad URLs raise ConfigError."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise ConfigError(f"cannot read the database URL {url!r}: write e.g. "
                          "sqlite:////path/divided.sqlite3 or postgresql+psycopg://user@host/db") from None
    try:
        if is_sqlite(url):
            if parsed.database and parsed.database != ":memory:":
                Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
            engine = create_engine(parsed)
            event.listen(engine, "connect", _sqlite_pragmas)
            return engine
        return create_engine(parsed, pool_pre_ping=True, pool_size=10, max_overflow=20)
    except (NoSuchModuleError, ArgumentError, ImportError) as error:
        raise ConfigError(f"cannot use the database URL {parsed.render_as_string()}: {error}") from None
    except OSError as error:
        raise ConfigError(f"cannot create the database folder for {url}: {error.strerror}") from None


class GameStore:
    """The games table: create, read, list and compare-and-set."""

    def __init__(self, url: str, *, seed_source: Callable[[], int] = new_seed) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.seed_source = seed_source
        self.deleted: list[Callable[[list[str]], None]] = []
        """Called with the ids of the games :meth:`delete_session` removed, after it commits."""
        self.write_hook: Callable[[str, str], None] | None = None
        """Test seam: called as ``(stage, game_id)`` inside a review's or hint's writing
        transaction: ``"review:locked"`` before the write, ``"review:written"`` after it and
        before the commit (likewise ``"hint:..."``)."""

    def create_tables(self) -> None:
        """Create the table if it is missing (safe to call from every worker)."""
        try:
            metadata.create_all(self.engine, checkfirst=True)
        except SQLAlchemyError as error:
            if self._table_exists():  # another worker created it at the same moment
                return
            where = make_url(self.url).render_as_string()
            raise ConfigError(f"cannot open the database {where}: {error.__class__.__name__}: "
                              f"{str(error.orig if hasattr(error, 'orig') else error).strip()}") from None
        self._add_summary_columns()
        self._upgrade_old_columns()
        self.upgrade_records()

    def _add_summary_columns(self) -> None:
        """Give a ``games`` table made by an older version the summary columns it lacks."""
        try:
            present = {column["name"] for column in inspect(self.engine).get_columns("games")}
            missing = [(name, kind) for name, kind in SUMMARY_COLUMNS if name not in present]
            if not missing:
                return
            with self.engine.begin() as connection:
                for name, kind in missing:
                    connection.execute(text(f"ALTER TABLE games ADD COLUMN {name} {kind}"))
        except SQLAlchemyError:
            # another worker added them at the same moment; check that they are there now
            present = {column["name"] for column in inspect(self.engine).get_columns("games")}
            if any(name not in present for name, _ in SUMMARY_COLUMNS):
                raise

    def _columns(self) -> set[str]:
        return {column["name"] for column in inspect(self.engine).get_columns("games")}

    def _upgrade_old_columns(self) -> None:
        """Turn a ``games`` table written by a Divided-Ranks-only version (``bot``, ``step``,
        ``step_name``) into today's (``bots``, ``summary``).

        ``bots`` gets the old bot in every seat but the human's; ``summary`` starts NULL and is
        refilled from each finished game's record the first time its owner's history is read
        (the old columns held only part of it). Each step checks what is there first, so an
        upgrade that was interrupted, or that another worker is running, finishes cleanly.
        """
        present = self._columns()
        if not present & set(OLD_COLUMNS) and {"bots", "summary"} <= present:
            return
        try:
            self._upgrade_steps()
        except SQLAlchemyError:
            # another worker upgraded the table at the same moment; check that it is done now
            present = self._columns()
            if present & set(OLD_COLUMNS) or not {"bots", "summary"} <= present:
                raise

    def _upgrade_steps(self) -> None:
        sqlite = is_sqlite(self.url)
        json_type = "JSON"
        with self.engine.begin() as connection:
            if not sqlite:
                connection.execute(text("LOCK TABLE games IN ACCESS EXCLUSIVE MODE"))
            present = {column["name"] for column in inspect(connection).get_columns("games")}
            if "bots" not in present:
                connection.execute(text(f"ALTER TABLE games ADD COLUMN bots {json_type}"))
            if "summary" not in present:
                connection.execute(text(f"ALTER TABLE games ADD COLUMN summary {json_type}"))
            if "bot" in present:
                old = connection.execute(text("SELECT id, human_seat, bot FROM games")).all()
                seats = 2  # every game of those versions was Divided Ranks against one bot
                fill = (update(games_table).where(games_table.c.id == bindparam("key"))
                        .values(bots=bindparam("seats", type_=JSON)))
                if old:
                    connection.execute(fill, [
                        {"key": game_id, "seats": [None if seat == int(human_seat) else str(bot)
                                                   for seat in range(seats)]}
                        for game_id, human_seat, bot in old])
            for name in OLD_COLUMNS:
                if name in present:
                    connection.execute(text(f"ALTER TABLE games DROP COLUMN {name}"))
            if not sqlite:
                connection.execute(text("ALTER TABLE games ALTER COLUMN bots SET NOT NULL"))

    def upgrade_records(self) -> RecordUpgrade:
        """Give every row stored before numberings were versioned its numbering (run at
        start-up by :meth:`create_tables`; rows stored since carry theirs).

        Each row's numbering is read from the row itself (:func:`divided.games.records.version_of`:
        by evidence, never by the row's age). A row in today's numbering is only stamped; one in an
        older numbering gets its actions, its review's and its cached hints' action numbers
        renumbered to today's, and is stamped, in one transaction. A row that fits no numbering,
        or two, stays unstamped: loading it answers the reason (:class:`RecordVersionError`).
        Every write is a compare-and-set on ``record_version IS NULL`` and the move number, so
        two workers upgrading at once, or a move in flight, never renumber a row twice.
        """
        c = games_table.c
        query = (select(c.id, c.game, c.options, c.seed, c.actions, c.move_number, c.over, c.human_seat,
                        c.summary).where(c.record_version.is_(None)))
        with self.engine.connect() as connection:
            found = connection.execute(query).mappings().all()
        done = RecordUpgrade()
        stamp = (update(games_table).where(c.id == bindparam("key"), c.record_version.is_(None),
                                           c.move_number == bindparam("moves"))
                 .values(record_version=bindparam("version")))
        same: list[dict[str, Any]] = []
        for m in found:
            stored = GameRecord(m["game"], dict(m["options"]), int(m["seed"]), tuple(int(a) for a in m["actions"]))
            try:
                version = records.version_of(stored, bool(m["over"]),
                                             _agrees_with(stored.game, int(m["human_seat"]), m["summary"]))
                number = records.action_map(stored.game, version)
            except DividedError as error:  # fits no numbering, or two; or options no longer valid
                done.unreadable[m["id"]] = str(error)
                continue
            current = records.current_version(stored.game)
            if version == current:
                same.append({"key": m["id"], "moves": int(m["move_number"]), "version": current})
            elif self._renumber(m["id"], int(m["move_number"]), stored, number, current):
                done.renumbered.append(m["id"])
        if same:
            with self.engine.begin() as connection:
                connection.execute(stamp, same)
        done.stamped = len(same)
        for game_id, reason in done.unreadable.items():
            logger.warning("game %s keeps its stored actions unread: %s", game_id, reason)
        return done

    def _renumber(self, game_id: str, move_number: int, stored: GameRecord, number: Callable[[int], int],
                  version: int) -> bool:
        """Renumber one game's actions, review and cached hints (``False``: the row changed meanwhile)."""
        c = games_table.c
        with self.engine.begin() as connection:
            done = connection.execute(
                update(games_table).where(c.id == game_id, c.record_version.is_(None), c.move_number == move_number)
                .values(actions=[number(action) for action in stored.actions], record_version=version))
            if done.rowcount != 1:
                return False
            moves = connection.execute(select(reviews_table.c.moves)
                                       .where(reviews_table.c.game_id == game_id)).scalar_one_or_none()
            if moves is not None:
                connection.execute(update(reviews_table).where(reviews_table.c.game_id == game_id)
                                   .values(moves=[renumbered_move(move, number) for move in moves]))
            for move, hint in connection.execute(select(hints_table.c.move_number, hints_table.c.hint)
                                                 .where(hints_table.c.game_id == game_id)).all():
                if isinstance(hint, Mapping) and isinstance(hint.get("action"), int):
                    connection.execute(update(hints_table).where(hints_table.c.game_id == game_id,
                                                                 hints_table.c.move_number == move)
                                       .values(hint={**hint, "action": number(hint["action"])}))
        return True

    def _table_exists(self) -> bool:
        try:
            with self.engine.connect() as connection:
                connection.execute(select(games_table.c.id).limit(1))
            return True
        except SQLAlchemyError:
            return False

    def dispose(self) -> None:
        self.engine.dispose()

    def insert(self, *, session_id: str, game: str, options: Mapping[str, OptionValue], seed: int,
               human_seat: int, bots: Sequence[str | None], progress: Progress, hints: bool = False,
               table_id: str | None = None, after: GameRow | None = None, opens_table: bool = False,
               ) -> GameRow | None:
        """Store a new game and return its row. ``after``: the finished hand this one follows
        at its table (``table_id`` names the table): the two are linked in the same transaction,
        and ``None`` is returned (nothing stored) when another request dealt its next hand first.
        ``opens_table``: the first hand of a table (the table is named by this hand's id)."""
        now = utcnow()
        game_id = new_game_id()
        values: dict[str, Any] = {
            "id": game_id, "session_id": owner_key(session_id), "created": now, "updated": now,
            "game": game, "options": dict(options), "seed": seed, "human_seat": human_seat, "bots": list(bots),
            "actions": list(progress.actions), "move_number": progress.move_number,
            "phase": progress.phase, "over": progress.over, "result": progress.result,
            "bot_error": progress.bot_error, "summary": _summary(progress.summary),
            "finished": now if progress.over else None, "hints": hints, "hints_used": 0,
            "table_id": game_id if opens_table else table_id, "next_id": None,
            "record_version": records.current_version(game),
        }
        with self.engine.begin() as connection:
            if after is not None:
                linked = connection.execute(update(games_table).where(
                    games_table.c.id == after.id, games_table.c.next_id.is_(None)).values(next_id=game_id))
                if linked.rowcount != 1:
                    return None
            connection.execute(insert(games_table).values(**values))
        return _row(values)

    def get(self, game_id: str, session_id: str) -> GameRow | None:
        """The game ``game_id`` if it belongs to ``session_id`` (else ``None``, as for no game)."""
        query = select(games_table).where(games_table.c.id == game_id,
                                          games_table.c.session_id == owner_key(session_id))
        with self.engine.connect() as connection:
            found = connection.execute(query).mappings().first()
        return None if found is None else _row(found)

    def list(self, session_id: str, limit: int | None = 200) -> list[GameRow]:
        """This session's games, newest first (all of them with ``limit=None``)."""
        query = (select(games_table).where(games_table.c.session_id == owner_key(session_id))
                 .order_by(games_table.c.created.desc(), games_table.c.id))
        if limit is not None:
            query = query.limit(limit)
        with self.engine.connect() as connection:
            return [_row(found) for found in connection.execute(query).mappings()]

    def compare_and_set(self, row: GameRow, progress: Progress) -> GameRow | None:
        """Store ``progress`` if the game is still at ``row.move_number``; ``None`` if it moved on.

        (A bot retry that fails again writes the same actions back with the new error: harmless
        if it races, since nothing is applied.)
        """
        now = utcnow()
        condition = [games_table.c.id == row.id, games_table.c.move_number == row.move_number]
        values: dict[str, Any] = {
            "actions": list(progress.actions), "move_number": progress.move_number,
            "phase": progress.phase, "over": progress.over, "result": progress.result,
            "bot_error": progress.bot_error, "updated": now, "summary": _summary(progress.summary),
            "record_version": records.current_version(row.game),  # progress is in today's numbers
        }
        if progress.over and not row.over:
            values["finished"] = now
        with self.engine.begin() as connection:
            done = connection.execute(update(games_table).where(*condition).values(**values))
        if done.rowcount != 1:
            return None
        return GameRow(
            id=row.id, session_id=row.session_id, created=row.created, updated=now, game=row.game,
            options=row.options, seed=row.seed, human_seat=row.human_seat, bots=row.bots,
            actions=progress.actions, move_number=progress.move_number, phase=progress.phase,
            over=progress.over, result=progress.result, bot_error=progress.bot_error,
            summary=_summary(progress.summary),
            finished=values.get("finished", row.finished), hints=row.hints, hints_used=row.hints_used,
            table_id=row.table_id, next_id=row.next_id, record_version=values["record_version"],
        )

    # -- the history and the saved data ----------------------------------------------------
    def finished(self, session_id: str) -> Sequence[FinishedGame]:
        """This session's finished games, oldest first, from the summary columns alone."""
        c = games_table.c
        query = (select(c.id, c.game, c.created, c.updated, c.finished, c.bots, c.options, c.result,
                        c.summary, c.hints_used, c.human_seat, c.table_id)
                 .where(c.session_id == owner_key(session_id), c.over.is_(True))
                 .order_by(func.coalesce(c.finished, c.updated), c.id))
        with self.engine.connect() as connection:
            found = connection.execute(query).mappings().all()
        return [
            FinishedGame(id=m["id"], game=m["game"], created=_aware(m["created"]),
                         finished=_aware(m["finished"] if m["finished"] is not None else m["updated"]),
                         bots=_bots(m["bots"]), options=dict(m["options"]), result=m["result"] or "draw",
                         summary=_summary(m["summary"]), hints_used=int(m["hints_used"] or 0),
                         seat=int(m["human_seat"]), table_id=m["table_id"])
            for m in found
        ]

    def set_summary(self, game_id: str, summary: Mapping[str, Any]) -> None:
        """Fill in the summary of a game finished before the column existed."""
        with self.engine.begin() as connection:
            connection.execute(update(games_table).where(games_table.c.id == game_id)
                               .values(summary=dict(summary)))

    # -- hints and reviews -------------------------------------------------------------------
    def count_hint(self, game_id: str) -> None:
        """Record that the player of ``game_id`` asked for one more hint."""
        column = games_table.c.hints_used
        with self.engine.begin() as connection:
            connection.execute(update(games_table).where(games_table.c.id == game_id)
                               .values(hints_used=func.coalesce(column, 0) + 1))

    def get_review(self, game_id: str) -> StoredReview | None:
        with self.engine.connect() as connection:
            found = connection.execute(select(reviews_table).where(reviews_table.c.game_id == game_id)
                                       ).mappings().first()
        if found is None:
            return None
        return StoredReview(game_id=found["game_id"], status=found["status"], budget=int(found["budget"]),
                            seed=int(found["seed"]), total=int(found["total"]),
                            moves=tuple(dict(m) for m in found["moves"]), error=found["error"])

    def put_review(self, review: StoredReview) -> bool:
        """Store (or replace) the review of a game; ``False`` (nothing written) if the game was
        deleted meanwhile."""
        values: dict[str, Any] = {"updated": utcnow(), "status": review.status, "budget": review.budget,
                                  "seed": review.seed, "total": review.total, "moves": list(review.moves),
                                  "error": review.error}

        def write(connection: Connection) -> None:
            done = connection.execute(update(reviews_table)
                                      .where(reviews_table.c.game_id == review.game_id).values(**values))
            if done.rowcount != 1:
                connection.execute(insert(reviews_table).values(game_id=review.game_id, **values))

        return self._guarded_write(review.game_id, "review", write)

    def get_hint(self, game_id: str, move_number: int) -> dict[str, Any] | None:
        """The cached hint of a game at a move (``{"action", "label", "value"}``), if any."""
        query = select(hints_table.c.hint).where(hints_table.c.game_id == game_id,
                                                 hints_table.c.move_number == move_number)
        with self.engine.connect() as connection:
            found = connection.execute(query).scalar_one_or_none()
        return None if found is None else dict(found)

    def put_hint(self, game_id: str, move_number: int, hint: Mapping[str, Any]) -> bool:
        """Cache a hint; ``False`` (nothing written) if the game was deleted meanwhile or the
        hint is cached already (another request or worker computed the same one)."""
        values = {"game_id": game_id, "move_number": move_number, "created": utcnow(), "hint": dict(hint)}
        try:
            return self._guarded_write(
                game_id, "hint", lambda connection: connection.execute(insert(hints_table).values(**values)))
        except IntegrityError:
            return False

    def _guarded_write(self, game_id: str, what: str, write: Callable[[Connection], object]) -> bool:
        """Run ``write`` (rows that belong to a game) in a transaction that commits only if the
        game still exists at the end; ``False`` when it did not (nothing is written).

        On PostgreSQL the game's row is locked first (``SELECT ... FOR UPDATE``): a deletion
        of the game waits until this transaction ends and then deletes what it wrote, or this
        transaction waits for the deletion and then finds no game. SQLite has no row locks but
        a single writer: the write takes the database's write lock, and the game is looked up
        again after it, under that lock; if a deletion came first, the write is rolled back.
        """
        exists = select(games_table.c.id).where(games_table.c.id == game_id)
        try:
            with self.engine.begin() as connection:
                locked = exists if is_sqlite(self.url) else exists.with_for_update()
                if connection.execute(locked).first() is None:
                    return False
                self._hook(f"{what}:locked", game_id)
                write(connection)
                self._hook(f"{what}:written", game_id)
                if connection.execute(exists).first() is None:
                    raise _GameGone
        except _GameGone:
            return False
        return True

    def _hook(self, where: str, game_id: str) -> None:
        """Call the test seam (inside the writing transaction, after its write)."""
        if self.write_hook is not None:
            self.write_hook(where, game_id)

    def add_feedback(self, session_id: str, page: str, game_id: str | None, message: str) -> Feedback:
        """Store a message; one about a game is written only if the game still exists
        (:class:`LookupError` if it was deleted meanwhile)."""
        values: dict[str, Any] = {"session_id": owner_key(session_id), "created": utcnow(), "page": page,
                                  "game_id": game_id, "message": message}
        keys: list[int] = []

        def write(connection: Connection) -> None:
            key = connection.execute(insert(feedback_table).values(**values)).inserted_primary_key
            assert key is not None
            keys.append(int(key[0]))

        if game_id is None:
            with self.engine.begin() as connection:
                write(connection)
        elif not self._guarded_write(game_id, "feedback", write):
            raise LookupError(f"game {game_id} was deleted")
        return Feedback(id=keys[0], **values)

    def feedback(self, session_id: str | None = None) -> Sequence[Feedback]:
        """Feedback of one session (every session's with ``None``), oldest first."""
        query = select(feedback_table).order_by(feedback_table.c.created, feedback_table.c.id)
        if session_id is not None:
            query = query.where(feedback_table.c.session_id == owner_key(session_id))
        with self.engine.connect() as connection:
            return [_feedback(m) for m in connection.execute(query).mappings()]

    def delete_session(self, session_id: str) -> tuple[int, int]:
        """Remove every game and every feedback message of a session, with the games' reviews
        and cached hints: (games, messages).

        The games go first, in the same transaction: on PostgreSQL that waits for any writer
        holding a game's row (:meth:`_guarded_write`), so the reviews and hints deleted next include
        what such a writer committed; a writer that comes later finds no game and writes
        nothing. Then every listener in :attr:`deleted` forgets the games (in-memory caches).
        """
        owner = owner_key(session_id)
        with self.engine.begin() as connection:
            gone = [str(found) for found in connection.execute(
                select(games_table.c.id).where(games_table.c.session_id == owner)
                .order_by(games_table.c.id)).scalars()]
            games_done = 0
            for chunk in range(0, len(gone), 500):  # a game created meanwhile counts as created after
                ids = gone[chunk:chunk + 500]
                games_done += connection.execute(delete(games_table).where(games_table.c.id.in_(ids))).rowcount
            for chunk in range(0, len(gone), 500):
                ids = gone[chunk:chunk + 500]
                connection.execute(delete(reviews_table).where(reviews_table.c.game_id.in_(ids)))
                connection.execute(delete(hints_table).where(hints_table.c.game_id.in_(ids)))
            notes_done = connection.execute(delete(feedback_table).where(feedback_table.c.session_id == owner))
        for listener in self.deleted:
            listener(gone)
        return int(games_done), int(notes_done.rowcount)


def _agrees_with(game: str, seat: int, summary: Mapping[str, Any] | None) -> records.Agrees | None:
    """Whether a replayed end agrees with a finished game's stored summary: the same result
    detail (the headline's words aside) where both name it (``None``: no summary to compare)."""
    if summary is None or not web_games.ROOMS.supports(game):
        return None
    stored = {key: value for key, value in summary.items() if key != "headline"}

    def agrees(state: State[Any, Any]) -> bool:
        result = web_games.room(game).result(state.observation(seat))
        if result is None:
            return False
        replayed = json.loads(json.dumps(summary_of(result)))  # as the store keeps it
        return all(replayed[key] == value for key, value in stored.items() if key in replayed)

    return agrees


class _GameGone(Exception):
    """The game was deleted while a row of it was being written (the write is rolled back)."""


class StateCache:
    """A small LRU cache of rebuilt game states keyed by ``(id, move_number)``.

    States are mutable handles, so the cache stores its own copy and hands out clones. Games
    that were deleted (:meth:`forget`) are never stored again, so a move or replay still in
    flight when its game is deleted leaves nothing behind.
    """

    def __init__(self, size: int = 512, forgotten: int = 100_000) -> None:
        self.size = size
        self._states: OrderedDict[tuple[str, int], State[Any, Any]] = OrderedDict()
        self._forgotten: OrderedDict[str, None] = OrderedDict()
        self._forgotten_size = forgotten
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def state(self, row: GameRow) -> State[Any, Any]:
        """The game state of ``row`` (a fresh clone the caller may change)."""
        key = (row.id, row.move_number)
        with self._lock:
            cached = self._states.get(key)
            if cached is not None:
                self._states.move_to_end(key)
                self.hits += 1
                return cached.clone()
            self.misses += 1
        state = rebuild(row)
        self.put(row.id, state)
        return state.clone()

    def put(self, game_id: str, state: State[Any, Any]) -> None:
        """Remember a state just computed (after a successful compare-and-set)."""
        key = (game_id, state.move_number())
        with self._lock:
            if game_id in self._forgotten:
                return
            self._states[key] = state.clone()
            self._states.move_to_end(key)
            while len(self._states) > self.size:
                self._states.popitem(last=False)

    def forget(self, game_ids: list[str]) -> None:
        """Drop the states of deleted games and refuse to store them again (ids are random and
        never reused; the newest ``forgotten`` ids are remembered, far more than can be in
        flight at once)."""
        gone = set(game_ids)
        with self._lock:
            for game_id in game_ids:
                self._forgotten[game_id] = None
            while len(self._forgotten) > self._forgotten_size:
                self._forgotten.popitem(last=False)
            for key in [key for key in self._states if key[0] in gone]:
                del self._states[key]

    def keys(self) -> list[tuple[str, int]]:
        """The cached ``(id, move_number)`` keys (tests)."""
        with self._lock:
            return list(self._states)


def rebuild(row: GameRow) -> State[Any, Any]:
    """Replay a stored game (every action is checked again on the way)."""
    game = games.load(row.game, **dict(row.options))
    state = game.replay(row.record())
    if state.move_number() != row.move_number:
        raise ValueError(f"game {row.id}: {state.move_number()} actions replayed, row says {row.move_number}")
    return state

