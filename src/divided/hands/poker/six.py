"""Six-card poker, with one deck or two: every six cards are the hand (no best five).

Categories, strongest first: Six of a Kind (two decks), Straight Flush (six in sequence, one
suit), Five of a Kind (two decks), Spillover (three and three), Four and Two, Flush (six of one
suit), Straight (six in sequence), Four of a Kind, Three Pair, Full House (three, two and one),
Three of a Kind, Two Pair, One Pair, No Pair. A hand counts as the strongest category it makes.

Within a category:

* the defining groups first (the larger group before the smaller, equal groups the higher rank
  first), then the kickers from the highest down: Q-Q-Q-3-3-2 beats J-J-J-A-A-K, and
  A-A-K-K-5-5 beats A-A-K-K-4-4;
* a straight by its top card; the ace plays high or low, so 9-10-J-Q-K-A is the highest and
  A-2-3-4-5-6 the lowest (no wrap-around such as Q-K-A-2-3-4);
* a flush and a no-pair hand by their six cards from the highest down. With two decks a flush may
  hold the same card twice (As As Ks Qs Js 9s): every card counts, so it beats A-K-Q-J-10-9 of
  one suit (as the double-ace flush does), and it still counts as a flush, which beats everything
  a pair of identical cards could make of it.

**Duplication (two decks).** Two identical cards (``As As``) are an *identical pair*. Between
hands equal so far (same category, same ranks in every group and kicker), the one with more
duplication wins, counted group by group in the order the groups compare: the number of
identical pairs in the first group decides, then in the second, and so on. So a pair of
identical aces beats a pair of aces of two suits; in two pair K-K-5-5, identical kings beat
identical fives; four kings as two identical pairs (``Ks Ks Kh Kh``) beat four kings holding one;
six aces as three identical pairs beat six aces holding two. Kickers are single cards and carry
no duplication; a flush's duplication follows from its ranks (every repeated card is identical).

One deck makes 20,111 classes, two decks 63,505. The tables are built with numpy on first use
(over the 18,564 multisets of six ranks); then ``strength_of_indices`` adds six per-card codes
and makes one dictionary look-up, and ``rank_batch`` makes a few array operations per column.

>>> from divided.cards import parse_cards
>>> one, two = six_card(1), six_card(2)
>>> str(one.rank(parse_cards("9h Th Jh Qh Kh Ah")))
'Straight Flush, ace-high'
>>> one.rank(parse_cards("Qs Qh Qd 3s 3h 2c")) > one.rank(parse_cards("Js Jh Jd As Ah Kc"))
True
>>> str(two.rank(parse_cards("As As Kh Qd Jc 9s")))
'Pair of aces, with a king, a queen, a jack and a nine; identical cards: a pair of aces'
>>> two.rank(parse_cards("As As Kh Qd Jc 9s")) > two.rank(parse_cards("As Ah Kh Qd Jc 9s"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import combinations_with_replacement
from math import comb
from operator import index
from typing import TYPE_CHECKING

from divided.cards import STANDARD_52, SUITS, Card, Pack
from divided.errors import InvalidHandError, RuleOptionError
from divided.hands.poker import words
from divided.hands.poker.table import ClassTable
from divided.hands.value import HandCategory, HandRank, RankingSystem

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

Key = int
"""A class key: an integer that sorts weakest first (see :func:`six_words` for its layout)."""

DECKS = (1, 2)
"""How many decks six-card poker is played with."""


class SixCategory(HandCategory):
    """Categories of a six-card hand, weakest first (six and five of a kind need two decks)."""

    NO_PAIR = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    FULL_HOUSE = 4
    THREE_PAIR = 5
    FOUR_OF_A_KIND = 6
    STRAIGHT = 7
    FLUSH = 8
    FOUR_AND_TWO = 9
    SPILLOVER = 10
    FIVE_OF_A_KIND = 11
    STRAIGHT_FLUSH = 12
    SIX_OF_A_KIND = 13


_C = SixCategory
_SIZE = 6
_RANKS = range(2, 15)
_FLAGS = 1 << (_SIZE - 1)  # one bit per pair of neighbouring cards in a sorted hand
_CATEGORY_SHIFT = 36  # key: category << 36 | six 4-bit rank slots << 12 | six 2-bit duplication slots
_RANK_SLOTS = tuple(12 + 4 * (_SIZE - 1 - slot) for slot in range(_SIZE))
_DUP_SLOTS = tuple(2 * (_SIZE - 1 - slot) for slot in range(_SIZE))
_DUP_BITS = (1 << _RANK_SLOTS[-1]) - 1
_BY_SHAPE = {  # (how many ranks, the largest group) -> category, for a hand that is no straight
    (1, 6): _C.SIX_OF_A_KIND,
    (2, 5): _C.FIVE_OF_A_KIND,
    (2, 3): _C.SPILLOVER,
    (2, 4): _C.FOUR_AND_TWO,
    (3, 4): _C.FOUR_OF_A_KIND,
    (3, 2): _C.THREE_PAIR,
    (3, 3): _C.FULL_HOUSE,
    (4, 3): _C.THREE_OF_A_KIND,
    (4, 2): _C.TWO_PAIR,
    (5, 2): _C.ONE_PAIR,
    (6, 1): _C.NO_PAIR,
}
_CATEGORY_OF = tuple(SixCategory)  # by value: the members are numbered 0 .. 13 weakest first


def six_category(key: Key) -> SixCategory:
    """The category of a six-card key."""
    return _CATEGORY_OF[key >> _CATEGORY_SHIFT]


_PAIRS_WORDS = {1: "a pair", 2: "two pairs", 3: "three pairs"}


def six_words(key: Key) -> str:
    """Plain words for a six-card key, e.g. ``Full House, queens over threes, with a two``;
    identical cards (two decks) are named after the hand: ``...; identical cards: a pair of aces``.

    A key is ``category << 36``, then six 4-bit rank slots (bits 32 down to 12): the ranks of the
    groups in comparing order, then the kickers (a flush and a no-pair hand: the six ranks from
    the highest down; a straight: its top card), 0 when empty; then six 2-bit slots: the
    identical pairs of each group, in the same order.
    """
    base = _base_words(key >> _RANK_SLOTS[-1])
    if not key & _DUP_BITS:  # one deck, or no identical cards (a flush's are not counted)
        return base
    identical = [
        f"{_PAIRS_WORDS[dup]} of {words.many(key >> rank_shift & 15)}"
        for rank_shift, dup_shift in zip(_RANK_SLOTS, _DUP_SLOTS, strict=True)
        if (dup := key >> dup_shift & 3)
    ]
    listed = identical[0] if len(identical) == 1 else f"{', '.join(identical[:-1])} and {identical[-1]}"
    return f"{base}; identical cards: {listed}"


@cache
def _base_words(prefix: int) -> str:
    """Words for a key without its duplication slots: ``key >> 12``."""
    category = _CATEGORY_OF[prefix >> (_CATEGORY_SHIFT - _RANK_SLOTS[-1])]
    ranks = [rank for shift in _RANK_SLOTS if (rank := prefix >> (shift - _RANK_SLOTS[-1]) & 15)]

    def kickers(rest: list[int]) -> str:
        return f", with {words.listed(rest)}" if rest else ""

    many = words.many
    if category == _C.SIX_OF_A_KIND:
        return f"Six of a Kind, {many(ranks[0])}"
    if category == _C.STRAIGHT_FLUSH:
        return f"Straight Flush, {words.name(ranks[0])}-high"
    if category == _C.STRAIGHT:
        return f"Straight, {words.name(ranks[0])}-high"
    if category == _C.FIVE_OF_A_KIND:
        return f"Five of a Kind, {many(ranks[0])}{kickers(ranks[1:])}"
    if category == _C.SPILLOVER:
        return f"Spillover, {many(ranks[0])} and {many(ranks[1])}"
    if category == _C.FOUR_AND_TWO:
        return f"Four and Two, {many(ranks[0])} over {many(ranks[1])}"
    if category == _C.FLUSH:
        return f"Flush, {words.run(ranks)}"
    if category == _C.NO_PAIR:
        return f"No Pair, {words.run(ranks)}"
    if category == _C.FOUR_OF_A_KIND:
        return f"Four {many(ranks[0])}{kickers(ranks[1:])}"
    if category == _C.THREE_PAIR:
        return f"Three Pair, {many(ranks[0])}, {many(ranks[1])} and {many(ranks[2])}"
    if category == _C.FULL_HOUSE:
        return f"Full House, {many(ranks[0])} over {many(ranks[1])}{kickers(ranks[2:])}"
    if category == _C.THREE_OF_A_KIND:
        return f"Three {many(ranks[0])}{kickers(ranks[1:])}"
    if category == _C.TWO_PAIR:
        return f"Two Pair, {many(ranks[0])} and {many(ranks[1])}{kickers(ranks[2:])}"
    return f"Pair of {many(ranks[0])}{kickers(ranks[1:])}"


# --- tables ----------------------------------------------------------------------------------
#
# Built with numpy over the C(18, 6) = 18,564 multisets of six ranks. A hand is looked up by its
# ranks and, with two decks, by where its identical cards lie: sorted by pack index, identical
# cards are neighbours, and bit k of the *flags* says that cards k and k + 1 are the same card.
# Per call the ranks are a sum of 8 ** (rank - 2) (a count per rank, three bits each); in a
# batch they are the combinatorial number of the sorted ranks, so the tables there are dense.

_RANK_CODE = {index: 8 ** (index // 4) for index in range(STANDARD_52.size)}
_CODE_SHIFT = STANDARD_52.size  # one deck: the card's bit below, its rank code (times 32) above
_CARD_BITS = (1 << _CODE_SHIFT) - 1
_CARD_CODE = {index: (code << (_CODE_SHIFT + 5)) | (1 << index) for index, code in _RANK_CODE.items()}
_SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}
_MULTISETS = comb(len(_RANKS) + _SIZE - 1, _SIZE)
_BLOCK = 1 << 15  # rows per block of a batch
_NETWORK = ((0, 5), (1, 3), (2, 4), (1, 2), (3, 4), (0, 3), (2, 5), (0, 1), (2, 3), (4, 5), (1, 2), (3, 4))
"""A sorting network for six values (twelve compare-exchanges)."""


@dataclass(frozen=True)
class _Tables:
    classes: ClassTable[SixCategory]
    plain: dict[int, int]  # rank code * 32 + flags -> order (one deck: flags 0)
    suited: dict[int, int]  # rank code * 32 of six cards of one suit -> order
    dense_plain: npt.NDArray[np.int32]  # [multiset number, flags] -> order, -1 where no hand
    dense_suited: npt.NDArray[np.int32]  # [multiset number] -> order, -1 where no flush
    terms: tuple[npt.NDArray[np.int32], ...]  # [position][rank 0..12] -> term of the multiset number


def _keys(decks: int) -> tuple[npt.NDArray[np.int64], ...]:
    """Per multiset of ranks (ascending, 0 for a two): its number, rank code, class keys for
    each flags value (-1 where no hand has them) and its key when all six share a suit (-1:
    they cannot)."""
    import numpy as np

    ranks = np.array(list(combinations_with_replacement(range(len(_RANKS)), _SIZE)), dtype=np.int64)
    count = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    largest = count.max(axis=1)
    ranks, count, largest = (
        ranks[largest <= 4 * decks],
        count[largest <= 4 * decks],
        largest[largest <= 4 * decks],
    )
    rows = np.arange(len(ranks))
    number = sum(comb_row[ranks[:, k]] for k, comb_row in enumerate(_terms()))
    code = (np.int64(8) ** ranks).sum(axis=1)
    mask = np.bitwise_or.reduce(np.left_shift(1, ranks), axis=1)
    top = np.zeros(1 << len(_RANKS), dtype=np.int64)
    for low in range(len(_RANKS) - _SIZE + 1):
        top[0b111111 << low] = low + _SIZE + 1
    top[(1 << 12) | 0b11111] = 6  # A-2-3-4-5-6
    top = top[mask]
    # groups in comparing order (larger, then higher), each rank once, into the rank slots
    weight = -np.sort(-(count * 16 + ranks), axis=1)
    first = np.ones_like(weight, dtype=bool)
    first[:, 1:] = weight[:, 1:] != weight[:, :-1]
    slot = np.cumsum(first, axis=1) - 1
    group_rank = np.zeros_like(ranks)
    group_size = np.zeros_like(ranks)
    group_rank[rows[:, None].repeat(_SIZE, axis=1)[first], slot[first]] = (weight % 16 + 2)[first]
    group_size[rows[:, None].repeat(_SIZE, axis=1)[first], slot[first]] = (weight // 16)[first]
    distinct = first.sum(axis=1)
    shape = np.zeros((_SIZE + 1, _SIZE + 1), dtype=np.int64)
    for (ranks_held, group), named in _BY_SHAPE.items():
        shape[ranks_held, group] = named
    category = np.where(top > 0, int(_C.STRAIGHT), shape[distinct, largest])
    slots = np.where((top > 0)[:, None], np.eye(1, _SIZE, dtype=np.int64) * top[:, None], group_rank)
    prefix = category << _CATEGORY_SHIFT | (slots << np.array(_RANK_SLOTS)).sum(axis=1)
    # duplication: which flags a hand of these ranks can show, and each group's identical pairs
    flags = np.arange(_FLAGS)
    if decks == 1:
        plain = np.where(flags == 0, prefix[:, None], -1)
    else:
        same = ranks[:, 1:] == ranks[:, :-1]
        same_bits = (same << np.arange(_SIZE - 1)).sum(axis=1)
        ones = np.array([bin(value).count("1") for value in range(_FLAGS)])
        dup_bits = np.zeros((len(ranks), _FLAGS), dtype=np.int64)
        possible = (flags & ~same_bits[:, None]) == 0
        possible &= (flags & (flags >> 1)) == 0
        for k in range(_SIZE):
            inside = same & (ranks[:, :-1] == (group_rank[:, k : k + 1] - 2))
            group_bits = (inside << np.arange(_SIZE - 1)).sum(axis=1)
            dups = ones[flags & group_bits[:, None]]
            possible &= dups >= group_size[:, k : k + 1] - 4  # n cards over four suits: n - 4 pairs
            dup_bits |= dups << _DUP_SLOTS[k]
        plain = np.where(possible, prefix[:, None] | dup_bits, -1)
    # six cards of one suit (each card held at most ``decks`` times): a straight flush or a flush
    descending = ranks[:, ::-1] + 2
    flush = int(_C.FLUSH) << _CATEGORY_SHIFT | (descending << np.array(_RANK_SLOTS)).sum(axis=1)
    straight_flush = int(_C.STRAIGHT_FLUSH) << _CATEGORY_SHIFT | top << _RANK_SLOTS[0]
    suited = np.where(largest <= decks, np.where(top > 0, straight_flush, flush), -1)
    return number, code, plain, suited


@cache
def _terms() -> tuple[npt.NDArray[np.int32], ...]:
    import numpy as np

    terms = tuple(
        np.array([comb(rank + k, k + 1) for rank in range(len(_RANKS))], dtype=np.int32) for k in range(_SIZE)
    )
    for array in terms:
        array.flags.writeable = False
    return terms


@cache
def _tables(decks: int) -> _Tables:
    import numpy as np

    number, code, plain, suited = _keys(decks)
    found = plain >= 0
    keys = np.unique(np.concatenate([plain[found], suited[suited >= 0]]))
    table = ClassTable("six" if decks == 1 else "six-2decks", keys.tolist(), six_category, six_words)
    plain_order = np.searchsorted(keys, plain).astype(np.int32)
    suited_order = np.searchsorted(keys, suited).astype(np.int32)
    dense_plain = np.full((_MULTISETS, _FLAGS), -1, dtype=np.int32)
    dense_plain[number] = np.where(found, plain_order, -1)
    dense_suited = np.full(_MULTISETS, -1, dtype=np.int32)
    dense_suited[number] = np.where(suited >= 0, suited_order, -1)
    for array in (dense_plain, dense_suited):
        array.flags.writeable = False
    lookup = code[:, None] * _FLAGS + np.arange(_FLAGS)
    return _Tables(
        classes=table,
        plain=dict(zip(lookup[found].tolist(), plain_order[found].tolist(), strict=True)),
        suited=dict(
            zip((code[suited >= 0] * _FLAGS).tolist(), suited_order[suited >= 0].tolist(), strict=True)
        ),
        dense_plain=dense_plain,
        dense_suited=dense_suited,
        terms=_terms(),
    )


# --- the system ------------------------------------------------------------------------------


class SixSystem:
    """Six-card poker as a :class:`~divided.hands.value.RankingSystem` (one deck or two).

    With two decks a card may appear twice in a hand (``rank`` takes a sequence and
    ``rank_batch`` rows may repeat an index, at most twice); with one deck a repeat is an error.
    """

    pack: Pack = STANDARD_52
    sizes: tuple[int, ...] = (_SIZE,)
    categories = SixCategory

    def __init__(self, decks: int) -> None:
        if isinstance(decks, bool) or decks not in DECKS:
            raise RuleOptionError(f"six-card poker is played with 1 or 2 decks; got {decks!r}")
        self.decks = decks
        self.name = "six" if decks == 1 else "six-2decks"

    @cached_property
    def _table(self) -> _Tables:
        return _tables(self.decks)

    @property
    def classes(self) -> int:
        """The number of distinct orders (classes of equal hands)."""
        return len(self._table.classes)

    def strength_of_indices(self, indices: Sequence[int]) -> int:
        """The order of six pack indices: the fast path, checked (size, range, repeats)."""
        if self.decks == 2:
            return self._two_decks(indices)
        tables = self._table
        try:
            a, b, c, d, e, f = indices
            code = (
                _CARD_CODE[a] + _CARD_CODE[b] + _CARD_CODE[c] + _CARD_CODE[d] + _CARD_CODE[e] + _CARD_CODE[f]
            )
            mixed = ((a | b | c | d | e | f) ^ (a & b & c & d & e & f)) & 3  # suits differ (not floats)
        except (KeyError, TypeError, ValueError):
            raise InvalidHandError(self._fault(indices)) from None
        if (code & _CARD_BITS).bit_count() != _SIZE:  # a repeated card carries into another bit
            raise InvalidHandError(self._fault(indices))
        return (tables.plain if mixed else tables.suited)[code >> _CODE_SHIFT]

    def _two_decks(self, indices: Sequence[int]) -> int:
        tables = self._table
        try:
            a, b, c, d, e, f = indices
            code = (
                _RANK_CODE[a] + _RANK_CODE[b] + _RANK_CODE[c] + _RANK_CODE[d] + _RANK_CODE[e] + _RANK_CODE[f]
            )
            mixed = ((a | b | c | d | e | f) ^ (a & b & c & d & e & f)) & 3
        except (KeyError, TypeError, ValueError):
            raise InvalidHandError(self._fault(indices)) from None
        if not mixed:
            try:
                return tables.suited[code * _FLAGS]
            except KeyError:  # a card three times
                raise InvalidHandError(self._fault(indices)) from None
        if len({a, b, c, d, e, f}) == _SIZE:  # no card twice: most hands
            return tables.plain[code * _FLAGS]
        s = sorted(indices)
        flags = (
            (s[0] == s[1])
            | (s[1] == s[2]) << 1
            | (s[2] == s[3]) << 2
            | (s[3] == s[4]) << 3
            | (s[4] == s[5]) << 4
        )
        if flags & (flags >> 1):
            raise InvalidHandError(self._fault(indices))
        return tables.plain[code * _FLAGS + flags]

    def _fault(self, indices: object) -> str:
        """What is wrong with a hand given as pack indices."""
        try:
            values = list(indices)  # type: ignore[call-overload]
        except TypeError:
            return f"a six-card hand is a sequence of six card indices; got {indices!r}"
        if len(values) != _SIZE:
            return f"a six-card hand is {_SIZE} cards; got {len(values)}"
        for value in values:
            try:
                index(value)
            except TypeError:
                return f"card index {value!r} is not an integer"
            if value not in _RANK_CODE:
                return f"card index {value!r} is not a card of the 52-card pack (0 to 51)"
        return self._repeats([STANDARD_52[value] for value in values])

    def _repeats(self, cards: Sequence[Card]) -> str:
        counts = Counter(cards)
        card, count = max(counts.items(), key=lambda item: item[1])
        if self.decks == 1:
            return f"{card} appears {count} times; with one deck each card appears once"
        return f"{card} appears {count} times; two decks hold two of each card"

    def _indices(self, cards: Sequence[Card]) -> list[int]:
        if isinstance(cards, str):
            raise InvalidHandError(f"{cards!r} is text, not cards (a hand is Card objects: read text with parse_cards)")
        if len(cards) != _SIZE:
            raise InvalidHandError(f"a six-card hand is {_SIZE} cards; got {len(cards)}")
        try:  # the pack's order (rank by rank, suits s h d c), faster than hashing cards
            return [(card.rank - 2) * 4 + _SUIT_INDEX[card.suit] for card in cards]  # type: ignore[operator, index]
        except (KeyError, TypeError, AttributeError):
            return [STANDARD_52.index(card) for card in cards]  # raises, naming the card

    def rank(self, cards: Sequence[Card]) -> HandRank[SixCategory]:
        """The rank of six cards of the 52-card pack (with two decks a card may appear twice)."""
        return self._table.classes.ranks[self.strength_of_indices(self._indices(cards))]

    def strength(self, cards: Sequence[Card]) -> int:
        """``rank(cards).order`` without building the rank."""
        return self.strength_of_indices(self._indices(cards))

    def rank_of(self, order: int) -> HandRank[SixCategory]:
        """The rank with this order (0 to ``classes - 1``)."""
        return self._table.classes.rank_of(order)

    def rank_batch(self, indices: npt.ArrayLike) -> npt.NDArray[np.int32]:
        """Orders of an ``(n, 6)`` integer array of pack indices (numpy, no Python loop per hand).

        A row with an index outside the pack, or a card repeated (one deck) or three times (two
        decks), raises :class:`InvalidHandError` naming the first such row.
        """
        import numpy as np  # numpy is loaded only by the batch paths

        given = np.asarray(indices)
        if given.ndim != 2 or given.shape[1] != _SIZE or not (given.dtype.kind in "iu" or given.size == 0):
            raise InvalidHandError(
                f"expected an (n, {_SIZE}) integer array of card indices; got shape {given.shape}, dtype {given.dtype}"
            )
        if given.size == 0:
            return np.zeros(0, dtype=np.int32)
        if given.min() < 0 or given.max() >= STANDARD_52.size:
            row = int(np.argmax(((given < 0) | (given >= STANDARD_52.size)).any(axis=1)))
            raise InvalidHandError(f"row {row}: {self._fault(given[row].tolist())}")
        tables = self._table
        out = np.empty(len(given), dtype=np.int32)
        for start in range(0, len(given), _BLOCK):  # blocks that stay in the processor's cache
            bad = self._block(given[start : start + _BLOCK], tables, out[start : start + _BLOCK])
            if bad >= 0:
                row = start + bad
                raise InvalidHandError(f"row {row}: {self._fault(given[row].tolist())}")
        return out

    def _block(self, given: npt.NDArray[np.integer], tables: _Tables, out: npt.NDArray[np.int32]) -> int:
        """Write the orders of a block of valid-range rows into ``out``; the first row holding a
        card too often, or -1."""
        import numpy as np

        # sort each hand with a sorting network over the six columns (faster than a sort per row)
        cards = [given[:, k].astype(np.int16) for k in range(_SIZE)]
        for i, j in _NETWORK:
            cards[i], cards[j] = np.minimum(cards[i], cards[j]), np.maximum(cards[i], cards[j])
        twins = [cards[k] == cards[k + 1] for k in range(_SIZE - 1)]
        if self.decks == 1:
            bad = np.logical_or.reduce(twins)
        else:
            bad = np.logical_or.reduce([twins[k] & twins[k + 1] for k in range(_SIZE - 2)])
        if bad.any():
            return int(np.argmax(bad))
        number = tables.terms[0][cards[0] >> 2]
        for k in range(1, _SIZE):
            number += tables.terms[k][cards[k] >> 2]
        suit = cards[0] & 3
        suited = np.logical_and.reduce([(cards[k] & 3) == suit for k in range(1, _SIZE)])
        if self.decks == 2:
            flags = twins[0].astype(np.int32)
            for k in range(1, _SIZE - 1):
                flags |= twins[k].astype(np.int32) << k
            number = number * _FLAGS + flags
            plain = tables.dense_plain.reshape(-1)[number]
            number >>= 5
        else:
            plain = tables.dense_plain[:, 0][number]
        np.copyto(out, plain)
        np.copyto(out, tables.dense_suited[number], where=suited)
        return -1

    def __repr__(self) -> str:
        return f"six_card({self.decks})"


@cache
def six_card(decks: int = 1) -> SixSystem:
    """Six-card poker with one deck (``"six"``) or two (``"six-2decks"``); built once per value."""
    return SixSystem(decks)


if TYPE_CHECKING:  # mypy proves that the class implements the protocol
    _SYSTEM: RankingSystem[SixCategory] = SixSystem(1)
