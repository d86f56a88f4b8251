"""The game's true values for designers: studies solved over many seeded openings.

A *study* with ``rounds=1`` deals rounds 1-4 as a public opening (both players see every card of
it, ``opening_seed`` fixes it), so the round-5 subgame is exactly the rest of the game: five root
histories (which of the five cards left is the reserve), split, choose, both reserve turns and
the exact build. :func:`solve_opening` solves it with the vectorised CFR+ of :mod:`~.solver`
until NashConv is at most the target, for both swap variants and both reserve orders, and
reads the designer's questions off the equilibrium (average) strategy exactly, over the tree
(chance and both strategies), never by sampling. :func:`aggregate` then averages the rows over
openings with a 95% Student-t interval. With ``rounds=2`` (``OpeningSettings(rounds=2)``) the
subgame starts at round 4 (:class:`~.round4.Round4Tree`): the same questions, at about 15 s
per study on one core to NashConv 0.01 (the tree of 11 million leaves, the solve, the figures).

**Reserve orders.** Who is first at the reserve is one of the two round-5 roles: the rule
``literal`` (the two-round splitter first) makes the round-5 *chooser* first, ``splitter-first``
the round-5 *splitter*. ``coin`` flips between the two before the deal and both players know the
result before round 5, so its value is exactly the average of the two (not solved separately).

**Seats.** The first splitter only relabels the seats (player ``f`` gets the same cards and the
same roles whichever seat it sits in); with ``check_seats`` a row is solved from both seats and
``seat_gap`` records the largest difference of a role value between the two solves.

**Units.** Values are chances to win for a role (a draw counts half). NashConv is in payoff
points (a win +1, a loss -1), the unit of :mod:`~.solver`: half of it in win chance.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from functools import cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from divided import games
from divided.bots.divided_ranks.endgame.roots import LAST_ROUND, Round5Start, round5_start, subgame_roots
from divided.bots.divided_ranks.endgame.round4 import Round4Tree
from divided.bots.divided_ranks.endgame.solver import CFRSolver, Floats, SolveReport
from divided.bots.divided_ranks.endgame.tree import BITS, Round5Tree
from divided.errors import RuleOptionError
from divided.games.divided_ranks.scoring import Scoring
from divided.games.divided_ranks.state import Phase
from divided.hands.arrange import packed_key_table, weaker_mask_table
from divided.hands.batch import strength_array

SWAPS = ("blind", "face-up")
"""The swap variants, in report order."""
ORDERS = ("chooser-first", "splitter-first")
"""Who is first at the reserve in round 5: the chooser (rule ``literal``) or the splitter."""
RULE_OF_ORDER = {"chooser-first": "literal", "splitter-first": "splitter-first"}
"""The ``reserve_order`` rule option that gives each order (``coin`` is their average)."""

RowDict = dict[str, Any]


@dataclass(frozen=True, slots=True)
class OpeningSettings:
    """How the studies are solved: CFR+ until NashConv (payoff points, checked every
    ``check_every`` iterations) is at most ``target``, or ``max_iterations``; ``rounds`` 1 (the
    round-5 subgame) or 2 (from round 4: :mod:`~.round4`)."""

    target: float = 0.001
    max_iterations: int = 20_000
    check_every: int = 10
    scoring: str = str(Scoring.CATEGORIES_FIRST)
    rounds: int = 1

    def __post_init__(self) -> None:
        if self.rounds not in (1, 2):
            raise ValueError(f"the studies solved here are rounds=1 or rounds=2, not rounds={self.rounds}")
        if not (self.target > 0 and math.isfinite(self.target)):
            raise ValueError(f"the NashConv target must be a positive number, got {self.target!r}")
        if self.max_iterations < 1 or self.check_every < 1:
            raise ValueError("max_iterations and check_every must be at least 1")
        if self.scoring not in {str(s) for s in Scoring}:
            raise ValueError(f"unknown scoring {self.scoring!r}; choose one of {', '.join(map(str, Scoring))}")

    def as_dict(self) -> dict[str, Any]:
        """The settings as JSON data (what a resumable run checks before reusing rows)."""
        return asdict(self)


def study_start(opening_seed: int, *, swap: str, order: str, first_splitter: int = 0,
                scoring: str = str(Scoring.CATEGORIES_FIRST)) -> Round5Start:
    """The round-5 start of a rounds=1 study, read from the first splitter's view of the game
    the engine deals (the view is all :func:`~.roots.round5_start` uses)."""
    if swap not in SWAPS:
        raise ValueError(f"unknown swap variant {swap!r}; choose one of {', '.join(SWAPS)}")
    if order not in ORDERS:
        raise ValueError(f"unknown reserve order {order!r}; choose one of {', '.join(ORDERS)}")
    game = games.load("divided-ranks", rounds=1, opening_seed=opening_seed, first_splitter=first_splitter,
                      swap=swap, reserve_order=RULE_OF_ORDER[order], scoring=scoring, build="auto")
    state = game.new_initial_state(seed=0)
    return round5_start(state.observation(first_splitter))


def build_tree(start: Round5Start) -> Round5Tree:
    """The full (two-sided) round-5 subgame of ``start``."""
    roots, full = subgame_roots(start, cap=start.public_deals(), rng=np.random.default_rng(0))
    assert full
    return Round5Tree(roots, splitter=start.splitter, reserve_first=start.reserve_first,
                      face_up_swap=start.face_up_swap, scoring=start.scoring)


# -- what the equilibrium does, exactly over the tree -------------------------------------------

@cache
def _tables(scoring: Scoring) -> tuple[NDArray[np.int32], NDArray[np.int32], NDArray[np.int16]]:
    keys = np.frombuffer(packed_key_table(scoring), dtype=np.int32)
    weak = np.frombuffer(weaker_mask_table(scoring), dtype=np.int32)
    return keys, weak, strength_array()


def weaker_strength(holdings: NDArray[np.int64], scoring: Scoring) -> NDArray[np.int16]:
    """The strength of the weaker hand auto-arrange builds from each ten-card holding (the
    project's five-card evaluation: category, then card for card; higher is stronger)."""
    _, weak, strength = _tables(scoring)
    return strength[weak[holdings]]


def reaches(tree: Round5Tree, strategy: Sequence[Floats]) -> list[Floats]:
    """The chance of reaching every node of every layer (the last: the leaves) when both players
    play ``strategy``: chance times both players' action probabilities."""
    out = [tree.chance]
    for layer, sigma in zip(tree.layers, strategy, strict=True):
        out.append((out[-1][:, None] * sigma[layer.info]).reshape(-1))
    return out


def equilibrium_facts(tree: Round5Tree, strategy: Sequence[Floats],
                      scoring: Scoring = Scoring.CATEGORIES_FIRST) -> dict[str, float]:
    """Exact probabilities and values under ``strategy`` (both players), from player 0's side
    for values. Keys:

    ``first_swaps``/``second_swaps``: the first/second reserve player swaps.
    ``first_improves``/``second_improves``: it swaps *and* the weaker hand of its auto-arranged
    holding is strictly stronger after the swap than before it (before: its ten cards when it
    decides; after: those minus the card given plus the reserve it takes).
    ``first_worsens``/``second_worsens``: it swaps and that weaker hand is strictly weaker.
    ``result_changed``: the result (win, draw or loss) differs from the one the drafted hands
    give (both keeping). ``drafted_value``: player 0's expected payoff if both kept, with the
    draft played as ``strategy`` plays it. ``scoring`` must be the one ``tree`` was built with."""
    reach = reaches(tree, strategy)
    keys, _, _ = _tables(scoring)
    first_layer, second_layer = tree.layers[-2], tree.layers[-1]  # the reserve turns
    sigma3 = strategy[-2][first_layer.info]  # (m, 11)
    sigma4 = strategy[-1][second_layer.info]  # (m * 11, 11)
    m = len(first_layer.info)
    first_cards = tree.first_cards  # (m, 10)
    first_hand = BITS[first_cards].sum(1)
    second_cards = tree.second_cards  # (m * 11, 10)
    second_hand = BITS[second_cards].sum(1)
    reserve = np.repeat(np.asarray(tree.roots.reserve, dtype=np.int64), 12)  # (m,)
    # the first player's swaps
    first_after = (first_hand[:, None] & ~BITS[first_cards]) | BITS[reserve][:, None]
    before = weaker_strength(first_hand, scoring)[:, None]
    after = weaker_strength(first_after, scoring)
    give1 = reach[-3][:, None] * sigma3[:, 1:]
    # the second player's swaps, with the reserve the first left
    reserve_after = np.concatenate([reserve[:, None], first_cards], 1).reshape(-1)  # (m * 11,)
    second_after = (second_hand[:, None] & ~BITS[second_cards]) | BITS[reserve_after][:, None]
    before2 = weaker_strength(second_hand, scoring)[:, None]
    after2 = weaker_strength(second_after, scoring)
    give2 = reach[-2][:, None] * sigma4[:, 1:]
    # the result the drafted hands give
    second_drafted = second_hand.reshape(m, 11)[:, 0]
    hands = (first_hand, second_drafted) if tree.reserve_first == 0 else (second_drafted, first_hand)
    drafted = np.sign(keys[hands[0]].astype(np.int64) - keys[hands[1]]).astype(np.float64)
    changed = tree.payoff != np.repeat(drafted, 121)
    return {
        "first_swaps": float(give1.sum()),
        "second_swaps": float(give2.sum()),
        "first_improves": float(give1[after > before].sum()),
        "second_improves": float(give2[after2 > before2].sum()),
        "first_worsens": float(give1[after < before].sum()),
        "second_worsens": float(give2[after2 < before2].sum()),
        "result_changed": float(reach[-1][changed].sum()),
        "drafted_value": float(reach[-3] @ drafted),
    }


# -- one study, one opening ---------------------------------------------------------------------

@dataclass(frozen=True)
class Solved:
    """A solved study: its start, tree, solver, how the solve ended and how long it took."""

    start: Round5Start | None
    tree: Round5Tree
    solver: CFRSolver
    report: SolveReport
    seconds: float

    def player0(self) -> float:
        """Player 0's chance to win under the average strategy."""
        return (1.0 + self.solver.value()) / 2.0


def solve_study(start: Round5Start, settings: OpeningSettings) -> Solved:
    """Solve ``start``'s subgame to ``settings.target`` (deterministic: no clock decides)."""
    began = time.perf_counter()
    tree = build_tree(start)
    solver = CFRSolver(tree)
    report = solver.solve(target=settings.target, max_iterations=settings.max_iterations,
                          check_every=settings.check_every)
    return Solved(start, tree, solver, report, time.perf_counter() - began)


def _role_values(solved: Solved) -> dict[str, float]:
    p0 = solved.player0()
    value = (p0, 1.0 - p0)
    tree = solved.tree
    return {"splitter_value": value[tree.splitter], "chooser_value": value[1 - tree.splitter],
            "first_value": value[tree.reserve_first], "second_value": value[1 - tree.reserve_first]}


@dataclass(frozen=True)
class Round4Start:
    """A rounds=2 study at the start of round 4: the engine's game, both players' hands, the
    round-4 splitter and the first player at the reserve."""

    game: Any
    hands: tuple[int, int]
    splitter: int
    reserve_first: int

    def tree(self, deals: Sequence[tuple[int, int, int]] | None = None) -> Round4Tree:
        """The subgame from here (:class:`~.round4.Round4Tree`), over ``deals`` (default: all)."""
        options = self.game.options
        return Round4Tree(self.hands, splitter=self.splitter, reserve_first=self.reserve_first,
                          face_up_swap=options["swap"] == "face-up", scoring=Scoring(options["scoring"]), deals=deals)


def round4_start(opening_seed: int, *, swap: str, order: str, first_splitter: int = 0,
                 scoring: str = str(Scoring.CATEGORIES_FIRST)) -> Round4Start:
    """The start of round 4 of a rounds=2 study, read from the game the engine deals."""
    if swap not in SWAPS or order not in ORDERS:
        raise ValueError(f"unknown swap variant {swap!r} or reserve order {order!r}")
    game = games.load("divided-ranks", rounds=2, opening_seed=opening_seed, first_splitter=first_splitter,
                      swap=swap, reserve_order=RULE_OF_ORDER[order], scoring=scoring, build="auto")
    state = game.new_initial_state(seed=0)
    view = state.observation(first_splitter)
    if view.round != LAST_ROUND - 1 or view.phase != Phase.SPLIT:
        raise RuntimeError("a rounds=2 study should start at round 4's split")
    return Round4Start(game, (state.observation(0).hand, state.observation(1).hand), view.current_player,
                       view.reserve_first)


def round4_tree(opening_seed: int, *, swap: str, order: str, first_splitter: int = 0,
                scoring: str = str(Scoring.CATEGORIES_FIRST)) -> Round4Tree:
    """The subgame of a rounds=2 study from the start of round 4 (:class:`~.round4.Round4Tree`),
    with both players' hands read from the game the engine deals."""
    return round4_start(opening_seed, swap=swap, order=order, first_splitter=first_splitter,
                        scoring=scoring).tree()


def solve_tree(tree: Round5Tree, settings: OpeningSettings, start: Round5Start | None = None) -> Solved:
    """Solve ``tree`` to ``settings.target``."""
    began = time.perf_counter()
    solver = CFRSolver(tree)
    report = solver.solve(target=settings.target, max_iterations=settings.max_iterations,
                          check_every=settings.check_every)
    return Solved(start, tree, solver, report, time.perf_counter() - began)


def _solve_variant(opening_seed: int, swap: str, order: str, settings: OpeningSettings,
                   first_splitter: int) -> Solved:
    if settings.rounds == 2:
        began = time.perf_counter()
        tree = round4_tree(opening_seed, swap=swap, order=order, first_splitter=first_splitter,
                           scoring=settings.scoring)
        built = time.perf_counter() - began
        solved = solve_tree(tree, settings)
        return Solved(None, tree, solved.solver, solved.report, solved.seconds + built)
    return solve_study(study_start(opening_seed, swap=swap, order=order, first_splitter=first_splitter,
                                   scoring=settings.scoring), settings)


def solve_row(opening_seed: int, swap: str, order: str, settings: OpeningSettings,
              *, check_seats: bool = True) -> RowDict:
    """One row: the study of ``opening_seed`` with ``swap`` and the reserve ``order`` solved
    (first splitter 0) and what its equilibrium does; with ``check_seats`` also solved with
    first splitter 1 to measure ``seat_gap``."""
    solved = _solve_variant(opening_seed, swap, order, settings, 0)
    roles = _role_values(solved)
    strategy = solved.solver.average()
    facts = equilibrium_facts(solved.tree, strategy, Scoring(settings.scoring))
    sign = 1.0 if solved.tree.reserve_first == 0 else -1.0
    drafted_first = (1.0 + sign * facts.pop("drafted_value")) / 2.0
    row: RowDict = {
        "opening": opening_seed, "swap": swap, "order": order, "rule": RULE_OF_ORDER[order],
        **roles,
        "first_drafted_value": drafted_first,
        "first_reserve_gain": roles["first_value"] - drafted_first,
        **facts,
        "nash_conv": solved.report.nash_conv, "iterations": solved.report.iterations,
        "converged": solved.report.converged,
        "information_states": sum(layer.states for layer in solved.tree.layers),
        "seconds": round(solved.seconds, 3),
    }
    if check_seats:
        other = _solve_variant(opening_seed, swap, order, settings, 1)
        mirrored = _role_values(other)
        row["seat_gap"] = max(abs(mirrored[k] - roles[k]) for k in roles)
        row["seconds"] = round(solved.seconds + other.seconds, 3)
    return row


def solve_opening(opening_seed: int, settings: OpeningSettings, *, check_seats: bool = True) -> list[RowDict]:
    """The rows of one opening: both swap variants times both reserve orders."""
    return [solve_row(opening_seed, swap, order, settings, check_seats=check_seats)
            for swap in SWAPS for order in ORDERS]


# -- over openings ------------------------------------------------------------------------------

def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b) (Lentz's continued fraction)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    if x > (a + 1) / (a + b + 2):  # the fraction converges fast on this side only
        return 1.0 - _incomplete_beta(b, a, 1.0 - x)
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)) / a
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    f = d
    for m in range(1, 500):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            f *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return front * f


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t distribution with ``df`` degrees of freedom, for
    ``0.5 <= p < 1``: bisection on the exact tail P(T > t) = I_{df/(df+t^2)}(df/2, 1/2) / 2.

    >>> round(t_quantile(0.975, 1), 4), round(t_quantile(0.975, 19), 4)
    (12.7062, 2.093)
    """
    if df < 1:
        raise ValueError("Student's t needs at least one degree of freedom")
    if not 0.5 <= p < 1:
        raise ValueError(f"the quantile is for 0.5 <= p < 1, got {p!r}")

    def upper(t: float) -> float:
        return 0.5 * _incomplete_beta(df / 2, 0.5, df / (df + t * t))

    low, high = 0.0, 1.0
    while upper(high) > 1 - p:
        high *= 2
    for _ in range(100):
        mid = (low + high) / 2
        low, high = (mid, high) if upper(mid) > 1 - p else (low, mid)
    return (low + high) / 2


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean over openings with its 95% Student-t interval (``None`` bounds below two)."""

    mean: float | None
    low: float | None
    high: float | None
    count: int

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def t_interval(values: Iterable[float], level: float = 0.95,
               bounds: tuple[float, float] | None = None) -> Estimate:
    """Mean of ``values`` and its ``level`` interval, mean +- t * s / sqrt(n) (s the sample
    standard deviation, t Student's quantile with n - 1 degrees of freedom), clipped to
    ``bounds`` when given (a chance's interval never leaves 0..1).

    >>> e = t_interval([1.0, 2.0, 3.0, 4.0])
    >>> e.mean, round(e.low, 4), round(e.high, 4)
    (2.5, 0.4457, 4.5543)
    """
    data = [float(v) for v in values]
    n = len(data)
    if n == 0:
        return Estimate(None, None, None, 0)
    mean = sum(data) / n
    if n == 1:
        return Estimate(mean, None, None, 1)
    sd = math.sqrt(sum((v - mean) ** 2 for v in data) / (n - 1))
    half = t_quantile(0.5 + level / 2, n - 1) * sd / math.sqrt(n)
    low, high = mean - half, mean + half
    if bounds is not None:
        low, high = max(low, bounds[0]), min(high, bounds[1])
    return Estimate(mean, low, high, n)


Metric = Callable[[Mapping[str, RowDict]], float | None]


@dataclass(frozen=True, slots=True)
class MetricSpec:
    """One aggregated figure: its key, a short label, what it means, whether it is a chance
    (0 to 1; else an edge or a gain, signed) and how one opening and swap variant gives it from
    that variant's rows by reserve order (``None``: undefined for that opening)."""

    key: str
    label: str
    description: str
    chance: bool
    value: Metric

    @property
    def bounds(self) -> tuple[float, float]:
        """The values the figure can take (its interval is clipped to them)."""
        if self.chance:
            return (0.0, 1.0)
        return (-0.5, 0.5) if self.key.endswith("edge") else (-1.0, 1.0)


def _ratio(numerator: float, denominator: float) -> float | None:
    return numerator / denominator if denominator > 1e-9 else None


def _field(order: str, key: str) -> Metric:
    return lambda rows: float(rows[order][key])


def _given_swap(order: str, seat: str) -> Metric:
    return lambda rows: _ratio(rows[order][f"{seat}_improves"], rows[order][f"{seat}_swaps"])


def _metrics() -> list[MetricSpec]:
    chooser, splitter = "chooser-first", "splitter-first"
    out = [
        MetricSpec("first_edge", "first-at-the-reserve edge (coin order)",
                   "the first reserve player's win chance minus 0.5 under the coin order (the split roles "
                   "balanced): half of (the splitter's value when first - its value when second)", False,
                   lambda r: (r[splitter]["splitter_value"] - r[chooser]["splitter_value"]) / 2),
        MetricSpec("splitter_edge", "round-5 splitter's edge (coin order)",
                   "the round-5 splitter's win chance minus 0.5 under the coin order (first and second at the "
                   "reserve balanced)", False,
                   lambda r: (r[splitter]["splitter_value"] + r[chooser]["splitter_value"]) / 2 - 0.5),
        MetricSpec("literal_splitter", "literal: round-5 splitter wins",
                   "literal rule: the round-5 splitter's win chance (it split 3 rounds; second at the reserve)",
                   True, lambda r: r[chooser]["splitter_value"]),
        MetricSpec("literal_chooser", "literal: round-5 chooser wins",
                   "literal rule: the round-5 chooser's win chance (it split 2 rounds; first at the reserve)",
                   True, lambda r: r[chooser]["chooser_value"]),
        MetricSpec("splitter_first_splitter", "splitter-first: round-5 splitter wins",
                   "splitter-first rule: the round-5 splitter's win chance (first at the reserve)", True,
                   lambda r: r[splitter]["splitter_value"]),
    ]
    for order, label in ((chooser, "literal"), (splitter, "splitter-first")):
        for seat in ("first", "second"):
            out += [
                MetricSpec(f"{label}_{seat}_swaps", f"{label}: {seat} reserve player swaps",
                           f"{label} rule: the chance that the {seat} reserve player swaps", True,
                           _field(order, f"{seat}_swaps")),
                MetricSpec(f"{label}_{seat}_improves", f"{label}: {seat}'s swap improves its weaker hand",
                           f"{label} rule: given that the {seat} reserve player swaps, the chance that the swap "
                           "makes its auto-arranged weaker hand strictly stronger", True,
                           _given_swap(order, seat)),
            ]
        out += [
            MetricSpec(f"{label}_result_changed", f"{label}: the reserve changes the result",
                       f"{label} rule: the chance that the result differs from the one the drafted hands give "
                       "(both keeping)", True, _field(order, "result_changed")),
            MetricSpec(f"{label}_first_reserve_gain", f"{label}: first player's gain from the reserve",
                       f"{label} rule: the first reserve player's win chance minus its win chance with the "
                       "drafted hands (both keeping)", False, _field(order, "first_reserve_gain")),
        ]
    return out


METRICS = _metrics()
"""Every aggregated figure (see :class:`MetricSpec`)."""


def aggregate(rows: Iterable[RowDict]) -> dict[str, Any]:
    """Each metric's mean and 95% t interval over openings (clipped to the values the figure can
    take), for blind, face-up and their paired difference (face-up minus blind, over openings
    that have both); openings missing a row of a variant are left out of that variant."""
    by: dict[tuple[int, str], dict[str, RowDict]] = {}
    for row in rows:
        by.setdefault((int(row["opening"]), str(row["swap"])), {})[str(row["order"])] = row
    openings = sorted({opening for opening, _ in by})
    out: dict[str, Any] = {"openings": openings, "metrics": {}}
    for spec in METRICS:
        values: dict[str, dict[int, float]] = {swap: {} for swap in SWAPS}
        for (opening, swap), orders in by.items():
            if set(orders) >= set(ORDERS):
                value = spec.value(orders)
                if value is not None:
                    values[swap][opening] = value
        paired = [values["face-up"][o] - values["blind"][o] for o in openings
                  if o in values["face-up"] and o in values["blind"]]
        out["metrics"][spec.key] = {
            "label": spec.label, "description": spec.description, "chance": spec.chance,
            **{swap: t_interval(values[swap].values(), bounds=spec.bounds).as_dict() for swap in SWAPS},
            "difference": t_interval(paired).as_dict()}
    return out


# -- reports --------------------------------------------------------------------------------------

def _cell(estimate: dict[str, Any], signed: bool) -> str:
    """A mean and its interval in percent (``signed``: an edge or a gain, in points)."""
    mean, low, high = estimate["mean"], estimate["low"], estimate["high"]
    if mean is None:
        return "-"
    form = "{:+.1f}" if signed else "{:.1f}"
    text = form.format(mean * 100)
    if low is None:
        return text
    return f"{text} [{form.format(low * 100)}, {form.format(high * 100)}]"


def _rows_of(summary: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    return [(metric["label"], _cell(metric["blind"], not metric["chance"]),
             _cell(metric["face-up"], not metric["chance"]), _cell(metric["difference"], True))
            for metric in summary["metrics"].values()]


def format_table(summary: dict[str, Any]) -> str:
    """The aggregates of :meth:`OpeningsStudy.summarise` as a plain text table."""
    head = ("% (edges, gains: points); 95% interval over openings", "blind", "face-up", "face-up - blind")
    rows = [head, *_rows_of(summary)]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = [" | ".join(cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(row))
             for row in rows]
    lines.insert(1, "-+-".join("-" * w for w in widths))
    return "\n".join(lines)


def format_report(summary: dict[str, Any], rows: list[dict[str, Any]]) -> str:
    """report.md: the settings, the aggregates with their definitions, and each opening."""
    seeds = summary["openings"]
    n = len(seeds)
    settings = summary["settings"]
    rounds = settings.get("rounds", 1)
    if rounds == 1:
        study = ("rounds 1-4 a public opening, so both players' eight cards are known and the round-5 "
                 "subgame is the rest of the game: the draw, the split, the choice, both reserve turns and "
                 "the exact build, auto-arranged")
        seats = ("**Seats.** Which seat splits first only relabels the players: every study was solved with "
                 "player 0 and with player 1 as the first splitter and the role values agree within "
                 f"{summary['largest_seat_gap']:.5f} (the solver's tolerance), so the tables use first splitter 0.")
    else:
        study = ("rounds 1-3 a public opening, so both players' six cards are known; the subgame is rounds 4 "
                 "and 5 (630 deals of the nine cards left, both splits and choices, both reserve turns, the "
                 "exact build: `divided.bots.divided_ranks.endgame.round4`)")
        seats = ("**Seats.** Solved with player 0 as the first splitter only (the rounds=1 runs measured the "
                 "seat symmetry; here each study costs minutes).")
    lines = [
        f"# Divided Ranks: equilibrium values over {n} openings (rounds={rounds} studies)", "",
        f"Command: `{summary['command']}`", "",
        f"Openings {seeds[0]}..{seeds[-1]}; each a rounds={rounds} study ({study}). Solved with the "
        "endgame solver's vectorised CFR+ (`divided.bots.divided_ranks.endgame`) for both swap variants "
        "and both reserve orders to NashConv at most "
        f"{settings['target']:g} in payoff points (a win +1, a loss -1). {summary['studies']} studies, "
        f"all converged: {'yes' if summary['all_converged'] else 'NO'}; largest NashConv "
        f"{summary['largest_nash_conv']:.5f}; solve time {summary['solve_seconds']:.1f} s in all.", "",
        "**Reserve orders.** The rule `literal` puts the round-5 chooser (the player who split two rounds) "
        "first at the reserve; `splitter-first` puts the round-5 splitter first. `coin` flips between "
        "them before the deal, so its values are exactly the average of the two (not solved separately).", "",
        seats, "",
        "## The designer's figures", "",
        "Win chances count a draw as half. Each figure is the mean over openings of an exact value "
        "(the equilibrium is read over the whole tree, chance and both strategies, nothing sampled); the "
        "interval is a 95% Student-t interval over openings (mean +- t(0.975, n-1) s / sqrt(n)), so "
        "it describes how the figure varies between openings, not solver noise. The last column is "
        "the paired difference over the same openings, in percentage points.", "",
        "| figure (%; edges and gains in points) | blind | face-up | face-up - blind |", "|---|---:|---:|---:|",
        *[f"| {a} | {b} | {c} | {d} |" for a, b, c, d in _rows_of(summary)], "",
        "Each figure:", "",
        *[f"- *{metric['label']}*: {metric['description']}." for metric in summary["metrics"].values()], "",
        "Definitions:", "",
        "- *Edges* are in percentage points of win chance. The **first-at-the-reserve edge** is the first "
        "reserve player's win chance minus 50% under the coin order; per opening it is half of "
        "(splitter's value when first - splitter's value when second), the change from moving one seat "
        "from second to first with the split roles unchanged. The **splitter's edge** is likewise the "
        "round-5 splitter's win chance minus 50% under the coin order.",
        "- *Swaps*: the probability that the player swaps at its reserve turn under equilibrium play.",
        "- *Improves its weaker hand*: among its swaps (a per-opening ratio, averaged over the openings "
        "where the player swaps at all), how often the weaker hand of the auto-arranged holding after "
        "the swap (the ten cards minus the card given plus the reserve taken) is strictly stronger, by "
        "the project's five-card evaluation (category, then card for card), than the weaker hand of the "
        "auto-arranged holding before it. Equal weaker hands do not count as improved.",
        "- *The reserve changes the result*: the probability that the final result (win, draw or loss) "
        "differs from the one the drafted hands give, both players keeping.",
        "- *Reserve gain*: the first reserve player's equilibrium win chance minus its win chance with "
        "the drafted hands (same equilibrium draft, both keeping).", "",
        "## Each opening", "",
        "The round-5 splitter's win chance (S) and the first reserve player's probability of swapping "
        "(F) per study; `lit` the literal order (chooser first), `sf` splitter-first.", "",
        "| opening | S blind lit | S blind sf | S face-up lit | S face-up sf | F blind lit | F face-up lit | "
        "iterations (max) | NashConv (max) |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    by = {(r["opening"], r["swap"], r["order"]): r for r in rows}
    for seed in seeds:
        four = [by[(seed, swap, order)] for swap in ("blind", "face-up") for order in ("chooser-first", "splitter-first")]
        lines.append(f"| {seed} | " + " | ".join(f"{r['splitter_value']:.3f}" for r in four) + " | "
                     f"{four[0]['first_swaps']:.3f} | {four[2]['first_swaps']:.3f} | "
                     f"{max(r['iterations'] for r in four)} | {max(r['nash_conv'] for r in four):.5f} |")
    lines += ["", "Rows with every figure: `rows.jsonl` (its first line the settings); aggregates: "
              "`summary.json`.", ""]
    return "\n".join(lines)


# -- what ``divided solve --openings`` finds by game id ---------------------------------------------

class OpeningsStudy:
    """The rounds=1 studies of Divided Ranks openings as ``divided solve --openings`` runs them:
    the command line's checks, the settings, one opening's rows, the summary and the reports."""

    _STUDY_DEFAULTS: Mapping[str, object] = {"opening_seed": "0", "first_splitter": "0", "build": "auto",
                                             "option": []}

    def check_arguments(self, args: argparse.Namespace) -> None:
        """Refuse the OpenSpiel form's study arguments: the openings choose these themselves."""
        for name, default in self._STUDY_DEFAULTS.items():
            if getattr(args, name, default) != default:
                raise RuleOptionError(f"--{name.replace('_', '-')} does not go with --openings (it solves every "
                                      "swap variant and reserve order, from both seats, with auto-arrange)")
        rounds = str(getattr(args, "rounds", "1"))
        if rounds not in ("1", "2"):
            raise RuleOptionError(f"--openings solves rounds=1 and rounds=2 studies, not --rounds {rounds}")

    def settings(self, args: argparse.Namespace, target: float) -> OpeningSettings:
        """Settings with NashConv ``target`` and the arguments' ``--rounds`` (:class:`ValueError`
        if the target is not a positive number)."""
        return OpeningSettings(target=target, rounds=int(getattr(args, "rounds", "1")))

    def describe(self, settings: OpeningSettings) -> str:
        """What a run solves, for its first line."""
        seats = "both seats" if settings.rounds == 1 else "first splitter 0"
        return f"the rounds={settings.rounds} studies (both swap variants, both reserve orders, {seats})"

    def is_complete(self, rows: Sequence[RowDict]) -> bool:
        """Whether one opening's rows cover every swap variant and reserve order."""
        return {(row["swap"], row["order"]) for row in rows} == {(s, o) for s in SWAPS for o in ORDERS}

    def solve_opening(self, seed: int, settings: OpeningSettings) -> list[RowDict]:
        """The rows of opening ``seed`` (:func:`solve_opening`)."""
        return solve_opening(seed, settings, check_seats=settings.rounds == 1)

    def summarise(self, rows: Sequence[RowDict]) -> dict[str, Any]:
        """Totals (studies, convergence, seat gap, time) and the aggregates of :func:`aggregate`."""
        return {
            "studies": len(rows), "all_converged": all(r["converged"] for r in rows),
            "largest_nash_conv": max(r["nash_conv"] for r in rows),
            "largest_seat_gap": max(r.get("seat_gap", 0.0) for r in rows),
            "solve_seconds": round(sum(r["seconds"] for r in rows), 2),
            **aggregate(rows),
        }

    def table(self, summary: dict[str, Any]) -> str:
        return format_table(summary)

    def report(self, summary: dict[str, Any], rows: list[RowDict]) -> str:
        return format_report(summary, rows)


STUDY = OpeningsStudy()
"""What ``divided solve --openings`` finds for ``divided-ranks``."""
