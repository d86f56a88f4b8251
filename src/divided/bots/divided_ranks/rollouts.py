"""Divided Ranks' rollout policies for the generic ISMCTS (:mod:`divided.bots.ismcts`).

* The tree covers the split, the choice and the reserve. Builds are not searched: auto-arrange
  is best against every opponent (ruling R5), so the tree stops at the build and scores both
  holdings as auto-arranged (a build already committed is scored as committed).
* ``random``: uniformly random legal actions to the end, with auto-arranged builds, on bit masks
  (the same distribution of play as applying random legal actions with the engine, faster).
* ``skilled``: the skilled bot plays both seats to the build, each from its own view.

Results are 1 for a win, 0.5 for a draw and 0 for a loss, from each player's side. There are no
chance nodes after the deal, so every chance event is in the determinisation.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from divided.bots.divided_ranks.skilled import SkilledBot
from divided.cards import mask_indices
from divided.games.divided_ranks.rules import DividedRanksRules
from divided.games.divided_ranks.state import ROUNDS, SPLIT_SIZE, DividedRanksState, Phase
from divided.hands.arrange import arrangement, best_key, packed_key_table

ROLLOUTS = ("random", "skilled")
_RULES = DividedRanksRules()
_SEARCHED = (Phase.SPLIT, Phase.CHOOSE, Phase.RESERVE)
_PAIRS_OF_FOUR = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))


@dataclass(frozen=True)
class DividedRanksRollout:
    """The search of Divided Ranks' draft and reserve, with ``kind`` playouts (see the module text)."""

    kind: str = "random"

    def searched(self, state: DividedRanksState) -> bool:
        return state.phase in _SEARCHED

    def rollout(self, state: DividedRanksState, rng: random.Random) -> tuple[float, float]:
        if self.kind == "skilled":
            return skilled_rollout(state, rng)
        return random_rollout(state, rng)


def rollout_policy(name: str) -> DividedRanksRollout:
    """The policy called ``name``: "random" or "skilled"."""
    if name not in ROLLOUTS:
        raise ValueError(f"rollout must be 'random' or 'skilled', got {name!r}")
    return DividedRanksRollout(name)


def random_rollout(state: DividedRanksState, rng: random.Random) -> tuple[float, float]:
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
    return result(state, hands[0], hands[1])


def result(state: DividedRanksState, hand0: int, hand1: int) -> tuple[float, float]:
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


def skilled_rollout(state: DividedRanksState, rng: random.Random) -> tuple[float, float]:
    """The skilled bot plays both seats to the build, each from its own view."""
    while state.phase in _SEARCHED:
        player = _RULES.current_player(state)
        view = _RULES.observe(state, player)
        state = _RULES.apply(state, _SKILLED.choose(view, _RULES.legal_actions(state), rng))
    return result(state, state.hands[0], state.hands[1])
