"""``equity``: the baseline bot of every poker variant (design note 3.6).

At a decision it samples ``worlds`` deals consistent with its view (the room's world sampler),
completes each with the heuristic policies for everyone (:mod:`~divided.bots.poker.playout`)
and values the showdown exactly in numpy batches (:mod:`~divided.bots.poker.shares`): its
expected **pot share**, with every award of the variant (high and low halves, Henway's
any-hand-competes, 10 Card Regrets' sides, Cowpie's five and two).

* **Betting**: with ``share`` the expected share (plus a little noise, ``jitter``; worlds and
  noise the same for every decision of a betting round, :func:`betting_round_random`) and ``price`` the share of the final pot that staying in to the showdown costs
  (:func:`showdown_price`: the call now and the rounds still to come, each priced at the bets
  seen per round so far in this deal): fold when ``share < price``; bet or raise when
  ``share`` exceeds the fair share of the seats still in (1 / seats) by ``margin``; otherwise
  check or call. A bring-in counts as the call. Pot and no limit: raise to the pot (the
  nearest legal amount at or below it, else the least).
* **Draws, assignments, splits**: every legal option is valued over the same worlds (common
  random numbers) and the best expected share is played (ties: the first legal).
* **Henway's order**: information only, so no search: :func:`~divided.bots.poker.heuristics.flip_order`.

Known limits: every world is equally likely (no range from the opponents' bets, draws or
splits, so against seats that draw well its share runs high); the rounds to come are priced
from this deal's bets only, as if every seat still in went on matching them; side pots are
not modelled (the whole pot is shared among the seats still in).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from divided import games
from divided.bots.base import one_hot, view_random
from divided.bots.poker import shares
from divided.bots.poker.betting import bet_amounts, pick_raise, to_call
from divided.bots.poker.heuristics import flip_order
from divided.bots.poker.playout import Completion, Hands, keep_for, stock_of
from divided.games.base import evolve
from divided.games.poker import actions as act
from divided.games.poker.state import PokerState
from divided.games.poker.view import PokerView


class _CardNeeded(Exception):
    """A completion asked for a card: the seat's hands depend on the world."""


def _no_card() -> int:
    raise _CardNeeded


def showdown_price(view: PokerView) -> float:
    """The share of the final pot the seat to act needs to stay in to the showdown: what it
    puts in from now on over the pot it would then share, ``(call + later) / (pot + calls +
    seats * later)``. ``later`` is what each seat still in puts in at the betting rounds still to
    come, each priced at the mean bets per round seen so far in this deal (the largest bet or
    raise-to of each round in bets of its size, the round under way included; blinds and
    bring-ins are not bets), at most the seat's stack. With no bets seen it is the price of the
    call alone, ``call / (pot + calls)``."""
    table, config = view.table, view.config
    me = view.current_player
    steps = config.steps
    levels: dict[int, float] = {}
    for event in view.events:
        if event.kind in ("bet", "raise", "complete"):
            size = config.big_bet if getattr(steps[event.step], "size", "small") == "big" else config.small_bet
            levels[event.step] = max(levels.get(event.step, 0.0), event.amount / size)
    rounds = sum(1 for step in steps[: view.step + 1] if step.kind == "bet")
    per_round = sum(levels.values()) / rounds if rounds else 0.0
    later = sum(per_round * (config.big_bet if getattr(step, "size", "small") == "big" else config.small_bet)
                for step in steps[view.step + 1:] if step.kind == "bet")
    owed = [max(0, min(table.current - table.bets[seat], table.stacks[seat])) for seat in range(view.num_players)]
    mine = owed[me] + min(later, table.stacks[me] - owed[me])
    if mine <= 0:
        return 0.0
    final = sum(table.contributed) + sum(owed[seat] + min(later, table.stacks[seat] - owed[seat])
                                         for seat in range(view.num_players) if table.live[seat])
    return mine / final


DRAW_TRIES = 20
"""Hands tried per opponent and world by :func:`range_from_draws` before it keeps the world's."""


def range_from_draws(view: PokerView, world: PokerState, completion: Completion, rng: random.Random) -> PokerState:
    """``world`` with each opponent's hand redrawn to fit how many cards it drew: a hand of
    the cards it could hold (its own in the world and the stock's), played through the draws so
    far by the heuristics (the policies the playouts assume), is kept when it discards what the
    opponent did at every draw; after :data:`DRAW_TRIES` misses the world's hand stays. Only
    hands the viewer sees nothing of, with face-down discards, in a game of one drawing hand."""
    if len(view.config.variant.slots) != 1 or not view.draws:
        return world
    slots, stock = list(world.slots), world.stock
    for seat in range(view.num_players):
        counts = [draw[seat] for draw in view.draws if draw[seat] >= 0]
        hidden = all(card is None for card in view.slots[seat][0]) and all(c is None for c in view.discarded[seat])
        if seat == view.player or not view.table.live[seat] or not hidden or not counts:
            continue
        size = len(view.slots[seat][0])
        pool = [*slots[seat][0], *(c for c in range(52) if stock >> c & 1)]
        if len(pool) < size + sum(counts):  # too few cards left to play the draws through
            continue
        for _ in range(DRAW_TRIES):
            rng.shuffle(pool)
            hand, rest = pool[:size], pool[size:]
            for count in counts:
                kept = keep_for(completion.style, hand, completion.low_aces)
                if size - len(kept) != count:
                    break
                hand, rest = kept + rest[:count], rest[count:]
            else:
                held = set(hand)
                stock = 0
                for card in pool:
                    if card not in held:
                        stock |= 1 << card
                slots[seat] = (tuple(hand),)
                break
    return evolve(world, slots=tuple(slots), stock=stock)


def betting_round_random(view: PokerView) -> random.Random:
    """The random numbers of the seat's betting decisions in this round: a function of the seat,
    the step and the cards it holds (what stays the same through a betting round), so every
    decision of the round meets the same worlds and noise and the bot does not call a bet and
    then fold to the raise behind it on sampling noise alone."""
    me = view.current_player
    return view_random((me, view.step, view.button, view.slots[me], view.up), "equity-betting-round")


def order_action(view: PokerView, legal: Sequence[int]) -> int:
    """Henway's order decisions: the next card of the heuristic flip order."""
    cards = [a - act.ORDER for a in legal]
    return act.order_action(flip_order(cards)[0])


@dataclass
class EquityBot:
    """Expected pot share over sampled worlds (see the module text)."""

    game: str
    worlds: int = 40
    margin: float = 0.1
    jitter: float = 0.03
    name: str = "equity"

    def __post_init__(self) -> None:
        if self.worlds <= 0:
            raise ValueError(f"worlds must be positive, got {self.worlds}")

    # -- values ------------------------------------------------------------------------------
    def option_shares(self, view: PokerView, options: Sequence[int | None], rng: random.Random) -> np.ndarray:
        """``(worlds, len(options))``: the expected pot share of each option (``None``: no
        choice at this step, the heuristics play it) in every sampled world."""
        me = view.player
        if me is None:
            raise ValueError("a spectator has no decisions")
        sampler = games.room(self.game).sampler(view)
        completion = Completion(view)
        live = [seat for seat in range(view.num_players) if view.table.live[seat] and seat != me]
        fixed = self._fixed(view, completion, options)
        mine: list[Hands] = []
        theirs: list[Hands] = []
        for _ in range(self.worlds):
            world = range_from_draws(view, sampler.sample(rng), completion, rng)
            stock = stock_of(world, rng)
            for seat in live:
                hands = [list(cards) for cards in world.slots[seat]]
                theirs.append(completion.finish(seat, hands, stock.take_back, world.up, None))
            if fixed is not None:
                continue
            start = stock.front
            for option in options:
                stock.front = start
                hands = [list(cards) for cards in world.slots[me]]
                mine.append(completion.finish(me, hands, stock.take_front, world.up, option))
        config = view.config
        rows = 1 if fixed is not None else self.worlds
        mine_s = shares.strengths(config, fixed or mine).reshape(len(config.awards), rows, len(options))
        theirs_s = shares.strengths(config, theirs).reshape(len(config.awards), self.worlds, 1, len(live))
        return shares.pot_share(config, mine_s, theirs_s)

    @staticmethod
    def _fixed(view: PokerView, completion: Completion, options: Sequence[int | None]) -> list[Hands] | None:
        """The seat's final hands under each option when no card is still to come to it (the
        same in every world), else ``None``."""
        me = view.current_player
        try:
            return [completion.finish(me, [[c for c in held if c is not None] for held in view.slots[me]],
                                      _no_card, view.up, option) for option in options]
        except _CardNeeded:
            return None

    def share(self, view: PokerView, rng: random.Random) -> float:
        """The expected pot share with the heuristics playing on."""
        return float(self.option_shares(view, [None], rng).mean())

    # -- decisions ---------------------------------------------------------------------------
    def choose(self, view: PokerView, legal: Sequence[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if first >= act.RAISE_TO or first <= act.BRING_IN:
            return self._bet(view, legal, rng)
        if act.ORDER <= first < act.RAISE_TO:
            return order_action(view, legal)
        values = self.option_shares(view, list(legal), rng).mean(axis=0)
        return legal[int(np.argmax(values))]

    def _bet(self, view: PokerView, legal: Sequence[int], rng: random.Random) -> int:
        same = betting_round_random(view)
        share = self.share(view, same) + same.gauss(0.0, self.jitter)
        price = showdown_price(view) if to_call(view) else 0.0
        seats = sum(view.table.live)
        raises = bet_amounts(legal)
        if raises and share > 1.0 / seats + self.margin:
            return pick_raise(view, raises)
        if act.FOLD in legal and share < price:
            return act.FOLD
        if act.CALL in legal:
            return act.CALL
        if act.BRING_IN in legal:
            return act.BRING_IN
        return min(raises) if raises else legal[0]

    def action_probabilities(self, view: PokerView, legal: Sequence[int]) -> dict[int, float]:
        """One-hot on :meth:`choose` with random numbers drawn from the view."""
        return one_hot(self.choose(view, legal, view_random(view)), legal)
