"""Information-set Monte Carlo tree search (ISMCTS): a baseline search bot.

Single-observer ISMCTS after Cowling, Powley & Whitehouse (2012), "Information Set Monte
Carlo Tree Search", IEEE TCIAIG 4(2). Each iteration:

1. **Determinise**: draw a full state consistent with the bot's view
   (:func:`divided.games.divided_ranks.worlds.sample_state`: every consistent placement of the cards
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

from divided.bots.skilled import SkilledBot
from divided.cards import mask_indices
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.rules import DividedRanksRules
from divided.games.divided_ranks.state import ROUNDS, SPLIT_SIZE, DividedRanksState, Phase
from divided.games.divided_ranks.view import PlayerView
from divided.games.divided_ranks.worlds import WorldSampler
from divided.hands.arrange import arrange, arrangement, best_key, packed_key_table

Rollout = Literal["random", "skilled"]
_RULES = DividedRanksRules()
_SEARCHED = (Phase.SPLIT, Phase.CHOOSE, Phase.RESERVE)
_PAIRS_OF_FOUR = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))


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
            return _skilled_rollout(state, rng)
        return _random_rollout(state, rng)


def _most_visited(root: InfoSetNode, legal: Sequence[int]) -> int:
    def rank(index: int) -> tuple[int, float, int]:
        action = legal[index]
        visits = root.visits.get(action, 0)
        mean = root.reward[action] / visits if visits else 0.0
        return visits, mean, -index

    return legal[max(range(len(legal)), key=rank)]


def _random_rollout(state: DividedRanksState, rng: random.Random) -> tuple[float, float]:
    """Uniformly random legal actions to the end (auto-arranged builds), on bit masks: the
    same distribution of play as applying random legal actions with the engine, faster."""
    hands = [state.hands[0], state.hands[1]]
    phase = state.phase
    number = state.round
    if phase == Phase.CHOOSE:
        splitter = state.splitter()
        taken, kept = (state.face_up, state.face_down) if rng.random() < 0.5 else (state.face_down, state.face_up)
        hands[1 - splitter] |= taken
        hands[splitter] |= kept
        number += 1
    if phase in (Phase.SPLIT, Phase.CHOOSE):
        for current in range(number, ROUNDS):
            splitter = state.first_splitter if current % 2 == 0 else 1 - state.first_splitter
            start = 1 + SPLIT_SIZE * current
            drawn = state.deal[start : start + SPLIT_SIZE]
            a, b = _PAIRS_OF_FOUR[rng.randrange(6)]
            face_up = (1 << drawn[a]) | (1 << drawn[b])
            face_down = (1 << drawn[0] | 1 << drawn[1] | 1 << drawn[2] | 1 << drawn[3]) ^ face_up
            taken, kept = (face_up, face_down) if rng.random() < 0.5 else (face_down, face_up)
            hands[1 - splitter] |= taken
            hands[splitter] |= kept
    reserve = state.reserve
    if phase in (Phase.SPLIT, Phase.CHOOSE, Phase.RESERVE):
        turns = state.reserve_turns if phase == Phase.RESERVE else 0
        for turn in range(turns, 2):
            player = state.reserve_first if turn == 0 else 1 - state.reserve_first
            choice = rng.randrange(1 + hands[player].bit_count())  # keep, or give one card
            if choice:
                give = mask_indices(hands[player])[choice - 1]
                hands[player] = hands[player] ^ (1 << give) | (1 << reserve)
                reserve = give
    return _result(state, hands[0], hands[1])


def _result(state: DividedRanksState, hand0: int, hand1: int) -> tuple[float, float]:
    """Both players' results (1 win, 0.5 draw, 0 loss) with auto-arranged builds, a build
    already committed counting as committed."""
    scoring = state.options.scoring
    if state.phase == Phase.OVER:
        outcome = state.outcome
        assert outcome is not None
        winner = outcome.winner
        return (0.5, 0.5) if winner is None else (1.0, 0.0) if winner == 0 else (0.0, 1.0)
    if state.phase == Phase.BUILD and state.builds != (-1, -1):
        keys = [arrangement(hand, split).key_for(scoring) if split >= 0 else best_key(hand, scoring)
                for hand, split in ((hand0, state.builds[0]), (hand1, state.builds[1]))]
        first, second = keys
        return (1.0, 0.0) if first > second else (0.0, 1.0) if first < second else (0.5, 0.5)
    table = packed_key_table(scoring)
    key0, key1 = table[hand0], table[hand1]
    return (1.0, 0.0) if key0 > key1 else (0.0, 1.0) if key0 < key1 else (0.5, 0.5)


_SKILLED = SkilledBot()


def _skilled_rollout(state: DividedRanksState, rng: random.Random) -> tuple[float, float]:
    """The skilled bot plays both seats to the build, each from its own view."""
    while state.phase in _SEARCHED:
        player = _RULES.current_player(state)
        view = _RULES.observe(state, player)
        state = _RULES.apply(state, _SKILLED.choose(view, _RULES.legal_actions(state), rng))
    return _result(state, state.hands[0], state.hands[1])
