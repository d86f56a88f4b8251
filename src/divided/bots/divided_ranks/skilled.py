"""The skilled bot: fast card-value rules, sensible play, microseconds per decision.

* Split: offer the pair that leaves it best off, assuming the chooser takes the face-up pair
  when it adds more than an average hidden pair would.
* Choose: take the face-up pair unless an average pair of the cards it cannot place would
  add more.
* Reserve: the option with the best (chance better - chance worse) of its auto-arranged
  result, from the game's exact books; keep when no swap is favourable.
* Build: auto-arrange.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from divided.bots.base import one_hot, view_random
from divided.bots.divided_ranks.heuristics import average_pair_gain, best_split, choose_face_up
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.knowledge import knowledge
from divided.games.divided_ranks.state import Phase
from divided.games.divided_ranks.view import PlayerView
from divided.hands.arrange import arrange


@dataclass
class SkilledBot:
    """Heuristic play from the view alone."""

    name: str = "skilled"

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        phase = view.phase
        if phase == Phase.BUILD:
            return act.build_action(arrange(view.hand, view.options.scoring).split)
        books = knowledge(view)
        unseen = sum(1 << card for card in books.unaccounted)
        if phase == Phase.SPLIT:
            estimate = average_pair_gain(books.opponent_known, unseen)
            up = best_split(view.hand, books.opponent_known, view.drawn, estimate)
            a, b = (i for i in range(21) if up >> i & 1)
            return act.split_action(a, b)
        if phase == Phase.CHOOSE:
            estimate = average_pair_gain(view.hand, unseen)
            return act.TAKE_FACE_UP if choose_face_up(view.hand, view.offer, estimate) else act.TAKE_FACE_DOWN
        if phase == Phase.RESERVE:
            best, best_margin = act.KEEP, Fraction(0)
            for odds in books.swap_odds:
                margin = odds.better - odds.worse
                if odds.give is not None and margin > best_margin:
                    best, best_margin = act.give_action(odds.give), margin
            return best
        return legal[rng.randrange(len(legal))]

    def action_probabilities(self, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
        """One-hot on :meth:`choose` (with random numbers from the view: it uses none in play)."""
        return one_hot(self.choose(view, legal, view_random(view)), legal)
