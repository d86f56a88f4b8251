"""The CFR solver: its compiled best response against the numpy one (two implementations), its
convergence, and the values it reports against a brute-force walk of the tree."""

from __future__ import annotations

import numpy as np
import pytest
from test_endgame_roots import round5_states
from test_endgame_tree import study_tree

from divided.bots.divided_ranks.endgame.roots import round5_start, subgame_roots
from divided.bots.divided_ranks.endgame.solver import CFRSolver
from divided.bots.divided_ranks.endgame.tree import Round5Tree


def real_tree(swap: str = "blind") -> Round5Tree:
    """A round-5 subgame from a real game with hidden cards on both sides."""
    for state, _ in round5_states(30, swap):
        start = round5_start(state.observation(0))
        if start.hidden and start.opponent_hidden:
            roots, _ = subgame_roots(start, cap=120, rng=np.random.default_rng(0))
            return Round5Tree(roots, splitter=start.splitter, reserve_first=start.reserve_first,
                              face_up_swap=start.face_up_swap)
    raise AssertionError("no position with hidden cards on both sides")


def random_strategies(tree: Round5Tree, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    out = []
    for layer in tree.layers:
        weights = rng.random((layer.states, layer.actions)) ** 4
        out.append(weights / weights.sum(1, keepdims=True))
    return out


@pytest.mark.parametrize("swap", ["blind", "face-up"])
def test_compiled_and_numpy_best_responses_agree(swap: str) -> None:
    tree = real_tree(swap)
    solver = CFRSolver(tree)
    for seed in range(3):
        strategies = random_strategies(tree, seed)
        assert solver.nash_conv(strategies) == pytest.approx(solver.nash_conv_numpy(strategies), abs=1e-9)


def brute_value(tree: Round5Tree, strategies: list[np.ndarray]) -> float:
    """Player 0's expected payoff by walking every root and action path (no vectorised layers)."""
    total = 0.0
    widths = [layer.actions for layer in tree.layers]

    def walk(layer: int, node: int, reach: float) -> float:
        if layer == len(widths):
            return reach * tree.payoff[node]
        row = strategies[layer][tree.layers[layer].info[node]]
        return sum(walk(layer + 1, node * widths[layer] + a, reach * row[a]) for a in range(widths[layer]) if row[a])

    for root, chance in enumerate(tree.chance):
        total += walk(0, root, chance)
    return total


def test_value_is_the_brute_force_expectation() -> None:
    tree = study_tree()
    strategies = random_strategies(tree, 7)
    assert CFRSolver(tree).value(strategies) == pytest.approx(brute_value(tree, strategies), abs=1e-12)


def test_solve_reaches_its_target_and_stops_there() -> None:
    tree = real_tree()
    solver = CFRSolver(tree)
    report = solver.solve(target=0.05, max_iterations=500)
    assert report.converged and report.nash_conv <= 0.05
    assert solver.nash_conv_numpy() == pytest.approx(report.nash_conv, abs=1e-9)
    capped = CFRSolver(tree).solve(target=0.0, max_iterations=7, check_every=5)
    assert capped.iterations == 7 and not capped.converged


def test_action_values_average_to_the_state_value_under_the_strategy() -> None:
    """At the splitter's first states, the strategy-weighted action values equal the value of
    the state; and the best action's value is what a best response gets there."""
    tree = study_tree()
    solver = CFRSolver(tree)
    solver.solve(target=0.01, max_iterations=2000)
    strategy = solver.average()
    layer = tree.layers[0]
    values = solver.node_values(strategy)[0]
    for state in range(layer.states):
        nodes = np.flatnonzero(layer.info == state)
        weights = tree.chance[nodes]
        expected = float(weights @ values[nodes] / weights.sum())
        actions = solver.action_values(0, state, strategy)
        assert float(strategy[0][state] @ actions) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("swap", ["blind", "face-up"])
def test_the_numpy_loops_solve_as_the_compiled_ones(swap: str) -> None:
    """The fallback without numba iterates to the same strategies (up to the order of sums)."""
    pytest.importorskip("numba")
    from divided.bots.divided_ranks.endgame import kernel, kernel_numpy

    tree = real_tree(swap)
    fast, slow = CFRSolver(tree, kernel), CFRSolver(tree, kernel_numpy)
    fast.iterate(12)
    slow.iterate(12)
    for a, b in zip(fast.average(), slow.average(), strict=True):
        assert np.abs(a - b).max() < 1e-9
    assert fast.nash_conv() == pytest.approx(slow.nash_conv(), abs=1e-9)


def brute_refined(tree: Round5Tree, base: list[np.ndarray], threshold: float,
                  player: int | None = None) -> dict[tuple[int, int], set[int] | None]:
    """For every information state, the best action by a walk of every path (``None`` where the
    state's own player reaches it with at least ``threshold``, or is not ``player``): the state's nodes weighed by
    chance and the other player's reach under ``base``, each action's value being the walk's
    expectation below it with the best actions found so far played at the replaced states (the
    best actions: all within 1e-9 of the highest value, whose sums can differ in the last bit)."""
    widths = [layer.actions for layer in tree.layers]
    nodes: dict[tuple[int, int], list[tuple[int, float, float]]] = {}

    def visit(layer: int, node: int, chance: float, reach: tuple[float, float]) -> None:
        if layer == len(widths):
            return
        player = tree.layers[layer].player
        state = int(tree.layers[layer].info[node])
        nodes.setdefault((layer, state), []).append((node, reach[player], chance * reach[1 - player]))
        row = base[layer][state]
        for a in range(widths[layer]):
            step = list(reach)
            step[player] *= row[a]
            visit(layer + 1, node * widths[layer] + a, chance, (step[0], step[1]))

    for root, chance in enumerate(tree.chance):
        visit(0, root, float(chance), (1.0, 1.0))
    best: dict[tuple[int, int], set[int] | None] = {}

    def value(layer: int, node: int) -> float:  # player 0's payoff, replaced states playing their best
        if layer == len(widths):
            return float(tree.payoff[node])
        key = (layer, int(tree.layers[layer].info[node]))
        choice = best.get(key)
        children = [value(layer + 1, node * widths[layer] + a) for a in range(widths[layer])]
        if choice is not None:
            return children[min(choice)]  # equal within 1e-9 whichever is played
        return float(base[layer][key[1]] @ np.array(children))

    for layer in range(len(widths) - 1, -1, -1):
        sign = 1.0 if tree.layers[layer].player == 0 else -1.0
        for (at, state), members in sorted(nodes.items()):
            if at != layer:
                continue
            if members[0][1] >= threshold or player not in (None, tree.layers[at].player):
                best[(at, state)] = None
                continue
            weights = [w for _, _, w in members]
            if sum(weights) <= 0:
                weights = [float(tree.chance[n // int(np.prod(widths[:at]))]) for n, _, _ in members]
            q = [sum(w * sign * value(at + 1, n * widths[at] + a) for (n, _, _), w in zip(members, weights, strict=True))
                 for a in range(widths[at])]
            best[(at, state)] = {a for a in range(widths[at]) if q[a] >= max(q) - 1e-9}
    return best


@pytest.mark.parametrize(("threshold", "player"), [(0.05, None), (0.3, None), (0.3, 0), (0.3, 1)])
def test_refined_plays_the_best_response_where_its_player_never_goes(threshold: float, player: int | None) -> None:
    """Off a player's own path the refined strategy is the walk's best action; on it, and at the
    other player's states when one player is refined, unchanged."""
    tree = study_tree()
    base = random_strategies(tree, 3)
    refined = CFRSolver(tree).refined(base, threshold=threshold, player=player)
    expected = brute_refined(tree, base, threshold, player)
    replaced = 0
    for (layer, state), choice in expected.items():
        if choice is None:
            assert np.array_equal(refined[layer][state], base[layer][state])
        else:
            replaced += 1
            assert refined[layer][state].argmax() in choice and refined[layer][state].max() == 1.0
    assert 0 < replaced < len(expected)  # both kinds of state are checked


def test_refining_a_solve_keeps_its_nash_conv() -> None:
    """Only states the solved play (almost) never reaches change, so NashConv barely moves."""
    tree = real_tree()
    solver = CFRSolver(tree)
    solver.solve(target=0.02, max_iterations=400)
    average = solver.average()
    refined = solver.refined(average)
    assert any((a != r).any() for a, r in zip(average, refined, strict=True))
    assert solver.nash_conv(refined) <= solver.nash_conv(average) + 0.005


@pytest.mark.parametrize(("kwargs", "message"), [({"player": 2}, "player"), ({"threshold": -0.1}, "threshold"),
                                                 ({"threshold": 1.5}, "threshold")])
def test_refined_refuses_a_bad_player_or_threshold(kwargs: dict[str, float], message: str) -> None:
    tree = study_tree()
    base = random_strategies(tree, 3)
    kept = [b.copy() for b in base]
    with pytest.raises(ValueError, match=message):
        CFRSolver(tree).refined(base, **kwargs)  # type: ignore[arg-type]
    assert all(np.array_equal(a, b) for a, b in zip(base, kept, strict=True))  # nothing changed
