"""The rule option ``stacks``: each seat's own starting stack, so a session's next hand is a
self-contained game record (its options carry the stacks and the button)."""

from __future__ import annotations

import pytest

from divided import games
from divided.errors import RuleOptionError
from divided.games.poker import actions as act


def _fold_around(state) -> None:  # type: ignore[no-untyped-def]
    """Everyone facing a bet folds, the rest check, until the deal is over."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        else:
            legal = state.legal_actions()
            state.apply_action(act.FOLD if act.FOLD in legal else legal[0])


def test_each_seat_starts_with_its_own_stack_and_returns_count_from_it() -> None:
    game = games.load("five-card-draw", players=3, first_dealer=0, stacks="50/7/300", ante=1, blinds="off")
    state = game.new_initial_state(seed=3)
    # after the antes each seat holds its own stack less one chip
    assert state.core.table.stacks == (49, 6, 299)
    _fold_around(state)
    assert sum(state.returns()) == 0
    assert game.info.num_distinct_actions == act.RAISE_TO  # fixed limit: no raise-to actions


def test_no_limit_raise_to_reaches_the_deepest_stack_at_the_table() -> None:
    game = games.load("five-card-draw", players=2, first_dealer=0, stacks="30/90", structure="no")
    # 440 + 120 chips + 1: every raise-to amount up to all the chips at the table
    assert game.info.num_distinct_actions == act.RAISE_TO + 121
    assert game.info.min_utility == -90.0 and game.info.max_utility == 90.0


def test_a_short_stack_goes_all_in_for_its_own_chips() -> None:
    state = games.load("five-card-draw", players=2, first_dealer=0, stacks="3/100", ante=2,
                       structure="no").new_initial_state(seed=1)
    assert state.core.table.stacks == (1, 98)


def test_same_is_every_seat_at_stack() -> None:
    state = games.load("henway", players=3, first_dealer=1, stack=40).new_initial_state(seed=2)
    assert state.core.table.stacks == (39, 39, 39)
    assert games.load("henway", players=3, stack=40).options["stacks"] == "same"


def test_stacks_are_written_back_canonically() -> None:
    assert games.load("cowpie", players=3, stacks=" 20 / 30/40").options["stacks"] == "20/30/40"


@pytest.mark.parametrize(("stacks", "words"), [
    ("200/180", "names 2 stacks, but the table has 3 players"),
    ("200/0/100", "seat 1's stack 0 is not allowed; each starting stack is 1..10000"),
    ("200/20000/100", "seat 1's stack 20000"),
    ("200/abc/100", "one whole number of chips per seat"),
    ("200/-5/100", "one whole number of chips per seat"),
    ("200", "one whole number of chips per seat"),
    ("", "one whole number of chips per seat"),
])
def test_bad_stacks_are_refused_in_words(stacks: str, words: str) -> None:
    with pytest.raises(RuleOptionError, match=words.replace("(", r"\(").replace(")", r"\)")):
        games.load("seven-card-stud", players=3, stacks=stacks)


def test_stacks_that_are_not_text_are_refused() -> None:
    with pytest.raises(RuleOptionError, match="write 'same' or one starting stack per seat"):
        games.load("open-draw", players=2, stacks=200)
