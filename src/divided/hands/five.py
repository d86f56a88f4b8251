"""Exact five-card evaluation for the 21-card pack (rules and ruling R6 of Divided Ranks).

Every one of the C(21, 5) = 20,349 hands is ranked once, when the module is first used, into a
*strength*: an integer where larger is stronger and equal means equal (suits never rank). After
that an evaluation is one table look-up, keyed by the hand's bit mask over :data:`PACK_21`.

Rules encoded here:

* Categories: royal flush > four of a kind > full house > straight > three of a kind >
  two pair > pair. Five cards of one suit are always 10-A (a royal flush); five different
  ranks are always a straight.
* The Joker is wild only for a straight or a royal flush: with four other cards of four
  different ranks it stands for the missing rank (and suit, when all four share one). Anywhere
  else it counts as a card below a 10 and pairs with nothing.
* Inside a category, the cards that make the combination are compared first, then the rest
  from the highest down; all straights are equal and all royal flushes are equal, except that
  a hand without the Joker beats one that uses it.

>>> from divided.cards import PACK_21
>>> value = evaluate_mask(PACK_21.parse_mask("Ts Js Qs Ks Jk"))
>>> value.category.label, value.strength > evaluate_mask(PACK_21.parse_mask("Th Jh Qh Kh Ah")).strength
('Royal Flush', False)
>>> evaluate_mask(PACK_21.parse_mask("Kc Kd Qh Jh Jk")).category.label
'Pair'

:data:`PACK21_FIVE` offers the same ranking as a :class:`~divided.hands.value.RankingSystem`
(a :class:`~divided.hands.value.HandRank` per hand, in plain words):

>>> str(PACK21_FIVE.rank(PACK_21.parse_cards("Kc Kd Qh Jh Jk")))
'Pair of kings, with a queen, a jack and the Joker'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

from divided.cards import PACK_21, Card, Pack
from divided.errors import InvalidHandError
from divided.hands.category import Category, Pack21FiveCategory
from divided.hands.value import HandRank, RankingSystem

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

JOKER_INDEX = 20
"""Index of the Joker in :data:`PACK_21`."""

_LOW = -1  # the Joker's rank value when it completes nothing: below a 10


def _rank_value(index: int) -> int:
    return _LOW if index == JOKER_INDEX else index // 4  # 10=0 .. A=4


def _suit_of(index: int) -> int:
    return index % 4


def _key(indices: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(category, tie-break) of five card indices; compared as tuples, larger is stronger."""
    naturals = [i for i in indices if i != JOKER_INDEX]
    has_joker = len(naturals) == 4
    ranks = {_rank_value(i) for i in naturals}
    if len(ranks) == len(naturals) and (has_joker or len(ranks) == 5):
        # Five different ranks (the Joker filling the gap): the straight, or the royal flush.
        one_suit = len({_suit_of(i) for i in naturals}) == 1
        category = Category.ROYAL_FLUSH if one_suit else Category.STRAIGHT
        return category, (0 if has_joker else 1,)
    counts = Counter(_rank_value(i) for i in indices)
    # Group ranks by (how many, rank), largest first; the Joker is a lone card of rank _LOW.
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    order = tuple(rank for rank, _ in groups)
    category = {
        (4, 1): Category.FOUR_OF_A_KIND,
        (3, 2): Category.FULL_HOUSE,
        (3, 1, 1): Category.THREE_OF_A_KIND,
        (2, 2, 1): Category.TWO_PAIR,
        (2, 1, 1, 1): Category.PAIR,
    }[shape]
    return category, order


@dataclass(frozen=True, slots=True)
class HandValue:
    """A five-card hand's category and strength (larger is stronger; equal means equal)."""

    category: Category
    strength: int


@dataclass(frozen=True)
class _Tables:
    strength_by_mask: dict[int, int]
    category_by_strength: tuple[Category, ...]
    value_by_strength: tuple[HandValue, ...]
    key_by_strength: tuple[tuple[int, tuple[int, ...]], ...]


@cache
def _tables() -> _Tables:
    keys = {
        sum(1 << i for i in combo): _key(combo) for combo in combinations(range(PACK_21.size), 5)
    }
    distinct = sorted(set(keys.values()))
    strength_of_key = {key: s for s, key in enumerate(distinct)}
    categories = tuple(Category(key[0]) for key in distinct)
    return _Tables(
        strength_by_mask={mask: strength_of_key[key] for mask, key in keys.items()},
        category_by_strength=categories,
        value_by_strength=tuple(HandValue(c, s) for s, c in enumerate(categories)),
        key_by_strength=tuple(distinct),
    )


def strength_table() -> dict[int, int]:
    """The table itself: five-card bit mask over :data:`PACK_21` to strength."""
    return _tables().strength_by_mask


def strength_count() -> int:
    """How many distinct strengths there are (strengths run from 0 to this minus one)."""
    return len(_tables().category_by_strength)


def category_of(strength: int) -> Category:
    """The category of a strength."""
    return _tables().category_by_strength[strength]


def strength_of_mask(mask: int) -> int:
    """Strength of the five cards whose bit mask over :data:`PACK_21` is ``mask``.

    The fast path: one dictionary look-up. Raises :class:`InvalidHandError` for a mask that
    is not exactly five cards of the pack.
    """
    try:
        return _tables().strength_by_mask[mask]
    except KeyError:
        if not 0 <= mask < 1 << PACK_21.size:
            raise InvalidHandError(f"mask {mask:#x} is not a set of cards of the 21-card pack") from None
        raise InvalidHandError(
            f"a hand is five cards of the 21-card pack; got {mask.bit_count()} ({PACK_21.format_mask(mask)})"
        ) from None


def evaluate_mask(mask: int) -> HandValue:
    """Category and strength of a five-card bit mask over :data:`PACK_21`."""
    return _tables().value_by_strength[strength_of_mask(mask)]


def evaluate(cards: list[Card] | tuple[Card, ...]) -> HandValue:
    """Category and strength of five distinct cards of the 21-card pack.

    >>> from divided.cards import parse_cards
    >>> evaluate(parse_cards("Ah Ad Ac Kd Ks")).category.label
    'Full House'
    """
    return evaluate_mask(PACK_21.mask(cards, size=5))


# --- the ranking-system view -----------------------------------------------------------------

_NAMES = ("ten", "jack", "queen", "king", "ace")  # by _rank_value 0..4


def _one(rank: int) -> str:
    if rank == _LOW:
        return "the Joker"
    return f"{'an' if rank == 4 else 'a'} {_NAMES[rank]}"


def _many(rank: int) -> str:
    return _NAMES[rank] + "s"


def _with(kickers: Sequence[int]) -> str:
    words = [_one(rank) for rank in kickers]
    listed = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
    return f", with {listed}"


def _words(category: Category, order: tuple[int, ...]) -> str:
    """Plain words for a strength's (category, tie-break) key."""
    if category in (Category.STRAIGHT, Category.ROYAL_FLUSH):
        return category.label + ("" if order[0] else " with the Joker")
    if category == Category.FOUR_OF_A_KIND:
        return f"Four {_many(order[0])}{_with(order[1:])}"
    if category == Category.FULL_HOUSE:
        return f"Full House, {_many(order[0])} over {_many(order[1])}"
    if category == Category.THREE_OF_A_KIND:
        return f"Three {_many(order[0])}{_with(order[1:])}"
    if category == Category.TWO_PAIR:
        return f"Two Pair, {_many(order[0])} and {_many(order[1])}{_with(order[2:])}"
    return f"Pair of {_many(order[0])}{_with(order[1:])}"


class Pack21Five:
    """The five-card ranking of the 21-card pack as a
    :class:`~divided.hands.value.RankingSystem`: a thin layer over the tables above, where a
    rank's ``order`` is the hand's strength."""

    name = "pack21-five"
    pack: Pack = PACK_21
    sizes: tuple[int, ...] = (5,)
    categories = Pack21FiveCategory

    def rank(self, cards: Sequence[Card]) -> HandRank[Pack21FiveCategory]:
        """The rank of five distinct cards of the 21-card pack."""
        return _hand_ranks()[strength_of_mask(PACK_21.mask(cards, size=5))]

    def rank_mask(self, mask: int) -> HandRank[Pack21FiveCategory]:
        """The rank of a five-card bit mask over the pack."""
        return _hand_ranks()[strength_of_mask(mask)]

    def strength(self, cards: Sequence[Card]) -> int:
        """The strength (the rank's ``order``) of five distinct cards of the pack."""
        return strength_of_mask(PACK_21.mask(cards, size=5))

    def rank_of(self, order: int) -> HandRank[Pack21FiveCategory]:
        """The rank with this order (0 to :func:`strength_count` minus one)."""
        ranks = _hand_ranks()
        if not 0 <= order < len(ranks):
            raise InvalidHandError(f"a {self.name} order runs from 0 to {len(ranks) - 1}; got {order}")
        return ranks[order]

    def rank_batch(self, indices: npt.ArrayLike) -> npt.NDArray[np.int32]:
        """Orders of an ``(n, 5)`` array of card indices into the pack."""
        import numpy as np  # numpy is loaded only by the batch paths

        from divided.hands.batch import strengths_of_indices  # batch imports this module

        return strengths_of_indices(indices).astype(np.int32)

    def __repr__(self) -> str:
        return "PACK21_FIVE"


@cache
def _hand_ranks() -> tuple[HandRank[Pack21FiveCategory], ...]:
    keys = _tables().key_by_strength
    return tuple(
        HandRank(Pack21Five.name, strength, Category(key[0]), _words(Category(key[0]), key[1]))
        for strength, key in enumerate(keys)
    )


PACK21_FIVE = Pack21Five()
"""The 21-card pack's five-card ranking system (Divided Ranks, Card Commons' 5-card hands)."""

if TYPE_CHECKING:  # mypy proves that the class implements the protocol
    _SYSTEM: RankingSystem[Pack21FiveCategory] = PACK21_FIVE
