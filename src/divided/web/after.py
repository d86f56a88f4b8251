"""After the game: history and statistics, replays, the record export, saved data, feedback.

Everything here is read from the session's own rows. The history reads the summary columns
only (no replay per game). A replay rebuilds a finished game one prefix of its history at a
time and builds each step's state object exactly as for live play, from
``state.observation(seat)`` at that prefix (:func:`divided.web.viewmodel.state_object`), so a
step shows nothing the player had not seen by then. The full record (seed and every action,
the deal included) leaves the server only once the game is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from html import escape
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from divided import games
from divided.errors import RecordVersionError
from divided.games.base import CHANCE, OptionValue, State
from divided.web import games as web_games
from divided.web.api import ApiError, GameService, check_keys, client_address, json_type, read_json
from divided.web.games import non_default_options, options_words
from divided.web.guards import clean_text
from divided.web.sessions import session_id
from divided.web.statistics import Measure, measure_of, ordinal
from divided.web.store import FinishedGame, GameRow, GameStore, rebuild, utcnow
from divided.web.viewmodel import GameMeta, state_object, summary_of

FEEDBACK_LIMIT = 4000
PAGE_LIMIT = 200
FEEDBACK_BODY = 64 * 1024
JSON = dict[str, Any]


# -- statistics ---------------------------------------------------------------------------


def title_of(game: str) -> str:
    """A game's name as players know it (its web room's title; the id for a game without one)."""
    return web_games.room(game).title if web_games.ROOMS.supports(game) else game


def _bot_order(game: str) -> dict[str, int]:
    if not web_games.ROOMS.supports(game):
        return {}
    return {bot.name: number for number, bot in enumerate(web_games.room(game).bots)}


GroupKey = tuple[tuple[str, ...], tuple[tuple[str, OptionValue], ...]]


def _group_options(game: FinishedGame, measure: Measure) -> tuple[tuple[str, OptionValue], ...]:
    """The options a row names: those the measure groups by (even at their default), then the
    rest that differ from the defaults."""
    varied = tuple((name, value) for name, value in non_default_options(game.game, game.options)
                   if name not in measure.varies)
    named = {name for name, _ in varied}
    always = tuple((name, game.options[name]) for name in measure.grouped_by
                   if name in game.options and name not in named)
    return always + varied


def game_statistics(game: str, finished: Sequence[FinishedGame]) -> JSON:
    """One game's block of the history: its measure, one row per (bots, options) in a stable
    order (the bots' strength, then the options), and its charts."""
    measure = measure_of(game)
    groups: dict[GroupKey, list[FinishedGame]] = {}
    for one in finished:
        groups.setdefault((tuple(b for b in one.bots if b is not None), _group_options(one, measure)),
                          []).append(one)
    strength = _bot_order(game)

    def order(key: GroupKey) -> tuple[Any, ...]:
        bots, options = key
        return [strength.get(b, 99) for b in bots], bots, [(n, str(v)) for n, v in options]

    title = title_of(game)
    rows = [{"game": game, "title": title, "bots": list(bots), "options": dict(options),
             "variant": options_words(game, options), "measure": measure.kind,
             **measure.figures(group)}
            for (bots, options), group in sorted(groups.items(), key=lambda kv: order(kv[0]))]
    return {"game": game, "title": title, "games": len(finished), "measure": measure.describe(),
            "stats": rows, "charts": [chart.to_dict() for chart in
                                      measure.charts(title, finished, lambda o: options_words(game, o))]}


def _iso(moment: datetime) -> str:
    return moment.isoformat()


def decided_words(game: str, summary: Mapping[str, Any] | None) -> str:
    """What decided a finished game, in words, from its stored summary."""
    if summary is None:
        return ""
    if web_games.ROOMS.supports(game):
        return web_games.room(game).decided(summary)
    return str(summary.get("headline", ""))


def history_object(store: GameStore, session: str) -> JSON:
    """``GET /api/history``: finished games (oldest first) and statistics grouped by game.

    ``by_game`` has one block per game (by game id): its measure, its rows (bots and options)
    and its charts; ``stats`` is every block's rows in the same order; ``overall`` only counts
    (a win rate over games of different kinds would mean nothing)."""
    finished = list(store.finished(session))
    games_json = []
    per_game: dict[str, list[FinishedGame]] = {}
    for game in finished:
        per_game.setdefault(game.game, []).append(game)
        measure = measure_of(game.game)
        variant = tuple((name, value) for name, value in non_default_options(game.game, game.options)
                        if name not in measure.varies)  # a hand's stacks and button are not its rules
        place = measure.place_of(game)
        games_json.append({"id": game.id, "game": game.game, "title": title_of(game.game),
                           "players": len(game.bots), "place": place,
                           "place_words": None if place is None else f"{ordinal(place)} of {len(game.bots)}",
                           "created": _iso(game.created),
                           "finished": _iso(game.finished), "seats": list(game.bots),
                           "bots": [b for b in game.bots if b is not None], "options": dict(game.options),
                           "variant": options_words(game.game, variant), "result": game.result,
                           "result_words": measure.result_words(game),
                           "summary": None if game.summary is None else dict(game.summary),
                           "decided": decided_words(game.game, game.summary), "hints_used": game.hints_used,
                           "table": game.table_id})
    blocks = [game_statistics(game, per_game[game]) for game in sorted(per_game)]
    overall = {"games": len(finished), "wins": sum(g.result == "win" for g in finished),
               "draws": sum(g.result == "draw" for g in finished),
               "losses": sum(g.result not in ("win", "draw") for g in finished),
               "by_game": {block["game"]: block["games"] for block in blocks}}
    return {"games": games_json, "by_game": blocks,
            "stats": [row for block in blocks for row in block["stats"]], "overall": overall}


def chart_svg(chart: Mapping[str, Any], width: int = 600, height: int = 160) -> str:
    """A small inline SVG of one chart (:class:`divided.web.statistics.Chart` as JSON): a dot
    per game at its ``level`` and the running figure as a line. Only numbers and the chart's
    own words (escaped) go into it."""
    pad = 24
    inner_w, inner_h = width - 2 * pad, height - 2 * pad
    points = chart["points"]
    n = len(points)
    if n == 0:
        return ""

    def x(i: int) -> float:
        return pad + (inner_w * (i + 0.5) / n)

    def y(level: float) -> float:
        return pad + inner_h * (1 - level)

    marks = [f'<circle class="mark {escape(str(p["mark"]))}" cx="{x(i):.1f}" cy="{y(float(p["level"])):.1f}" '
             f'r="2.5"/>' for i, p in enumerate(points)]
    line = " ".join(f"{x(i):.1f},{y(float(p['line'])):.1f}" for i, p in enumerate(points))
    grid = "".join(
        f'<line class="grid" x1="{pad}" x2="{width - pad}" y1="{y(t["level"]):.1f}" y2="{y(t["level"]):.1f}"/>'
        f'<text class="axis" x="2" y="{y(t["level"]) + 4:.1f}">{escape(str(t["label"]))}</text>'
        for t in chart["ticks"])
    return (f'<svg class="history-chart" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label="{escape(str(chart["summary"]))}" xmlns="http://www.w3.org/2000/svg">{grid}'
            f'<polyline class="rate" fill="none" points="{line}"/>{"".join(marks)}</svg>')


def backfill_summaries(service: GameService, session: str) -> None:
    """Finished games stored without a summary (by an older version) get one: one replay
    each, once; afterwards the column is filled."""
    for game in service.store.finished(session):
        if game.summary is None:
            row = service.store.get(game.id, session)
            if row is None or not web_games.ROOMS.supports(row.game):
                continue
            try:
                view = service.cache.state(row).observation(row.human_seat)
            except RecordVersionError:  # a game this version cannot read keeps no summary
                continue
            result = web_games.room(row.game).result(view)
            if result is not None:
                service.store.set_summary(row.id, summary_of(result))


# -- replay -------------------------------------------------------------------------------


def finished_row(service: GameService, game_id: str, session: str) -> GameRow:
    row = service.row(game_id, session)
    if not row.over:
        raise ApiError(409, "the game is not over yet: finish it first (a replay or a record "
                       "of a game in play would show its deal)")
    return row


def decision_prefixes(row: GameRow) -> list[tuple[int, State[Any, Any]]]:
    """The positions a player saw: the state after each prefix of the history at which nobody
    is waiting for chance (chance outcomes are applied with the action that follows them).

    Each entry is ``(prefix length, state)``; the last is the end of the game.
    """
    game = games.load(row.game, **dict(row.options))
    state = game.new_initial_state(seed=None)
    out: list[tuple[int, State[Any, Any]]] = []
    actions = row.record().actions  # in today's numbering
    for count, action in enumerate(actions):
        if state.current_player() != CHANCE:
            out.append((count, state.clone()))
        state.apply_action(action)
    out.append((len(actions), state))
    final = rebuild(row)  # the stored game replays to the same end (every action checked)
    if final.history() != state.history():
        raise ValueError(f"game {row.id}: the replay does not reach the stored end")
    return out


def _step(row: GameRow, index: int, prefixes: Sequence[tuple[int, State[Any, Any]]]) -> JSON:
    count, state = prefixes[index]
    meta = GameMeta(row.id, row.game, count, row.human_seat, row.bots, row.options, None, row.hints)
    body = state_object(state.observation(row.human_seat), meta)
    by: str | None = None
    new_log: list[JSON] = list(body["log"])
    if index > 0:
        previous_count, previous = prefixes[index - 1]
        mover = previous.current_player()
        by = "you" if mover == row.human_seat else "bot"
        before = state_object(previous.observation(row.human_seat),
                              GameMeta(row.id, row.game, previous_count, row.human_seat, row.bots, row.options,
                                       None, row.hints))
        old = before["log"]
        new_log = body["log"][len(old):] if body["log"][: len(old)] == old else body["log"]
    return {"index": index, "move_number": count, "by": by, "new_log": new_log, "state": body}


def replay_object(service: GameService, game_id: str, session: str, move: int | None) -> JSON:
    """``GET /api/games/{id}/replay``: every step, or only step ``move``."""
    row = finished_row(service, game_id, session)
    prefixes = decision_prefixes(row)
    last = len(prefixes) - 1
    if move is not None and not 0 <= move <= last:
        raise ApiError(422, f"move must be between 0 and {last} (this game has {last + 1} steps)")
    indices = range(len(prefixes)) if move is None else [move]
    return {"id": row.id, "game": row.game, "seats": list(row.bots), "options": dict(row.options),
            "count": last + 1,
            "steps": [_step(row, i, prefixes) for i in indices]}


# -- saved data and feedback ---------------------------------------------------------------


def _exported_record(row: GameRow) -> JSON:
    """A finished game's record in today's action numbering (``record`` null, and the reason
    in ``record_error``, for a game this version cannot read)."""
    try:
        return {"record": row.record().to_dict() if row.over else None}
    except RecordVersionError as error:
        return {"record": None, "record_error": str(error)}


def export_object(service: GameService, session: str) -> JSON:
    """Everything stored about a session: its games (records of finished ones) and feedback."""
    backfill_summaries(service, session)
    rows = service.store.list(session, limit=None)
    return {
        "exported": _iso(utcnow()),
        "games": [
            {"id": r.id, "game": r.game, "created": _iso(r.created), "updated": _iso(r.updated),
             "seats": list(r.bots), "options": dict(r.options), "phase": r.phase, "over": r.over,
             "result": r.result, "summary": None if r.summary is None else dict(r.summary),
             "move_number": r.move_number,
             "finished": None if r.finished is None else _iso(r.finished),
             **_exported_record(r)}
            for r in rows
        ],
        "feedback": [note.to_dict() for note in service.store.feedback(session)],
    }


def _text_field(data: dict[str, Any], name: str, limit: int, *, required: bool) -> str | None:
    if name not in data or data[name] is None:
        if required:
            raise ApiError(422, f"the body needs the field {name!r} (text)")
        return None
    value = data[name]
    if not isinstance(value, str):
        raise ApiError(422, f"{name} must be text, not {json_type(value)}")
    try:
        value = clean_text(value, name)
    except ValueError as error:
        raise ApiError(422, f"{error}. Nothing was saved.") from None
    if not value.strip():
        raise ApiError(422, f"{name} is empty: write something first")
    if len(value) > limit:
        raise ApiError(422, f"{name} is too long: {len(value)} characters, at most {limit}")
    return value


def add_feedback(service: GameService, session: str, data: dict[str, Any]) -> JSON:
    check_keys(data, ("message", "page", "game_id"))
    message = _text_field(data, "message", FEEDBACK_LIMIT, required=True)
    page = _text_field(data, "page", PAGE_LIMIT, required=True)
    game_id = data.get("game_id")
    if game_id is not None:
        if not isinstance(game_id, str):
            raise ApiError(422, f"game_id must be a game id (text) or null, not {json_type(game_id)}")
        game_id = service.row(game_id, session, readable=False).id  # 404 unless one of this session's games
    assert message is not None and page is not None
    try:
        note = service.store.add_feedback(session, page.strip(), game_id, message.strip())
    except LookupError:  # the game was deleted since it was checked above
        raise ApiError(404, "no such game") from None
    return {"saved": True, "feedback": note.to_dict()}


def delete_data(service: GameService, session: str, data: dict[str, Any]) -> JSON:
    check_keys(data, ("confirm",))
    if data.get("confirm") is not True:
        raise ApiError(422, 'nothing was deleted: to delete all your games and feedback, send '
                       '{"confirm": true}')
    games_gone, notes_gone = service.store.delete_session(session)
    total = games_gone + notes_gone
    if total == 0:
        return {"deleted": 0, "games": 0, "feedback": 0,
                "message": "There was nothing to delete: no games or feedback are stored for this browser."}
    return {"deleted": total, "games": games_gone, "feedback": notes_gone,
            "message": f"Deleted {games_gone} game{'s' if games_gone != 1 else ''} and "
                       f"{notes_gone} feedback message{'s' if notes_gone != 1 else ''}."}


# -- the routes ---------------------------------------------------------------------------

router = APIRouter(prefix="/api")


def _service(request: Request) -> GameService:
    service = request.app.state.service
    assert isinstance(service, GameService)
    return service


def history_for(service: GameService, session: str) -> JSON:
    backfill_summaries(service, session)
    return history_object(service.store, session)


@router.get("/history")
async def get_history(request: Request) -> JSONResponse:
    service = _service(request)
    return JSONResponse(await run_in_threadpool(history_for, service, session_id(request)))


@router.get("/games/{game_id}/replay")
async def get_replay(request: Request, game_id: str, move: int | None = None) -> JSONResponse:
    service = _service(request)
    return JSONResponse(await run_in_threadpool(replay_object, service, game_id, session_id(request), move))


@router.get("/games/{game_id}/record")
async def get_record(request: Request, game_id: str) -> JSONResponse:
    service = _service(request)
    row = await run_in_threadpool(finished_row, service, game_id, session_id(request))
    return JSONResponse(row.record().to_dict(),
                        headers={"Content-Disposition": f'attachment; filename="divided-{row.id}.json"'})


@router.get("/data/export")
async def get_export(request: Request) -> JSONResponse:
    service = _service(request)
    body = await run_in_threadpool(export_object, service, session_id(request))
    return JSONResponse(body, headers={"Content-Disposition": 'attachment; filename="divided-data.json"'})


@router.post("/data/delete")
async def post_delete(request: Request) -> JSONResponse:
    service = _service(request)
    data = await read_json(request, optional=True)
    return JSONResponse(await run_in_threadpool(delete_data, service, session_id(request), data))


@router.post("/feedback", status_code=201)
async def post_feedback(request: Request) -> JSONResponse:
    service = _service(request)
    data = await read_json(request, optional=False, limit=FEEDBACK_BODY)
    service.feedback_limiter.take(client_address(request))
    body = await run_in_threadpool(add_feedback, service, session_id(request), data)
    return JSONResponse(body, status_code=201)
