"""Information-set Monte Carlo tree search (ISMCTS) for every game: a baseline search bot.

Single-observer ISMCTS after Cowling, Powley & Whitehouse (2012), "Information Set Monte
Carlo Tree Search", IEEE TCIAIG 4(2), using only the game's :class:`~divided.games.base.Rules`
and its room's world sampler (``games.room(game).sampler(view)``). Each iteration:

1. **Determinise**: draw a full state consistent with the bot's view from the sampler.
2. **Select**: descend from the root. A node is an information set of the player to act: that
   player's observation of the determinised state (``rules.observe``; views are hashable), so
   one node gathers every determinisation its player cannot tell apart; the bot's own nodes and
   the other players' share one table. At a node whose actions available in this
   determinisation have all been tried, pick by UCB1 with availability counts (the paper's
   form): ``mean + c * sqrt(ln(available) / visits)``, where ``available`` counts the visits to
   the node in which the action was legal.
3. **Expand** one untried available action (chosen at random) and stop.
4. **Roll out** to the end with the game's rollout policy (below).
5. **Back up** each acting player's own result.

The tree goes on while the rollout policy's ``searched(state)`` holds. A game may register its
own :class:`RolloutPolicy` (by game id, in :data:`ROLLOUTS`; a policy name such as "random" or
"skilled" is the bot's ``rollout`` parameter); without one, the tree stops at chance nodes and
the end, and rollouts play uniformly random legal actions (chance by its odds) to the end,
backing up the game's returns. At the root the bot plays the room's dominant action when there
is one, else the most visited action (ties: the better mean, then the first legal).
Deterministic given the rng.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from divided import games
from divided.bots.base import one_hot, view_random
from divided.games import POKER
from divided.games.base import CHANCE, Rules, View
from divided.registry import Registry


class RolloutPolicy(Protocol):
    """How the search treats one game: where its tree stops, and how a playout is scored."""

    def searched(self, state: Any) -> bool:
        """Whether the tree goes on at ``state`` (a decision the search explores)."""
        ...

    def rollout(self, state: Any, rng: random.Random) -> tuple[float, ...]:
        """Every player's result of a playout from ``state`` (larger is better)."""
        ...


RolloutFactory = Callable[[str], RolloutPolicy]
"""Makes a game's rollout policy from its name (the bot's ``rollout`` parameter)."""

ROLLOUTS: Registry[RolloutFactory] = Registry(
    "ismcts rollout policy", {"divided-ranks": "divided.bots.divided_ranks.rollouts:rollout_policy",
                              "card-commons": "divided.bots.card_commons.rollouts:rollout_policy",
                              "divide": "divided.bots.divide.rollouts:rollout_policy",
                              **{game: f"divided.bots.poker.rollouts:ROLLOUTS[{game}]" for game in POKER}})
"""Each game's rollout policies, by game id (a game without one gets :class:`RandomRollout`)."""


@dataclass(frozen=True)
class RandomRollout:
    """The default policy: search every decision; play uniformly random legal actions (chance
    by its odds) to the end and back up the game's returns."""

    rules: Rules[Any, Any]

    def searched(self, state: Any) -> bool:
        return self.rules.current_player(state) >= 0

    def rollout(self, state: Any, rng: random.Random) -> tuple[float, ...]:
        rules = self.rules
        while not rules.is_terminal(state):
            if rules.current_player(state) == CHANCE:
                outcomes = rules.chance_outcomes(state)
                action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
            else:
                legal = rules.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            state = rules.apply(state, action)
        return tuple(rules.returns(state))


def rollout_policy(game: str, name: str) -> RolloutPolicy:
    """``game``'s rollout policy called ``name`` ("random" is every game's default)."""
    if ROLLOUTS.supports(game):
        return ROLLOUTS.get(game)(name)
    if name != "random":
        raise ValueError(f"rollout must be 'random' for {game!r} (it has no rollout policies), got {name!r}")
    return RandomRollout(games.room(game).rules)


@dataclass
class InfoSetNode:
    """Statistics of one information set: per action, visits, total reward (for the player
    to act) and availability."""

    visits: dict[int, int] = field(default_factory=dict)
    reward: dict[int, float] = field(default_factory=dict)
    available: dict[int, int] = field(default_factory=dict)


@dataclass
class IsmctsBot:
    """Single-observer ISMCTS for ``game`` with ``iterations`` determinisations per decision."""

    game: str
    iterations: int = 200
    exploration: float = 0.7
    rollout: str = "random"
    name: str = "ismcts"
    _policy: RolloutPolicy = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.iterations <= 0:
            raise ValueError(f"iterations must be positive, got {self.iterations}")
        self._policy = rollout_policy(self.game, self.rollout)

    def choose(self, view: View, legal: Sequence[int], rng: random.Random) -> int:
        room = games.room(self.game)
        dominant = room.dominant_action(view, legal)
        if dominant is not None:
            return dominant
        if len(legal) == 1:
            return legal[0]
        root = self.search(view, rng)
        return _most_visited(root, legal)

    def action_probabilities(self, view: View, legal: Sequence[int]) -> dict[int, float]:
        """One-hot on :meth:`choose` with random numbers seeded from the view, so the policy is a
        function of the view (in play, :meth:`choose` uses the rng it is given)."""
        return one_hot(self.choose(view, legal, view_random(view)), legal)

    def search(self, view: View, rng: random.Random) -> InfoSetNode:
        """Run the iterations; the root node's statistics."""
        room = games.room(self.game)
        sampler = room.sampler(view)
        tree: dict[Any, InfoSetNode] = {}
        root = tree[view] = InfoSetNode()
        for _ in range(self.iterations):
            self._iterate(room.rules, sampler.sample(rng), tree, rng)
        return root

    def _iterate(self, rules: Rules[Any, Any], state: Any, tree: dict[Any, InfoSetNode],
                 rng: random.Random) -> None:
        path: list[tuple[InfoSetNode, int, int]] = []
        while self._policy.searched(state):
            player = rules.current_player(state)
            key = rules.observe(state, player)
            node = tree.get(key)
            if node is None:
                node = tree[key] = InfoSetNode()
            legal = rules.legal_actions(state)
            for action in legal:
                node.available[action] = node.available.get(action, 0) + 1
            untried = [action for action in legal if action not in node.visits]
            if untried:
                action = untried[rng.randrange(len(untried))]
                path.append((node, player, action))
                state = rules.apply(state, action)
                break
            action = self._select(node, legal)
            path.append((node, player, action))
            state = rules.apply(state, action)
        result = self._policy.rollout(state, rng)
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


def _most_visited(root: InfoSetNode, legal: Sequence[int]) -> int:
    def rank(index: int) -> tuple[int, float, int]:
        action = legal[index]
        visits = root.visits.get(action, 0)
        mean = root.reward[action] / visits if visits else 0.0
        return visits, mean, -index

    return legal[max(range(len(legal)), key=rank)]
