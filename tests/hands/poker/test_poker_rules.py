"""``divided.hands.poker.system``: the door to the standard-deck systems refuses every option a
rule does not take, with a message that names what is allowed, and builds each system once."""

from __future__ import annotations

import pytest

from divided.cards import parse_cards
from divided.errors import InvalidHandError, RuleOptionError
from divided.hands.poker import RULES, system
from divided.hands.value import RankingSystem


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rules": "omaha"}, "unknown rules 'omaha'; choose one of high, a5, 27, a6, six, two-high, two-low"),
        ({"rules": "a6", "qualifier": 8}, "a qualifier belongs to ace-to-five lowball"),
        ({"rules": "high", "qualifier": 8}, "not to 'high'"),
        ({"rules": "a5", "qualifier": 4}, "5 to 13"),
        ({"rules": "a5", "qualifier": 14}, "5 to 13"),
        ({"rules": "a5", "qualifier": True}, "5 to 13"),
        ({"rules": "a5", "qualifier": "8"}, "5 to 13"),
        ({"rules": "high", "decks": 2}, "two decks belong to six-card poker"),
        ({"rules": "six", "decks": 3}, "decks is 1 or 2"),
        ({"rules": "six", "decks": True}, "decks is 1 or 2"),
        ({"rules": "six", "wild": "deuces"}, "not with six-card poker"),
        ({"rules": "two-low", "wild": "deuces"}, "not with 'two-low'"),
        ({"rules": "a5", "wild": "bug"}, "the bug is a high-hand rule"),
        ({"rules": "high", "natural_beats_wild": True}, "need wild cards"),
        ({"rules": "high", "double_ace_flush": True}, "need wild cards"),
        ({"rules": "high", "wild": "tens and fives"}, "wild is one of jokers, deuces, one-eyed-jacks, bug"),
        ({"rules": "high", "wild": "2c 2c"}, "names each card once"),
        ({"rules": "high", "wild": []}, "names one card or more"),
        ({"rules": "high", "wild": ["2c"]}, "names one card or more"),
    ],
)
def test_options_a_rule_does_not_take_are_refused_by_name(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(RuleOptionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        system(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", RULES)
def test_every_rule_builds_one_cached_ranking_system(rules: str) -> None:
    built = system(rules)
    assert isinstance(built, RankingSystem)
    assert system(rules) is built


def test_wild_sets_are_the_same_system_however_they_are_written() -> None:
    assert system("high", wild="2c 2d") is system("high", wild=parse_cards("2d, 2c"))
    assert system("high", wild=" Deuces ") is system("high", wild="deuces")
    assert system("a5", qualifier=8) is not system("a5")


SYSTEMS = [("high", {}), ("a5", {}), ("a5", {"qualifier": 8}), ("27", {}), ("a6", {}), ("six", {}),
           ("six", {"decks": 2}), ("high", {"wild": "jokers"}), ("a5", {"wild": "deuces"}), ("two-high", {}),
           ("two-low", {})]


@pytest.mark.parametrize(("rules", "options"), SYSTEMS)
@pytest.mark.parametrize("hand", ["As Ks Qs Js Ts 9s", [0, 1, 2, 3, 4, 5], [None] * 6, [[1]] * 6])
def test_a_hand_that_is_not_cards_is_refused_by_every_system(rules: str, options: dict[str, object], hand: object) -> None:
    built = system(rules, **options)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match=r"not a card|is text, not cards"):
        built.rank(hand)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match=r"not a card|is text, not cards"):
        built.strength(hand)  # type: ignore[arg-type]
