"""The three lowball systems: ace-to-five (optionally eight or better), deuce-to-seven and ace-to-six.

Each system ranks five, six or seven cards of :data:`~divided.cards.STANDARD_52`; with more than
five the player keeps the five that make the best low. Classes come from
:func:`~divided.hands.poker.keys.low_key` (bigger is the better low); with a qualifier every hand
that does not qualify is one class below every low.

How a hand is looked up (tables built on first use, a few hundred milliseconds):

* the *ranks* of a hand (a multiset, each rank at most four times) give its best low when no
  five of its cards can share a suit: one table over the rank multisets of five, six and seven
  cards, the best of the 6 or 21 fives already taken;
* only deuce-to-seven and ace-to-six count flushes, and only a hand with five cards of one suit
  can hold one: those few hands are looked up five cards at a time (a five-card flush has its own
  table), the best five kept. Ace-to-five ignores suits entirely.

>>> from divided.cards import parse_cards
>>> A5 = lowball("a5", None)
>>> str(A5.rank(parse_cards("6s 4h 3d 2c Ah")))
'Six-high low: 6-4-3-2-A'
>>> A5.rank(parse_cards("6s 4h 3d 2c Ah")) > A5.rank(parse_cards("6s 5h 3d 2c Ah"))
True
>>> str(lowball("27", None).rank(parse_cards("As 2h 3d 4c 5h Kd Kc")))
'King-high low: K-5-4-3-2'
>>> str(lowball("a5", 8).rank(parse_cards("9s 9h 7d 6c 5h")))
'No qualifying low'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, cached_property
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from divided.cards import STANDARD_52, Card, Pack
from divided.errors import InvalidHandError
from divided.hands.poker.keys import LOW_RULES, Key, PokerCategory, category_of, low_key, low_words
from divided.hands.poker.table import ClassTable
from divided.hands.value import HandRank, RankingSystem

SIZES = (5, 6, 7)
"""The hand sizes every lowball system takes."""

_RANKS = 13  # 2 .. A, rank index r is the rank r + 2
_PACK = STANDARD_52.size
_SUIT_SHIFT = 40  # the per-call key: base-5 rank counts below bit 40, four 4-bit suit counts above
_RANK_MASK = (1 << _SUIT_SHIFT) - 1
_FIVE_OF_A_SUIT = 0x8888  # a nibble plus 3 reaches 8 when the suit holds five cards or more
_COMBOS = {k: np.array(list(combinations(range(k), 5)), dtype=np.intp) for k in SIZES}


def _binomials() -> npt.NDArray[np.int64]:
    """``C(n, j)`` for n < 20 and j <= 7: the colex numbering of sorted rank multisets."""
    table = np.zeros((20, 8), dtype=np.int64)
    for n in range(20):
        table[n, 0] = 1
        for j in range(1, 8):
            table[n, j] = table[n - 1, j - 1] + table[n - 1, j] if n else 0
    return table


_BINOMIAL = _binomials()


def _multiset_index(sorted_ranks: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """A dense number for each row of rank indices sorted ascending (a multiset of k ranks):
    ``sum C(r_j + j, j + 1)``, below ``C(13 + k - 1, k)``."""
    k = sorted_ranks.shape[-1]
    shifted = sorted_ranks.astype(np.intp) + np.arange(k)
    return np.asarray(_BINOMIAL[shifted, np.arange(1, k + 1)].sum(axis=-1), dtype=np.int64)


class _Tables:
    """The built tables of one system (see the module docstring)."""

    def __init__(self, rules: str, qualifier: int | None, name: str) -> None:
        keys: dict[tuple[tuple[int, ...], bool], Key] = {}
        fives = [
            ranks for ranks in combinations_with_replacement(range(_RANKS), 5) if max(map(ranks.count, ranks)) <= 4
        ]
        for ranks in fives:
            natural = tuple(rank + 2 for rank in ranks)
            keys[ranks, False] = low_key(rules, natural, False, qualifier=qualifier)
            if len(set(ranks)) == 5:
                keys[ranks, True] = low_key(rules, natural, True, qualifier=qualifier)
        self.classes: ClassTable[PokerCategory] = ClassTable(
            name, keys.values(), category_of, lambda key: low_words(rules, key)
        )
        order_of = self.classes.order_of
        # Dense tables by multiset index: the plain order of each five, the flush order of each
        # five of distinct ranks (-1 where no flush can be), the best plain order of six and seven.
        five_rows = np.array(fives, dtype=np.int64)
        five_index = _multiset_index(five_rows)
        self.plain = {5: np.full(int(_BINOMIAL[17, 5]), -1, dtype=np.int32)}
        self.plain[5][five_index] = [order_of[keys[ranks, False]] for ranks in fives]
        self.flush = np.full(int(_BINOMIAL[17, 5]), -1, dtype=np.int32)
        distinct = [ranks for ranks in fives if (ranks, True) in keys]
        self.flush[_multiset_index(np.array(distinct, dtype=np.int64))] = [order_of[keys[ranks, True]] for ranks in distinct]
        weights = 5 ** np.arange(_RANKS, dtype=np.int64)
        rank_sums = [weights[five_rows].sum(axis=1)]
        best = [self.plain[5][five_index]]
        for k in (6, 7):
            rows = np.array(
                [ranks for ranks in combinations_with_replacement(range(_RANKS), k) if max(map(ranks.count, ranks)) <= 4],
                dtype=np.int64,
            )
            subsets = rows[:, _COMBOS[k]]  # (n, C(k, 5), 5), each still sorted
            orders = self.plain[5][_multiset_index(subsets)].max(axis=1)
            self.plain[k] = np.full(int(_BINOMIAL[_RANKS + k - 1, k]), -1, dtype=np.int32)
            self.plain[k][_multiset_index(rows)] = orders
            rank_sums.append(weights[rows].sum(axis=1))
            best.append(orders)
        for table in (*self.plain.values(), self.flush):
            table.flags.writeable = False
        # The per-call tables: a hand's key is the sum of its cards' weights (base-5 rank counts,
        # suit counts above); every size shares one dictionary, as the digit sum tells the size.
        self.best: dict[int, int] = dict(zip(np.concatenate(rank_sums).tolist(), np.concatenate(best).tolist(), strict=True))
        self.flush_by_sum: dict[int, int] = {
            int(weights[list(ranks)].sum()): order_of[keys[ranks, True]] for ranks in distinct
        }
        self.weight: dict[int, int] = {
            index: 5 ** (index >> 2) + (1 << (_SUIT_SHIFT + 4 * (index & 3))) for index in range(_PACK)
        }


class LowSystem:
    """One lowball system as a :class:`~divided.hands.value.RankingSystem` on the 52-card deck.

    Build it with :func:`lowball` (cached); ``rules`` is ``"a5"``, ``"27"`` or ``"a6"`` and
    ``qualifier`` (ace-to-five only) the highest card a low may hold.
    """

    pack: Pack = STANDARD_52
    sizes: tuple[int, ...] = SIZES
    categories = PokerCategory

    def __init__(self, rules: str, qualifier: int | None = None) -> None:
        if rules not in LOW_RULES:
            raise ValueError(f"unknown low rules {rules!r}; one of {', '.join(LOW_RULES)}")
        if qualifier is not None and (rules != "a5" or not 5 <= qualifier <= 13):
            raise ValueError(f"a qualifier (5 to 13) belongs to ace-to-five only; got {rules!r} with {qualifier!r}")
        self.rules = rules
        self.qualifier = qualifier
        self.name = rules if qualifier is None else f"{rules}-{qualifier}"
        self._suits_count = rules != "a5"

    @cached_property
    def _tables(self) -> _Tables:
        return _Tables(self.rules, self.qualifier, self.name)

    @property
    def classes(self) -> int:
        """How many distinct orders the system has (orders run from 0 to this minus one)."""
        return len(self._tables.classes)

    def rank(self, cards: Sequence[Card]) -> HandRank[PokerCategory]:
        """The rank of five to seven distinct cards: their best low five."""
        return self._tables.classes.ranks[self.strength_of_indices(self._indices(cards))]

    def strength(self, cards: Sequence[Card]) -> int:
        """``rank(cards).order``, without building anything."""
        return self.strength_of_indices(self._indices(cards))

    def _indices(self, cards: Sequence[Card]) -> list[int]:
        indices = self.pack.indices(cards)
        if len(indices) not in SIZES:
            raise InvalidHandError(f"a {self.name} hand is 5 to 7 cards; got {len(indices)}")
        return indices

    def strength_of_indices(self, indices: Sequence[int]) -> int:
        """The order of five to seven distinct card indices into :data:`~divided.cards.STANDARD_52`.

        The per-call fast path: a sum of per-card weights and one dictionary look-up (a hand with
        five cards of one suit, in the systems that count flushes, looks at its fives). Checked:
        the size, each index in range and no repeats raise :class:`InvalidHandError`.
        """
        count = len(indices)
        tables = self._tables
        weight = tables.weight
        key = 0
        try:
            for index in indices:
                key += weight[index]
        except (KeyError, TypeError):
            raise InvalidHandError(
                f"a card index is an integer 0 to {_PACK - 1}; got {list(indices)!r}"
            ) from None
        if count not in SIZES or len(set(indices)) != count:
            if count not in SIZES:
                raise InvalidHandError(f"a {self.name} hand is 5 to 7 cards; got {count}")
            raise InvalidHandError(f"a card appears more than once: {list(indices)!r}")
        if not self._suits_count or not ((key >> _SUIT_SHIFT) + 0x3333) & _FIVE_OF_A_SUIT:
            return tables.best[key & _RANK_MASK]
        if count == 5:
            return tables.flush_by_sum[key & _RANK_MASK]
        return max(self._five(five) for five in combinations(indices, 5))

    def _five(self, five: tuple[int, ...]) -> int:
        tables = self._tables
        key = sum(tables.weight[index] for index in five)
        suits = key >> _SUIT_SHIFT
        if suits + 0x3333 & _FIVE_OF_A_SUIT:
            return tables.flush_by_sum[key & _RANK_MASK]
        return tables.best[key & _RANK_MASK]

    def rank_of(self, order: int) -> HandRank[PokerCategory]:
        """The rank with this order (0, the worst class, to ``classes - 1``, the best low)."""
        return self._tables.classes.rank_of(order)

    def rank_batch(self, indices: npt.ArrayLike) -> npt.NDArray[np.int32]:
        """Orders of an ``(n, k)`` integer array of card indices, ``k`` 5, 6 or 7.

        Raises :class:`InvalidHandError` naming the first row with an index out of range or a
        repeated card.
        """
        array = np.asarray(indices)
        if array.ndim != 2 or array.shape[1] not in SIZES:
            raise InvalidHandError(f"expected an (n, k) array of card indices with k 5, 6 or 7; got shape {array.shape}")
        if array.size and not np.issubdtype(array.dtype, np.integer):
            raise InvalidHandError(f"card indices are integers; got an array of {array.dtype}")
        k = array.shape[1]
        if not len(array):
            return np.zeros(0, dtype=np.int32)
        cards: npt.NDArray[np.int64] = np.sort(array, axis=1).astype(np.int64)
        bad = (cards[:, 0] < 0) | (cards[:, -1] >= _PACK) | (np.diff(cards, axis=1) == 0).any(axis=1)
        if bad.any():
            row = int(np.argmax(bad))
            raise InvalidHandError(
                f"row {row} is not {k} distinct card indices 0 to {_PACK - 1}: {array[row].tolist()!r}"
            )
        tables = self._tables
        ranks = cards >> 2  # sorted cards give sorted ranks
        orders = tables.plain[k][_multiset_index(ranks)]
        if self._suits_count:
            suits = cards & 3
            counts = np.zeros((len(cards), 4), dtype=np.int8)
            for suit in range(4):
                counts[:, suit] = (suits == suit).sum(axis=1)
            rows = np.flatnonzero(counts.max(axis=1) >= 5)
            if rows.size:
                orders[rows] = self._flush_rows(cards[rows], k)
        return orders

    def _flush_rows(self, cards: npt.NDArray[np.integer], k: int) -> npt.NDArray[np.int32]:
        """Best orders of rows (sorted card indices) that hold five cards of one suit."""
        tables = self._tables
        fives = cards[:, _COMBOS[k]]  # (n, C(k, 5), 5)
        index = _multiset_index(fives >> 2)
        suits = fives & 3
        suited = (suits == suits[..., :1]).all(axis=-1)
        orders = np.where(suited, tables.flush[index], tables.plain[5][index])
        return np.asarray(orders.max(axis=1), dtype=np.int32)

    def __repr__(self) -> str:
        return f"lowball({self.rules!r}, {self.qualifier!r})"


@cache
def lowball(rules: str, qualifier: int | None = None) -> LowSystem:
    """The lowball system ``rules`` (``a5``, ``27`` or ``a6``), ace-to-five optionally with a
    ``qualifier`` (8: eight or better); built once per arguments."""
    return LowSystem(rules, qualifier)


if TYPE_CHECKING:  # mypy proves that the class implements the protocol
    _SYSTEM: RankingSystem[PokerCategory] = LowSystem("a5")
