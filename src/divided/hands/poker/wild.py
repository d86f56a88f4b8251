"""Wild cards in high poker and the three lowball systems: named wild sets, five of a kind,
the bug, double-ace flush and natural-beats-wild.

A *wild card* stands for any card the player does not hold (the reference's rule). Read
carefully, that says:

* its **rank** is free, so wild cards may make **Five of a Kind**, above a straight flush (five
  aces highest), though no fifth card of the rank exists;
* its **suit** matters only for a flush: a wild card completing a flush may not be a card the
  player already holds (A♠ K♠ 7♠ 4♠ W is the flush A-K-Q-7-4), and two wild cards may not be the
  same card. With ``double_ace_flush`` it may (A-A-K-7-4, a flush ranked by its cards high to
  low, so it beats every natural flush);
* **the bug** (``wild="bug"``, high only): a joker wild only as an ace, or as any card that
  completes a straight, a flush or a straight flush. Five aces is the only five of a kind it
  allows; with four kings it is an ace kicker;
* **natural beats wild** (``natural_beats_wild``): between otherwise equal hands the one with fewer
  wild cards among its five wins, so the option adds classes (a wild card counts even where it
  stands for itself, a deuce as a deuce);
* in a **low** system a wild card is the best filler for that system: in ace-to-five an ace, or
  the lowest rank the hand does not hold; in deuce-to-seven the best card that pairs nothing and
  makes no straight (it never makes a flush: it takes another suit); with the eight-or-better
  qualifier a wild card may make a hand qualify.

The reference also writes that "standard 6-5-3-2-W is 6-6-5-3-2"; no reading of "any card"
gives that in high poker (the wild card as a four makes the six-high straight, which beats a pair
of sixes, and a player would call the straight), so here 6-5-3-2-W is a six-high straight in
``high``, 6-5-3-2-A in ``a5`` and ``a6``, and 7-6-5-3-2 in ``27``.

With six or seven cards the best five count, wild cards included (a wild card among the two
left out is not counted by natural-beats-wild).

A system ranks the 54-card deck when a joker is wild (a joker outside the wild set, e.g. ``Jk2``
with ``wild="Jk1 2c"``, has no rank and is refused), else the 52-card deck. Its classes are those
its hands can reach: 7,475 for high with jokers (7,462 and thirteen fives of a kind), 7,463 with
the bug, 5,162 with deuces wild (no natural deuce is left).

>>> from divided.cards import parse_cards
>>> jokers = wild_system("high", "jokers")
>>> str(jokers.rank(parse_cards("As Ah Ad Ac Jk1"))), jokers.name
('Five of a Kind, aces', 'high+wild:jokers')
>>> bug = wild_system("high", "bug")
>>> str(bug.rank(parse_cards("Ks Kh Kd Kc Jk1")))
'Four kings, with an ace'
>>> deuces = wild_system("27", "deuces")
>>> str(deuces.rank(parse_cards("6s 5h 3d 4c 2c")))
'Eight-high low: 8-6-5-4-3'

How it runs: a five-card hand is reduced to its *pattern* (the natural ranks, whether the
natural cards share a suit, the number of wild cards). On first use every five ranks are ranked
once (:func:`~divided.hands.poker.keys.high_key` or ``low_key``), then every pattern the pack can
deal takes the best of all its wild fills at once in numpy, and the reachable classes are
numbered. After that ``strength_of_indices`` is a few integer sums and one dict look-up.
Six or seven cards of which no five can share a suit rank by their ranks and wild cards alone:
one look-up in a table over every sorted multiset of symbols (a rank or "wild"), built on first
use from the five-card orders (and a memo per rank pattern per call); the others take the best of
their five-card subsets. ``rank_batch`` does the same in numpy, a five's look-up splitting its
ranks into two small base-6 codes that index a flat table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb
from types import MappingProxyType
from typing import TYPE_CHECKING

import numpy as np

from divided.cards import (
    JOKER,
    JOKER_1,
    JOKER_2,
    STANDARD_52,
    STANDARD_54,
    SUITS,
    Card,
    Pack,
    Rank,
    Suit,
    parse_cards,
)
from divided.errors import InvalidHandError, InvalidNotationError, RuleOptionError
from divided.hands.poker.keys import (
    NO_LOW_KEY,
    Key,
    PokerCategory,
    category_of,
    flush_key,
    high_key,
    high_words,
    low_key,
    low_words,
)
from divided.hands.poker.table import ClassTable
from divided.hands.value import HandRank

if TYPE_CHECKING:
    import numpy.typing as npt

WILD_SETS: Mapping[str, frozenset[Card]] = MappingProxyType(
    {
        "jokers": frozenset({JOKER_1, JOKER_2}),
        "deuces": frozenset(Card(Rank.TWO, suit) for suit in SUITS),
        "one-eyed-jacks": frozenset({Card(Rank.JACK, Suit.HEARTS), Card(Rank.JACK, Suit.SPADES)}),
        "bug": frozenset({JOKER_1, JOKER_2}),
    }
)
"""The named wild sets: the two jokers, the four deuces, the one-eyed jacks (J♥ J♠), the bug
(the two jokers, each wild only as an ace or to complete a straight or flush)."""

WILD_RULES = ("high", "a5", "27", "a6")
"""The systems that take wild cards."""

_RANKS = tuple(range(2, 15))
_MAX_WILD = 5
_WILD_SHIFT = 39  # 13 ranks x 3 bits of natural counts, then the wild count
_SIZES = (5, 6, 7)
_CHUNK = 8192
_WILD_SYMBOL = 13  # in the batch path's sorted symbols: ranks 2..A are 0..12
_SPLIT = 8  # ranks 2..8 and 9..A: the batch path's two half codes

_Built = tuple[
    "ClassTable[PokerCategory]",
    dict[int, int],
    "npt.NDArray[np.int32]",
    "npt.NDArray[np.int32]",
    "npt.NDArray[np.int32]",
]
"""A system's tables: classes, pattern code -> order, and the batch path's half-code ids
(pre-scaled) and flat order table."""

Pattern = tuple[tuple[int, ...], bool, int]
"""A five-card hand as the ranking sees it: natural ranks (high first), whether the natural cards
share one suit, the number of wild cards."""


def wild_cards(spec: str | Iterable[Card]) -> frozenset[Card]:
    """The wild cards named by ``spec``: a name of :data:`WILD_SETS`, a list of cards in
    notation (``"2c 2d"``) or cards. The 21-card pack's ``Jk`` means both jokers.

    >>> sorted(str(card) for card in wild_cards("one-eyed-jacks"))
    ['Jh', 'Js']
    >>> sorted(str(card) for card in wild_cards("Jk 7d"))
    ['7d', 'Jk1', 'Jk2']
    """
    if isinstance(spec, str):
        name = spec.strip().lower()
        if name in WILD_SETS:
            return WILD_SETS[name]
        try:
            cards: list[Card] = parse_cards(spec)
        except InvalidNotationError as error:
            raise RuleOptionError(
                f"wild is one of {', '.join(WILD_SETS)} or a list of cards; {error}"
            ) from None
    else:
        cards = list(spec)
    if not cards or not all(isinstance(card, Card) for card in cards):
        raise RuleOptionError("a wild list names one card or more, e.g. '2c 2d'")
    out: set[Card] = set()
    for card in cards:
        out.update((JOKER_1, JOKER_2) if card == JOKER else (card,))
    return frozenset(out)


# --- ranking a pattern: every rank for every wild card ---------------------------------------

Options = tuple[str, bool, bool, bool, "int | None"]
"""(rules, bug, double_ace_flush, natural_beats_wild, qualifier): what a pattern's key depends on."""


def _rank_code(ranks: Iterable[int]) -> int:
    """Three bits per rank counting its cards: a multiset of ranks as one integer."""
    return sum(1 << (3 * (rank - 2)) for rank in ranks)


@cache
def _multisets(size: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of ``size`` ranks, each high first."""
    return tuple(combinations_with_replacement(_RANKS[::-1], size))


@cache
def _fives(
    rules: str, double_ace_flush: bool, qualifier: int | None
) -> tuple[
    list[Key], npt.NDArray[np.int64], npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.bool_]
]:
    """Every five ranks (a rank up to five times) ranked once: the keys a substitution can reach
    sorted weakest first, and per five-rank multiset (sorted by code) the index in those keys of
    its plain hand and of its one-suit hand (-1: none), and whether its plain hand is a straight."""
    fives = _multisets(5)
    plain: list[Key] = []
    suited: list[Key | None] = []
    for ranks in fives:
        distinct = len(set(ranks)) == 5
        if rules == "high":
            plain.append(high_key(ranks, False))
            suited.append(
                high_key(ranks, True) if distinct else flush_key(ranks) if double_ace_flush else None
            )
        else:
            plain.append(low_key(rules, ranks, False, qualifier=qualifier))
            suited.append(low_key(rules, ranks, True, qualifier=qualifier) if distinct else None)
    keys = sorted({*plain, *(key for key in suited if key is not None)})
    index = {key: position for position, key in enumerate(keys)}
    codes = np.array([_rank_code(ranks) for ranks in fives], dtype=np.int64)
    by_code = np.argsort(codes)
    plain_index = np.array([index[key] for key in plain], dtype=np.int32)[by_code]
    suited_index = np.array([-1 if key is None else index[key] for key in suited], dtype=np.int32)[by_code]
    straight = np.array([key[0] == PokerCategory.STRAIGHT for key in plain], dtype=np.bool_)[by_code]
    return keys, codes[by_code], plain_index, suited_index, straight


def high_keys() -> list[Key]:
    """Every key a five-card high hand reaches with any wild cards (five of a kind included),
    weakest first (what :mod:`divided.hands.poker.scale` orders every wild list's hands on)."""
    return list(_fives("high", False, None)[0])


def _best_keys(options: Options, patterns: Sequence[Pattern]) -> npt.NDArray[np.int64]:
    """The value of each pattern: the index of its best substitution's key among
    :func:`_fives`' keys, times 8, plus (natural beats wild) 7 less its wild cards."""
    rules, bug, double_ace_flush, natural_beats_wild, qualifier = options
    keys, codes, plain_index, suited_index, straight = _fives(rules, double_ace_flush, qualifier)
    out = np.zeros(len(patterns), dtype=np.int64)
    by_wilds: dict[int, list[int]] = {}
    for position, (_, _, wilds) in enumerate(patterns):
        by_wilds.setdefault(wilds, []).append(position)
    for wilds, positions in by_wilds.items():
        fills = _multisets(wilds)
        natural = np.array([_rank_code(patterns[p][0]) for p in positions], dtype=np.int64)
        one_suit = np.array([patterns[p][1] for p in positions], dtype=np.bool_)
        fill = np.array([_rank_code(ranks) for ranks in fills], dtype=np.int64)
        five = np.searchsorted(codes, natural[:, None] + fill[None, :])  # every substitution
        best = plain_index[five]
        if bug:  # a bug other than an ace must make a straight (or a flush, below)
            aces = np.array([all(rank == 14 for rank in ranks) for ranks in fills], dtype=np.bool_)
            best = np.where(aces[None, :] | straight[five], best, -1)
        if not wilds:  # five natural cards of one suit are a flush, good or bad
            best = np.where(one_suit[:, None], suited_index[five], best)
        elif rules == "high":  # the wild cards may take the naturals' suit (in a low hand, another)
            best = np.maximum(best, np.where(one_suit[:, None], suited_index[five], -1))
        value = best.max(axis=1).astype(np.int64) * 8
        if natural_beats_wild:
            value += 7 - wilds
        out[positions] = value
    if natural_beats_wild and NO_LOW_KEY in keys:  # no low is one class, wild cards or not
        no_low = keys.index(NO_LOW_KEY) * 8
        out[(out >> 3) == no_low >> 3] = no_low
    return out


def _value_key(options: Options, value: int) -> Key:
    """The class key of a pattern value (see :func:`_best_keys`)."""
    rules, _, double_ace_flush, natural_beats_wild, qualifier = options
    key = _fives(rules, double_ace_flush, qualifier)[0][value >> 3]
    return (*key, (value & 7) - 7) if natural_beats_wild and key != NO_LOW_KEY else key


@cache
def _words(rules: str, key: Key) -> str:
    """A class's words (shared by the systems that reach it)."""
    return high_words(key) if rules == "high" else low_words(rules, key)


def _patterns(available: Sequence[int], suits: Sequence[frozenset[int]], wild_count: int) -> list[Pattern]:
    """Every pattern a five-card hand of this pack can show (``available[r]``: natural cards of
    rank ``r``; ``suits[r]``: their suits)."""
    out: list[Pattern] = []
    for wilds in range(min(wild_count, _MAX_WILD) + 1):
        for naturals in combinations_with_replacement(_RANKS[::-1], 5 - wilds):
            counts = Counter(naturals)
            if any(count > available[rank] for rank, count in counts.items()):
                continue
            if len(naturals) <= 1:
                out.append((naturals, True, wilds))
                continue
            if len(counts) == len(naturals):
                if frozenset.intersection(*(suits[rank] for rank in naturals)):
                    out.append((naturals, True, wilds))
                if len(frozenset.union(*(suits[rank] for rank in naturals))) < 2:
                    continue
            out.append((naturals, False, wilds))
    return out


def _code(naturals: Iterable[int], suited: bool, wilds: int) -> int:
    total = wilds << _WILD_SHIFT
    for rank in naturals:
        total += 1 << (3 * (rank - 2))
    return (total << 1) | suited


@cache
def _half_ids(first: int, last: int) -> npt.NDArray[np.int32]:
    """Dense ids of the multisets of at most five ranks from ``first`` to ``last``, indexed by
    their base-6 count code (the batch path splits a hand's ranks at the eight, so that two small
    arrays stand for the 39-bit code)."""
    ids = np.full(6 ** (last - first + 1), -1, dtype=np.int32)
    for number, ranks in enumerate(
        ranks for size in range(6) for ranks in combinations_with_replacement(range(first, last + 1), size)
    ):
        ids[sum(6 ** (rank - first) for rank in ranks)] = number
    return ids


def _half_codes(naturals: Iterable[int]) -> tuple[int, int]:
    low = high = 0
    for rank in naturals:
        if rank <= _SPLIT:
            low += 6 ** (rank - 2)
        else:
            high += 6 ** (rank - _SPLIT - 1)
    return low, high


@cache
def _colex_weights(size: int) -> npt.NDArray[np.int64]:
    """Weights that number the multisets of ``size`` symbols (0 to 13: a rank less two, or a
    wild card) densely: for symbols sorted ascending, the sum of ``weights[i][symbol_i + i]``
    (the combinatorial number system: ``weights[i][s]`` is C(s, i + 1))."""
    return np.array(
        [[comb(s, i + 1) for s in range(_WILD_SYMBOL + size + 1)] for i in range(size)], dtype=np.int64
    )


def _colex(symbols: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """The dense number of each row of symbols sorted ascending (see :func:`_colex_weights`)."""
    weights = _colex_weights(symbols.shape[1])
    index = weights[0][symbols[:, 0]]
    for position in range(1, symbols.shape[1]):
        index = index + weights[position][symbols[:, position] + position]
    return np.asarray(index, dtype=np.int64)


@cache
def _symbol_multisets(size: int) -> npt.NDArray[np.int64]:
    """Every multiset of ``size`` symbols, each sorted ascending, one per row."""
    return np.array(list(combinations_with_replacement(range(_WILD_SYMBOL + 1), size)), dtype=np.int64)


@cache
def _most_of_one_suit() -> npt.NDArray[np.int64]:
    return np.array(_MOST_OF_ONE_SUIT, dtype=np.int64)


@cache
def _one_suit() -> npt.NDArray[np.bool_]:
    """By a code of per-suit card counts (three bits a suit): whether at most one suit is used."""
    return np.array(_ONE_SUIT, dtype=np.bool_)


_ONE_SUIT = [int(sum(code >> (3 * suit) & 7 > 0 for suit in range(4)) <= 1) for code in range(1 << 12)]
_MOST_OF_ONE_SUIT = [max(code >> (3 * suit) & 7 for suit in range(4)) for code in range(1 << 12)]
_COLEX_LISTS = {
    size: [[comb(s, i + 1) for s in range(_WILD_SYMBOL + size + 1)] for i in range(size)] for size in (6, 7)
}
_LEFT_OUT = {size: tuple(combinations(range(size), size - 5)) for size in _SIZES}


# --- the system --------------------------------------------------------------------------------


class WildSystem:
    """High poker or a lowball system with a set of wild cards (see the module docstring).

    Built by :func:`wild_system` (or :func:`divided.hands.poker.system`); the class table is
    built on first use.
    """

    def __init__(
        self,
        rules: str,
        wild: frozenset[Card],
        *,
        bug: bool = False,
        natural_beats_wild: bool = False,
        double_ace_flush: bool = False,
        qualifier: int | None = None,
        name: str,
    ) -> None:
        self._rules = rules
        self.wild = wild
        """The wild cards."""
        self.bug = bug
        """Whether the wild cards are bugs (high only)."""
        self.natural_beats_wild = natural_beats_wild
        self.double_ace_flush = double_ace_flush
        self.qualifier = qualifier
        self._name = name
        self._pack = STANDARD_54 if any(card.is_joker for card in wild) else STANDARD_52
        self._options = (rules, bug, double_ace_flush, natural_beats_wild, qualifier)
        size = self._pack.size
        self._is_wild = tuple(card in wild for card in self._pack)
        self._usable = tuple(not card.is_joker or card in wild for card in self._pack)
        self._contrib = tuple(
            (1 << _WILD_SHIFT) if self._is_wild[i] else (1 << (3 * (i // 4))) if i < 52 else 0
            for i in range(size)
        )
        natural = [i < 52 and not self._is_wild[i] for i in range(size)]
        halves = [_half_codes([i // 4 + 2]) if natural[i] else (0, 0) for i in range(size)]
        self._low_code = np.array([low for low, _ in halves], dtype=np.int32)
        self._high_code = np.array([high for _, high in halves], dtype=np.int32)
        self._suit_count = np.array(
            [1 << (3 * (i % 4)) if natural[i] else 0 for i in range(size)], dtype=np.int32
        )
        self._usable_array = np.array(self._usable, dtype=np.bool_)
        self._suit_count_list: list[int] = self._suit_count.tolist()
        self._symbol = np.array(
            [_WILD_SYMBOL if self._is_wild[i] or i >= 52 else i // 4 for i in range(size)], dtype=np.int8
        )
        self._by_ranks_tables: dict[int, npt.NDArray[np.int32]] = {}
        self._by_ranks: dict[int, int] = {}
        self._by_ranks_lists: dict[int, list[int]] = {}
        self._symbol_list: list[int] = self._symbol.tolist()
        """Six or seven cards of which no five share a suit rank by their ranks and wild cards
        alone: their order by that code, memoised (at most one entry per rank pattern)."""
        self._all_usable = all(self._usable)
        self._unusable_mask = np.int64(sum(1 << i for i in range(size) if not self._usable[i]))
        self._built: _Built | None = None

    def __repr__(self) -> str:
        return f"WildSystem({self._name!r})"

    @property
    def name(self) -> str:
        """``high+wild:jokers``, ``a5-8+wild:2c,2d``, ``high+bug``, then ``+nbw``, ``+daf``."""
        return self._name

    @property
    def pack(self) -> Pack:
        """The 54-card deck when a joker is wild, else the 52-card deck."""
        return self._pack

    @property
    def sizes(self) -> tuple[int, ...]:
        """Five to seven cards (the best five count)."""
        return _SIZES

    @property
    def categories(self) -> type[PokerCategory]:
        """:class:`~divided.hands.poker.keys.PokerCategory` (with Five of a Kind)."""
        return PokerCategory

    @property
    def rules(self) -> str:
        """The underlying system: ``high``, ``a5``, ``27`` or ``a6``."""
        return self._rules

    @property
    def classes(self) -> int:
        """The number of distinct orders (classes a five-card hand of this pack can reach)."""
        return len(self._table()[0])

    # tables

    def _table(
        self,
    ) -> _Built:
        if self._built is None:
            self._built = self._build()
        return self._built

    def _build(
        self,
    ) -> _Built:
        available = [0] * 15
        suits: list[set[int]] = [set() for _ in range(15)]
        for index in range(52):
            if not self._is_wild[index]:
                available[index // 4 + 2] += 1
                suits[index // 4 + 2].add(index % 4)
        patterns = _patterns(available, [frozenset(s) for s in suits], sum(self._is_wild))
        values = _best_keys(self._options, patterns)
        options, rules = self._options, self._rules
        table = ClassTable(
            self._name,
            values.tolist(),
            lambda value: category_of(_value_key(options, value)),
            lambda value: _words(rules, _value_key(options, value)[:6]),
        )
        order_of = {
            _code(*pattern): table.order_of[value]
            for pattern, value in zip(patterns, values.tolist(), strict=True)
        }
        low_ids, high_ids = _half_ids(2, _SPLIT), _half_ids(_SPLIT + 1, 14)
        highs = int(high_ids.max()) + 1
        flat = np.full((int(low_ids.max()) + 1) * highs * 2, -1, dtype=np.int32)
        for (naturals, suited, _), value in zip(patterns, values.tolist(), strict=True):
            low, high = _half_codes(naturals)
            flat[(int(low_ids[low]) * highs + int(high_ids[high])) * 2 + suited] = table.order_of[value]
        return table, order_of, low_ids * (highs * 2), high_ids * 2, flat

    # per call

    def _indices(self, cards: Sequence[Card]) -> list[int]:
        cards = list(cards)
        if JOKER in cards and self._pack is STANDARD_54:  # the 21-card pack's Jk: the first joker not held
            for position, card in enumerate(cards):
                if card == JOKER:
                    cards[position] = JOKER_2 if JOKER_1 in cards else JOKER_1
        return self._checked(self._pack.indices(cards))

    def _checked(self, indices: Sequence[int]) -> list[int]:
        if len(indices) not in _SIZES:
            raise InvalidHandError(f"{self._name} ranks five to seven cards, got {len(indices)}")
        out = []
        size = self._pack.size
        for index in indices:
            if not 0 <= index < size:
                raise InvalidHandError(
                    f"card index {index} is outside the {self._pack.name} pack (0 to {size - 1})"
                )
            if not self._usable[index]:
                raise InvalidHandError(
                    f"{self._pack[index]} is not wild in {self._name}, and a joker has no rank"
                )
            out.append(int(index))
        if len(set(out)) != len(out):
            raise InvalidHandError(
                f"a card appears more than once: {' '.join(str(self._pack[i]) for i in out)}"
            )
        return out

    def strength_of_indices(self, indices: Sequence[int]) -> int:
        """The order of a hand given as pack indices (checked: size, range, repeats, jokers)."""
        count = len(indices)
        if (
            count not in _SIZES
            or len(set(indices)) != count
            or min(indices) < 0
            or max(indices) >= self._pack.size
            or not (self._all_usable or all(self._usable[index] for index in indices))
        ):
            self._checked(indices)  # raises, saying what is wrong
        order_of = self._table()[1]
        contrib, suit_count, one_suit = self._contrib, self._suit_count_list, _ONE_SUIT
        code = suits = 0
        for index in indices:
            code += contrib[index]
            suits += suit_count[index]
        if count == 5:
            return order_of[(code << 1) | one_suit[suits]]
        if _MOST_OF_ONE_SUIT[suits] + (code >> _WILD_SHIFT) < 5:  # no five can be of one suit
            best = self._by_ranks.get(code)
            if best is None:
                table, weights = self._by_ranks_list(count), _COLEX_LISTS[count]
                symbols = sorted([self._symbol_list[index] for index in indices])
                best = self._by_ranks[code] = table[
                    sum(weights[position][symbol + position] for position, symbol in enumerate(symbols))
                ]
            return best
        hand = [(contrib[index], suit_count[index]) for index in indices]
        best = -1
        for left_out in _LEFT_OUT[count]:  # the cards not played
            played, played_suits = code, suits
            for position in left_out:
                played -= hand[position][0]
                played_suits -= hand[position][1]
            order = order_of[(played << 1) | one_suit[played_suits]]
            if order > best:
                best = order
        return best

    def strength(self, cards: Sequence[Card]) -> int:
        """``rank(cards).order``."""
        return self.strength_of_indices(self._indices(cards))

    def rank(self, cards: Sequence[Card]) -> HandRank[PokerCategory]:
        """The rank of the best five of five to seven cards."""
        return self._table()[0].ranks[self.strength(cards)]

    def rank_of(self, order: int) -> HandRank[PokerCategory]:
        """The rank with this order."""
        return self._table()[0].rank_of(order)

    def key_of(self, order: int) -> Key:
        """The class key of an order (:func:`~divided.hands.poker.keys.high_key` or
        ``low_key``; natural-beats-wild adds the wild count's entry)."""
        table = self._table()[0]
        value = table.keys[table.rank_of(order).order]
        assert isinstance(value, int)
        return _value_key(self._options, value)

    def rank_batch(self, indices: npt.ArrayLike) -> npt.NDArray[np.int32]:
        """Orders of an ``(n, k)`` array of pack indices, ``k`` 5 to 7 (best five)."""
        array = np.asarray(indices)
        if array.ndim != 2 or array.shape[1] not in _SIZES:
            raise InvalidHandError(
                f"expected an (n, k) array of card indices with k in 5..7, got shape {array.shape}"
            )
        if array.size and not np.issubdtype(array.dtype, np.integer):
            raise InvalidHandError(f"card indices are integers, got {array.dtype}")
        size = array.shape[1]
        self._table()
        out = np.empty(len(array), dtype=np.int32)
        for start in range(0, len(array), _CHUNK):  # chunks keep the working arrays in cache
            chunk = array[start : start + _CHUNK].astype(np.int64)
            self._check_rows(chunk, start)
            if size == 5:
                out[start : start + _CHUNK] = self._best_of_subsets(chunk)
                continue
            # no five of one suit possible: one look-up by the sorted ranks (wild cards last)
            symbols = np.sort(self._symbol[chunk], axis=1)
            best = self._by_ranks_table(size)[_colex(symbols)]
            suits = self._suit_count[chunk].sum(axis=1)
            flushes = np.flatnonzero(_most_of_one_suit()[suits] + (symbols == _WILD_SYMBOL).sum(axis=1) >= 5)
            if len(flushes):
                best[flushes] = self._best_of_subsets(chunk[flushes])
            out[start : start + _CHUNK] = best
        if len(out) and int(out.min()) < 0:  # a hand outside the tables is a bug, never an answer
            row = int(np.argmin(out))
            raise RuntimeError(f"{self._name} found no class for row {row}: {array[row].tolist()}")
        return out

    def _best_of_subsets(self, chunk: npt.NDArray[np.int64]) -> npt.NDArray[np.int32]:
        """The best five of each row, looking every five up by its half codes and suitedness."""
        _, _, low_ids, high_ids, flat = self._table()
        one_suit = _one_suit()
        hands = chunk.T
        low_code, high_code, suit_count = (
            self._low_code[hands],
            self._high_code[hands],
            self._suit_count[hands],
        )
        low_total, high_total, suit_total = (
            low_code.sum(axis=0),
            high_code.sum(axis=0),
            suit_count.sum(axis=0),
        )
        best = np.full(len(chunk), -1, dtype=np.int32)
        for left_out in _LEFT_OUT[len(hands)]:  # the cards not played
            low, high, suits = low_total, high_total, suit_total
            for row in left_out:
                low, high, suits = low - low_code[row], high - high_code[row], suits - suit_count[row]
            np.maximum(best, flat[low_ids[low] + high_ids[high] + one_suit[suits]], out=best)
        return best

    def _by_ranks_list(self, size: int) -> list[int]:
        """:meth:`_by_ranks_table` as a list (faster to read one entry)."""
        table = self._by_ranks_lists.get(size)
        if table is None:
            table = self._by_ranks_lists[size] = self._by_ranks_table(size).tolist()
        return table

    def _by_ranks_table(self, size: int) -> npt.NDArray[np.int32]:
        """For six or seven cards no five of which share a suit: the order by the sorted symbols'
        colex index (see :func:`_colex_weights`), built on first use from the five-card orders."""
        table = self._by_ranks_tables.get(size)
        if table is None:
            order_of = self._table()[1]
            fives = _symbol_multisets(5)
            plain = np.full(len(fives), -1, dtype=np.int32)
            plain[_colex(fives)] = [
                order_of.get(
                    _code(
                        [int(s) + 2 for s in five if s != _WILD_SYMBOL],
                        False,
                        int((five == _WILD_SYMBOL).sum()),
                    ),
                    -1,
                )
                for five in fives
            ]
            hands = _symbol_multisets(size)
            best = np.full(len(hands), -1, dtype=np.int32)
            for kept in combinations(range(size), 5):
                np.maximum(best, plain[_colex(hands[:, kept])], out=best)
            table = np.empty(len(hands), dtype=np.int32)
            table[_colex(hands)] = best
            self._by_ranks_tables[size] = table
        return table

    def _check_rows(self, array: npt.NDArray[np.int64], start: int) -> None:
        """Raise for the first row with an index outside the pack, a repeat or an unwild joker."""
        if not array.size:
            return
        outside = (array < 0) | (array >= self._pack.size)
        bits = np.left_shift(np.int64(1), np.where(outside, 0, array)).T  # one row per card position
        masks = bits[0].copy()
        for position in range(1, len(bits)):
            masks |= bits[position]
        rows = outside.any(axis=1) | (np.bitwise_count(masks) != array.shape[1])
        if not self._all_usable:
            rows |= (masks & self._unusable_mask) != 0
        if rows.any():
            row = int(np.argmax(rows))
            try:
                self._checked([int(i) for i in array[row]])
            except InvalidHandError as error:
                raise InvalidHandError(f"row {start + row}: {error}") from None


def wild_system(
    rules: str,
    wild: str | frozenset[Card],
    *,
    natural_beats_wild: bool = False,
    double_ace_flush: bool = False,
    qualifier: int | None = None,
) -> WildSystem:
    """The system ``rules`` (high, a5, 27, a6) with the wild set ``wild`` (a name of
    :data:`WILD_SETS` or a frozen set of cards), cached.

    >>> wild_system("a5", frozenset(parse_cards("2d 2c")), qualifier=8, natural_beats_wild=True).name
    'a5-8+wild:2c,2d+nbw'
    """
    if isinstance(wild, str):
        name = wild.strip().lower()
        wild = name if name in WILD_SETS else wild_cards(wild)  # one object per wild set
    return _wild_system(rules, wild, bool(natural_beats_wild), bool(double_ace_flush), qualifier)


@cache
def _wild_system(
    rules: str,
    wild: str | frozenset[Card],
    natural_beats_wild: bool,
    double_ace_flush: bool,
    qualifier: int | None,
) -> WildSystem:
    if rules not in WILD_RULES:
        raise RuleOptionError(f"wild cards work with {', '.join(WILD_RULES)}, not with {rules!r}")
    if qualifier is not None and rules != "a5":
        raise RuleOptionError(f"a qualifier belongs to ace-to-five lowball (rules 'a5'), not to {rules!r}")
    bug = wild == "bug"
    if bug and rules != "high":
        raise RuleOptionError(
            "the bug is a high-hand rule; in a low hand a wild joker is simply the best filler"
        )
    cards = wild_cards(wild)
    if isinstance(wild, str) and wild in WILD_SETS:
        label = "bug" if bug else f"wild:{wild}"
    else:
        label = "wild:" + ",".join(sorted(str(card) for card in cards))
    name = f"{rules}{'' if qualifier is None else f'-{qualifier}'}+{label}"
    name += "+nbw" * natural_beats_wild + "+daf" * double_ace_flush
    return WildSystem(
        rules,
        cards,
        bug=bug,
        natural_beats_wild=natural_beats_wild,
        double_ace_flush=double_ace_flush,
        qualifier=qualifier,
        name=name,
    )
