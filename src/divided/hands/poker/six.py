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
from typing import TYPE_CHECKING

from divided.cards import STANDARD_52, Card, Pack
from divided.errors import InvalidHandError, RuleOptionError
from divided.hands.poker import words
from divided.hands.poker.table import ClassTable
from divided.hands.value import HandCategory, HandRank, RankingSystem

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

Key = tuple[int, ...]

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
_SLOTS = 6  # rank slots of a key, and as many duplication slots after them
_BY_SHAPE = {
    (6,): _C.SIX_OF_A_KIND,
    (5, 1): _C.FIVE_OF_A_KIND,
    (3, 3): _C.SPILLOVER,
    (4, 2): _C.FOUR_AND_TWO,
    (4, 1, 1): _C.FOUR_OF_A_KIND,
    (2, 2, 2): _C.THREE_PAIR,
    (3, 2, 1): _C.FULL_HOUSE,
    (3, 1, 1, 1): _C.THREE_OF_A_KIND,
    (2, 2, 1, 1): _C.TWO_PAIR,
    (2, 1, 1, 1, 1): _C.ONE_PAIR,
    (1, 1, 1, 1, 1, 1): _C.NO_PAIR,
}
_SIZE = 6
_RANKS = range(2, 15)
_FLAGS = 1 << (_SIZE - 1)  # one bit per pair of neighbouring cards in a sorted hand


def _straight_top(ranks: Sequence[int]) -> int:
    """The top card of six distinct ranks in sequence (the ace high or low), else 0."""
    low, high = min(ranks), max(ranks)
    if high - low == _SIZE - 1:
        return high
    if sorted(ranks) == [2, 3, 4, 5, 6, 14]:
        return 6
    return 0


def _groups(ranks: Sequence[int]) -> list[tuple[int, int]]:
    """``(count, rank)`` of each rank held, in comparing order: larger groups, then higher ranks."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    return sorted(((count, rank) for rank, count in counts.items()), reverse=True)


def _plain_prefix(groups: list[tuple[int, int]]) -> Key:
    """``(category, six rank slots)`` of a hand not of one suit, from its :func:`_groups`."""
    order = [rank for _, rank in groups]
    if len(order) == _SIZE:
        top = _straight_top(order)
        if top:
            return (int(_C.STRAIGHT), top, *(0,) * (_SLOTS - 1))
    shape = tuple(count for count, _ in groups)
    return (int(_BY_SHAPE[shape]), *order, *(0,) * (_SLOTS - len(order)))


def _suited_key(ranks: Sequence[int]) -> Key:
    """The key of six cards of one suit: a straight flush or a flush."""
    if len(set(ranks)) == _SIZE:
        top = _straight_top(ranks)
        if top:
            return (int(_C.STRAIGHT_FLUSH), top, *(0,) * (2 * _SLOTS - 1))
    return (int(_C.FLUSH), *sorted(ranks, reverse=True), *(0,) * _SLOTS)


def six_key(ranks: Sequence[int], suited: bool, identical: Sequence[tuple[int, int]] = ()) -> Key:
    """The class key of a six-card hand (sorts weakest first).

    ``ranks``: the six ranks (2 to 14, repeats as held); ``suited``: all six of one suit;
    ``identical``: ``(rank, identical pairs)`` for the ranks holding identical cards (two decks).
    The key is ``(category, six rank slots, six duplication slots)``: the ranks of the groups in
    comparing order then the kickers (a flush and a no-pair hand: the six ranks from the highest
    down; a straight: its top card), padded with 0; then each group's identical pairs.
    """
    if len(ranks) != _SIZE or not all(rank in _RANKS for rank in ranks):
        raise ValueError(f"not six ranks from 2 to 14: {tuple(ranks)!r}")
    if suited:
        return _suited_key(ranks)
    groups = _groups(ranks)
    pairs = dict(identical)
    dups = [pairs.get(rank, 0) for count, rank in groups if count > 1]
    return (*_plain_prefix(groups), *dups, *(0,) * (_SLOTS - len(dups)))


_CATEGORY_OF = tuple(SixCategory)  # by value: the members are numbered 0 .. 13 weakest first


def six_category(key: Key) -> SixCategory:
    """The category of a six-card key."""
    return _CATEGORY_OF[key[0]]


_PAIRS_WORDS = {1: "a pair", 2: "two pairs", 3: "three pairs"}


def six_words(key: Key) -> str:
    """Plain words for a six-card key, e.g. ``Full House, queens over threes, with a two``;
    identical cards (two decks) are named after the hand: ``...; identical cards: a pair of aces``."""
    base = _base_words(key[: 1 + _SLOTS])
    dups = key[1 + _SLOTS :]
    if not any(dups) or key[0] == _C.FLUSH:
        return base
    identical = [
        f"{_PAIRS_WORDS[dup]} of {words.many(rank)}"
        for rank, dup in zip(key[1 : 1 + _SLOTS], dups, strict=True)
        if dup
    ]
    listed = identical[0] if len(identical) == 1 else f"{', '.join(identical[:-1])} and {identical[-1]}"
    return f"{base}; identical cards: {listed}"


@cache
def _base_words(prefix: Key) -> str:
    """Words for ``(category, six rank slots)``, without duplication."""
    category, ranks = _CATEGORY_OF[prefix[0]], [rank for rank in prefix[1:] if rank]

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
# A hand is looked up by its ranks and, with two decks, by where its identical cards lie:
# sorted by pack index, identical cards are neighbours, and bit k of the *flags* says that
# cards k and k + 1 are the same card. Per call the ranks are a sum of 8 ** (rank - 2) (a
# count per rank, three bits each); in a batch they are the combinatorial number of the sorted
# ranks (0 .. C(18, 6) - 1), so the tables there are dense arrays.

_RANK_CODE = {index: 8 ** (index // 4) for index in range(STANDARD_52.size)}
_CODE_SHIFT = STANDARD_52.size  # one deck: the card's bit below, its rank code (times 32) above
_CARD_BITS = (1 << _CODE_SHIFT) - 1
_CARD_CODE = {index: (code << (_CODE_SHIFT + 5)) | (1 << index) for index, code in _RANK_CODE.items()}
_MULTISETS = comb(len(_RANKS) + _SIZE - 1, _SIZE)
_NETWORK = ((0, 5), (1, 3), (2, 4), (1, 2), (3, 4), (0, 3), (2, 5), (0, 1), (2, 3), (4, 5), (1, 2), (3, 4))
"""A sorting network for six values (twelve compare-exchanges)."""


@dataclass(frozen=True)
class _Tables:
    classes: ClassTable[SixCategory]
    plain: dict[int, int]  # rank code * 32 + flags -> order (one deck: flags 0)
    suited: dict[int, int]  # rank code * 32 of a six-card flush -> order
    dense_plain: list[tuple[int, int, int]]  # (multiset number, flags, order)
    dense_suited: list[tuple[int, int]]  # (multiset number, order)


def _multiset_number(ranks: Sequence[int]) -> int:
    """The combinatorial number of six ranks sorted ascending (0 .. C(18, 6) - 1)."""
    return sum(comb(rank - 2 + k, k + 1) for k, rank in enumerate(ranks))


def _flag_sets(ranks: Sequence[int], decks: int) -> list[int]:
    """Every flags value a hand of these sorted ranks can have (no card three times)."""
    if decks == 1:
        return [0]
    same = sum(1 << k for k in range(_SIZE - 1) if ranks[k] == ranks[k + 1])
    found, subset = [], same
    while True:
        if not subset & (subset >> 1):
            found.append(subset)
        if not subset:
            return found
        subset = (subset - 1) & same


def _group_masks(ranks: Sequence[int], groups: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``(count, flags mask)`` of each group of two cards or more, in comparing order: the mask
    covers the group's neighbouring positions in the sorted ranks."""
    masks = []
    for count, rank in groups:
        if count > 1:
            first = ranks.index(rank)
            masks.append((count, ((1 << (count - 1)) - 1) << first))
    return masks


@cache
def _tables(decks: int) -> _Tables:
    entries: list[tuple[int, int, int, Key]] = []  # (code, multiset number, flags, key)
    suited: list[tuple[int, int, Key]] = []
    for ranks in combinations_with_replacement(_RANKS, _SIZE):
        groups = _groups(ranks)
        if groups[0][0] > 4 * decks:
            continue
        code = sum(8 ** (rank - 2) for rank in ranks)
        number = _multiset_number(ranks)
        prefix = _plain_prefix(groups)
        masks = _group_masks(ranks, groups)
        for flags in _flag_sets(ranks, decks):
            dups = [(flags & mask).bit_count() for _, mask in masks]
            # a group of n cards spread over four suits holds at least n - 4 identical pairs
            if all(dup >= count - 4 for dup, (count, _) in zip(dups, masks, strict=True)):
                entries.append((code, number, flags, (*prefix, *dups, *(0,) * (_SLOTS - len(dups)))))
        if groups[0][0] <= decks:
            suited.append((code, number, _suited_key(ranks)))
    table = ClassTable(
        "six" if decks == 1 else "six-2decks",
        [entry[3] for entry in entries] + [entry[2] for entry in suited],
        six_category,
        six_words,
    )
    order = table.order_of
    return _Tables(
        classes=table,
        plain={code * _FLAGS + flags: order[key] for code, _, flags, key in entries},
        suited={code * _FLAGS: order[key] for code, _, key in suited},
        dense_plain=[(number, flags, order[key]) for _, number, flags, key in entries],
        dense_suited=[(number, order[key]) for _, number, key in suited],
    )


@dataclass(frozen=True)
class _Arrays:
    plain: npt.NDArray[np.int32]  # [multiset number, flags] -> order, -1 where no hand
    suited: npt.NDArray[np.int32]  # [multiset number] -> order, -1 where no flush
    numbers: tuple[npt.NDArray[np.int32], ...]  # [position][rank 0..12] -> term of the multiset number


@cache
def _arrays(decks: int) -> _Arrays:
    import numpy as np  # numpy is loaded only by the batch paths

    tables = _tables(decks)
    plain = np.full((_MULTISETS, _FLAGS), -1, dtype=np.int32)
    where = np.array(tables.dense_plain, dtype=np.int64)
    plain[where[:, 0], where[:, 1]] = where[:, 2]
    suited = np.full(_MULTISETS, -1, dtype=np.int32)
    where = np.array(tables.dense_suited, dtype=np.int64)
    suited[where[:, 0]] = where[:, 1]
    numbers = tuple(
        np.array([comb(rank + k, k + 1) for rank in range(len(_RANKS))], dtype=np.int32) for k in range(_SIZE)
    )
    for array in (plain, suited, *numbers):
        array.flags.writeable = False
    return _Arrays(plain, suited, numbers)


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
        except (KeyError, TypeError, ValueError):
            raise InvalidHandError(self._fault(indices)) from None
        if (code & _CARD_BITS).bit_count() != _SIZE:  # a repeated card carries into another bit
            raise InvalidHandError(self._fault(indices))
        if ((a | b | c | d | e | f) ^ (a & b & c & d & e & f)) & 3:
            return tables.plain[code >> _CODE_SHIFT]
        return tables.suited[code >> _CODE_SHIFT]

    def _two_decks(self, indices: Sequence[int]) -> int:
        tables = self._table
        try:
            a, b, c, d, e, f = indices
            code = (
                _RANK_CODE[a] + _RANK_CODE[b] + _RANK_CODE[c] + _RANK_CODE[d] + _RANK_CODE[e] + _RANK_CODE[f]
            )
        except (KeyError, TypeError, ValueError):
            raise InvalidHandError(self._fault(indices)) from None
        if not ((a | b | c | d | e | f) ^ (a & b & c & d & e & f)) & 3:
            try:
                return tables.suited[code * _FLAGS]
            except KeyError:  # a card three times
                raise InvalidHandError(self._fault(indices)) from None
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
        if len(cards) != _SIZE:
            raise InvalidHandError(f"a six-card hand is {_SIZE} cards; got {len(cards)}")
        return [STANDARD_52.index(card) for card in cards]

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
        # sort each hand with a sorting network over the six columns (faster than a sort per row)
        cards = [np.ascontiguousarray(given[:, k], dtype=np.int16) for k in range(_SIZE)]
        for i, j in _NETWORK:
            cards[i], cards[j] = np.minimum(cards[i], cards[j]), np.maximum(cards[i], cards[j])
        twins = [cards[k] == cards[k + 1] for k in range(_SIZE - 1)]
        if self.decks == 1:
            bad = np.logical_or.reduce(twins)
        else:
            bad = np.logical_or.reduce([twins[k] & twins[k + 1] for k in range(_SIZE - 2)])
        if bad.any():
            row = int(np.argmax(bad))
            raise InvalidHandError(f"row {row}: {self._fault(given[row].tolist())}")
        arrays = _arrays(self.decks)
        number = arrays.numbers[0][cards[0] >> 2]
        for k in range(1, _SIZE):
            number += arrays.numbers[k][cards[k] >> 2]
        suit = cards[0] & 3
        suited = np.logical_and.reduce([(cards[k] & 3) == suit for k in range(1, _SIZE)])
        if self.decks == 2:
            flags = twins[0].astype(np.int32)
            for k in range(1, _SIZE - 1):
                flags |= twins[k].astype(np.int32) << k
            number = number * _FLAGS + flags
            plain = arrays.plain.reshape(-1)[number]
            number >>= 5
        else:
            plain = arrays.plain[:, 0][number]
        out: npt.NDArray[np.int32] = np.where(suited, arrays.suited[number], plain)
        return out

    def __repr__(self) -> str:
        return f"six_card({self.decks})"


@cache
def six_card(decks: int = 1) -> SixSystem:
    """Six-card poker with one deck (``"six"``) or two (``"six-2decks"``); built once per value."""
    return SixSystem(decks)


if TYPE_CHECKING:  # mypy proves that the class implements the protocol
    _SYSTEM: RankingSystem[SixCategory] = SixSystem(1)
