"""A bot's whole strategy in a rounds=2 study, read into the solver's arrays.

A rounds=2 study's subgame (:class:`~.round4.Round4Tree`) has some 200,000 information states
over both players. OpenSpiel's Python traversal, which measures bots on rounds=1 studies
(``benchmarks/study_bots.py``), would walk its 11 million leaves one state object at a time;
here the tree's own arrays stand in for the walk. For every information state of every layer
one node is taken, the engine is driven to it (the deal as chance outcomes, then the
decisions, each tree action turned into the engine's action), and the bot is asked at that
player's view alone (:meth:`~divided.games.base.State.observation`, the only door to hidden
information) with the engine's legal actions. The answers, put in the tree's action order,
are a strategy :class:`~.solver.CFRSolver` evaluates exactly: best responses, NashConv, the
value against the solved strategy.

One node per state is enough when a view holds exactly what the state's key holds; the tests
check it by asking at other nodes of the same states, and check the action translation by
playing tree paths through the engine and comparing its result with the tree's payoff.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from divided.bots.base import Bot
from divided.bots.divided_ranks.endgame.openings import round4_start
from divided.bots.divided_ranks.endgame.round4 import Round4Tree, round4_deals
from divided.bots.divided_ranks.endgame.solver import Floats
from divided.bots.divided_ranks.endgame.tree import SPLITS
from divided.cards import mask_indices
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.rules import opening_cards
from divided.games.divided_ranks.scoring import Scoring

Progress = Callable[[int, int, int], None]
"""Told (layer, states asked, states in the layer) as the reading goes."""


@dataclass(frozen=True)
class Round4Study:
    """A rounds=2 study: the engine's game, its round-4 subgame tree and the tree's deals (as
    :func:`~.round4.round4_deals` lists them: round-4 draw, round-5 draw, reserve)."""

    game: Any
    tree: Round4Tree
    deals: tuple[tuple[int, int, int], ...]
    opening: tuple[int, ...]

    @classmethod
    def load(cls, opening_seed: int, *, swap: str, order: str, first_splitter: int = 0,
             scoring: str = str(Scoring.CATEGORIES_FIRST),
             deals: Sequence[tuple[int, int, int]] | None = None, stride: int = 1) -> Round4Study:
        """The study the engine deals for these options (``order``: ``chooser-first`` or
        ``splitter-first``, see :mod:`~.openings`), its tree over ``deals`` (default: all),
        every ``stride``-th of them (a smaller tree, for checks)."""
        start = round4_start(opening_seed, swap=swap, order=order, first_splitter=first_splitter, scoring=scoring)
        chosen = tuple(round4_deals(start.hands) if deals is None else deals)[::stride]
        return cls(start.game, start.tree(chosen), chosen, opening_cards(opening_seed, 2))

    # -- from tree paths to the engine ----------------------------------------------------------
    def chance_actions(self, deal: int) -> list[int]:
        """The engine's chance outcomes that deal the tree's ``deal``: the reserve, the public
        opening, then round 4's and round 5's cards each in pack order."""
        draw4, draw5, reserve = self.deals[deal]
        return [reserve, *self.opening, *mask_indices(draw4), *mask_indices(draw5)]

    def engine_action(self, layer: int, node: int, action: int) -> int:
        """The engine's action for tree ``action`` at ``node`` of ``layer``."""
        tree = self.tree
        if layer in (0, 2):  # a split: the face-up pair's positions among the four drawn
            drawn = mask_indices(self.deals[node][0]) if layer == 0 else tree.drawn[node]
            i, j = SPLITS[action]
            return act.split_action(int(drawn[i]), int(drawn[j]))
        if layer in (1, 3):
            return act.TAKE_FACE_UP if action == 0 else act.TAKE_FACE_DOWN
        if action == 0:
            return act.KEEP
        cards = tree.first_cards if layer == 4 else tree.second_cards
        return act.give_action(int(cards[node][action - 1]))

    def path(self, layer: int, node: int) -> list[int]:
        """Every engine action from the start of the game to ``node`` of ``layer`` (chance first)."""
        steps: list[tuple[int, int, int]] = []
        for k in range(layer - 1, -1, -1):
            actions = self.tree.layers[k].actions
            node, action = divmod(node, actions)
            steps.append((k, node, action))
        return self.chance_actions(node) + [self.engine_action(k, n, a) for k, n, a in reversed(steps)]

    def state_at(self, layer: int, node: int) -> Any:
        """The engine's state at ``node`` of ``layer`` (a leaf: ``layer`` = the number of layers)."""
        state = self.game.new_initial_state()
        for action in self.path(layer, node):
            state.apply_action(action)
        return state

    # -- the bot's strategy ----------------------------------------------------------------------
    def strategy_of(self, bot: Bot[Any], progress: Progress | None = None) -> list[Floats]:
        """``bot``'s mixed strategy at every information state, layer by layer (rows: states;
        columns: the tree's actions), asked at one node of each state from its player's view.
        Raises :class:`ValueError` when the engine's legal actions are not the tree's."""
        tree, rules = self.tree, self.game.rules
        cores: dict[int, Any] = {}
        for deal in range(len(self.deals)):
            state = self.game.new_initial_state()
            for action in self.chance_actions(deal):
                state.apply_action(action)
            cores[deal] = state.core
        out = []
        for k, layer in enumerate(tree.layers):
            needed = _needed_nodes(tree, k)
            first = np.unique(layer.info, return_index=True)[1]
            sigma = np.zeros((layer.states, layer.actions))
            for done, (state_id, node) in enumerate(zip(range(layer.states), first, strict=True)):
                core = cores[int(node)]
                legal = rules.legal_actions(core)
                ours = [self.engine_action(k, int(node), a) for a in range(layer.actions)]
                if sorted(ours) != sorted(legal):
                    raise ValueError(f"layer {k} node {node}: the engine's legal actions {legal} are not the tree's {ours}")
                mix = bot.action_probabilities(rules.observe(core, layer.player), legal)
                sigma[state_id] = [mix.get(a, 0.0) for a in ours]
                if progress is not None and done % 1000 == 0:
                    progress(k, done, layer.states)
            out.append(sigma)
            if k + 1 < len(tree.layers):
                cores = {child: rules.apply(cores[child // layer.actions],
                                            self.engine_action(k, child // layer.actions, child % layer.actions))
                         for child in needed}
        return out


def _needed_nodes(tree: Round4Tree, layer: int) -> list[int]:
    """The nodes of ``layer + 1`` whose states must be built: one per information state of each
    later layer, and their ancestors down to ``layer + 1``."""
    if layer + 1 >= len(tree.layers):
        return []
    needed: set[int] = set()
    for k in range(len(tree.layers) - 1, layer, -1):
        nodes = set(np.unique(tree.layers[k].info, return_index=True)[1].tolist())
        for j in range(k, layer + 1, -1):
            nodes = {n // tree.layers[j - 1].actions for n in nodes}
        needed |= nodes
    return sorted(needed)


__all__ = ["Round4Study"]
