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
from itertools import combinations, combinations_with_replacement, pairwise
from typing import TYPE_CHECKING, NoReturn

import numpy as np
import numpy.typing as npt

from divided.cards import STANDARD_52, Card, Pack
from divided.errors import InvalidHandError, RuleOptionError
from divided.hands.poker.keys import LOW_RULES, Key, PokerCategory, category_of, low_key, low_words
from divided.hands.poker.rules import QUALIFIERS
from divided.hands.poker.table import ClassTable
from divided.hands.value import HandRank, RankingSystem

SIZES = (5, 6, 7)
"""The hand sizes every lowball system takes."""

_RANKS = 13  # 2 .. A, rank index r is the rank r + 2
_PACK = STANDARD_52.size
_SUIT_SHIFT = 40  # the per-call key: base-5 rank counts below bit 40, four 4-bit suit counts above
_RANK_MASK = (1 << _SUIT_SHIFT) - 1
_FIVE_OF_A_SUIT = 0x8888  # a nibble plus 3 reaches 8 when the suit holds five cards or more
_SUIT_ADD, _SUIT_FULL = 0x3333 << _SUIT_SHIFT, _FIVE_OF_A_SUIT << _SUIT_SHIFT
_SIZE_SET = frozenset(SIZES)
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


def _card_keys(k: int) -> tuple[npt.NDArray[np.int64], ...]:
    """For each place j of k sorted cards, by card: its share of the rank multiset's number,
    ``C(r + j, j + 1)``, plus a count of one in its suit's nibble (bit 16 + 4 * suit)."""
    card = np.arange(_PACK)
    return tuple(
        np.asarray(_BINOMIAL[card // 4 + place, place + 1] + (1 << (16 + 4 * (card % 4))), dtype=np.int64)
        for place in range(k)
    )


_CARD_KEYS = {k: _card_keys(k) for k in SIZES}
_FLAT_KEYS_5 = np.concatenate(_CARD_KEYS[5])
_POSITIONS_5 = np.arange(5, dtype=np.int16) * _PACK

# Optimal sorting networks (Knuth, TAOCP 5.3.4): compare-exchanges on whole columns sort every
# row at once, several times faster than sorting each short row.
_NETWORKS = {
    5: ((0, 1), (3, 4), (2, 4), (2, 3), (0, 3), (0, 2), (1, 4), (1, 3), (1, 2)),
    6: ((1, 2), (4, 5), (0, 2), (3, 5), (0, 1), (3, 4), (2, 5), (0, 3), (1, 4), (2, 4), (1, 3), (2, 3)),
    7: (
        (1, 2), (3, 4), (5, 6), (0, 2), (3, 5), (4, 6), (0, 1), (4, 5),
        (2, 6), (0, 4), (1, 5), (0, 3), (2, 5), (1, 3), (2, 4), (2, 3),
    ),
}


def _sorted_columns(array: npt.NDArray[np.integer]) -> list[npt.NDArray[np.int8]]:
    """The columns of an ``(n, k)`` array of small non-negative integers, each row sorted ascending."""
    columns = list(np.array(array.T, dtype=np.int8, order="C"))
    for i, j in _NETWORKS[array.shape[1]]:
        low = np.minimum(columns[i], columns[j])
        np.maximum(columns[i], columns[j], out=columns[j])
        columns[i] = low
    return columns


def _multiset_index(sorted_ranks: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """A dense number for each row of rank indices sorted ascending (a multiset of k ranks):
    ``sum C(r_j + j, j + 1)``, below ``C(13 + k - 1, k)``."""
    k = sorted_ranks.shape[-1]
    shares = np.stack([_BINOMIAL[np.arange(_RANKS) + place, place + 1] for place in range(k)]).ravel()
    return np.asarray(shares[sorted_ranks.astype(np.int16) + np.arange(0, k * _RANKS, _RANKS, dtype=np.int16)].sum(axis=-1))


@cache
def _multisets(k: int) -> npt.NDArray[np.int8]:
    """Every multiset of k ranks with no rank more than four times, as sorted rows."""
    rows = np.array(list(combinations_with_replacement(range(_RANKS), k)), dtype=np.int8)
    kept: npt.NDArray[np.int8] = rows[(rows[:, 4:] != rows[:, : k - 4]).all(axis=1)]
    return kept


class _Tables:
    """The built tables of one system (see the module docstring)."""

    def __init__(self, rules: str, qualifier: int | None, name: str) -> None:
        keys: dict[tuple[tuple[int, ...], bool], Key] = {}
        five_rows = _multisets(5)
        fives = [tuple(ranks) for ranks in five_rows.tolist()]
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
            rows = _multisets(k)
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
        # five cards alone: the same entries in a table a twelfth the size (fewer cache misses)
        self.best5: dict[int, int] = dict(zip(rank_sums[0].tolist(), best[0].tolist(), strict=True))
        self.flush_by_sum: dict[int, int] = {
            int(weights[list(ranks)].sum()): order_of[keys[ranks, True]] for ranks in distinct
        }
        # Ace-to-five ignores suits: its weights leave the suit counts at zero.
        suits = rules != "a5"
        self.weight: dict[int, int] = {
            index: 5 ** (index >> 2) + suits * (1 << (_SUIT_SHIFT + 4 * (index & 3))) for index in range(_PACK)
        }
        self.weight_of = self.weight.__getitem__


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
            raise RuleOptionError(f"unknown low rules {rules!r}; one of {', '.join(LOW_RULES)}")
        if qualifier is not None and (rules != "a5" or qualifier not in QUALIFIERS):
            raise RuleOptionError(f"a qualifier (5 to 13) belongs to ace-to-five only; got {rules!r} with {qualifier!r}")
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
        tables = self._tables
        count = len(indices)
        if count == 5:  # the common case unrolled (the same checks and result as below)
            weight = tables.weight
            a, b, c, d, e = indices
            try:
                key = weight[a] + weight[b] + weight[c] + weight[d] + weight[e]
            except (KeyError, TypeError):
                raise InvalidHandError(f"a card index is an integer 0 to {_PACK - 1}; got {list(indices)!r}") from None
            if len({a, b, c, d, e}) != 5:
                raise InvalidHandError(f"a card appears more than once: {list(indices)!r}")
            if key + _SUIT_ADD & _SUIT_FULL:
                return tables.flush_by_sum[key & _RANK_MASK]
            return tables.best5[key & _RANK_MASK]
        try:
            key = sum(map(tables.weight_of, indices))
        except (KeyError, TypeError):
            raise InvalidHandError(f"a card index is an integer 0 to {_PACK - 1}; got {list(indices)!r}") from None
        if count not in _SIZE_SET or len(set(indices)) != count:
            if count not in _SIZE_SET:
                raise InvalidHandError(f"a {self.name} hand is 5 to 7 cards; got {count}")
            raise InvalidHandError(f"a card appears more than once: {list(indices)!r}")
        if key + _SUIT_ADD & _SUIT_FULL:  # five of a suit, in a system that counts flushes
            if count == 5:
                return tables.flush_by_sum[key & _RANK_MASK]
            return self._best_five(indices)
        return tables.best[key & _RANK_MASK]

    def _best_five(self, indices: Sequence[int]) -> int:
        """The best order of the fives of six or seven cards, some five of one suit."""
        tables = self._tables
        best, flush = tables.best, tables.flush_by_sum
        top = -1
        for five in combinations(map(tables.weight_of, indices), 5):
            key = sum(five)
            order = flush[key & _RANK_MASK] if key + _SUIT_ADD & _SUIT_FULL else best[key & _RANK_MASK]
            top = max(top, order)
        return top

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
        if array.min() < 0 or array.max() >= _PACK:
            self._raise_bad_row(array)
        columns = _sorted_columns(array)
        if any((low == high).any() for low, high in pairwise(columns)):
            self._raise_bad_row(array)
        # Per place j of the sorted cards, one look-up gives the card's share of its rank
        # multiset's number (low 16 bits) and a count in its suit's nibble (bits 16 to 31).
        keys = _CARD_KEYS[k][0][columns[0]]
        for place in range(1, k):
            keys += _CARD_KEYS[k][place][columns[place]]
        orders = np.asarray(self._tables.plain[k][keys & 0xFFFF], dtype=np.int32)
        if self._suits_count:
            rows = np.flatnonzero((keys >> 16) + 0x3333 & _FIVE_OF_A_SUIT)
            if rows.size:
                cards = np.stack([column[rows] for column in columns], axis=1).astype(np.int16)
                orders[rows] = self._flush_rows(cards, k)
        return orders

    def _raise_bad_row(self, array: npt.NDArray[np.integer]) -> NoReturn:
        cards = np.sort(array.astype(np.int64), axis=1)
        bad = (cards[:, 0] < 0) | (cards[:, -1] >= _PACK) | (np.diff(cards, axis=1) == 0).any(axis=1)
        if not bad.any():  # an index too large for int64 wrapped round: find it unconverted
            bad = (array < 0).any(axis=1) | (array >= _PACK).any(axis=1)
        row = int(np.argmax(bad))
        raise InvalidHandError(
            f"row {row} is not {array.shape[1]} distinct card indices 0 to {_PACK - 1}: {array[row].tolist()!r}"
        )

    def _flush_rows(self, cards: npt.NDArray[np.int16], k: int) -> npt.NDArray[np.int32]:
        """Best orders of rows (sorted card indices) that hold five cards of one suit."""
        tables = self._tables
        fives = cards[:, _COMBOS[k]]  # (n, C(k, 5), 5), each still sorted
        keys = _FLAT_KEYS_5[fives + _POSITIONS_5].sum(axis=-1)
        index = keys & 0xFFFF
        suited = ((keys >> 16) + 0x3333 & _FIVE_OF_A_SUIT) != 0
        orders = np.where(suited, tables.flush[index], tables.plain[5][index])
        return np.asarray(orders.max(axis=1), dtype=np.int32)

    def __repr__(self) -> str:
        return f"lowball({self.rules!r}, {self.qualifier!r})"


def lowball(rules: str, qualifier: int | None = None) -> LowSystem:
    """The lowball system ``rules`` (``a5``, ``27`` or ``a6``), ace-to-five optionally with a
    ``qualifier`` (8: eight or better); built once per arguments, however they are passed."""
    return _lowball(rules, qualifier)


@cache
def _lowball(rules: str, qualifier: int | None) -> LowSystem:
    return LowSystem(rules, qualifier)


if TYPE_CHECKING:  # mypy proves that the class implements the protocol
    _SYSTEM: RankingSystem[PokerCategory] = LowSystem("a5")
