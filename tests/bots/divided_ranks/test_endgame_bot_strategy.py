"""Reading a bot's strategy through a rounds=2 study's tree: the tree's paths against the engine.

The engine is the independent side: its scoring decides every sampled leaf, its views decide
which nodes a player can tell apart, and its legal actions are what the bot is asked about.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import pytest

from divided import bots
from divided.bots.divided_ranks.endgame.bot_strategy import Round4Study
from divided.bots.divided_ranks.endgame.solver import CFRSolver


@cache
def study(swap: str, order: str) -> Round4Study:
    """A study over every 90th deal (7 of 630): small enough to check node by node."""
    return Round4Study.load(3, swap=swap, order=order, stride=90)


VARIANTS = [("blind", "chooser-first"), ("face-up", "splitter-first")]


@pytest.mark.parametrize(("swap", "order"), VARIANTS)
def test_tree_paths_end_where_the_engine_scores_them(swap: str, order: str) -> None:
    found = study(swap, order)
    tree = found.tree
    rng = np.random.default_rng(7)
    for leaf in rng.choice(tree.leaves, 300, replace=False):
        state = found.state_at(len(tree.layers), int(leaf))
        assert state.is_terminal()
        first, second = state.returns()
        assert np.sign(first - second) == tree.payoff[leaf]


@pytest.mark.parametrize(("swap", "order"), VARIANTS)
def test_information_states_are_exactly_the_players_views(swap: str, order: str) -> None:
    """Nodes of one state show their player the same view, and nodes of different states
    different views: one node per state tells the bot everything, and a best response over
    the tree knows no more than a player of the game."""
    found = study(swap, order)
    rng = np.random.default_rng(11)
    for k, layer in enumerate(found.tree.layers):
        nodes = range(len(layer.info)) if len(layer.info) <= 3000 else rng.choice(len(layer.info), 3000, replace=False)
        owner: dict[str, set[int]] = {}
        views: dict[int, set[str]] = {}
        for node in nodes:
            view = repr(found.state_at(k, int(node)).observation(layer.player))
            owner.setdefault(view, set()).add(int(layer.info[node]))
            views.setdefault(int(layer.info[node]), set()).add(view)
        assert all(len(states) == 1 for states in owner.values()), f"layer {k}: one view, several states"
        assert all(len(seen) == 1 for seen in views.values()), f"layer {k}: one state, several views"


class FirstLegal:
    """Always the first legal action: a pure strategy whose tree form is easy to state."""

    def action_probabilities(self, view: Any, legal: list[int]) -> dict[int, float]:
        return {action: float(action == min(legal)) for action in legal}


def test_a_bots_answers_land_on_the_tree_actions_they_name() -> None:
    found = study("blind", "chooser-first")
    strategy = found.strategy_of(FirstLegal())  # type: ignore[arg-type]
    for k, (layer, sigma) in enumerate(zip(found.tree.layers, strategy, strict=True)):
        assert sigma.shape == (layer.states, layer.actions)
        node = int(np.unique(layer.info, return_index=True)[1][0])
        names = [found.engine_action(k, node, a) for a in range(layer.actions)]
        assert sigma[layer.info[node]].tolist() == [float(n == min(names)) for n in names]
        assert np.allclose(sigma.sum(1), 1.0)


def test_the_random_bot_reads_as_uniform_and_its_nash_conv_is_the_solvers() -> None:
    found = study("face-up", "splitter-first")
    strategy = found.strategy_of(bots.make_bot("divided-ranks", "random"))
    for sigma in strategy:
        assert np.allclose(sigma, 1.0 / sigma.shape[1])
    solver = CFRSolver(found.tree)
    assert solver.nash_conv(strategy) == pytest.approx(solver.nash_conv_numpy(strategy), abs=1e-12)


@pytest.mark.parametrize(("swap", "order"), [("sideways", "chooser-first"), ("blind", "literal")])
def test_an_unknown_variant_is_refused(swap: str, order: str) -> None:
    with pytest.raises(ValueError, match="unknown swap variant"):
        Round4Study.load(0, swap=swap, order=order)
