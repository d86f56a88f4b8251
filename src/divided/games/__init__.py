"""Games of the project behind one interface (see :mod:`divided.games.base`).

>>> from divided import games
>>> games.names()
['divided-ranks']
>>> game = games.load("divided-ranks", reserve_order="coin")
>>> game.options["reserve_order"]
'coin'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from divided.errors import RuleOptionError
from divided.games.base import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    GameInfo,
    GameRecord,
    RuleOption,
    Rules,
    State,
)


def _divided_ranks() -> Rules[Any, Any]:
    from divided.games.divided_ranks.rules import DividedRanksRules

    return DividedRanksRules()


_REGISTRY: dict[str, Callable[[], Rules[Any, Any]]] = {"divided-ranks": _divided_ranks}


def names() -> list[str]:
    """Short names of the games that :func:`load` knows."""
    return sorted(_REGISTRY)


def load(name: str, **rule_options: object) -> Game[Any, Any]:
    """The game called ``name`` with the given rule options (validated)."""
    try:
        factory = _REGISTRY[name]
    except KeyError:
        raise RuleOptionError(f"unknown game {name!r}; known games: {', '.join(names())}") from None
    return Game(factory(), rule_options)


def replay(record: GameRecord) -> State[Any, Any]:
    """The state a game record describes (every action checked on the way)."""
    return load(record.game, **record.options).replay(record)


__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Game",
    "GameInfo",
    "GameRecord",
    "RuleOption",
    "Rules",
    "State",
    "load",
    "names",
    "replay",
]
