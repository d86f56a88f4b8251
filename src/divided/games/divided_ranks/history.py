"""The one reader of a Divided Ranks view's log: the game so far, as the viewer saw it.

Every part of the project that needs the past of a game (the books, the world sampler, the
bots' draft playouts, the web app's log, the adapters' observations) reads it here from a
:class:`~divided.games.divided_ranks.view.PlayerView`, never from the full state, so a
change of what the rules show (a variant, the spectator's view) is made once.

>>> from divided import games
>>> state = games.load("divided-ranks", first_splitter=0).new_initial_state(seed=3)
>>> state.apply_action(state.legal_actions()[0])
>>> past = read_history(state.observation(1))
>>> [(r.splitter, r.face_down, r.took_face_up) for r in past.rounds]
[(0, None, None)]
>>> past.finished_rounds, past.reserve, past.draft_hand
((), (), 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from divided.games.divided_ranks.view import SeenBuild, SeenChoice, SeenReserve, SeenSplit

if TYPE_CHECKING:
    from divided.games.divided_ranks.view import PlayerView


@dataclass(frozen=True, slots=True)
class Round:
    """One split round as the viewer saw it (card sets are masks over the 21-card pack).

    ``face_down`` is the face-down pair if the viewer saw it (they split it, or took it),
    else ``None``; ``took_face_up`` is the chooser's choice, ``None`` while they decide.
    """

    number: int
    splitter: int
    face_up: int
    face_down: int | None
    took_face_up: bool | None

    @property
    def chooser(self) -> int:
        return 1 - self.splitter

    @property
    def is_finished(self) -> bool:
        """Whether the chooser has chosen."""
        return self.took_face_up is not None

    @property
    def seen(self) -> int:
        """The cards of this round the viewer saw."""
        return self.face_up | (self.face_down or 0)


@dataclass(frozen=True, slots=True)
class History:
    """A view's past, read once from its log.

    ``rounds``: every split made so far, in order (the one being chosen included);
    ``reserve``: the reserve decisions in order, with the cards where the rules show them;
    ``builds``: the committed builds (their splits only where shown); ``draft_hand``: the
    viewer's hand as the draft ended, before their own reserve swap (0 for a spectator).
    """

    rounds: tuple[Round, ...]
    reserve: tuple[SeenReserve, ...]
    builds: tuple[SeenBuild, ...]
    draft_hand: int

    @property
    def finished_rounds(self) -> tuple[Round, ...]:
        """The rounds whose chooser has chosen."""
        return tuple(played for played in self.rounds if played.is_finished)

    def taken_at_reserve(self, player: int) -> int:
        """The cards the viewer saw ``player`` take from the reserve (mask)."""
        taken = 0
        for event in self.reserve:
            if event.player == player and event.took is not None:
                taken |= 1 << event.took
        return taken


def read_history(view: PlayerView) -> History:
    """The past of the game as ``view`` shows it (see :class:`History`)."""
    splits: dict[int, SeenSplit] = {}
    choices: dict[int, SeenChoice] = {}
    reserve: list[SeenReserve] = []
    builds: list[SeenBuild] = []
    for event in view.log:
        if isinstance(event, SeenSplit):
            splits[event.round] = event
        elif isinstance(event, SeenChoice):
            choices[event.round] = event
        elif isinstance(event, SeenReserve):
            reserve.append(event)
        else:
            builds.append(event)
    rounds = []
    for number in sorted(splits):
        split = splits[number]
        choice = choices.get(number)
        face_down: int | None = None
        if split.drawn is not None:  # the viewer split this round: they saw all four cards
            face_down = split.drawn ^ split.face_up
        elif choice is not None and choice.face_down is not None:
            face_down = choice.face_down
        rounds.append(Round(number, split.splitter, split.face_up, face_down,
                            None if choice is None else choice.took_face_up))
    draft_hand = view.hand
    for event in reserve:  # undo the viewer's own swap
        if event.player == view.player and event.swapped:
            assert event.gave is not None and event.took is not None
            draft_hand = draft_hand ^ (1 << event.took) | (1 << event.gave)
    return History(tuple(rounds), tuple(reserve), tuple(builds), draft_hand)
