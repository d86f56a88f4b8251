"""The random bot, for every game: uniform over the legal actions, except that it plays the
game's dominant action where the game's room names one (Divided Ranks' build: auto-arrange,
ruling R5), unless told ``forced=no``.

A dominant action is at least as good as every other whatever the hidden cards and the other
players do, so playing it keeps the random bot a fair "knows nothing" baseline without
throwing away results no player would.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from divided import games
from divided.bots.base import one_hot
from divided.games.base import View


@dataclass
class RandomBot:
    """Chooses uniformly among the legal actions of ``game``; plays the room's dominant action
    when there is one and ``forced`` is on."""

    game: str
    forced: bool = True
    name: str = "random"

    @property
    def auto_arrange(self) -> bool:
        """Divided Ranks' name for :attr:`forced` (the build is its only dominant action)."""
        return self.forced

    def _dominant(self, view: View, legal: Sequence[int]) -> int | None:
        return games.room(self.game).dominant_action(view, legal) if self.forced else None

    def choose(self, view: View, legal: Sequence[int], rng: random.Random) -> int:
        dominant = self._dominant(view, legal)
        if dominant is not None:
            return dominant
        return legal[rng.randrange(len(legal))]

    def action_probabilities(self, view: View, legal: Sequence[int]) -> dict[int, float]:
        """Uniform over ``legal``; one-hot on the dominant action where it plays one."""
        dominant = self._dominant(view, legal)
        if dominant is not None:
            return one_hot(dominant, legal)
        return {action: 1.0 / len(legal) for action in legal}
