"""Lazy registries keyed by game id: how a generic layer finds a game's parts.

Each layer (games, bots, the lab, the web app, the review, the adapters) keeps one
:class:`Registry` mapping a game id to ``"module.path:ATTRIBUTE"``. The module is imported on
first use only, so a generic module never imports a game, and a game (or a test, or a plugin)
can add its part at run time with :meth:`Registry.register`.

>>> parts = Registry("example part", {"json-game": "json:dumps"})
>>> parts.names(), parts.supports("json-game"), parts.get("json-game")([1])
(['json-game'], True, '[1]')

A family of games that differ only in data (the poker games) keeps its parts in one mapping
per layer: ``"module:ATTRIBUTE[game]"`` takes the entry ``game`` of that mapping.

>>> family = Registry("example part", {"utf-8": "encodings.aliases:aliases[utf8]"})
>>> family.get("utf-8")
'utf_8'
>>> parts.get("chess")
Traceback (most recent call last):
...
divided.errors.UnsupportedGameError: no example part for game 'chess'; games with one: json-game
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Generic, TypeVar, cast

from divided.errors import UnsupportedGameError

T = TypeVar("T")


class Registry(Generic[T]):
    """Game id -> one part of that game, imported lazily from ``"module:attribute"``."""

    def __init__(self, kind: str, entries: Mapping[str, str] | None = None) -> None:
        self.kind = kind
        self._paths: dict[str, str] = dict(entries or {})
        self._loaded: dict[str, T] = {}

    def register(self, game: str, part: T | str, *, replace: bool = False) -> None:
        """Add ``game``'s part: an object, or its ``"module:attribute"`` path (imported on use).
        Registering a game twice is an error unless ``replace``."""
        if not isinstance(game, str) or not game:
            raise UnsupportedGameError(f"a game id is a non-empty string, not {game!r}")
        if not replace and (game in self._paths or game in self._loaded):
            raise UnsupportedGameError(f"{self.kind} for game {game!r} is already registered")
        self._paths.pop(game, None)
        self._loaded.pop(game, None)
        if isinstance(part, str):
            if ":" not in part:
                raise UnsupportedGameError(f"a part's path is 'module:attribute' or 'module:attribute[key]', "
                                           f"not {part!r}")
            self._paths[game] = part
        else:
            self._loaded[game] = part

    def unregister(self, game: str) -> None:
        """Remove ``game``'s part (tests and plugins that registered one clean up with this)."""
        self._paths.pop(game, None)
        self._loaded.pop(game, None)

    def names(self) -> list[str]:
        """The game ids with a part, sorted."""
        return sorted(set(self._paths) | set(self._loaded))

    def supports(self, game: str) -> bool:
        return game in self._paths or game in self._loaded

    def get(self, game: str) -> T:
        """``game``'s part (imported on first use); an unknown game raises
        :class:`UnsupportedGameError` naming the games that have one."""
        if game in self._loaded:
            return self._loaded[game]
        try:
            path = self._paths[game]
        except KeyError:
            known = ", ".join(self.names()) or "none"
            raise UnsupportedGameError(f"no {self.kind} for game {game!r}; games with one: {known}") from None
        module, _, attribute = path.partition(":")
        attribute, _, key = attribute.partition("[")
        found = getattr(importlib.import_module(module), attribute)
        part = cast(T, found[key.removesuffix("]")] if key else found)
        self._loaded[game] = part
        return part

    def __repr__(self) -> str:
        return f"Registry({self.kind!r}, {self.names()!r})"

