"""The state object of the web API (docs/web-api.md), built from the human's view alone.

:func:`state_object` takes the human player's view (``state.observation(seat)``) and public
game metadata (id, move number, the bots in their seats, the rule options, a bot failure), and
asks the game's :class:`~divided.web.games.WebRoom` for the parts only the game knows (the
``table``, the prompt, the labelled legal actions, the log, the books). It never sees the core
state, so it cannot show a card the rules keep hidden.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from divided.games.base import TERMINAL, OptionValue, Result
from divided.web.games import WebRoom, room

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class GameMeta:
    """Public facts about a stored game that are not part of the player's view.

    ``seats`` names the bot in each seat (``None`` for the human's own); ``hints`` says whether
    the game was started with hints allowed (a new game "like this one" allows them too)."""

    id: str
    game: str
    move_number: int
    seat: int
    seats: Sequence[str | None]
    options: Mapping[str, OptionValue]
    bot_error: str | None = None
    hints: bool = False
    session: JSON | None = None
    """A hand of a session of many hands: ``table_id`` and ``next_id`` (``None``: a game on its own)."""


def to_move(view: Any) -> str | None:
    """``"you"``, ``"bot"`` or ``None`` (the game is over)."""
    if view.current_player == TERMINAL:
        return None
    return "you" if view.current_player == view.player else "bot"


def result_word(result: Result | None, seat: int) -> str | None:
    """The result from the human's side: ``win`` (sole first place), ``draw`` (first place
    shared), ``loss`` (not first); ``None`` while playing."""
    if result is None:
        return None
    if result.places[seat] != 1:
        return "loss"
    return "win" if len(result.winners) == 1 else "draw"


def summary_of(result: Result) -> JSON:
    """What the history keeps of a finished game: the result's ``detail``, its ``headline``
    and every seat's place (``places``, by seat)."""
    return {**result.detail, "headline": result.headline, "places": list(result.places)}


def result_object(result: Result | None, seat: int, headline: str | None) -> JSON | None:
    """The engine's :class:`Result` as JSON, with the viewer's word and the headline in the
    viewer's words (the game's own, e.g. "You win, decided by ...")."""
    if result is None:
        return None
    return {"returns": list(result.returns), "places": list(result.places),
            "headline": headline if headline is not None else result.headline,
            "detail": dict(result.detail), "you": result_word(result, seat)}


def state_object(view: Any, meta: GameMeta, web: WebRoom | None = None) -> JSON:
    """The API's state object for the player whose view this is."""
    if web is None:
        web = room(meta.game)
    books = web.books(view)
    mover = to_move(view)
    mine = mover == "you"
    return {
        "id": meta.id,
        "game": meta.game,
        "move_number": meta.move_number,
        "seat": view.player,
        "seats": list(meta.seats),
        "options": dict(meta.options),
        "hints": meta.hints,
        "phase": web.phase(view),
        "to_move": mover,
        "prompt": web.prompt(view, books, meta.bot_error),
        "legal": [{"action": label.action, "kind": label.kind, "text": label.text, "cards": list(label.cards)}
                  for label in web.legal(view)] if mine else [],
        "table": web.table(view, books, mine),
        "knowledge": web.knowledge(books),
        "log": [entry.to_json() for entry in web.log(view)],
        "result": result_object(web.result(view), view.player, web.headline(view)),
        "bot_error": meta.bot_error,
        "session": meta.session,
    }
