"""The web app's per-game parts, found by game id (imported on first use).

>>> from divided.web import games as web_games
>>> web_games.names()
['divided-ranks']
>>> web_games.room("divided-ranks").script
'games/divided-ranks.js'
"""

from __future__ import annotations

from divided.registry import Registry
from divided.web.games.base import BotChoice, Hint, LobbyChoice, LobbyOption, LogEntry, WebRoom

ROOMS: Registry[WebRoom] = Registry("web room", {"divided-ranks": "divided.web.games.divided_ranks:ROOM"})
"""Game id -> its :class:`WebRoom`; tests and plugins add games with ``ROOMS.register``."""

DEFAULT_GAME = "divided-ranks"
"""The game a request that names none plays (the API before games were named)."""


def room(game: str) -> WebRoom:
    """The web room of ``game`` (:class:`divided.errors.UnsupportedGameError` if it has none)."""
    return ROOMS.get(game)


def names() -> list[str]:
    """The games the web app can seat."""
    return ROOMS.names()


__all__ = ["DEFAULT_GAME", "ROOMS", "BotChoice", "Hint", "LobbyChoice", "LobbyOption", "LogEntry", "WebRoom",
           "names", "room"]
