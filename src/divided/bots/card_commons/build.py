"""The Card Commons build as a decision (ruling C7): the value of every split, aiming at the match.

At the build each player splits a Collection of eight into a 5-card and a 3-card hand (56 ways)
at the same time and in secret. Seven of the opponent's eight cards are face up; their reserved
card is hidden. :func:`build_values` values each of the viewer's 56 splits (expected points for
and against, the chances of winning and tying each comparison, and the chance of winning the
match, which is the aim) and :func:`best_build` plays the best.

**The model** (a documented sound approximation of the build as a Bayesian game):

* *Exact.* The pool is the seven cards in neither Collection face up: the viewer's reserved
  card and two discards (known to the viewer: the set ``K``), and four cards the viewer has not
  seen (``U``): the opponent's reserved card, the opponent's two discards and the card set
  aside. Every deal consistent with the view counts once (the draft is not read for hints about
  the opponent's hidden cards), so the opponent's reserved card ``y`` is uniform over ``U``;
  given ``y``, the card set aside ``a`` is uniform over the other three, and the opponent, who
  knows their discards, believes the viewer's reserved card uniform over the four cards *they*
  have not seen: ``K`` plus ``a``. Each comparison uses the exact 5-card and 3-card strength
  tables; the payoff of a round's outcome is the chance of winning the match after it
  (:mod:`.match`: exact for a round that ends the match, the both-reach rule and C6's extra
  rounds; a round model for the rounds after).
* *Assumed.* The opponent's type is what they hide: their reserved card ``y`` and their two
  discards, which leave ``a``, the fourth card of ``U``, among the cards they have not seen; so
  twelve types ``(y, a)``. The viewer's types are the seven cards of ``K`` and ``U`` the
  opponent may think reserved (a viewer type ``x`` believes the opponent's type uniform over the
  ``(y, a)`` that leave ``x`` possible: all twelve for ``x`` in ``K``, the three with ``a = x``
  for ``x`` in ``U``). This is the common prior conditioned on what the viewer knows (the
  opponent's hidden cards are three of ``U``): the viewer's belief and the opponent's belief are
  exact; what the opponent thinks the viewer believes is simplified (a strategy depends on the
  reserved card only). The opponent "builds soundly": they play their part of an equilibrium of
  this zero-sum game, solved exactly (up to rounding) as a linear programme by the simplex
  method; the gap of the solution (what deviations could gain, about 1e-15) is reported. A split
  whose 5-card and 3-card hands are both no stronger than another's of the same Collection is
  never better whatever the opponent does (the payoff is monotone in each comparison, checked),
  so only each type's undominated splits (its Pareto front) enter the solver; the viewer's 56
  splits are all valued against the opponent's equilibrium strategy under the viewer's exact
  belief. Against an equilibrium several splits can share the best value: a split the viewer's
  own equilibrium strategy plays (``mix``, for a bot that samples: :func:`build_mix`) comes
  first, since a split outside it could be exploited, then the expected points break the tie.

If the opponent has already built, their build is still hidden: nothing changes. With the
opponent's reserved card known (:func:`solve` on one type each) the game is the 56 x 56 matrix.

>>> from divided import games
>>> from divided.games.card_commons import actions
>>> game = games.load("card-commons", first_starter=0)
>>> state = game.new_initial_state(seed=5)
>>> import random
>>> rng = random.Random(5)
>>> while state.core.phase != "build":
...     state.apply_action(rng.choice(state.legal_actions()))
>>> values = build_values(state.observation(0))
>>> len(values), values[0].value >= values[-1].value, values[0].value == values[0].match_win
(56, True, True)
>>> actions.kind_of(best_build(state.observation(0))).name
'BUILD'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from divided.bots.card_commons.match import (
    LOSE,
    ROUND_MODEL,
    TIE,
    WIN,
    RoundModel,
    Situation,
    Table,
    aim,
    points_payoffs,
    round_payoffs,
)
from divided.cards import PACK_21, mask_indices
from divided.games.card_commons import actions as act
from divided.games.card_commons.state import Phase
from divided.games.card_commons.view import PlayerView
from divided.hands.batch import strength_array
from divided.hands.three import three_strength_cube

TIE_TOLERANCE = 1e-9
"""Values closer than this are equal when the splits are sorted (then the points decide)."""

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class SplitValue:
    """One split of the viewer's Collection and what it is worth against the opponent's sound build.

    ``value`` is what the splits are ranked by: the chance of winning the match (``match_win``,
    a draw a half) when aiming at the match, this round's expected points margin when aiming at
    points (``match_win`` is then the chance of winning the match with that split); ``points_for`` and
    ``points_against`` are this round's expected points; ``five_win``/``five_tie`` and
    ``three_win``/``three_tie`` the chances of winning and tying each comparison; ``mix`` the
    split's weight in the viewer's own equilibrium strategy (0 off its support)."""

    action: int
    three: int
    five: int
    value: float
    match_win: float
    points_for: float
    points_against: float
    five_win: float
    five_tie: float
    three_win: float
    three_tie: float
    mix: float

    @property
    def five_lose(self) -> float:
        return max(0.0, 1.0 - self.five_win - self.five_tie)

    @property
    def three_lose(self) -> float:
        return max(0.0, 1.0 - self.three_win - self.three_tie)

    @property
    def margin(self) -> float:
        """Expected points for minus against."""
        return self.points_for - self.points_against

    def to_json(self) -> dict[str, str | int | float]:
        """The split's values as JSON scalars (cards in the project's notation)."""
        return {"action": self.action, "five": PACK_21.format_mask(self.five), "three": PACK_21.format_mask(self.three),
                "value": self.value, "match_win": self.match_win, "points_for": self.points_for, "points_against": self.points_against,
                "five_win": self.five_win, "five_tie": self.five_tie, "three_win": self.three_win,
                "three_tie": self.three_tie, "mix": self.mix}


@dataclass(frozen=True, slots=True)
class BuildAnalysis:
    """Every split's value (best first), the aim in words, and how well the game was solved."""

    splits: tuple[SplitValue, ...]
    reason: str
    gap: float
    pivots: int

    @property
    def best(self) -> SplitValue:
        return self.splits[0]


@dataclass(frozen=True, slots=True)
class Splits:
    """The 56 splits of one Collection: 3-card masks (in build-action order) and both strengths."""

    collection: int
    threes: tuple[int, ...]
    five: Ints
    three: Ints
    front: Ints  # indices of the undominated splits (best 5-card hand first)


_POSITIONS = np.array(sorted(combinations(range(8), 3), key=lambda t: t[::-1]), dtype=np.int64)
"""The 56 ways to pick three of eight cards (positions in a sorted Collection), in colex order:
the order of the build actions."""


@lru_cache(maxsize=8192)
def splits_of(collection: int) -> Splits:
    """The 56 splits of an eight-card Collection (mask) with their strengths and Pareto front
    (in build-action order)."""
    if not isinstance(collection, int) or collection.bit_count() != 8 or not 0 <= collection < 1 << PACK_21.size:
        raise ValueError(f"a Collection is eight cards of the pack; got {collection!r}")
    cards = np.array(mask_indices(collection), dtype=np.int64)[_POSITIONS]
    three_masks = np.bitwise_or.reduce(np.left_shift(1, cards), axis=1)
    five = strength_array()[collection ^ three_masks].astype(np.int64)
    three = three_strength_cube()[cards[:, 0], cards[:, 1], cards[:, 2]].astype(np.int64)
    order = np.lexsort((np.arange(56), -three, -five))
    running = np.maximum.accumulate(three[order])
    keep = np.ones(56, dtype=bool)
    keep[1:] = three[order][1:] > running[:-1]
    for array in (five, three):
        array.flags.writeable = False
    return Splits(collection, tuple(three_masks.tolist()), five, three, order[keep])


def is_monotone(table: Table) -> bool:
    """Whether winning a comparison is never worse than tying it, nor tying than losing, the other
    comparison fixed (then a dominated split can be left out soundly)."""
    for a in range(3):
        if not (table[a][WIN] >= table[a][TIE] >= table[a][LOSE]):
            return False
        if not (table[WIN][a] >= table[TIE][a] >= table[LOSE][a]):
            return False
    return True


def _compare(mine: Ints, theirs: Ints) -> Ints:
    """WIN/TIE/LOSE indices of every pair (rows mine, columns theirs)."""
    out: Ints = (1 - np.sign(mine[:, None] - theirs[None, :])).astype(np.int64)
    return out


@dataclass(frozen=True, slots=True)
class Solution:
    """An equilibrium (exact up to rounding): each type's mixed strategy over its own splits (by
    index into its 56), the gap (what the better deviations gain, both sides together: 0 up to
    rounding) and the simplex pivots it took. Where the game has several equilibria this is the
    one the simplex method reaches (deterministically)."""

    mine: tuple[Floats, ...]
    theirs: tuple[Floats, ...]
    gap: float
    pivots: int


def solve(mine: Sequence[int], theirs: Sequence[int], prior: npt.ArrayLike, table: Table, *,
          prune: bool | None = None) -> Solution:
    """Solve the zero-sum build game: my types' Collections ``mine``, theirs ``theirs``, the
    common prior ``prior[my type][their type]`` and my payoff ``table[five][three]`` (theirs is
    its negative, up to a constant). ``prune`` keeps only the undominated splits (default: when
    the table is monotone, which makes it sound)."""
    weights = np.asarray(prior, dtype=np.float64)
    if weights.shape != (len(mine), len(theirs)) or weights.min() < 0 or weights.sum() <= 0:
        raise ValueError("the prior is a non-negative matrix, my types by theirs, with some weight")
    weights = weights / weights.sum()
    pay = np.asarray(table, dtype=np.float64)
    if prune is None:
        prune = is_monotone(table)
    my_splits = [splits_of(c) for c in mine]
    their_splits = [splits_of(c) for c in theirs]
    full = np.arange(56, dtype=np.int64)
    my_rows = [s.front if prune else full for s in my_splits]
    their_cols = [s.front if prune else full for s in their_splits]
    t1, t2 = len(mine), len(theirs)
    shift = 1.0 - float(pay.min())  # every payoff at least 1: the programme's bound is then reached
    my_type = np.concatenate([np.full(len(r), a, dtype=np.int64) for a, r in enumerate(my_rows)])
    their_type = np.concatenate([np.full(len(c), b, dtype=np.int64) for b, c in enumerate(their_cols)])
    my_start = np.concatenate([[0], np.cumsum([len(r) for r in my_rows])])
    their_start = np.concatenate([[0], np.cumsum([len(c) for c in their_cols])])
    row_index = np.concatenate(my_rows)
    col_index = np.concatenate(their_cols)
    rows_five = np.concatenate([s.five for s in my_splits])[my_type * 56 + row_index]
    rows_three = np.concatenate([s.three for s in my_splits])[my_type * 56 + row_index]
    cols_five = np.concatenate([s.five for s in their_splits])[their_type * 56 + col_index]
    cols_three = np.concatenate([s.three for s in their_splits])[their_type * 56 + col_index]
    game = (pay[_compare(rows_five, cols_five), _compare(rows_three, cols_three)] + shift) * weights[
        my_type[:, None], their_type[None, :]]
    sigma, tau, pivots = _simplex(game, my_type, their_type, t1, t2)
    sigma = _per_type(sigma, my_type, t1)
    tau = _per_type(tau, their_type, t2)
    gap = _gap(game, sigma, tau, my_type, their_type, t1, t2)
    out1 = []
    for a, rows in enumerate(my_rows):
        strategy = np.zeros(56)
        strategy[rows] = sigma[my_start[a]:my_start[a + 1]]
        out1.append(strategy)
    out2 = []
    for b, cols in enumerate(their_cols):
        strategy = np.zeros(56)
        strategy[cols] = tau[their_start[b]:their_start[b + 1]]
        out2.append(strategy)
    return Solution(tuple(out1), tuple(out2), gap, pivots)


def _simplex(game: Floats, my_type: Ints, their_type: Ints, t1: int, t2: int) -> tuple[Floats, Floats, int]:
    """The zero-sum game on its agent form by the simplex method.

    ``game`` (rows: my types' splits, columns: theirs, prior-weighted, every entry positive where
    the two types meet) is solved as the linear programme: maximise the sum over their types of
    ``z_b`` subject to ``z_b <= sum of sigma x game[:, c]`` for each column ``c`` of type ``b`` and
    ``sum of sigma <= 1`` for each of my types (with positive payoffs the bound is reached). The
    opponent's strategies are the programme's dual values (each type's sum to 1). Returns my
    strategies and theirs as flat vectors and the number of pivots."""
    n1, n2 = game.shape
    variables = n1 + t2
    rows = n2 + t1
    tableau = np.zeros((rows + 1, variables + rows + 1))
    tableau[:n2, :n1] = -game.T / game.max()  # scaled: the largest entry is 1
    tableau[np.arange(n2), n1 + their_type] = 1.0
    tableau[n2 + my_type, np.arange(n1)] = 1.0
    tableau[:rows, variables:variables + rows] = np.eye(rows)
    tableau[n2:rows, -1] = 1.0
    tableau[rows, n1:variables] = -1.0
    basis = np.arange(variables, variables + rows)
    eps = 1e-9
    pivots = 0
    while True:
        negative = np.flatnonzero(tableau[rows, :-1] < -eps)
        if negative.size == 0:
            break
        if pivots > 50 * (rows + variables):  # pragma: no cover - Bland's rule terminates
            raise ArithmeticError("the build game's simplex did not terminate")
        # Dantzig's rule (the most negative reduced cost) is fast; Bland's (the first) cannot
        # cycle: it takes over if the pivots run long.
        col = int(negative[0]) if pivots > 2 * (rows + variables) else int(negative[np.argmin(tableau[rows, negative])])
        column = tableau[:rows, col]
        candidates = np.flatnonzero(column > eps)
        if candidates.size == 0:  # pragma: no cover - the programme is bounded (sum of sigma <= 1)
            raise ArithmeticError("the build game's programme is unbounded")
        ratios = tableau[candidates, -1] / column[candidates]
        best = ratios.min()
        ties = candidates[ratios <= best + eps]
        row = int(ties[np.argmin(basis[ties])])
        tableau[row] /= tableau[row, col]
        factors = tableau[:, col].copy()
        factors[row] = 0.0
        tableau -= np.outer(factors, tableau[row])
        rhs = tableau[:rows, -1]
        rhs[rhs < eps] = 0.0  # degenerate rows stay exactly feasible
        basis[row] = col
        pivots += 1
    solution = np.zeros(variables + rows)
    solution[basis] = tableau[:rows, -1]
    sigma = np.maximum(solution[:n1], 0.0)
    tau = np.maximum(tableau[rows, variables:variables + n2], 0.0)  # duals (scaling cancels per type)
    return sigma, tau, pivots


def _per_type(flat: Floats, types: Ints, count: int) -> Floats:
    """Normalise a flat strategy vector type by type (uniform where a type has no weight)."""
    totals = np.bincount(types, weights=flat, minlength=count)
    sizes = np.bincount(types, minlength=count).astype(np.float64)
    safe = np.where(totals[types] > 0, totals[types], 1.0)
    out: Floats = np.where(totals[types] > 0, flat / safe, 1.0 / sizes[types])
    return out


def _gap(game: Floats, sigma: Floats, tau: Floats, my_type: Ints, their_type: Ints, t1: int, t2: int) -> float:
    """How much the two best responses to the strategies beat each other: 0 at an equilibrium."""
    u1 = game @ tau
    u2 = sigma @ game
    best1 = np.full(t1, -np.inf)
    np.maximum.at(best1, my_type, u1)
    best2 = np.full(t2, np.inf)
    np.minimum.at(best2, their_type, u2)
    return float(best1.sum() - best2.sum())


def value_splits(collection: int, theirs: Sequence[int], belief: npt.ArrayLike, strategies: Sequence[Floats],
                 table: Table, mix: Floats | None = None, match_table: Table | None = None) -> list[SplitValue]:
    """Each of the 56 splits of ``collection`` against the opponent's types ``theirs`` (their
    Collections, believed with the chances ``belief``) playing ``strategies`` (over their 56
    splits each), best first: by ``table``'s value, then whether ``mix`` (the viewer's equilibrium
    strategy) plays the split at all, the expected points margin, the weight in ``mix``, the
    stronger 5-card hand, the stronger 3-card hand, the action number. ``match_table`` gives ``match_win`` (default: ``table``)."""
    mine = splits_of(collection)
    chances = np.asarray(belief, dtype=np.float64)
    if chances.shape != (len(theirs),) or chances.min() < 0 or abs(chances.sum() - 1) > 1e-9:
        raise ValueError("the belief is one chance per opponent type, summing to 1")
    pay = np.asarray(table, dtype=np.float64)
    their_five, their_three, weight = [], [], []
    for chance, their_collection, strategy in zip(chances, theirs, strategies, strict=True):
        other = splits_of(their_collection)
        cols = np.flatnonzero(np.asarray(strategy) > 0)
        their_five.append(other.five[cols])
        their_three.append(other.three[cols])
        weight.append(chance * np.asarray(strategy)[cols])
    w = np.concatenate(weight)
    five_cmp = _compare(mine.five, np.concatenate(their_five))
    three_cmp = _compare(mine.three, np.concatenate(their_three))
    value = pay[five_cmp, three_cmp] @ w
    match = value if match_table is None else np.asarray(match_table, dtype=np.float64)[five_cmp, three_cmp] @ w
    five = np.stack([(five_cmp == o) @ w for o in (WIN, TIE, LOSE)], axis=1)
    three = np.stack([(three_cmp == o) @ w for o in (WIN, TIE, LOSE)], axis=1)
    points_for = 2 * (five[:, WIN] + five[:, TIE]) + three[:, WIN] + three[:, TIE]
    points_against = 2 * (five[:, LOSE] + five[:, TIE]) + three[:, LOSE] + three[:, TIE]
    own = np.zeros(56) if mix is None else np.asarray(mix, dtype=np.float64)
    actions = [act.build(t) for t in mine.threes]
    order = np.lexsort((np.array(actions), -mine.three, -mine.five, -np.round(own / TIE_TOLERANCE),
                        -np.round((points_for - points_against) / TIE_TOLERANCE), -(own > TIE_TOLERANCE).astype(np.int64),
                        -np.round(value / TIE_TOLERANCE)))
    columns = zip(value.tolist(), match.tolist(), points_for.tolist(), points_against.tolist(), five[:, WIN].tolist(),
                  five[:, TIE].tolist(), three[:, WIN].tolist(), three[:, TIE].tolist(), own.tolist(), strict=True)
    out = [SplitValue(actions[i], mine.threes[i], collection ^ mine.threes[i], *row)
           for i, row in enumerate(columns)]
    return [out[i] for i in order.tolist()]


def _payoff(view: PlayerView, aim_: str, model: RoundModel) -> Table:
    if aim_ == "points":
        return points_payoffs()
    if aim_ != "match":
        raise ValueError(f"the aim is 'match' or 'points', not {aim_!r}")
    return round_payoffs(Situation.from_view(view), model)


def analyse_build(view: PlayerView, *, aim_for: str = "match", model: RoundModel = ROUND_MODEL) -> BuildAnalysis:
    """Every split of the viewer's Collection valued at a build (see the module's docstring).

    ``aim_for="match"`` (the default) values a split by the chance of winning the match;
    ``"points"`` by this round's expected points margin (the opponent then also aims at points)."""
    if view.player is None or view.phase != Phase.BUILD:
        raise ValueError(f"build values need a player's view at the build; this is "
                         f"{'a spectator' if view.player is None else 'player ' + str(view.player)} "
                         f"at the {view.phase} phase")
    me = view.player
    collection = view.collection
    their_face_up = view.face_up[1 - me]
    if collection.bit_count() != 8 or their_face_up.bit_count() != 7 or view.reserved.bit_count() != 1:
        raise ValueError("the build needs both Collections complete (eight cards each, seven face up)")
    pool = ((1 << PACK_21.size) - 1) & ~(view.face_up[0] | view.face_up[1])
    known = view.reserved | view.discards
    unseen = pool & ~known
    if known.bit_count() != 3 or unseen.bit_count() != 4:
        raise ValueError("the view's hidden cards do not add up (three known to the viewer, four unseen)")
    table = _payoff(view, aim_for, model)
    my_types = [1 << c for c in mask_indices(known | unseen)]
    their_types = [(1 << y, 1 << a) for y in mask_indices(unseen) for a in mask_indices(unseen) if a != y]
    prior = np.zeros((len(my_types), len(their_types)))
    for i, x in enumerate(my_types):
        for j, (_, a) in enumerate(their_types):
            if x & (known | a):
                prior[i, j] = 1.0
    mine = [view.face_up[me] | x for x in my_types]
    theirs = [their_face_up | y for y, _ in their_types]
    solution = solve(mine, theirs, prior, table)
    me_type = my_types.index(view.reserved)
    belief = prior[me_type] / prior[me_type].sum()
    splits = value_splits(collection, theirs, belief, solution.theirs, table, solution.mine[me_type],
                          round_payoffs(Situation.from_view(view), model))
    if aim_for == "match":
        reason = aim(Situation.from_view(view)) + _points_differ(splits)
    else:
        reason = "Values are this round's expected points margin (for minus against)."
    return BuildAnalysis(tuple(splits), reason, solution.gap, solution.pivots)


def _points_differ(splits: Sequence[SplitValue]) -> str:
    """A sentence when the split with the most expected points is not the best for the match."""
    best = splits[0]
    most = max(splits, key=lambda v: round(v.margin / TIE_TOLERANCE))
    if round(most.margin / TIE_TOLERANCE) <= round(best.margin / TIE_TOLERANCE) or most.match_win >= best.match_win:
        return ""
    fmt = PACK_21.format_mask
    return (f" Here the aim changes the build: {fmt(most.five)} | {fmt(most.three)} has the better points "
            f"margin ({most.points_for:.2f} to {most.points_against:.2f} expected, against "
            f"{best.points_for:.2f} to {best.points_against:.2f}) but wins the match less often "
            f"({100 * most.match_win:.1f}% against {100 * best.match_win:.1f}%).")


def build_values(view: PlayerView, *, aim_for: str = "match", model: RoundModel = ROUND_MODEL) -> list[SplitValue]:
    """The 56 splits of the viewer's Collection, best first (see :func:`analyse_build`)."""
    return list(analyse_build(view, aim_for=aim_for, model=model).splits)


def build_mix(view: PlayerView, *, aim_for: str = "match", model: RoundModel = ROUND_MODEL) -> dict[int, float]:
    """The viewer's own equilibrium strategy at the build (build action to chance, every legal
    build listed): for a bot that samples instead of always playing :func:`best_build`."""
    return {v.action: v.mix for v in analyse_build(view, aim_for=aim_for, model=model).splits}


def best_build(view: PlayerView, *, aim_for: str = "match", model: RoundModel = ROUND_MODEL) -> int:
    """The build action of the best split (``actions.build(three)``)."""
    return build_values(view, aim_for=aim_for, model=model)[0].action


__all__ = [
    "TIE_TOLERANCE",
    "BuildAnalysis",
    "Solution",
    "SplitValue",
    "Splits",
    "analyse_build",
    "best_build",
    "build_mix",
    "build_values",
    "is_monotone",
    "solve",
    "splits_of",
    "value_splits",
]
