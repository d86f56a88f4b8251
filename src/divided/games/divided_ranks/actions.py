"""Action numbering of Divided Ranks, shared by the engine and every adapter.

Player actions (``NUM_DISTINCT_ACTIONS`` = 360):

======  =====================================================================
0-209   split: the face-up pair is pair ``n`` of :data:`PAIRS` (two card indices
        of the 21-card pack, lower first, in lexicographic order)
210     choose the face-up pair
211     choose the face-down pair
212     keep (at the reserve)
213-233 give card ``n - 213`` (at the reserve)
234-359 build with split ``n - 234`` of the player's ten cards
        (split numbering of :mod:`divided.hands.arrange`)
======  =====================================================================

Chance outcomes (at most 21): a coin flip is ``0`` or ``1`` (the player it picks); a deal is
the index of the card dealt.

>>> split_action(0, 1), PAIRS[split_action(3, 20)]
(0, (3, 20))
>>> give_action(20) - GIVE, build_action(125)
(20, 359)
"""

from __future__ import annotations

from itertools import combinations

from divided.hands.arrange import SPLIT_COUNT

PAIRS: tuple[tuple[int, int], ...] = tuple(combinations(range(21), 2))
_PAIR_NUMBER = {pair: n for n, pair in enumerate(PAIRS)}

SPLIT = 0
TAKE_FACE_UP = len(PAIRS)  # 210
TAKE_FACE_DOWN = TAKE_FACE_UP + 1  # 211
KEEP = TAKE_FACE_DOWN + 1  # 212
GIVE = KEEP + 1  # 213
BUILD = GIVE + 21  # 234
NUM_DISTINCT_ACTIONS = BUILD + SPLIT_COUNT  # 360
MAX_CHANCE_OUTCOMES = 21


def split_action(card_a: int, card_b: int) -> int:
    """The split action whose face-up pair is the two given card indices."""
    return SPLIT + _PAIR_NUMBER[(min(card_a, card_b), max(card_a, card_b))]


def give_action(card: int) -> int:
    return GIVE + card


def build_action(split: int) -> int:
    return BUILD + split


def is_split(action: int) -> bool:
    return SPLIT <= action < TAKE_FACE_UP


def is_give(action: int) -> bool:
    return GIVE <= action < BUILD


def is_build(action: int) -> bool:
    return BUILD <= action < NUM_DISTINCT_ACTIONS
