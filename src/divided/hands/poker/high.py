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

How it is fast: every card has an additive key, ``rank key << 8 | suit key``. The rank keys
(deuce to ace) are chosen so that, for a given number of cards, no two multisets of ranks (each
rank at most four times) have the same sum; the suit keys so that the sum says whether a suit
holds five cards or more, and which. One sum per hand then gives the order of its best
non-flush five by one look-up; only a hand with a flush gathers that suit's cards into a
13-bit rank mask, looked up among the flushes. :meth:`HighSystem.rank_batch` does the same with
numpy over whole arrays (in chunks that stay in the cache); the per-call path adds to each key
a 3-bit field of the card's own, so the same sum also finds a repeated card.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from divided.cards import STANDARD_52, Card, Pack
from divided.errors import InvalidHandError
from divided.hands.poker.keys import Key, PokerCategory, category_of, high_key, high_words
from divided.hands.poker.table import ClassTable
from divided.hands.value import HandRank

SIZES = (1, 2, 3, 4, 5, 6, 7)
"""The hand sizes high poker takes (one to four cards: an incomplete hand)."""

# Rank keys, deuce to ace. A key set for n cards gives distinct sums to all multisets of n ranks
# (each rank at most four times); a set for n cards serves every smaller n too (add the same
# cards of unused ranks to both sides of a collision). The five- and six-card sets come from a
# greedy search (each key the smallest tried that keeps the sums apart); the seven-card set is
# the one published with SKPokerEval (its sums reach 7,825,759; our search's reached 10,733,296).
# The build checks the property again every time.
_KEYS_5 = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12637, 27126, 60069, 101140)
_KEYS_6 = (0, 1, 5, 23, 103, 444, 1498, 5066, 16958, 39983, 99514, 255167, 612467)
_KEYS_7 = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
# Suit keys (spades, hearts, diamonds, clubs): the sum over n cards says whether a suit holds
# five or more and which (the smallest such keys, by search; the build checks them too).
_SUITS_5 = (0, 1, 6, 7)
_SUITS_6 = (0, 1, 15, 21)
_SUITS_7 = (0, 1, 25, 32)
_KEYS_BY_SIZE = {
    size: (_KEYS_5, _SUITS_5) if size <= 5 else (_KEYS_6, _SUITS_6) if size == 6 else (_KEYS_7, _SUITS_7)
    for size in range(1, 8)
}

_SUIT_BITS = 8  # a card's key: rank key << 8 | suit key (seven cards' sums fit a signed 32-bit int)
_SUIT_FIELD = (1 << _SUIT_BITS) - 1
_PACK_SIZE = STANDARD_52.size
# Per call, each card's key also carries a 3-bit field of its own (1 << 3 * index) below the
# rest: a field that reaches 2 marks a repeated card.
_OWN_BITS = 3 * _PACK_SIZE
_REPEATS = sum(0b110 << (3 * index) for index in range(_PACK_SIZE))
_RANK_SHIFT = _OWN_BITS + _SUIT_BITS
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
    card_keys: dict[int, npt.NDArray[np.int32]]  # size -> each card index's key (rank key << 8 | suit key)
    orders: dict[int, npt.NDArray[np.int16]]  # size -> order of the best non-flush five by rank-key sum
    flush_suit: dict[int, npt.NDArray[np.int8]]  # size -> suit-key sum -> the suit of five or more, or -1
    flush_order: npt.NDArray[np.int16]  # 13-bit rank mask -> order of its best five suited, or -1


@cache
def _tables() -> _Tables:
    multisets = {size: _multisets(size) for size in SIZES}
    keys_by_size = {size: [high_key(_ranks_of(row), False) for row in multisets[size]] for size in range(1, 6)}
    flush_keys = [high_key(_ranks_of(row), True) for row in multisets[5] if row.max() == 1]
    table = ClassTable(
        "high", [*(key for keys in keys_by_size.values() for key in keys), *flush_keys], category_of, high_words
    )
    order_of_key = table.order_of

    orders: dict[int, npt.NDArray[np.int16]] = {}
    sums_by_size: dict[int, npt.NDArray[np.int64]] = {}
    for size in SIZES:
        rank_keys = np.array(_KEYS_BY_SIZE[size][0], dtype=np.int64)
        counts = multisets[size]
        sums = counts @ rank_keys
        if len(np.unique(sums)) != len(sums):
            raise AssertionError(f"the rank keys for {size} cards do not separate every multiset")
        if size <= 5:
            best = np.array([order_of_key[key] for key in keys_by_size[size]], dtype=np.int16)
        else:
            # The best five of n cards is the best five of some n - 1 of them: drop each held rank.
            smaller_keys = np.array(_KEYS_BY_SIZE[size - 1][0], dtype=np.int64)
            smaller_sums = counts @ smaller_keys
            best = np.full(len(counts), -1, dtype=np.int16)
            for rank in range(13):
                held = counts[:, rank] > 0
                best[held] = np.maximum(best[held], orders[size - 1][smaller_sums[held] - smaller_keys[rank]])
        dense = np.full(int(sums.max()) + 1, -1, dtype=np.int16)
        dense[sums] = best
        dense.flags.writeable = False
        orders[size] = dense
        sums_by_size[size] = sums

    flush_order = np.full(1 << 13, -1, dtype=np.int16)
    for mask in range(1 << 13):
        if mask.bit_count() >= 5:
            top = _straight_flush_top(mask)
            if top:
                ranks = list(range(top, top - 5, -1)) if top > 5 else [5, 4, 3, 2, 14]
            else:
                ranks = [rank + 2 for rank in range(12, -1, -1) if mask >> rank & 1][:5]
            flush_order[mask] = order_of_key[high_key(ranks, True)]
    flush_order.flags.writeable = False

    flush_suit: dict[int, npt.NDArray[np.int8]] = {}
    card_keys: dict[int, npt.NDArray[np.int32]] = {}
    index = np.arange(_PACK_SIZE)
    for size in SIZES:
        rank_keys, suit_keys = (np.array(keys, dtype=np.int64) for keys in _KEYS_BY_SIZE[size])
        flush_suit[size] = _flush_suits(size, suit_keys)
        combined = (rank_keys[index >> 2] << _SUIT_BITS) | suit_keys[index & 3]
        if (int(sums_by_size[size].max()) << _SUIT_BITS) + size * int(suit_keys.max()) >= 1 << 31:
            raise AssertionError(f"the keys of {size} cards overflow 32 bits")
        card_keys[size] = combined.astype(np.int32)
        card_keys[size].flags.writeable = False
    _install(_PerCall(card_keys, orders, sums_by_size, flush_suit, flush_order))
    return _Tables(table, card_keys, orders, flush_suit, flush_order)


def class_keys() -> tuple[Key, ...]:
    """Each order's class key (:func:`~divided.hands.poker.keys.high_key`), weakest first."""
    return cast("tuple[Key, ...]", _tables().table.keys)


def _flush_suits(size: int, suit_keys: npt.NDArray[np.int64]) -> npt.NDArray[np.int8]:
    """Suit-key sum of ``size`` cards -> the suit holding five of them or more, or -1 (checked unambiguous)."""
    spread = np.array([c for c in np.ndindex(*(size + 1,) * 4) if sum(c) == size], dtype=np.int64).reshape(-1, 4)
    sums = spread @ suit_keys
    suit = np.where((spread >= 5).any(axis=1), np.argmax(spread, axis=1), -1)
    out = np.full(1 << _SUIT_BITS, -2, dtype=np.int8)
    for total, which in zip(sums.tolist(), suit.tolist(), strict=True):
        if out[total] not in (-2, which):
            raise AssertionError(f"the suit keys of {size} cards do not tell a flush apart")
        out[total] = which
    out[out == -2] = -1
    out.flags.writeable = False
    return out


class _PerCall:
    """The per-call tables as plain Python ints, lists and dicts (numpy scalars would be slower).

    A card's key is its batch key shifted above a 3-bit field of its own, so one sum gives the
    rank-key sum (``>> _RANK_SHIFT``), the suit-key sum and whether a card repeats.
    """

    def __init__(
        self,
        card_keys: dict[int, npt.NDArray[np.int32]],
        orders: dict[int, npt.NDArray[np.int16]],
        sums_by_size: dict[int, npt.NDArray[np.int64]],
        flush_suit: dict[int, npt.NDArray[np.int8]],
        flush_order: npt.NDArray[np.int16],
    ) -> None:
        def padded(size: int) -> list[int]:
            # None past the 52 keys: a bad index (51 < i < 104, or -104 <= i < 0) makes the sum fail.
            own = [(key << _OWN_BITS) | (1 << (3 * index)) for index, key in enumerate(card_keys[size].tolist())]
            return cast(list[int], [*own, *[_BAD] * _PACK_SIZE])

        def by_sum(size: int) -> dict[int, int]:
            sums = sums_by_size[size]
            return dict(zip(sums.tolist(), orders[size][sums].tolist(), strict=True))

        self.keys = {size: padded(size) for size in SIZES}
        self.best = {size: by_sum(size) for size in SIZES}
        self.suit = {size: cast(list[int], flush_suit[size].tolist()) for size in SIZES}
        self.flush_order: list[int] = flush_order.tolist()
        # A five-card flush holds five different ranks: its order by the rank-key sum alone.
        self.flush5 = {
            sum(_KEYS_5[rank] for rank in range(13) if mask >> rank & 1): self.flush_order[mask]
            for mask in range(1 << 13)
            if mask.bit_count() == 5
        }


# The per-call tables, set by the first build (_install); empty until then, so the first call
# fails over to _checked, which builds them.
_K5: list[int] = []
_K6: list[int] = []
_K7: list[int] = []
_B5: dict[int, int] = {}
_B6: dict[int, int] = {}
_B7: dict[int, int] = {}
_S5: list[int] = []
_S6: list[int] = []
_S7: list[int] = []
_F5: dict[int, int] = {}
_FLUSH: list[int] = []
_SMALL: dict[int, tuple[list[int], dict[int, int]]] = {}


def _install(per_call: _PerCall) -> None:
    global _K5, _K6, _K7, _B5, _B6, _B7, _S5, _S6, _S7, _F5, _FLUSH, _SMALL
    _K5, _K6, _K7 = per_call.keys[5], per_call.keys[6], per_call.keys[7]
    _B5, _B6, _B7 = per_call.best[5], per_call.best[6], per_call.best[7]
    _S5, _S6, _S7 = per_call.suit[5], per_call.suit[6], per_call.suit[7]
    _F5, _FLUSH = per_call.flush5, per_call.flush_order
    _SMALL = {size: (per_call.keys[size], per_call.best[size]) for size in (1, 2, 3, 4)}


def _suited(indices: Sequence[int], suit: int, nonflush: int) -> int:
    mask = 0
    for index in indices:
        if index & 3 == suit:
            mask |= 1 << (index >> 2)
    return max(_FLUSH[mask], nonflush)


def strength_of_indices(indices: Sequence[int]) -> int:
    """The high-poker order of one to seven card indices into :data:`~divided.cards.STANDARD_52`.

    The fastest path (``HIGH.strength_of_indices`` is this function). Checked: a wrong size,
    a repeated card, an index outside 0 to 51 or a non-integer raises :class:`InvalidHandError`.
    """
    try:
        size = len(indices)
        if size == 5:
            a, b, c, d, e = indices
            total = _K5[a] + _K5[b] + _K5[c] + _K5[d] + _K5[e]
            if not total & _REPEATS:
                if _S5[total >> _OWN_BITS & _SUIT_FIELD] < 0:
                    return _B5[total >> _RANK_SHIFT]
                return _F5[total >> _RANK_SHIFT]
        elif size == 7:
            a, b, c, d, e, f, g = indices
            total = _K7[a] + _K7[b] + _K7[c] + _K7[d] + _K7[e] + _K7[f] + _K7[g]
            if not total & _REPEATS:
                suit = _S7[total >> _OWN_BITS & _SUIT_FIELD]
                if suit < 0:
                    return _B7[total >> _RANK_SHIFT]
                return _suited(indices, suit, _B7[total >> _RANK_SHIFT])
        elif size == 6:
            a, b, c, d, e, f = indices
            total = _K6[a] + _K6[b] + _K6[c] + _K6[d] + _K6[e] + _K6[f]
            if not total & _REPEATS:
                suit = _S6[total >> _OWN_BITS & _SUIT_FIELD]
                if suit < 0:
                    return _B6[total >> _RANK_SHIFT]
                return _suited(indices, suit, _B6[total >> _RANK_SHIFT])
        elif size in _SMALL:
            keys, best = _SMALL[size]
            total = 0
            for index in indices:
                total += keys[index]
            if not total & _REPEATS:
                return best[total >> _RANK_SHIFT]
    except (TypeError, IndexError, KeyError, ValueError):
        pass
    # Bad input (a wrong size, a repeat, an index outside 0..51, a non-integer), or the
    # tables not built yet: _checked names the problem, else the first call builds them.
    checked = _checked(indices)
    if not _K5:
        _tables()
        return strength_of_indices(checked)
    raise AssertionError(f"no high order for the hand {checked}")  # unreachable: every hand has one


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

    # The order of card indices into the pack, the fastest path: a plain function (no bound
    # method in between), see the module-level strength_of_indices.
    strength_of_indices = staticmethod(strength_of_indices)

    def strength(self, cards: Sequence[Card]) -> int:
        """``rank(cards).order`` without building a rank."""
        return strength_of_indices(_indices_of(cards))

    def rank(self, cards: Sequence[Card]) -> HandRank[PokerCategory]:
        """The hand's rank (its class), interned."""
        order = strength_of_indices(_indices_of(cards))
        return _tables().table.ranks[order]

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


_CHUNK = 1 << 15  # rows a pass works on: its temporaries stay in the cache


def _batch(array: npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.int32]:
    rows, size = array.shape
    out = np.empty(rows, dtype=np.int32)
    if rows == 0:
        return out
    if array.min() < 0 or array.max() >= _PACK_SIZE:
        first = int(np.flatnonzero(((array < 0) | (array >= _PACK_SIZE)).any(axis=1))[0])
        raise InvalidHandError(
            f"row {first} holds a card index outside the 52-card pack (0 to 51): {array[first].tolist()}"
        )
    tables = _tables()
    keys, orders, flush_suit = tables.card_keys[size], tables.orders[size], tables.flush_suit[size]
    for start in range(0, rows, _CHUNK):
        part = array[start : start + _CHUNK]
        small = np.ascontiguousarray(part.T, dtype=np.uint8)  # one row per card position
        if size > 1:
            repeated = small[0] == small[1]
            for j in range(2, size):
                for i in range(j):
                    repeated |= small[i] == small[j]
            if repeated.any():
                first = start + int(np.argmax(repeated))
                raise InvalidHandError(f"row {first} repeats a card: {array[first].tolist()}")
        narrow = small.astype(np.intp)
        total = keys[narrow[0]]
        for column in narrow[1:]:
            total += keys[column]
        found = out[start : start + _CHUNK]
        found[:] = orders[total >> _SUIT_BITS]
        if size >= 5:
            suit = flush_suit[total & _SUIT_FIELD]
            flush_rows = np.flatnonzero(suit >= 0)
            if len(flush_rows):
                held = narrow[:, flush_rows]
                in_suit = (held & 3) == suit[flush_rows]
                mask = ((1 << (held >> 2)) * in_suit).sum(axis=0)
                found[flush_rows] = np.maximum(found[flush_rows], tables.flush_order[mask])
    return out


HIGH = HighSystem()
"""High poker (the ``system("high")`` of :mod:`divided.hands.poker.rules`)."""
