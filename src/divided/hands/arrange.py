"""Auto-arrange: dividing ten cards of the 21-card pack into two five-card hands.

A holding of ten cards has C(10, 5) / 2 = 126 splits. A split's *result key* is what scoring
compares, in order (ruling R5): the weaker hand's category, the stronger hand's category, the
weaker hand's strength, the stronger hand's strength. The best split maximises that key, which
makes it best against every opponent.

**Split order (R5b).** Splits of a holding are numbered 0-125: sort the ten cards in pack order
(10♠ first, Joker last), list the five-card subsets that contain the first card in
lexicographic order of positions; split ``i`` is that subset against the other five. When
several splits tie for best (they then differ only by suits), auto-arrange picks the one with
the lowest number. When a split's two hands are equally strong, the one holding the holding's
lowest card is called the weaker.

The best split of every one of the C(21, 10) = 352,716 holdings is tabulated with numpy on
first use and cached on disk (see :func:`cache_path`); an :func:`arrange` call is then a
table look-up.

>>> from divided.cards import PACK_21
>>> best = arrange(PACK_21.parse_mask("Ts Th Td Js Jh Jd Qs Qh Ks Kh"))
>>> str(best.weaker), str(best.stronger)
('Ts Th Td Ks Kh', 'Js Jh Jd Qs Qh')
>>> best.weaker.value.category.label, best.split
('Full House', 20)
"""

from __future__ import annotations

import hashlib
import os
from array import array
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import NamedTuple, Protocol

import numpy as np
import numpy.typing as npt

from divided.cards import PACK_21, Card, mask_indices
from divided.errors import InvalidHandError, RuleOptionError
from divided.hands.batch import MASK_SPACE, category_array, strength_array
from divided.hands.five import (
    HandValue,
    category_of,
    evaluate_mask,
    strength_count,
    strength_table,
)

HOLDING_SIZE = 10
SPLIT_POSITIONS: tuple[tuple[int, ...], ...] = tuple(
    combo for combo in combinations(range(HOLDING_SIZE), 5) if combo[0] == 0
)
"""Positions (in the sorted holding) of the first hand of each of the 126 splits."""
SPLIT_COUNT = len(SPLIT_POSITIONS)
_TABLE_FORMAT = 1


class SplitOrder(StrEnum):
    """The order in which two split holdings are compared; their best split maximises it.

    ``categories-first``: the weaker hands' categories, the stronger hands' categories, the
    weaker hands in full, the stronger hands in full. ``weaker-first``: the weaker hands in full,
    then the stronger hands in full. A game's rule option names one of these through
    :class:`HasSplitOrder` (Divided Ranks maps its ``scoring`` option onto it).
    """

    CATEGORIES_FIRST = "categories-first"
    WEAKER_FIRST = "weaker-first"

    split_order: SplitOrder
    """The order itself, so that a :class:`SplitOrder` is also a :class:`HasSplitOrder` (a plain
    attribute, not a property: hot loops read it on every call)."""


for _order in SplitOrder:
    _order.split_order = _order


class HasSplitOrder(Protocol):
    """Anything that names a :class:`SplitOrder`, such as a game's rule option."""

    @property
    def split_order(self) -> SplitOrder:
        """The split order this value stands for."""
        ...


OrderLike = HasSplitOrder | str
"""What the functions below take as the order: a :class:`SplitOrder`, anything naming one (a
game's rule option), or an order's value string such as ``"weaker-first"``."""

CATEGORIES_FIRST = SplitOrder.CATEGORIES_FIRST


def split_order_of(order: OrderLike) -> SplitOrder:
    """The :class:`SplitOrder` an order argument stands for.

    >>> split_order_of("weaker-first")
    <SplitOrder.WEAKER_FIRST: 'weaker-first'>
    """
    split_order = getattr(order, "split_order", None)
    if isinstance(split_order, SplitOrder):
        return split_order
    try:
        return SplitOrder(str(order))
    except ValueError:
        known = ", ".join(o.value for o in SplitOrder)
        raise RuleOptionError(f"{order!r} is not a split order; the orders are: {known}") from None


class ResultKey(NamedTuple):
    """What scoring compares, in order; larger is better."""

    weaker_category: int
    stronger_category: int
    weaker_strength: int
    stronger_strength: int


@dataclass(frozen=True, slots=True)
class Hand:
    """Five cards (as a bit mask over :data:`PACK_21`) with their value."""

    mask: int
    value: HandValue

    @property
    def cards(self) -> list[Card]:
        """The cards in pack order."""
        return PACK_21.cards_of(self.mask)

    def __str__(self) -> str:
        return PACK_21.format_mask(self.mask)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A split of a ten-card holding into a weaker and a stronger five-card hand."""

    split: int
    weaker: Hand
    stronger: Hand

    @property
    def key(self) -> ResultKey:
        """The result key scoring compares (the rules' order)."""
        return result_key(self.weaker.value.strength, self.stronger.value.strength)

    def key_for(self, order: OrderLike) -> tuple[int, ...]:
        """The result key under a split order."""
        return _split_key(self.weaker.value.strength, self.stronger.value.strength, split_order_of(order))


def result_key(strength_a: int, strength_b: int) -> ResultKey:
    """Result key (the rules' scoring order) of a split whose hands have the given strengths."""
    weak, strong = (strength_a, strength_b) if strength_a <= strength_b else (strength_b, strength_a)
    return ResultKey(int(category_of(weak)), int(category_of(strong)), weak, strong)


def scoring_key(strength_a: int, strength_b: int, order: OrderLike = CATEGORIES_FIRST) -> tuple[int, ...]:
    """What a split order compares, in order, for a split with the given hand strengths.

    >>> scoring_key(5, 100, SplitOrder.WEAKER_FIRST)
    (5, 100)
    """
    return _split_key(strength_a, strength_b, split_order_of(order))


def _split_key(strength_a: int, strength_b: int, order: SplitOrder) -> tuple[int, ...]:
    if order is SplitOrder.WEAKER_FIRST:
        return (min(strength_a, strength_b), max(strength_a, strength_b))
    return result_key(strength_a, strength_b)


def split_masks(holding: int, split: int) -> tuple[int, int]:
    """The two hands (bit masks) of split number ``split`` of a ten-card holding.

    The first hand is the one holding the holding's lowest card.
    """
    indices = _holding_indices(holding)
    if not 0 <= split < SPLIT_COUNT:
        raise InvalidHandError(f"split number must be 0-{SPLIT_COUNT - 1}, got {split}")
    first = 0
    for position in SPLIT_POSITIONS[split]:
        first |= 1 << indices[position]
    return first, holding ^ first


def split_of(holding: int, hand: int) -> int:
    """The number of the split of ``holding`` that has ``hand`` (five of its cards) as one hand."""
    indices = _holding_indices(holding)
    if hand & ~holding or hand.bit_count() != 5:
        raise InvalidHandError("a hand of the split must be five cards of the holding")
    if not hand & (1 << indices[0]):
        hand = holding ^ hand
    positions = tuple(p for p, i in enumerate(indices) if hand >> i & 1)
    return _SPLIT_NUMBER[positions]


_SPLIT_NUMBER = {positions: n for n, positions in enumerate(SPLIT_POSITIONS)}


def _holding_indices(holding: int) -> list[int]:
    _check_holding(holding)
    return mask_indices(holding)


def _check_holding(holding: int) -> None:
    if not 0 <= holding < MASK_SPACE:
        raise InvalidHandError(f"mask {holding:#x} is not a set of cards of the 21-card pack")
    if holding.bit_count() != HOLDING_SIZE:
        raise InvalidHandError(f"a holding is ten cards of the 21-card pack; got {holding.bit_count()}")


def arrangement(holding: int, split: int) -> Arrangement:
    """The :class:`Arrangement` of split number ``split`` of a holding."""
    first, second = split_masks(holding, split)
    a, b = evaluate_mask(first), evaluate_mask(second)
    if a.strength <= b.strength:
        return Arrangement(split, Hand(first, a), Hand(second, b))
    return Arrangement(split, Hand(second, b), Hand(first, a))


def ranked_splits(holding: int, order: OrderLike = CATEGORIES_FIRST) -> list[Arrangement]:
    """All 126 splits of a holding, best first (ties in split order)."""
    splits = [arrangement(holding, n) for n in range(SPLIT_COUNT)]
    split_order = split_order_of(order)
    return sorted(splits, key=lambda a: a.key_for(split_order), reverse=True)


def arrange(holding: int, order: OrderLike = CATEGORIES_FIRST) -> Arrangement:
    """The best split of a ten-card holding (a table look-up after the first call)."""
    _holding_indices(holding)
    weak = _tables(split_order_of(order)).weak_by_mask[holding]
    strong = holding ^ weak
    return Arrangement(
        split_of(holding, weak), Hand(weak, evaluate_mask(weak)), Hand(strong, evaluate_mask(strong))
    )


def best_key(holding: int, order: OrderLike = CATEGORIES_FIRST) -> tuple[int, ...]:
    """Result key of the best split of a holding (a table look-up)."""
    _check_holding(holding)
    split_order = split_order_of(order)
    weak = _tables(split_order).weak_by_mask[holding]
    strength = strength_table()
    return _split_key(strength[weak], strength[holding ^ weak], split_order)


def best_weaker_mask(holding: int, order: HasSplitOrder = CATEGORIES_FIRST) -> int:
    """The weaker hand of the best split, as a bit mask: the fastest form of :func:`arrange`.

    No checks: ``holding`` must be a ten-card mask of the pack (else the result is 0).
    """
    return _tables(order.split_order).weak_by_mask[holding]


def packed_key_table(order: OrderLike = CATEGORIES_FIRST) -> array[int]:
    """Packed result key of the best split of every holding, indexed by the holding's mask
    (0 for masks that are not holdings). Packed keys compare like :func:`scoring_key` tuples,
    so hot loops compare holdings with two look-ups."""
    return _packed_keys(split_order_of(order))


@cache
def _packed_keys(order: SplitOrder) -> array[int]:
    tables = _tables(order)
    by_mask = np.zeros(MASK_SPACE, dtype=np.int32)
    by_mask[tables.holdings] = tables.key
    return array("i", by_mask.tobytes())


def weaker_mask_table(order: OrderLike = CATEGORIES_FIRST) -> array[int]:
    """The table behind :func:`best_weaker_mask`: index it by a holding's mask (hot loops)."""
    return _tables(split_order_of(order)).weak_by_mask


# --- the table -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _ArrangeTables:
    weak_by_mask: array[int]
    holdings: npt.NDArray[np.int32]
    weak: npt.NDArray[np.int32]
    key: npt.NDArray[np.int32]


def all_holdings() -> npt.NDArray[np.int32]:
    """Bit masks of every ten-card holding, in increasing order of the sorted card tuples."""
    combos = np.fromiter(
        combinations(range(PACK_21.size), HOLDING_SIZE),
        dtype=np.dtype((np.int8, HOLDING_SIZE)),
    )
    masks: npt.NDArray[np.int32] = np.bitwise_or.reduce(np.left_shift(1, combos.astype(np.int32)), axis=1)
    return masks


def encode_keys(weak: npt.NDArray[np.integer], strong: npt.NDArray[np.integer],
                order: OrderLike = CATEGORIES_FIRST) -> npt.NDArray[np.int32]:
    """Result keys packed into one integer each (same order as :func:`scoring_key`)."""
    size = strength_count()
    w = weak.astype(np.int32)
    s = strong.astype(np.int32)
    if split_order_of(order) is SplitOrder.WEAKER_FIRST:
        return w * size + s
    cats = category_array().astype(np.int32)
    return ((cats[w] * 8 + cats[s]) * size + w) * size + s


def best_splits_batch(holdings: npt.NDArray[np.int32], chunk: int = 32_768,
                      order: OrderLike = CATEGORIES_FIRST) -> tuple[
    npt.NDArray[np.int32], npt.NDArray[np.int32]
]:
    """Best split of many holdings by brute force over all 126 splits, vectorised.

    Returns (weaker-hand mask, packed result key) per holding.
    """
    strengths = strength_array()
    positions = np.array(SPLIT_POSITIONS, dtype=np.int64)
    weak_out = np.empty(len(holdings), dtype=np.int32)
    key_out = np.empty(len(holdings), dtype=np.int32)
    bit_values = np.left_shift(1, np.arange(PACK_21.size, dtype=np.int32))
    for start in range(0, len(holdings), chunk):
        block = holdings[start : start + chunk].astype(np.int32)
        # Sorted card indices of each holding: positions of set bits.
        has = (block[:, None] & bit_values[None, :]) != 0
        indices = np.nonzero(has)[1].reshape(len(block), HOLDING_SIZE)
        bits = np.left_shift(1, indices).astype(np.int32)
        first = bits[:, positions].sum(axis=2, dtype=np.int32)
        second = block[:, None] - first
        sa = strengths[first]
        sb = strengths[second]
        first_weaker = sa <= sb
        weak_s = np.where(first_weaker, sa, sb)
        strong_s = np.where(first_weaker, sb, sa)
        keys = encode_keys(weak_s, strong_s, order)
        best = keys.argmax(axis=1)
        rows = np.arange(len(block))
        weak_out[start : start + len(block)] = np.where(first_weaker, first, second)[rows, best]
        key_out[start : start + len(block)] = keys[rows, best]
    return weak_out, key_out


def _table_digest(order: SplitOrder) -> str:
    digest = hashlib.sha256()
    # "scoring=" is the field's name from before SplitOrder; kept so cached tables stay valid.
    digest.update(f"format={_TABLE_FORMAT};scoring={order};splits={SPLIT_POSITIONS}".encode())
    digest.update(strength_array().tobytes())
    return digest.hexdigest()[:16]


def cache_path(order: OrderLike = CATEGORIES_FIRST) -> Path:
    """Where the arrange table is cached.

    ``$DIVIDED_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/divided``, else ``~/.cache/divided``.
    The file name carries a digest of the rules it was built for, so a change rebuilds it.
    """
    root = os.environ.get("DIVIDED_CACHE_DIR")
    if root:
        base = Path(root)
    else:
        xdg = os.environ.get("XDG_CACHE_HOME")
        base = (Path(xdg) if xdg else Path.home() / ".cache") / "divided"
    split_order = split_order_of(order)
    return base / f"arrange21-{split_order}-{_table_digest(split_order)}.npz"


def build_table(order: OrderLike = CATEGORIES_FIRST) -> tuple[
    npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32]
]:
    """Build the arrange table from scratch: (holding masks, weaker-hand masks, packed keys)."""
    holdings = all_holdings()
    weak, key = best_splits_batch(holdings, order=order)
    return holdings, weak, key


def _load_or_build(order: SplitOrder) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    path = cache_path(order)
    try:
        with np.load(path) as data:
            holdings, weak, key = data["holdings"], data["weak"], data["key"]
        if holdings.shape == weak.shape == key.shape == (352_716,):
            return holdings, weak, key
    except (OSError, KeyError, ValueError):
        pass
    holdings, weak, key = build_table(order)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez(temporary, holdings=holdings, weak=weak, key=key)
        os.replace(temporary, path)
    except OSError:
        pass  # a read-only home still works, it just rebuilds next time
    return holdings, weak, key


@cache
def _tables(order: SplitOrder) -> _ArrangeTables:
    holdings, weak, key = _load_or_build(order)
    by_mask = np.zeros(MASK_SPACE, dtype=np.int32)
    by_mask[holdings] = weak
    return _ArrangeTables(array("i", by_mask.tobytes()), holdings, weak, key)


def table_arrays(order: OrderLike = CATEGORIES_FIRST) -> tuple[
    npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32]
]:
    """The cached table as arrays: (holding masks, weaker-hand masks, packed result keys)."""
    tables = _tables(split_order_of(order))
    return tables.holdings, tables.weak, tables.key


@cache
def _weak_array(order: SplitOrder) -> npt.NDArray[np.int32]:
    return np.frombuffer(_tables(order).weak_by_mask, dtype=np.int32)


def best_weaker_masks(holdings: npt.ArrayLike, order: OrderLike = CATEGORIES_FIRST) -> npt.NDArray[np.int32]:
    """Weaker hand of the best split of many holdings at once (a vectorised table look-up)."""
    array_ = np.asarray(holdings, dtype=np.int64)
    if array_.size and (array_.min() < 0 or array_.max() >= MASK_SPACE):
        raise InvalidHandError("a holding mask lies outside the 21-card pack")
    out = _weak_array(split_order_of(order))[array_]
    if array_.size and (out == 0).any():
        raise InvalidHandError("every holding must be exactly ten cards of the 21-card pack")
    return out
