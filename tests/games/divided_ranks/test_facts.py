"""The facts of a finished game of Divided Ranks that the lab reads (their checks against the hand
evaluator are in tests/sim/games/test_lab_divided_ranks.py)."""

from __future__ import annotations

import pytest

from divided import games
from divided.errors import RuleOptionError
from divided.games.divided_ranks.facts import facts


def test_a_studys_public_opening_is_not_counted_as_choices() -> None:
    # rounds=2: the three opening rounds are dealt, not chosen; only rounds 4 and 5 are choices.
    game = games.load("divided-ranks", rounds=2, build="auto")
    state = game.new_initial_state(seed=5)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    found = facts(state.core)
    assert [choice["round"] for choice in found["choices"]] == [4, 5]
    assert len(found["reserve"]) == 2


def test_an_unfinished_game_has_no_facts() -> None:
    state = games.load("divided-ranks").new_initial_state(seed=1)
    with pytest.raises(RuleOptionError, match="finished"):
        facts(state.core)


def test_the_rooms_facts_are_these_facts() -> None:
    state = games.load("divided-ranks", build="auto").new_initial_state(seed=2)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert games.room("divided-ranks").facts(state.core) == facts(state.core)
    with pytest.raises(RuleOptionError, match="Divided Ranks"):
        facts(state)  # type: ignore[arg-type]  # the handle, not the core state
