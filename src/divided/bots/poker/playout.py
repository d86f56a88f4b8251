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
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from divided.bots.poker import heuristics as rules_of_thumb
from divided.cards import mask_indices
from divided.games.poker import actions as act
from divided.games.poker.awards.switched import awards_in_force
from divided.games.poker.state import PokerState
from divided.games.poker.steps import Assign, Deal, Draw, Partition
from divided.games.poker.steps.assign import placement
from divided.games.poker.steps.partition import is_legal_split, split_of
from divided.games.poker.variant import Step
from divided.games.poker.view import PokerView
from divided.hands.poker.high import strength_of_indices

Hands = list[list[int]]


def draw_style(view: PokerView) -> str:
    """``high``, ``low`` or ``high-low``: what the game's awards reward, for the draw policy."""
    rules = {award.rule for award in awards_in_force(view)}
    lows = rules - {"high"}
    if not lows:
        return "high"
    return "low" if "high" not in rules else "high-low"


def aces_low(view: PokerView) -> bool:
    """Whether the game's low counts aces low (every low rule but deuce-to-seven)."""
    return all(award.rule != "27" for award in awards_in_force(view))


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
            kept = keep_for(self.style, cards, self.low_aces)
            kept = kept + [c for c in cards if c not in kept][: max(0, len(cards) - step.most - len(kept))]
            kept = kept[:len(cards) - step.least]  # a change of exactly that many (3-2-1) throws some it likes
            hands[slot] = kept + [take() for _ in range(len(cards) - len(kept)) if step.replace == "now"]
            self._thrown([c for c in cards if c not in kept])
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
        if isinstance(step, Draw):
            slot = self.slot(step.slot)
            ordered = sorted(hands[slot])
            shown = act.SHOW <= action < act.TAKE_BACK  # Assassin: shown twos bring one extra card
            mask = action - (act.SHOW if shown else act.DISCARD)
            kept = [c for i, c in enumerate(ordered) if not mask >> i & 1]
            drawn = len(ordered) - len(kept) + shown if step.replace == "now" else 0
            hands[slot] = kept + [take() for _ in range(drawn)]
            self._thrown([c for c in ordered if c not in kept])
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
        view = self.view
        steps = view.config.steps
        step = steps[view.step]
        if action is not None:
            self.option(step, hands, action, take)
        elif isinstance(step, Draw):
            if seat in view.phase.order:
                up = self.heuristic(step, hands, take, up)
        elif isinstance(step, Assign | Partition):
            up = self.heuristic(step, hands, take, up)
        for later in steps[view.step + 1:]:
            up = self.heuristic(later, hands, take, up)
        return hands
