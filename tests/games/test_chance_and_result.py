"""The engine's generic additions: named chance, given chance outcomes, results, registries."""

from __future__ import annotations

import pytest

from divided import games
from divided.errors import IllegalActionError, RuleOptionError, UnsupportedGameError
from divided.games import ChanceNode, Result
from divided.registry import Registry


def test_places_follow_returns_and_ties_share_a_place() -> None:
    assert Result.from_returns((-1.0, 1.0)).places == (2, 1)
    assert Result.from_returns((-1.0, 1.0)).headline == "Player 1 wins"
    assert Result.from_returns((0.25, 0.25, 0.25, 0.25)).is_draw
    shared = Result.from_returns((0.5, 0.0, 0.5, 0.0))
    assert shared.places == (1, 3, 1, 3) and shared.winners == (0, 2)
    assert shared.headline == "Players 0, 2 share the win"


def test_named_chance_is_the_labs_stream_from_before_names() -> None:
    # Pinned from the lab's deal before chance nodes had names (the same seed, same outcomes):
    # seed 7 deals 9, 20, 13, 12, 2, 16, 7, ... after the coins it flips.
    plain = games.load("divided-ranks").new_initial_state(7, chance_by_name=True)
    assert plain.history()[:8] == [0, 9, 20, 13, 12, 2, 16, 7] and len(plain.history()) == 22
    coins = games.load("divided-ranks", first_splitter="coin", reserve_order="coin")
    flipped = coins.new_initial_state(7, chance_by_name=True)
    assert flipped.history()[:8] == [0, 1, 9, 20, 13, 12, 2, 16]


def test_named_chance_deals_the_same_cards_under_every_option() -> None:
    decks = set()
    for options in ({}, {"first_splitter": "coin"}, {"reserve_order": "coin", "swap": "face-up"},
                    {"first_splitter": 1, "reserve_order": "splitter-first"}):
        state = games.load("divided-ranks", **options).new_initial_state(123, chance_by_name=True)
        decks.add(tuple(state.core.deal))
    assert len(decks) == 1


def test_named_chance_needs_a_seed() -> None:
    with pytest.raises(RuleOptionError, match="needs a seed"):
        games.load("divided-ranks").new_initial_state(chance_by_name=True)


def test_chance_nodes_have_names() -> None:
    state = games.load("divided-ranks", first_splitter="coin").new_initial_state()
    assert state.chance_node() == ChanceNode("coin:first-splitter", 0)
    state.apply_action(1)
    assert state.chance_node() == ChanceNode("deal", 0)
    state.apply_action(5)
    assert state.chance_node() == ChanceNode("deal", 1)


def test_a_game_starts_from_given_chance_outcomes() -> None:
    game = games.load("divided-ranks", first_splitter="coin")
    outcomes = [1, *range(20, -1, -1)]  # the second player splits first; the Joker is the reserve
    state = game.new_initial_state(chance=outcomes)
    assert state.history() == outcomes and not state.is_chance_node()
    assert state.current_player() == 1
    assert state.core.deal[0] == 20
    # fewer outcomes than chance nodes: the state waits at the next chance node
    part = game.new_initial_state(chance=[0, 3])
    assert part.is_chance_node() and part.chance_node() == ChanceNode("deal", 1)
    # given outcomes first, then the seed for the rest
    seeded = game.new_initial_state(5, chance=[0, 3])
    assert seeded.history()[:2] == [0, 3] and not seeded.is_chance_node()


def test_impossible_given_outcomes_are_refused() -> None:
    game = games.load("divided-ranks")
    with pytest.raises(IllegalActionError, match=r"'deal' #1"):
        game.new_initial_state(chance=[0, 4, 4])  # the coin, then one card twice
    with pytest.raises(IllegalActionError, match="integer"):
        game.new_initial_state(chance=[True])


def test_outcomes_left_when_the_game_ends_refuse_the_last_action_and_change_nothing() -> None:
    game = games.load("divided-ranks", first_splitter=0)
    state = game.new_initial_state(chance=[*range(21), 3])
    while state.current_player() >= 0:
        legal = state.legal_actions()
        if state.core.builds[0] >= 0:  # the last action of the game
            before = state.history()
            with pytest.raises(IllegalActionError, match="left over"):
                state.apply_action(legal[0])
            assert state.history() == before and not state.is_terminal()
            return
        state.apply_action(legal[0])
    raise AssertionError("the game ended without a refusal")


def test_the_result_names_the_deciding_step() -> None:
    state = games.load("divided-ranks").new_initial_state(11)
    assert state.result() is None
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    result = state.result()
    assert result is not None and result.returns == tuple(state.returns())
    outcome = state.core.outcome
    if outcome.winner is None:
        assert result.is_draw and result.detail["step"] is None
    else:
        assert result.places[outcome.winner] == 1 and result.detail["step"] == outcome.step
        assert result.headline == f"Player {outcome.winner} wins on {outcome.step_name}"


def test_a_registry_imports_lazily_and_refuses_unknown_games() -> None:
    parts: Registry[object] = Registry("test part", {"a": "json:loads"})
    assert parts.get("a")("[2]") == [2]
    parts.register("b", 42)
    assert parts.names() == ["a", "b"] and parts.get("b") == 42
    with pytest.raises(UnsupportedGameError, match="already registered"):
        parts.register("b", 43)
    parts.register("b", 43, replace=True)
    assert parts.get("b") == 43
    parts.unregister("b")
    with pytest.raises(UnsupportedGameError, match="games with one: a"):
        parts.get("b")
    with pytest.raises(UnsupportedGameError):
        parts.register("c", "no-colon")


def test_unknown_games_are_refused_with_the_known_ones() -> None:
    with pytest.raises(UnsupportedGameError) as refused:
        games.load("chess")
    listed = str(refused.value).split("known games: ", 1)[1].split(", ")
    assert listed == sorted(listed) and {"card-commons", "divide", "divided-ranks", "henway", "j-lo"} <= set(listed)
    assert set(listed) == set(games.names())
    assert issubclass(UnsupportedGameError, RuleOptionError)  # callers catching option errors still do
