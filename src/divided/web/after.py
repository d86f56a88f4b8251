"""After the game: history and statistics, replays, the record export, saved data, feedback.

Everything here is read from the session's own rows. The history reads the summary columns
only (no replay per game). A replay rebuilds a finished game one prefix of its history at a
time and builds each step's state object exactly as for live play, from
``state.observation(seat)`` at that prefix (:func:`divided.web.viewmodel.state_object`), so a
step shows nothing the player had not seen by then. The full record (seed and every action,
the deal included) leaves the server only once the game is over.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from divided import games
from divided.games.base import CHANCE, OptionValue, State
from divided.web import games as web_games
from divided.web.api import ApiError, GameService, check_keys, client_address, json_type, read_json
from divided.web.games import non_default_options, options_words
from divided.web.guards import clean_text
from divided.web.sessions import session_id
from divided.web.store import FinishedGame, GameRow, GameStore, rebuild, utcnow
from divided.web.viewmodel import GameMeta, state_object

Z_95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""
FEEDBACK_LIMIT = 4000
PAGE_LIMIT = 200
FEEDBACK_BODY = 64 * 1024
JSON = dict[str, Any]


# -- statistics ---------------------------------------------------------------------------


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``(0, 1)`` when there are no trials)."""
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes}/{trials}")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    margin = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return max(0.0, centre - margin), min(1.0, centre + margin)


@dataclass(frozen=True, slots=True)
class Tally:
    """Games of one group (game, bots, non-default options): wins, draws, losses, win rate."""

    game: str
    bots: tuple[str, ...]
    options: tuple[tuple[str, OptionValue], ...]
    games: int
    wins: int
    draws: int
    losses: int
    words: str = ""
    """The group's options in words ("" for the standard rules)."""

    def to_dict(self) -> JSON:
        low, high = wilson_interval(self.wins, self.games)
        return {"game": self.game, "bots": list(self.bots), "options": dict(self.options),
                "variant": self.words, "games": self.games, "wins": self.wins,
                "draws": self.draws, "losses": self.losses,
                "win_rate": self.wins / self.games if self.games else None,
                "interval": {"low": low, "high": high, "level": 0.95, "method": "wilson"}}


def _bot_order(game: str) -> dict[str, int]:
    if not web_games.ROOMS.supports(game):
        return {}
    return {bot.name: number for number, bot in enumerate(web_games.room(game).bots)}


def tallies(finished: Sequence[FinishedGame]) -> list[Tally]:
    """One tally per (game, bots, non-default options) seen, in a stable order (game, then
    the bots' strength, then the options); win rate = wins / games."""
    counts: dict[tuple[str, tuple[str, ...], tuple[tuple[str, OptionValue], ...]], list[int]] = {}
    for game in finished:
        key = (game.game, tuple(b for b in game.bots if b is not None), non_default_options(game.game, game.options))
        count = counts.setdefault(key, [0, 0, 0])
        count[{"win": 0, "draw": 1}.get(game.result, 2)] += 1

    def order(key: tuple[str, tuple[str, ...], tuple[tuple[str, OptionValue], ...]]) -> tuple[Any, ...]:
        game, bots, options = key
        strength = _bot_order(game)
        return (game, [strength.get(b, 99) for b in bots], bots, [(n, str(v)) for n, v in options])

    return [Tally(game, bots, options, sum(c), c[0], c[1], c[2], options_words(game, options))
            for (game, bots, options), c in sorted(counts.items(), key=lambda kv: order(kv[0]))]


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
    """``GET /api/history``: finished games (oldest first), tallies, and the chart's points."""
    finished = list(store.finished(session))
    games_json = []
    wins = 0
    chart = []
    for number, game in enumerate(finished, start=1):
        wins += game.result == "win"
        variant = non_default_options(game.game, game.options)
        games_json.append({"id": game.id, "game": game.game, "created": _iso(game.created),
                           "finished": _iso(game.finished), "seats": list(game.bots),
                           "bots": [b for b in game.bots if b is not None], "options": dict(game.options),
                           "variant": options_words(game.game, variant), "result": game.result,
                           "summary": None if game.summary is None else dict(game.summary),
                           "decided": decided_words(game.game, game.summary), "hints_used": game.hints_used})
        chart.append({"game": number, "result": game.result, "wins_so_far": wins,
                      "win_rate_so_far": wins / number})
    all_games = Tally("all", (), (), len(finished), wins, sum(g.result == "draw" for g in finished),
                      sum(g.result == "loss" for g in finished))
    return {"games": games_json, "stats": [t.to_dict() for t in tallies(finished)],
            "overall": all_games.to_dict(), "chart": chart}


def chart_svg(chart: Sequence[JSON], width: int = 600, height: int = 160) -> str:
    """A small inline SVG of the results over time: one mark per game (up = win, middle =
    draw, down = loss) and the running win rate as a line. Only numbers go into it."""
    pad = 24
    inner_w, inner_h = width - 2 * pad, height - 2 * pad
    n = len(chart)
    if n == 0:
        return ""

    def x(i: int) -> float:
        return pad + (inner_w * (i + 0.5) / n)

    def y(rate: float) -> float:
        return pad + inner_h * (1 - rate)

    marks = []
    for i, point in enumerate(chart):
        level = {"win": 1.0, "draw": 0.5}.get(str(point["result"]), 0.0)
        marks.append(f'<circle class="mark {point["result"]}" cx="{x(i):.1f}" cy="{y(level):.1f}" r="2.5"/>')
    line = " ".join(f"{x(i):.1f},{y(float(p['win_rate_so_far'])):.1f}" for i, p in enumerate(chart))
    grid = "".join(
        f'<line class="grid" x1="{pad}" x2="{width - pad}" y1="{y(v):.1f}" y2="{y(v):.1f}"/>'
        f'<text class="axis" x="2" y="{y(v) + 4:.1f}">{int(v * 100)}%</text>'
        for v in (0.0, 0.5, 1.0))
    final = float(chart[-1]["win_rate_so_far"])
    label = (f"Results of {n} finished game{'s' if n != 1 else ''}, oldest first; "
             f"running win rate ends at {final:.0%}.")
    return (f'<svg class="history-chart" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label="{label}" xmlns="http://www.w3.org/2000/svg">{grid}'
            f'<polyline class="rate" fill="none" points="{line}"/>{"".join(marks)}</svg>')


def backfill_summaries(service: GameService, session: str) -> None:
    """Finished games stored without a summary (by an older version) get one: one replay
    each, once; afterwards the column is filled."""
    for game in service.store.finished(session):
        if game.summary is None:
            row = service.store.get(game.id, session)
            if row is None or not web_games.ROOMS.supports(row.game):
                continue
            view = service.cache.state(row).observation(row.human_seat)
            result = web_games.room(row.game).result(view)
            if result is not None:
                service.store.set_summary(row.id, {**result.detail, "headline": result.headline})


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
    for count, action in enumerate(row.actions):
        if state.current_player() != CHANCE:
            out.append((count, state.clone()))
        state.apply_action(action)
    out.append((len(row.actions), state))
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
             "record": r.record().to_dict() if r.over else None}
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
        game_id = service.row(game_id, session).id  # 404 unless it is one of this session's games
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
