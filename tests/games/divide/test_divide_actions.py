"""DIVIDE's action numbering and notation: every action reads back from its description, the
short forms the docstring promises are read, and the rules' words for every legal action (chance
included) read back to it along random games."""

from __future__ import annotations

import pytest
from divide_games import card, walk

from divided.errors import InvalidNotationError
from divided.games.divide import DivideRules
from divided.games.divide import actions as act


def test_every_action_reads_back_from_its_description() -> None:
    described = 0
    for action in range(act.NUM_DISTINCT_ACTIONS):
        if act.is_pass(action) or act.is_card(action) or act.is_reward(action):
            assert act.parse(act.describe(action)) == action
            described += 1
    assert described == 54 + 54 * 53 + 16


@pytest.mark.parametrize(("text", "expected"), [
    ("Qh", card("Qh")), ("10h", card("Th")), ("Jk2", card("Jk2")), ("pass Qh 2c", act.pass_action(card("Qh"), card("2c"))),
    ("pass Qh left, 2c right", act.pass_action(card("Qh"), card("2c"))), ("points", act.POINTS),
    ("take Points", act.POINTS), ("lead", act.LEAD), ("trump 7", act.trump_action(7)), ("trump A", act.trump_action(14)),
    ("trump 10", act.trump_action(10)), ("trump none", act.NO_TRUMP), ("no trump", act.NO_TRUMP),
    ("take Trump: No Trump", act.NO_TRUMP), ("2985", act.NO_TRUMP),
])
def test_short_forms(text: str, expected: int) -> None:
    assert act.parse(text) == expected


@pytest.mark.parametrize("text", ["", "pass Qh Qh", "pass Qh", "trump 1", "trump", "take", "Zz"])
def test_unreadable_actions_raise(text: str) -> None:
    with pytest.raises((InvalidNotationError, ValueError)):
        act.parse(text)


def test_the_numbering() -> None:
    assert (act.POINTS, act.LEAD, act.TRUMP_BASE, act.NO_TRUMP, act.NUM_DISTINCT_ACTIONS) == (2970, 2971, 2972, 2985, 2986)
    assert act.pass_cards(act.pass_action(card("Ac"), card("2s"))) == (card("Ac"), card("2s"))
    assert [act.declared_rank(a) for a in act.TRUMP_ACTIONS] == [*range(2, 15), None]
    with pytest.raises(ValueError):
        act.pass_action(3, 3)
    assert not act.is_pass(act.PASS_BASE + 54 * 3 + 3)


@pytest.mark.parametrize("players", [4, 6])
def test_the_rules_words_for_every_legal_action_read_back(players: int) -> None:
    rules = DivideRules()
    for step in walk(players, 0)[::3]:
        for action in step.legal[:60]:
            assert rules.string_to_action(step.core, rules.action_to_string(step.core, action)) == action
