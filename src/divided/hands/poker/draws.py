"""Exact draw odds: every way a draw can come, counted by the category of the hand it makes.

A player who keeps some cards and draws the rest from the cards they have not seen can end with
each possible hand; :func:`draw_odds` enumerates every set of replacements (all equally likely,
since the unseen cards are shuffled) and counts the hands by category, in one batch of the
ranking system. It is what a draw poker player's "books" show: keeping a pair and drawing three
from 47 unseen cards makes two pair in 2,592 of the 16,215 ways, three of a kind in 1,854, a
full house in 165 and four of a kind in 45.

>>> from divided.cards import parse_cards
>>> odds = draw_odds(parse_cards("7s 7h"), unseen_after(parse_cards("7s 7h Kd 9c 2s")), 3)
>>> odds.ways, odds.count("Two Pair"), odds.count("Three of a Kind"), odds.count("Full House"), odds.count("Four of a Kind")
(16215, 2592, 1854, 165, 45)
>>> round(odds.chance("Four of a Kind"), 5)
0.00278
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from math import comb

import numpy as np
import numpy.typing as npt

from divided.cards import STANDARD_52, Card
from divided.errors import InvalidHandError
from divided.hands.poker.rules import system
from divided.hands.value import HandCategory, RankingSystem

MAX_WAYS = 3_000_000
"""The most replacement sets :func:`draw_odds` enumerates (drawing five from 50 unseen cards is
2,118,760): beyond it the request is refused rather than left to take seconds."""
_CHUNK = 1 << 16


def unseen_after(seen: Iterable[Card]) -> list[Card]:
    """The 52-card deck without ``seen`` (in deck order): what a player who has seen those cards
    may still be dealt.

    >>> len(unseen_after([STANDARD_52[0], STANDARD_52[5]]))
    50
    """
    gone = set(seen)
    return [card for card in STANDARD_52 if card not in gone]


@cache
def combinations_array(n: int, k: int) -> npt.NDArray[np.intp]:
    """Every ``k``-subset of ``range(n)`` as rows of increasing indices, in lexicographic order
    (built with numpy, not one Python tuple at a time; cached, read-only).

    >>> combinations_array(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    >>> combinations_array(5, 0).shape, combinations_array(3, 4).shape
    ((1, 0), (0, 4))
    """
    if k < 0 or n < 0:
        raise ValueError(f"combinations need n, k >= 0, got n={n}, k={k}")
    if k == 0:
        rows = np.zeros((1, 0), dtype=np.intp)
    elif k > n:
        rows = np.zeros((0, k), dtype=np.intp)
    else:
        rows = np.arange(n, dtype=np.intp).reshape(-1, 1)[: n - k + 1]
        for column in range(1, k):
            last = rows[:, -1]
            counts = n - (k - column) - last  # next value from last + 1 up to n - (k - column)
            total = int(counts.sum())
            starts = np.repeat(last + 1, counts)
            offsets = np.arange(total, dtype=np.intp) - np.repeat(np.cumsum(counts) - counts, counts)
            rows = np.hstack([np.repeat(rows, counts, axis=0), (starts + offsets)[:, None]])
    rows.setflags(write=False)
    return rows


@dataclass(frozen=True, slots=True)
class DrawOdds:
    """How a draw can end: ``ways`` equally likely replacement sets, counted by the category
    label of the final hand (``counts``, strongest category first as the system orders them)."""

    ways: int
    counts: Mapping[str, int]

    def count(self, category: str) -> int:
        """Ways to end in ``category`` (a label such as ``"Full House"``; 0 if none)."""
        return self.counts.get(category, 0)

    def chance(self, category: str) -> float:
        """The probability of ending in ``category``."""
        return self.count(category) / self.ways if self.ways else 0.0

    def at_least(self, category: str) -> float:
        """The probability of ending in ``category`` or a stronger one."""
        labels = list(self.counts)
        if category not in labels:
            raise KeyError(f"no {category!r} among the outcomes: {', '.join(labels)}")
        return sum(self.counts[label] for label in labels[: labels.index(category) + 1]) / self.ways


def draw_odds(kept: Sequence[Card], unseen: Sequence[Card], draw: int,
              ranking: RankingSystem[HandCategory] | None = None) -> DrawOdds:
    """Every way of drawing ``draw`` cards from ``unseen`` to the ``kept`` cards, counted by the
    final hand's category under ``ranking`` (high by default; ``system("a5", qualifier=8)``
    counts the qualifying lows against "No Low").

    >>> from divided.cards import parse_cards
    >>> flush = draw_odds(parse_cards("Ah Kh 7h 4h"), unseen_after(parse_cards("Ah Kh 7h 4h Qs")), 1)
    >>> flush.ways, flush.count("Flush")
    (47, 9)
    """
    if ranking is None:
        ranking = system("high")
    if draw < 0 or isinstance(draw, bool) or not isinstance(draw, int):
        raise InvalidHandError(f"a draw is a whole number of cards, not {draw!r}")
    size = len(kept) + draw
    if size not in ranking.sizes:
        raise InvalidHandError(f"{len(kept)} kept and {draw} drawn make {size} cards; "
                               f"{ranking.name} ranks hands of {', '.join(map(str, ranking.sizes))}")
    pool = list(dict.fromkeys(unseen))
    if len(pool) != len(unseen):
        raise InvalidHandError("the unseen cards repeat a card")
    if set(pool) & set(kept):
        raise InvalidHandError("a kept card cannot also be unseen")
    if draw > len(pool):
        raise InvalidHandError(f"cannot draw {draw} from {len(pool)} unseen cards")
    ways = comb(len(pool), draw)
    if ways > MAX_WAYS:
        raise InvalidHandError(f"drawing {draw} from {len(pool)} cards has {ways:,} ways; at most {MAX_WAYS:,}")
    pack = ranking.pack
    kept_indices = np.array([pack.index(card) for card in kept], dtype=np.intp)
    pool_indices = np.array([pack.index(card) for card in pool], dtype=np.intp)
    replacements = pool_indices[combinations_array(len(pool), draw)]
    tally: dict[int, int] = {}
    for start in range(0, len(replacements), _CHUNK):
        part = replacements[start:start + _CHUNK]
        hands = np.hstack([np.broadcast_to(kept_indices, (len(part), len(kept_indices))), part])
        orders, counts = np.unique(ranking.rank_batch(hands), return_counts=True)
        for order, count in zip(orders.tolist(), counts.tolist(), strict=True):
            tally[order] = tally.get(order, 0) + count
    by_category: dict[str, int] = {}
    strongest_first: dict[str, int] = {}
    for order, count in tally.items():
        label = ranking.rank_of(order).category.label
        by_category[label] = by_category.get(label, 0) + count
        strongest_first[label] = max(strongest_first.get(label, order), order)
    ordered = sorted(by_category, key=lambda label: -strongest_first[label])
    return DrawOdds(ways, {label: by_category[label] for label in ordered})
