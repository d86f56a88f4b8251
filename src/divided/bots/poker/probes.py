"""The probes: fixed styles the lab measures other bots against (design note 3.6). Each
decides in microseconds; at draws, assignments and splits they all play the heuristics of
:mod:`~divided.bots.poker.heuristics` (the policies :mod:`~divided.bots.poker.equity` assumes
for everyone).

* ``calling-station``: always checks or calls (a bring-in when it must open one), never folds,
  bets or raises.
* ``maniac``: bets or raises whenever it may (fixed limit: the one size; pot and no limit: the
  least raise-to), else calls.
* At the draw games' steps (issue 30) they play the heuristics too: an extended draw as
  :func:`~divided.bots.poker.playout.draw_discards`, Jackpot's exchange as a draw of one card
  and its call with a straight or better or trips, a discard round's worst card (a pass when
  the heuristic keeps every card), a take-back by
  :func:`~divided.bots.poker.playout.better_take_back`; at an auction they bid while the price
  is at most :func:`~divided.bots.poker.playout.lot_worth`, take a lot offered free and keep by
  :func:`~divided.bots.poker.playout.lot_keep`; at a change or fold (3-2-1) they fold by
  :func:`~divided.bots.poker.playout.folds_at_change` (the calling station too: a change is not a
  bet); the dealer's call by
  :func:`~divided.bots.poker.playout.dealer_call`; a step they do not know, the first
  legal action that is not a fold.
* ``rock``: bets or raises when its own cards are strong, else checks when it can and folds
  when it cannot (a bring-in it must post, it posts). Strong: a pair of tens or better or three
  of a kind among its cards; in a game with a low award also at least ``min(4, cards)`` distinct
  ranks of six or lower (aces low).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from divided.bots.base import one_hot
from divided.bots.poker.betting import bet_amounts, least_raise
from divided.bots.poker.equity import order_action
from divided.bots.poker.heuristics import assign_choice, discard_mask, henway_split, low_rank, made, rank
from divided.bots.poker.playout import (
    Completion,
    better_take_back,
    cowpie_split,
    dealer_call,
    draw_discards,
    folds_at_change,
    keep_for,
    lot_keep,
    lot_worth,
)
from divided.bots.poker.values import is_betting, is_order
from divided.games.poker import actions as act
from divided.games.poker.steps import Assign, Draw, Partition, TakeBack
from divided.games.poker.steps.auction import HIGH, Auction, lot_cards
from divided.games.poker.steps.dealer_call import CallDraws
from divided.games.poker.steps.discard_rounds import DiscardRounds
from divided.games.poker.steps.exchange_turns import ExchangeTurns
from divided.games.poker.view import PokerView

STYLES = ("calling-station", "maniac", "rock")


def own_cards(view: PokerView) -> list[int]:
    seat = view.current_player
    return [card for held in view.slots[seat] for card in held if card is not None]


def is_strong(view: PokerView) -> bool:
    """The rock's rule (see the module text)."""
    cards = own_cards(view)
    counts = Counter(rank(c) for c in cards)
    if any(n >= 3 or (n == 2 and r >= 10) for r, n in counts.items()):
        return True
    if any(award.rule != "high" for award in view.config.awards):
        lows = {low_rank(c) for c in cards if low_rank(c) <= 6}
        return len(lows) >= min(4, len(cards))
    return False


def heuristic_action(view: PokerView, legal: Sequence[int]) -> int:
    """The heuristics' choice at a draw, assignment, split or order decision."""
    step = view.config.steps[view.step]
    seat = view.current_player
    completion = Completion(view)
    if is_order(legal):  # Henway's flip order (not the draw games' actions numbered above it)
        return order_action(view, legal)
    if isinstance(step, Draw):
        cards = [c for c in view.slots[seat][completion.slot(step.slot)] if c is not None]
        if step.plain:
            kept = keep_for(completion.style, cards, completion.low_aces)
        elif act.FOLD in legal and folds_at_change(view, step, cards):
            return act.FOLD
        else:
            thrown = draw_discards(step, cards, completion.style, completion.low_aces, lambda n: completion.fee(step, n))
            kept = [c for c in cards if c not in thrown]
        action = act.discard_action(discard_mask(cards, kept))
        return action if action in legal else next(a for a in legal if a != act.FOLD)
    if isinstance(step, ExchangeTurns | DiscardRounds):
        cards = sorted(c for c in view.slots[seat][completion.slot(step.slot)] if c is not None)
        if act.STOP in legal:  # Jackpot's call: with a made hand (a straight or better, or trips)
            return act.STOP if made_or_trips(cards) else act.PASS
        thrown = draw_discards(Draw(most=1 if isinstance(step, DiscardRounds) else step.most), cards,
                               completion.style, completion.low_aces, lambda n: 0)
        action = act.discard_action(discard_mask(cards, [c for c in cards if c not in thrown]))
        if isinstance(step, DiscardRounds) and not thrown:
            return act.PASS
        return action if action in legal else legal[0]
    if isinstance(step, CallDraws):
        return dealer_call(legal, view.num_players, step)
    if isinstance(step, Auction):  # bid up to the lot's worth, take a lot offered free, keep by the heuristic
        hand = [c for c in view.slots[seat][completion.slot(step.slot)] if c is not None]
        lot = lot_cards(view, step)
        room = step.size - len(hand)
        if act.KEEP <= legal[0] < act.SHOW:
            wanted = set(lot_keep(hand, lot, room, completion.style, completion.low_aces))
            action = act.KEEP + sum(1 << i for i, card in enumerate(lot) if card in wanted)
            return action if action in legal else legal[0]
        if act.BID in legal:
            worth = lot_worth(hand, lot, room, completion.style, completion.low_aces, view.config.ante)
            return act.BID if view.phase.marks[HIGH] + 1 <= worth else act.PASS
        return act.TAKE if act.TAKE in legal else act.PASS if act.PASS in legal else legal[0]
    if isinstance(step, TakeBack):
        cards = sorted(c for c in view.slots[seat][completion.slot(step.slot)] if c is not None)
        aside = [c for c in (view.aside[seat] if view.aside else ()) if c is not None]
        given = better_take_back(cards, aside, completion.style, completion.low_aces)
        if given is None:
            return act.PASS
        action = act.TAKE_BACK + discard_mask(cards, [c for c in cards if c not in given])
        return action if action in legal else act.PASS
    hands = [[c for c in held if c is not None] for held in view.slots[seat]]
    if isinstance(step, Assign):
        first, second = completion.slot(step.into[0]), completion.slot(step.into[1])
        choice = assign_choice(hands[completion.slot(step.source)], hands[first], step.capacity - len(hands[first]),
                               step.capacity - len(hands[second]), completion.low_aces)
        return act.assign_action(choice)
    if isinstance(step, Partition):
        held = sorted(hands[completion.slot(step.source)])
        if step.outranks or step.down_in:
            _, last = cowpie_split(step, held, view.up)
        else:
            _, last = henway_split(held)
        chosen = tuple(held.index(card) for card in sorted(last))
        return act.partition_action(act.subsets(len(held), len(last)).index(chosen))
    return next(a for a in legal if a != act.FOLD) if len(legal) > 1 else legal[0]


def made_or_trips(cards: Sequence[int]) -> bool:
    """Five cards making a straight or better, or three of a kind."""
    counts = Counter(rank(c) for c in cards)
    return max(counts.values(), default=0) >= 3 or made(cards)


@dataclass
class ProbeBot:
    """One of the probes (``style`` in :data:`STYLES`)."""

    game: str
    style: str
    name: str = ""

    def __post_init__(self) -> None:
        if self.style not in STYLES:
            raise ValueError(f"unknown probe style {self.style!r}; known: {', '.join(STYLES)}")
        self.name = self.name or self.style

    def decide(self, view: PokerView, legal: Sequence[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        if not is_betting(legal):
            return heuristic_action(view, legal)
        raises = bet_amounts(legal)
        passive = act.CALL if act.CALL in legal else act.BRING_IN if act.BRING_IN in legal else legal[0]
        if self.style == "maniac":
            return least_raise(raises) if raises else passive
        if self.style == "rock":
            if is_strong(view):
                return least_raise(raises) if raises else passive
            if act.FOLD in legal:
                return act.FOLD
        return passive

    def choose(self, view: PokerView, legal: Sequence[int], rng: random.Random) -> int:
        return self.decide(view, legal)

    def action_probabilities(self, view: PokerView, legal: Sequence[int]) -> dict[int, float]:
        return one_hot(self.decide(view, legal), legal)


__all__ = ["STYLES", "ProbeBot", "heuristic_action", "is_strong"]
