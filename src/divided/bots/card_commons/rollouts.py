"""Card Commons' rollout policies for the generic ISMCTS (:mod:`divided.bots.ismcts`).

* The tree covers the turns, the keeps and the builds of the round in play; it stops where the
  next round is dealt (or the match ends).
* ``skilled``: the skilled rules play both seats to the end of the round, each from what it sees
  (:mod:`.playout`); ``random``: uniformly random turn actions and keeps, then the skilled build
  (a build already committed counts as committed).
* A leaf is scored by each player's chance of winning the match: at the end of a round by the
  round table of the round's outcome (:func:`~.playout.table_of_state`), at the deal of a new
  round by the match model from the scores, at the end of the match by its result (1, 0.5, 0).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from divided.bots.card_commons.playout import Round, table_of_state, win_chance
from divided.bots.card_commons.skilled import moves
from divided.games.card_commons.rules import keep_actions
from divided.games.card_commons.state import TURNS, CardCommonsState, Phase

ROLLOUTS = ("random", "skilled")
_SEARCHED = (Phase.ACT, Phase.KEEP, Phase.BUILD)


@dataclass(frozen=True)
class CardCommonsRollout:
    """The search of one round, with ``kind`` playouts (see the module text)."""

    kind: str = "skilled"

    def searched(self, state: CardCommonsState) -> bool:
        return state.phase in _SEARCHED

    def rollout(self, state: CardCommonsState, rng: random.Random) -> tuple[float, float]:
        if state.phase == Phase.OVER:
            outcome = state.outcome
            assert outcome is not None
            winner = outcome.winner
            return (0.5, 0.5) if winner is None else (1.0, 0.0) if winner == 0 else (0.0, 1.0)
        if state.phase in (Phase.COIN, Phase.DEAL) and state.deal_count == 0:
            first = win_chance(state, 0)
            return first, 1.0 - first
        game = Round.of_state(state, rng)
        if self.kind == "random":
            _random_draft(game, rng)
        threes = game.play_out()
        committed = state.builds
        threes = (committed[0] or threes[0], committed[1] or threes[1])
        results = []
        for player in (0, 1):
            five, three = game.outcome(threes, player)
            results.append(table_of_state(state, player)[five][three])
        return results[0], results[1]


def _random_draft(game: Round, rng: random.Random) -> None:
    """Uniformly random turn actions and keeps to the end of the draft."""
    if game.offer >= 0:
        replies = keep_actions(game.offer)
        game.apply_keep(replies[rng.randrange(len(replies))])
    while game.turn < TURNS:
        player = game.turn_player()
        if not game.drawn:
            game.hands[player] |= 1 << game.pile.pop()
            game.drawn = True
        options = moves(game.hands[player], game.used[player])
        game.apply_turn(options[rng.randrange(len(options))][0])
        if game.offer >= 0:
            replies = keep_actions(game.offer)
            game.apply_keep(replies[rng.randrange(len(replies))])


def rollout_policy(name: str) -> CardCommonsRollout:
    """The policy called ``name``: "random" or "skilled"."""
    if name not in ROLLOUTS:
        raise ValueError(f"rollout must be 'random' or 'skilled', got {name!r}")
    return CardCommonsRollout(name)
