"""What every ranking system provides: a :class:`HandRank` per hand and the :class:`RankingSystem`
protocol.

A *ranking system* ranks hands of one pack: the 21-card pack's five-card hands
(:data:`divided.hands.five.PACK21_FIVE`) today; Card Commons' three-card hands and the
standard-deck systems (high, the three lowball systems, wild cards, incomplete and six-card
hands) later. Each system gives every hand a :class:`HandRank`:

* ``category``: a member of the system's own :class:`HandCategory` enum (the 21-card pack has
  no high card and no flush, high poker has nine categories, six-card poker fourteen);
* ``order``: an integer, a total order over the system's hands where **bigger wins in every
  system**, lowball included (a low system numbers its best low highest) and equal means a tie;
  a category's value need not follow ``order`` (in a low system a pair loses to no pair);
* a plain-words description (``describe()`` and ``str``).

Ranks of one system compare with ``<``, ``==``, ... by ``order``; comparing ranks of two systems
is a :class:`TypeError`, as the orders mean nothing to each other. A system with a table hands
out one interned :class:`HandRank` per class, so ``is`` and ``==`` agree there.

How the later systems fit the protocol:

* *incomplete hands* are a system whose ``sizes`` include 1 to 4; their order already places
  10-10-K above 10-10-6-2, so "more cards beats fewer" is part of ``order``;
* *best five of six or seven* is ``sizes = (5, 6, 7)``: ``rank`` picks the best five;
* *wild cards* are a system configured with its wild set (its ``name`` says which); a Joker is
  a card of the system's ``pack``, and natural-beats-wild is again part of ``order``;
* *two decks* (six-card poker) rank cards that may repeat: ``rank`` takes a sequence, not a
  set, and ``rank_batch`` rows may repeat an index.

>>> from divided.cards import parse_cards
>>> from divided.hands.five import PACK21_FIVE
>>> rank = PACK21_FIVE.rank(parse_cards("Ah Ad Ac Kd Ks"))
>>> rank.category.label, str(rank)
('Full House', 'Full House, aces over kings')
>>> rank > PACK21_FIVE.rank(parse_cards("Ts Jh Qd Kc As"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar, runtime_checkable

from divided.cards import Card, Pack

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

_SMALL_WORDS = frozenset({"a", "an", "of", "the", "and"})


class HandCategory(IntEnum):
    """Base of a ranking system's category enum, giving each category a label and a slug.

    Subclass it with the system's categories, weakest first where the system has such an order.
    """

    @property
    def label(self) -> str:
        """Display name, e.g. ``Three of a Kind`` (built from the member's name)."""
        words = self.name.lower().split("_")
        return " ".join(w if i and w in _SMALL_WORDS else w.capitalize() for i, w in enumerate(words))

    @property
    def slug(self) -> str:
        """Stable machine name, e.g. ``three-of-a-kind`` (used in JSON output)."""
        return self.name.lower().replace("_", "-")


CategoryT_co = TypeVar("CategoryT_co", bound=HandCategory, covariant=True)


@dataclass(frozen=True, slots=True, eq=False)
class HandRank(Generic[CategoryT_co]):
    """A hand's class in one ranking system: its category, its place in the system's total
    order (bigger wins) and a plain-words description.

    Equal and hashed by (system, order); ordered by ``order`` within one system only.
    """

    system: str
    order: int
    category: CategoryT_co
    words: str

    def describe(self) -> str:
        """The hand in plain words, e.g. ``Pair of kings, with a queen, a jack and the Joker``."""
        return self.words

    def __str__(self) -> str:
        return self.words

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.system == other.system and self.order == other.order

    def __hash__(self) -> int:
        return hash((self.system, self.order))

    def _order_against(self, other: object) -> int | None:
        if not isinstance(other, HandRank):
            return None
        if other.system != self.system:
            raise TypeError(f"cannot compare a {self.system} rank with a {other.system} rank")
        return other.order

    def __lt__(self, other: object) -> bool:
        theirs = self._order_against(other)
        return NotImplemented if theirs is None else self.order < theirs

    def __le__(self, other: object) -> bool:
        theirs = self._order_against(other)
        return NotImplemented if theirs is None else self.order <= theirs

    def __gt__(self, other: object) -> bool:
        theirs = self._order_against(other)
        return NotImplemented if theirs is None else self.order > theirs

    def __ge__(self, other: object) -> bool:
        theirs = self._order_against(other)
        return NotImplemented if theirs is None else self.order >= theirs


@runtime_checkable
class RankingSystem(Protocol[CategoryT_co]):
    """A hand evaluator: ranks hands of ``pack`` of the sizes in ``sizes``.

    ``isinstance(x, RankingSystem)`` checks only that the members exist (a registry's sanity check).

    Bad input (a card outside the pack, a repeated card where the system has one deck, a size
    it does not take) raises :class:`~divided.errors.InvalidHandError`.
    """

    @property
    def name(self) -> str:
        """Stable name of the system (and of its configuration, e.g. a wild set)."""
        ...

    @property
    def pack(self) -> Pack:
        """The cards it ranks; ``rank_batch`` indices are indices into this pack."""
        ...

    @property
    def sizes(self) -> tuple[int, ...]:
        """The hand sizes it takes, smallest first."""
        ...

    @property
    def categories(self) -> type[CategoryT_co]:
        """The system's category enum."""
        ...

    def rank(self, cards: Sequence[Card]) -> HandRank[CategoryT_co]:
        """The hand's rank."""
        ...

    def strength(self, cards: Sequence[Card]) -> int:
        """``rank(cards).order`` by the fastest path, without building a :class:`HandRank`."""
        ...

    def rank_of(self, order: int) -> HandRank[CategoryT_co]:
        """The rank with this ``order`` (e.g. to name a result of :meth:`rank_batch`)."""
        ...

    def rank_batch(self, indices: npt.ArrayLike) -> npt.NDArray[np.int32]:
        """Orders of many hands at once: an ``(n, k)`` integer array of card indices into
        ``pack`` (``k`` one of ``sizes``) gives ``n`` orders."""
        ...
