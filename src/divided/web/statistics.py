"""The history's statistics: every game measured its own way, found through its web room.

A web room may give a ``statistics`` attribute, a :class:`Measure`; a game without one is
measured by :data:`WIN_RATE` (wins, draws and losses, the win rate with a 95% Wilson interval).
Statistics are grouped by game first, then by bots and options, and no figure mixes two games:
a two-player game's win rate and a six-player game's are not the same thing.

>>> WIN_RATE.kind, Places().kind
('win-rate', 'places')
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from divided.games.base import OptionValue
from divided.web import games as web_games
from divided.web.store import FinishedGame

JSON = dict[str, Any]
Z_95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


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


def _pct(x: float) -> str:
    return f"{x * 100:.0f}%"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True, slots=True)
class ChartPoint:
    """One finished game on a chart: ``level`` where its dot goes and ``line`` the running
    figure after it, both from 0 (bottom) to 1 (top); ``mark`` names the dot's style."""

    id: str
    mark: str
    level: float
    line: float
    extra: tuple[tuple[str, Any], ...] = ()

    def to_dict(self, number: int) -> JSON:
        return {"number": number, "id": self.id, "mark": self.mark, "level": self.level, "line": self.line,
                **dict(self.extra)}


@dataclass(frozen=True, slots=True)
class Chart:
    """The results of one game (one table size) over time, oldest first."""

    title: str
    points: tuple[ChartPoint, ...]
    ticks: tuple[tuple[float, str], ...]
    """Labels of the vertical axis: (level, words)."""
    caption: str
    """What the dots and the line mean, in words."""
    summary: str
    """One sentence for a screen reader: the game, how many games, where the line ends."""

    def to_dict(self) -> JSON:
        return {"title": self.title, "points": [p.to_dict(n) for n, p in enumerate(self.points, start=1)],
                "ticks": [{"level": level, "label": label} for level, label in self.ticks],
                "caption": self.caption, "summary": self.summary}


class Measure(ABC):
    """How one game's results are counted: the figures of a group of its finished games (the
    same bots and options), the columns the history shows, and its charts."""

    kind: str = ""
    label: str = ""
    """The measure in words ("Win rate")."""
    note: str = ""
    """What the figures mean, one or two sentences under the game's table."""
    grouped_by: tuple[str, ...] = ()
    """Rule options every row names even at their default (a table size)."""
    varies: tuple[str, ...] = ()
    """Rule options that change from game to game of one sitting (a poker hand's stacks and
    button): rows never name them, so the hands of one kind of table are counted together."""

    @abstractmethod
    def figures(self, finished: Sequence[FinishedGame]) -> JSON:
        """The measure's figures of one group of games (at least one game)."""

    @abstractmethod
    def headings(self) -> tuple[str, ...]:
        """The history table's columns after Bot, Rules and Games."""

    @abstractmethod
    def cells(self, figures: Mapping[str, Any]) -> tuple[str, ...]:
        """The figures in words, one per heading."""

    @abstractmethod
    def charts(self, title: str, finished: Sequence[FinishedGame],
               words: Callable[[Sequence[tuple[str, OptionValue]]], str]) -> list[Chart]:
        """The charts of one game's finished games, oldest first (``title``: the game's name;
        ``words``: options in the lobby's words)."""

    def place_of(self, game: FinishedGame) -> int | None:
        """The human's place in a finished game (1 = first), from its summary's ``places``."""
        places = (game.summary or {}).get("places")
        if isinstance(places, list) and 0 <= game.seat < len(places):
            return int(places[game.seat])
        return None

    def result_words(self, game: FinishedGame) -> str | None:
        """One finished game's result in the measure's own words for the history's Result
        column (``None``: the shell's won / lost / drawn)."""
        return None

    def describe(self) -> JSON:
        return {"kind": self.kind, "label": self.label, "note": self.note, "headings": list(self.headings())}


def _results(finished: Sequence[FinishedGame]) -> JSON:
    return {"games": len(finished), "wins": sum(g.result == "win" for g in finished),
            "draws": sum(g.result == "draw" for g in finished),
            "losses": sum(g.result not in ("win", "draw") for g in finished)}


class WinRate(Measure):
    """Wins out of games, with a 95% Wilson interval (a draw is not a win): for two players."""

    kind = "win-rate"
    label = "Win rate"
    note = ("Win rate counts wins only (a draw is not a win). The range is a 95% Wilson interval: "
            "with few games it is wide.")

    def figures(self, finished: Sequence[FinishedGame]) -> JSON:
        counts = _results(finished)
        low, high = wilson_interval(counts["wins"], counts["games"])
        return {**counts, "win_rate": counts["wins"] / counts["games"] if counts["games"] else None,
                "interval": {"low": low, "high": high, "level": 0.95, "method": "wilson"}}

    def headings(self) -> tuple[str, ...]:
        return ("Won", "Drawn", "Lost", "Win rate", "95% interval")

    def cells(self, figures: Mapping[str, Any]) -> tuple[str, ...]:
        rate, interval = figures["win_rate"], figures["interval"]
        return (str(figures["wins"]), str(figures["draws"]), str(figures["losses"]),
                "" if rate is None else _pct(rate), f"{_pct(interval['low'])}\u2013{_pct(interval['high'])}")

    def charts(self, title: str, finished: Sequence[FinishedGame],
               words: Callable[[Sequence[tuple[str, OptionValue]]], str]) -> list[Chart]:
        if not finished:
            return []
        points, wins = [], 0
        for number, game in enumerate(finished, start=1):
            wins += game.result == "win"
            points.append(ChartPoint(game.id, game.result, {"win": 1.0, "draw": 0.5}.get(game.result, 0.0),
                                     wins / number, (("result", game.result), ("wins_so_far", wins),
                                                     ("win_rate_so_far", wins / number))))
        n = len(points)
        return [Chart(title, tuple(points), ((0.0, "0%"), (0.5, "50%"), (1.0, "100%")),
                      "Each dot is a game, oldest on the left: top for a win, middle for a draw, bottom for a "
                      "loss. The line is your running win rate.",
                      f"{title}: results of {n} finished game{'s' if n != 1 else ''}, oldest first; "
                      f"running win rate ends at {points[-1].line:.0%}.")]


PointsReader = Callable[[Mapping[str, Any], int], float | None]
"""A game's points (or chips) for a seat, read from a finished game's stored summary."""
PlaceReader = Callable[[Mapping[str, Any], int], int | None]
"""A seat's place, read from a stored summary that has no ``places`` (stored by an older version)."""


class Places(Measure):
    """For more than two players: how often you finish 1st, your average place and (when the
    game says how to read them) your points a game, grouped by the number of players.

    ``players_option``: the rule option that sets the table size (rows and charts always name
    it). A game's place is read from its summary's ``places`` (by seat), else by ``place``.
    """

    kind = "places"
    label = "Average place"
    note = ("1st place counts a shared first place too. Average place: 1 is first every time; a "
            "player finishing at random would average the middle of the table. A 4-player table and a "
            "6-player table are never counted together.")

    def __init__(self, players_option: str | None = None, points: PointsReader | None = None,
                 place: PlaceReader | None = None) -> None:
        self.grouped_by = () if players_option is None else (players_option,)
        self.points = points
        self.place = place

    def place_of(self, game: FinishedGame) -> int | None:
        found = super().place_of(game)
        if found is not None or self.place is None:
            return found
        return self.place(game.summary or {}, game.seat)

    def figures(self, finished: Sequence[FinishedGame]) -> JSON:
        counts = _results(finished)
        places = [p for p in map(self.place_of, finished) if p is not None]
        points = [] if self.points is None else [
            p for p in (self.points(g.summary or {}, g.seat) for g in finished) if p is not None]
        tally: dict[str, int] = {}
        for place in sorted(places):
            tally[str(place)] = tally.get(str(place), 0) + 1
        players = sorted({len(g.bots) for g in finished})
        return {**counts, "players": players, "places": tally,
                "first": sum(p == 1 for p in places),
                "average_place": sum(places) / len(places) if places else None,
                "average_points": sum(points) / len(points) if points else None}

    def headings(self) -> tuple[str, ...]:
        return ("1st place", "Average place", "Points a game") if self.points else ("1st place", "Average place")

    def cells(self, figures: Mapping[str, Any]) -> tuple[str, ...]:
        average, points = figures["average_place"], figures["average_points"]
        players = figures["players"]
        of = f" of {players[0]}" if len(players) == 1 else ""
        out = (f"{figures['first']} of {figures['games']}",
               "unknown" if average is None else f"{average:.1f}{of}")
        return (*out, "unknown" if points is None else f"{points:.1f}") if self.points else out

    def charts(self, title: str, finished: Sequence[FinishedGame],
               words: Callable[[Sequence[tuple[str, OptionValue]]], str]) -> list[Chart]:
        by_size: dict[int, list[FinishedGame]] = {}
        for game in finished:
            by_size.setdefault(len(game.bots), []).append(game)
        out = []
        for size, group in sorted(by_size.items()):
            def level(place: float, size: int = size) -> float:
                return (size - place) / (size - 1) if size > 1 else 1.0

            points, total, counted = [], 0, 0
            for game in group:
                place = self.place_of(game)
                if place is None:
                    continue
                total, counted = total + place, counted + 1
                points.append(ChartPoint(game.id, "first" if place == 1 else "place", level(place),
                                         level(total / counted), (("result", game.result), ("place", place),
                                                                  ("average_place_so_far", total / counted))))
            if not points:
                continue
            name = f"{title}, {size} players"
            n = len(points)
            out.append(Chart(name, tuple(points), tuple((level(p), ordinal(p)) for p in (size, 1)),
                             "Each dot is a game, oldest on the left, at the place you finished (1st at the "
                             "top). The line is your running average place.",
                             f"{name}: your places in {n} finished game{'s' if n != 1 else ''}, oldest first; "
                             f"running average place ends at {total / counted:.1f}."))
        return out


def chips_of(game: FinishedGame) -> float | None:
    """The human's chips won (lost: negative) in a finished poker hand, from its summary."""
    text = (game.summary or {}).get("returns")
    if not isinstance(text, str):
        return None
    try:
        returns = [float(part) for part in text.split("/")]
    except ValueError:
        return None
    return returns[game.seat] if 0 <= game.seat < len(returns) else None


def big_bet_of(game: FinishedGame) -> float | None:
    """The big bet of a finished poker hand (its summary's, else its options')."""
    value = (game.summary or {}).get("big_bet", game.options.get("big_bet"))
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) and value > 0 else None


def mean_interval(values: Sequence[float], z: float = Z_95) -> tuple[float, float | None, float | None]:
    """The mean of ``values`` with its normal 95% interval (``None`` with fewer than two values)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, None, None
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    margin = z * math.sqrt(variance / n)
    return mean, mean - margin, mean + margin


class BigBets(Measure):
    """Poker: chips won and big bets won per 100 hands with a 95% interval (a hand is one
    game; wins mean little when most hands are folded), grouped by table size."""

    kind = "big-bets"
    label = "Big bets per 100 hands"
    note = ("Each hand counts once. Big bets per 100 hands is your average result per hand in big bets, "
            "times 100; the range is its 95% interval (mean ± 1.96 standard errors): with few hands it "
            "is wide. Broke players rebuy, so the chips are the sum of every hand's result.")
    grouped_by = ("players",)
    varies = ("stacks", "first_dealer")

    def figures(self, finished: Sequence[FinishedGame]) -> JSON:
        counts = _results(finished)
        chips, per_hand = [], []
        for game in finished:
            won, big = chips_of(game), big_bet_of(game)
            if won is None or big is None:
                continue
            chips.append(won)
            per_hand.append(won / big)
        out: JSON = {**counts, "hands": len(per_hand), "chips": sum(chips) if chips else 0,
                     "bb_per_100": None, "interval": None}
        if per_hand:
            mean, low, high = mean_interval(per_hand)
            out["bb_per_100"] = mean * 100
            if low is not None and high is not None:
                out["interval"] = {"low": low * 100, "high": high * 100, "level": 0.95, "method": "normal"}
        return out

    def headings(self) -> tuple[str, ...]:
        return ("Hands", "Chips won", "Big bets per 100 hands", "95% interval")

    def result_words(self, game: FinishedGame) -> str | None:
        """The chips the hand won or lost ("+4 chips", "-200 chips", "Even"), not who won."""
        won = chips_of(game)
        if won is None:
            return None
        if won == 0:
            return "Even"
        return f"{won:+.0f} chip{'' if abs(won) == 1 else 's'}".replace("-", "\u2212")

    def cells(self, figures: Mapping[str, Any]) -> tuple[str, ...]:
        rate, interval = figures["bb_per_100"], figures["interval"]
        chips = figures["chips"]
        return (str(figures["hands"]), f"{chips:+.0f}" if chips else "0",
                "" if rate is None else f"{rate:+.1f}",
                "needs 2 hands" if interval is None else f"{interval['low']:+.1f} to {interval['high']:+.1f}")

    def charts(self, title: str, finished: Sequence[FinishedGame],
               words: Callable[[Sequence[tuple[str, OptionValue]]], str]) -> list[Chart]:
        results = [(game, chips_of(game)) for game in finished]
        known = [(game, won) for game, won in results if won is not None]
        if not known:
            return []
        running, totals = 0.0, []
        for _, won in known:
            running += won
            totals.append(running)
        scale = max(1.0, max(abs(t) for t in totals), max(abs(w) for _, w in known))

        def level(chips: float) -> float:
            return 0.5 + chips / (2 * scale)

        points = tuple(ChartPoint(game.id, "win" if won > 0 else "loss" if won < 0 else "draw", level(won),
                                  level(total), (("chips", won), ("chips_so_far", total)))
                       for (game, won), total in zip(known, totals, strict=True))
        n = len(points)
        return [Chart(title, points, ((0.0, f"{-scale:+.0f}"), (0.5, "0"), (1.0, f"{scale:+.0f}")),
                      "Each dot is a hand, oldest on the left, at the chips you won or lost in it. The line "
                      "is your running total of chips.",
                      f"{title}: {n} hand{'s' if n != 1 else ''}, oldest first; your running total ends at "
                      f"{totals[-1]:+.0f} chips.")]


WIN_RATE = WinRate()
"""The measure of a game whose web room names none."""


def measure_of(game: str) -> Measure:
    """The measure of ``game``: its web room's ``statistics``, else :data:`WIN_RATE`."""
    if not web_games.ROOMS.supports(game):
        return WIN_RATE
    found = getattr(web_games.room(game), "statistics", None)
    return found if isinstance(found, Measure) else WIN_RATE


__all__ = ["WIN_RATE", "BigBets", "Chart", "ChartPoint", "Measure", "Places", "WinRate", "measure_of", "ordinal",
           "wilson_interval"]
