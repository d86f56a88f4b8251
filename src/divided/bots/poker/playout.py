"""Completing a sampled deal: every seat's final hands under the policies of
:mod:`~divided.bots.poker.heuristics`, with the deciding seat's option applied at the current
step.

The bots work on cards, not on engine states: a seat's hands are a list of card lists, one per
slot of the variant, and the steps still to come (deal, draw, assign, partition) are played on
them one seat at a time. Betting is not played out (nobody folds later), so the showdown is
among the seats still in. Cards come from the sampled stock, shuffled: the deciding seat takes
from its front and the others from its back, so every option of the deciding seat meets the
same opponents' hands (common random numbers); when they meet, the discards are shuffled in
(T16). A seat's choices at a simultaneous step that the world sampler drew for it are ignored:
the heuristic decides for it instead.

The draw games' steps (issue 30), as the completion plays them (a simple model, the bots'):

* an extended draw (:class:`~divided.games.poker.steps.Draw`): discards not replaced when the
  step says ``never``; the heuristic discards at least ``least`` (its lowest kept cards) and at
  most what is free (a discard with a fee only when the option says so); a shown discard
  (``SHOW``) receives one extra card; discards set aside are remembered for a take-back;
* exchange turns (Jackpot): the seat's exchange is its last; a call (``STOP``) ends the
  exchanging for everyone, a pass gives everyone one more heuristic exchange
  (:attr:`Completion.exchanges`), and the seats still to exchange this turn exchange once;
* discard rounds (sequential open draw): a discard now is the seat's last; every other seat
  that has not passed discards its worst card once more (when the heuristic would discard any);
  every hand is then filled back to its size (the replacements of all rounds);
* take-backs (Bounce Back): a seat takes its set-aside cards back, giving up its lowest cards
  the heuristic would discard, when the five-card high hand gets better;
* the auction (Auction Flop): the lot on the table goes to the deciding seat when it bids (the
  bid taken as the winning one) or takes it, and it keeps the lot's cards the heuristic keeps
  from its hand and the lot together (at least one, at most what the hand needs), or the ones
  its keep option names; a pass or a refusal gives it to :func:`lot_receiver` (the others bid
  up to :func:`lot_worth`), who keeps it the same way (:mod:`~divided.bots.poker.values` deals
  that seat's future both ways); every hand is then filled to its size from the stock (later
  lots as random cards);
* a change or fold (3-2-1): the other seats fold by :func:`folds_at_change` (their hands then
  contest nothing, and they throw nothing to the trash); the deciding seat never folds later in
  the completion (it decides when it gets there);
* the dealer's call: the called draws are not known to the completion (the call-down model
  values every call alike; :func:`dealer_call` picks one).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from divided.bots.poker import forfeit
from divided.bots.poker import heuristics as rules_of_thumb
from divided.cards import mask_indices
from divided.games.poker import actions as act
from divided.games.poker.awards.switched import awards_in_force
from divided.games.poker.state import PokerState
from divided.games.poker.steps import Assign, Deal, Draw, Partition, TakeBack
from divided.games.poker.steps.assign import placement
from divided.games.poker.steps.auction import BIDDER, HIGH, LADDER, STAGE, Auction, lot_cards
from divided.games.poker.steps.dealer_call import CallDraws, calls_of
from divided.games.poker.steps.discard_rounds import DiscardRounds
from divided.games.poker.steps.draw import fee_of
from divided.games.poker.steps.exchange_turns import ExchangeTurns
from divided.games.poker.steps.partition import is_legal_split, split_of
from divided.games.poker.variant import Step
from divided.games.poker.view import PokerView
from divided.hands.poker.high import strength_of_indices

Hands = list[list[int]]


def draw_style(view: PokerView) -> str:
    """``high``, ``low`` or ``high-low``: what the game's awards reward, for the draw policy."""
    rules = {"high" if award.rule == "two-high" else award.rule for award in awards_in_force(view)}
    lows = rules - {"high"}
    if not lows:
        return "high"
    return "low" if "high" not in rules else "high-low"


def aces_low(view: PokerView) -> bool:
    """Whether the game's low counts aces low (every low rule but deuce-to-seven and the
    two-card low, where aces are always high)."""
    return all(award.rule not in ("27", "two-low") for award in awards_in_force(view))


@dataclass
class Stock:
    """The cards still to come in one sampled world (see the module text)."""

    cards: list[int]
    spare: list[int]
    front: int = 0

    def take_front(self) -> int:
        if self.front < len(self.cards):
            self.front += 1
            return self.cards[self.front - 1]
        return self.spare.pop()

    def recycle(self, cards: Sequence[int]) -> None:
        """Cards discarded on the way: drawn again (T16) once the stock and the earlier
        discards have run out (a large table at a draw game can draw more than the stock)."""
        self.spare[0:0] = cards

    def take_back(self) -> int:
        if len(self.cards) > self.front:
            return self.cards.pop()
        return self.spare.pop()

    def saved(self) -> tuple[list[int], list[int], int]:
        """What :meth:`restore` puts back (to deal one seat's future two ways alike)."""
        return list(self.cards), list(self.spare), self.front

    def restore(self, saved: tuple[list[int], list[int], int]) -> None:
        self.cards, self.spare, self.front = list(saved[0]), list(saved[1]), saved[2]


def stock_of(world: PokerState, rng: random.Random) -> Stock:
    cards = list(mask_indices(world.stock))
    rng.shuffle(cards)
    spare = [c for seat in range(world.players) for c in mask_indices(world.discarded[seat])]
    rng.shuffle(spare)
    return Stock(cards, spare)


def keep_for(style: str, cards: Sequence[int], low_aces: bool) -> list[int]:
    if style == "low":
        return rules_of_thumb.keep_low(cards, low_aces)
    if style == "high-low":
        return rules_of_thumb.keep_high_low(cards)
    return rules_of_thumb.keep_high(cards)


def cowpie_split(step: Partition, held: Sequence[int], up: int) -> tuple[list[int], list[int]]:
    """Cowpie: the legal split with the best five-card high hand (ties: the best two)."""
    best: tuple[int, int] | None = None
    chosen: tuple[list[int], list[int]] | None = None
    ordered = sorted(held)
    for two in combinations(ordered, 2):
        five = [c for c in ordered if c not in two]
        score = (strength_of_indices(five), strength_of_indices(two))
        if (best is None or score > best) and is_legal_split(step, five, list(two), up):
            best, chosen = score, (five, list(two))
    if chosen is None:
        raise ValueError("no legal split of these cards")
    return chosen


def draw_discards(step: Draw, cards: Sequence[int], style: str, low_aces: bool, fees: Callable[[int], int],
                  most: int | None = None) -> list[int]:
    """The cards the heuristic discards at ``step`` from ``cards``: what :func:`keep_for` does
    not keep, the highest of them kept back while more than ``most`` (the step's) or while the
    count has a fee (``fees(count)`` chips: a fee is paid only when the option says so), and
    the lowest kept cards added while fewer than the step's ``least``."""
    most = min(step.most, len(cards)) if most is None else most
    kept = keep_for(style, cards, low_aces)
    thrown = sorted((c for c in cards if c not in kept), key=rules_of_thumb.rank)
    while thrown and (len(thrown) > most or fees(len(thrown)) > 0):
        thrown.pop()
    spare = sorted((c for c in cards if c not in thrown), key=rules_of_thumb.rank)
    while len(thrown) < min(step.least, len(cards)) and spare:
        thrown.append(spare.pop(0))
    return thrown


def better_take_back(hand: Sequence[int], aside: Sequence[int], style: str, low_aces: bool) -> list[int] | None:
    """The cards of ``hand`` a take-back gives up for ``aside`` (its lowest cards the heuristic
    would discard, then its lowest), or ``None`` when the five-card high hand is no better."""
    if not aside or len(aside) > len(hand) or len(hand) != 5:
        return None
    kept = keep_for(style, hand, low_aces)
    order = sorted((c for c in hand if c not in kept), key=rules_of_thumb.rank) + \
        sorted((c for c in hand if c in kept), key=rules_of_thumb.rank)
    given = order[: len(aside)]
    after = [c for c in hand if c not in given] + list(aside)
    return given if strength_of_indices(after) > strength_of_indices(list(hand)) else None


def lot_keep(hand: Sequence[int], lot: Sequence[int], room: int, style: str, low_aces: bool) -> list[int]:
    """The lot's cards a buyer keeps: those :func:`keep_for` keeps from the hand and the lot
    together, best first (highest for high, lowest for low), at least one and at most ``room``."""
    kept = keep_for(style, [*hand, *lot], low_aces)
    wanted = [c for c in lot if c in kept] or list(lot)
    wanted.sort(key=rules_of_thumb.rank, reverse=style == "high")
    return wanted[: max(1, room)]


def lot_worth(hand: Sequence[int], lot: Sequence[int], room: int, style: str, low_aces: bool, ante: int) -> int:
    """The chips the heuristic bids for a lot at most: one ante (at least a chip) per step of
    :func:`~divided.bots.poker.heuristics.category` the cards :func:`lot_keep` keeps add to the
    hand (high); in a low game one ante per kept card the low draw would keep."""
    kept = lot_keep(hand, lot, room, style, low_aces)
    if style == "high":
        steps = rules_of_thumb.category([*hand, *kept]) - rules_of_thumb.category(hand)
    else:
        wanted = set(keep_for(style, [*hand, *kept], low_aces))
        steps = sum(1 for card in kept if card in wanted)
    return max(0, steps) * max(1, ante)


def lot_receiver(view: PokerView, step: Auction, hand_of: Callable[[int], Sequence[int]]) -> int:
    """Who gets the lot on the table when the deciding seat passes it at the bidding or refuses
    it at the ladder, the other seats playing the heuristics (``hand_of``: a seat's hand in the
    world): at the ladder the next seat needing cards (it takes the lot free); at the bidding
    the seat after the decider that values it most by :func:`lot_worth` when that beats the
    highest bid (they outbid one another up to their worth), else the highest bidder, else (no
    bid at all) the lot's first voice, who takes it free at the ladder (the decider, perhaps)."""
    marks, order, me = view.phase.marks, view.phase.order, view.current_player
    start = order.index(me)
    others = [order[(start + k) % len(order)] for k in range(1, len(order))]
    if marks[STAGE] == LADDER:
        return others[0]
    completion = Completion(view)
    lot = lot_cards(view, step)

    def worth(seat: int) -> int:
        hand = list(hand_of(seat))
        return lot_worth(hand, lot, step.size - len(hand), completion.style, completion.low_aces, view.config.ante)

    values = {seat: worth(seat) for seat in others}
    best = max(others, key=lambda seat: values[seat])
    if values[best] > marks[HIGH]:
        return best
    return marks[BIDDER] if marks[HIGH] and marks[BIDDER] >= 0 else order[0]


def folds_at_change(view: PokerView, step: Draw, cards: Sequence[int]) -> bool:
    """The heuristic's change or fold (3-2-1): fold at the last change when a trash forfeit is at
    stake and the cards the change keeps hold no pair and no made hand (such a hand seldom beats
    the trash, and never the table); at an earlier change, or with nothing at stake, change."""
    if not step.or_fold or not forfeit.at_stake(view):
        return False
    steps = view.config.steps
    if any(isinstance(later, Draw) and later.or_fold for later in steps[view.step + 1:]):
        return False
    thrown = set(draw_discards(step, cards, draw_style(view), aces_low(view), lambda n: 0))
    return rules_of_thumb.category([c for c in cards if c not in thrown]) == 0


def dealer_call(legal: Sequence[int], players: int, step: CallDraws) -> int:
    """The dealer's call: the call-down model values every call alike (nobody holds a card yet,
    and the deal is the same for every seat), so the dealer calls the most betting rounds (it
    acts last in every one: position, which the model does not price), then the most cards."""
    calls = calls_of(step, players)
    return max(legal, key=lambda a: (len(calls[a - act.CALL_DRAWS]), sum(calls[a - act.CALL_DRAWS]), -a))


def _keep_nothing(cards: Sequence[int]) -> None:
    """Discards go nowhere (a completion that draws no more than the stock holds)."""


class Completion:
    """Plays the rest of a deal for one seat's hands (see the module text)."""

    def __init__(self, view: PokerView) -> None:
        self.view = view
        self._thrown: Callable[[Sequence[int]], None] = _keep_nothing
        self.variant = view.config.variant
        self.style = draw_style(view)
        self.low_aces = aces_low(view)
        self.exchanges = 0
        """Exchange turns (Jackpot): the heuristic exchanges every seat makes from here on."""
        self.aside: tuple[int, ...] = ()
        """The sampled world's set-aside cards (card masks by seat), for a take-back."""
        self._seat = -1
        self._set_aside: list[int] = []
        self.trashed: list[int] = []
        """The cards the last :meth:`finish` threw to the trash (3-2-1)."""
        self.folded = False
        """Whether the last :meth:`finish` folded the seat at a change (3-2-1)."""

    def fee(self, step: Draw, count: int) -> int:
        """The chips a draw of ``count`` cards costs at ``step``."""
        return fee_of(self.view.config, step, count) if step.fees and count < len(step.fees) else 0

    def slot(self, name: str) -> int:
        return self.variant.slot_index(name)

    def heuristic(self, step: Step, hands: Hands, take: Callable[[], int], up: int) -> int:
        """Play ``step`` for one seat by the heuristics; returns the new face-up mask."""
        if isinstance(step, Deal):
            if step.slot == "trash":  # 3-2-1's trash is no seat's hand (its test is not modelled)
                return up
            slot = self.slot(step.slot)
            for face in step.pattern:
                card = take()
                hands[slot].append(card)
                if face == "up":
                    up |= 1 << card
        elif isinstance(step, Draw):
            slot = self.slot(step.slot)
            cards = hands[slot]
            if step.or_fold and self._seat != self.view.current_player and folds_at_change(self.view, step, cards):
                self.folded = True  # another seat folds at the change: its cards no longer matter
            elif step.plain:
                kept = keep_for(self.style, cards, self.low_aces)
                kept = kept + [c for c in cards if c not in kept][: max(0, len(cards) - step.most - len(kept))]
                kept = kept[:len(cards) - step.least]  # a change of exactly that many throws some it likes
                hands[slot] = kept + [take() for _ in range(len(cards) - len(kept))]
                self._thrown([c for c in cards if c not in kept])
            else:
                self._discard(step, hands, draw_discards(step, cards, self.style, self.low_aces,
                                                         lambda n: self.fee(step, n)), take, False)
        elif isinstance(step, ExchangeTurns):
            slot = self.slot(step.slot)
            for _ in range(self.exchanges):
                thrown = draw_discards(Draw(most=step.most), hands[slot], self.style, self.low_aces, lambda n: 0)
                hands[slot] = [c for c in hands[slot] if c not in thrown] + [take() for _ in thrown]
                self._thrown(thrown)
        elif isinstance(step, DiscardRounds):
            slot = self.slot(step.slot)
            if not step.passed >> self._seat & 1:
                thrown = draw_discards(Draw(most=1), hands[slot], self.style, self.low_aces, lambda n: 0)
                hands[slot] = [c for c in hands[slot] if c not in thrown]
            self._refill(step.slot, hands, take)
        elif isinstance(step, Auction):
            self._refill(step.slot, hands, take, step.size)
        elif isinstance(step, TakeBack):
            slot = self.slot(step.slot)
            aside = self._set_aside or (list(mask_indices(self.aside[self._seat])) if self.aside else [])
            given = better_take_back(hands[slot], aside, self.style, self.low_aces)
            if given is not None:
                hands[slot] = [c for c in hands[slot] if c not in given] + aside
            self._set_aside = []
        elif isinstance(step, Assign):
            source, first, second = self.slot(step.source), self.slot(step.into[0]), self.slot(step.into[1])
            pair = hands[source]
            if len(pair) == 2:
                choice = rules_of_thumb.assign_choice(pair, hands[first], step.capacity - len(hands[first]),
                                                      step.capacity - len(hands[second]), self.low_aces)
                self._assign(step, hands, choice)
        elif isinstance(step, Partition):
            held = hands[self.slot(step.source)]
            if held:
                if step.outranks or step.down_in:
                    first_hand, last_hand = cowpie_split(step, held, up)
                else:
                    first_hand, last_hand = rules_of_thumb.henway_split(held)
                self._place(step, hands, first_hand, last_hand)
        return up

    def _discard(self, step: Draw, hands: Hands, thrown: Sequence[int], take: Callable[[], int], show: bool) -> None:
        """``thrown`` leave the hand; replaced as the step says (one more when shown)."""
        slot = self.slot(step.slot)
        hands[slot] = [c for c in hands[slot] if c not in thrown]
        if step.replace != "never":
            hands[slot] += [take() for _ in range(len(thrown) + (1 if show else 0))]
        if step.set_aside:
            self._set_aside = list(thrown)
        elif step.to != "trash":  # the trash is never drawn again
            self._thrown(list(thrown))
        else:
            self.trashed += thrown

    def _refill(self, name: str, hands: Hands, take: Callable[[], int], size: int | None = None) -> None:
        """Fill the hand back to its size (the replacements of the discard rounds, later lots)."""
        slot = self.slot(name)
        size = self.variant.slots[slot].size if size is None else size
        hands[slot] += [take() for _ in range(size - len(hands[slot]))]

    def _assign(self, step: Assign, hands: Hands, choice: int) -> None:
        source, first, second = self.slot(step.source), self.slot(step.into[0]), self.slot(step.into[1])
        to_first, to_second = placement(sorted(hands[source]), choice)
        hands[first] = hands[first] + list(to_first)
        hands[second] = hands[second] + list(to_second)
        hands[source] = []

    def _place(self, step: Partition, hands: Hands, first: list[int], last: list[int]) -> None:
        hands[self.slot(step.source)] = []
        hands[self.slot(step.into[0])] = list(first)
        hands[self.slot(step.into[-1])] = list(last)

    def option(self, step: Step, hands: Hands, action: int, take: Callable[[], int]) -> None:
        """Apply the deciding seat's ``action`` at the current step (draw, assign, partition)."""
        if isinstance(step, Draw) and step.plain:
            slot = self.slot(step.slot)
            ordered = sorted(hands[slot])
            shown = act.SHOW <= action < act.TAKE_BACK  # Assassin: shown twos bring one extra card
            mask = action - (act.SHOW if shown else act.DISCARD)
            kept = [c for i, c in enumerate(ordered) if not mask >> i & 1]
            drawn = len(ordered) - len(kept) + shown if step.replace == "now" else 0
            hands[slot] = kept + [take() for _ in range(drawn)]
            self._thrown([c for c in ordered if c not in kept])
        elif isinstance(step, Draw):
            if action == act.FOLD:
                return
            show = act.SHOW <= action < act.TAKE_BACK
            mask = action - (act.SHOW if show else act.DISCARD)
            ordered = sorted(hands[self.slot(step.slot)])
            self._discard(step, hands, [c for i, c in enumerate(ordered) if mask >> i & 1], take, show)
        elif isinstance(step, ExchangeTurns):
            slot = self.slot(step.slot)
            if action in (act.PASS, act.STOP):  # the model's rounds (none after a call)
                self.heuristic(step, hands, take, 0)
                return
            ordered = sorted(hands[slot])
            thrown = [c for i, c in enumerate(ordered) if (action - act.DISCARD) >> i & 1]
            hands[slot] = [c for c in ordered if c not in thrown] + [take() for _ in thrown]
            self._thrown(thrown)
        elif isinstance(step, DiscardRounds):
            slot = self.slot(step.slot)
            if action != act.PASS:
                ordered = sorted(hands[slot])
                hands[slot] = [c for i, c in enumerate(ordered) if not (action - act.DISCARD) >> i & 1]
            self._refill(step.slot, hands, take)
        elif isinstance(step, Auction):
            slot = self.slot(step.slot)
            if action in (act.BID, act.TAKE) or action >= act.KEEP:
                lot = lot_cards(self.view, step)
                if action >= act.KEEP:
                    kept = [c for i, c in enumerate(lot) if (action - act.KEEP) >> i & 1]
                else:
                    kept = lot_keep(hands[slot], lot, step.size - len(hands[slot]), self.style, self.low_aces)
                hands[slot] = hands[slot] + kept
            self._refill(step.slot, hands, take, step.size)
        elif isinstance(step, TakeBack):
            slot = self.slot(step.slot)
            if action != act.PASS and self.aside:
                ordered = sorted(hands[slot])
                given = [c for i, c in enumerate(ordered) if (action - act.TAKE_BACK) >> i & 1]
                hands[slot] = [c for c in ordered if c not in given] + list(mask_indices(self.aside[self._seat]))
        elif isinstance(step, Assign):
            self._assign(step, hands, action - act.ASSIGN)
        elif isinstance(step, Partition):
            size = self.variant.slots[self.slot(step.into[-1])].size
            first, last = split_of(sorted(hands[self.slot(step.source)]), action - act.PARTITION, size)
            self._place(step, hands, first, last)

    def finish(self, seat: int, hands: Hands, take: Callable[[], int], up: int, action: int | None,
               discard: Callable[[Sequence[int]], None] | None = None) -> Hands:
        """``hands`` of ``seat`` at the end of the deal: the current step (``action`` for the
        deciding seat, else the heuristic where the seat still has to act), then every later step.
        ``discard`` gets the cards thrown at the draws (a :class:`Stock`'s ``recycle``, so that
        they can be drawn again)."""
        self._thrown = discard or _keep_nothing
        self._seat, self._set_aside, self.trashed, self.folded = seat, [], [], False
        view = self.view
        steps = view.config.steps
        step = steps[view.step]
        if action is not None:
            self.option(step, hands, action, take)
        elif isinstance(step, Draw):
            if seat in view.phase.order or step.at_once:  # a choice made in secret: the heuristic's
                up = self.heuristic(step, hands, take, up)
        elif isinstance(step, ExchangeTurns):
            if seat == view.current_player:  # the seat deciding whether to call: the model's rounds
                up = self.heuristic(step, hands, take, up)
            else:  # the seats still to exchange this turn, then the model's rounds
                exchanges = self.exchanges
                self.exchanges = max(exchanges, 1) if seat in _still_to_exchange(view) else exchanges
                up = self.heuristic(step, hands, take, up)
                self.exchanges = exchanges
        elif isinstance(step, DiscardRounds):
            if seat not in view.phase.order:  # acted this round (or passed for good): fill up only
                self._refill(step.slot, hands, take)
            else:
                up = self.heuristic(step, hands, take, up)
        elif isinstance(step, TakeBack):
            if seat in view.phase.order:
                up = self.heuristic(step, hands, take, up)
        elif isinstance(step, Auction | Assign | Partition):
            up = self.heuristic(step, hands, take, up)
        for later in steps[view.step + 1:]:
            if self.folded:
                break
            up = self.heuristic(later, hands, take, up)
        return hands


def _still_to_exchange(view: PokerView) -> set[int]:
    """Exchange turns: while the seat acting exchanges, the seats after it in the turn order
    (they exchange once more in this turn whatever it does); none while it decides the call
    (a call ends the exchanging at once, a pass is priced by :attr:`Completion.exchanges`)."""
    order = view.phase.order
    if not order or not view.phase.marks or view.phase.marks[1]:  # deciding the call: see ``PASS``
        return set()
    turn = view.phase.marks[0]
    start = turn % len(order)
    return set(order[start + 1:])
