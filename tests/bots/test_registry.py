"""The bot registry is keyed by game: each bot says which games it supports, and a bot is
refused, clearly and without side effects, for a game it does not play.

A second game id is registered for these tests only: Divided Ranks' rules under another name,
with no bots of its own and no advisor, so whatever it gets comes from the generic registry.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from divided import games
from divided.bots import base
from divided.bots.base import BotSpec, make_bot, names, one_hot, view_random
from divided.errors import RuleOptionError, UnsupportedGameError

OTHER = "registry-test-game"


@pytest.fixture
def other_game() -> Iterator[str]:
    games.register(OTHER, "divided.games.divided_ranks.rules:DividedRanksRules")
    try:
        yield OTHER
    finally:
        games.unregister(OTHER)


OTHER_PLAIN = "registry-test-game-2"


@pytest.fixture
def plain_game() -> Iterator[str]:
    games.register(OTHER_PLAIN, "divided.games.divided_ranks.rules:DividedRanksRules")
    try:
        yield OTHER_PLAIN
    finally:
        games.unregister(OTHER_PLAIN)


@pytest.fixture
def clean_specs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots registered by a test vanish after it."""
    names("divided-ranks")  # load the registry first
    monkeypatch.setattr(base, "_SPECS", {name: list(found) for name, found in base._SPECS.items()})


class _First:
    """A bot for any game: plays the first legal action; remembers the game it was made for."""

    def __init__(self, game: str, tag: str = "") -> None:
        self.game, self.tag, self.name = game, tag, "first"

    def choose(self, view: Any, legal: Sequence[int], rng: random.Random) -> int:
        return legal[0]

    def action_probabilities(self, view: Any, legal: Sequence[int]) -> dict[int, float]:
        return one_hot(legal[0], legal)


def test_a_game_bot_is_refused_for_another_game(other_game: str) -> None:
    assert "expert" in names("divided-ranks")
    assert "expert" not in names(other_game)
    with pytest.raises(UnsupportedGameError, match=r"bot 'expert' does not play 'registry-test-game'; "
                                                   r"it plays card-commons, divide, divided-ranks"):
        make_bot(other_game, "expert")


def test_an_unknown_game_or_bot_is_refused() -> None:
    with pytest.raises(UnsupportedGameError, match="unknown game 'chess'"):
        make_bot("chess", "random")
    with pytest.raises(UnsupportedGameError, match="unknown game 'chess'"):
        names("chess")
    with pytest.raises(RuleOptionError, match=r"unknown bot 'nobot'; known bots: .*expert"):
        make_bot("divided-ranks", "nobot")


def test_a_generic_bot_gets_its_game_and_parameters(other_game: str, clean_specs: None) -> None:
    base.register(BotSpec("first", _First, None, None, "the first legal action"))
    for game in ("divided-ranks", other_game):
        bot = make_bot(game, "first:tag=x")
        assert isinstance(bot, _First) and (bot.game, bot.tag) == (game, "x")
        assert "first" in names(game)
    with pytest.raises(RuleOptionError, match="bad parameters for bot 'first'"):
        make_bot(other_game, "first:speed=2")


class _Tagged(_First):
    """Another generic bot."""


def test_a_name_is_registered_once_per_game(other_game: str, clean_specs: None, plain_game: str) -> None:
    def only(game: str) -> BotSpec:
        return BotSpec("solo", lambda: _First(game), frozenset({game}))

    base.register(only("divided-ranks"))
    base.register(only(other_game))  # the same name for another game is fine
    assert isinstance(make_bot(other_game, "solo"), _First)
    with pytest.raises(RuleOptionError, match="'solo' is already registered for divided-ranks"):
        base.register(only("divided-ranks"))
    base.register(BotSpec("solo", _First))  # a generic "solo": the games' own ones stand in for it
    assert not isinstance(make_bot("divided-ranks", "solo"), _Tagged)
    with pytest.raises(RuleOptionError, match="'solo' is already registered for every game"):
        base.register(BotSpec("solo", _First))
    base.register(BotSpec("solo", _Tagged), replace=True)
    assert isinstance(make_bot(OTHER_PLAIN, "solo"), _Tagged)  # a game without its own "solo"
    with pytest.raises(RuleOptionError, match="a bot name"):
        base.register(BotSpec("bad:name", _First))
    with pytest.raises(TypeError, match="BotSpec"):
        base.register("solo")  # type: ignore[arg-type]


def test_lobby_order_is_by_level_then_name() -> None:
    order = [spec.name for spec in base.specs("divided-ranks")]
    assert order[:3] == ["random", "skilled", "expert"]
    levels = [spec.level for spec in base.specs("divided-ranks")]
    assert levels[:3] == [0, 1, 2] and all(level is None for level in levels[3:])


def test_an_advisor_is_per_game(other_game: str) -> None:
    assert base.advisor("divided-ranks").name == "expert"
    with pytest.raises(UnsupportedGameError, match="no advisor for game 'registry-test-game'"):
        base.advisor(other_game)


def test_a_game_adds_its_bots_at_run_time(other_game: str, clean_specs: None) -> None:
    spec = BotSpec("only-here", lambda: _First(other_game), frozenset({other_game}), 0)
    base.register_game_bots(other_game, (spec,))
    try:
        assert "only-here" in names(other_game) and "expert" not in names(other_game)
        assert "only-here" not in names("divided-ranks")
    finally:
        base._GAME_BOTS.unregister(other_game)


def test_view_random_is_a_function_of_the_view() -> None:
    assert view_random("a view").random() == view_random("a view").random()
    assert view_random("a view").random() != view_random("another view").random()
    assert view_random("a view", "x").random() != view_random("a view", "y").random()


def test_one_hot_needs_a_legal_action() -> None:
    assert one_hot(3, (1, 3)) == {1: 0.0, 3: 1.0}
    with pytest.raises(ValueError, match="not among the legal actions"):
        one_hot(2, (1, 3))
