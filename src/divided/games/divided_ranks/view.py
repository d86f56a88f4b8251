"""What one player may see of a Divided Ranks game: the only door to hidden information.

:func:`observe` projects the full state onto a :class:`PlayerView`. A card the rules keep from
the player is simply absent (``None`` or a count); bots, the command line and the knowledge
books are built from views alone. ``observe(state, None)`` is a spectator's view: what every
player sees (the face-up pairs, who chose what, a face-down pair once the chooser took it (both
players have seen it then), the hand sizes, a reserve swap's cards only in the face-up variant,
the builds at the showdown).

>>> from divided import games
>>> state = games.load("divided-ranks", first_splitter=0).new_initial_state(seed=3)
>>> state.apply_action(state.legal_actions()[0])
>>> seated, spectator = state.observation(1), state.observation(None)
>>> spectator.player, spectator.hand, spectator.offer == seated.offer != 0, spectator.num_players
(None, 0, True, 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from divided.games.base import Result
from divided.games.divided_ranks.options import Options
from divided.games.divided_ranks.state import (
    BuildEvent,
    ChoiceEvent,
    Outcome,
    Phase,
    ReserveEvent,
    SplitEvent,
    result_of,
)
from divided.games.frozen_builder import builder
from divided.games.seen_log import SeenLog

if TYPE_CHECKING:
    from divided.games.divided_ranks.state import DividedRanksState


@dataclass(frozen=True, slots=True)
class SeenSplit:
    """A split as the player saw it: ``drawn`` only for the splitter (masks)."""

    round: int
    splitter: int
    drawn: int | None
    face_up: int


@dataclass(frozen=True, slots=True)
class SeenChoice:
    """A choice as the player saw it: ``face_down`` only if the player saw that pair."""

    round: int
    chooser: int
    took_face_up: bool
    face_down: int | None


@dataclass(frozen=True, slots=True)
class SeenReserve:
    """A reserve decision as the player saw it: the cards only where the rules show them."""

    player: int
    swapped: bool
    gave: int | None
    took: int | None


@dataclass(frozen=True, slots=True)
class SeenBuild:
    """A committed build; its split is shown only to its owner (the showdown shows both)."""

    player: int
    split: int | None


SeenEvent = SeenSplit | SeenChoice | SeenReserve | SeenBuild


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything ``player`` may know, as data. Card sets are masks over the 21-card pack.

    ``drawn`` is the four cards being split when the viewer is the splitter; ``offer`` the
    face-up pair on the table while the chooser decides; ``offer_face_down`` the face-down pair
    if the viewer split it. ``outcome`` (with both players' hands) appears at the showdown.
    A spectator's view has ``player`` ``None``, no hand and no build of its own.
    It satisfies the generic :class:`~divided.games.base.View`.
    """

    player: int | None
    options: Options
    phase: Phase
    current_player: int
    round: int
    first_splitter: int
    reserve_first: int
    hand: int
    hand_sizes: tuple[int, int]
    stock_size: int
    drawn: int
    offer: int
    offer_face_down: int
    my_build: int
    built: tuple[bool, bool]
    log: tuple[SeenEvent, ...]
    outcome: Outcome | None

    @property
    def seat(self) -> int:
        """The viewer's seat; a spectator has none (:class:`ValueError`)."""
        if self.player is None:
            raise ValueError("a spectator's view has no seat (player is None)")
        return self.player

    @property
    def opponent(self) -> int:
        """The other seat; a spectator has no opponent (:class:`ValueError`)."""
        if self.player is None:
            raise ValueError("a spectator's view has no opponent (player is None)")
        return 1 - self.player

    @property
    def num_players(self) -> int:
        return 2

    @property
    def result(self) -> Result | None:
        """The generic result, once the game is over."""
        return None if self.outcome is None else result_of(self.outcome)


def _see(event: object, player: int | None, face_up_swap: bool) -> SeenEvent:
    if player is None:  # a spectator: what the rules show every player
        return _see_public(event, face_up_swap)
    if isinstance(event, SplitEvent):
        mine = event.splitter == player
        return SeenSplit(event.round, event.splitter, event.drawn if mine else None, event.face_up)
    if isinstance(event, ChoiceEvent):
        sees_down = event.chooser != player or not event.took_face_up
        return SeenChoice(event.round, event.chooser, event.took_face_up,
                          event.face_down if sees_down else None)
    if isinstance(event, ReserveEvent):
        shown = event.player == player or face_up_swap
        return SeenReserve(
            event.player, event.swapped,
            event.gave if shown and event.swapped else None,
            event.took if shown and event.swapped else None,
        )
    assert isinstance(event, BuildEvent)
    return SeenBuild(event.player, event.split if event.player == player else None)


def _see_public(event: object, face_up_swap: bool) -> SeenEvent:
    """An event as every player sees it: a split's face-up pair, a choice (with the face-down
    pair when the chooser took it: then both players have seen it), a reserve decision (its
    cards only in the face-up variant), a build (its split hidden until the showdown)."""
    if isinstance(event, SplitEvent):
        return SeenSplit(event.round, event.splitter, None, event.face_up)
    if isinstance(event, ChoiceEvent):
        return SeenChoice(event.round, event.chooser, event.took_face_up,
                          None if event.took_face_up else event.face_down)
    if isinstance(event, ReserveEvent):
        shown = face_up_swap and event.swapped
        return SeenReserve(event.player, event.swapped, event.gave if shown else None,
                           event.took if shown else None)
    assert isinstance(event, BuildEvent)
    return SeenBuild(event.player, None)


def _see_by(event: object, viewer: tuple[int | None, bool]) -> SeenEvent:
    """``event`` as ``viewer`` (a seat or ``None``, and whether swaps are face up) sees it."""
    return _see(event, viewer[0], viewer[1])


_build_view = builder(PlayerView)
"""``PlayerView(...)``, faster (:mod:`divided.games.frozen_builder`), for :func:`observe`."""

SEEN_LOG: SeenLog[object, tuple[int | None, bool], SeenEvent] = SeenLog(_see_by)
"""Each viewer's log, translated incrementally (:class:`~divided.games.seen_log.SeenLog`)."""


def observe(state: DividedRanksState, player: int | None, current_player: int | None = None) -> PlayerView:
    """The view of ``player`` (0 or 1) of ``state``; ``None`` gives a spectator's view.
    ``current_player`` is the rules' (asked when not given)."""
    if current_player is None:
        from divided.games.divided_ranks.rules import DividedRanksRules

        current_player = DividedRanksRules().current_player(state)
    if player is not None and player not in (0, 1):
        raise ValueError(f"no player {player!r} in Divided Ranks: players are 0 and 1 (None: a spectator)")
    phase = state.phase
    over = phase == Phase.OVER
    splitting = phase in (Phase.SPLIT, Phase.CHOOSE)
    is_splitter = player is not None and splitting and state.splitter() == player
    face_up_swap = state.options.face_up_swap
    log = SEEN_LOG(state.log, (player, face_up_swap))
    if over:  # the showdown reveals both builds
        log = tuple(SeenBuild(e.player, state.builds[e.player]) if isinstance(e, SeenBuild) else e
                    for e in log)
    return _build_view(
        player=player,
        options=state.options,
        phase=phase,
        current_player=current_player,
        round=state.round,
        first_splitter=state.first_splitter,
        reserve_first=state.reserve_first,
        hand=0 if player is None else state.hands[player],
        hand_sizes=(state.hands[0].bit_count(), state.hands[1].bit_count()),
        stock_size=state.stock_size(),
        drawn=state.drawn() if phase == Phase.SPLIT and is_splitter else 0,
        offer=state.face_up if phase == Phase.CHOOSE else 0,
        offer_face_down=state.face_down if phase == Phase.CHOOSE and is_splitter else 0,
        my_build=-1 if player is None else state.builds[player],
        built=(state.builds[0] >= 0, state.builds[1] >= 0),
        log=log,
        outcome=state.outcome,
    )
