"""Rollout policies of the poker games for the generic PIMC and ISMCTS bots
(:mod:`divided.bots.ismcts`): ``random`` (every game's default: uniformly random legal actions)
and ``heuristic``: every seat checks or calls to the end (never folds or raises) and plays the
heuristics of :mod:`~divided.bots.poker.heuristics` at draws, assignments and splits — the
calling station for everyone, so a playout's chips are the showdown's value of each seat's cards.
The tree covers every decision; the returns are chips."""

from __future__ import annotations

import random
from dataclasses import dataclass

from divided.bots.ismcts import RandomRollout, RolloutFactory, RolloutPolicy
from divided.bots.poker.probes import ProbeBot
from divided.games.base import CHANCE
from divided.games.poker.rules import PokerRules
from divided.games.poker.state import PokerState
from divided.games.poker.variants import VARIANTS

POLICIES = ("random", "heuristic")


@dataclass(frozen=True)
class HeuristicRollout:
    """Calling stations with the heuristics, to the end of the deal (see the module text)."""

    rules: PokerRules

    def searched(self, state: PokerState) -> bool:
        return self.rules.current_player(state) >= 0

    def rollout(self, state: PokerState, rng: random.Random) -> tuple[float, ...]:
        rules = self.rules
        station = ProbeBot(rules.variant.id, "calling-station")
        while not state.over:
            player = rules.current_player(state)
            legal = rules.legal_actions(state)
            if player == CHANCE:
                action = legal[rng.randrange(len(legal))]
            else:
                action = station.decide(rules.observe(state, player), legal)
            state = rules.apply(state, action)
        return tuple(rules.returns(state))


def rollouts_of(game: str) -> RolloutFactory:
    """``game``'s rollout policies by name (what the ISMCTS registry finds by game id)."""

    def make(name: str) -> RolloutPolicy:
        from divided.games.poker.variants import rules_of

        rules = rules_of(game)
        if name == "random":
            return RandomRollout(rules)
        if name == "heuristic":
            return HeuristicRollout(rules)
        raise ValueError(f"rollout must be one of {', '.join(POLICIES)} for {game!r}, got {name!r}")

    return make


ROLLOUTS = {game: rollouts_of(game) for game in VARIANTS}
"""Every poker game's rollout factory by id (what :data:`divided.bots.ismcts.ROLLOUTS` names)."""
