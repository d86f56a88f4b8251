"""Predictive CFR+ over a :class:`~divided.bots.divided_ranks.endgame.tree.Round5Tree`.

The iterations run in compiled loops (:mod:`~.kernel`, with numba; :mod:`~.kernel_numpy`, the
same loops in numpy, without it): alternating updates (player 0, then
player 1, each against the other's current strategy), regret matching+ on the regrets plus a
prediction (the last instantaneous regrets: predictive CFR+, Farina, Kroer and Sandholm 2021),
regrets floored at zero, and the average strategy weighted by the iteration's square. Leaves
are int8 payoffs, so one pass over the largest tree (914,760 leaves) reads under a megabyte.

The evaluation (values, each action's value, best responses, NashConv) is numpy over the same
layers: :func:`numpy.bincount` sums nodes into their information states. The two
implementations of the best response check each other in the tests.

The average strategy converges to a Nash equilibrium of the subgame; :meth:`CFRSolver.nash_conv`
measures how far it is (the sum of both players' best-response gains, in points of payoff,
where a win is +1 and a loss -1: half that in win chance).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from divided.bots.divided_ranks.endgame import kernel_numpy
from divided.bots.divided_ranks.endgame.tree import Layer, Round5Tree

Floats = NDArray[np.float64]
OFF_PATH = 1e-3
"""Own reach below which :meth:`CFRSolver.refined` counts an information state as off its
player's solved path (that player's own earlier play in the subgame almost never leads there)
by default, and the least such threshold the played strategy uses (see :data:`REFINE_THRESHOLDS`)."""
REFINE_THRESHOLDS = (0.05, 0.02, 0.01, 0.005, 0.002, OFF_PATH)
"""The own-reach thresholds a played strategy tries, largest first: the largest whose refined
strategy keeps the solve's NashConv target is played (:attr:`~.policy.Endgame.strategy`)."""
LOOPS: Any
try:
    from divided.bots.divided_ranks.endgame import kernel as _compiled

    LOOPS = _compiled
except ImportError:  # numba (the ``fast`` extra) is not installed: the same loops in numpy
    LOOPS = kernel_numpy
"""The inner loops every solver uses by default: numba's compiled :mod:`~.kernel` when numba is
installed, else :mod:`~.kernel_numpy` (typed ``Any``: numba's dispatchers are typed by what
they compile, not by annotations)."""


@dataclass(frozen=True, slots=True)
class SolveReport:
    """How a solve ended: iterations run, the last NashConv measured and whether it met the target."""

    iterations: int
    nash_conv: float
    converged: bool


class CFRSolver:
    """Regrets and average strategies of every information state of ``tree``."""

    def __init__(self, tree: Round5Tree, loops: Any = None) -> None:
        self.tree = tree
        self.loops = LOOPS if loops is None else loops
        self.iterations = 0
        shapes = [(layer.states, layer.actions) for layer in tree.layers]
        self.regret = [np.zeros(shape) for shape in shapes]
        self.total = [np.zeros(shape) for shape in shapes]
        self._instant = [np.zeros(shape) for shape in shapes]
        self._sigma = [np.zeros(shape) for shape in shapes]
        self._scratch = tuple([np.zeros(n) for n in tree.nodes] for _ in range(3))
        for own in self._scratch[1][:1]:
            own[:] = 1.0  # the root's own reach
        self._scratch[0][0][:] = tree.chance  # the root's other reach: chance
        self._q = [np.zeros(shape) for shape in shapes]
        self._payoff = tree.payoff.astype(np.int8, copy=False)

    # -- strategies ---------------------------------------------------------------------------
    @staticmethod
    def _normalise(weights: Floats) -> Floats:
        sums = weights.sum(1, keepdims=True)
        return np.where(sums > 0, weights / np.where(sums > 0, sums, 1.0), 1.0 / weights.shape[1])

    def current(self) -> list[Floats]:
        """The strategy the next update plays: regret matching+ on regrets plus prediction."""
        for regret, instant, sigma in zip(self.regret, self._instant, self._sigma, strict=True):
            self.loops.regret_match(regret, instant, sigma)
        return [sigma.copy() for sigma in self._sigma]

    def average(self) -> list[Floats]:
        """The average strategy (what converges to equilibrium), per layer and state."""
        return [self._normalise(t) for t in self.total]

    # -- iterations ---------------------------------------------------------------------------
    def iterate(self, count: int = 1) -> None:
        """Run ``count`` iterations (each updates player 0, then player 1)."""
        loops, tree = self.loops, self.tree
        other, own, values = self._scratch
        last = len(tree.layers) - 1
        for _ in range(count):
            self.iterations += 1
            weight = float(self.iterations) ** 2  # quadratic averaging
            for player in (0, 1):
                for regret, instant, sigma in zip(self.regret, self._instant, self._sigma, strict=True):
                    loops.regret_match(regret, instant, sigma)
                for i, layer in enumerate(tree.layers[:last]):
                    loops.forward(layer.player == player, layer.info, self._sigma[i], other[i], own[i],
                                  other[i + 1], own[i + 1])
                for i in range(last, -1, -1):
                    layer = tree.layers[i]
                    child, sign = (self._payoff, 1.0 if player == 0 else -1.0) if i == last else (values[i + 1], 1.0)
                    loops.backward(layer.player == player, sign, layer.info, self._sigma[i], child, values[i],
                                   other[i], own[i], weight, self.regret[i], self.total[i], self._instant[i])

    def solve(self, *, target: float, max_iterations: int, check_every: int = 5) -> SolveReport:
        """Iterate until NashConv (measured every ``check_every`` iterations and at the end) is at
        most ``target`` or ``max_iterations`` are run. Deterministic: no clock is read."""
        nash_conv = float("inf")
        while self.iterations < max_iterations:
            self.iterate(min(check_every, max_iterations - self.iterations))
            nash_conv = self.nash_conv()
            if nash_conv <= target:
                return SolveReport(self.iterations, nash_conv, True)
        if nash_conv == float("inf"):
            nash_conv = self.nash_conv()
        return SolveReport(self.iterations, nash_conv, nash_conv <= target)

    def nash_conv(self, strategies: Sequence[Floats] | None = None) -> float:
        """The sum of both players' best-response values against ``strategies`` (default: the
        average); 0 exactly at an equilibrium. By the compiled loops; :meth:`nash_conv_numpy`
        is the same by :meth:`best_response_value`, written independently in numpy."""
        loops, tree = self.loops, self.tree
        strategies = [np.ascontiguousarray(s) for s in (self.average() if strategies is None else strategies)]
        other, own, values = self._scratch
        last = len(tree.layers) - 1
        total = 0.0
        for player in (0, 1):
            for i, layer in enumerate(tree.layers[:last]):
                loops.forward(layer.player == player, layer.info, strategies[i], other[i], own[i],
                              other[i + 1], own[i + 1])
            for i in range(last, -1, -1):
                layer = tree.layers[i]
                child, sign = (self._payoff, 1.0 if player == 0 else -1.0) if i == last else (values[i + 1], 1.0)
                loops.best(layer.player == player, sign, layer.info, strategies[i], child, values[i], other[i],
                           self._q[i])
            total += float(tree.chance @ values[0])
        return total

    # -- evaluation ---------------------------------------------------------------------------
    def node_values(self, strategies: Sequence[Floats] | None = None) -> list[Floats]:
        """Player 0's expected payoff at every node of every layer (index 4: the leaves)."""
        tree = self.tree
        strategies = self.average() if strategies is None else strategies
        values: list[Floats] = [np.empty(0)] * (len(tree.layers) + 1)
        values[-1] = tree.payoff.astype(np.float64)
        for i in range(len(tree.layers) - 1, -1, -1):
            layer = tree.layers[i]
            children = values[i + 1].reshape(-1, layer.actions)
            values[i] = np.einsum("ij,ij->i", strategies[i][layer.info], children)
        return values

    def value(self, strategies: Sequence[Floats] | None = None) -> float:
        """Player 0's expected payoff at the root under ``strategies`` (default: the average)."""
        return float(self.tree.chance @ self.node_values(strategies)[0])

    def belief(self, layer_index: int, state: int, strategies: Sequence[Floats] | None = None
               ) -> tuple[NDArray[np.intp], Floats, float]:
        """The nodes of information state ``state`` of layer ``layer_index``, each weighted by
        chance and the other player's reach under ``strategies`` (default: the average), and the
        chance that the other player's play leads into the state when chance does
        (0 when it never does)."""
        tree = self.tree
        strategies = self.average() if strategies is None else strategies
        player = tree.layers[layer_index].player
        other = tree.chance.copy()
        for i in range(layer_index):
            layer = tree.layers[i]
            if layer.player == player:
                other = np.repeat(other, layer.actions)
            else:
                other = (other[:, None] * strategies[i][layer.info]).reshape(-1)
        layer = tree.layers[layer_index]
        nodes = np.flatnonzero(layer.info == state)
        chance = np.repeat(tree.chance, len(layer.info) // len(tree.chance))[nodes]
        weight = other[nodes]
        return nodes, weight, float(weight.sum() / chance.sum())

    def own_reach(self, layer_index: int, state: int, strategies: Sequence[Floats] | None = None) -> float:
        """The chance that the acting player's own play under ``strategies`` (default: the
        average) leads into information state ``state`` of layer ``layer_index`` when chance and
        the other player do (the same at each of the state's nodes: a player remembers its moves)."""
        tree = self.tree
        strategies = self.average() if strategies is None else strategies
        player = tree.layers[layer_index].player
        node = int(np.flatnonzero(tree.layers[layer_index].info == state)[0])
        steps = []
        for i in range(layer_index - 1, -1, -1):
            layer = tree.layers[i]
            node, action = divmod(node, layer.actions)
            if layer.player == player:
                steps.append(strategies[i][layer.info[node], action])
        reach = np.float64(1.0)
        for step in reversed(steps):  # root first: the products :meth:`refined` forms, bit for bit
            reach = reach * step
        return float(reach)

    def action_values(self, layer_index: int, state: int, strategies: Sequence[Floats] | None = None,
                      beliefs: Sequence[Floats] | None = None) -> Floats:
        """The acting player's expected payoff of each action at information state ``state`` of
        layer ``layer_index``, over the nodes of that state weighted by chance and the other
        player's reach under ``beliefs`` (default: ``strategies``; the player's belief there:
        :meth:`belief`), everyone playing ``strategies`` afterwards (default: the average). If
        the other player never lets the state be reached, chance alone weighs its nodes (every
        consistent deal equally likely)."""
        tree = self.tree
        strategies = self.average() if strategies is None else strategies
        layer = tree.layers[layer_index]
        nodes, weight, _ = self.belief(layer_index, state, strategies if beliefs is None else beliefs)
        children = self.node_values(strategies)[layer_index + 1].reshape(-1, layer.actions)[nodes]
        sign = 1.0 if layer.player == 0 else -1.0
        if weight.sum() <= 0:
            weight = np.repeat(tree.chance, len(layer.info) // len(tree.chance))[nodes]
        return np.asarray(sign * (weight @ children) / weight.sum(), dtype=np.float64)

    def best_response_value(self, strategies: Sequence[Floats], player: int) -> float:
        """``player``'s expected payoff when it best-responds to the other's part of ``strategies``."""
        tree = self.tree
        other = tree.chance.copy()
        others = []
        for i, layer in enumerate(tree.layers):
            others.append(other)
            if layer.player == player:
                other = np.repeat(other, layer.actions)
            else:
                other = (other[:, None] * strategies[i][layer.info]).reshape(-1)
        value = tree.payoff.astype(np.float64) * (1.0 if player == 0 else -1.0)
        for i in range(len(tree.layers) - 1, -1, -1):
            layer = tree.layers[i]
            children = value.reshape(-1, layer.actions)
            if layer.player == player:
                size = layer.states * layer.actions
                flat = (layer.info[:, None] * layer.actions + np.arange(layer.actions)).reshape(-1)
                q = np.bincount(flat, (others[i][:, None] * children).reshape(-1), size)
                best = q.reshape(layer.states, layer.actions).argmax(1)[layer.info]
                value = children[np.arange(len(children)), best]
            else:
                value = np.einsum("ij,ij->i", strategies[i][layer.info], children)
        return float(tree.chance @ value)

    def nash_conv_numpy(self, strategies: Sequence[Floats] | None = None) -> float:
        """:meth:`nash_conv` by the numpy best response."""
        strategies = self.average() if strategies is None else strategies
        return self.best_response_value(strategies, 0) + self.best_response_value(strategies, 1)

    def refined(self, strategies: Sequence[Floats] | None = None, *, threshold: float = OFF_PATH,
                player: int | None = None) -> list[Floats]:
        """``strategies`` (default: the average) with every information state of ``player``
        (``None``: of either) that its own play reaches with probability below ``threshold``
        replaced by a best response there (the first action of highest value), computed from
        the last layer up, so later replaced states are already best responses when earlier
        ones are valued.

        CFR's average says little where its own player never goes (its weight there is the
        tiny reach of the solve's first iterations): a player who has left the solved play,
        a human taking a hint say, would be advised moves worth far less than the best. The
        other player's reach and chance weigh the nodes of a state, as in
        :meth:`action_values` (chance alone where the other player never leads there). Play
        on the path is unchanged, and a state replaced carries less than ``threshold`` of its
        player's reach, so a small threshold moves NashConv little (a large one can move it
        more: :attr:`~.policy.Endgame.refinement` checks it against the solve's target)."""
        if player not in (None, 0, 1):
            raise ValueError(f"player must be 0, 1 or None (both), not {player!r}")
        if not 0.0 <= threshold <= 1.0:
            raise ValueError(f"threshold must be a reach between 0 and 1, not {threshold!r}")
        tree = self.tree
        base = self.average() if strategies is None else list(strategies)
        out = [np.array(s, dtype=np.float64, copy=True) for s in base]
        reach = [np.ones(len(tree.chance)), np.ones(len(tree.chance))]  # each player's own reach, per node
        reaches = []
        for i, layer in enumerate(tree.layers):
            reaches.append((reach[0], reach[1]))
            p = layer.player
            reach[p] = (reach[p][:, None] * base[i][layer.info]).reshape(-1)
            reach[1 - p] = np.repeat(reach[1 - p], layer.actions)
        values = tree.payoff.astype(np.float64)  # player 0's payoff at the nodes below layer i
        for i in range(len(tree.layers) - 1, -1, -1):
            layer = tree.layers[i]
            p = layer.player
            children = values.reshape(-1, layer.actions)
            own = np.zeros(layer.states)
            np.maximum.at(own, layer.info, reaches[i][p])
            off = own < threshold if player in (None, p) else np.zeros(layer.states, dtype=bool)
            if off.any():
                chance = np.repeat(tree.chance, len(layer.info) // len(tree.chance))
                q = self._state_sums(layer, chance * reaches[i][1 - p], children)
                unled = off & (np.bincount(layer.info, chance * reaches[i][1 - p], layer.states) <= 0)
                if unled.any():  # the other player never leads there: chance alone weighs it
                    q[unled] = self._state_sums(layer, chance, children)[unled]
                best = (q if p == 0 else -q).argmax(1)
                out[i][off] = 0.0
                out[i][np.flatnonzero(off), best[off]] = 1.0
            values = np.einsum("ij,ij->i", out[i][layer.info], children)
        return out

    @staticmethod
    def _state_sums(layer: Layer, weight: Floats, children: Floats) -> Floats:
        """Per information state and action: the ``weight``-weighted sum of its nodes' ``children``."""
        flat = (layer.info[:, None] * layer.actions + np.arange(layer.actions)).reshape(-1)
        sums = np.bincount(flat, (weight[:, None] * children).reshape(-1), layer.states * layer.actions)
        return np.asarray(sums.reshape(layer.states, layer.actions), dtype=np.float64)

    def exploitability_of(self, player: int, strategies: Sequence[Floats] | None = None) -> float:
        """How much ``player``'s part of ``strategies`` loses to a best response, against the
        equilibrium value of the subgame for ``player`` estimated by this solve's average
        (``value``): ``value - guaranteed``. Meaningful once the solve has converged."""
        strategies = self.average() if strategies is None else strategies
        sign = 1.0 if player == 0 else -1.0
        guaranteed = -self.best_response_value(strategies, 1 - player)
        return sign * self.value() - guaranteed
