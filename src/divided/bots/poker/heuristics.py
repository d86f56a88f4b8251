"""The simple policies every poker bot here plays at the decisions it does not search, and
that :mod:`~divided.bots.poker.playout` plays for everyone when it completes a sampled deal.

They read a seat's own cards only (cards are ints 0-51: rank ``card // 4 + 2``, ace 14):

* **draw, high** (five-card draw, open draw): stand pat on a straight, flush, full house or
  four of a kind; else keep every paired card (two pair: draw one; trips: draw two); else keep
  four to a flush; else keep the highest card and draw four.
* **draw, low** (ace-to-five): keep one card of each rank eight or lower (aces low), draw the
  rest. **High-low** (double draw): draw for low when the hand holds three or more such cards
  and no made hand (trips or better), else for high. **Two-card high-low** (Mississippi, where a
  pair of sevens takes the whole pot): keep a pair (the hog, or a high hand); else keep a seven
  and draw to the hog; else keep two cards of six or lower (a good low); else keep the lower card
  when it is six or lower (draw to a low), the higher one otherwise (draw to a pair).
* **assign** (10 Card Regrets: left is low, right is high): a card is *low* when its rank is 8
  or lower (an ace too, except deuce-to-seven) and its rank is not yet in the low hand; the pair
  goes where its cards prefer, the lower card low when they disagree, within the capacities.
* **partition** (Henway): one card of each of the five lowest ranks (aces low) form the second
  hand, filled with the lowest cards left; the other five form the first (a high hand and a low
  hand). (Cowpie): the legal split with the best five-card high hand, ties by the best two.
* **lots** (Auction Flop): a lot is worth one ante per step of :func:`category` its kept cards
  add to the hand (a pair made: one ante; trips from a pair: two); bid while the price is at
  most that, take a lot offered free.
* **order** (Henway's flip order): the card that tells least goes up first: unpaired cards
  before paired ones, middle ranks before the extremes (a low card helps the low, a high card
  the high), so the strongest-looking cards stay hidden longest.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from divided.games.poker import actions as act

LOW_LIMIT = 8
"""The highest rank a low draw or the assignment keeps for low."""


def rank(card: int) -> int:
    return card // 4 + 2


def low_rank(card: int, aces_low: bool = True) -> int:
    """The rank counted for low: aces 1 unless ``aces_low`` is off (deuce-to-seven)."""
    value = card // 4 + 2
    return 1 if value == 14 and aces_low else value


def made(cards: Sequence[int]) -> bool:
    """A five-card straight, flush, full house or four of a kind."""
    if len(cards) != 5:
        return False
    counts = sorted(Counter(rank(c) for c in cards).values())
    if counts in ([2, 3], [1, 4]):
        return True
    if len({c % 4 for c in cards}) == 1:
        return True
    ranks = sorted({rank(c) for c in cards})
    return len(ranks) == 5 and (ranks[-1] - ranks[0] == 4 or ranks == [2, 3, 4, 5, 14])


def category(cards: Sequence[int]) -> int:
    """A high hand's category from its cards, of any number (a straight or flush needs five):
    0 high card, 1 pair, 2 two pair, 3 trips, 4 straight, 5 flush, 6 full house, 7 four of a kind."""
    counts = [*sorted(Counter(rank(c) for c in cards).values(), reverse=True), 0, 0]
    if counts[0] >= 4:
        return 7
    if counts[0] == 3 and counts[1] >= 2:
        return 6
    if made(cards):
        return 5 if len({c % 4 for c in cards}) == 1 else 4
    return {3: 3, 2: 2 if counts[1] == 2 else 1}.get(counts[0], 0)


def keep_high(cards: Sequence[int]) -> list[int]:
    """The cards a high draw keeps (see the module text)."""
    if made(cards):
        return list(cards)
    counts = Counter(rank(c) for c in cards)
    paired = [c for c in cards if counts[rank(c)] >= 2]
    if paired:
        return paired
    suits = Counter(c % 4 for c in cards)
    suit, number = suits.most_common(1)[0]
    if number >= 4:
        return [c for c in cards if c % 4 == suit]
    return [max(cards)] if cards else []


def keep_low(cards: Sequence[int], aces_low: bool = True) -> list[int]:
    """The cards an ace-to-five low draw keeps: one per rank of eight or lower."""
    kept: dict[int, int] = {}
    for card in sorted(cards, key=lambda c: low_rank(c, aces_low)):
        value = low_rank(card, aces_low)
        if value <= LOW_LIMIT and value not in kept:
            kept[value] = card
    return list(kept.values())


def keep_high_low(cards: Sequence[int]) -> list[int]:
    """High-low: draw for low with three or more low cards and no trips or made hand; a hand of
    two cards by :func:`keep_two_card`."""
    if len(cards) == 2:
        return keep_two_card(cards)
    counts = Counter(rank(c) for c in cards)
    if made(cards) or max(counts.values(), default=0) >= 3:
        return keep_high(cards)
    low = keep_low(cards)
    return low if len(low) >= 3 else keep_high(cards)


TWO_CARD_HOG = 7
"""The rank whose pair hogs a two-card high-low pot (Mississippi, MG2)."""
TWO_CARD_LOW = 6
"""The highest rank kept for a two-card low: two such cards stand, one is drawn to."""


def keep_two_card(cards: Sequence[int]) -> list[int]:
    """The cards a two-card high-low hand keeps (aces high; see the module text)."""
    first, second = sorted(cards, key=rank)
    if rank(first) == rank(second):
        return [first, second]
    sevens = [c for c in (first, second) if rank(c) == TWO_CARD_HOG]
    if sevens:
        return sevens
    if rank(second) <= TWO_CARD_LOW:
        return [first, second]
    return [first] if rank(first) <= TWO_CARD_LOW else [second]


def discard_mask(cards: Sequence[int], kept: Sequence[int]) -> int:
    """The draw action's mask (bits over the hand in card order) discarding all but ``kept``."""
    keep = set(kept)
    return sum(1 << i for i, card in enumerate(sorted(cards)) if card not in keep)


def assign_choice(pair: Sequence[int], low_hand: Sequence[int], low_room: int, high_room: int,
                  aces_low: bool = True) -> int:
    """The assign choice (``act.BOTH_FIRST``...) for ``pair`` into a low (first) and high hand."""
    lowest = min(pair)
    taken = {low_rank(c, aces_low) for c in low_hand}

    def wants_low(card: int) -> bool:
        value = low_rank(card, aces_low)
        return value <= LOW_LIMIT and value not in taken

    first, second = sorted(pair, key=lambda c: low_rank(c, aces_low))
    both_low = wants_low(first) and wants_low(second) and low_rank(first, aces_low) != low_rank(second, aces_low)
    options = []
    if both_low:
        options.append(act.BOTH_FIRST)
    if not wants_low(first) and not wants_low(second):
        options.append(act.BOTH_SECOND)
    # one in each: the lower (for low) card low
    options.append(act.LOWER_FIRST if first == lowest else act.LOWER_SECOND)
    options += [act.LOWER_FIRST, act.LOWER_SECOND, act.BOTH_FIRST, act.BOTH_SECOND]
    for choice in options:
        if choice == act.BOTH_FIRST and low_room >= 2:
            return choice
        if choice == act.BOTH_SECOND and high_room >= 2:
            return choice
        if choice in (act.LOWER_FIRST, act.LOWER_SECOND) and low_room >= 1 and high_room >= 1:
            return choice
    raise ValueError("no room for the pair in either hand")


def henway_split(held: Sequence[int]) -> tuple[list[int], list[int]]:
    """Henway: (first hand, second hand); the second holds the five lowest distinct ranks."""
    ordered = sorted(held, key=lambda c: (low_rank(c), c))
    low: list[int] = []
    seen: set[int] = set()
    for card in ordered:
        if len(low) < 5 and low_rank(card) not in seen:
            low.append(card)
            seen.add(low_rank(card))
    for card in ordered:
        if len(low) < 5 and card not in low:
            low.append(card)
    return [c for c in held if c not in low], low


def flip_order(hand: Sequence[int]) -> list[int]:
    """Henway: the order a hand's cards go up (see the module text)."""
    counts = Counter(rank(c) for c in hand)
    return sorted(hand, key=lambda c: (counts[rank(c)] >= 2, abs(rank(c) - 8), c))
