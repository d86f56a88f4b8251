"""The web app's per-game parts, found by game id (imported on first use).

>>> from divided.web import games as web_games
>>> names = web_games.names()
>>> names == sorted(names), {"card-commons", "divide", "divided-ranks", "henway", "mississippi"} <= set(names)
(True, True)
>>> web_games.room("divided-ranks").script
'games/divided-ranks.js'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from divided.games import POKER
from divided.games.base import OptionValue
from divided.registry import Registry
from divided.web.games.base import BotChoice, GameRoom, LobbyChoice, LobbyOption, LogEntry, WebRoom

ROOMS: Registry[WebRoom] = Registry("web room", {"divided-ranks": "divided.web.games.divided_ranks:ROOM",
                                                 "card-commons": "divided.web.games.card_commons:ROOM",
                                                 "divide": "divided.web.games.divide:ROOM",
                                                 **{game: f"divided.web.games.poker:ROOMS[{game}]"
                                                    for game in POKER}})
"""Game id -> its :class:`WebRoom`; tests and plugins add games with ``ROOMS.register``."""

DEFAULT_GAME = "divided-ranks"
"""The game a request that names none plays (the API before games were named)."""


def room(game: str) -> WebRoom:
    """The web room of ``game`` (:class:`divided.errors.UnsupportedGameError` if it has none)."""
    return ROOMS.get(game)


def names() -> list[str]:
    """The games the web app can seat."""
    return ROOMS.names()


def non_default_options(game: str, options: Mapping[str, OptionValue]) -> tuple[tuple[str, OptionValue], ...]:
    """The options of a game that differ from its rules' defaults, in the rules' order."""
    rules = room(game).rule_options if ROOMS.supports(game) else ()
    known = {rule.name: rule for rule in rules}
    out = [(rule.name, options[rule.name]) for rule in rules
           if rule.name in options and options[rule.name] != rule.default]
    out += [(name, value) for name, value in sorted(options.items()) if name not in known]
    return tuple(out)


def options_words(game: str, options: Sequence[tuple[str, OptionValue]]) -> str:
    """Options in the lobby's words ("Swap at the reserve: Face up"; a choice that names its
    option alone: "6 players"); others as name=value."""
    lobby = {option.option: option for option in room(game).lobby_options} \
        if ROOMS.supports(game) else {}
    said = []
    for name, value in options:
        option = lobby.get(name)
        choice = None if option is None else next((c for c in option.choices if c.value == value), None)
        if option is None or choice is None:
            said.append(f"{name}={value}")
        elif option.label.lower() in choice.words.lower():  # "6 players", not "Players: 6 players"
            said.append(choice.words)
        else:
            said.append(f"{option.label}: {choice.words}")
    return "; ".join(said)


__all__ = ["DEFAULT_GAME", "ROOMS", "BotChoice", "GameRoom", "LobbyChoice", "LobbyOption", "LogEntry", "WebRoom",
           "names", "non_default_options", "options_words", "room"]
