"""The rounds=2 subgame (divided.bots.divided_ranks.endgame.round4) against the engine: on a few
deals, every decision node's information state is exactly the acting player's view (two nodes
share one if and only if the engine shows the player the same), and leaves pay what the
engine's game pays."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import numpy as np
import pytest

from divided import games
from divided.bots.divided_ranks.endgame.openings import equilibrium_facts
from divided.bots.divided_ranks.endgame.round4 import Round4Tree, round4_deals
from divided.bots.divided_ranks.endgame.solver import CFRSolver
from divided.bots.divided_ranks.endgame.tree import SPLITS
from divided.cards import mask_indices
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.scoring import Scoring
from divided.hands.arrange import ranked_splits

SEED = 4


def _game(swap: str) -> Any:
    return games.load("divided-ranks", rounds=2, opening_seed=SEED, first_splitter=0, swap=swap, build="auto")


def _round4_state(swap: str, deal: tuple[int, int, int] | None = None) -> Any:
    """The study's state at round 4's split; ``deal`` (round-4 draw, round-5 draw, reserve) or any."""
    state = _game(swap).new_initial_state()
    order: list[int] = []
    if deal is not None:
        draw4, draw5, reserve = deal
        order = [reserve, *mask_indices(draw4), *mask_indices(draw5)]
    while state.is_chance_node():
        outcomes = dict(state.chance_outcomes())
        if order and order[0] in outcomes:
            card = order.pop(0)
        else:  # the opening's cards come in a fixed order
            assert len(outcomes) == 1 or deal is None
            card = next(iter(outcomes))
        assert outcomes[card] > 0
        state.apply_action(card)
    assert not order
    return state


def _tree_actions(view: Any, layer: int) -> list[int]:
    """The engine action of each of the tree layer's actions (layers 0, 2: splits; 1, 3: choices;
    4, 5: keep or give the i-th card)."""
    if layer in (0, 2):
        drawn = mask_indices(view.drawn)
        return [act.split_action(drawn[i], drawn[j]) for i, j in SPLITS]
    if layer in (1, 3):
        return [act.TAKE_FACE_UP, act.TAKE_FACE_DOWN]
    return [act.KEEP, *(act.give_action(c) for c in mask_indices(view.hand))]


def _after(state: Any, action: int) -> Any:
    child = state.clone()
    child.apply_action(action)
    return child


@pytest.mark.parametrize("swap", [pytest.param("blind", marks=pytest.mark.slow), "face-up"])
def test_information_states_are_the_engines_views_and_leaves_pay_its_results(swap: str) -> None:
    start = _round4_state(swap)
    hands = (start.observation(0).hand, start.observation(1).hand)
    every = round4_deals(hands)
    assert len(every) == 630
    # two deals with the same round-4 draw, and one whose draw shares two cards with it
    first = every[0]
    same_draw = next(d for d in every if d[0] == first[0] and d != first)
    overlap = next(d for d in every if (d[0] & first[0]).bit_count() == 2)
    deals = [first, same_draw, overlap]
    view = start.observation(0)
    tree = Round4Tree(hands, splitter=view.current_player, reserve_first=view.reserve_first,
                      face_up_swap=swap == "face-up", deals=deals)
    assert tree.chance.tolist() == [1 / 3] * 3
    seen: list[dict[int, set[Any]]] = [{} for _ in tree.layers]  # information state -> views
    states: list[dict[Any, set[int]]] = [{} for _ in tree.layers]  # view -> information states
    leaves: list[Any] = []
    rng = random.Random(0)
    for root, deal in enumerate(deals):
        frontier = [(_round4_state(swap, deal), root)]
        for i, layer in enumerate(tree.layers):
            moves: list[tuple[Any, int, int]] = []
            for state, node in frontier:
                player = state.current_player()
                assert player == layer.player
                own = state.observation(player)
                info = int(layer.info[node])
                seen[i].setdefault(info, set()).add(own)
                states[i].setdefault(own, set()).add(info)
                for a, action in enumerate(_tree_actions(own, i)):
                    moves.append((state, action, node * layer.actions + a))
            if i == len(tree.layers) - 1:  # the leaves: a sample
                moves = rng.sample(moves, 150)
            frontier = [(_after(state, action), child) for state, action, child in moves]
        leaves += frontier
    for i in range(len(tree.layers)):
        assert all(len(views) == 1 for views in seen[i].values()), f"layer {i} merges different views"
        assert all(len(infos) == 1 for infos in states[i].values()), f"layer {i} splits one view"
        assert len(seen[i]) == tree.layers[i].states  # every state of the tree was reached
    for state, leaf in leaves:
        assert state.is_terminal()
        assert state.returns()[0] == tree.payoff[leaf]


def test_deals_must_come_from_the_position() -> None:
    start = _round4_state("blind")
    hands = (start.observation(0).hand, start.observation(1).hand)
    with pytest.raises(ValueError, match="deals"):
        Round4Tree(hands, splitter=1, reserve_first=1, face_up_swap=False, deals=[(0b1111, 0b11110000, 9)])
    with pytest.raises(ValueError, match="nine cards"):
        round4_deals((hands[0], 0))


@cache
def _best(holding: int) -> tuple[int, tuple[int, ...]]:
    """Brute force over all 126 splits: the best split's weaker-hand strength and result key."""
    best = ranked_splits(holding, Scoring.CATEGORIES_FIRST)[0]
    return best.weaker.value.strength, best.key_for(Scoring.CATEGORIES_FIRST)


def test_the_facts_of_a_six_layer_tree_match_a_walk_of_the_engine() -> None:
    """equilibrium_facts on the rounds=2 tree, for a strategy mixing two actions at random in every
    information state, against the same strategy played through the engine."""
    swap = "face-up"
    start = _round4_state(swap)
    hands = (start.observation(0).hand, start.observation(1).hand)
    every = round4_deals(hands)
    deals = [every[0], every[7], every[300]]
    view = start.observation(0)
    tree = Round4Tree(hands, splitter=view.current_player, reserve_first=view.reserve_first,
                      face_up_swap=True, deals=deals)
    rng = np.random.default_rng(1)
    strategy = []
    for layer in tree.layers:
        sigma = np.zeros((layer.states, layer.actions))
        for row in sigma:
            a, b = rng.choice(layer.actions, size=2, replace=False)
            p = rng.uniform(0.2, 0.8)
            row[a], row[b] = p, 1 - p
        strategy.append(sigma)
    totals = dict.fromkeys(("value", "first_swaps", "second_swaps", "first_improves", "second_improves",
                            "result_changed", "drafted_value"), 0.0)

    def visit(state: Any, i: int, node: int, chance: float, drafted: int) -> None:
        if state.is_terminal():
            result = state.returns()[0]
            totals["value"] += chance * result
            totals["result_changed"] += chance * (result != drafted)
            return
        player = state.current_player()
        own = state.observation(player)
        if i == 4:  # the first reserve turn: the drafted hands are final
            keys = [_best(state.observation(p).hand)[1] for p in (0, 1)]
            drafted = (keys[0] > keys[1]) - (keys[0] < keys[1])
            totals["drafted_value"] += chance * drafted
        layer = tree.layers[i]
        for a, action in enumerate(_tree_actions(own, i)):
            p = strategy[i][layer.info[node], a]
            if p == 0:
                continue
            child = _after(state, action)
            if i >= 4 and a > 0:
                seat = "first" if i == 4 else "second"
                totals[f"{seat}_swaps"] += chance * p
                if _best(child.observation(player).hand)[0] > _best(own.hand)[0]:
                    totals[f"{seat}_improves"] += chance * p
            visit(child, i + 1, node * layer.actions + a, chance * p, drafted)

    for root, deal in enumerate(deals):
        visit(_round4_state(swap, deal), 0, root, 1 / len(deals), 0)
    facts = equilibrium_facts(tree, strategy)
    assert CFRSolver(tree).value(strategy) == pytest.approx(totals.pop("value"), abs=1e-12)
    for key, walked in totals.items():
        assert facts[key] == pytest.approx(walked, abs=1e-12), key
    assert min(facts["first_swaps"], facts["second_swaps"], facts["first_improves"]) > 0  # not vacuous
