"""What one player may see of a Divided Ranks game: the only door to hidden information.

:func:`observe` projects the full state onto a :class:`PlayerView`. A card the rules keep from
the player is simply absent (``None`` or a count); bots, the command line and the knowledge
books are built from views alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from divided.games.divided_ranks.options import Options
from divided.games.divided_ranks.state import (
    BuildEvent,
    ChoiceEvent,
    Outcome,
    Phase,
    ReserveEvent,
    SplitEvent,
)

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
    """

    player: int
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
    def opponent(self) -> int:
        return 1 - self.player


def _see(event: object, player: int, face_up_swap: bool) -> SeenEvent:
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


def observe(state: DividedRanksState, player: int | None) -> PlayerView:
    """The view of ``player`` (0 or 1) of ``state``."""
    from divided.games.divided_ranks.rules import DividedRanksRules

    if player is None:
        raise ValueError("Divided Ranks has no spectator's view yet")
    if player not in (0, 1):
        raise ValueError(f"no player {player!r} in Divided Ranks: players are 0 and 1")
    phase = state.phase
    over = phase == Phase.OVER
    splitting = phase in (Phase.SPLIT, Phase.CHOOSE)
    is_splitter = splitting and state.splitter() == player
    face_up_swap = state.options.face_up_swap
    log = tuple(_see(event, player, face_up_swap) for event in state.log)
    if over:  # the showdown reveals both builds
        log = tuple(SeenBuild(e.player, state.builds[e.player]) if isinstance(e, SeenBuild) else e
                    for e in log)
    return PlayerView(
        player=player,
        options=state.options,
        phase=phase,
        current_player=DividedRanksRules().current_player(state),
        round=state.round,
        first_splitter=state.first_splitter,
        reserve_first=state.reserve_first,
        hand=state.hands[player],
        hand_sizes=(state.hands[0].bit_count(), state.hands[1].bit_count()),
        stock_size=state.stock_size(),
        drawn=state.drawn() if phase == Phase.SPLIT and is_splitter else 0,
        offer=state.face_up if phase == Phase.CHOOSE else 0,
        offer_face_down=state.face_down if phase == Phase.CHOOSE and is_splitter else 0,
        my_build=state.builds[player],
        built=(state.builds[0] >= 0, state.builds[1] >= 0),
        log=log,
        outcome=state.outcome,
    )
