"""The frozen core state of Card Commons and the events it logs."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from divided.cards import PACK_21
from divided.games.card_commons.options import Options

ALL_CARDS = (1 << PACK_21.size) - 1
HAND_SIZE = 6
"""Cards dealt to each player at the start of a round."""
TURNS = 8
"""Turns in a round: four each, alternating."""
COLLECTION_SIZE = 8
FIVE_POINTS = 2
THREE_POINTS = 1
DEALT_PER_ROUND = 1 + 2 * HAND_SIZE
"""The card set aside, then six to each player (the starter first)."""


class Phase(StrEnum):
    """Where the match stands."""

    COIN = "coin"
    DEAL = "deal"
    DRAW = "draw"
    ACT = "act"
    KEEP = "keep"
    BUILD = "build"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class TurnEvent:
    """A player used one of the four actions (``action`` as numbered in :mod:`.actions`); the cards
    of a Reserve or a Discard are seen by that player only."""

    round: int
    player: int
    action: int


@dataclass(frozen=True, slots=True)
class KeepEvent:
    """The opponent of an offer kept a card or a set (public)."""

    round: int
    player: int
    action: int


@dataclass(frozen=True, slots=True)
class BuildEvent:
    """A player committed a build: ``three`` is the 3-card hand (secret until both have built)."""

    round: int
    player: int
    three: int


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round, as both players see it at the showdown.

    ``five`` and ``three`` name the seat that won each comparison (``None`` when the hands were
    equal); ``points`` is what each seat scored this round and ``scores`` the totals after it."""

    round: int
    starter: int
    collections: tuple[int, int]
    threes: tuple[int, int]
    five: int | None
    three: int | None
    points: tuple[int, int]
    scores: tuple[int, int]
    extra: bool

    @property
    def fives(self) -> tuple[int, int]:
        """Each seat's 5-card hand (mask)."""
        return (self.collections[0] ^ self.threes[0], self.collections[1] ^ self.threes[1])

    @property
    def decider(self) -> int | None:
        """The seat this round's comparisons separate (5-card first, then 3-card), if any."""
        return self.five if self.five is not None else self.three


Event = TurnEvent | KeepEvent | BuildEvent


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the match ended: ``winner`` (``None`` for a draw at the extra-round cap) and why."""

    winner: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class CardCommonsState:
    """Everything about a match, hidden or not. Card sets are masks over the 21-card pack."""

    options: Options
    phase: Phase
    round: int
    starter: int  # this round's starter (-1 before the coin)
    scores: tuple[int, int]
    hands: tuple[int, int]
    reserved: tuple[int, int]
    face_up: tuple[int, int]
    discards: tuple[int, int]
    used: tuple[int, int]  # bit k set: action kind k used this round
    aside: int
    placed: int  # every card dealt, drawn or set aside this round (the draw pile is the rest)
    deal_count: int  # cards set aside or dealt this round (0..13)
    turn: int  # turns completed this round (0..8)
    offer: int  # the pending offer's action, or -1
    drawn: int  # the card the player to act drew this turn (0 outside the act phase)
    builds: tuple[int, int]  # committed 3-card hands (0 = not yet)
    log: tuple[Event, ...]
    rounds: tuple[RoundResult, ...]
    extra: bool  # the current round is an extra round (ruling C6)
    extra_rounds: int  # extra rounds started so far
    outcome: Outcome | None

    def turn_player(self) -> int:
        """Whose turn it is (the starter takes turns 0, 2, 4 and 6)."""
        return self.starter if self.turn % 2 == 0 else 1 - self.starter

    @property
    def pile(self) -> int:
        """The draw pile (its order is drawn at chance nodes, one card at a time)."""
        return ALL_CARDS & ~self.placed

    def collection(self, player: int) -> int:
        return self.reserved[player] | self.face_up[player]
