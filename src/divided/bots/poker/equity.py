"""``equity``: the baseline bot of every poker variant (design note 3.6), and the player the
hints and the review stand for: it plays the poker advisor's choice
(:meth:`~divided.bots.poker.advisor.PokerAdvisor.pick` of its values), over ``worlds`` worlds
drawn with the random numbers it is given, except at betting turns, where it draws them as the
advisor does, the same for every decision of the betting round
(:func:`~divided.bots.poker.advisor.betting_round_random`, salt 0), so it does not call a bet
and fold to the raise behind it on sampling noise (the advisor of the hints draws more worlds).

The values (:mod:`~divided.bots.poker.values`): over deals consistent with its view (in the
draw games opponents' hands fit to how many cards they drew), completed by the heuristics for
everyone, with nobody betting or folding after this decision and every seat still in paying
the rounds to come at the bets seen per round so far (``later``), the expected chips at the end
of the deal relative to now, in pots. So:

* **Betting**: with ``share`` the expected pot share and ``n`` the seats still in, a call is
  worth ``share * (pot + calls + n * later) - (call + later)`` (``calls`` what every seat in
  puts in to match the bet) and a fold 0 (so it folds when
  ``share`` is below the price of staying in to the showdown, not the call's pot odds alone); a
  bet or raise called by the ``n`` seats still in adds ``share * n - 1`` times its extra chips, so it bets or raises
  when ``share`` beats the fair share ``1 / n`` (side pots counted exactly). Pot and no limit:
  the best of the least raise, half the pot, the pot and the most (against callers the most,
  whenever raising is right at all).
* **Draws, assignments, splits**: every legal option is valued over the same worlds (common
  random numbers) and the best expected chips are played (ties: the first legal).
* **Henway's order**: information only, so no search: :func:`~divided.bots.poker.heuristics.flip_order`.
* **The draw games' steps** (issue 30), each option valued over the same worlds as a draw is,
  by the completion model of :mod:`~divided.bots.poker.playout`: a draw's fee, a bid and a
  refusal are paid into the pot (so a lot is bought while its value to the seat beats its
  price, the part of the price it may win back counted; a lot it passes goes to the seat the
  heuristics give it to, :func:`~divided.bots.poker.playout.lot_receiver`); a draw of exactly
  so many cards or fold values the fold at 0 and a change as a call (the rounds to come paid,
  the trash forfeit risked), so it folds when every change is worth less; Jackpot's call against one more exchange for everyone; a discard
  round's card against a pass for good; a take-back against keeping; the auction's keep masks
  by the hands they make. The dealer's call: every call is worth the same to the model, so
  :func:`~divided.bots.poker.playout.dealer_call` (the most betting rounds).
* **Showdowns** under the draw games' awards (wild cards, places, the hog, must-hold-five, the
  assassin, the trash forfeit) are ranked by the engine's batch showdown
  (:mod:`divided.games.poker.batch`): every hand valued as the rules pay it; a match's chips
  carried into the deal count in the pot, and a pot nobody can win that the match replays
  (Fives without a five) is worth an equal share of it to each seat in the replay
  (:func:`~divided.bots.poker.shares.replay_share`), not nothing. 3-2-1's trash forfeit (the next deal's ante a hand
  that does not beat the trash owes) is priced in at every decision of a deal that may owe it
  (:mod:`~divided.bots.poker.forfeit`); no other effect on later deals of a match is.

Two parameters move it off the advisor's choice (both 0 by default, where it plays the hint):
``margin``, in pots, that a bet or raise must beat the best passive action by, and ``jitter``,
the standard deviation (in pots) of noise from the given random numbers added to every value.

Known limits (the model's): no fold equity and no re-raises (a raise is always called), the
rounds to come priced from this deal's bets only, no range from the opponents' bets or splits.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from divided.bots.base import one_hot
from divided.bots.poker.advisor import PokerAdvisor, betting_round_random, view_rng
from divided.bots.poker.heuristics import flip_order
from divided.bots.poker.values import is_betting, is_order
from divided.games.poker import actions as act
from divided.games.poker.view import PokerView


def order_action(view: PokerView, legal: Sequence[int]) -> int:
    """Henway's order decisions: the next card of the heuristic flip order."""
    cards = [a - act.ORDER for a in legal]
    return act.order_action(flip_order(cards)[0])


@dataclass
class EquityBot:
    """The advisor's choice over ``worlds`` worlds (see the module text)."""

    game: str
    worlds: int = 40
    margin: float = 0.0
    jitter: float = 0.0
    name: str = "equity"

    def __post_init__(self) -> None:
        if self.worlds <= 0:
            raise ValueError(f"worlds must be positive, got {self.worlds}")

    def choose(self, view: PokerView, legal: Sequence[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        if is_order(legal):
            return order_action(view, legal)
        advisor = PokerAdvisor(self.game, worlds=self.worlds)
        if is_betting(legal):
            rng = betting_round_random(view)
        values = dict(advisor.values_over(view, legal, rng, self.worlds).values)
        if self.jitter:
            values = {a: v + rng.gauss(0.0, self.jitter) for a, v in values.items()}
        if self.margin and is_betting(legal):
            values = {a: v - self.margin if a == act.RAISE or a >= act.RAISE_TO else v for a, v in values.items()}
        return advisor.pick(view, legal, values)

    def action_probabilities(self, view: PokerView, legal: Sequence[int]) -> dict[int, float]:
        """One-hot on :meth:`choose` with the advisor's random numbers of the view (salt 0): the
        policy of ``PokerAdvisor(game, worlds=self.worlds)``."""
        return one_hot(self.choose(view, legal, view_rng(view, 0)), legal)
