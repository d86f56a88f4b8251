"""Pots from contributions and their division among awards (poker-table.md T9, T11, T12).

:func:`layers` cuts the deal's contributions into pots, each with the seats that may win it;
:func:`divide` shares one pot among a game's awards, given who won each award of that pot and
in which order tied winners receive odd chips. Which hands win is the showdown's business
(:mod:`divided.games.poker.showdown`): this module only moves chips.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pot:
    """One layer of the chips put in: its amount and the seats that may win it, in seat order."""

    amount: int
    eligible: tuple[int, ...]


def layers(contributed: Sequence[int], live: Sequence[bool], carried: int = 0) -> tuple[Pot, ...]:
    """The pots (T9): cut at the total contribution of each seat still in that is all-in below
    the top (lowest first); a layer holds every seat's chips between the previous cut and its
    own, folded seats' included; ``carried`` chips from an earlier deal join the lowest layer.
    A seat still in may win every layer up to its own total. Layers nobody may win are merged
    into the layer below them (chips of folded seats above every live seat's total)."""
    raise NotImplementedError


@dataclass(frozen=True, slots=True)
class AwardWinners:
    """Who won one award of one pot: ``winners`` in the order odd chips go to them (T11: by the
    deciding card or by seat, as the caller ordered them); empty when nobody can win it (a low
    that fails its qualifier). ``share`` is the award's weight (1 for each half of a high-low
    pot; 60/30/10 for places)."""

    winners: tuple[int, ...]
    share: int = 1


def divide(pot: Pot, awards: Sequence[AwardWinners], seats: int) -> tuple[int, ...]:
    """Each seat's chips from ``pot`` (T11): each award takes its share rounded down, the chips
    left over going to the first award that has winners; an award without winners passes its
    share to the others; tied winners split an award equally and its odd chips go one at a
    time in the winners' order. The result sums to ``pot.amount``."""
    raise NotImplementedError
