"""The conformance suite every game runs: the engine contract and the room contract.

Parametrised over every registered game (with several option sets for Divided Ranks) and the
tests-only three-player game of :mod:`three_cards`, which proves the suite (and the platform)
handles more than two players and chance in the middle of a game. A new game adds itself to
``OPTION_SETS`` and gets every check here for free; its own test folder keeps its rule cases.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from divided import games
from divided.errors import IllegalActionError
from divided.games import CHANCE, TERMINAL, GameRecord, State, View
from three_cards import NAME as TOY
from three_cards import registered

OPTION_SETS: dict[str, list[dict[str, object]]] = {
    "divided-ranks": [{}, {"first_splitter": 1, "reserve_order": "coin", "swap": "face-up"},
                      {"scoring": "weaker-first", "reserve_order": "splitter-first", "build": "auto"},
                      {"rounds": 2, "opening_seed": 5}],
    "card-commons": [{}, {"first_starter": 0, "target": 3}, {"next_starter": "alternate"},
                     {"max_extra_rounds": 0}],
    "divide": [{"players": 4}, {"players": 6},
               {"players": 4, "first_dealer": 2, "trump": "resets", "rounds": 2},
               {"players": 6, "end_score": "off"}],
    TOY: [{}, {"ranks": "paired"}],
    "five-card-draw": [{"players": 2}, {"players": 7, "structure": "no", "stack": 30},
                       {"players": 3, "structure": "pot", "odd_chip": "seat", "blinds": "on", "first_dealer": 1}],
    "seven-card-stud": [{"players": 2}, {"players": 7, "structure": "pot", "stack": 40}],
    "henway": [{"players": 2}, {"players": 5, "henway_sides": "declared", "low": "a5-8", "structure": "no",
                                "stack": 25}],
    "ten-card-regrets": [{"players": 2, "regrets_exposure": "face-up"},
                         {"players": 5, "low": "27", "odd_chip": "seat", "structure": "pot", "stack": 30}],
    "cowpie": [{"players": 2, "cowpie_down": "both"}, {"players": 7, "structure": "no", "stack": 20}],
    "double-draw-high-low": [{"players": 3, "low": "a5-8"}, {"players": 5, "structure": "pot", "stack": 20}],
    "open-draw": [{"players": 2, "short_all_in": "half-bet", "stack": 9}, {"players": 7, "cap_heads_up": "lifted"}],
    "jackpot": [{"players": 2, "jackpot_turns": 1, "stack": 9}, {"players": 7, "structure": "no"}],
    "sequential-open-draw": [{"players": 2, "sequential_betting": "on", "stack": 9},
                             {"players": 7, "structure": "pot", "blinds": "on"}],
    "six-card-draw": [{"players": 2, "stack": 6}, {"players": 8, "structure": "pot"}],
    "six-card-open-draw": [{"players": 2}, {"players": 5, "structure": "no", "stack": 12}],
    "seven-card-open-draw": [{"players": 3, "stack": 10}, {"players": 5}],
    "bounce-back": [{"players": 2, "blinds": "on"}, {"players": 7, "stack": 8}],
    "j-lo": [{"players": 2, "stack": 9}, {"players": 7, "structure": "no", "short_all_in": "half-bet"}],
    "freak-of-nature": [{"players": 2}, {"players": 7, "structure": "no", "stack": 30}],
    "uncle-bobs-left-nut": [{"players": 2, "odd_chip": "seat"}, {"players": 7, "structure": "pot", "stack": 30}],
    **{"three-two-one": [{"players": 3, "trash_forfeit": "ante", "trash_wild": "on", "stack": 9}, {"players": 5, "structure": "no"}], "assassin": [{"players": 2, "jokers": 2, "max_deals": 3}, {"players": 7, "stack": 12}], "fives": [{"players": 2, "draw_cost": 3, "stack": 20, "fives_wild": "deuces"}, {"players": 7, "structure": "pot", "fives_wild": "fives"}], "crazy-four-of-spades": [{"players": 2, "two_to_win": "off"}, {"players": 7, "stack": 12, "max_deals": 4}]},
    "auction-flop": [{"players": 2, "stack": 9}, {"players": 4}, {"players": 7, "ante": 1, "stack": 20}],
    "low-high-die": [{"players": 2, "die": "high", "max_draws": 1}, {"players": 6, "structure": "pot", "stack": 15}],
    "buck-thirty-five": [{"players": 4, "buck_split": "high-low"}, {"players": 6, "buck_wild": "two", "stack": 10}],
    "mississippi": [{"players": 2, "stack": 9}, {"players": 7, "structure": "no", "odd_chip": "seat"}],
}
AnyState = State[Any, Any]


@pytest.fixture(autouse=True, scope="module")
def three_cards() -> Iterator[None]:
    yield from registered()


def test_every_registered_game_is_covered() -> None:
    assert set(games.names()) == set(OPTION_SETS), "add the new game's option sets to OPTION_SETS"


CASES = [pytest.param(game, options, id=f"{game}-{i}") for game, sets in OPTION_SETS.items()
         for i, options in enumerate(sets)]


def random_action(state: AnyState, rng: random.Random) -> int:
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9 and all(p > 0 for _, p in outcomes)
        return int(rng.choice(outcomes)[0])
    return int(rng.choice(state.legal_actions()))


def playout(game: str, options: dict[str, object], rng: random.Random, **start: Any) -> Iterator[AnyState]:
    """Every position of one random game, the end included."""
    state = games.load(game, **options).new_initial_state(**start)
    while True:
        yield state
        if state.is_terminal():
            return
        state.apply_action(random_action(state, rng))


def views(state: AnyState) -> list[Any]:
    return [state.observation(p) for p in range(state.game.num_players())]


@pytest.mark.parametrize(("game", "options"), CASES)
@pytest.mark.parametrize("start", ["explicit", "seeded", "by-name"])
def test_random_games_keep_the_contract(game: str, options: dict[str, object], start: str) -> None:
    rng = random.Random(f"{game}{options}{start}")
    info = games.load(game, **options).info
    for number in range(6):
        kwargs: dict[str, Any] = {} if start == "explicit" else {"seed": 1000 + number}
        if start == "by-name":
            kwargs["chance_by_name"] = True
        length = 0
        for state in playout(game, options, rng, **kwargs):
            length = state.move_number()
            player = state.current_player()
            assert player in (TERMINAL, CHANCE) or 0 <= player < info.num_players
            if start != "explicit":
                assert not state.is_chance_node(), "a seeded state resolves its own chance"
            if state.is_chance_node():
                assert state.chance_node().name and len(state.chance_outcomes()) <= info.max_chance_outcomes
            elif not state.is_terminal():
                assert all(0 <= a < info.num_distinct_actions for a in state.legal_actions())
                assert state.result() is None
            for view in views(state):
                assert isinstance(view, View) and view.num_players == info.num_players
                assert view.current_player == player
        assert length <= info.max_game_length
        returns = state.returns()
        assert len(returns) == info.num_players
        assert all(info.min_utility <= r <= info.max_utility for r in returns)
        if info.utility_sum is not None:
            assert abs(sum(returns) - info.utility_sum) < 1e-9
        result = state.result()
        assert result is not None and result.returns == tuple(returns)
        # places agree with the returns (a game may order the seats below the winners by its own
        # measure, as DIVIDE does by total): the best returns take first place, better returns a
        # better place, and places count the seats ahead (1, 1, 3)
        seats = range(len(returns))
        assert result.winners == tuple(s for s in seats if returns[s] == max(returns))
        assert all(result.places[a] < result.places[b] for a in seats for b in seats if returns[a] > returns[b])
        assert result.places == tuple(1 + sum(o < p for o in result.places) for p in result.places)
        assert all(view.result == result for view in views(state)), "each player sees the result at the end"


@pytest.mark.parametrize(("game", "options"), CASES)
def test_the_same_seed_gives_the_same_game_and_records_replay(game: str, options: dict[str, object]) -> None:
    for by_name in (False, True):
        first = list(playout(game, options, random.Random(1), seed=77, chance_by_name=by_name))[-1]
        again = list(playout(game, options, random.Random(1), seed=77, chance_by_name=by_name))[-1]
        assert first.history() == again.history()
        record = GameRecord.from_json(first.record().to_json())
        assert record == first.record()
        replayed = games.replay(record)
        assert replayed.history() == first.history() and replayed.returns() == first.returns()
        assert views(replayed) == views(first)


@pytest.mark.parametrize(("game", "options"), CASES)
def test_a_game_starts_from_the_chance_outcomes_of_another(game: str, options: dict[str, object]) -> None:
    rng = random.Random(5)
    finished = list(playout(game, options, rng))[-1]
    history = finished.history()
    state = games.load(game, **options).new_initial_state()
    chance, decisions = [], []
    for action in history:
        (chance if state.is_chance_node() else decisions).append(action)
        state.apply_action(action)
    again = games.load(game, **options).new_initial_state(chance=chance)
    for action in decisions:
        assert not again.is_chance_node(), "the given outcomes resolve every chance node"
        again.apply_action(action)
    assert again.history() == history and again.is_terminal()


@pytest.mark.parametrize(("game", "options"), CASES)
def test_illegal_actions_raise_and_change_nothing(game: str, options: dict[str, object]) -> None:
    rng = random.Random(9)
    info = games.load(game, **options).info
    for state in playout(game, options, rng):
        if rng.random() > 0.3 and not state.is_terminal():
            continue
        legal = set(state.chance_outcomes()[i][0] for i in range(len(state.chance_outcomes()))) \
            if state.is_chance_node() else set(state.legal_actions())
        before = (state.history(), views(state), state.current_player())
        wrong = [a for a in range(-2, info.num_distinct_actions + 2) if a not in legal][:40]
        for action in [*wrong, True, "1", 1.0, None]:
            with pytest.raises(IllegalActionError):
                state.apply_action(action)  # type: ignore[arg-type]
            assert (state.history(), views(state), state.current_player()) == before


@pytest.mark.parametrize(("game", "options"), CASES)
def test_clones_are_independent(game: str, options: dict[str, object]) -> None:
    rng = random.Random(3)
    for state in playout(game, options, rng):
        if state.is_terminal():
            return
        clone = state.clone()
        before = (state.history(), views(state))
        clone.apply_action(random_action(clone, random.Random(4)))
        assert (state.history(), views(state)) == before


@pytest.mark.parametrize(("game", "options"), CASES)
def test_new_games_of_one_game_object_are_independent(game: str, options: dict[str, object]) -> None:
    """A game object makes its initial state once and hands it to every new game (the
    contract's frozen cores): one game played to the end leaves the next one untouched."""
    loaded = games.load(game, **options)
    fresh = loaded.new_initial_state()
    before = (fresh.history(), views(fresh), fresh.current_player())
    played = loaded.new_initial_state(seed=11)
    rng = random.Random(5)
    while not played.is_terminal():
        played.apply_action(random_action(played, rng))
    again = loaded.new_initial_state()
    assert (fresh.history(), views(fresh), fresh.current_player()) == before
    assert (again.history(), views(again), again.current_player()) == before


@pytest.mark.parametrize(("game", "options"), CASES)
def test_the_room_speaks_for_the_game(game: str, options: dict[str, object]) -> None:
    room = games.room(game)
    assert room.game == game
    layout_bits = sum(_size(shape) for _, shape in room.observation.pieces)
    rng = random.Random(11)
    for state in playout(game, options, rng, seed=21):
        for player, view in enumerate(views(state)):
            json.dumps(room.books(view).to_json())
            assert isinstance(room.books(view).describe(), str)
            assert room.observation.encode(view).bit_length() <= layout_bits
            if state.is_terminal() or state.current_player() != player:
                continue
            legal = state.legal_actions()
            for action in legal:
                label = room.label(view, action)
                assert label.action == action and label.text == state.action_to_string(action)
            dominant = room.dominant_action(view, legal)
            assert dominant is None or dominant in legal
        if state.is_terminal():
            json.dumps(room.facts(state.core))


@pytest.mark.parametrize(("game", "options"), CASES)
def test_sampled_worlds_look_exactly_like_the_view(game: str, options: dict[str, object]) -> None:
    room = games.room(game)
    rules = games.load(game, **options).rules
    rng = random.Random(13)
    for state in playout(game, options, rng, seed=31):
        if state.is_terminal():
            return
        player = state.current_player()
        view = state.observation(player)
        spectator = state.observation(None)
        sampler = room.sampler(view)
        for _ in range(4):
            world = sampler.sample(rng)
            assert rules.observe(world, player) == view
            assert rules.observe(world, None) == spectator
            assert sampler.weight(world) > 0


def _size(shape: tuple[int, ...]) -> int:
    total = 1
    for extent in shape:
        total *= extent
    return total


@pytest.mark.parametrize(("game", "options"), CASES)
def test_every_card_is_in_one_zone_from_first_move_to_last(game: str, options: dict[str, object]) -> None:
    room = games.room(game)
    rng = random.Random(17)
    for start in ({}, {"seed": 5}):
        first: Counter[str] | None = None
        for state in playout(game, options, rng, **start):
            cards = Counter(card for zone in room.zones(state.core).values() for card in zone)
            first = first or cards
            assert cards == first, f"cards changed at move {state.move_number()}"
            assert all(count == 1 for count in cards.values()), "a card in two zones"
