"""Interned :class:`~divided.hands.value.HandRank` objects for a ranking system whose classes
are known as sortable keys.

A system describes each class of hands by a *key*: any tuple that sorts weakest first (e.g.
``(category, ranks...)``). :class:`ClassTable` numbers the distinct keys in that order (the
weakest class has order 0, so bigger wins) and builds one :class:`HandRank` per class, so ``is``
and ``==`` agree for ranks of one system.

>>> from divided.hands.value import HandCategory
>>> class Size(HandCategory):
...     SHORT = 0
...     LONG = 1
>>> table = ClassTable("toy", [(1, 3), (0, 2), (1, 3), (0, 1)], lambda key: Size(key[0]), str)
>>> len(table), table.order_of[(1, 3)], table.rank_of(0).words
(3, 2, '(0, 1)')
>>> table.rank_of(2) is table.rank_of(table.order_of[(1, 3)])
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Generic, TypeVar, overload

from divided.errors import InvalidHandError
from divided.hands.value import HandCategory, HandRank

C = TypeVar("C", bound=HandCategory)
K = TypeVar("K", bound=Hashable)


class ClassTable(Generic[C]):
    """The classes of one system: their orders (weakest 0) and interned ranks.

    ``keys`` may repeat and come in any order; ``category`` and ``words`` map a key to its
    category and its plain-words description.
    """

    def __init__(
        self,
        system: str,
        keys: Iterable[K],
        category: Callable[[K], C],
        words: Callable[[K], str],
    ) -> None:
        ordered = sorted(set(keys))  # type: ignore[type-var]
        self.system = system
        self.keys: tuple[Hashable, ...] = tuple(ordered)
        self.order_of: dict[Hashable, int] = {key: order for order, key in enumerate(ordered)}
        self.ranks: Sequence[HandRank[C]] = _Ranks(system, self.keys, category, words)

    def __len__(self) -> int:
        return len(self.ranks)

    def rank_of(self, order: int) -> HandRank[C]:
        """The rank with this order; a clear error outside ``0 .. len - 1``."""
        if not 0 <= order < len(self.ranks):
            raise InvalidHandError(f"a {self.system} order runs from 0 to {len(self.ranks) - 1}; got {order}")
        return self.ranks[order]


class _Ranks(Sequence[HandRank[C]]):
    """The interned ranks of a table, each built the first time it is asked for (describing
    every class up front would be most of a large system's first use)."""

    def __init__(
        self, system: str, keys: tuple[Hashable, ...], category: Callable[[K], C], words: Callable[[K], str]
    ) -> None:
        self._system, self._keys, self._category, self._words = system, keys, category, words
        self._built: list[HandRank[C] | None] = [None] * len(keys)

    def __len__(self) -> int:
        return len(self._keys)

    @overload
    def __getitem__(self, order: int) -> HandRank[C]: ...

    @overload
    def __getitem__(self, order: slice) -> Sequence[HandRank[C]]: ...

    def __getitem__(self, order: int | slice) -> HandRank[C] | Sequence[HandRank[C]]:
        if isinstance(order, slice):
            return [self[i] for i in range(*order.indices(len(self._keys)))]
        rank = self._built[order]
        if rank is None:
            if order < 0:
                order += len(self._keys)
            key = self._keys[order]
            rank = HandRank(self._system, order, self._category(key), self._words(key))  # type: ignore[arg-type]
            self._built[order] = rank
        return rank
