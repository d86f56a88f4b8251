"""High poker on the 52-card deck: five-card hands, the best five of six or seven, and
incomplete hands of one to four cards, all in one total order.

Five cards make 7,462 classes; fewer than five are an *incomplete hand* (no straights, flushes
or full houses), placed by :func:`~divided.hands.poker.keys.high_key` so that 10-10-K beats
10-10-6-2 and 10-10-6 loses to it; six or seven cards play their best five.

>>> from divided.cards import parse_cards
>>> str(HIGH.rank(parse_cards("Qs Qh Qd 3c 3s")))
'Full House, queens over threes'
>>> HIGH.rank(parse_cards("Ts Th Kd")) > HIGH.rank(parse_cards("Ts Th 6d 2c"))
True
>>> str(HIGH.rank(parse_cards("2h 3h 4h 5h Ah Kh Ad")))
'Straight Flush, five-high'
>>> HIGH.strength_of_indices([48, 49, 50, 51, 0]) == HIGH.strength(parse_cards("As Ah Ad Ac 2s"))
True

How it is fast: every card has an additive key, ``rank key << 12 | suit key``. The rank keys
(deuce to ace) are chosen so that, for a given number of cards, no two multisets of ranks (each
rank at most four times) have the same sum; the suit keys ``1 << 3 * suit`` count the cards of
each suit in three bits. One sum per hand then gives the order of its best non-flush five
by one look-up, and says whether a suit holds five cards or more; only then are that suit's
cards gathered into a 13-bit rank mask and looked up among the flushes. :meth:`HighSystem.rank_batch`
does the same with numpy over whole arrays.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from divided.cards import STANDARD_52, Card, Pack
from divided.errors import InvalidHandError
from divided.hands.poker.keys import PokerCategory, category_of, high_key, high_words
from divided.hands.poker.table import ClassTable
from divided.hands.value import HandRank

SIZES = (1, 2, 3, 4, 5, 6, 7)
"""The hand sizes high poker takes (one to four cards: an incomplete hand)."""

# Rank keys, deuce to ace. A key set for n cards gives distinct sums to all multisets of n ranks
# (each rank at most four times); a set for n cards serves every smaller n too (add the same
# cards of unused ranks to both sides of a collision). Found by a greedy search (each key the
# smallest tried that keeps the sums apart); the build checks the property again every time.
_KEYS_5 = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12637, 27126, 60069, 101140)
_KEYS_6 = (0, 1, 5, 23, 103, 444, 1498, 5066, 16958, 39983, 99514, 255167, 612467)
_KEYS_7 = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
_KEYS_BY_SIZE = {1: _KEYS_5, 2: _KEYS_5, 3: _KEYS_5, 4: _KEYS_5, 5: _KEYS_5, 6: _KEYS_6, 7: _KEYS_7}

_SUIT_BITS = 12  # the low 12 bits of a hand's sum: three bits of card count per suit
_SUIT_FIELD = (1 << _SUIT_BITS) - 1
_PACK_SIZE = STANDARD_52.size
_BAD = None  # padding of the per-call key lists: an index outside 0..51 (negative ones too) meets it


def _multisets(size: int) -> npt.NDArray[np.int64]:
    """Every multiset of ``size`` ranks (0 = deuce .. 12 = ace, each at most four times) as a count row."""
    rows = np.array(list(combinations_with_replacement(range(13), size)), dtype=np.int64)
    counts = np.zeros((len(rows), 13), dtype=np.int64)
    np.add.at(counts, (np.repeat(np.arange(len(rows)), size), rows.ravel()), 1)
    kept: npt.NDArray[np.int64] = counts[counts.max(axis=1) <= 4]
    return kept


def _ranks_of(counts: npt.NDArray[np.int64]) -> list[int]:
    return [rank + 2 for rank in range(13) for _ in range(int(counts[rank]))]


def _straight_flush_top(mask: int) -> int:
    """The top rank (5 to 14) of the best five in sequence within a 13-bit rank mask, or 0."""
    for top in range(14, 5, -1):
        window = 0b11111 << (top - 6)
        if mask & window == window:
            return top
    wheel = 0b1000000001111  # A 5 4 3 2
    return 5 if mask & wheel == wheel else 0


@dataclass(frozen=True, slots=True)
class _Tables:
    """Everything the evaluators look up; built once, on first use, by :func:`_tables`."""

    table: ClassTable[PokerCategory]
    card_keys: dict[int, npt.NDArray[np.int64]]  # size -> combined key of each card index
    orders: dict[int, npt.NDArray[np.int16]]  # size -> best non-flush order by rank-key sum (-1: none)
    flush_suit: npt.NDArray[np.int8]  # suit field -> the suit with five cards or more, or -1
    flush_order: npt.NDArray[np.int16]  # 13-bit rank mask -> the order of its best five suited, or -1
    evaluate: Callable[[Sequence[int]], int]


@cache
def _tables() -> _Tables:
    order_of_key: dict[tuple[int, ...], int]
    multisets = {size: _multisets(size) for size in SIZES}
    five_keys: list[tuple[int, ...]] = []
    keys_by_size: dict[int, list[tuple[int, ...]]] = {}
    for size in range(1, 6):
        keys_by_size[size] = [high_key(_ranks_of(row), False) for row in multisets[size]]
    five_keys = [high_key(_ranks_of(row), True) for row in multisets[5] if row.max() == 1]
    table = ClassTable("high", [*(k for size in keys_by_size for k in keys_by_size[size]), *five_keys],
                       category_of, high_words)
    order_of_key = table.order_of  # type: ignore[assignment]

    orders: dict[int, npt.NDArray[np.int16]] = {}
    sums_by_size: dict[int, npt.NDArray[np.int64]] = {}
    for size in SIZES:
        keys = np.array(_KEYS_BY_SIZE[size], dtype=np.int64)
        counts = multisets[size]
        sums = counts @ keys
        if len(np.unique(sums)) != len(sums):
            raise AssertionError(f"the rank keys for {size} cards do not separate every multiset")
        if size <= 5:
            best = np.array([order_of_key[key] for key in keys_by_size[size]], dtype=np.int16)
        else:
            # The best five of n cards: the best five of some n - 1 of them (drop one rank each way).
            smaller = orders[size - 1]
            smaller_keys = np.array(_KEYS_BY_SIZE[size - 1], dtype=np.int64)
            smaller_sums = counts @ smaller_keys
            best = np.full(len(counts), -1, dtype=np.int16)
            for rank in range(13):
                held = counts[:, rank] > 0
                best[held] = np.maximum(best[held], smaller[smaller_sums[held] - smaller_keys[rank]])
        dense = np.full(int(sums.max()) + 1, -1, dtype=np.int16)
        dense[sums] = best
        dense.flags.writeable = False
        orders[size] = dense
        sums_by_size[size] = sums

    flush_order = np.full(1 << 13, -1, dtype=np.int16)
    for mask in range(1 << 13):
        if mask.bit_count() < 5:
            continue
        top = _straight_flush_top(mask)
        if top:
            key = high_key(list(range(top, top - 5, -1)) if top > 5 else [5, 4, 3, 2, 14], True)
        else:
            ranks = [rank + 2 for rank in range(12, -1, -1) if mask >> rank & 1][:5]
            key = high_key(ranks, True)
        flush_order[mask] = order_of_key[key]
    flush_order.flags.writeable = False

    field = np.arange(1 << _SUIT_BITS)
    flush_suit = np.full(1 << _SUIT_BITS, -1, dtype=np.int8)
    for suit in range(4):
        flush_suit[(field >> (3 * suit)) & 7 >= 5] = suit
    flush_suit.flags.writeable = False

    card_keys: dict[int, npt.NDArray[np.int64]] = {}
    for size in SIZES:
        rank_keys = np.array(_KEYS_BY_SIZE[size], dtype=np.int64)
        index = np.arange(_PACK_SIZE)
        card_keys[size] = (rank_keys[index >> 2] << _SUIT_BITS) | (1 << (3 * (index & 3)))
        card_keys[size].flags.writeable = False
    evaluate = _per_call(card_keys, orders, sums_by_size, flush_suit, flush_order)
    return _Tables(table, card_keys, orders, flush_suit, flush_order, evaluate)


def _per_call(
    card_keys: dict[int, npt.NDArray[np.int64]],
    orders: dict[int, npt.NDArray[np.int16]],
    sums_by_size: dict[int, npt.NDArray[np.int64]],
    flush_suit_array: npt.NDArray[np.int8],
    flush_order_array: npt.NDArray[np.int16],
) -> Callable[[Sequence[int]], int]:
    """The per-call evaluator: plain Python lists and dicts (numpy scalars would be slower)."""

    def padded(size: int) -> list[int]:
        # None past the 52 keys: a bad index (51 < i < 104, or -104 <= i < 0) makes the sum fail.
        return cast(list[int], [*card_keys[size].tolist(), *[_BAD] * _PACK_SIZE])

    def by_sum(size: int) -> dict[int, int]:
        sums = sums_by_size[size]
        return dict(zip(sums.tolist(), orders[size][sums].tolist(), strict=True))

    keys5, keys6, keys7 = padded(5), padded(6), padded(7)
    small = {size: (padded(size), by_sum(size)) for size in (1, 2, 3, 4)}
    best5, best6, best7 = by_sum(5), by_sum(6), by_sum(7)
    flush_suit: list[int] = flush_suit_array.tolist()
    flush_order: list[int] = flush_order_array.tolist()
    # A five-card flush holds five different ranks: its order by the rank-key sum alone.
    flush5 = {
        int(total): flush_order[mask]
        for mask in range(1 << 13)
        if mask.bit_count() == 5
        for total in [sum(_KEYS_5[rank] for rank in range(13) if mask >> rank & 1)]
    }

    def suited(indices: Sequence[int], suit: int, nonflush: int) -> int:
        mask = 0
        for index in indices:
            if index & 3 == suit:
                mask |= 1 << (index >> 2)
        return max(flush_order[mask], nonflush)

    def evaluate(indices: Sequence[int]) -> int:
        # Any bad input (a wrong size, a repeat, an index outside 0..51, a non-integer) falls
        # through to _checked, which names the problem.
        try:
            size = len(indices)
            if size == 7:
                a, b, c, d, e, f, g = indices
                total = keys7[a] + keys7[b] + keys7[c] + keys7[d] + keys7[e] + keys7[f] + keys7[g]
                if len({a, b, c, d, e, f, g}) == 7:
                    suit = flush_suit[total & _SUIT_FIELD]
                    if suit < 0:
                        return best7[total >> _SUIT_BITS]
                    return suited(indices, suit, best7[total >> _SUIT_BITS])
            elif size == 5:
                a, b, c, d, e = indices
                total = keys5[a] + keys5[b] + keys5[c] + keys5[d] + keys5[e]
                if len({a, b, c, d, e}) == 5:
                    if flush_suit[total & _SUIT_FIELD] < 0:
                        return best5[total >> _SUIT_BITS]
                    return flush5[total >> _SUIT_BITS]
            elif size == 6:
                a, b, c, d, e, f = indices
                total = keys6[a] + keys6[b] + keys6[c] + keys6[d] + keys6[e] + keys6[f]
                if len({a, b, c, d, e, f}) == 6:
                    suit = flush_suit[total & _SUIT_FIELD]
                    if suit < 0:
                        return best6[total >> _SUIT_BITS]
                    return suited(indices, suit, best6[total >> _SUIT_BITS])
            elif size in small:
                keys, best = small[size]
                total = 0
                for index in indices:
                    total += keys[index]
                if len(set(indices)) == size:
                    return best[total >> _SUIT_BITS]
        except (TypeError, IndexError, KeyError, ValueError):
            pass
        return evaluate(_checked(indices))

    return evaluate


def _checked(indices: Iterable[Any]) -> list[int]:
    """``indices`` as a list of card indices, or :class:`InvalidHandError` saying what is wrong."""
    try:
        cards = [operator.index(index) for index in indices]
    except TypeError:
        raise InvalidHandError(f"a hand is a sequence of card indices (integers 0 to 51); got {indices!r}") from None
    if len(cards) not in SIZES:
        raise InvalidHandError(f"a high hand is one to seven cards; got {len(cards)}")
    for index in cards:
        if not 0 <= index < _PACK_SIZE:
            raise InvalidHandError(f"card index {index} is outside the 52-card pack (0 to 51)")
    seen: set[int] = set()
    for index in cards:
        if index in seen:
            raise InvalidHandError(f"{STANDARD_52[index]} appears more than once")
        seen.add(index)
    return cards


_INDEX = {card: index for index, card in enumerate(STANDARD_52.cards)}


def _indices_of(cards: Sequence[Card]) -> list[int]:
    try:
        return [_INDEX[card] for card in cards]
    except (KeyError, TypeError):
        for card in cards:
            if not isinstance(card, Card):
                raise InvalidHandError(f"{card!r} is not a card") from None
            STANDARD_52.index(card)  # raises, naming the card and the pack
        raise


class HighSystem:
    """High poker as a :class:`~divided.hands.value.RankingSystem`: one to seven cards of
    :data:`~divided.cards.STANDARD_52` (fewer than five: an incomplete hand; six or seven: the best five).

    Orders run from 0 (2-high, the lone deuce) to :attr:`classes` - 1 (the royal flush).
    """

    name = "high"
    pack: Pack = STANDARD_52
    sizes = SIZES
    categories = PokerCategory

    @property
    def classes(self) -> int:
        """The number of distinct orders: 7,462 five-card classes and the incomplete ones."""
        return len(_tables().table)

    def strength_of_indices(self, indices: Sequence[int]) -> int:
        """The order of the hand given as card indices into the pack (the fastest path).

        Checked: a wrong size, a repeated card, an index outside 0 to 51 or a non-integer
        raises :class:`InvalidHandError`.
        """
        evaluate = _tables().evaluate
        # Later calls go straight to the evaluator (an instance attribute hides this method).
        self.__dict__["strength_of_indices"] = evaluate
        return evaluate(indices)

    def strength(self, cards: Sequence[Card]) -> int:
        """``rank(cards).order`` without building a rank."""
        return self.strength_of_indices(_indices_of(cards))

    def rank(self, cards: Sequence[Card]) -> HandRank[PokerCategory]:
        """The hand's rank (its class), interned."""
        return _tables().table.ranks[self.strength_of_indices(_indices_of(cards))]

    def rank_of(self, order: int) -> HandRank[PokerCategory]:
        """The rank with this order."""
        return _tables().table.rank_of(order)

    def rank_batch(self, indices: npt.ArrayLike) -> npt.NDArray[np.int32]:
        """Orders of an ``(n, k)`` integer array of card indices (``k`` from 1 to 7).

        Raises :class:`InvalidHandError` naming the first row with an index outside 0 to 51
        or a repeated card.
        """
        array = np.asarray(indices)
        if array.ndim != 2 or array.shape[1] not in SIZES:
            raise InvalidHandError(
                f"expected an (n, k) array of card indices with k from 1 to 7; got shape {array.shape}"
            )
        if array.dtype.kind not in "iu":
            if array.size:
                raise InvalidHandError(f"card indices are integers; got an array of {array.dtype}")
            array = array.astype(np.intp)
        return _batch(array)

    def __repr__(self) -> str:
        return "HIGH"


def _batch(array: npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.int32]:
    rows, size = array.shape
    if rows == 0:
        return np.empty(0, dtype=np.int32)
    if array.min() < 0 or array.max() >= _PACK_SIZE:
        first = int(np.flatnonzero(((array < 0) | (array >= _PACK_SIZE)).any(axis=1))[0])
        raise InvalidHandError(f"row {first} holds a card index outside the 52-card pack (0 to 51): {array[first].tolist()}")
    columns = [np.ascontiguousarray(array[:, j], dtype=np.intp) for j in range(size)]
    repeated: npt.NDArray[np.bool_] | None = None
    for j in range(size):
        for i in range(j):
            same = columns[i] == columns[j]
            repeated = same if repeated is None else repeated | same
    if repeated is not None and repeated.any():
        first = int(np.argmax(repeated))
        raise InvalidHandError(f"row {first} repeats a card: {array[first].tolist()}")
    tables = _tables()
    keys = tables.card_keys[size]
    total = keys[columns[0]]
    for column in columns[1:]:
        total += keys[column]
    out: npt.NDArray[np.int32] = tables.orders[size][total >> _SUIT_BITS].astype(np.int32)
    if size >= 5:
        suit = tables.flush_suit[total & _SUIT_FIELD]
        flush_rows = np.flatnonzero(suit >= 0)
        if len(flush_rows):
            held = array[flush_rows].astype(np.intp)
            in_suit = (held & 3) == suit[flush_rows, None]
            mask = ((1 << (held >> 2)) * in_suit).sum(axis=1)
            out[flush_rows] = np.maximum(out[flush_rows], tables.flush_order[mask])
    return out


HIGH = HighSystem()
"""High poker (the ``system("high")`` of :mod:`divided.hands.poker.rules`)."""
