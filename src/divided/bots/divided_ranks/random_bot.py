"""The random bot: uniform over legal actions, but auto-arranges its build unless told not to."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from divided.bots.base import one_hot
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.state import Phase
from divided.games.divided_ranks.view import PlayerView
from divided.hands.arrange import arrange


@dataclass
class RandomBot:
    """Chooses uniformly among the legal actions; at the build, auto-arranges by default."""

    auto_arrange: bool = True
    name: str = "random"

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        if self.auto_arrange and view.phase == Phase.BUILD:
            return act.build_action(arrange(view.hand, view.options.scoring).split)
        return legal[rng.randrange(len(legal))]

    def action_probabilities(self, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
        """Uniform over ``legal``; one-hot on the auto-arranged build when it auto-arranges."""
        if self.auto_arrange and view.phase == Phase.BUILD:
            return one_hot(act.build_action(arrange(view.hand, view.options.scoring).split), legal)
        return {action: 1.0 / len(legal) for action in legal}
