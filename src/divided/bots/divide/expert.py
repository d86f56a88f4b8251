"""The expert: determinised search (PIMC) over the deals consistent with the view; DIVIDE's advisor.

Each candidate action (:func:`~.search.candidates`) is valued by playing the rest of the round
out in ``worlds`` sampled worlds (:func:`~.search.sample_worlds`: the room's sampler, uniform
over the placements of the unseen cards the view allows) with the rollout policy of
:mod:`.playout` on every seat, and scoring the round's end by the viewer's share of the win
(:func:`~.playout.win_share`: exact when the game ends with the round, a model of the rounds to
come otherwise). The same worlds serve every action (common random numbers) and their random
numbers come from the view and a salt only, so one view always gets one answer. The choice, the
hint and the review all come from :meth:`ExpertBot.evaluate` and :meth:`ExpertBot.pick`.

**Horizon: the round, valued in win share.** Playing whole games out would cost four times as
much for decisions whose effect is mostly on this round; the round's end is valued by the chance
of winning the game, which is what the score is for (a lead of 5 points matters more in the last
round than in the first, and at the end only first place counts). ``unit="points"`` values the
round points less the table's mean instead (a bot parameter, to compare the two).

**What the search assumes** (PIMC's known failure modes):

- *Every consistent deal is equally likely.* The sampler respects what the view proves (voids,
  cards the viewer passed) but not what the other players' choices suggest: a commit, a pass or
  a pick says something about a hand that the worlds ignore (non-locality: the value of a move
  depends on the play elsewhere in the tree, which the worlds do not reflect).
- *The other seats play the rollout policy*, which decides from its own hand and the public
  cards only: the playouts never let a seat act on cards it cannot see, so the expert's values
  are not fused over worlds after the first move (the classic strategy fusion of PIMC, where the
  searcher plays each world as if it knew the deal, does not arise in the playouts), but the
  root choice is still the one action best on average over worlds a real player could not tell
  apart, and information-gathering or -hiding moves get no credit.
- *One policy for the rest of the round*: an action whose worth depends on playing well later
  (keeping a card for a later trick) is valued by how the rollout policy plays it on.

**Cost** (``benchmarks/bench_divide_bots.py --bot expert --against skilled --playouts 1 --repeats
3``, 2026-12-02, CPU time on a shared machine, forced moves left out): at 4 players (8 games) 425
decisions, median 7.2 ms, p95 20 ms (commits 21 ms, passes 15 ms, drafts 7 ms, plays 6 ms); at 6
players (6 games) 293 decisions, median 7.5 ms, p95 24 ms. A whole round played out costs
0.25 ms at 4 players (3,928 playouts/s; 2,813/s at 6) against 1.6 ms for the skilled rules'
playouts of :mod:`.rollouts` (610/s; 462/s at 6), which is why the playouts use the cheaper
policy of :mod:`.playout`. Values by win share and by points were not told apart by a small
match (160 games each against three seats of the rollout policy: 0.49 and 0.53, each +- 0.08);
win share is kept because it is what the game is won by.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from divided.bots.base import MIN_WORLDS, TIE, Evaluation, one_hot
from divided.bots.divide.playout import Round
from divided.bots.divide.search import (
    DECISIONS,
    candidate_world,
    candidates,
    evaluation,
    pair_error,
    sample_worlds,
    samples,
    view_rng,
)
from divided.games.divide.view import PlayerView

REVIEW_WORLDS = 48
"""Worlds per candidate for the hint and the review (the lab's expert plays with fewer)."""
UNITS = ("win", "points")


@dataclass
class ExpertBot:
    """Determinised playouts of the round over ``worlds`` worlds for each candidate action (the
    other legal actions over ``screen`` worlds when asked), valued in ``unit``."""

    worlds: int = 10
    screen: int = 4
    salt: int = 0
    unit: str = "win"
    name: str = "expert"

    @property
    def budget(self) -> int:
        """Worlds per candidate (the :class:`~divided.bots.base.Advisor` budget)."""
        return self.worlds

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        """The action :meth:`pick` chooses from the candidates' values (``rng`` is not used: the
        random numbers come from the view); a forced move costs nothing."""
        if not legal:
            raise ValueError("no legal actions to choose from")
        if len(legal) == 1:
            return legal[0]
        chosen = candidates(view, legal, candidate_world(view))
        if len(chosen) == 1:
            return chosen[0]
        worlds = self._worlds(view, self.salt)
        found = samples(view, chosen, worlds, {a: len(worlds) for a in chosen}, self.unit)
        return self.pick(view, legal, evaluation(found, len(worlds)).values)

    def action_probabilities(self, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
        """One-hot on :meth:`choose`."""
        return one_hot(self.choose(view, legal, random.Random(0)), legal)

    def pick(self, view: PlayerView, legal: Sequence[int], values: Mapping[int, float]) -> int:
        """The best valued candidate (the first in ``legal`` order within :data:`TIE`; the same
        candidates :meth:`evaluate` values over all its worlds); actions outside the candidates
        only when no candidate is valued."""
        pool = [a for a in candidates(view, legal, candidate_world(view)) if a in values]
        if not pool:
            pool = [a for a in legal if a in values]
        if not pool:
            raise ValueError("no legal action has a value")
        top = max(values[a] for a in pool)
        return next(a for a in pool if values[a] >= top - TIE)

    def evaluate(self, view: PlayerView, legal: Sequence[int], *, salt: int | None = None) -> Evaluation:
        """Every action of ``legal``: its value in ``unit`` (the viewer's expected share of the
        win, 0..1, by default) and its standard error, candidates over ``worlds`` worlds and the
        rest over ``screen``."""
        if not legal:
            raise ValueError("no legal actions to choose from")
        if view.player is None:
            raise ValueError("a spectator's view has no actions to value")
        if view.phase not in DECISIONS or view.current_player != view.player:
            raise ValueError(f"player {view.player} has no decision here ({view.phase})")
        worlds = self._worlds(view, self.salt if salt is None else salt)
        chosen = set(candidates(view, legal, candidate_world(view)))
        counts = {a: len(worlds) if a in chosen else min(self.screen, len(worlds)) for a in legal}
        return evaluation(samples(view, legal, worlds, counts, self.unit), len(worlds))

    def refine(self, view: PlayerView, actions: tuple[int, int], *, salt: int, target: float,
               budget: int, enough: Callable[[Evaluation], bool] | None = None) -> Evaluation:
        """The two ``actions`` compared over fresh worlds, ``worlds`` at a time, until the
        standard error of their difference is at most ``target`` (over at least
        :data:`~divided.bots.base.MIN_WORLDS` worlds), ``budget`` worlds are used, or
        ``enough`` (asked after each batch) says the values so far settle the caller's question."""
        rng = view_rng(view, salt, f"refine:{target}")
        found: dict[int, list[float]] = {a: [] for a in actions}
        used = 0
        while used < budget:
            more = sample_worlds(view, rng, min(self.worlds, budget - used))
            used += len(more)
            for action, values in samples(view, actions, more, {a: len(more) for a in actions}, self.unit).items():
                found[action] += values
            if used >= MIN_WORLDS and pair_error(found, *actions) <= target:
                break
            if enough is not None and enough(evaluation(found, used)):
                break
        return evaluation(found, used)

    def _worlds(self, view: PlayerView, salt: int) -> list[Round]:
        return sample_worlds(view, view_rng(view, salt), self.worlds)


def advisor(budget: int | None = None) -> ExpertBot:
    """DIVIDE's advisor (for the hints and the review): the expert with :data:`REVIEW_WORLDS`
    worlds per candidate, or ``budget`` when that is fewer; values in win share (0..1)."""
    worlds = REVIEW_WORLDS if budget is None else max(1, min(budget, REVIEW_WORLDS))
    return ExpertBot(worlds=worlds, screen=min(ExpertBot.screen, worlds))
