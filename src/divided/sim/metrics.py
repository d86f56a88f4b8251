"""The lab's metrics: generic ones every game gets, plus those its lab room declares.

Every metric is a :class:`~divided.sim.stats.Ratio` over the run's error-bar units (deals in
the duplicate format, or games without it), or a contrast of two; :mod:`divided.sim.stats`
turns it into an estimate with a 95% interval. Metrics of two arms measured on the same units
can be subtracted deal by deal (:func:`compare`).

Generic metrics, from each game's returns (its places), seats and the roles its lab room
names (:mod:`divided.sim.games`):

* a seat's **score**: the share of the other players it finished ahead of, a tie counting half
  (with two players: a win 1, a draw 0.5, a loss 0); a seat **wins** when it alone is first,
  **draws** when it shares first place, else loses;
* head to head (two players, two bots): the first bot's score against the second; with more
  players, each bot's score against the field;
* results by bot and by seat; for each role, its results and its *edge*: the role's score
  minus the mean score of the other seats (+1 if the role always wins a two-player game);
* draws (every seat first) and game length (moves made by the players).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from divided.games.base import OptionValue, Result
from divided.sim.games import PLAIN, Kind, LabRoom, MetricDef
from divided.sim.plan import LabError
from divided.sim.stats import Contrast, Interval, Measure, Ratio, difference, estimate

SECTIONS_BEFORE = ("Head to head", "Results by bot", "Results by seat", "Seat roles")
"""Generic report sections shown before a game's own."""
SECTIONS_AFTER = ("Game",)
"""Generic report sections shown after a game's own."""
OUTCOMES = ("win", "draw", "loss")


def sections(room: LabRoom) -> tuple[str, ...]:
    """Every report section, in order, for a game with lab room ``room``."""
    return tuple(dict.fromkeys((*SECTIONS_BEFORE, *room.sections, *SECTIONS_AFTER)))


@dataclass(frozen=True)
class Metric:
    """One metric of one arm: what it is, and its measure on the run's units."""

    key: str
    label: str
    section: str
    unit: str
    kind: Kind
    measure: Measure
    note: str = ""

    @property
    def bounds(self) -> tuple[float, float]:
        """The values the metric can take."""
        if self.kind == "edge":
            return (-1.0, 1.0)
        if self.kind == "signed":
            return (-float("inf"), float("inf"))
        return (0.0, float("inf")) if self.kind == "mean" else (0.0, 1.0)

    @property
    def interval(self) -> Interval:
        return estimate(self.measure, bounds=self.bounds)


@dataclass(frozen=True)
class Difference:
    """A metric in two arms and the paired difference (variant - baseline)."""

    metric: Metric
    baseline: Interval
    variant: Interval
    change: Interval


def unit_of(line: Mapping[str, Any]) -> int:
    """The error-bar unit of a game line: its deal, or its own number."""
    pair = line.get("pair")
    return int(pair) if pair is not None else int(line["index"])


def units_of(*arms: Iterable[Mapping[str, Any]]) -> list[int]:
    """The sorted units of one or more arms (the common axis for paired comparisons)."""
    return sorted({unit_of(line) for lines in arms for line in lines})


def places_of(line: Mapping[str, Any]) -> tuple[int, ...]:
    """Each seat's place in a game line (1 = first; from its returns when it has no places)."""
    places = line.get("places")
    if places is not None:
        return tuple(int(p) for p in places)
    return Result.from_returns([float(r) for r in line["returns"]]).places


def seat_scores(places: Sequence[int]) -> list[float]:
    """Each seat's score: the share of the other seats it finished ahead of, ties half.

    >>> seat_scores([1, 2]), seat_scores([1, 1]), seat_scores([2, 1, 2])
    ([1.0, 0.0], [0.5, 0.5], [0.25, 1.0, 0.25])
    """
    others = len(places) - 1
    if others < 1:
        return [0.5] * len(places)
    return [(sum(p > mine for p in places) + 0.5 * (sum(p == mine for p in places) - 1)) / others
            for mine in places]


def outcome_of(places: Sequence[int], seat: int) -> str:
    """``win`` (alone in first place), ``draw`` (first place shared) or ``loss``."""
    if places[seat] != 1:
        return "loss"
    return "win" if sum(p == 1 for p in places) == 1 else "draw"


class _Sums:
    """Per-unit numerators and denominators of many metrics, filled game by game."""

    def __init__(self, units: Sequence[int]) -> None:
        identity = isinstance(units, range) and units.start == 0 and units.step == 1
        self.position = None if identity else {unit: i for i, unit in enumerate(units)}
        self.size = len(units)
        self.num: dict[str, np.ndarray[Any, np.dtype[np.float64]]] = {}
        self.den: dict[str, np.ndarray[Any, np.dtype[np.float64]]] = {}

    def add(self, key: str, unit: int, value: float, count: float = 1.0) -> None:
        if key not in self.num:
            self.num[key] = np.zeros(self.size)
            self.den[key] = np.zeros(self.size)
        where = unit if self.position is None else self.position[unit]
        self.num[key][where] += value
        self.den[key][where] += count

    def ratio(self, key: str, binary: bool) -> Ratio:
        zeros = np.zeros(self.size)
        return Ratio(self.num.get(key, zeros), self.den.get(key, zeros), binary)

    def totals(self) -> dict[str, tuple[float, float]]:
        return {key: (float(self.num[key].sum()), float(self.den[key].sum())) for key in self.num}


def bots_of(lines: Sequence[Mapping[str, Any]]) -> list[str]:
    """The bots of an arm, in order of first appearance, seat by seat."""
    seen: list[str] = []
    for line in lines:
        for bot in line["seats"]:
            if bot not in seen:
                seen.append(bot)
    return seen


def measure(lines: Sequence[Mapping[str, Any]], units: Sequence[int] | None = None,
            bots: Sequence[str] | None = None, *, room: LabRoom = PLAIN,
            options: Mapping[str, OptionValue] | None = None) -> list[Metric]:
    """Every metric of one arm's games, on ``units`` (default: the arm's own units)."""
    players = max((len(line["seats"]) for line in lines), default=2)
    tally = Tally(units if units is not None else units_of(lines), bots if bots is not None else bots_of(lines),
                  room=room, options=options or {}, players=players)
    for line in lines:
        tally.add(line)
    return tally.metrics()


def generic_defs(bots: Sequence[str], players: int, room: LabRoom) -> tuple[list[MetricDef], list[MetricDef]]:
    """The generic metrics of an arm: those shown before the room's and those after."""
    before: list[MetricDef] = []
    if players == 2 and len(bots) == 2:
        a, b = bots
        before.append(MetricDef("head-to-head", f"{a}'s score against {b} (win 1, draw 1/2, loss 0)",
                                "Head to head", "games", "score",
                                "0.5 means even; the interval comes from the variance between deal pairs"))
    if players > 2 and len(bots) >= 2:
        for bot in bots:
            before.append(MetricDef(
                f"field.{bot}", f"{bot}'s score against the field (each other player beaten 1, tied 1/2)",
                "Head to head", "seats", "score", "0.5 means even with the field"))
    if len(bots) >= 2:
        for bot in bots:
            for outcome in OUTCOMES:
                before.append(MetricDef(f"bot.{bot}.{outcome}", f"{bot}: {outcome} rate", "Results by bot", "games"
                                        if players == 2 else "seats", "rate"))
    for seat in range(players):
        for outcome in OUTCOMES:
            before.append(MetricDef(f"seat.{seat}.{outcome}", f"seat {seat}: {outcome} rate", "Results by seat",
                                    "games", "rate"))
        before.append(MetricDef(f"seat.{seat}.score", f"seat {seat}: score", "Results by seat", "games", "score"))
    for role in room.role_defs:
        for outcome in OUTCOMES:
            before.append(MetricDef(f"role.{role.key}.{outcome}", f"{role.title}: {outcome} rate", "Seat roles",
                                    "games", "rate"))
    others = "the other's" if players == 2 else "the others' mean"
    for role in room.role_defs:
        before.append(MetricDef(f"edge.{role.key}", f"edge of {role.edge} (its score minus {others})",
                                "Seat roles", "games", "edge"))
    after = [MetricDef("draw", "drawn (every player first)", "Game", "games", "rate"),
             MetricDef("length", "game length (moves by the players)", "Game", "games", "mean")]
    return before, after


class Tally:
    """The metric sums of one arm, filled game by game.

    Only per-unit sums are kept (about 1 KB per deal), so a run of any length can be analysed
    without holding its games in memory. The sums are of multiples of 1/2 (or of a few
    multiples of 1/(players - 1)), so the order in which games arrive does not change them.
    """

    def __init__(self, units: Sequence[int], bots: Sequence[str], *, room: LabRoom = PLAIN,
                 options: Mapping[str, OptionValue] | None = None, players: int = 2) -> None:
        self.sums = _Sums(units)
        self.bots = list(bots)
        self.room = room
        self.players = players
        self.games = 0
        own = [*room.bot_metrics(options or {}, self.bots), *room.metrics(options or {})]
        keys = [d.key for d in own]
        if len(set(keys)) != len(keys):
            raise LabError(f"the lab room declares a metric twice: {sorted(k for k in keys if keys.count(k) > 1)}")
        self.before, self.after = generic_defs(self.bots, players, room)
        generic = {d.key for d in (*self.before, *self.after)}
        self.own = own
        self.observable = {d.key for d in own if d.key not in generic and d.contrast is None}
        self.role_keys = {role.key for role in room.role_defs}
        self._keys: dict[tuple[str, str], tuple[str, ...]] = {}

    def _outcome_keys(self, kind: str, name: str) -> tuple[str, ...]:
        """The win, draw and loss keys of a bot, seat or role (made once: the tally is hot)."""
        keys = self._keys.get((kind, name))
        if keys is None:
            keys = self._keys[(kind, name)] = tuple(f"{kind}.{name}.{outcome}" for outcome in OUTCOMES)
        return keys

    def add(self, line: Mapping[str, Any]) -> None:
        """Count one game (a line of ``games.jsonl``, or one with its seats, returns and facts)."""
        sums, unit = self.sums, unit_of(line)
        seats: list[str] = list(line["seats"])
        places = places_of(line)
        if len(places) != len(seats) or len(seats) != self.players:
            raise LabError(f"game {line.get('index')} has {len(seats)} seats and {len(places)} places; "
                           f"this arm has {self.players} players")
        scores = seat_scores(places)
        bots = self.bots
        if self.players == 2 and len(bots) == 2 and bots[0] in seats and bots[1] in seats:
            sums.add("head-to-head", unit, scores[seats.index(bots[0])])
        for seat, bot in enumerate(seats):
            outcome = outcome_of(places, seat)
            if self.players > 2:
                sums.add(f"field.{bot}", unit, scores[seat])
            for name, bot_key, seat_key in zip(OUTCOMES, self._outcome_keys("bot", bot),
                                               self._outcome_keys("seat", str(seat)), strict=True):
                sums.add(bot_key, unit, float(outcome == name))
                sums.add(seat_key, unit, float(outcome == name))
            sums.add(f"seat.{seat}.score", unit, scores[seat])
        facts = line.get("facts") or {}
        for role, seat in self.room.roles(facts).items():
            if role not in self.role_keys:
                raise LabError(f"the lab room names role {role!r}, which it does not declare")
            outcome = outcome_of(places, seat)
            for name, key in zip(OUTCOMES, self._outcome_keys("role", role), strict=True):
                sums.add(key, unit, float(outcome == name))
            rest = [s for i, s in enumerate(scores) if i != seat]
            sums.add(f"edge.{role}", unit, scores[seat] - sum(rest) / len(rest))
        sums.add("draw", unit, float(all(p == 1 for p in places)))
        if line.get("moves") is not None:
            sums.add("length", unit, float(line["moves"]))
        for key, value, count in self.room.observe(line):
            if key not in self.observable:
                raise LabError(f"the lab room of this game observed metric {key!r}, which it does not declare "
                               "(declare every metric in its metrics())")
            sums.add(key, unit, value, count)
        self.games += 1

    def metrics(self) -> list[Metric]:
        """Every metric of the games counted so far."""
        own_keys = {d.key for d in self.own}
        defs = [*(d for d in self.before if d.key not in own_keys), *self.own,
                *(d for d in self.after if d.key not in own_keys)]
        if "length" not in self.sums.num:  # no game yet, or lines written before the lab counted moves
            defs = [d for d in defs if d.key != "length"]
        relabelled = list(self.room.relabel(defs, self.sums.totals()))
        if [(d.key, d.kind, d.contrast) for d in relabelled] != [(d.key, d.kind, d.contrast) for d in defs]:
            raise LabError("a lab room's relabel may change a metric's words only")
        out: list[Metric] = []
        by_key: dict[str, Measure] = {}
        for d in relabelled:
            if d.contrast is not None:
                first, second = d.contrast
                measure_: Measure = Contrast(by_key[first], by_key[second])
            else:
                measure_ = self.sums.ratio(d.key, d.binary)
            by_key[d.key] = measure_
            out.append(Metric(d.key, d.label, d.section, d.unit, d.kind, measure_, d.note))
        return out


def compare(baseline: Sequence[Metric], variant: Sequence[Metric]) -> list[Difference]:
    """Every metric present in both arms with the same words: its two values and the paired
    difference. (A metric whose label differs measures something else: Divided Ranks' scoring
    steps are renumbered by the ``scoring`` option, for example.)"""
    by_key = {metric.key: metric for metric in baseline}
    out = []
    for metric in variant:
        base = by_key.get(metric.key)
        if base is None or base.label != metric.label:
            continue
        span = metric.bounds[1] - metric.bounds[0]
        out.append(Difference(metric, base.interval, metric.interval,
                              difference(metric.measure, base.measure, bounds=(-span, span))))
    return out
