"""The round-5 subgame's tree against independent references: OpenSpiel's counts and values for
the rounds=1 study (reports/study-r1-s0-cfr), and the engine's own results at the leaves."""

from __future__ import annotations

import random

import numpy as np
import pytest

from divided import games
from divided.bots.divided_ranks.endgame.roots import round5_start, subgame_roots
from divided.bots.divided_ranks.endgame.solver import CFRSolver
from divided.bots.divided_ranks.endgame.tree import SPLITS, Round5Tree, set_bits
from divided.cards import mask_indices
from divided.games.divided_ranks import actions as act

GAME = "divided-ranks"
# OpenSpiel's figures for the rounds=1 study, opening 0, first splitter 0, auto build
# (`divided solve --rounds 1 --opening-seed 0 --first-splitter 0 --build auto --iterations 1024`)
OPENSPIEL_STATES = {"blind": 175, "face-up": 715}
OPENSPIEL_UNIFORM_NASH_CONV = 1.7878787878787883
OPENSPIEL_VALUE, OPENSPIEL_NASH_CONV = 0.19756808578546364, 0.006068262410460129


def study_state(seed: int = 1, swap: str = "blind", opening: int = 0):
    game = games.load(GAME, rounds=1, first_splitter=0, opening_seed=opening, swap=swap, build="auto")
    state = game.new_initial_state(seed)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


def study_tree(swap: str = "blind", opening: int = 0) -> Round5Tree:
    start = round5_start(study_state(swap=swap, opening=opening).observation(0))
    roots, full = subgame_roots(start, cap=630, rng=np.random.default_rng(0))
    assert full and len(roots) == 5  # the draw and the reserve from the five cards left
    return Round5Tree(roots, splitter=start.splitter, reserve_first=start.reserve_first,
                      face_up_swap=start.face_up_swap, scoring=start.scoring)


@pytest.mark.parametrize("swap", ["blind", "face-up"])
def test_information_states_are_openspiels(swap: str) -> None:
    tree = study_tree(swap)
    assert sum(layer.states for layer in tree.layers) == OPENSPIEL_STATES[swap]


def test_uniform_play_is_as_exploitable_as_openspiel_says() -> None:
    tree = study_tree()
    uniform = [np.full((layer.states, layer.actions), 1.0 / layer.actions) for layer in tree.layers]
    solver = CFRSolver(tree)
    assert solver.nash_conv(uniform) == pytest.approx(OPENSPIEL_UNIFORM_NASH_CONV, abs=1e-9)
    assert solver.nash_conv_numpy(uniform) == pytest.approx(OPENSPIEL_UNIFORM_NASH_CONV, abs=1e-9)


def test_solved_value_agrees_with_openspiel_cfr_within_both_bounds() -> None:
    solver = CFRSolver(study_tree())
    report = solver.solve(target=0.001, max_iterations=3000)
    assert report.converged and solver.nash_conv_numpy() <= 0.001 + 1e-9
    assert abs(solver.value() - OPENSPIEL_VALUE) <= OPENSPIEL_NASH_CONV + report.nash_conv


@pytest.mark.parametrize("swap", ["blind", "face-up"])
def test_leaf_payoffs_are_the_engines_results(swap: str) -> None:
    """Random lines of play through round 5 in the engine, each located in the tree by its deal
    and actions: the leaf's payoff is the engine's result for player 0."""
    tree = study_tree(swap)
    rng = random.Random(5)
    draws, reserves = tree.roots.draw, tree.roots.reserve
    checked = 0
    for seed in range(40):
        state = study_state(seed, swap)
        core = state.core
        root = int(np.flatnonzero((draws == core.drawn()) & (reserves == core.deal[0]))[0])
        drawn = mask_indices(core.drawn())
        path = [root]
        while not state.is_terminal():
            phase, player = state.core.phase, state.current_player()
            legal = state.legal_actions()
            action = rng.choice(legal)
            if act.is_split(action):
                up = act.PAIRS[action - act.SPLIT]
                path.append(SPLITS.index((drawn.index(up[0]), drawn.index(up[1]))))
            elif action in (act.TAKE_FACE_UP, act.TAKE_FACE_DOWN):
                path.append(0 if action == act.TAKE_FACE_UP else 1)
            elif action == act.KEEP:
                path.append(0)
            elif act.is_give(action):
                path.append(1 + mask_indices(state.core.hands[player]).index(action - act.GIVE))
            else:
                assert str(phase) == "build"
            state.apply_action(action)
        leaf = path[0]
        for width, step in zip((6, 2, 11, 11), path[1:], strict=True):
            leaf = leaf * width + step
        assert tree.payoff[leaf] == np.sign(state.returns()[0]), (seed, path)
        checked += 1
    assert checked == 40


def test_set_bits_by_hand() -> None:
    assert set_bits(np.array([0b100101, 1 << 20 | 1]), 2).tolist() == [[0, 2], [0, 20]]
    with pytest.raises(ValueError, match="fewer set bits"):
        set_bits(np.array([0b1]), 2)
