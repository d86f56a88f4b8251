"""Determinised flat Monte Carlo (PIMC), for every game: the skeleton a game's expert starts from.

Perfect-information Monte Carlo as in bridge and skat programs (Ginsberg's GIB; Long et al.,
"Understanding the Success of Perfect Information Monte Carlo Sampling in Game Tree Search",
AAAI 2010): draw ``worlds`` full states consistent with the bot's view from the game's world
sampler; in each, play every legal action and then the game's rollout policy to the end (the
same policies as :mod:`divided.bots.ismcts`, found by game id); value each action by its mean
result for the bot's seat, worlds weighted by the sampler's ``weight``; play the best (ties:
the first legal action). Every action is scored on the same worlds and the same rollout random
numbers (common random numbers), so differences between actions are not sampling noise of the
worlds. The room's dominant action, when there is one, is played at once.

Known limits, as for every PIMC: it assumes the other players will know the hidden cards
("strategy fusion") and never plays to hide information. A game's expert refines this with an
opponent model (a ``weight`` above 1 for worlds its observed play makes likelier) and exact
endgames.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from divided import games
from divided.bots.base import one_hot, view_random
from divided.bots.ismcts import RolloutPolicy, rollout_policy
from divided.games.base import View


@dataclass
class PimcBot:
    """Flat Monte Carlo over ``worlds`` determinisations of the view for ``game`` (see the
    module text); ``rollout`` names the game's rollout policy ("random" for every game)."""

    game: str
    worlds: int = 64
    rollout: str = "random"
    name: str = "pimc"
    _policy: RolloutPolicy = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.worlds <= 0:
            raise ValueError(f"worlds must be positive, got {self.worlds}")
        self._policy = rollout_policy(self.game, self.rollout)

    def values(self, view: View, legal: Sequence[int], rng: random.Random) -> dict[int, float]:
        """Each legal action's weighted mean result for the view's player over the sampled worlds."""
        room = games.room(self.game)
        rules, sampler = room.rules, room.sampler(view)
        seat = view.player
        if seat is None:
            raise ValueError("a spectator has no decisions to value")
        totals = dict.fromkeys(legal, 0.0)
        weight = 0.0
        for _ in range(self.worlds):
            world = sampler.sample(rng)
            share = sampler.weight(world)
            seed = rng.getrandbits(64)
            weight += share
            for action in legal:
                result = self._policy.rollout(rules.apply(world, action), random.Random(seed))
                totals[action] += share * result[seat]
        return {action: total / weight for action, total in totals.items()} if weight > 0 else totals

    def choose(self, view: View, legal: Sequence[int], rng: random.Random) -> int:
        dominant = games.room(self.game).dominant_action(view, legal)
        if dominant is not None:
            return dominant
        if len(legal) == 1:
            return legal[0]
        values = self.values(view, legal, rng)
        top = max(values.values())
        return next(action for action in legal if values[action] >= top)

    def action_probabilities(self, view: View, legal: Sequence[int]) -> dict[int, float]:
        """One-hot on :meth:`choose` with random numbers seeded from the view."""
        return one_hot(self.choose(view, legal, view_random(view)), legal)

