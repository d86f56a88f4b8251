"""Versions of a game's action numbering in stored records, and the upgrade of older records.

A record (:class:`~divided.games.base.GameRecord`) holds action numbers, and a game may
renumber its actions (the poker games did when the draw games arrived). A game that
renumbered registers a :class:`Numbering` here, by game id (imported lazily, like every part):
its current version, how an older version's numbers map to today's, and which version a
record stored before versions were kept is in. A game without an entry has one numbering,
version 1. Whoever stores records (the web store) stores each with :func:`current_version` and
reads it back through :func:`upgrade`, so a new record is never guessed at.

>>> from divided.games.base import GameRecord
>>> current_version("divided-ranks"), current_version("five-card-draw")
(1, 2)
>>> old = GameRecord("five-card-draw", {"structure": "pot"}, 1, (0, 5, 452))
>>> upgrade(old, 1).actions  # raise-to 12 chips: 440 + 12 then, 1024 + 12 now
(0, 5, 1036)
>>> upgrade(old, 3)
Traceback (most recent call last):
...
divided.errors.RecordVersionError: the five-card-draw record was written with action numbering version 3; this version reads versions 1 to 2
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from divided.errors import RecordVersionError
from divided.games import POKER
from divided.games.base import GameRecord, State
from divided.registry import Registry

Agrees = Callable[[State[Any, Any]], bool]
"""Whether a replayed game's end agrees with what its store kept of the game (its result)."""

FIRST_VERSION = 1
"""The version of a game's first numbering (every game without a :class:`Numbering` entry)."""


class Numbering(Protocol):
    """A game's action numberings over time."""

    @property
    def current(self) -> int:
        """The version records are written in now (above :data:`FIRST_VERSION` once renumbered)."""
        ...

    def action_map(self, version: int) -> Callable[[int], int]:
        """Today's number of an action numbered as in ``version`` (an older version; the
        renumberings so far map numbers one by one, whatever the position)."""
        ...

    def version_of(self, record: GameRecord, over: bool | None, agrees: Agrees | None) -> int:
        """The version of a record stored without one, from the record itself (``over``:
        whether the stored game had ended, when known; ``agrees``: whether a replayed end
        agrees with what was stored of it, when more than one version replays);
        :class:`RecordVersionError` when the record fits no version, or more than one."""
        ...


_NUMBERINGS: Registry[Numbering] = Registry(
    "action numbering", {game: f"divided.games.poker.numbering:NUMBERINGS[{game}]" for game in POKER})


def current_version(game: str) -> int:
    """The numbering version records of ``game`` are written in now."""
    return _NUMBERINGS.get(game).current if _NUMBERINGS.supports(game) else FIRST_VERSION


def action_map(game: str, version: int) -> Callable[[int], int]:
    """Today's number of an action of ``game`` stored under numbering ``version``
    (:class:`RecordVersionError` for a version this code does not know)."""
    current = current_version(game)
    if version == current:
        return _same
    if not FIRST_VERSION <= version < current:
        known = f"versions {FIRST_VERSION} to {current}" if current > FIRST_VERSION else f"version {current} only"
        raise RecordVersionError(f"the {game} record was written with action numbering version {version}; "
                                 f"this version reads {known}")
    return _NUMBERINGS.get(game).action_map(version)


def version_of(record: GameRecord, over: bool | None = None, agrees: Agrees | None = None) -> int:
    """The version of a record stored before versions were kept (see :meth:`Numbering.version_of`)."""
    if not _NUMBERINGS.supports(record.game):
        return FIRST_VERSION
    return _NUMBERINGS.get(record.game).version_of(record, over, agrees)


def upgrade(record: GameRecord, version: int | None, over: bool | None = None) -> GameRecord:
    """``record`` in today's numbering: stored under ``version`` (``None``: stored before
    versions were kept, found out by :func:`version_of`; ``over`` helps it). Raises
    :class:`RecordVersionError`, naming the reason, for a record this version cannot read."""
    if version is None:
        version = version_of(record, over)
    number = action_map(record.game, version)
    if number is _same:
        return record
    return replace(record, actions=tuple(number(action) for action in record.actions))


def _same(action: int) -> int:
    return action
