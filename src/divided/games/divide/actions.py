"""DIVIDE's flat action numbering.

- ``0..53``: a card (a commit for Trick 1, or a card played to a trick), its index in the
  54-card deck.
- ``54 + 54 * left + right``: a pass, one action for both cards (the card to the left and the
  card to the right, ``left != right``). One action, not two hidden halves: a pass is a single
  secret choice (ruling D3), no state ever holds half of one, and a player has at most 56 passes.
- ``2970``: take Points; ``2971``: take Lead; ``2972 + rank - 2``: take Trump and declare the
  rank (2..A); ``2985``: take Trump and declare No Trump. Taking Trump and naming the rank is one
  action because the rank is chosen the moment the reward is taken (ruling D7); a third finisher
  left with Trump chooses among the fourteen declarations (D10).

Chance outcomes reuse small numbers: the first dealer's seat, a dealt card's index, a revealed
token's value (1, 3 or 5).

>>> describe(pass_action(0, 51)), describe(trump_action(12)), describe(NO_TRUMP)
('pass 2s left, Ac right', 'take Trump: Q', 'take Trump: No Trump')
>>> parse("pass 2s Ac") == pass_action(0, 51), parse("trump q") == trump_action(12)
(True, True)
>>> parse("no trump") == parse("trump none") == parse("take Trump: No Trump") == NO_TRUMP
True
"""

from __future__ import annotations

import re
from enum import StrEnum

from divided.cards import STANDARD_54
from divided.errors import InvalidNotationError
from divided.games.divide.tricks import rank_name

DECK_SIZE = 54
PASS_BASE = DECK_SIZE
POINTS = PASS_BASE + DECK_SIZE * DECK_SIZE  # 2970
LEAD = POINTS + 1
TRUMP_BASE = LEAD + 1  # Trump 2 .. Trump A
NO_TRUMP = TRUMP_BASE + 13
NUM_DISTINCT_ACTIONS = NO_TRUMP + 1
MAX_CHANCE_OUTCOMES = DECK_SIZE
TRUMP_ACTIONS = tuple(range(TRUMP_BASE, NO_TRUMP + 1))


class Reward(StrEnum):
    """The three rewards of a trick's Divide."""

    POINTS = "points"
    TRUMP = "trump"
    LEAD = "lead"


def pass_action(left: int, right: int) -> int:
    """The pass of card ``left`` to the left neighbour and ``right`` to the right one."""
    if left == right or not (0 <= left < DECK_SIZE and 0 <= right < DECK_SIZE):
        raise ValueError(f"a pass needs two different cards, got {left} and {right}")
    return PASS_BASE + DECK_SIZE * left + right


def pass_cards(action: int) -> tuple[int, int]:
    """The (left, right) cards of a pass action."""
    if not PASS_BASE <= action < POINTS:
        raise ValueError(f"{action} is not a pass")
    left, right = divmod(action - PASS_BASE, DECK_SIZE)
    if left == right:
        raise ValueError(f"{action} passes the same card twice")
    return left, right


def trump_action(rank: int | None) -> int:
    """Take Trump and declare ``rank`` (2..14), or No Trump for ``None``."""
    if rank is None:
        return NO_TRUMP
    if not 2 <= rank <= 14:
        raise ValueError(f"a Trump Rank is 2..14 (A), got {rank}")
    return TRUMP_BASE + rank - 2


def reward_of(action: int) -> Reward:
    if action == POINTS:
        return Reward.POINTS
    if action == LEAD:
        return Reward.LEAD
    if TRUMP_BASE <= action <= NO_TRUMP:
        return Reward.TRUMP
    raise ValueError(f"{action} is not a reward")


def declared_rank(action: int) -> int | None:
    """The rank a Trump action declares (``None``: No Trump)."""
    if not TRUMP_BASE <= action <= NO_TRUMP:
        raise ValueError(f"{action} is not a Trump action")
    return None if action == NO_TRUMP else action - TRUMP_BASE + 2


def is_card(action: int) -> bool:
    return 0 <= action < DECK_SIZE


def is_pass(action: int) -> bool:
    return PASS_BASE <= action < POINTS and (action - PASS_BASE) // DECK_SIZE != (action - PASS_BASE) % DECK_SIZE


def is_reward(action: int) -> bool:
    return POINTS <= action <= NO_TRUMP


def describe(action: int) -> str:
    """The action in words (cards in the project's notation)."""
    if is_card(action):
        return str(STANDARD_54[action])
    if is_pass(action):
        left, right = pass_cards(action)
        return f"pass {STANDARD_54[left]} left, {STANDARD_54[right]} right"
    if action == POINTS:
        return "take Points"
    if action == LEAD:
        return "take Lead"
    if is_reward(action):
        return f"take Trump: {rank_name(declared_rank(action))}"
    raise ValueError(f"{action!r} is not a DIVIDE action")


_RANKS = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "t": 10, "10": 10, "j": 11,
          "q": 12, "k": 13, "a": 14}


def parse(text: str) -> int:
    """Read an action as :func:`describe` writes it, or shorter: ``Qh``, ``pass Qh 2c``,
    ``points``, ``lead``, ``trump 7``, ``trump none`` (or ``no trump``), or its number."""
    words = [w for w in re.split(r"[\s,:]+", text.strip().lower()) if w]
    if not words:
        raise InvalidNotationError("empty action: write e.g. 'Qh', 'pass Qh 2c', 'points' or 'trump 7'")
    if len(words) == 1 and words[0].isdigit():
        return int(words[0])
    if words[0] == "take":
        words = words[1:]
    if words in (["points"], ["point"]):
        return POINTS
    if words == ["lead"]:
        return LEAD
    if words == ["no", "trump"]:
        return NO_TRUMP
    if words[:1] == ["trump"] and len(words) >= 2:
        rest = " ".join(words[1:])
        if rest in ("none", "no trump", "no"):
            return NO_TRUMP
        if rest in _RANKS:
            return trump_action(_RANKS[rest])
    if words[:1] == ["pass"]:
        cards = [w for w in words[1:] if w not in ("left", "right")]
        if len(cards) == 2:
            left, right = (STANDARD_54.index(STANDARD_54.parse_card(c)) for c in cards)
            if left != right:
                return pass_action(left, right)
        raise InvalidNotationError(f"cannot read {text!r}: a pass is written 'pass Qh left, 2c right' "
                                   "(two different cards)")
    if len(words) == 1:
        return STANDARD_54.index(STANDARD_54.parse_card(words[0]))
    raise InvalidNotationError(f"cannot read {text!r}: write a card ('Qh'), a pass ('pass Qh 2c'), "
                               "'points', 'lead', 'trump 7' or 'trump none'")
