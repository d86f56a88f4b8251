"""What a player sees, straight from the rules' text (independent of the view and books code)."""

from __future__ import annotations

from divided.games.divided_ranks.state import ChoiceEvent, DividedRanksState, Phase, ReserveEvent, SplitEvent


def seen_by(core: DividedRanksState, player: int) -> int:
    """Cards ``player`` has seen, by the rules' text (independent of the view code)."""
    seen = core.hands[player]
    for event in core.log:
        if isinstance(event, SplitEvent):
            seen |= event.face_up
            if event.splitter == player:
                seen |= event.drawn
        elif isinstance(event, ChoiceEvent):
            if event.chooser == player and not event.took_face_up:
                seen |= event.face_down
        elif isinstance(event, ReserveEvent) and event.swapped and (
            event.player == player or core.options.face_up_swap
        ):
            seen |= (1 << event.gave) | (1 << event.took)
    if core.phase in (Phase.SPLIT, Phase.CHOOSE) and core.splitter() == player:
        seen |= core.drawn()
    if core.phase == Phase.CHOOSE:
        seen |= core.face_up
    return seen


def watched_by(core: DividedRanksState, player: int) -> int:
    """Cards ``player`` saw go into the opponent's hand, by the rules' text: the pair the
    opponent took from the player's split, the face-up pair the opponent kept when the player
    took the face-down one, and a card the opponent took face up at the reserve."""
    watched = 0
    splits: dict[int, SplitEvent] = {}
    for event in core.log:
        if isinstance(event, SplitEvent):
            splits[event.round] = event
        elif isinstance(event, ChoiceEvent):
            face_up = splits[event.round].face_up
            taken = face_up if event.took_face_up else event.face_down
            if event.chooser != player:
                watched |= taken
            elif not event.took_face_up:
                watched |= face_up
        elif isinstance(event, ReserveEvent) and event.swapped and event.player != player \
                and core.options.face_up_swap:
            watched |= 1 << event.took
    return watched


def saw_given_to_reserve(core: DividedRanksState, player: int) -> int:
    """The card ``player`` saw put into the reserve by the last swap (0 if none or unseen)."""
    last = 0
    for event in core.log:
        if isinstance(event, ReserveEvent) and event.swapped:
            shown = event.player == player or core.options.face_up_swap
            last = 1 << event.gave if shown else 0
    return last
