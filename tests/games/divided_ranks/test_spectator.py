"""The spectator's view (``observe(state, None)``) shows what every player sees, and no more.

Independent expectations: the cards in a spectator's view are compared with the cards in both
players' own views (every one must be in both), and with the public cards listed here from the
rules' text (face-up pairs, a face-down pair the chooser took, face-up swaps, the showdown); a
spectator's view is rebuilt event by event from the full state by the rules' text; exchanging
the cards nobody but one player has seen never changes it.
"""

from __future__ import annotations

import random
from itertools import product

import pytest
from test_hidden_information import prefixes, random_game, remap, replay

from divided import games
from divided.games.base import View
from divided.games.divided_ranks.history import read_history
from divided.games.divided_ranks.knowledge import knowledge
from divided.games.divided_ranks.room import ROOM
from divided.games.divided_ranks.state import (
    BuildEvent,
    ChoiceEvent,
    DividedRanksState,
    Phase,
    ReserveEvent,
    SplitEvent,
)
from divided.games.divided_ranks.view import PlayerView, SeenBuild, SeenChoice, SeenReserve, SeenSplit

VARIANTS = ["blind", "face-up"]


def cards_in(view: PlayerView) -> int:
    """Every card a view names anywhere (mask)."""
    found = view.hand | view.drawn | view.offer | view.offer_face_down
    for event in view.log:
        if isinstance(event, SeenSplit):
            found |= event.face_up | (event.drawn or 0)
        elif isinstance(event, SeenChoice):
            found |= event.face_down or 0
        elif isinstance(event, SeenReserve):
            found |= (1 << event.gave if event.gave is not None else 0) | (
                1 << event.took if event.took is not None else 0)
    if view.outcome is not None:
        for weaker, stronger in view.outcome.hands:
            found |= weaker | stronger
    return found


def public_cards(core: DividedRanksState) -> int:
    """The cards every player has seen, by the rules' text."""
    seen = 0
    for event in core.log:
        if isinstance(event, SplitEvent):
            seen |= event.face_up
        elif isinstance(event, ChoiceEvent) and not event.took_face_up:
            seen |= event.face_down  # the splitter made it, the chooser took it
        elif isinstance(event, ReserveEvent) and event.swapped and core.options.face_up_swap:
            seen |= (1 << event.gave) | (1 << event.took)
    if core.phase == Phase.CHOOSE:
        seen |= core.face_up
    if core.phase == Phase.OVER:
        seen |= core.hands[0] | core.hands[1]
    return seen


def expected_log(core: DividedRanksState) -> tuple[object, ...]:
    """The spectator's log, event by event from the rules' text."""
    out: list[object] = []
    for event in core.log:
        if isinstance(event, SplitEvent):
            out.append(SeenSplit(event.round, event.splitter, None, event.face_up))
        elif isinstance(event, ChoiceEvent):
            out.append(SeenChoice(event.round, event.chooser, event.took_face_up,
                                  None if event.took_face_up else event.face_down))
        elif isinstance(event, ReserveEvent):
            shown = event.swapped and core.options.face_up_swap
            out.append(SeenReserve(event.player, event.swapped, event.gave if shown else None,
                                   event.took if shown else None))
        else:
            assert isinstance(event, BuildEvent)
            out.append(SeenBuild(event.player, event.split if core.phase == Phase.OVER else None))
    return tuple(out)


@pytest.mark.parametrize("swap", VARIANTS)
def test_every_card_a_spectator_sees_both_players_see(swap: str) -> None:
    checked = 0
    for seed in range(40):
        finished = random_game(seed, swap)
        for position in [*prefixes(finished), finished]:  # the showdown too
            spectator = position.observation(None)
            shown = cards_in(spectator)
            assert shown & ~cards_in(position.observation(0)) == 0
            assert shown & ~cards_in(position.observation(1)) == 0
            assert shown == public_cards(position.core)
            checked += 1
    assert checked > 500


@pytest.mark.parametrize(("swap", "first"), list(product(VARIANTS, ("coin", 0, 1))))
def test_the_spectator_view_is_the_public_part_of_the_state(swap: str, first: object) -> None:
    rng = random.Random(7)
    for _ in range(15):
        state = games.load("divided-ranks", swap=swap, first_splitter=first).new_initial_state()
        while True:
            core = state.core
            view = state.observation(None)
            assert view.player is None and view.hand == 0 and view.drawn == 0 and view.my_build == -1
            assert view.offer_face_down == 0
            assert view.offer == (core.face_up if core.phase == Phase.CHOOSE else 0)
            assert view.hand_sizes == (core.hands[0].bit_count(), core.hands[1].bit_count())
            assert view.built == (core.builds[0] >= 0, core.builds[1] >= 0)
            assert view.log == expected_log(core)
            assert (view.phase, view.round, view.current_player) == (core.phase, core.round,
                                                                     state.current_player())
            assert view.outcome == core.outcome and view.result == state.result()
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("swap", VARIANTS)
def test_exchanging_cards_not_shown_to_everyone_never_changes_the_spectator_view(swap: str) -> None:
    checked = changed = 0
    for seed in range(30):
        finished = random_game(seed, swap)
        rng = random.Random(seed)
        for position in [*prefixes(finished), finished]:
            core = position.core
            hidden = [c for c in range(21) if not public_cards(core) >> c & 1]
            shuffled = hidden[:]
            rng.shuffle(shuffled)
            history = remap(position.history(), core, dict(zip(hidden, shuffled, strict=True)))
            assert history is not None
            other = replay(history, swap)
            assert other.observation(None) == position.observation(None)
            changed += other.core != core
            checked += 1
    assert checked > 400 and changed > checked // 2  # the exchanges did move cards


def test_a_spectator_has_no_seat_books_or_worlds() -> None:
    state = games.load("divided-ranks", first_splitter=0).new_initial_state(seed=2)
    view = state.observation(None)
    with pytest.raises(ValueError, match="spectator"):
        _ = view.opponent
    with pytest.raises(ValueError, match="spectator"):
        _ = view.seat
    with pytest.raises(ValueError, match="spectator"):
        knowledge(view)
    with pytest.raises(ValueError, match="spectator"):
        ROOM.sampler(view)
    assert read_history(view).draft_hand == 0
    assert state.observation(0).opponent == 1 and state.observation(1).seat == 1


def test_views_satisfy_the_generic_view_protocol() -> None:
    state = random_game(3, "blind")
    for player in (0, 1, None):
        view = state.observation(player)
        assert isinstance(view, View)
        assert view.player == player and view.num_players == 2
        assert view.result is not None and view.result == state.result()
    fresh = games.load("divided-ranks").new_initial_state(seed=1)
    assert fresh.observation(None).result is None and fresh.observation(0).result is None


def test_no_player_beyond_the_two_seats() -> None:
    state = games.load("divided-ranks").new_initial_state(seed=1)
    from divided.games.divided_ranks.view import observe

    with pytest.raises(ValueError, match="players are 0 and 1"):
        observe(state.core, 2)
