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
440                     pass: decline (a discard round, a bid, a take-back, a call)
441                     stop: end the drawing ("I call", Jackpot)
442                     bid one more than the highest bid (auction)
443                     take the lot free (the auction's refusal ladder)
444                     pay to refuse the lot (the refusal ladder)
445 + mask              keep the lot's cards named by ``mask`` (3 bits: 8 masks)
456 + mask              discard as ``4 + mask`` and show the discarded cards the game lets
                        a player show (Assassin's twos): 128 masks
584 + mask              take back: give up the hand's cards named by ``mask`` for the
                        cards set aside (Bounce Back): 128 masks
712 + schedule          the dealer's call of the draws (Low-Die / High-Die): up to 256
968 - 1023              reserved for later step kinds
1024 + amount           pot and no limit: bet or raise to ``amount`` chips in front of the
                        player this round (0 to every chip at the table)
======================  ==================================================================

A game's ``num_distinct_actions`` is :data:`RAISE_TO` under fixed limit, and
``RAISE_TO + players * stack + 1`` under pot and no limit.

Chance outcomes: the first dealer is the seat drawn (0..players-1); a card dealt is its index
(:mod:`divided.games.poker.cards`).

The block 440-1023 was added for the draw games of issue 30; pot and no limit's raise-to
actions moved from 440 to 1024 with it.

>>> discard_action(0b101), assign_action(2), order_action(51), raise_to_action(12)
(9, 134, 439, 1036)
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
ORDER_END = ORDER + 52  # 440
PASS = ORDER_END  # 440
STOP = PASS + 1  # 441
BID = STOP + 1  # 442
TAKE = BID + 1  # 443
REFUSE = TAKE + 1  # 444
KEEP = REFUSE + 1  # 445
KEEP_MASKS = 8
SHOW = 456
TAKE_BACK = SHOW + DISCARD_MASKS  # 584
CALL_DRAWS = TAKE_BACK + DISCARD_MASKS  # 712
CALL_SCHEDULES = 256
RAISE_TO = 1024

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
