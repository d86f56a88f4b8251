"""Class keys of five-card poker hands in every standard system, and their plain words.

A *key* is a tuple that sorts weakest first within one system; :class:`~divided.hands.poker.table.ClassTable`
numbers the distinct keys of a system to give its orders. A hand enters as its *pattern*: its
five ranks (2 to 14, the ace 14; a rank may appear five times, which only wild cards can make)
and whether all five share a suit. Suits matter for nothing else in these systems.

* :func:`high_key` — high poker: ``(category, r1, ..., r5)``, the ranks of the defining groups
  then the kickers, padded with 0 to six entries. Fewer than five cards (an *incomplete hand*,
  high only) pad the same way, so 10-10-K beats 10-10-6-2 and 10-10-6 loses to 10-10-6-2.
* :func:`low_key` — the three lowball systems, each the reverse of a high-like order:
  ``a5`` plays aces low and ignores straights and flushes; ``27`` plays aces high and counts
  straights and flushes against you (A-2-3-4-5 is no straight); ``a6`` plays aces low and
  counts them (A-2-3-4-5 is a straight, A-K-Q-J-10 is king-low). With a qualifier (``a5`` only)
  a hand that is paired or holds a card above it is no low at all: one class below every low.

>>> high_key((14, 13, 12, 11, 10), True)
(8, 14, 0, 0, 0, 0)
>>> high_key((10, 10, 13), False) > high_key((10, 10, 6, 2), False) > high_key((10, 10, 6), False)
True
>>> low_key("a5", (6, 4, 3, 2, 14), False) > low_key("a5", (6, 5, 3, 2, 14), False)
True
>>> low_key("27", (14, 13, 12, 11, 9), False) > low_key("27", (2, 2, 5, 4, 3), False)
True
>>> high_words(high_key((12, 12, 12, 3, 3), False)), low_words("a5", low_key("a5", (5, 4, 3, 2, 14), False))
('Full House, queens over threes', 'Five-high low: 5-4-3-2-A')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from divided.hands.poker import words
from divided.hands.value import HandCategory

Key = tuple[int, ...]

NO_LOW_KEY: Key = (-99,)
"""The key of every hand that does not qualify for a qualified low: below every low key (whose
first entry is minus a category, -9 at the lowest)."""

LOW_RULES = ("a5", "27", "a6")
"""The lowball systems :func:`low_key` knows."""


class PokerCategory(HandCategory):
    """Categories of a standard five-card hand, weakest first in high poker.

    ``FIVE_OF_A_KIND`` needs wild cards. ``NO_LOW`` is the one class of a qualified low system
    (ace-to-five, eight or better) that holds every hand that does not qualify.
    """

    NO_LOW = -1
    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9


_C = PokerCategory
_SIZE = 6  # category + five rank slots
_BY_SHAPE = {
    (1, 1, 1, 1, 1): _C.HIGH_CARD,
    (2, 1, 1, 1): _C.PAIR,
    (2, 2, 1): _C.TWO_PAIR,
    (3, 1, 1): _C.THREE_OF_A_KIND,
    (3, 2): _C.FULL_HOUSE,
    (4, 1): _C.FOUR_OF_A_KIND,
    (5,): _C.FIVE_OF_A_KIND,
    # incomplete hands (fewer than five cards)
    (1,): _C.HIGH_CARD, (1, 1): _C.HIGH_CARD, (1, 1, 1): _C.HIGH_CARD, (1, 1, 1, 1): _C.HIGH_CARD,
    (2,): _C.PAIR, (2, 1): _C.PAIR, (2, 1, 1): _C.PAIR,
    (2, 2): _C.TWO_PAIR, (3,): _C.THREE_OF_A_KIND, (3, 1): _C.THREE_OF_A_KIND, (4,): _C.FOUR_OF_A_KIND,
}


def _grouped(ranks: Sequence[int]) -> tuple[tuple[int, ...], list[int]]:
    """The group sizes, largest first, and the ranks by (group size, rank) descending."""
    counts = Counter(ranks)
    order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    return tuple(counts[rank] for rank in order), order


def _straight_top(distinct: Sequence[int], *, wheel: bool) -> int:
    """The top card of five distinct ranks in sequence, or 0; ``wheel`` lets 5-4-3-2-A (ace 14) count."""
    top, bottom = max(distinct), min(distinct)
    if top - bottom == 4:
        return top
    if wheel and sorted(distinct) == [2, 3, 4, 5, 14]:
        return 5
    return 0


def _high_like(ranks: Sequence[int], suited: bool, *, straights: bool, flushes: bool, wheel: bool) -> Key:
    shape, order = _grouped(ranks)
    if len(ranks) == 5 and len(order) == 5:
        top = _straight_top(order, wheel=wheel) if straights else 0
        flush = suited and flushes
        if top:
            return (int(_C.STRAIGHT_FLUSH if flush else _C.STRAIGHT), top, 0, 0, 0, 0)
        if flush:
            return (int(_C.FLUSH), *order)
    category = _BY_SHAPE[shape]
    return (int(category), *order, *(0,) * (_SIZE - 1 - len(order)))


def _check(ranks: Sequence[int], sizes: range) -> None:
    if len(ranks) not in sizes or not all(2 <= rank <= 14 for rank in ranks) or max(Counter(ranks).values()) > 5:
        raise ValueError(f"not a hand pattern: {tuple(ranks)!r}")


def high_key(ranks: Sequence[int], suited: bool) -> Key:
    """The high-poker key of one to five ranks (``suited``: five cards of one suit)."""
    _check(ranks, range(1, 6))
    return _high_like(ranks, suited and len(ranks) == 5, straights=True, flushes=True, wheel=True)


def low_key(rules: str, ranks: Sequence[int], suited: bool, *, qualifier: int | None = None) -> Key:
    """The key of five ranks in a lowball system (bigger is the better low).

    ``qualifier`` (``a5`` only): a hand whose highest card is above it, or that pairs, is the
    single class :data:`NO_LOW_KEY`, below every low.
    """
    _check(ranks, range(5, 6))
    if rules == "a5":
        low = [1 if rank == 14 else rank for rank in ranks]
        key = _high_like(low, suited, straights=False, flushes=False, wheel=False)
        if qualifier is not None and (key[0] != _C.HIGH_CARD or max(low) > qualifier):
            return NO_LOW_KEY
    elif rules == "27":
        key = _high_like(ranks, suited, straights=True, flushes=True, wheel=False)
    elif rules == "a6":
        low = [1 if rank == 14 else rank for rank in ranks]
        key = _high_like(low, suited, straights=True, flushes=True, wheel=False)
    else:
        raise ValueError(f"unknown low rules {rules!r}; one of {', '.join(LOW_RULES)}")
    return tuple(-value for value in key)


def category_of(key: Key) -> PokerCategory:
    """The category of a high key, or of a low key (whose entries are negated)."""
    return _C.NO_LOW if key == NO_LOW_KEY else PokerCategory(abs(key[0]))


def _ranks_of(key: Key) -> list[int]:
    return [abs(value) for value in key[1:] if value]


def high_words(key: Key) -> str:
    """Plain words for a high key, e.g. ``Two Pair, kings and fives, with a two``."""
    category, ranks = PokerCategory(key[0]), _ranks_of(key)
    return _group_words(category, ranks)


def _group_words(category: PokerCategory, ranks: list[int]) -> str:
    def kickers(rest: list[int]) -> str:
        return f", with {words.listed(rest)}" if rest else ""

    if category == _C.FIVE_OF_A_KIND:
        return f"Five of a Kind, {words.many(ranks[0])}"
    if category == _C.STRAIGHT_FLUSH:
        return "Royal Flush" if ranks[0] == 14 else f"Straight Flush, {words.name(ranks[0])}-high"
    if category == _C.FOUR_OF_A_KIND:
        return f"Four {words.many(ranks[0])}{kickers(ranks[1:])}"
    if category == _C.FULL_HOUSE:
        return f"Full House, {words.many(ranks[0])} over {words.many(ranks[1])}"
    if category == _C.FLUSH:
        return f"Flush, {words.run(ranks)}"
    if category == _C.STRAIGHT:
        return f"Straight, {words.name(ranks[0])}-high"
    if category == _C.THREE_OF_A_KIND:
        return f"Three {words.many(ranks[0])}{kickers(ranks[1:])}"
    if category == _C.TWO_PAIR:
        return f"Two Pair, {words.many(ranks[0])} and {words.many(ranks[1])}{kickers(ranks[2:])}"
    if category == _C.PAIR:
        return f"Pair of {words.many(ranks[0])}{kickers(ranks[1:])}"
    return f"High Card, {words.run(ranks)}" if len(ranks) > 1 else f"High Card, {words.one(ranks[0])}"


def low_words(rules: str, key: Key) -> str:
    """Plain words for a low key, e.g. ``Seven-five low: 7-5-4-3-2`` or ``Pair of aces, ...``."""
    category = category_of(key)
    if category == _C.NO_LOW:
        return "No qualifying low"
    ranks = _ranks_of(key)
    if category == _C.HIGH_CARD:
        shown = [14 if rank == 1 and rules == "27" else rank for rank in ranks]
        return f"{words.name(ranks[0]).capitalize()}-high low: {words.run(shown)}"
    return _group_words(category, ranks)


def flush_key(ranks: Sequence[int]) -> Key:
    """The high key of a flush whose five ranks may repeat (a wild card under the double-ace
    flush rule may copy a card held): a flush ranked by its cards high to low, so A-A-K-7-4
    beats every flush of five different ranks.

    >>> flush_key((4, 14, 7, 13, 14)) > high_key((14, 13, 12, 11, 9), True)
    True
    """
    _check(ranks, range(5, 6))
    return (int(_C.FLUSH), *sorted(ranks, reverse=True))
