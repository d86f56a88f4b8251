"""The chance of winning a Card Commons match from a score: what a round's points are worth.

A round ends in one of nine outcomes: the 5-card comparison is won, tied or lost, and so is the
3-card one. Rounds are modelled as independent draws from a :class:`RoundModel` (the nine
outcomes' probabilities from the starter's side), and the match is solved by dynamic programming
over the scores with the rules' ending exactly:

* a player who alone reaches the target wins;
* when both reach it in the same round, the round's 5-card winner wins, else its 3-card winner,
  else an extra round is played (ruling C6), decided the same way, whatever the points; after
  ``max_extra_rounds`` extra rounds still level the match is a draw (the engine's cap);
* the next round's starter follows the rule option (``leader``: the player with more points,
  when level the one who did not start; ``alternate``), which matters because the model gives
  the starter its measured edge.

Values are the chance of winning the match, a draw counting a half (the returns' +1/0/-1 mapped
onto 1/0.5/0).

**The model** (:data:`ROUND_MODEL`) was measured by ``scripts/card_commons_round_model.py
--rounds 3000 --seed 1`` on 2026-12-01 (about 4 minutes; run twice, the second time on the final
build code, with the same counts): 3,000 fresh rounds drafted with uniformly random
legal turn actions and keep decisions, then built by both players with
:func:`divided.bots.card_commons.build.best_build` aiming at points (the build game's own
equilibrium over random deals). The counts, from the starter's side ``[five][three]`` (win, tie,
lose), are in :data:`ROUND_COUNTS`; the largest 95% margin of a cell is 1.7 points of
percentage. The starter wins the 5-card comparison 45.5% of the time and loses it 43.9% (ties
10.5%); the 3-card comparison 49.2% against 49.1% (ties 1.7%); and the two comparisons pull
against each other (a split that wins one tends to lose the other: 36.1% and 35.1% of rounds are
split that way). Skilled drafting would change the figures; re-measure with a skilled bot's
drafts once there is one.

>>> round(win_probability(0, 0), 3) == round(1 - win_probability(0, 0, i_start=False), 3)
True
>>> win_probability(4, 0) > win_probability(3, 0) > win_probability(0, 0)
True
>>> situation = Situation(my_score=4, their_score=2)
>>> [round(v, 3) for v in round_payoffs(situation)[LOSE]]  # the 5-card hand lost: the 3-card point still wins
[1.0, 0.0, 0.0]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from divided.games.card_commons.view import PlayerView

WIN, TIE, LOSE = 0, 1, 2
"""Outcome of one comparison from one player's side (indices of the 3 x 3 tables)."""

FIVE_POINTS = 2
THREE_POINTS = 1
DRAW_VALUE = 0.5
"""A drawn match (the extra-round cap) counts as half a win."""

Table = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]
"""A 3 x 3 table indexed ``[five][three]`` by :data:`WIN`, :data:`TIE`, :data:`LOSE`."""


@dataclass(frozen=True, slots=True)
class RoundModel:
    """The probabilities of a round's nine outcomes from the starter's side: ``starter[five][three]``
    with the comparisons indexed by :data:`WIN`, :data:`TIE`, :data:`LOSE` for the starter."""

    starter: Table

    def __post_init__(self) -> None:
        cells = [p for row in self.starter for p in row]
        if len(self.starter) != 3 or any(len(row) != 3 for row in self.starter):
            raise ValueError("a round model is a 3 x 3 table")
        if min(cells) < 0 or abs(sum(cells) - 1.0) > 1e-9:
            raise ValueError(f"a round model's nine probabilities must be non-negative and sum to 1; got {cells}")

    def side(self, starts: bool) -> Table:
        """The nine outcomes' probabilities from one player's side: the starter's table, or its
        mirror (a win of the starter is a loss of the other) for the other player."""
        if starts:
            return self.starter
        t = self.starter
        return ((t[2][2], t[2][1], t[2][0]), (t[1][2], t[1][1], t[1][0]), (t[0][2], t[0][1], t[0][0]))

    @classmethod
    def from_counts(cls, counts: tuple[tuple[int, int, int], ...]) -> RoundModel:
        """The model of counted rounds (the starter's side, ``[five][three]``)."""
        total = sum(sum(row) for row in counts)
        rows = tuple(tuple(c / total for c in row) for row in counts)
        return cls(rows)  # type: ignore[arg-type]

    @classmethod
    def symmetric(cls, five_tie: float = 0.0, three_tie: float = 0.0) -> RoundModel:
        """A model with no starter edge and independent comparisons (for tests and what-ifs)."""
        five = ((1 - five_tie) / 2, five_tie, (1 - five_tie) / 2)
        three = ((1 - three_tie) / 2, three_tie, (1 - three_tie) / 2)
        rows = tuple(tuple(f * t for t in three) for f in five)
        return cls(rows)  # type: ignore[arg-type]


ROUND_COUNTS = ((265, 19, 1082), (156, 4, 156), (1054, 29, 235))
"""The measured rounds (see the module's docstring), the starter's side ``[five][three]``."""

ROUND_MODEL = RoundModel.from_counts(ROUND_COUNTS)
"""The nine outcomes' frequencies in :data:`ROUND_COUNTS`."""


@dataclass(frozen=True, slots=True)
class Situation:
    """Where the match stands as a round is played, from one player's side.

    ``extra`` says this round is an extra round (ruling C6); ``extra_rounds`` counts the extra
    rounds started so far (this one included)."""

    my_score: int
    their_score: int
    target: int = 5
    i_start: bool = True
    next_starter: str = "leader"
    extra: bool = False
    extra_rounds: int = 0
    max_extra_rounds: int = 10

    def __post_init__(self) -> None:
        if self.next_starter not in ("leader", "alternate"):
            raise ValueError(f"next_starter is 'leader' or 'alternate', not {self.next_starter!r}")
        if self.target < 1 or self.my_score < 0 or self.their_score < 0:
            raise ValueError("scores are non-negative and the target positive")
        if not self.extra and (self.my_score >= self.target or self.their_score >= self.target):
            raise ValueError(f"a regular round is played only below the target ({self.my_score}-"
                             f"{self.their_score}, target {self.target})")
        if self.extra and not (self.my_score >= self.target and self.their_score >= self.target):
            raise ValueError("an extra round is played only when both players have reached the target")
        if not 0 <= self.extra_rounds <= self.max_extra_rounds or self.extra != (self.extra_rounds > 0):
            raise ValueError("extra_rounds counts the extra rounds started, this one included, up to the cap")

    @classmethod
    def from_view(cls, view: PlayerView) -> Situation:
        """The situation of the round ``view`` shows, from its player's side."""
        if view.player is None:
            raise ValueError("a spectator has no side in the match")
        me = view.player
        opts = view.options
        return cls(view.scores[me], view.scores[1 - me], opts.target, view.starter == me, opts.next_starter,
                   view.extra, view.extra_rounds, opts.max_extra_rounds)


def _next_starts(my: int, their: int, i_started: bool, rule: str) -> bool:
    """Whether I start the next round (the engine's rule)."""
    if rule == "leader" and my != their:
        return my > their
    return not i_started


def _decider(five: int, three: int) -> int:
    """WIN/LOSE for the side the round separates (5-card first, then 3-card), TIE if neither."""
    return five if five != TIE else three


@cache
def _extra_value(remaining: int, i_start: bool, my: int, their: int, rule: str, model: RoundModel) -> float:
    """The value before an extra round with ``remaining`` extra rounds allowed (this one
    included); the points only set the starter (both score 3 in a round that does not separate)."""
    if remaining <= 0:
        return DRAW_VALUE
    table = model.side(i_start)
    value = 0.0
    for five in (WIN, TIE, LOSE):
        for three in (WIN, TIE, LOSE):
            decided = _decider(five, three)
            if decided == WIN:
                value += table[five][three]
            elif decided == TIE:
                nxt = _next_starts(my + 3, their + 3, i_start, rule)
                value += table[five][three] * _extra_value(remaining - 1, nxt, my + 3, their + 3, rule, model)
    return value


def _points(five: int, three: int) -> tuple[int, int]:
    mine = (FIVE_POINTS if five != LOSE else 0) + (THREE_POINTS if three != LOSE else 0)
    theirs = (FIVE_POINTS if five != WIN else 0) + (THREE_POINTS if three != WIN else 0)
    return mine, theirs


def _after(s: Situation, five: int, three: int, model: RoundModel) -> float:
    """The match value after this round ends with ``five``/``three`` (my side)."""
    gained, lost = _points(five, three)
    my, their = s.my_score + gained, s.their_score + lost
    decided = _decider(five, three)
    if s.extra:
        if decided != TIE:
            return 1.0 if decided == WIN else 0.0
        remaining = s.max_extra_rounds - s.extra_rounds
        return _extra_value(remaining, _next_starts(my, their, s.i_start, s.next_starter), my, their,
                            s.next_starter, model)
    mine_in, theirs_in = my >= s.target, their >= s.target
    if mine_in and theirs_in:
        if decided != TIE:
            return 1.0 if decided == WIN else 0.0
        return _extra_value(s.max_extra_rounds, _next_starts(my, their, s.i_start, s.next_starter), my, their,
                            s.next_starter, model)
    if mine_in or theirs_in:
        return 1.0 if mine_in else 0.0
    return _regular_value(my, their, _next_starts(my, their, s.i_start, s.next_starter), s.target,
                          s.next_starter, s.max_extra_rounds, model)


@cache
def _regular_value(my: int, their: int, i_start: bool, target: int, rule: str, cap: int, model: RoundModel) -> float:
    s = Situation(my, their, target, i_start, rule, False, 0, cap)
    table = model.side(i_start)
    return sum(table[f][t] * _after(s, f, t, model) for f in (WIN, TIE, LOSE) for t in (WIN, TIE, LOSE))


def round_payoffs(situation: Situation, model: RoundModel = ROUND_MODEL) -> Table:
    """My chance of winning the match after each of this round's nine outcomes,
    ``[five][three]`` indexed by :data:`WIN`, :data:`TIE`, :data:`LOSE` from my side."""
    rows = tuple(tuple(_after(situation, f, t, model) for t in (WIN, TIE, LOSE)) for f in (WIN, TIE, LOSE))
    return rows  # type: ignore[return-value]


def points_payoffs() -> Table:
    """My points minus the opponent's for each of the nine outcomes (the aim "points")."""
    rows = tuple(tuple(float(a - b) for a, b in (_points(f, t) for t in (WIN, TIE, LOSE))) for f in (WIN, TIE, LOSE))
    return rows  # type: ignore[return-value]


def win_probability(my_score: int, their_score: int, target: int = 5, *, i_start: bool = True,
                    next_starter: str = "leader", max_extra_rounds: int = 10,
                    model: RoundModel = ROUND_MODEL) -> float:
    """My chance of winning the match (a draw counting a half) before a regular round is played
    at ``my_score``-``their_score``, when I start it or not.

    >>> round(win_probability(0, 0, 5) + win_probability(0, 0, 5, i_start=False), 6)
    1.0
    """
    situation = Situation(my_score, their_score, target, i_start, next_starter, False, 0, max_extra_rounds)
    return _regular_value(situation.my_score, situation.their_score, i_start, target, next_starter,
                          max_extra_rounds, model)


def ends(situation: Situation, five: int, three: int) -> str | None:
    """How this round's outcome (``five``/``three`` from my side) ends the match: ``"win"``,
    ``"lose"``, ``"extra"`` (both reached the target level, or an extra round stayed level: C6)
    or ``None`` (the match goes on with a regular round)."""
    s = situation
    gained, lost = _points(five, three)
    decided = _decider(five, three)
    if not s.extra:
        mine_in, theirs_in = s.my_score + gained >= s.target, s.their_score + lost >= s.target
        if not (mine_in and theirs_in):
            return None if not (mine_in or theirs_in) else "win" if mine_in else "lose"
    return "extra" if decided == TIE else "win" if decided == WIN else "lose"


def aim(situation: Situation) -> str:
    """In words, what this round's comparisons mean for the match (from my side): where the aim
    (winning the match) differs from scoring points, say how.

    >>> aim(Situation(4, 2))
    'At 4-2 (first to 5) the 3-card point alone wins you the match; if both reach 5 this round, the 5-card comparison decides, then the 3-card one, whatever the points.'
    >>> aim(Situation(0, 0))
    'At 0-0 (first to 5) no one can reach 5 this round: the values are chances of winning the match, which follow the points (2 for the 5-card hand, 1 for the 3-card hand) closely.'
    """
    s = situation
    if s.extra:
        return (f"Extra round {s.extra_rounds}: the points no longer matter; the 5-card comparison decides the "
                "match, then the 3-card one, and if both are equal another round is played.")
    head = f"At {s.my_score}-{s.their_score} (first to {s.target})"
    parts: list[str] = []
    if ends(s, LOSE, WIN) == "win":
        parts.append("the 3-card point alone wins you the match")
    elif ends(s, WIN, LOSE) == "win":
        parts.append("the 5-card comparison alone wins you the match (the 3-card point alone does not)")
    if ends(s, WIN, LOSE) == "lose":
        parts.append("their 3-card point alone wins them the match")
    elif ends(s, LOSE, WIN) == "lose":
        parts.append("their 5-card win alone wins them the match")
    if s.my_score + 3 >= s.target and s.their_score + 3 >= s.target:
        parts.append(f"if both reach {s.target} this round, the 5-card comparison decides, then the 3-card one, "
                     "whatever the points")
    if not parts:
        if s.my_score + 3 >= s.target or s.their_score + 3 >= s.target:
            who = "you" if s.my_score + 3 >= s.target else "they"
            return f"{head} {who} can win the match this round only by winning both comparisons."
        return (f"{head} no one can reach {s.target} this round: the values are chances of winning the match, "
                "which follow the points (2 for the 5-card hand, 1 for the 3-card hand) closely.")
    return f"{head} " + "; ".join(parts) + "."


__all__ = [
    "LOSE",
    "ROUND_COUNTS",
    "ROUND_MODEL",
    "TIE",
    "WIN",
    "RoundModel",
    "Situation",
    "Table",
    "aim",
    "ends",
    "points_payoffs",
    "round_payoffs",
    "win_probability",
]
