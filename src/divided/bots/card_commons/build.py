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
* *Assumed.* The game is solved with the opponent's types ``(y, a)`` (twelve) and the
  viewer's types the seven cards of ``K`` and ``U`` that the opponent may think reserved (a
  viewer type ``x`` believes the opponent's type uniform over the ``(y, a)`` that leave ``x``
  possible: all twelve for ``x`` in ``K``, the three with ``a = x`` for ``x`` in ``U``). This is
  the common prior conditioned on what the viewer knows (the opponent's hidden cards are three of
  ``U``): the viewer's and the opponent's beliefs are exact; what the opponent thinks the viewer
  believes is simplified. The opponent "builds soundly": they play their part of an equilibrium
  of this zero-sum game, found by regret matching+ (CFR+, alternating updates, linear averaging)
  until neither side can gain more than ``TOLERANCE`` (the gap is reported). A split whose
  5-card and 3-card hands are both no stronger than another's of the same Collection is never
  better whatever the opponent does (the payoff is monotone in each comparison, checked), so only
  each type's undominated splits (its Pareto front) enter the solver; the viewer's 56 splits
  are all valued against the opponent's equilibrium strategy under the viewer's exact belief.

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
>>> len(values), values[0].match_win >= values[-1].match_win
(56, True)
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
from divided.hands.five import strength_of_mask
from divided.hands.three import strength3_of_mask

TOLERANCE = 1e-4
"""The solver stops when neither side can gain more than this (in the payoff's units) by
deviating from the average strategies."""
MAX_ITERATIONS = 4000
CHECK_EVERY = 25

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class SplitValue:
    """One split of the viewer's Collection and what it is worth against the opponent's sound build.

    ``match_win`` is the chance of winning the match (a draw a half); ``points_for`` and
    ``points_against`` are this round's expected points; ``five_win``/``five_tie`` and
    ``three_win``/``three_tie`` the chances of winning and tying each comparison; ``mix`` the
    split's weight in the viewer's own equilibrium strategy (0 off its support)."""

    action: int
    three: int
    five: int
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
                "match_win": self.match_win, "points_for": self.points_for, "points_against": self.points_against,
                "five_win": self.five_win, "five_tie": self.five_tie, "three_win": self.three_win,
                "three_tie": self.three_tie, "mix": self.mix}


@dataclass(frozen=True, slots=True)
class BuildAnalysis:
    """Every split's value (best first), the aim in words, and how well the game was solved."""

    splits: tuple[SplitValue, ...]
    reason: str
    gap: float
    iterations: int

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


@lru_cache(maxsize=8192)
def splits_of(collection: int) -> Splits:
    """The 56 splits of an eight-card Collection (mask) with their strengths and Pareto front."""
    if collection.bit_count() != 8 or collection >> PACK_21.size:
        raise ValueError(f"a Collection is eight cards of the pack; got {PACK_21.format_mask(collection) or 'none'}")
    cards = [1 << c for c in mask_indices(collection)]
    threes = sorted((a | b | c for a, b, c in combinations(cards, 3)), key=act.build)
    five = np.array([strength_of_mask(collection ^ t) for t in threes], dtype=np.int64)
    three = np.array([strength3_of_mask(t) for t in threes], dtype=np.int64)
    order = sorted(range(len(threes)), key=lambda i: (-five[i], -three[i], i))
    front: list[int] = []
    best_three = -1
    for i in order:
        if three[i] > best_three:
            front.append(i)
            best_three = int(three[i])
    for array in (five, three):
        array.flags.writeable = False
    return Splits(collection, tuple(threes), five, three, np.array(front, dtype=np.int64))


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


def _block(table: Floats, mine: Splits, rows: Ints, theirs: Splits, cols: Ints) -> Floats:
    """The payoff to me of my splits ``rows`` against their splits ``cols``."""
    five = _compare(mine.five[rows], theirs.five[cols])
    three = _compare(mine.three[rows], theirs.three[cols])
    return table[five, three]


@dataclass(frozen=True, slots=True)
class Solution:
    """An approximate equilibrium: each type's mixed strategy over its own splits (by index into
    its 56), the gap (what the better deviation gains, summed over both sides) and the iterations."""

    mine: tuple[Floats, ...]
    theirs: tuple[Floats, ...]
    gap: float
    iterations: int


def solve(mine: Sequence[int], theirs: Sequence[int], prior: npt.ArrayLike, table: Table, *,
          tolerance: float = TOLERANCE, max_iterations: int = MAX_ITERATIONS, prune: bool | None = None) -> Solution:
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
    f1 = max(len(r) for r in my_rows)
    f2 = max(len(c) for c in their_cols)
    t1, t2 = len(mine), len(theirs)
    game = np.zeros((t1, f1, t2, f2))
    cache: dict[tuple[int, int], Floats] = {}
    for a in range(t1):
        for b in range(t2):
            if weights[a, b] == 0:
                continue
            key = (mine[a], theirs[b])
            block = cache.get(key)
            if block is None:
                block = cache[key] = _block(pay, my_splits[a], my_rows[a], their_splits[b], their_cols[b])
            game[a, : len(my_rows[a]), b, : len(their_cols[b])] = weights[a, b] * block
    valid1 = np.zeros((t1, f1))
    valid2 = np.zeros((t2, f2))
    for a, rows in enumerate(my_rows):
        valid1[a, : len(rows)] = 1.0
    for b, cols in enumerate(their_cols):
        valid2[b, : len(cols)] = 1.0
    sigma, tau, gap, iterations = _cfr_plus(game.reshape(t1 * f1, t2 * f2), valid1, valid2, tolerance,
                                            max_iterations)
    out1 = []
    for a, rows in enumerate(my_rows):
        strategy = np.zeros(56)
        strategy[rows] = sigma[a, : len(rows)]
        out1.append(strategy)
    out2 = []
    for b, cols in enumerate(their_cols):
        strategy = np.zeros(56)
        strategy[cols] = tau[b, : len(cols)]
        out2.append(strategy)
    return Solution(tuple(out1), tuple(out2), gap, iterations)


def _normalise(regret: Floats, valid: Floats) -> Floats:
    total = regret.sum(axis=1, keepdims=True)
    uniform = valid / valid.sum(axis=1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(total > 0, regret / np.where(total > 0, total, 1.0), uniform)


def _cfr_plus(game: Floats, valid1: Floats, valid2: Floats, tolerance: float,
              max_iterations: int) -> tuple[Floats, Floats, float, int]:
    """Regret matching+ with alternating updates and linearly weighted averages on the agent form
    (rows: my types x splits, columns: theirs; entries weighted by the prior). Returns the average
    strategies, the gap at them and the iterations run."""
    t1, f1 = valid1.shape
    t2, f2 = valid2.shape
    regret1 = np.zeros((t1, f1))
    regret2 = np.zeros((t2, f2))
    sum1 = np.zeros((t1, f1))
    sum2 = np.zeros((t2, f2))
    tau = _normalise(regret2, valid2)
    gap = np.inf
    iteration = 0
    while iteration < max_iterations:
        iteration += 1
        sigma = _normalise(regret1, valid1)
        u1 = (game @ tau.reshape(-1)).reshape(t1, f1)
        regret1 = np.maximum(regret1 + (u1 - (sigma * u1).sum(axis=1, keepdims=True)) * valid1, 0.0)
        sigma = _normalise(regret1, valid1)
        sum1 += iteration * sigma
        u2 = -(sigma.reshape(-1) @ game).reshape(t2, f2)
        regret2 = np.maximum(regret2 + (u2 - (tau * u2).sum(axis=1, keepdims=True)) * valid2, 0.0)
        tau = _normalise(regret2, valid2)
        sum2 += iteration * tau
        if iteration % CHECK_EVERY == 0 or iteration == max_iterations:
            gap = _gap(game, _normalise(sum1, valid1), _normalise(sum2, valid2), valid1, valid2)
            if gap <= tolerance:
                break
    avg1, avg2 = _normalise(sum1, valid1), _normalise(sum2, valid2)
    return avg1, avg2, float(gap), iteration


def _gap(game: Floats, sigma: Floats, tau: Floats, valid1: Floats, valid2: Floats) -> float:
    """How much the two best responses to the strategies beat each other: 0 at an equilibrium."""
    t1, f1 = valid1.shape
    t2, f2 = valid2.shape
    u1 = (game @ tau.reshape(-1)).reshape(t1, f1)
    u2 = (sigma.reshape(-1) @ game).reshape(t2, f2)
    best1 = np.where(valid1 > 0, u1, -np.inf).max(axis=1).sum()
    best2 = np.where(valid2 > 0, u2, np.inf).min(axis=1).sum()
    return float(best1 - best2)


def value_splits(collection: int, theirs: Sequence[int], belief: npt.ArrayLike, strategies: Sequence[Floats],
                 table: Table, mix: Floats | None = None) -> list[SplitValue]:
    """Each of the 56 splits of ``collection`` against the opponent's types ``theirs`` (their
    Collections, believed with the chances ``belief``) playing ``strategies`` (over their 56
    splits each), best first (by ``table``'s value, then the expected points margin, then the
    stronger 5-card hand, the stronger 3-card hand, the action number)."""
    mine = splits_of(collection)
    chances = np.asarray(belief, dtype=np.float64)
    if chances.shape != (len(theirs),) or chances.min() < 0 or abs(chances.sum() - 1) > 1e-9:
        raise ValueError("the belief is one chance per opponent type, summing to 1")
    pay = np.asarray(table, dtype=np.float64)
    value = np.zeros(56)
    five = np.zeros((56, 3))
    three = np.zeros((56, 3))
    everything = np.arange(56, dtype=np.int64)
    for chance, their_collection, strategy in zip(chances, theirs, strategies, strict=True):
        if chance == 0:
            continue
        other = splits_of(their_collection)
        cols = np.flatnonzero(strategy > 0)
        weight = chance * strategy[cols]
        five_cmp = _compare(mine.five, other.five[cols])
        three_cmp = _compare(mine.three, other.three[cols])
        value += pay[five_cmp, three_cmp] @ weight
        for outcome in (WIN, TIE, LOSE):
            five[:, outcome] += (five_cmp == outcome) @ weight
            three[:, outcome] += (three_cmp == outcome) @ weight
    own = np.zeros(56) if mix is None else mix
    out = []
    for i in everything:
        points_for = 2 * (five[i, WIN] + five[i, TIE]) + three[i, WIN] + three[i, TIE]
        points_against = 2 * (five[i, LOSE] + five[i, TIE]) + three[i, LOSE] + three[i, TIE]
        t = mine.threes[i]
        out.append(SplitValue(act.build(t), t, collection ^ t, float(value[i]), float(points_for),
                              float(points_against), float(five[i, WIN]), float(five[i, TIE]), float(three[i, WIN]),
                              float(three[i, TIE]), float(own[i])))
    order = sorted(range(56), key=lambda i: (-round(out[i].match_win, 9), -round(out[i].margin, 9),
                                             -int(mine.five[i]), -int(mine.three[i]), out[i].action))
    return [out[i] for i in order]


def _payoff(view: PlayerView, aim_: str, model: RoundModel) -> Table:
    if aim_ == "points":
        return points_payoffs()
    if aim_ != "match":
        raise ValueError(f"the aim is 'match' or 'points', not {aim_!r}")
    return round_payoffs(Situation.from_view(view), model)


def analyse_build(view: PlayerView, *, aim_for: str = "match", model: RoundModel = ROUND_MODEL,
                  tolerance: float = TOLERANCE) -> BuildAnalysis:
    """Every split of the viewer's Collection valued at a build (see the module's docstring).

    ``aim_for="match"`` (the default) values a split by the chance of winning the match;
    ``"points"`` by this round's expected points margin (``match_win`` then holds that margin)."""
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
    solution = solve(mine, theirs, prior, table, tolerance=tolerance)
    me_type = my_types.index(view.reserved)
    belief = prior[me_type] / prior[me_type].sum()
    splits = value_splits(collection, theirs, belief, solution.theirs, table, solution.mine[me_type])
    reason = aim(Situation.from_view(view)) if aim_for == "match" else "Values are this round's expected points margin."
    return BuildAnalysis(tuple(splits), reason, solution.gap, solution.iterations)


def build_values(view: PlayerView, *, aim_for: str = "match", model: RoundModel = ROUND_MODEL) -> list[SplitValue]:
    """The 56 splits of the viewer's Collection, best first (see :func:`analyse_build`)."""
    return list(analyse_build(view, aim_for=aim_for, model=model).splits)


def best_build(view: PlayerView, *, aim_for: str = "match", model: RoundModel = ROUND_MODEL) -> int:
    """The build action of the best split (``actions.build(three)``)."""
    return build_values(view, aim_for=aim_for, model=model)[0].action


__all__ = [
    "TOLERANCE",
    "BuildAnalysis",
    "Solution",
    "SplitValue",
    "Splits",
    "analyse_build",
    "best_build",
    "build_values",
    "is_monotone",
    "solve",
    "splits_of",
    "value_splits",
]
