"""The frozen core state of Divided Ranks and the events it logs."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from divided.cards import PACK_21
from divided.games.base import Result
from divided.games.divided_ranks.options import Options
from divided.games.divided_ranks.scoring import Scoring

ALL_CARDS = (1 << PACK_21.size) - 1
ROUNDS = 5
PAIR_SIZE = 2
SPLIT_SIZE = 4


class Phase(StrEnum):
    """Where the game stands."""

    FIRST_SPLITTER_COIN = "first-splitter-coin"
    RESERVE_ORDER_COIN = "reserve-order-coin"
    DEAL = "deal"
    SPLIT = "split"
    CHOOSE = "choose"
    RESERVE = "reserve"
    BUILD = "build"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class SplitEvent:
    """A splitter divided the four cards ``drawn``; ``face_up`` is the pair shown (masks)."""

    round: int
    splitter: int
    drawn: int
    face_up: int


@dataclass(frozen=True, slots=True)
class ChoiceEvent:
    """The chooser took the face-up or the face-down pair; ``face_down`` is that pair's mask."""

    round: int
    chooser: int
    took_face_up: bool
    face_down: int


@dataclass(frozen=True, slots=True)
class ReserveEvent:
    """A reserve decision: keep (both cards -1) or give ``gave`` and take ``took`` (indices)."""

    player: int
    gave: int
    took: int

    @property
    def swapped(self) -> bool:
        return self.gave >= 0


@dataclass(frozen=True, slots=True)
class BuildEvent:
    """A player committed split number ``split`` of their ten cards (secret until both have)."""

    player: int
    split: int


Event = SplitEvent | ChoiceEvent | ReserveEvent | BuildEvent

SCORING_STEPS = (
    "the categories of the weaker hands",
    "the categories of the stronger hands",
    "the weaker hands card for card",
    "the stronger hands card for card",
)
"""The four scoring comparisons of the rules, in order (index ``step - 1``)."""

STEPS_BY_SCORING: dict[Scoring, tuple[str, ...]] = {
    Scoring.CATEGORIES_FIRST: SCORING_STEPS,
    Scoring.WEAKER_FIRST: ("the weaker hands card for card", "the stronger hands card for card"),
}
"""The comparisons of each scoring order, in order."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    ``winner`` is ``None`` for a draw; ``step`` (1-4) is the scoring comparison that decided,
    ``None`` for a draw. ``keys`` are both players' result keys under the scoring order
    (for ``categories-first``: weaker category, stronger category, weaker strength, stronger
    strength); ``hands`` each player's (weaker, stronger) hand masks.
    """

    winner: int | None
    step: int | None
    keys: tuple[tuple[int, ...], tuple[int, ...]]
    hands: tuple[tuple[int, int], tuple[int, int]]
    scoring: Scoring = Scoring.CATEGORIES_FIRST

    @property
    def step_name(self) -> str | None:
        """The comparison that decided, in words (``None`` for a draw)."""
        return None if self.step is None else STEPS_BY_SCORING[self.scoring][self.step - 1]

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def describe(self) -> str:
        """The result in plain words."""
        if self.winner is None or self.step is None:
            return "Draw: every scoring comparison is equal."
        return f"Player {self.winner} wins, decided by {self.step_name} (scoring step {self.step})."


_SPLITTING = frozenset((Phase.SPLIT, Phase.CHOOSE))
_BEFORE_THE_SPLITS = frozenset((Phase.FIRST_SPLITTER_COIN, Phase.RESERVE_ORDER_COIN, Phase.DEAL))
"""(Sets built once: an enum member looked up on its class costs about 0.2 µs.)"""


@dataclass(frozen=True, slots=True)
class DividedRanksState:
    """Everything about a game of Divided Ranks, including what players may not see.

    Card sets are bit masks over :data:`PACK_21`; single cards are indices (-1 for none).
    ``deal`` lists the dealt cards: ``deal[0]`` is the original reserve, ``deal[1:]`` the stock
    from the top. Only :mod:`view` may turn this into something a player sees.
    """

    options: Options
    phase: Phase
    first_splitter: int
    reserve_first: int
    deal: tuple[int, ...]
    round: int
    face_up: int
    face_down: int
    hands: tuple[int, int]
    reserve: int
    reserve_turns: int
    builds: tuple[int, int]
    log: tuple[Event, ...]
    outcome: Outcome | None

    def splitter(self) -> int:
        """The splitter of the current round."""
        return self.first_splitter if self.round % 2 == 0 else 1 - self.first_splitter

    def reserve_player(self) -> int:
        """The player to decide at the reserve now."""
        return self.reserve_first if self.reserve_turns == 0 else 1 - self.reserve_first

    def drawn(self) -> int:
        """The four cards the current splitter holds (mask), during a split round."""
        start = 1 + SPLIT_SIZE * self.round
        mask = 0
        for card in self.deal[start : start + SPLIT_SIZE]:
            mask |= 1 << card
        return mask

    def stock_size(self) -> int:
        """Cards still in the stock (the four being split are no longer in it)."""
        if self.phase in _SPLITTING:
            return max(0, len(self.deal) - 1 - SPLIT_SIZE * (self.round + 1))
        if self.phase in _BEFORE_THE_SPLITS:
            return max(0, len(self.deal) - 1)
        return 0

    def __str__(self) -> str:
        hands = " / ".join(PACK_21.format_mask(h) or "-" for h in self.hands)
        reserve = str(PACK_21[self.reserve]) if self.reserve >= 0 else "-"
        return f"[{self.phase} round {self.round + 1}] hands: {hands}; reserve {reserve}"


def result_of(outcome: Outcome) -> Result:
    """The generic :class:`Result` of a finished game's :class:`Outcome`."""
    returns = (0.0, 0.0) if outcome.winner is None else ((1.0, -1.0) if outcome.winner == 0 else (-1.0, 1.0))
    if outcome.winner is None:
        headline = "A draw: every scoring comparison is equal"
    else:
        headline = f"Player {outcome.winner} wins on {outcome.step_name}"
    return Result.from_returns(returns, headline, {"step": outcome.step, "step_name": outcome.step_name})
