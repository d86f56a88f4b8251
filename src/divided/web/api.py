"""The JSON API of the web app (docs/web-api.md): games against a bot, one per row.

The server is authoritative. A request is validated completely before anything changes; a
move is applied to a state rebuilt from the stored record, the bot answers until it is the
human's turn or the game is over, and the result is written with a compare-and-set on the
move number (:mod:`divided.web.store`). Every response is built by :mod:`divided.web.viewmodel`
from the human's view.

Bots run here, each decision on its own thread with a time limit. A bot that raises, answers
an illegal action or takes too long does not lose the game: the moves so far are stored with
``bot_error`` set, the state says ``to_move: "bot"``, and ``POST /api/games/{id}/bot`` asks
again. The bot's random numbers come from the game's seed and the move number (:func:`bot_rng`),
so a game is reproducible from its record, and a bot that mixes (the expert's solved last round
draws its move from its mixed strategy with this generator) draws the same move when it is asked
again at the same move (a retry after a timeout); the seed never leaves the server, so the draw
cannot be predicted from the page.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import pickle
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from divided import games
from divided.bots import advisor, make_bot
from divided.bots.base import Bot
from divided.errors import RecordVersionError, RuleOptionError, UnsupportedGameError
from divided.games.base import GameRecord, OptionValue, RuleOption, State
from divided.priority import AHEAD_NICE, run_in_background
from divided.review.base import DEFAULT_BUDGET
from divided.web import games as web_games
from divided.web.bodies import MalformedBody, decode_json, is_json_media_type
from divided.web.compute import (
    ADVICE_DEADLINE,
    BACKGROUND,
    HINT,
    MOVE,
    PLAY,
    PONDER,
    ComputePool,
    DeadlineExceeded,
)
from divided.web.config import BOT_TIMEOUT, Limits
from divided.web.games import DEFAULT_GAME, WebRoom
from divided.web.games.base import NextGameRefused, PacedRoom
from divided.web.guards import Bucket, ComputeGate, RateLimiter
from divided.web.jobs import (
    PONDER_BRANCHES,
    BotFactory,
    bot_choice,
    bot_rng,
    hint_job,
    hint_mix,
    hint_of,
    ponder_job,
    think_ahead,
)
from divided.web.review_jobs import ReviewJobs
from divided.web.sessions import session_id
from divided.web.store import GameRow, GameStore, Progress, StateCache
from divided.web.viewmodel import GameMeta, result_word, state_object, summary_of

logger = logging.getLogger("divided.web")

HUMAN_SEAT = 0
"""The human's seat; the bots take the others."""
MAX_BODY = 16 * 1024
MOVE_THREADS = Limits().move_threads
"""Requests that may run a bot (create, move, bot retry) at once per process; others queue."""
HINT_LOOKUP_THREADS = 2
"""Threads that read the hint cache (see :meth:`GameService.hinting`)."""
REQUEST_THREADS = 64
"""Requests that may wait at once for a bot's move computed in a worker process (a thread
each, nearly idle: the work is in the workers)."""
_GAME_ID = re.compile(r"[0-9a-f]{32}")
REFUSED: dict[str, Any] = {}
"""What :meth:`GameService.cached_hint` answers for a request that :meth:`GameService.hint`
refuses (compared by identity)."""
NO_SUCH_GAME = "no such game"
T = TypeVar("T")


class ApiError(Exception):
    """A request the API refuses: answered as ``{"error": message}`` with ``status``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class UnreadableGame(ApiError):
    """A stored game whose actions this version cannot read (:class:`RecordVersionError`): 409."""

    def __init__(self, error: RecordVersionError) -> None:
        super().__init__(409, f"this game cannot be shown: {error}")


def error_response(status: int, message: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=dict(headers or {}))


# -- request bodies -------------------------------------------------------------------------


async def read_json(request: Request, *, optional: bool, limit: int = MAX_BODY) -> dict[str, Any]:
    """The request's JSON object, decoded strictly (:func:`divided.web.bodies.decode_json`).
    An empty body is ``{}`` when ``optional``; a body over ``limit`` bytes is 413, one sent as
    another media type or charset 415, a malformed one 422."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(413, f"the request body is too large (at most {limit} bytes)")
        chunks.append(chunk)
    body = b"".join(chunks)
    if not body.strip():
        if optional:
            return {}
        raise ApiError(422, "the request needs a JSON body")
    if not is_json_media_type(request.headers.get("content-type", "")):
        raise ApiError(415, "send the body as UTF-8 JSON with the header Content-Type: application/json")
    try:
        data = decode_json(body)
    except MalformedBody as error:
        raise ApiError(422, f"{error}; nothing was changed") from None
    if not isinstance(data, dict):
        raise ApiError(422, f"the body must be a JSON object, not {_json_type(data)}")
    return data


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def json_type(value: object) -> str:
    """How a JSON value's type is named in error messages ("a string", "null", ...)."""
    return _json_type(value)


def check_keys(data: Mapping[str, Any], allowed: tuple[str, ...]) -> None:
    """Refuse (422) a body with fields other than ``allowed``."""
    _check_keys(data, allowed)


def _check_keys(data: Mapping[str, Any], allowed: tuple[str, ...]) -> None:
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise ApiError(422, f"unknown field{'s' if len(unknown) > 1 else ''} "
                       f"{', '.join(repr(k) for k in unknown)}; allowed: {', '.join(allowed)}")


def _choice(data: Mapping[str, Any], name: str, allowed: tuple[str, ...], default: str) -> str:
    value = data.get(name, default)
    shown = None
    if type(value) is int and any(choice.isdigit() for choice in allowed):
        shown = value = str(value)  # a number choice (players: 6) may come as a number
    if not isinstance(value, str):
        raise ApiError(422, f"{name} must be a string, one of {', '.join(allowed)} "
                       f"(got {_json_type(value)})")
    if value not in allowed:
        raise ApiError(422, f"{name} {shown or repr(value[:40])} is not allowed; choose one of {', '.join(allowed)}")
    return value


def _integer(data: Mapping[str, Any], name: str) -> int:
    if name not in data:
        raise ApiError(422, f"the body needs the field {name!r} (an integer)")
    value = data[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ApiError(422, f"{name} must be an integer, not {_json_type(value)}")
    return value


def _rule_option(data: Mapping[str, Any], option: RuleOption) -> OptionValue | None:
    """The rule option from a new-game body (``None`` when absent), checked against the game's
    own option: a string option takes a string, a number option an integer."""
    name = option.name
    if name not in data:
        return None
    value = data[name]
    numeric = option.integers is not None or all(isinstance(c, int) for c in option.choices)
    if numeric and (isinstance(value, bool) or not isinstance(value, int)):
        raise ApiError(422, f"{name} must be an integer ({option.values_text}), not {_json_type(value)}")
    if not numeric and not isinstance(value, str):
        raise ApiError(422, f"{name} must be a string, one of {option.values_text} (got {_json_type(value)})")
    try:
        return option.validate(value)
    except RuleOptionError as error:
        if type(option) is not RuleOption:  # an option with its own checks says what is wrong itself
            raise ApiError(422, str(error).removeprefix("rule option ")) from None
        shown = value[:40] if isinstance(value, str) else value
        raise ApiError(422, f"{name} {shown!r} is not allowed; choose one of {option.values_text}") from None


def new_game_fields(web: WebRoom) -> tuple[str, ...]:
    """The fields a new game of ``web``'s game may carry: the game, the bot, hints, the lobby's
    options (in the lobby's words) and every other rule option (as the engine names them)."""
    lobby = tuple(option.option for option in web.lobby_options)
    rest = tuple(option.name for option in web.rule_options if option.name not in lobby)
    return ("game", "bot", "hints", *lobby, *rest)


@dataclass(frozen=True, slots=True)
class NewGame:
    """A validated ``POST /api/games`` body."""

    bot: str
    hints: bool = False
    rules: Mapping[str, OptionValue] = field(default_factory=dict)
    """The rule options given (lobby options already turned into the engine's values)."""
    game: str = DEFAULT_GAME

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> NewGame:
        game = data.get("game", DEFAULT_GAME)
        if not isinstance(game, str):
            raise ApiError(422, f"game must be a string, one of {', '.join(web_games.names())} "
                           f"(got {_json_type(game)})")
        if not web_games.ROOMS.supports(game):
            raise ApiError(422, f"game {game[:40]!r} is not played here; choose one of "
                           f"{', '.join(web_games.names())}")
        web = web_games.room(game)
        _check_keys(data, new_game_fields(web))
        hints = data.get("hints", False)
        if not isinstance(hints, bool):
            raise ApiError(422, f"hints must be true or false, not {_json_type(hints)}")
        bot = _choice(data, "bot", tuple(b.name for b in web.bots), web.default_bot)
        rules: dict[str, OptionValue] = {}
        lobby = {option.option: option for option in web.lobby_options}
        order = {rule.name: [str(choice) for choice in rule.choices] for rule in web.rule_options}
        for option in web.lobby_options:
            # name the allowed values in the rule's order when the lobby sends the rule's own values
            said = order.get(option.option, [])
            keys = tuple(sorted(option.keys, key=said.index)) if set(option.keys) <= set(said) else option.keys
            key = _choice(data, option.option, keys, option.default)
            rules[option.option] = option.value(key)
        for rule in web.rule_options:
            if rule.name not in lobby:
                value = _rule_option(data, rule)
                if value is not None:
                    rules[rule.name] = value
        return cls(bot, hints, rules, game)

    def options(self) -> dict[str, OptionValue]:
        """The rule options of the game to start (``games.load`` fills in the rest)."""
        return dict(self.rules)


# -- the bot ----------------------------------------------------------------------------------


class BotFailure(Exception):
    """The bot did not produce a legal move in time (the message is safe to show)."""


def run_bot(bot: Bot[Any], state: State[Any, Any], seed: int, timeout: float) -> int:
    """The bot's action at ``state`` (from the mover's view only), within ``timeout`` seconds.

    The bot runs on a daemon thread; one that runs over is abandoned (its answer is ignored).
    Messages never quote the bot's exception, which might name hidden cards.
    """
    player = state.current_player()
    view = state.observation(player)
    legal = state.legal_actions()
    rng = bot_rng(seed, state.move_number())
    answer: list[int] = []
    failure: list[BaseException] = []

    def think() -> None:
        try:
            answer.append(bot.choose(view, legal, rng))
        except BaseException as error:  # reported below, whatever it is
            failure.append(error)

    thread = threading.Thread(target=think, name=f"bot-{bot.name}", daemon=True)
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        logger.warning("the %s bot did not answer within %.1f s", bot.name, timeout)
        raise BotFailure(f"the {bot.name} bot did not answer within {timeout:g} seconds")
    if failure:
        error = failure[0]
        logger.error("the %s bot failed", bot.name, exc_info=(type(error), error, error.__traceback__))
        raise BotFailure(f"the {bot.name} bot failed ({type(error).__name__})")
    action = answer[0]
    if isinstance(action, bool) or not isinstance(action, int) or action not in legal:
        logger.error("the %s bot chose %r, which is not legal", bot.name, action)
        raise BotFailure(f"the {bot.name} bot chose a move that is not legal")
    return action


# -- the service ------------------------------------------------------------------------------


class GameService:
    """Games against a bot, stored in a :class:`GameStore` (used by the API and the pages)."""

    def __init__(self, store: GameStore, *, bot_timeout: float = BOT_TIMEOUT,
                 bot_factory: BotFactory = make_bot, cache_size: int = 512,
                 concurrent_moves: int | None = None, review_budget: int = DEFAULT_BUDGET,
                 limits: Limits | None = None, compute: ComputePool | None = None) -> None:
        self.store = store
        self.limits = limits = Limits() if limits is None else limits
        self.compute = compute if compute is not None and _crosses(bot_factory) else None
        """The worker processes that compute bot moves, hints, reviews and pondering (``None``:
        the server's own threads do, as they do for a game or bot the workers do not know)."""
        # hints and reviews share one process-wide gate, and threads apart from the moves'
        self.gate = ComputeGate(limits.compute_slots, limits.compute_queue, limits.retry_after)
        self.reviews = ReviewJobs(store, budget=review_budget, gate=self.gate, compute=self.compute)
        self.cache = StateCache(cache_size)
        self.bot_timeout = bot_timeout
        self.bot_factory = bot_factory
        self.game_limiter = RateLimiter(Bucket(limits.games_burst, limits.games_per_second), "new games")
        self.hint_limiter = RateLimiter(Bucket(limits.hints_burst, limits.hints_per_second), "hint requests")
        self.feedback_limiter = RateLimiter(Bucket(limits.feedback_burst, limits.feedback_per_second),
                                            "feedback messages")
        moves = limits.move_threads if concurrent_moves is None else concurrent_moves
        if self.compute is not None:  # the threads only wait for the workers
            moves = max(moves, REQUEST_THREADS)
        self._movers = ThreadPoolExecutor(max_workers=moves, thread_name_prefix="divided-move")
        # hints, reviews and pondering can wait: their threads give the cores to the moves first
        # (and hints and reviews to pondering, which a player will soon wait for)
        self._hinters = ThreadPoolExecutor(max_workers=limits.compute_slots + limits.compute_queue,
                                           thread_name_prefix="divided-hint", initializer=run_in_background)
        self._hint_lookups = ThreadPoolExecutor(max_workers=HINT_LOOKUP_THREADS,
                                                thread_name_prefix="divided-hint-lookup")
        self._ponderers = ThreadPoolExecutor(max_workers=1, thread_name_prefix="divided-ponder",
                                             initializer=run_in_background, initargs=(AHEAD_NICE,))
        self._pondering = 0
        self._moving = 0  # move requests whose work is running (pondering gives way to them)
        self._forgets = 0  # data deletions so far (pondering begun before one stops)
        self._ponder_lock = threading.Lock()
        self._local = threading.local()
        store.deleted.append(self.forget)

    async def thinking(self, work: Callable[..., T], *args: Any) -> T:
        """Run a request that may make the bot think, on a thread of its own small pool.

        Bot moves are CPU work; letting only a few run at once keeps the rest of the server's
        threads (state reads, the lobby) free, so those stay quick while bots think.
        """
        return await asyncio.get_running_loop().run_in_executor(self._movers, functools.partial(
            self._counted, work, *args))

    def _counted(self, work: Callable[..., T], *args: Any) -> T:
        """``work``, counted among the moves in progress; then the pondering it asked for (a
        bot thinks ahead only once no move is running: see :meth:`ponder_later`)."""
        with self._ponder_lock:
            self._moving += 1
        self._local.ponder = None
        try:
            return work(*args)
        finally:
            with self._ponder_lock:
                self._moving -= 1
            asked, self._local.ponder = self._local.ponder, None
            if asked is not None:
                self.ponder_later(*asked)

    async def hinting(self, game_id: str, session: str, move_number: int | None) -> dict[str, Any]:
        """A hint: from the hint cache if this move's hint was computed before (nothing is
        computed again), else computed under the process-wide gate (:class:`Busy` when full).
        A request :meth:`hint` refuses is refused before it takes a place at the gate.

        The cache is read on a pool of :data:`HINT_LOOKUP_THREADS` threads of its own: a flood
        of hint requests waits there (costing a coroutine each) instead of filling the server's
        shared thread pool with threads that would all compete with the moves for the GIL."""
        loop = asyncio.get_running_loop()
        cached = await loop.run_in_executor(self._hint_lookups, self.cached_hint, game_id, session, move_number)
        if cached is REFUSED:
            return await loop.run_in_executor(self._hint_lookups, self.hint, game_id, session, move_number)
        if cached is not None:
            return cached
        self.gate.reserve("hint")
        try:
            future = self._hinters.submit(self._gated_hint, game_id, session, move_number)
        except BaseException:
            self.gate.release()
            raise
        return await asyncio.wrap_future(future)

    def _gated_hint(self, game_id: str, session: str, move_number: int | None) -> dict[str, Any]:
        with self.gate.slot():
            cached = self.cached_hint(game_id, session, move_number)  # computed while this waited?
            if cached is not None and cached is not REFUSED:
                return cached
            answer = self.hint(game_id, session, move_number)
            self.store.put_hint(game_id, int(answer["move_number"]),
                                {key: answer[key] for key in ("action", "label", "value", "error", "mix",
                                                              "opponent_off_path", "unit")})
            return answer

    def cached_hint(self, game_id: str, session: str, move_number: int | None) -> dict[str, Any] | None:
        """The stored hint of the game's current move (counted like a computed one); ``None``
        when there is none yet; :data:`REFUSED` when :meth:`hint` refuses the request before
        computing anything (hints off, a stale move number, the game over)."""
        row = self.row(game_id, session)
        if not row.hints or (move_number is not None and move_number != row.move_number) or row.over:
            return REFUSED
        stored = self.store.get_hint(row.id, row.move_number)
        if stored is None:
            return None
        self.store.count_hint(row.id)
        return {**stored, "move_number": row.move_number, "used": row.hints_used + 1}

    def forget(self, game_ids: list[str]) -> None:
        """Drop every in-memory trace of deleted games (cached states, review progress, what
        the bots cached from them)."""
        self.cache.forget(game_ids)
        self.reviews.forget(game_ids)
        with self._ponder_lock:
            self._forgets += 1  # pondering queued or running stops before its next step
        if self.compute is not None:
            self.compute.forget()  # the same in the workers, and their caches are cleared
        for game in web_games.names():
            web_games.room(game).forget_caches()

    def ponder_later(self, row: GameRow, state: State[Any, Any]) -> bool:
        """While the player decides, let the game's bots think ahead on a thread of their own
        (whether they will). Each bot ponders its view of the position; where one asks to look
        further (:func:`~divided.bots.base.ponder`) and the player has at most
        :data:`PONDER_BRANCHES` moves, each of those moves is played ahead with the bots'
        replies (drawn as :func:`run_bot` draws them) until the player's next turn, the bots
        pondering every view on the way. Divided Ranks' expert so solves its last round before
        it is asked to play it. What the bots will play does not change, and a game beyond
        ``Limits.ponder_queue`` games waiting or being pondered is not pondered. Moves come
        first: pondering stops (before its next step) while a move request's work runs, and
        for good once any data is deleted (so nothing of a deleted game is cached after)."""
        if state.is_terminal() or state.current_player() != row.human_seat:
            return False
        with self._ponder_lock:
            if self._pondering >= self.limits.ponder_queue:
                return False
            self._pondering += 1
        try:
            if self.compute is not None and self.compute.knows(row.game, row.bots):
                future = self.compute.submit(PLAY, PONDER, ponder_job, row.record(), row.bots, row.human_seat,
                                             self.bot_factory, int(self.compute.forgets.value), key=row.id,
                                             worker=self.compute.home(row.id), only_there=True)
                future.add_done_callback(self._pondered)
            else:
                self._ponderers.submit(self._think_ahead, state, row.bots, row.human_seat, row.seed,
                                       self._forgets)
        except BaseException:  # the pool is shut down
            self._done_pondering()
            raise
        return True

    def _pondered(self, future: Future[Any]) -> None:
        if not future.cancelled() and future.exception() is not None:
            logger.error("a bot failed while pondering", exc_info=future.exception())
        self._done_pondering()

    def _may_ponder(self, forgets: int) -> bool:
        """Whether pondering begun after ``forgets`` deletions may take its next step: no move
        request's work is running and no data has been deleted since."""
        return self._moving == 0 and self._forgets == forgets

    def _done_pondering(self) -> None:
        with self._ponder_lock:
            self._pondering -= 1

    def _think_ahead(self, state: State[Any, Any], seats: Sequence[str | None], human: int, seed: int,
                     forgets: int) -> None:
        try:
            game = state.game.info.short_name
            bots = {seat: self.bot_factory(game, name) for seat, name in enumerate(seats) if name is not None}
            think_ahead(state, bots, human, seed, functools.partial(self._may_ponder, forgets))
        except Exception:  # pondering only saves time: a failure here never reaches a game
            logger.exception("a bot failed while pondering")
        finally:
            self._done_pondering()

    def close(self) -> None:
        """Stop taking moves (at shutdown); moves already running finish."""
        self._movers.shutdown(wait=False, cancel_futures=True)
        self._hinters.shutdown(wait=False, cancel_futures=True)
        self._hint_lookups.shutdown(wait=False, cancel_futures=True)
        self._ponderers.shutdown(wait=False, cancel_futures=True)
        self.reviews.close()

    # queries
    def row(self, game_id: str, session: str, *, readable: bool = True) -> GameRow:
        """The session's game, or 404 (also for a malformed id or another session's game);
        409 (:class:`UnreadableGame`) for one whose actions this version cannot read, unless
        ``readable`` is off (feedback about such a game is still welcome)."""
        if not _GAME_ID.fullmatch(game_id):
            raise ApiError(404, NO_SUCH_GAME)
        found = self.store.get(game_id, session)
        if found is None:
            raise ApiError(404, NO_SUCH_GAME)
        if readable:
            try:
                found.record()  # its actions in today's numbering (see divided.games.records)
            except RecordVersionError as error:
                raise UnreadableGame(error) from None
        return found

    def state_json(self, row: GameRow, state: State[Any, Any] | None = None) -> dict[str, Any]:
        """The state object of a stored game."""
        if state is None:
            state = self.cache.state(row)
        web = web_games.room(row.game)
        session = None if getattr(web, "next_game", None) is None else \
            {"table_id": row.table_id or row.id, "next_id": row.next_id}
        meta = GameMeta(row.id, row.game, row.move_number, row.human_seat, row.bots, row.options, row.bot_error,
                        row.hints, session)
        return state_object(state.observation(row.human_seat), meta)

    def summaries(self, session: str) -> list[dict[str, Any]]:
        """The lobby's list of the session's games, newest first."""
        return [
            {"id": row.id, "game": row.game,
             "title": web_games.room(row.game).title if web_games.ROOMS.supports(row.game) else row.game,
             "created": row.created.isoformat(),
             "updated": row.updated.isoformat(), "seats": list(row.bots), "options": dict(row.options),
             "variant": web_games.options_words(row.game, web_games.non_default_options(row.game, row.options)),
             "phase": row.phase, "over": row.over, "result": row.result}
            for row in self.store.list(session)
        ]

    # changes
    def create(self, session: str, request: NewGame) -> dict[str, Any]:
        try:
            game = games.load(request.game, **request.options())
        except RuleOptionError as error:  # options that do not go together (stacks for another table size)
            raise ApiError(422, str(error)) from None
        web = web_games.room(request.game)
        seats: tuple[str | None, ...] = (None, *(request.bot,) * web.bot_seats(game.options))
        seed = self.store.seed_source()
        state = game.new_initial_state(seed=seed)
        bot_error = self._bot_replies(state, seats, seed, HUMAN_SEAT, None)
        row = self.store.insert(session_id=session, game=request.game, options=game.options, seed=seed,
                                human_seat=HUMAN_SEAT, bots=seats,
                                progress=_progress(web, state, HUMAN_SEAT, bot_error), hints=request.hints,
                                opens_table=getattr(web, "next_game", None) is not None)
        assert row is not None  # a game on its own always stores
        self.cache.put(row.id, state)
        return self.state_json(row, state)

    def next_hand(self, game_id: str, session: str, rebuy: bool) -> dict[str, Any]:
        """The next hand of a session of many hands, dealt from the finished hand ``game_id``
        (its room's ``next_game`` says the options: stacks, button, rebuys). Asked again for
        the same hand, the same next hand comes back: a hand is followed by one hand only."""
        row = self.row(game_id, session)
        web = web_games.room(row.game)
        next_game = getattr(web, "next_game", None)
        if next_game is None:
            raise ApiError(409, f"{web.title} is played one game at a time: start a new game instead")
        if row.next_id is not None:
            return self._dealt_next(row.next_id, session)
        if not row.over:
            raise ApiError(409, "this hand is not over yet: finish it before the next one is dealt")
        state = self.cache.state(row)
        try:
            dealt = next_game(row.options, state.observation(row.human_seat), rebuy)
        except NextGameRefused as refused:
            raise ApiError(409, str(refused)) from None
        game = games.load(row.game, **dealt.options)
        seed = self.store.seed_source()
        new_state = game.new_initial_state(seed=seed)
        bot_error = self._bot_replies(new_state, row.bots, seed, row.human_seat, None)
        added = self.store.insert(session_id=session, game=row.game, options=game.options, seed=seed,
                                  human_seat=row.human_seat, bots=row.bots,
                                  progress=_progress(web, new_state, row.human_seat, bot_error), hints=row.hints,
                                  table_id=row.table_id or row.id, after=row)
        if added is None:  # another request dealt it first: that one is the next hand
            found = self.row(game_id, session)
            if found.next_id is None:
                raise ApiError(409, "the table changed while the next hand was being dealt: reload it")
            return self._dealt_next(found.next_id, session)
        self.cache.put(added.id, new_state)
        return {**self.state_json(added, new_state), "notes": list(dealt.notes)}

    def _dealt_next(self, next_id: str, session: str) -> dict[str, Any]:
        found = self.store.get(next_id, session)
        if found is None:
            raise ApiError(409, "the next hand of this table is no longer stored: start a new table")
        return {**self.state_json(found), "notes": []}

    def move(self, game_id: str, session: str, move_number: int, action: int) -> dict[str, Any]:
        row = self.row(game_id, session)
        if move_number != row.move_number:
            raise ApiError(409, f"the game is at move {row.move_number}, not {move_number}: "
                           "reload it (a stale page or a move sent twice)")
        if row.over:
            raise ApiError(409, "the game is over")
        state = self.cache.state(row)
        if state.current_player() != row.human_seat:
            raise ApiError(409, "it is the bot's turn, not yours: ask the bot to move again")
        legal = state.legal_actions(row.human_seat)
        if action not in legal:
            raise ApiError(422, web_games.room(row.game).refusal(state.observation(row.human_seat), action))
        state.apply_action(action, player=row.human_seat)
        steps = _Steps(web_games.room(row.game), row.human_seat)
        steps.record(state)
        bot_error = self._bot_replies(state, row.bots, row.seed, row.human_seat, row.id, steps.record)
        return steps.attach(self._save(row, state, bot_error))

    def hint_status(self, game_id: str, session: str) -> dict[str, Any]:
        row = self.row(game_id, session)
        return {"allowed": row.hints, "used": row.hints_used}

    def hint(self, game_id: str, session: str, move_number: int | None) -> dict[str, Any]:
        """The expert's suggestion for the human's decision now (counted in the game)."""
        row = self.row(game_id, session)
        if not row.hints:
            raise ApiError(409, "hints are off for this game: turn on \"Allow hints\" when you start a game")
        if move_number is not None and move_number != row.move_number:
            raise ApiError(409, f"the game is at move {row.move_number}, not {move_number}: reload it")
        if row.over:
            raise ApiError(409, "the game is over: there is nothing left to decide")
        state = self.cache.state(row)
        if state.current_player() != row.human_seat:
            raise ApiError(409, "it is the bot's turn, not yours: hints are for your own decisions")
        # the review's own advisor, salt and budget: the hint is the review's best
        try:
            advisor(row.game, budget=self.reviews.budget)
        except UnsupportedGameError:
            raise ApiError(409, "this game has no advisor yet, so it has no hints") from None
        if self.compute is not None and self.compute.knows(row.game):
            found = self.compute.run(BACKGROUND, HINT, hint_job, row.record(), row.human_seat,
                                     self.reviews.budget, self.reviews.seed, key=row.id, deadline=ADVICE_DEADLINE)
        else:
            found = hint_of(state, row.human_seat, self.reviews.budget, self.reviews.seed)
        self.store.count_hint(row.id)
        return {**found, "move_number": row.move_number, "used": row.hints_used + 1}

    def review_status(self, game_id: str, session: str) -> dict[str, Any]:
        return self.reviews.status(self._reviewable(game_id, session))

    def start_review(self, game_id: str, session: str) -> dict[str, Any]:
        return self.reviews.start(self._reviewable(game_id, session))

    def _reviewable(self, game_id: str, session: str) -> GameRow:
        row = self.row(game_id, session)
        if not row.over:
            raise ApiError(409, "the game is not over yet: a review is only for finished games")
        return row

    def retry_bot(self, game_id: str, session: str, move_number: int | None) -> dict[str, Any]:
        row = self.row(game_id, session)
        if move_number is not None and move_number != row.move_number:
            raise ApiError(409, f"the game is at move {row.move_number}, not {move_number}: reload it")
        if row.over:
            raise ApiError(409, "the game is over")
        state = self.cache.state(row)
        if state.current_player() == row.human_seat:
            raise ApiError(409, "it is your turn, not the bot's")
        steps = _Steps(web_games.room(row.game), row.human_seat)
        bot_error = self._bot_replies(state, row.bots, row.seed, row.human_seat, row.id, steps.record)
        return steps.attach(self._save(row, state, bot_error))

    def _save(self, row: GameRow, state: State[Any, Any], bot_error: str | None) -> dict[str, Any]:
        saved = self.store.compare_and_set(row, _progress(web_games.room(row.game), state, row.human_seat,
                                                          bot_error))
        if saved is None:
            raise ApiError(409, "the game changed while this move was being made (sent twice?): reload it")
        self.cache.put(saved.id, state)
        if self.limits.ponder_queue:
            self._local.ponder = (saved, state.clone())  # asked for once this move's work is done
        return self.state_json(saved, state)

    def _bot_replies(self, state: State[Any, Any], seats: Sequence[str | None], seed: int,
                     seat: int, game_id: str | None,
                     moved: Callable[[State[Any, Any]], None] | None = None) -> str | None:
        """Let the bots move until it is ``seat``'s turn or the end; the failure, if any.
        ``seats`` names the bot in each seat (the human's is ``None``); ``game_id`` is the
        stored game's (``None`` for a game not stored yet); ``moved`` sees the state after each
        bot's move."""
        bots: dict[int, Bot[Any]] = {}
        game = state.game.info.short_name
        remote = self.compute is not None and self.compute.knows(game, tuple(seats))
        while not state.is_terminal() and state.current_player() != seat:
            mover = state.current_player()
            bot_name = seats[mover] if 0 <= mover < len(seats) else None
            if bot_name is None:
                return f"seat {mover} has no bot"
            if remote:
                try:
                    action = self._remote_bot(state, bot_name, seed, game_id)
                except BotFailure as failure:
                    return str(failure)
                state.apply_action(action, player=mover)
                if moved is not None:
                    moved(state)
                continue
            if mover not in bots:
                try:
                    bots[mover] = self.bot_factory(state.game.info.short_name, bot_name)
                except Exception as error:
                    logger.error("cannot make the %s bot", bot_name, exc_info=error)
                    return f"the {bot_name} bot could not be started"
            try:
                action = run_bot(bots[mover], state, seed, self.bot_timeout)
            except BotFailure as failure:
                return str(failure)
            state.apply_action(action, player=state.current_player())
            if moved is not None:
                moved(state)
        return None

    def _remote_bot(self, state: State[Any, Any], bot_name: str, seed: int, game_id: str | None) -> int:
        """The bot's action at ``state``, computed in a worker process within the time limit
        (its answer is the one :func:`run_bot` would give: the same view, legal actions and
        random numbers). The messages are :func:`run_bot`'s."""
        assert self.compute is not None
        record = GameRecord(state.game.info.short_name, dict(state.game.options), seed, tuple(state.history()))
        try:
            action = self.compute.run(PLAY, MOVE, bot_choice, record, bot_name, self.bot_factory, key=game_id,
                                      deadline=self.bot_timeout,
                                      worker=None if game_id is None else self.compute.home(game_id))
        except DeadlineExceeded:
            logger.warning("the %s bot did not answer within %.1f s", bot_name, self.bot_timeout)
            raise BotFailure(f"the {bot_name} bot did not answer within {self.bot_timeout:g} seconds") from None
        except Exception as error:
            logger.error("the %s bot failed", bot_name, exc_info=error)
            raise BotFailure(f"the {bot_name} bot failed ({type(error).__name__})") from None
        if isinstance(action, bool) or not isinstance(action, int) or action not in state.legal_actions():
            logger.error("the %s bot chose %r, which is not legal", bot_name, action)
            raise BotFailure(f"the {bot_name} bot chose a move that is not legal")
        return int(action)

class _Steps:
    """The table after each move of a move's answer, for a room that paces its table
    (:class:`PacedRoom`): ``{"log": entries in the log then, "phase", "table"}`` from the
    human's view only, so the page can show each bot's move as its log line appears."""

    def __init__(self, web: WebRoom, human: int) -> None:
        self.web, self.human = web, human
        self.steps: list[dict[str, Any]] = []

    def record(self, state: State[Any, Any]) -> None:
        if isinstance(self.web, PacedRoom):
            view = state.observation(self.human)
            self.steps.append({"log": len(self.web.log(view)), "phase": self.web.phase(view),
                               "table": self.web.step_table(view)})

    def attach(self, body: dict[str, Any]) -> dict[str, Any]:
        if self.steps:
            body["steps"] = self.steps
        return body


def _crosses(factory: BotFactory) -> bool:
    """Whether a bot factory can be sent to a worker process (a module-level function)."""
    try:
        pickle.dumps(factory)
    except Exception:
        return False
    return True


def _progress(web: WebRoom, state: State[Any, Any], seat: int, bot_error: str | None) -> Progress:
    view = state.observation(seat)
    result = web.result(view)
    summary = None if result is None else summary_of(result)
    return Progress(actions=tuple(state.history()), phase=web.phase(view), over=state.is_terminal(),
                    result=result_word(result, seat), bot_error=bot_error, summary=summary)


# -- the routes -------------------------------------------------------------------------------

router = APIRouter(prefix="/api")


def _service(request: Request) -> GameService:
    service = request.app.state.service
    assert isinstance(service, GameService)
    return service


def client_address(request: Request) -> str:
    """The address the rate limits count by (the proxy's own when behind one that uvicorn does
    not trust for ``X-Forwarded-For``)."""
    return request.client.host if request.client is not None else "unknown"


@router.post("/games", status_code=201)
async def create_game(request: Request) -> JSONResponse:
    data = await read_json(request, optional=True)
    new = NewGame.parse(data)
    service = _service(request)
    service.game_limiter.take(client_address(request))
    state = await service.thinking(service.create, session_id(request), new)
    return JSONResponse(state, status_code=201, headers={"Location": f"/api/games/{state['id']}"})


@router.get("/games")
async def list_games(request: Request) -> JSONResponse:
    service = _service(request)
    return JSONResponse({"games": await run_in_threadpool(service.summaries, session_id(request))})


@router.get("/games/{game_id}")
async def get_game(request: Request, game_id: str) -> JSONResponse:
    service = _service(request)

    def load() -> dict[str, Any]:
        return service.state_json(service.row(game_id, session_id(request)))

    return JSONResponse(await run_in_threadpool(load))


@router.post("/games/{game_id}/moves")
async def post_move(request: Request, game_id: str) -> JSONResponse:
    service = _service(request)
    session = session_id(request)
    if not _GAME_ID.fullmatch(game_id):
        raise ApiError(404, NO_SUCH_GAME)
    data = await read_json(request, optional=False)
    _check_keys(data, ("move_number", "action"))
    move_number = _integer(data, "move_number")
    action = _integer(data, "action")
    return JSONResponse(await service.thinking(service.move, game_id, session, move_number, action))


async def _optional_move_number(request: Request, game_id: str) -> tuple[str, int | None]:
    """The session, and the move number a body may carry to guard against a stale page."""
    session = session_id(request)
    if not _GAME_ID.fullmatch(game_id):
        raise ApiError(404, NO_SUCH_GAME)
    data = await read_json(request, optional=True)
    _check_keys(data, ("move_number",))
    return session, (_integer(data, "move_number") if "move_number" in data else None)


@router.post("/games/{game_id}/next")
async def post_next(request: Request, game_id: str) -> JSONResponse:
    """The next hand of a session of many hands (``{"rebuy": true}`` to rebuy when broke)."""
    service = _service(request)
    session = session_id(request)
    if not _GAME_ID.fullmatch(game_id):
        raise ApiError(404, NO_SUCH_GAME)
    data = await read_json(request, optional=True)
    _check_keys(data, ("rebuy",))
    rebuy = data.get("rebuy", False)
    if not isinstance(rebuy, bool):
        raise ApiError(422, f"rebuy must be true or false, not {_json_type(rebuy)}")
    service.game_limiter.take(client_address(request))
    return JSONResponse(await service.thinking(service.next_hand, game_id, session, rebuy))


@router.post("/games/{game_id}/bot")
async def post_bot(request: Request, game_id: str) -> JSONResponse:
    service = _service(request)
    session, move_number = await _optional_move_number(request, game_id)
    return JSONResponse(await service.thinking(service.retry_bot, game_id, session, move_number))


@router.post("/games/{game_id}/hint")
async def post_hint(request: Request, game_id: str) -> JSONResponse:
    service = _service(request)
    session, move_number = await _optional_move_number(request, game_id)
    service.hint_limiter.take(client_address(request))
    return JSONResponse(await service.hinting(game_id, session, move_number))


@router.get("/games/{game_id}/hint")
async def get_hint(request: Request, game_id: str) -> JSONResponse:
    service = _service(request)
    return JSONResponse(await run_in_threadpool(service.hint_status, game_id, session_id(request)))


@router.post("/games/{game_id}/review", status_code=202)
async def post_review(request: Request, game_id: str) -> JSONResponse:
    service = _service(request)
    session = session_id(request)
    if not _GAME_ID.fullmatch(game_id):
        raise ApiError(404, NO_SUCH_GAME)
    data = await read_json(request, optional=True)
    _check_keys(data, ())
    body = await run_in_threadpool(service.start_review, game_id, session)
    return JSONResponse(body, status_code=200 if body["status"] == "done" else 202)


@router.get("/games/{game_id}/review")
async def get_review(request: Request, game_id: str) -> JSONResponse:
    service = _service(request)
    return JSONResponse(await run_in_threadpool(service.review_status, game_id, session_id(request)))


__all__ = ["PONDER_BRANCHES", "ApiError", "BotFactory", "GameService", "bot_rng", "client_address", "error_response",
           "hint_mix", "router", "run_bot"]
