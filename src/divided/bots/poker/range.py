"""``equity+range``: ``equity`` whose sampled worlds are weighted by how likely each opponent's
public actions were with that world's cards (issue 30).

**The worlds** are ``equity``'s (:mod:`~divided.bots.poker.values`: uniform over the deals
consistent with the view, opponents' hands refit to their draw counts by
:func:`~divided.bots.poker.values.range_from_draws`), each completed by the heuristics. World
``i`` gets the weight ``w_i = prod over live opponents o, prod over o's events e of L(e | q_io)``
and every action's value is the weighted mean of its per-world values (common random numbers as
in ``equity``).

**Hand strength** ``q_io`` in [0, 1]: the quantile of opponent ``o``'s final hand in world ``i``
among its final hands in all the sampled worlds (mid-rank for ties; in a game of several awards
the awards' quantiles weighted by their shares of the pot). It is the strength of the hand the
world gives the opponent, as it will stand at the showdown under the heuristics, against the
hands it could hold given everything public (not the strength at the event's street: the model's
main simplification).

**The opponent model** (the likelihood of an event given ``q``; :data:`LIKELIHOODS`, one function
per event kind, so a new step kind plugs in by :func:`register_likelihood`). The opponent is taken to
play the fair-share rule ``equity`` plays, softened: with ``n`` seats in when it acted, a hand of
quantile ``q`` wins about ``q ** (n - 1)`` of the pot, so it bets (or raises) when that beats the
fair share ``1 / n`` (``q > (1 / n) ** (1 / (n - 1))``, 0.5 heads-up) and folds to a bet below
half the fair share. Each threshold is a logistic step of width :data:`SOFTNESS` times one plus
the deals and draws still to come after the event (an early bet says less about the final hand:
:func:`softness`) and every likelihood is floored at :data:`FLOOR` (bluffs, slow plays, other
styles):

* ``bet``: ``P(aggressive | q)``; ``check``: ``1 - P(aggressive | q)``;
* ``raise``, ``complete``: ``P(aggressive | q)`` with the raise threshold :data:`RAISE_EXTRA` higher;
* ``call``: ``(1 - P(raise | q)) * (1 - P(fold | q))``;
* ``draw`` (cards drawn) and forced chips (``ante``, ``blind``, ``bring-in``): 1 here, the draw
  counts being fitted by the sampler (``range_from_draws``); other kinds (deals, flips, splits,
  shows...): 1 until a model is registered for them. Folded seats are not weighted.

**A switch of the ranking** (J-Lo's ``switch`` event: nobody opened, the deal turns to
deuce-to-seven): the events before it were made under the ranking the deal no longer has, and the
quantiles are of the final hands under the ranking in force, so they are not read (a check made
for want of jacks says nothing about a deuce-to-seven low, and read as weakness it would count
against the good lows). Only the events after the last switch are weighed (:func:`read_events`).

**Effective sample size guard**: with ``ess = (sum w) ** 2 / sum w ** 2``, when ``ess`` falls below
:data:`MIN_ESS_SHARE` of the worlds the weights are tempered (``w ** beta``, the largest ``beta``
in [0, 1] found by bisection that keeps ``ess`` there), so a few worlds never carry the decision
and with no world fitting at all the values are ``equity``'s own.

Known limits: the strengths are quantiles among the sampled worlds (coarse with few worlds); one
threshold model for every opponent, not fitted to its play; the rest of ``equity``'s model
(nobody folds or raises after the decision) is unchanged. Draws are read only through the
sampler's refit of hidden hands, so a hand with a card up (Mississippi) is not read from which
cards it exchanged; and in a game whose showdowns split whatever the hands (Mississippi
heads-up, but for the hog) the quantiles are nearly flat, so a bet is read as the hog alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from divided.bots.base import one_hot
from divided.bots.poker.advisor import PokerAdvisor, betting_round_random, valued, view_rng
from divided.bots.poker.equity import order_action
from divided.bots.poker.values import Array, Showdowns, is_betting, is_order, sampled
from divided.games.poker.events import Event
from divided.games.poker.view import PokerView

SOFTNESS = 0.08
"""Width (in quantile) of the logistic steps of the opponent model."""
FLOOR = 0.1
"""The least likelihood of any observed action (the model's doubt)."""
RAISE_EXTRA = 0.05
"""How much stronger (in quantile) a raise is taken to be than a bet."""
MIN_ESS_SHARE = 0.25
"""The least effective sample size of the weights, as a share of the worlds."""


@dataclass(frozen=True)
class Context:
    """What a likelihood reads besides the event: the seats in (not folded) when it was made,
    and the width of its logistic steps (:func:`softness`)."""

    seats_in: int
    width: float = SOFTNESS


Likelihood = Callable[[Event, Array, Context], Array]
"""An event's likelihood in every world, from the acting opponent's strengths ``q`` (worlds,)."""


def bet_threshold(seats_in: int) -> float:
    """The quantile above which a fair-share player bets with ``seats_in`` seats in."""
    n = max(2, seats_in)
    return float((1.0 / n) ** (1.0 / (n - 1)))


def fold_threshold(seats_in: int) -> float:
    """The quantile below which a fair-share player folds to a bet (half the fair share)."""
    n = max(2, seats_in)
    return float((0.5 / n) ** (1.0 / (n - 1)))


def softness(view: PokerView, step: int) -> float:
    """The width of the model's steps for an event at ``step``: :data:`SOFTNESS` times one plus
    the steps after it that bring cards (deals and draws), so an early bet says less about the
    final hand than a last-round one."""
    return SOFTNESS * (1 + sum(1 for later in view.config.steps[step + 1:] if later.kind in ("deal", "draw")))


def _step(q: Array, threshold: float, width: float) -> Array:
    """``P(q > threshold)`` softened: a logistic step of ``width``."""
    result: Array = 1.0 / (1.0 + np.exp(-(q - threshold) / width))
    return result


def _floor(p: Array) -> Array:
    result: Array = FLOOR + (1.0 - FLOOR) * p
    return result


def aggressive(event: Event, q: Array, context: Context) -> Array:
    """A bet, raise or completion."""
    extra = 0.0 if event.kind == "bet" else RAISE_EXTRA
    return _floor(_step(q, bet_threshold(context.seats_in) + extra, context.width))


def check(event: Event, q: Array, context: Context) -> Array:
    """A check: no bet to call, none made."""
    return _floor(1.0 - _step(q, bet_threshold(context.seats_in), context.width))


def call(event: Event, q: Array, context: Context) -> Array:
    """A call: neither a raise nor a fold."""
    raised = _step(q, bet_threshold(context.seats_in) + RAISE_EXTRA, context.width)
    folded = 1.0 - _step(q, fold_threshold(context.seats_in), context.width)
    return _floor((1.0 - raised) * (1.0 - folded))


LIKELIHOODS: dict[str, Likelihood] = {"bet": aggressive, "raise": aggressive, "complete": aggressive,
                                      "check": check, "call": call}
"""The opponent model by event kind (see the module text); kinds not here have likelihood 1."""


def register_likelihood(kind: str, likelihood: Likelihood) -> None:
    """Model the events of ``kind`` (a new step kind's draws, exposures, openers...) by
    ``likelihood``; a kind already modelled is refused."""
    if kind in LIKELIHOODS:
        raise ValueError(f"events of kind {kind!r} already have a likelihood")
    LIKELIHOODS[kind] = likelihood


def quantiles(found: Showdowns, shares: Sequence[float]) -> Array:
    """``(worlds, opponents)``: each opponent's final-hand quantile in every world among its
    hands in all the worlds (mid-rank ties; awards weighted by ``shares``)."""
    theirs = found.theirs[:, :, 0, :]  # (awards, worlds, opponents)
    awards, worlds, opponents = theirs.shape
    out = np.zeros((worlds, opponents), dtype=np.float64)
    total = sum(shares) or 1.0
    for a in range(awards):
        for o in range(opponents):
            column = theirs[a, :, o]
            ordered = np.sort(column)
            below = np.searchsorted(ordered, column, side="left")
            upto = np.searchsorted(ordered, column, side="right")
            out[:, o] += shares[a] / total * (below + upto) / (2.0 * worlds)
    return out


def read_events(view: PokerView) -> list[bool]:
    """For each event of ``view``, whether the model reads it: every event after the last
    ``switch`` (all of them when the ranking never switched; see the module text)."""
    kinds = [event.kind for event in view.events]
    last = max((k for k, kind in enumerate(kinds) if kind == "switch"), default=-1)
    return [k > last for k in range(len(kinds))]


def log_likelihoods(view: PokerView, found: Showdowns) -> Array:
    """``(worlds,)``: the log-likelihood of every live opponent's public actions in each world."""
    q = quantiles(found, [award.share for award in view.config.awards])
    column = {seat: k for k, seat in enumerate(found.opponents)}
    total = np.zeros(found.worlds, dtype=np.float64)
    seats_in = view.num_players
    for event, read in zip(view.events, read_events(view), strict=True):
        if event.kind == "fold":
            seats_in -= 1
            continue
        if not read:
            continue
        model = LIKELIHOODS.get(event.kind)
        if model is None or event.seat is None or event.seat not in column:
            continue
        context = Context(seats_in, softness(view, event.step))
        total += np.log(model(event, q[:, column[event.seat]], context))
    return total


def effective_size(weights: Array) -> float:
    """``(sum w) ** 2 / sum w ** 2``."""
    return float(weights.sum() ** 2 / max(float((weights ** 2).sum()), 1e-300))


def guarded_weights(log_weights: Array, min_share: float = MIN_ESS_SHARE) -> Array:
    """Normalised weights ``exp(beta * log_weights)`` with the largest ``beta`` in [0, 1] whose
    effective sample size is at least ``min_share`` of the worlds (bisection; see the module text)."""
    worlds = len(log_weights)
    wanted = min_share * worlds

    def weights(beta: float) -> Array:
        scaled = beta * (log_weights - log_weights.max())
        found: Array = np.exp(scaled)
        normalised: Array = found / found.sum()
        return normalised

    full = weights(1.0)
    if effective_size(full) >= wanted:
        return full
    low, high = 0.0, 1.0
    for _ in range(30):
        middle = (low + high) / 2
        if effective_size(weights(middle)) >= wanted:
            low = middle
        else:
            high = middle
    return weights(low)


def world_weights(view: PokerView, found: Showdowns) -> Array:
    """The guarded, normalised weight of every world of ``found`` (see the module text)."""
    return guarded_weights(log_likelihoods(view, found))


def weighted_values(game: str, view: PokerView, actions: Sequence[int], rng: random.Random,
                    worlds: int) -> dict[int, float]:
    """Each of ``actions``' value in pots, the weighted mean over ``worlds`` worlds drawn with
    ``rng`` (valued as ``equity`` values them, :func:`~divided.bots.poker.values.sampled`)."""
    found, per_world = sampled(game, view, actions, rng, worlds)
    weights = world_weights(view, found)
    return {action: float(values @ weights) for action, values in per_world.items()}


@dataclass
class RangeBot:
    """``equity`` over worlds weighted by the opponents' actions (see the module text)."""

    game: str
    worlds: int = 80
    name: str = "equity+range"

    def __post_init__(self) -> None:
        if self.worlds <= 0:
            raise ValueError(f"worlds must be positive, got {self.worlds}")

    def values(self, view: PokerView, legal: Sequence[int], rng: random.Random) -> dict[int, float]:
        """The valued actions of ``legal`` (as the advisor values them), weighted means in pots."""
        if view.player is None or view.current_player != view.player:
            raise ValueError("only the seat to act has a decision to value")
        if is_betting(legal):
            rng = betting_round_random(view)
        return weighted_values(self.game, view, valued(view, legal), rng, self.worlds)

    def choose(self, view: PokerView, legal: Sequence[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        if is_order(legal):
            return order_action(view, legal)
        return PokerAdvisor(self.game, worlds=self.worlds).pick(view, legal, self.values(view, legal, rng))

    def action_probabilities(self, view: PokerView, legal: Sequence[int]) -> dict[int, float]:
        """One-hot on :meth:`choose` with the random numbers of the view."""
        return one_hot(self.choose(view, legal, view_rng(view, 0)), legal)

