"""Plain words for standard-deck ranks, shared by the poker ranking systems' descriptions.

Ranks are the integers of :class:`~divided.cards.Rank` (2 to 14, the ace 14); the ace played
low is 1 and reads as an ace too.

>>> one(14), one(8), many(6), many(1), listed([13, 12, 2])
('an ace', 'an eight', 'sixes', 'aces', 'a king, a queen and a two')
>>> symbol(10), symbol(1)
('10', 'A')
"""

from __future__ import annotations

from collections.abc import Sequence

_NAMES = {
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}
_PLURALS = {rank: (name + "es" if name.endswith("x") else name + "s") for rank, name in _NAMES.items()}
_SYMBOLS = {rank: (str(rank) if 2 <= rank <= 10 else {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}[rank]) for rank in _NAMES}


def name(rank: int) -> str:
    """The rank's name: ``six``, ``ace``."""
    return _NAMES[rank]


def one(rank: int) -> str:
    """The rank with its article: ``a six``, ``an eight``, ``an ace``."""
    word = _NAMES[rank]
    return ("an " if word[0] in "ae" else "a ") + word


def many(rank: int) -> str:
    """The rank's plural: ``sixes``, ``aces``."""
    return _PLURALS[rank]


def symbol(rank: int) -> str:
    """The rank as written in a hand: ``10``, ``J``, ``A`` (1 and 14 are both ``A``)."""
    return _SYMBOLS[rank]


def listed(ranks: Sequence[int]) -> str:
    """Ranks with articles joined as a sentence: ``a king, a queen and a two``."""
    words = [one(rank) for rank in ranks]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def run(ranks: Sequence[int]) -> str:
    """Ranks as a dash-joined run, highest first as given: ``7-5-4-3-2``, ``6-4-3-2-A``."""
    return "-".join(symbol(rank) for rank in ranks)
