"""Exact three-card evaluation for the 21-card pack (Card Commons' 3-card hands, ruling C5).

Every one of the C(21, 3) = 1,330 hands is ranked once, when the module is first used, into a
*strength*: an integer where larger is stronger and equal means equal (suits never rank). After
that an evaluation is one table look-up, keyed by the hand's bit mask over :data:`PACK_21`.

Rules encoded here:

* Categories, weakest first: high card < pair < straight < flush < three of a kind < straight
  flush. The straights are 10-J-Q, J-Q-K and Q-K-A (the Ace is high only; nothing wraps).
* The Joker is wild only for a straight, a flush or a straight flush: it stands for any card
  not already in the hand, the one that makes the hand strongest. With two cards of one suit it
  makes a straight flush when both lie in one straight (the highest such), else a flush with
  the best card of that suit not in the hand (``Ts As Jk`` is the flush A-K-10); with two cards
  of different suits in one straight it makes the highest such straight. Otherwise it completes
  nothing: it counts below a 10, matches no suit and never pairs.
* Inside a category the cards that make the hand are compared first (for a wild Joker, the card
  it stands for counts: C5), then the rest from the highest down; when those are equal a hand
  without a wild Joker beats one with it; otherwise the hands are equal.

>>> from divided.cards import PACK_21
>>> value = evaluate3_mask(PACK_21.parse_mask("Ts As Jk"))
>>> value.category.label, value.uses_joker
('Flush', True)
>>> evaluate3_mask(PACK_21.parse_mask("Ah Kh Th")).strength > value.strength
True
>>> str(PACK21_THREE.rank(PACK_21.parse_cards("Ks As Jk")))
'Straight Flush, queen to ace, with the Joker'

**Batches.** :func:`three_strength_array` holds the strength of every hand by the *colex index*
of its three card indices ``i < j < k`` (:func:`colex_index3`:
``i + j*(j-1)/2 + k*(k-1)*(k-2)/6``, 0 to 1,329); :func:`three_strength_cube` holds it by the
three indices in any order (``cube[a, b, c]``, ``-1`` where two indices repeat), which needs no
sorting and is what :meth:`Pack21Three.rank_batch` uses; :func:`strengths3` looks up many bit
masks at once (:func:`three_strength_by_mask`). numpy is imported by these functions only, so
the rules engines can use the rest of this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

from divided.cards import PACK_21, Card, Pack
from divided.errors import InvalidHandError
from divided.hands.category import Pack21ThreeCategory
from divided.hands.five import PACK21_FIVE, Pack21Five
from divided.hands.value import HandRank, RankingSystem

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

JOKER_INDEX = 20
"""Index of the Joker in :data:`PACK_21`."""

HAND_COUNT = 1330
"""C(21, 3): the number of three-card hands of the pack."""

_LOW = -1  # the Joker's rank value when it completes nothing: below a 10
_TOP = 4  # the Ace's rank value (10=0 .. A=4)
_Three = Pack21ThreeCategory

Key = tuple[int, tuple[int, ...], int]
"""(category, ranks that decide high to low, 1 without a wild Joker / 0 with one)."""


def _rank_value(index: int) -> int:
    return index // 4  # 10=0 .. A=4 (naturals only)


def _suit_of(index: int) -> int:
    return index % 4


def _natural_key(indices: Sequence[int]) -> Key:
    """Key of three natural cards."""
    ranks = sorted((_rank_value(i) for i in indices), reverse=True)
    high, middle, low = ranks
    if high == low:
        return _Three.THREE_OF_A_KIND, (high,), 1
    if high == middle or middle == low:
        return _Three.PAIR, (middle, low if high == middle else high), 1
    straight = high - low == 2
    flush = len({_suit_of(i) for i in indices}) == 1
    if straight:
        return (_Three.STRAIGHT_FLUSH if flush else _Three.STRAIGHT), (high, middle, low), 1
    return (_Three.FLUSH if flush else _Three.HIGH_CARD), (high, middle, low), 1


def _joker_key(first: int, second: int) -> Key:
    """Key of the Joker with two natural cards, the Joker taking its strongest identity."""
    high, low = sorted((_rank_value(first), _rank_value(second)), reverse=True)
    if high == low:  # the Joker never pairs and cannot make a straight or flush here
        return _Three.PAIR, (high, _LOW), 1
    suited = _suit_of(first) == _suit_of(second)
    if high - low <= 2:  # both lie in a straight; the highest one starts at min(low, Q)
        bottom = min(low, _TOP - 2)
        ranks = (bottom + 2, bottom + 1, bottom)
        return (_Three.STRAIGHT_FLUSH if suited else _Three.STRAIGHT), ranks, 0
    if suited:  # the best card of the suit that is not in the hand
        third = max(r for r in range(_TOP + 1) if r not in (high, low))
        return _Three.FLUSH, tuple(sorted((high, low, third), reverse=True)), 0
    return _Three.HIGH_CARD, (high, low, _LOW), 1


def _key(indices: tuple[int, ...]) -> Key:
    naturals = [i for i in indices if i != JOKER_INDEX]
    if len(naturals) == 3:
        return _natural_key(naturals)
    return _joker_key(naturals[0], naturals[1])


@dataclass(frozen=True, slots=True)
class HandValue3:
    """A three-card hand's category, strength (larger is stronger; equal means equal) and
    whether a wild Joker is in it (``uses_joker``: the Joker stands for a card; a Joker that
    completes nothing is not used)."""

    category: Pack21ThreeCategory
    strength: int
    uses_joker: bool


@dataclass(frozen=True)
class _Tables:
    strength_by_mask: dict[int, int]
    value_by_strength: tuple[HandValue3, ...]
    key_by_strength: tuple[Key, ...]


@cache
def _tables() -> _Tables:
    keys = {sum(1 << i for i in combo): _key(combo) for combo in combinations(range(PACK_21.size), 3)}
    distinct = sorted(set(keys.values()))
    strength_of_key = {key: s for s, key in enumerate(distinct)}
    return _Tables(
        strength_by_mask={mask: strength_of_key[key] for mask, key in keys.items()},
        value_by_strength=tuple(HandValue3(_Three(key[0]), s, key[2] == 0) for s, key in enumerate(distinct)),
        key_by_strength=tuple(distinct),
    )


def strength3_table() -> dict[int, int]:
    """The table itself: three-card bit mask over :data:`PACK_21` to strength."""
    return _tables().strength_by_mask


def strength3_count() -> int:
    """How many distinct strengths there are (strengths run from 0 to this minus one)."""
    return len(_tables().value_by_strength)


def category3_of(strength: int) -> Pack21ThreeCategory:
    """The category of a three-card strength."""
    values = _tables().value_by_strength
    if not 0 <= strength < len(values):
        raise InvalidHandError(f"a three-card strength runs from 0 to {len(values) - 1}; got {strength}")
    return values[strength].category


def strength3_of_mask(mask: int) -> int:
    """Strength of the three cards whose bit mask over :data:`PACK_21` is ``mask``.

    The fast path: one dictionary look-up. Raises :class:`InvalidHandError` for a mask that
    is not exactly three cards of the pack.
    """
    try:
        return _tables().strength_by_mask[mask]
    except (KeyError, TypeError):
        if not isinstance(mask, int) or not 0 <= mask < 1 << PACK_21.size:
            raise InvalidHandError(f"mask {mask!r} is not a set of cards of the 21-card pack") from None
        raise InvalidHandError(
            f"a 3-card hand is three cards of the 21-card pack; got {mask.bit_count()} "
            f"({PACK_21.format_mask(mask) or 'none'})"
        ) from None


def evaluate3_mask(mask: int) -> HandValue3:
    """Category, strength and Joker use of a three-card bit mask over :data:`PACK_21`."""
    return _tables().value_by_strength[strength3_of_mask(mask)]


def evaluate3(cards: Sequence[Card]) -> HandValue3:
    """Category, strength and Joker use of three distinct cards of the 21-card pack.

    >>> from divided.cards import parse_cards
    >>> evaluate3(parse_cards("Qd Kd Ad")).category.label
    'Straight Flush'
    """
    return evaluate3_mask(PACK_21.mask(cards, size=3))


# --- batches (numpy, imported here only) -------------------------------------------------------


def colex_index3(first: int, second: int, third: int) -> int:
    """The colex index (0 to 1,329) of three distinct card indices, in any order.

    >>> colex_index3(0, 1, 2), colex_index3(20, 19, 18)
    (0, 1329)
    """
    i, j, k = sorted((first, second, third))
    if i < 0 or k >= PACK_21.size or i == j or j == k:
        raise InvalidHandError(
            f"three distinct card indices of the 21-card pack, not {(first, second, third)}"
        )
    return i + j * (j - 1) // 2 + k * (k - 1) * (k - 2) // 6


@cache
def three_strength_array() -> npt.NDArray[np.int32]:
    """Strength of every hand by the colex index of its card indices (:func:`colex_index3`);
    read-only, 1,330 entries."""
    import numpy as np

    table = np.empty(HAND_COUNT, dtype=np.int32)
    for mask, strength in strength3_table().items():
        i, j, k = (index for index in range(PACK_21.size) if mask >> index & 1)
        table[colex_index3(i, j, k)] = strength
    table.flags.writeable = False
    return table


@cache
def three_strength_cube() -> npt.NDArray[np.int32]:
    """Strength by three card indices in any order: ``cube[a, b, c]`` (``-1`` where two of
    them are equal); read-only, shape (21, 21, 21). ``cube.reshape(-1)[a*441 + b*21 + c]`` is
    the same look-up on a flat index."""
    import numpy as np

    size = PACK_21.size
    cube = np.full((size, size, size), -1, dtype=np.int32)
    for mask, strength in strength3_table().items():
        i, j, k = (index for index in range(size) if mask >> index & 1)
        for a, b, c in ((i, j, k), (i, k, j), (j, i, k), (j, k, i), (k, i, j), (k, j, i)):
            cube[a, b, c] = strength
    cube.flags.writeable = False
    return cube


def strengths3_of_indices(indices: npt.ArrayLike) -> npt.NDArray[np.int32]:
    """Strengths of hands given as an ``(n, 3)`` array of card indices into the pack (any order
    within a row). Raises :class:`InvalidHandError` for an index outside the pack or a row
    that repeats a card."""
    import numpy as np

    array = np.asarray(indices, dtype=np.int64)
    if array.ndim != 2 or array.shape[1] != 3:
        raise InvalidHandError(f"expected an (n, 3) array of card indices, got shape {array.shape}")
    if array.size and (array.min() < 0 or array.max() >= PACK_21.size):
        raise InvalidHandError("a card index lies outside the 21-card pack")
    out = three_strength_cube()[array[:, 0], array[:, 1], array[:, 2]]
    if out.size and out.min() < 0:
        row = array[int(np.argmin(out))]
        raise InvalidHandError(f"row {[int(i) for i in row]} repeats a card")
    return out


@cache
def three_strength_by_mask() -> npt.NDArray[np.int16]:
    """Strength of every bit mask over the pack, ``-1`` where the mask is not three cards;
    read-only, 2**21 entries (4 MB, built on first use)."""
    import numpy as np

    table = np.full(1 << PACK_21.size, -1, dtype=np.int16)
    items = strength3_table()
    table[np.fromiter(items.keys(), dtype=np.int64, count=len(items))] = np.fromiter(
        items.values(), dtype=np.int16, count=len(items)
    )
    table.flags.writeable = False
    return table


def strengths3(masks: npt.ArrayLike) -> npt.NDArray[np.int16]:
    """Strengths of many three-card bit masks at once (any shape).

    Raises :class:`InvalidHandError` if any mask is not three cards of the pack.
    """
    import numpy as np

    array = np.asarray(masks, dtype=np.int64)
    if array.size and (array.min() < 0 or array.max() >= 1 << PACK_21.size):
        raise InvalidHandError("a mask lies outside the 21-card pack")
    out = three_strength_by_mask()[array]
    if out.size and out.min() < 0:
        strength3_of_mask(int(array.reshape(-1)[np.argmin(out.reshape(-1))]))  # raises, naming the cards
    return out


# --- the ranking-system view -----------------------------------------------------------------

_NAMES = ("ten", "jack", "queen", "king", "ace")  # by rank value 0..4


def _one(rank: int) -> str:
    if rank == _LOW:
        return "the Joker"
    return f"{'an' if rank == _TOP else 'a'} {_NAMES[rank]}"


def _words(key: Key) -> str:
    """Plain words for a strength's key."""
    category, ranks, natural = _Three(key[0]), key[1], key[2]
    joker = "" if natural else ", with the Joker"
    if category in (_Three.STRAIGHT_FLUSH, _Three.STRAIGHT):
        return f"{category.label}, {_NAMES[ranks[2]]} to {_NAMES[ranks[0]]}{joker}"
    if category == _Three.THREE_OF_A_KIND:
        return f"Three {_NAMES[ranks[0]]}s"
    if category == _Three.FLUSH:
        return f"Flush, {'-'.join(_NAMES[r] for r in ranks)}{joker}"
    if category == _Three.PAIR:
        return f"Pair of {_NAMES[ranks[0]]}s, with {_one(ranks[1])}"
    return f"{_NAMES[ranks[0]].capitalize()} high, with {_one(ranks[1])} and {_one(ranks[2])}"


class Pack21Three:
    """The three-card ranking of the 21-card pack as a
    :class:`~divided.hands.value.RankingSystem`: a thin layer over the tables above, where a
    rank's ``order`` is the hand's strength."""

    name = "pack21-three"
    pack: Pack = PACK_21
    sizes: tuple[int, ...] = (3,)
    categories = Pack21ThreeCategory

    def rank(self, cards: Sequence[Card]) -> HandRank[Pack21ThreeCategory]:
        """The rank of three distinct cards of the 21-card pack."""
        return _hand_ranks()[strength3_of_mask(PACK_21.mask(cards, size=3))]

    def rank_mask(self, mask: int) -> HandRank[Pack21ThreeCategory]:
        """The rank of a three-card bit mask over the pack."""
        return _hand_ranks()[strength3_of_mask(mask)]

    def strength(self, cards: Sequence[Card]) -> int:
        """The strength (the rank's ``order``) of three distinct cards of the pack."""
        return strength3_of_mask(PACK_21.mask(cards, size=3))

    def rank_of(self, order: int) -> HandRank[Pack21ThreeCategory]:
        """The rank with this order (0 to :func:`strength3_count` minus one)."""
        ranks = _hand_ranks()
        if not 0 <= order < len(ranks):
            raise InvalidHandError(f"a {self.name} order runs from 0 to {len(ranks) - 1}; got {order}")
        return ranks[order]

    def rank_batch(self, indices: npt.ArrayLike) -> npt.NDArray[np.int32]:
        """Orders of an ``(n, 3)`` array of card indices into the pack."""
        return strengths3_of_indices(indices)

    def __repr__(self) -> str:
        return "PACK21_THREE"


@cache
def _hand_ranks() -> tuple[HandRank[Pack21ThreeCategory], ...]:
    return tuple(
        HandRank(Pack21Three.name, strength, _Three(key[0]), _words(key))
        for strength, key in enumerate(_tables().key_by_strength)
    )


PACK21_THREE = Pack21Three()
"""The 21-card pack's three-card ranking system (Card Commons' 3-card hands)."""

PACK21_THREE_AND_FIVE: tuple[Pack21Three, Pack21Five] = (PACK21_THREE, PACK21_FIVE)
"""The 21-card pack's three- and five-card systems: the hands of a 5 + 3 split (Card Commons)."""

if TYPE_CHECKING:  # mypy proves that the class implements the protocol
    _SYSTEM: RankingSystem[Pack21ThreeCategory] = PACK21_THREE
