"""The frozen core state of DIVIDE and the events it logs."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from divided.games.divide.options import Options

HAND_SIZE = 9
"""Cards dealt to each player a round."""
TRICKS = 9
TOKENS = (1, 1, 1, 1, 3, 3, 3, 5, 5)
"""The nine scoring tokens (23 points a round)."""
REVEAL_ORDER = (0, 8, 1, 7, 2, 6, 3, 5, 4)
"""Positions of the token line in the order they turn face up: the two ends before Trick 1,
then one from each end after each of Tricks 1-4 (ruling D8b; the middle token once)."""


def revealed_by(trick: int) -> int:
    """How many tokens are face up once the Divide of ``trick`` is over (0: before Trick 1).

    >>> [revealed_by(t) for t in range(6)]
    [2, 4, 6, 8, 9, 9]
    """
    return min(len(TOKENS), 2 + 2 * trick)


class Phase(StrEnum):
    """Where the game stands."""

    DEALER = "dealer"  # chance: the first dealer
    DEAL = "deal"  # chance: the cards, nine to each player
    COMMIT = "commit"  # each player commits a card for Trick 1 (sequential hidden commits)
    PASS = "pass"  # each player passes one card left and one right (sequential hidden commits)
    TOKENS = "tokens"  # chance: a token of the line turns face up
    PLAY = "play"  # a card to the trick
    DRAFT = "draft"  # a finisher drafts a reward
    OVER = "over"


@dataclass(frozen=True, slots=True)
class PassEvent:
    """The passes of one player, logged when every pass is made and the cards change hands:
    ``left`` went to the next seat, ``right`` to the previous one."""

    round: int
    player: int
    left: int
    right: int


@dataclass(frozen=True, slots=True)
class TrickEvent:
    """A finished trick (public): its cards in playing order and the seats from 1st to last.
    Trick 1's cards are the committed ones, from the player left of the dealer."""

    round: int
    trick: int
    leader: int
    plays: tuple[tuple[int, int], ...]  # (seat, card)
    order: tuple[int, ...]
    trump: int | None  # the Trump Rank the trick was played under


@dataclass(frozen=True, slots=True)
class PickEvent:
    """A finisher's reward (public): ``action`` as numbered in :mod:`.actions`; ``token`` is the
    value claimed with Points (0 otherwise)."""

    round: int
    trick: int
    player: int
    place: int  # 1, 2 or 3
    action: int
    token: int


@dataclass(frozen=True, slots=True)
class RevealEvent:
    """A token of the line turned face up (public)."""

    round: int
    position: int
    value: int


@dataclass(frozen=True, slots=True)
class RoundEvent:
    """A finished round: each seat's points this round and the totals after it."""

    round: int
    dealer: int
    points: tuple[int, ...]
    scores: tuple[int, ...]


Event = PassEvent | TrickEvent | PickEvent | RevealEvent | RoundEvent


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended: the winners (several share the win), which step of ruling D9 decided
    (``score``, ``fives``, ``led`` or ``shared``), and why the game stopped."""

    winners: tuple[int, ...]
    decided_by: str
    reason: str


@dataclass(frozen=True, slots=True)
class DivideState:
    """Everything about a game, hidden or not. Card sets are masks over the 54-card deck."""

    options: Options
    phase: Phase
    round: int
    dealer: int  # -1 before the first dealer is drawn
    hands: tuple[int, ...]
    placed: int  # cards dealt this round (the rest of the deck is undealt)
    commits: tuple[int, ...]  # each seat's committed card this round (-1: none yet)
    passes: tuple[int, ...]  # each seat's pass action this round (-1: none yet)
    line: tuple[int, ...]  # the token line: a revealed token's value, 0 while face down
    revealed: int  # tokens face up (positions REVEAL_ORDER[:revealed])
    trick: int  # the trick being played or drafted (0 before Trick 1)
    leader: int  # who leads (or led) the current trick
    plays: tuple[tuple[int, int], ...]  # (seat, card) of the current trick so far
    finishers: tuple[int, ...]  # the top three of the last trick, during its Divide
    picks: tuple[int, ...]  # the rewards taken so far in this Divide (actions)
    trump: int | None  # the active Trump Rank (None: No Trump)
    next_leader: int  # who took Lead in the last Divide (-1: nobody yet)
    round_points: tuple[int, ...]
    scores: tuple[int, ...]  # totals of the finished rounds
    fives: tuple[int, ...]  # 5-value tokens claimed over the game
    led: tuple[int, ...]  # tricks led over the game
    log: tuple[Event, ...]
    outcome: Outcome | None

    @property
    def num_players(self) -> int:
        return self.options.players

    @property
    def first_leader(self) -> int:
        """The player left of the dealer, who leads Trick 1."""
        return (self.dealer + 1) % self.options.players
