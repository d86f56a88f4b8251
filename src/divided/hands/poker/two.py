"""Two-card hands (Mississippi Gonorrhea, MG1): ``two-high`` and its exact reverse ``two-low``.

High: a pair beats no pair; pairs by rank; otherwise the higher card decides, then the lower;
aces always high. So A-A is best and 3-2 worst, 91 classes in all. Low is the same order turned
round: no pair beats a pair, the lower top card wins, then the lower second card: 3-2 is the best
low, then 4-2, 4-3, 5-2, ... and A-A is the worst. Suits never count.

>>> from divided.cards import parse_cards
>>> high, low = two_card("two-high"), two_card("two-low")
>>> str(high.rank(parse_cards("7s 7d"))), str(low.rank(parse_cards("3d 2s")))
('Pair of sevens', 'Three-two low')
>>> high.strength(parse_cards("2c 2d")) > high.strength(parse_cards("As Kd"))
True
>>> low.strength(parse_cards("4h 2s")) > low.strength(parse_cards("4c 3d")) > low.strength(parse_cards("5c 2d"))
True
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from divided.cards import STANDARD_52, Card, Pack
from divided.errors import InvalidHandError
from divided.hands.poker import words
from divided.hands.poker.keys import PokerCategory
from divided.hands.poker.table import ClassTable
from divided.hands.value import HandRank

TWO_CARD_RULES = ("two-high", "two-low")
"""The rule names of the two-card systems."""

_RANKS = range(2, 15)
_KEYS = sorted({(int(a == b), max(a, b), min(a, b)) for a in _RANKS for b in _RANKS})
"""Every two-card hand's high key, weakest (3-2) first: (pair?, higher rank, lower rank)."""


def _category(key: tuple[int, int, int]) -> PokerCategory:
    return PokerCategory.PAIR if key[0] else PokerCategory.HIGH_CARD


def _words(low: bool) -> Any:
    def describe(key: tuple[int, int, int]) -> str:
        pair, top, second = key
        if pair:
            return f"Pair of {words.many(top)}"
        text = f"{words.name(top)}-{words.name(second)}"
        return text[0].upper() + text[1:] + (" low" if low else "")

    return describe


class TwoCardSystem:
    """Two cards of :data:`~divided.cards.STANDARD_52`, ranked ``two-high`` or ``two-low`` (see
    the module text). Orders run from 0 to 90, bigger wins."""

    pack: Pack = STANDARD_52
    sizes = (2,)
    categories = PokerCategory

    def __init__(self, rules: str) -> None:
        if rules not in TWO_CARD_RULES:
            raise ValueError(f"the two-card rules are {', '.join(TWO_CARD_RULES)}, not {rules!r}")
        self.name = rules
        low = rules == "two-low"
        keys = _KEYS[::-1] if low else _KEYS
        # ClassTable sorts its keys: number them by position so the table keeps this order
        self._table = ClassTable(rules, range(len(keys)), lambda order: _category(keys[order]),
                                 lambda order: _words(low)(keys[order]))
        position = {key: order for order, key in enumerate(keys)}
        self._by_pair = np.full((52, 52), -1, dtype=np.int32)
        for a in range(52):
            for b in range(52):
                if a != b:
                    ra, rb = a // 4 + 2, b // 4 + 2
                    self._by_pair[a, b] = position[(int(ra == rb), max(ra, rb), min(ra, rb))]
        self._orders: list[list[int]] = self._by_pair.tolist()

    @property
    def classes(self) -> int:
        """91: thirteen pairs and 78 unpaired hands."""
        return len(self._table)

    def strength_of_indices(self, indices: Sequence[int]) -> int:
        """The order of two card indices (checked)."""
        if len(indices) == 2:
            a, b = indices
            if a != b and 0 <= a < 52 and 0 <= b < 52:
                return self._orders[a][b]
        return self._orders[_checked(indices)[0]][_checked(indices)[1]]

    def strength(self, cards: Sequence[Card]) -> int:
        """``rank(cards).order``."""
        return self.strength_of_indices(_indices_of(cards))

    def rank(self, cards: Sequence[Card]) -> HandRank[PokerCategory]:
        """The hand's rank (its class), interned."""
        return self._table.ranks[self.strength(cards)]

    def rank_of(self, order: int) -> HandRank[PokerCategory]:
        """The rank with this order."""
        return self._table.rank_of(order)

    def rank_batch(self, indices: npt.ArrayLike) -> npt.NDArray[np.int32]:
        """Orders of an ``(n, 2)`` integer array of card indices."""
        array = np.asarray(indices)
        if array.ndim != 2 or array.shape[1] != 2:
            raise InvalidHandError(f"expected an (n, 2) array of card indices; got shape {array.shape}")
        if array.size and array.dtype.kind not in "iu":
            raise InvalidHandError(f"card indices are integers; got an array of {array.dtype}")
        if array.size:
            bad = (array < 0).any(axis=1) | (array >= 52).any(axis=1) | (array[:, 0] == array[:, 1])
            if bad.any():
                row = int(np.argmax(bad))
                try:
                    _checked([int(i) for i in array[row]])
                except InvalidHandError as error:
                    raise InvalidHandError(f"row {row}: {error}") from None
        out: npt.NDArray[np.int32] = self._by_pair[array[:, 0], array[:, 1]] if array.size else np.empty(0, np.int32)
        return out

    def __repr__(self) -> str:
        return f"TwoCardSystem({self.name!r})"


def _checked(indices: Iterable[Any]) -> list[int]:
    """``indices`` as two card indices, or :class:`InvalidHandError` saying what is wrong."""
    try:
        cards = [operator.index(index) for index in indices]
    except TypeError:
        raise InvalidHandError(f"a hand is a sequence of card indices (integers 0 to 51); got {indices!r}") from None
    if len(cards) != 2:
        raise InvalidHandError(f"a two-card hand is two cards; got {len(cards)}")
    for index in cards:
        if not 0 <= index < 52:
            raise InvalidHandError(f"card index {index} is outside the 52-card pack (0 to 51)")
    if cards[0] == cards[1]:
        raise InvalidHandError(f"{STANDARD_52[cards[0]]} appears more than once")
    return cards


_INDEX = {card: index for index, card in enumerate(STANDARD_52.cards)}


def _indices_of(cards: Sequence[Card]) -> list[int]:
    if isinstance(cards, str):
        raise InvalidHandError(f"{cards!r} is text, not cards")
    out = []
    for card in cards:
        if not isinstance(card, Card):
            raise InvalidHandError(f"{card!r} is not a card")
        out.append(STANDARD_52.index(card))
    return out


@cache
def two_card(rules: str) -> TwoCardSystem:
    """The two-card system ``two-high`` or ``two-low`` (one object per rule)."""
    return TwoCardSystem(rules)
