"""What the lab asks of a game: its *lab room* (metrics declared once, facts, roles, words, plots).

The lab itself is generic: every game gets, from the returns, the seats, ``Result.places`` and
the roles its lab room names, the results by bot and by seat, head-to-head (two players) or the
score against the field (more), role edges, game length, draws and ratings (see
:mod:`divided.sim.metrics`). A game adds its own metrics through a :class:`LabRoom` registered
here by game id, lazily (``"module:attribute"``, imported on first use), as
:mod:`divided.games` does for rules; a game without one gets :data:`PLAIN` (generic metrics
only).

A lab room *declares* its metrics (:class:`MetricDef`) before any game is seen, and
:meth:`LabRoom.observe` turns one game line into ``(key, value, count)`` items: a key observed
but not declared is an error (:class:`~divided.sim.plan.LabError`), never a silent "no cases".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from divided import games
from divided.errors import UnsupportedGameError
from divided.games.base import OptionValue, State
from divided.registry import Registry

if TYPE_CHECKING:
    from divided.sim.lab import Analysis, ArmResult
    from divided.sim.plan import Plan

Kind = Literal["rate", "score", "edge", "mean", "signed"]
"""A metric's kind: a rate (0-1, shown as %), a score (0-1), an edge (-1..1), a mean (>= 0) or a
signed mean (any number, e.g. chips won or lost)."""


@dataclass(frozen=True)
class MetricDef:
    """One metric, declared: its key, words, section, what it counts (``unit``) and kind.

    A metric with ``contrast = (a, b)`` is the difference of two declared means, paired unit
    by unit (it is never observed itself).
    """

    key: str
    label: str
    section: str
    unit: str
    kind: Kind
    note: str = ""
    contrast: tuple[str, str] | None = None

    @property
    def binary(self) -> bool:
        """Whether every observed value is 0 or 1 (rates get Wilson intervals)."""
        return self.kind == "rate"


@dataclass(frozen=True)
class RoleDef:
    """A seat role of a game (for example the first splitter): its key and its words.

    ``title`` names it in tables ("first splitter (splits 3 rounds)"), ``edge`` in the edge's
    label ("the first splitter"), ``headline`` in the headline ("the first splitter (three
    splits)"), ``short`` on plots ("first splitter")."""

    key: str
    title: str
    edge: str
    headline: str
    short: str


Totals = Mapping[str, tuple[float, float]]
"""Per metric key: the sum of observed values and the sum of counts, over the whole arm."""


class LabRoom(Protocol):
    """What the lab asks of one game. Every method but :meth:`metrics`, :meth:`observe` and
    :meth:`facts` has a plain default in :class:`PlainLabRoom`, which rooms may extend."""

    sections: tuple[str, ...]
    """The room's report sections, in order (shown after the generic ones)."""

    role_defs: tuple[RoleDef, ...]
    """The seat roles :meth:`roles` names."""

    def metrics(self, options: Mapping[str, OptionValue]) -> Sequence[MetricDef]:
        """Every metric the room observes under these rule options (declared once, in report
        order). Declaring a generic metric's key (e.g. ``draw``) gives it the room's words and
        place; its value still comes from the generic lab."""
        ...

    def bot_metrics(self, options: Mapping[str, OptionValue], bots: Sequence[str]) -> Sequence[MetricDef]:
        """Metrics about the arm's bots (e.g. chips won by each), declared once the bots are known;
        shown before :meth:`metrics`' own in the same sections."""
        ...

    def facts(self, state: State[Any, Any]) -> dict[str, Any]:
        """The facts of a finished game the metrics need (JSON-ready; stored in games.jsonl)."""
        ...

    def complete(self, lines: Sequence[Mapping[str, Any]]) -> None:
        """Add batch facts to a chunk of finished game lines (their ``facts`` in place)."""
        ...

    def observe(self, line: Mapping[str, Any]) -> Iterable[tuple[str, float, float]]:
        """The room's own metric items of one game line: ``(key, value, count)``."""
        ...

    def roles(self, facts: Mapping[str, Any]) -> Mapping[str, int]:
        """The seat holding each role in this game (keys of :attr:`role_defs`)."""
        ...

    def relabel(self, defs: Sequence[MetricDef], totals: Totals) -> Sequence[MetricDef]:
        """The declared metrics with words that depend on the arm's data (label and note only)."""
        ...

    def headline(self, plan: Plan, arm: ArmResult) -> list[str]:
        """The room's sentences of an arm's headline (after the generic ones)."""
        ...

    def plots(self, analysis: Analysis) -> dict[str, bytes]:
        """The room's PNG plots by file name."""
        ...


class PlainLabRoom:
    """The lab room of a game that has none: generic metrics only; facts from the game's
    :class:`~divided.games.GameRoom` (``facts(core state)``) when it has one, else none. Rooms
    may subclass it."""

    sections: tuple[str, ...] = ()
    role_defs: tuple[RoleDef, ...] = ()

    def metrics(self, options: Mapping[str, OptionValue]) -> Sequence[MetricDef]:
        return ()

    def bot_metrics(self, options: Mapping[str, OptionValue], bots: Sequence[str]) -> Sequence[MetricDef]:
        return ()

    def facts(self, state: State[Any, Any]) -> dict[str, Any]:
        name = state.game.info.short_name
        return dict(games.room(name).facts(state.core)) if _has_room(name) else {}

    def complete(self, lines: Sequence[Mapping[str, Any]]) -> None:
        return None

    def observe(self, line: Mapping[str, Any]) -> Iterable[tuple[str, float, float]]:
        return ()

    def roles(self, facts: Mapping[str, Any]) -> Mapping[str, int]:
        return {}

    def relabel(self, defs: Sequence[MetricDef], totals: Totals) -> Sequence[MetricDef]:
        return defs

    def headline(self, plan: Plan, arm: ArmResult) -> list[str]:
        return []

    def plots(self, analysis: Analysis) -> dict[str, bytes]:
        return {}


def _has_room(name: str) -> bool:
    try:
        games.room(name)
    except UnsupportedGameError:
        return False
    return True


PLAIN = PlainLabRoom()
"""The lab room of games without one of their own."""

_LAB_ROOMS: Registry[LabRoom] = Registry(
    "lab room", {"divided-ranks": "divided.sim.games.divided_ranks:LAB_ROOM",
                 "card-commons": "divided.sim.games.card_commons:LAB_ROOM",
                 "divide": "divided.sim.games.divide:LAB_ROOM",
                 **{game: f"divided.sim.games.poker:LAB_ROOMS[{game}]" for game in games.POKER}})


def lab_room(game: str) -> LabRoom:
    """The lab room of ``game`` (:data:`PLAIN` when it has none)."""
    return _LAB_ROOMS.get(game) if _LAB_ROOMS.supports(game) else PLAIN


def register(game: str, room: LabRoom | str, *, replace: bool = False) -> None:
    """Add a game's lab room at run time (an object or ``"module:attribute"``)."""
    _LAB_ROOMS.register(game, room, replace=replace)


def unregister(game: str) -> None:
    """Remove a lab room added with :func:`register`."""
    _LAB_ROOMS.unregister(game)


def names() -> list[str]:
    """The games with a lab room of their own."""
    return _LAB_ROOMS.names()
