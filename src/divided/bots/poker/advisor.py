"""The poker advisor: what every decision of every poker game is worth, for the hints, the review
and ``equity`` (the same player: :class:`~divided.bots.poker.equity.EquityBot` plays
:meth:`PokerAdvisor.pick` of :meth:`PokerAdvisor.values_over`, over its own worlds).

**Values** are the expected chips the deciding seat holds at the end of the deal minus its stack
now, in **pots** (the chips in the pot at the decision): a fold is 0, a call with the nuts on
the river +1 (the pot). They are estimated over worlds sampled from the view alone, with every
seat's future play by the rollout policy of :mod:`~divided.bots.poker.values` (nobody bets or
folds again, the heuristics draw, assign and split), and the showdowns valued exactly; every
valued action is valued over the same worlds (common random numbers), so the standard error of
a difference is paired. The random numbers come from the view and a salt only; at a betting turn
from the part of the view that stays the same through the betting round
(:func:`betting_round_random`), so every decision of a round meets the same worlds.

**What is valued.** Every legal action of a betting turn (fold, check or call, the fixed-limit
bet or raise, the bring-in) except the raise-to amounts of pot and no limit, of which a subset is
valued (:func:`raise_sizes`: the least raise, half the pot, the pot and the most, as far as they
are legal); the other amounts are left out of :attr:`Evaluation.values` (not valued: the advisor
never plays them, the hint never shows them, and the review compares a played one with
:meth:`PokerAdvisor.refine`, which values any legal action). Every draw (up to 32 discard masks
of five cards), assignment, split (up to 252) and Henway order card is valued; the orders are all
worth the same (nobody reads the flips), and :meth:`PokerAdvisor.pick` plays the heuristic flip
order among them. The draw games' decisions (issue 30: exchanges and the call, discard rounds,
take-backs, bids, refusals and keeps, draws with fees or exactly-or-fold) are valued as a draw
is (see :mod:`~divided.bots.poker.equity`); the dealer's call is not (every call is worth the
same to the model) and :meth:`PokerAdvisor.pick` plays
:func:`~divided.bots.poker.playout.dealer_call`.

**Cost**: see BENCHMARKS.md ("Poker hints"), measured by ``benchmarks/bench_poker_hints.py``.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from divided.bots.base import MIN_WORLDS, TIE, Evaluation, one_hot
from divided.bots.poker.betting import to_call
from divided.bots.poker.heuristics import flip_order
from divided.bots.poker.playout import dealer_call
from divided.bots.poker.values import Array, is_betting, is_order, samples
from divided.games.poker import actions as act
from divided.games.poker.steps.dealer_call import CallDraws
from divided.games.poker.view import PokerView

REVIEW_WORLDS = 64
"""Worlds per decision for the hint and the review (``equity`` plays with its own, fewer)."""


def view_rng(view: PokerView, salt: int | None = None, purpose: str = "decide") -> random.Random:
    """The random numbers of a decision: a function of the view (as :func:`repr` spells it),
    ``salt`` and ``purpose`` only."""
    digest = hashlib.blake2b(f"poker-advisor:{purpose}:{salt}:{view!r}".encode(), digest_size=16).digest()
    return random.Random(int.from_bytes(digest, "big"))


def betting_round_random(view: PokerView, salt: int | None = 0) -> random.Random:
    """The random numbers of the seat's betting decisions in this round: a function of ``salt``
    and the seat, the step, the button and the cards it holds and sees face up (what stays the
    same through a betting round) only, so every decision of the round meets the same worlds
    and neither the hint nor ``equity`` calls a bet and then folds to the raise behind it on
    sampling noise alone."""
    me = view.current_player
    key = (me, view.step, view.button, view.slots[me], view.up)
    digest = hashlib.blake2b(f"poker-advisor:betting-round:{salt}:{key!r}".encode(), digest_size=16).digest()
    return random.Random(int.from_bytes(digest, "big"))


def raise_sizes(view: PokerView, legal: Sequence[int]) -> list[int]:
    """The raise-to actions of pot and no limit that are valued: the least, half the pot, the pot
    (the current bet plus the pot after a call) and the most, each the nearest legal amount."""
    amounts = [a - act.RAISE_TO for a in legal if a >= act.RAISE_TO]
    if not amounts:
        return []
    low, high = min(amounts), max(amounts)
    after_call = sum(view.table.contributed) + to_call(view)
    wanted = {low, high, view.table.current + after_call // 2, view.table.current + after_call}
    legal_set = set(legal)
    return sorted({act.RAISE_TO + amount for amount in (min(high, max(low, w)) for w in wanted)
                   if act.RAISE_TO + amount in legal_set})


def valued(view: PokerView, legal: Sequence[int]) -> list[int]:
    """The actions of ``legal`` the advisor values, in ``legal`` order (see the module text)."""
    if not legal or (legal[0] < act.RAISE_TO and not any(a >= act.RAISE_TO for a in legal)):
        return list(legal)
    sizes = set(raise_sizes(view, legal))
    return [a for a in legal if a < act.RAISE_TO or a in sizes]


@dataclass
class PokerAdvisor:
    """Values of every poker decision over ``worlds`` worlds (see the module text)."""

    game: str
    worlds: int = REVIEW_WORLDS
    salt: int = 0
    name: str = "equity"

    @property
    def budget(self) -> int:
        """Worlds per decision (the :class:`~divided.bots.base.Advisor` budget)."""
        return self.worlds

    # -- values ------------------------------------------------------------------------------
    def values_over(self, view: PokerView, legal: Sequence[int], rng: random.Random, worlds: int) -> Evaluation:
        """The valued actions of ``legal`` over ``worlds`` worlds drawn with ``rng``."""
        if not legal:
            raise ValueError("no legal actions to value")
        if view.player is None:
            raise ValueError("a spectator's view has no actions to value")
        if view.current_player != view.player:
            raise ValueError(f"player {view.player} has no decision here (seat {view.current_player} is to act)")
        chosen = valued(view, legal)
        return evaluation(samples(self.game, view, chosen, rng, worlds))

    def evaluate(self, view: PokerView, legal: Sequence[int], *, salt: int | None = None) -> Evaluation:
        """The valued actions of ``legal`` (in pots, see the module text) over :attr:`worlds`
        worlds drawn from the view and ``salt`` (``None``: the advisor's own; at a betting turn
        :func:`betting_round_random`)."""
        salt = self.salt if salt is None else salt
        rng = betting_round_random(view, salt) if legal and is_betting(legal) else view_rng(view, salt)
        return self.values_over(view, legal, rng, self.worlds)

    def pick(self, view: PokerView, legal: Sequence[int], values: Mapping[int, float]) -> int:
        """The best valued action (the first in ``legal`` order within :data:`TIE`); Henway's order
        cards, all worth the same, by the heuristic flip order."""
        if not legal:
            raise ValueError("no legal actions to choose from")
        if is_order(legal):
            return act.order_action(flip_order([a - act.ORDER for a in legal])[0])
        step = view.config.steps[view.step]
        if isinstance(step, CallDraws):  # every call is worth the same to the model
            return dealer_call(legal, view.num_players, step)
        pool = [a for a in legal if a in values]
        if not pool:
            raise ValueError("no legal action has a value")
        top = max(values[a] for a in pool)
        return next(a for a in pool if values[a] >= top - TIE)

    def refine(self, view: PokerView, actions: tuple[int, int], *, salt: int, target: float,
               budget: int, enough: Callable[[Evaluation], bool] | None = None) -> Evaluation:
        """The two ``actions`` (any legal ones, valued or not by :meth:`evaluate`) compared over
        fresh worlds, :attr:`worlds` at a time, until the standard error of their difference is
        at most ``target`` (over at least :data:`~divided.bots.base.MIN_WORLDS` worlds),
        ``budget`` worlds are used, or ``enough`` (asked after each batch) says so."""
        rng = view_rng(view, salt, f"refine:{target}")
        pair = list(dict.fromkeys(actions))
        found: dict[int, list[Array]] = {a: [] for a in pair}
        used = 0
        while used < budget:
            more = min(self.worlds, budget - used)
            for action, values in samples(self.game, view, pair, rng, more).items():
                found[action].append(values)
            used += more
            now = evaluation({a: np.concatenate(parts) for a, parts in found.items()})
            if used >= MIN_WORLDS and now.difference_error(*actions) <= target:
                return now
            if enough is not None and enough(now):
                return now
        return evaluation({a: np.concatenate(parts) if parts else np.zeros(0) for a, parts in found.items()})

    # -- the bot's interface -----------------------------------------------------------------------
    def choose(self, view: PokerView, legal: Sequence[int], rng: random.Random) -> int:
        """:meth:`pick` of :meth:`evaluate` (``rng`` is not used: the numbers come from the view)."""
        if len(legal) == 1:
            return legal[0]
        return self.pick(view, legal, self.evaluate(view, legal).values)

    def action_probabilities(self, view: PokerView, legal: Sequence[int]) -> dict[int, float]:
        return one_hot(self.choose(view, legal, random.Random(0)), legal)


def evaluation(found: Mapping[int, Array]) -> Evaluation:
    """The :class:`Evaluation` of per-world values (every action over the same worlds)."""
    worlds = min((len(values) for values in found.values()), default=0)
    means = {a: float(values.mean()) if len(values) else 0.0 for a, values in found.items()}
    errors = {a: _error(values) for a, values in found.items()}

    def pair_error(first: int, second: int) -> float:
        a, b = found.get(first), found.get(second)
        if a is None or b is None:
            return math.inf
        n = min(len(a), len(b))
        return _error(a[:n] - b[:n])

    return Evaluation(means, errors, worlds, False, pair_error, counts={a: len(v) for a, v in found.items()})


def _error(values: Array) -> float:
    n = len(values)
    if n < 2:
        return math.inf
    return float(np.std(values, ddof=1) / math.sqrt(n))


def advisor(game: str, budget: int | None = None) -> PokerAdvisor:
    """``game``'s advisor (for the hints and the review): :data:`REVIEW_WORLDS` worlds per decision,
    or ``budget`` when that is fewer; values in pots."""
    worlds = REVIEW_WORLDS if budget is None else max(1, min(budget, REVIEW_WORLDS))
    return PokerAdvisor(game, worlds=worlds)


def _factory(game: str) -> Callable[..., PokerAdvisor]:
    def make(budget: int | None = None) -> PokerAdvisor:
        return advisor(game, budget)
    return make


def advisors() -> dict[str, Callable[..., PokerAdvisor]]:
    """Every poker game's advisor factory by id (what :mod:`divided.bots.base` registers)."""
    from divided.games import POKER

    return {game: _factory(game) for game in POKER}


ADVISORS = advisors()
