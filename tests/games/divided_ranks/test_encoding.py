"""Divided Ranks' observation layouts against hand-made positions (``games/divided_ranks/encoding.py``).

The OpenSpiel golden playthroughs pin LAYOUT bit for bit over two whole games; the PettingZoo
tests check SUMMARY's claims against the full state. Here: small positions worked out by hand.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from divided import games
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.encoding import CARDS, LAYOUT, SUMMARY, entries, offsets, size
from divided.games.divided_ranks.state import Phase

DEAL = list(range(CARDS))
"""The reserve is card 0, the stock cards 1-20 from the top: player 0 draws 1, 2, 3, 4 first."""


def _after_first_choice(take: int) -> games.State:  # type: ignore[type-arg]
    state = games.load("divided-ranks", first_splitter=0).new_initial_state(chance=DEAL)
    state.apply_action(act.split_action(1, 2))  # player 0 shows 1 and 2 face up, offers 3 and 4 face down
    state.apply_action(take)
    return state


def _cards(mask_entries: list[int]) -> set[int]:
    return set(mask_entries)


def test_sizes_are_the_sum_of_the_pieces() -> None:
    assert size(LAYOUT) == 837 and size(SUMMARY) == 328
    assert offsets(LAYOUT.pieces)["hand"] == 2 + 4 + 8 + 6 + 3 + 3
    assert offsets(SUMMARY.pieces)["opponent_known"] == CARDS


def test_layout_of_the_first_split_by_hand() -> None:
    state = games.load("divided-ranks", first_splitter=0).new_initial_state(chance=DEAL)
    splitter, chooser = state.observation(0), state.observation(1)
    bits = LAYOUT.encode(splitter)
    assert entries(LAYOUT, bits, "seat") == [0]
    assert entries(LAYOUT, bits, "current_player") == [0]
    assert entries(LAYOUT, bits, "phase") == [list(Phase).index(Phase.SPLIT)]
    assert entries(LAYOUT, bits, "drawn") == [1, 2, 3, 4]  # only the splitter sees them
    assert entries(LAYOUT, bits, "hand") == []
    assert entries(LAYOUT, bits, "first_splitter") == [1]  # player 0 (index 0 = unknown)
    assert entries(LAYOUT, LAYOUT.encode(chooser), "drawn") == []
    assert entries(LAYOUT, LAYOUT.encode(chooser), "seat") == [1]
    assert bits >> size(LAYOUT) == 0


@pytest.mark.parametrize(("take", "chooser_has", "splitter_has"), [
    (act.TAKE_FACE_UP, {1, 2}, {3, 4}),
    (act.TAKE_FACE_DOWN, {3, 4}, {1, 2}),
])
def test_hands_and_what_each_knows_of_the_other_after_a_choice(take: int, chooser_has: set[int],
                                                               splitter_has: set[int]) -> None:
    state = _after_first_choice(take)
    splitter, chooser = state.observation(0), state.observation(1)
    assert _cards(entries(LAYOUT, LAYOUT.encode(splitter), "hand")) == splitter_has
    assert _cards(entries(LAYOUT, LAYOUT.encode(chooser), "hand")) == chooser_has
    # The splitter saw all four cards, so knows the chooser's pair either way.
    assert _cards(entries(SUMMARY, SUMMARY.encode(splitter), "opponent_known")) == chooser_has
    # The chooser knows the splitter's pair only if it is the face-up one (the chooser took the face-down pair).
    known = _cards(entries(SUMMARY, SUMMARY.encode(chooser), "opponent_known"))
    assert known == (splitter_has if take == act.TAKE_FACE_DOWN else set())
    # The split is in both logs; the four drawn cards only in the splitter's.
    assert _cards(entries(LAYOUT, LAYOUT.encode(chooser), "split_face_up")) == {1, 2}
    assert entries(LAYOUT, LAYOUT.encode(chooser), "split_drawn") == []
    assert _cards(entries(LAYOUT, LAYOUT.encode(splitter), "split_drawn")) == {1, 2, 3, 4}
    assert entries(SUMMARY, SUMMARY.encode(chooser), "to_move") == [0]  # the chooser splits round 2


def test_public_and_private_projections() -> None:
    state = _after_first_choice(act.TAKE_FACE_UP)
    views = [state.observation(0), state.observation(1)]
    public = [LAYOUT.encode(LAYOUT.public(view)) for view in views]
    assert public[0] == public[1]
    assert entries(LAYOUT, public[0], "hand") == [] and entries(LAYOUT, public[0], "seat") == []
    assert entries(LAYOUT, public[0], "choice_face_down") == []  # the chooser took the face-up pair
    private = LAYOUT.encode(LAYOUT.private(views[1])) & LAYOUT.private_mask()
    assert _cards(entries(LAYOUT, private, "hand")) == {1, 2}
    assert entries(LAYOUT, private, "phase") == [] and entries(LAYOUT, private, "split_face_up") == []


def test_summary_needs_a_seat() -> None:
    view = games.load("divided-ranks").new_initial_state(1).observation(0)
    with pytest.raises(ValueError, match="spectator"):
        SUMMARY.encode(replace(view, player=None))  # type: ignore[arg-type]


@pytest.mark.parametrize("options", [{}, {"swap": "face-up", "reserve_order": "coin"}, {"rounds": 2, "build": "auto"}])
def test_the_spectator_is_encoded_as_the_public_part_of_either_seat(options: dict[str, object]) -> None:
    """Two independent accounts of what everyone knows (the rules' spectator view, the layout's
    public projection of a player's view) give the same bits, at every step of random games."""
    game = games.load("divided-ranks", **options)
    rng = random.Random(5)
    for seed in range(30):
        state = game.new_initial_state(seed)
        while True:
            spectator = LAYOUT.encode(state.observation(None))
            assert entries(LAYOUT, spectator, "seat") == [] and entries(LAYOUT, spectator, "hand") == []
            for player in (0, 1):
                assert LAYOUT.encode(LAYOUT.public(state.observation(player))) == spectator
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))


def test_the_log_read_incrementally_encodes_as_read_whole() -> None:
    """The layout reads each viewer's log from its last reading on; against the same view
    encoded with nothing kept (the reference): two games and a branch played in turns, every
    seat and a spectator looking in random order, the public and private parts mixed in."""
    from divided.games.divided_ranks import encoding

    game = games.load("divided-ranks", swap="face-up", reserve_order="coin")
    rng = random.Random(17)
    lines = [game.new_initial_state(seed) for seed in (1, 2)]
    checked = 0
    while lines:
        line = rng.choice(lines)
        if line.is_terminal():
            lines.remove(line)
            continue
        line.apply_action(rng.choice(line.legal_actions()))
        if len(lines) == 2 and checked == 20:
            lines.append(line.clone())
        for _ in range(3):
            view = rng.choice(lines).observation(rng.choice([0, 1, None]))
            if view.player is not None:
                view = rng.choice([view, view, LAYOUT.public(view), LAYOUT.private(view)])
            bits = LAYOUT.encode(view)
            encoding._LAST_LOG.clear()
            assert bits == LAYOUT.encode(view)
            checked += 1
    assert checked > 40
