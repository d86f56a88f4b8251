"""The solved endgame as a player uses it: one solve per round-5 start, then look-ups.

:func:`solve_endgame` reads the view's round-5 start (:func:`~.roots.round5_start`), builds the
subgame's roots (two-sided within ``cap``, see :mod:`~.roots`), runs CFR+ until NashConv is at
most ``target`` or ``max_iterations`` are run (no clock is read: the same view always gets the
same strategy, whoever asks), and caches the result. Every later round-5 decision of the same
player in the same game (the choice, both reserve turns) reads the same solution, so the
player's round-5 strategy is one consistent strategy, not a patchwork of separate solves.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from divided.bots.divided_ranks.endgame.roots import (
    DecisionPoint,
    Round5Start,
    decision_point,
    in_endgame,
    round5_start,
    subgame_roots,
)
from divided.bots.divided_ranks.endgame.solver import OFF_PATH, REFINE_THRESHOLDS, CFRSolver, SolveReport
from divided.bots.divided_ranks.endgame.tree import Round5Tree
from divided.games.divided_ranks.state import Phase
from divided.games.divided_ranks.view import PlayerView


@dataclass(frozen=True, slots=True)
class EndgameSettings:
    """How hard to solve: ``cap`` root histories at most (two-sided within it), stop at NashConv
    ``target`` (in payoff points: a win +1, a loss -1) checked every ``check_every`` iterations,
    or after ``max_iterations``; ``salt`` picks the sample of our alternative hands when the
    two-sided subgame is truncated."""

    cap: int = 630
    target: float = 0.02
    max_iterations: int = 400
    check_every: int = 10
    salt: int = 0


@dataclass(frozen=True)
class Endgame:
    """A solved round-5 subgame from one player's side."""

    start: Round5Start
    tree: Round5Tree
    solver: CFRSolver
    report: SolveReport
    two_sided: bool
    average: tuple[np.ndarray, ...]
    """CFR's average strategy: what the beliefs are read from (a deviation's hands are weighed
    by how the average plays them, not by a best response's sharper guess)."""
    target: float = EndgameSettings().target
    """The solve's NashConv target, which the played strategy keeps (see :attr:`strategy`)."""

    @cached_property
    def refinement(self) -> tuple[float, tuple[np.ndarray, ...]]:
        """The own-reach threshold the played strategy uses and the strategy: of
        :data:`~.solver.REFINE_THRESHOLDS`, the largest whose refined strategy
        (:meth:`~.solver.CFRSolver.refined`) has NashConv at most :attr:`target` (else the least,
        :data:`~.solver.OFF_PATH`, whose change to NashConv is at most a few times 0.001).

        Only this side's player is refined: the other player's part is the average, which the
        beliefs and this player's mix on its path answer to. (Refining the opponent's model as
        well made its values after an unlikely opponent move disagree with the mix there: 3 of
        200 mixed decisions of a random-play search, by 7 to 17 points.)"""
        for threshold in REFINE_THRESHOLDS:
            refined = tuple(self.solver.refined(self.average, threshold=threshold, player=self.start.player))
            if threshold == OFF_PATH or self.solver.nash_conv(list(refined)) <= self.target:
                return threshold, refined
        raise AssertionError("REFINE_THRESHOLDS ends with OFF_PATH")

    @property
    def strategy(self) -> tuple[np.ndarray, ...]:
        """What each player plays, as this side sees it: CFR's average, with best responses
        where this side's player has left its own solved play (own reach below
        :attr:`refinement`'s threshold). Computed on first
        use (tens of milliseconds to a few tenths of a second): a bot that follows its own
        solved play reads the average's identical rows and never waits for it."""
        return self.refinement[1]

    def point(self, view: PlayerView) -> DecisionPoint:
        return decision_point(view, self.start)

    def policy(self, view: PlayerView) -> dict[int, float]:
        """The solved mixed strategy at ``view``'s decision: each game action's probability.

        It is CFR's average strategy, off the path of the other player's solved play too:
        NashConv bounds what any deviation into such a decision can gain against it. (Replacing
        it there by a best response to the belief the solved play implies was tried and
        measured: a deviating opponent exploits that belief, NashConv 0.1 to 0.4 on 10 of 80
        rounds=1 studies, all blind.) Off the player's *own* solved play (its own earlier moves
        in the round reach the decision with probability below :attr:`refinement`'s threshold,
        as when a player ignores a hint) the average says little, and the strategy is a best
        response there instead (:meth:`~.solver.CFRSolver.refined`)."""
        point = self.point(view)
        state = self.tree.layers[point.layer].index(point.key)
        on_path = self.solver.own_reach(point.layer, state, self.average) >= REFINE_THRESHOLDS[0]
        row = (self.average if on_path else self.strategy)[point.layer][state]  # the same where on path
        return {action: float(p) for action, p in zip(point.actions, row, strict=True)}

    def reaches(self, view: PlayerView) -> tuple[float, float]:
        """How the solved play (CFR's average) leads into ``view``'s decision: the chance that
        the player's own moves in the round do, and that the other player's do (each given that
        the rest does). Below :data:`~.solver.OFF_PATH` the player, or the opponent, has left
        the solved play: :meth:`policy` is then a best response (also a little above it: see
        :attr:`refinement`), or still the equilibrium's mix (which deters such deviations),
        whose :meth:`win_chances` rest on how the average plays the opponent's unlikely move."""
        point = self.point(view)
        state = self.tree.layers[point.layer].index(point.key)
        own = self.solver.own_reach(point.layer, state, self.average)
        return own, self.solver.belief(point.layer, state, self.average)[2]

    def win_chances(self, view: PlayerView) -> dict[int, float]:
        """Each action's chance to win (a draw half) for ``view``'s player at its decision, both
        players following the solved strategy afterwards, over the player's belief there."""
        point = self.point(view)
        state = self.tree.layers[point.layer].index(point.key)
        payoff = self.solver.action_values(point.layer, state, self.strategy, self.average)
        return {action: float((1.0 + v) / 2.0) for action, v in zip(point.actions, payoff, strict=True)}

    def value(self) -> float:
        """The subgame's value for our player, as a chance to win (a draw half)."""
        sign = 1.0 if self.start.player == 0 else -1.0
        return (1.0 + sign * self.solver.value(self.strategy)) / 2.0


def is_endgame(view: PlayerView) -> bool:
    """Whether ``view`` is a decision of the solved endgame (round 5: split, choose, reserve)."""
    return (view.player is not None and in_endgame(view) and view.current_player == view.player
            and view.phase in (Phase.SPLIT, Phase.CHOOSE, Phase.RESERVE))


_CACHE: OrderedDict[tuple[Round5Start, EndgameSettings], Endgame] = OrderedDict()
_CACHE_SIZE = 32
_SOLVING: dict[tuple[Round5Start, EndgameSettings], threading.Event] = {}
_LOCK = threading.Lock()
_generation = 0  # counts clear(): a solve begun before the last clear() is not cached


def _rng(start: Round5Start, settings: EndgameSettings) -> np.random.Generator:
    digest = hashlib.blake2b(f"divided-endgame:{settings.salt}:{start!r}".encode(), digest_size=16).digest()
    return np.random.default_rng(int.from_bytes(digest, "big"))


def cached(start: Round5Start, settings: EndgameSettings = EndgameSettings()) -> Endgame | None:
    """The solved subgame of ``start`` if it is in the cache (``None`` otherwise)."""
    with _LOCK:
        return _CACHE.get((start, settings))


def solve_start(start: Round5Start, settings: EndgameSettings = EndgameSettings()) -> Endgame:
    """Solve (or fetch from the cache) the subgame of ``start``.

    Thread-safe, and each subgame is solved once: a caller that asks while another thread is
    solving the same subgame (a server pondering it on the opponent's time, say) waits for that
    solve instead of starting its own. The result does not depend on who solved it."""
    key = (start, settings)
    while True:
        with _LOCK:
            found = _CACHE.get(key)
            if found is not None:
                _CACHE.move_to_end(key)
                return found
            running = _SOLVING.get(key)
            if running is None:
                done = _SOLVING[key] = threading.Event()
                generation = _generation
                break
        running.wait()  # then the cache has it (unless that solve failed: then solve here)
    try:
        endgame = _solve(start, settings)
        with _LOCK:
            if generation == _generation:
                _CACHE[key] = endgame
                while len(_CACHE) > _CACHE_SIZE:
                    _CACHE.popitem(last=False)
    finally:
        with _LOCK:
            del _SOLVING[key]
        done.set()
    return endgame


def clear() -> None:
    """Forget every cached solve, and keep none of those running now (a server calls this when
    a player's data is deleted: a subgame holds that game's cards)."""
    global _generation
    with _LOCK:
        _CACHE.clear()
        _generation += 1


def _solve(start: Round5Start, settings: EndgameSettings) -> Endgame:
    roots, two_sided = subgame_roots(start, cap=settings.cap, rng=_rng(start, settings))
    tree = Round5Tree(roots, splitter=start.splitter, reserve_first=start.reserve_first,
                      face_up_swap=start.face_up_swap, scoring=start.scoring)
    solver = CFRSolver(tree)
    report = solver.solve(target=settings.target, max_iterations=settings.max_iterations,
                          check_every=settings.check_every)
    return Endgame(start, tree, solver, report, two_sided, tuple(solver.average()), settings.target)


def solve_endgame(view: PlayerView, settings: EndgameSettings = EndgameSettings()) -> Endgame:
    """The solved subgame of ``view``'s player's round-5 start."""
    return solve_start(round5_start(view), settings)


def endgame_policy(view: PlayerView, legal: Sequence[int],
                   settings: EndgameSettings = EndgameSettings()) -> dict[int, float]:
    """The solved strategy at ``view`` over ``legal`` (which must be the decision's actions)."""
    policy = solve_endgame(view, settings).policy(view)
    if set(policy) != set(legal):
        raise ValueError("the legal actions do not match the endgame decision")
    return {action: policy[action] for action in legal}


def warm_up() -> None:
    """Load (or compile) the solver's loops by solving a small subgame once: a few seconds the
    first time in a process, which a server spends at start-up rather than on a player's move."""
    from divided.bots.divided_ranks.endgame.tree import Roots

    hands = (np.array([0xFF]), np.array([0xFF00]))
    roots = Roots(hands, np.array([0xF0000]), np.array([20]), np.ones(1))
    solver = CFRSolver(Round5Tree(roots, splitter=0, reserve_first=1, face_up_swap=False))
    solver.solve(target=0.0, max_iterations=5)
