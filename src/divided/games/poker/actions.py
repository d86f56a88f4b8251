"""Action numbering of every poker game, shared by the engine, the room and the adapters.

======================  ==================================================================
0                       fold (only facing a bet, T6)
1                       check, or call what is owed (all-in for less when short)
2                       fixed limit: bet, raise or complete, to the round's one size
3                       bring-in (T3)
4 + mask                draw: discard the cards of the hand named by ``mask`` (bit ``i``:
                        the ``i``-th card of the hand in card order, 2s lowest, Ac highest);
                        mask 0 stands pat. 128 masks: hands of up to seven cards
132 + choice            assign the two cards dealt (10 Card Regrets): 0 both to the first
                        hand, 1 both to the second, 2 the lower card to the first and the
                        higher to the second, 3 the other way round
136 + combination       partition: the cards of the last hand (Henway's second five,
                        Cowpie's two), the ``combination``-th of the held cards' subsets of
                        that size in lexicographic order (at most C(10, 5) = 252)
388 + card              order a partitioned hand: ``card`` (0-51) is the next card from
                        the top (Henway; the last card of a hand goes in by itself)
440 + amount            pot and no limit: bet or raise to ``amount`` chips in front of the
                        player this round (0 to every chip at the table)
======================  ==================================================================

A game's ``num_distinct_actions`` is :data:`RAISE_TO` under fixed limit, and
``RAISE_TO + players * stack + 1`` under pot and no limit.

Chance outcomes: the first dealer is the seat drawn (0..players-1); a card dealt is its index
(0-51, :mod:`divided.games.poker.cards`).

>>> discard_action(0b101), assign_action(2), order_action(51), raise_to_action(12)
(9, 134, 439, 452)
"""

from __future__ import annotations

from itertools import combinations

FOLD = 0
CALL = 1
RAISE = 2
BRING_IN = 3
DISCARD = 4
DISCARD_MASKS = 128
ASSIGN = DISCARD + DISCARD_MASKS  # 132
ASSIGN_CHOICES = 4
PARTITION = ASSIGN + ASSIGN_CHOICES  # 136
PARTITION_CHOICES = 252
ORDER = PARTITION + PARTITION_CHOICES  # 388
RAISE_TO = ORDER + 52  # 440

BOTH_FIRST, BOTH_SECOND, LOWER_FIRST, LOWER_SECOND = range(4)


def discard_action(mask: int) -> int:
    return DISCARD + mask


def assign_action(choice: int) -> int:
    return ASSIGN + choice


def partition_action(combination: int) -> int:
    return PARTITION + combination


def order_action(card: int) -> int:
    return ORDER + card


def raise_to_action(amount: int) -> int:
    return RAISE_TO + amount


def subsets(n: int, k: int) -> tuple[tuple[int, ...], ...]:
    """The ``k``-subsets of ``range(n)`` in lexicographic order (partition choices)."""
    try:
        return _SUBSETS[n, k]
    except KeyError:
        made = _SUBSETS[n, k] = tuple(combinations(range(n), k))
        return made


_SUBSETS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def num_distinct_actions(structure: str, total_chips: int) -> int:
    """The size of a game's action space under its structure and the chips at the table."""
    return RAISE_TO if structure == "fixed" else RAISE_TO + total_chips + 1
