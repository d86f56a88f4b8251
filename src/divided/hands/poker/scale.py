"""One order for the five-card high hands of every wild-card list: the *high scale*.

Each :func:`~divided.hands.poker.system` numbers only the classes its own hands can reach, so
the orders of ``system("high", wild="7d")`` and ``system("high", wild="6c 6d 6h 6s")`` do not
compare. A game whose players have different wild cards (each player's lowest card, a buck)
compares hands on this scale instead: every high key a five-card hand can reach with any wild
cards (five of a kind included), weakest first. :func:`on_scale` maps a system's orders onto it.

>>> from divided.cards import parse_cards
>>> seven, six = system("high", wild="7d"), system("high", wild="6c 6d 6h 6s")
>>> a = on_scale(seven)[seven.strength(parse_cards("7d Ks Kh Kd 2c"))]  # four kings
>>> b = on_scale(six)[six.strength(parse_cards("6c Ks Kh Kd 2c"))]  # four kings
>>> c = on_scale(system("high"))[system("high").strength(parse_cards("As Ah Ad Ac 2c"))]
>>> a == b < c < len(HIGH_SCALE)
True
"""

from __future__ import annotations

from divided.hands.poker import high, wild
from divided.hands.poker.keys import Key, high_words
from divided.hands.poker.rules import system
from divided.hands.value import HandCategory, RankingSystem

HIGH_SCALE: tuple[Key, ...] = tuple(wild.high_keys())
"""Every high key of five cards with or without wild cards, weakest first."""

_POSITION = {key: position for position, key in enumerate(HIGH_SCALE)}


def on_scale(ranking: RankingSystem[HandCategory]) -> tuple[int, ...]:
    """For each order of ``ranking`` (plain ``high`` or ``high`` with wild cards, no other
    option), its place on :data:`HIGH_SCALE`; -1 for an incomplete hand (fewer than five cards).
    Made once per system (systems are cached, so kept for good)."""
    found = _MADE.get(id(ranking))
    if found is not None and found[0] is ranking:
        return found[1]
    if ranking is system("high"):
        keys = high.class_keys()
    elif isinstance(ranking, wild.WildSystem) and ranking.rules == "high" and not (
            ranking.bug or ranking.natural_beats_wild or ranking.double_ace_flush):
        keys = tuple(ranking.key_of(order) for order in range(ranking.classes))
    else:
        raise ValueError(f"the high scale orders plain high hands with wild cards, not {ranking!r}")
    scale = tuple(_POSITION.get(key, -1) for key in keys)
    _MADE[id(ranking)] = (ranking, scale)
    return scale


def words_at(position: int) -> str:
    """The hand at this place of :data:`HIGH_SCALE` in words ("Five of a Kind, aces").

    >>> words_at(len(HIGH_SCALE) - 1)
    'Five of a Kind, aces'
    """
    return high_words(HIGH_SCALE[position])


_MADE: dict[int, tuple[RankingSystem[HandCategory], tuple[int, ...]]] = {}
