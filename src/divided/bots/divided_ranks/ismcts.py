"""Information-set Monte Carlo tree search (ISMCTS): a baseline search bot.

Single-observer ISMCTS after Cowling, Powley & Whitehouse (2012), "Information Set Monte
Carlo Tree Search", IEEE TCIAIG 4(2). Each iteration:

1. **Determinise**: draw a full state consistent with the bot's view
   (:func:`divided.bots.worlds.sample_state`: every consistent placement of the cards
   equally likely, as the game's books count).
2. **Select**: descend from the root. A node is an information set of the player to act:
   that player's observation of the determinised state (a :class:`PlayerView`, which names
   the player and is hashable), so one node gathers every determinisation its player cannot
   tell apart; the bot's own nodes and the opponent's share one table. At a node whose
   actions available in this determinisation have all been tried, pick by UCB1 with
   availability counts (the paper's form): ``mean + c * sqrt(ln(available) / visits)``, where
   ``available`` counts the visits to the node in which the action was legal.
   (In the paper's single-observer form every node is an information set of the searching
   player; here the opponent's nodes are keyed by the opponent's own observation, so their
   decisions are searched from what they know in each determinisation, with their
   statistics spread over the determinisations they can tell apart.)
3. **Expand** one untried available action (chosen at random) and stop.
4. **Roll out** to the end: uniformly random legal actions with auto-arranged builds
   (``rollout="random"``), or the skilled bot for both players (``rollout="skilled"``).
5. **Back up** the result from each acting player's point of view: 1 for a win, 0.5 for a
   draw, 0 for a loss.

There are no chance nodes after the deal, so every chance event is in the determinisation.
Builds are not searched: auto-arrange is best against every opponent (ruling R5), so the tree
stops at the build and scores both holdings as auto-arranged (a build already committed is
scored as committed); the bot's own build is auto-arrange. The root action is the most visited
one (ties: the better mean, then the first legal). Deterministic given the rng.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from divided.bots.base import one_hot, view_random
from divided.bots.divided_ranks.rollouts import random_rollout, skilled_rollout
from divided.bots.worlds import WorldSampler
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.rules import DividedRanksRules
from divided.games.divided_ranks.state import DividedRanksState, Phase
from divided.games.divided_ranks.view import PlayerView
from divided.hands.arrange import arrange

Rollout = Literal["random", "skilled"]
_RULES = DividedRanksRules()
_SEARCHED = (Phase.SPLIT, Phase.CHOOSE, Phase.RESERVE)


@dataclass(slots=True)
class InfoSetNode:
    """Statistics of one information set: per action, visits, summed reward (for the acting
    player) and availability."""

    visits: dict[int, int] = field(default_factory=dict)
    reward: dict[int, float] = field(default_factory=dict)
    available: dict[int, int] = field(default_factory=dict)


@dataclass
class IsmctsBot:
    """Single-observer ISMCTS with ``iterations`` determinisations per decision."""

    iterations: int = 200
    exploration: float = 0.7
    rollout: Rollout = "random"
    name: str = "ismcts"

    def __post_init__(self) -> None:
        if self.iterations <= 0:
            raise ValueError(f"iterations must be positive, got {self.iterations}")
        if self.rollout not in ("random", "skilled"):
            raise ValueError(f"rollout must be 'random' or 'skilled', got {self.rollout!r}")

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        if view.phase == Phase.BUILD:
            return act.build_action(arrange(view.hand, view.options.scoring).split)
        if view.phase not in _SEARCHED or len(legal) == 1:
            return legal[0]
        root = self.search(view, rng)
        return _most_visited(root, legal)

    def action_probabilities(self, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
        """One-hot on :meth:`choose` with random numbers seeded from the view, so the policy is a
        function of the view (in play, :meth:`choose` uses the rng it is given)."""
        return one_hot(self.choose(view, legal, view_random(view)), legal)

    def search(self, view: PlayerView, rng: random.Random) -> InfoSetNode:
        """Run the iterations; the root node's statistics."""
        sampler = WorldSampler(view)
        tree: dict[PlayerView, InfoSetNode] = {}
        root = tree[view] = InfoSetNode()
        for _ in range(self.iterations):
            self._iterate(sampler.sample(rng), tree, rng)
        return root

    def _iterate(self, state: DividedRanksState, tree: dict[PlayerView, InfoSetNode], rng: random.Random) -> None:
        path: list[tuple[InfoSetNode, int, int]] = []
        while state.phase in _SEARCHED:
            player = _RULES.current_player(state)
            key = _RULES.observe(state, player)
            node = tree.get(key)
            if node is None:
                node = tree[key] = InfoSetNode()
            legal = _RULES.legal_actions(state)
            for action in legal:
                node.available[action] = node.available.get(action, 0) + 1
            untried = [action for action in legal if action not in node.visits]
            if untried:
                action = untried[rng.randrange(len(untried))]
                path.append((node, player, action))
                state = _RULES.apply(state, action)
                break
            action = self._select(node, legal)
            path.append((node, player, action))
            state = _RULES.apply(state, action)
        result = self._roll_out(state, rng)
        for node, player, action in path:
            node.visits[action] = node.visits.get(action, 0) + 1
            node.reward[action] = node.reward.get(action, 0.0) + result[player]

    def _select(self, node: InfoSetNode, legal: Sequence[int]) -> int:
        best_action, best_score = legal[0], -math.inf
        for action in legal:
            visits = node.visits[action]
            score = node.reward[action] / visits + self.exploration * math.sqrt(
                math.log(node.available[action]) / visits)
            if score > best_score:
                best_action, best_score = action, score
        return best_action

    def _roll_out(self, state: DividedRanksState, rng: random.Random) -> tuple[float, float]:
        if self.rollout == "skilled":
            return skilled_rollout(state, rng)
        return random_rollout(state, rng)


def _most_visited(root: InfoSetNode, legal: Sequence[int]) -> int:
    def rank(index: int) -> tuple[int, float, int]:
        action = legal[index]
        visits = root.visits.get(action, 0)
        mean = root.reward[action] / visits if visits else 0.0
        return visits, mean, -index

    return legal[max(range(len(legal)), key=rank)]
