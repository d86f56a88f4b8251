"""The interface every game shares (``divided.games``), exercised on Divided Ranks.

Loading and rule options, GameInfo as truthful metadata, clone independence, action notation
round trips, and game records (JSON) with their error handling.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from divided import games
from divided.cards import PACK_21
from divided.errors import IllegalActionError, InvalidNotationError, NotYourTurnError, RuleOptionError
from divided.games import CHANCE, SIMULTANEOUS, TERMINAL, GameRecord, State
from divided.games.divided_ranks import Phase
from divided.games.divided_ranks import actions as act

AnyState = State[Any, Any]
NAME = "divided-ranks"
OPTION_SETS: list[dict[str, object]] = [
    {"first_splitter": first, "reserve_order": order, "swap": swap}
    for first in ("coin", 0, 1)
    for order in ("literal", "coin", "splitter-first")
    for swap in ("blind", "face-up")
]
ALLOWED: dict[str, tuple[object, ...]] = {
    "first_splitter": ("coin", 0, 1),
    "reserve_order": ("literal", "coin", "splitter-first"),
    "scoring": ("categories-first", "weaker-first"),
    "swap": ("blind", "face-up"),
    "rounds": (5, 4, 3, 2, 1),
    "opening_seed": (0,),  # and every integer in 0..2**31-1
    "build": ("choose", "auto"),
}
PLAYER_PHASES = {Phase.SPLIT, Phase.CHOOSE, Phase.RESERVE, Phase.BUILD}


def positions(options: dict[str, object], rng: random.Random, seed: int | None = None) -> Iterator[AnyState]:
    """Every position of one random game (explicit chance unless seeded), the end included."""
    state = games.load(NAME, **options).new_initial_state(seed)
    while True:
        yield state
        if state.is_terminal():
            return
        state.apply_action(random_action(state, rng))


def random_action(state: AnyState, rng: random.Random) -> int:
    if state.is_chance_node():
        return int(rng.choice(state.chance_outcomes())[0])
    return int(rng.choice(state.legal_actions()))


def play_random(options: dict[str, object], rng: random.Random, seed: int | None = None) -> AnyState:
    state = games.load(NAME, **options).new_initial_state(seed)
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    return state


# --- loading --------------------------------------------------------------------------------


def test_names() -> None:
    names = games.names()
    assert NAME in names
    assert names == sorted(names)
    for name in names:
        assert games.load(name).info.short_name == name


def test_unknown_game() -> None:
    with pytest.raises(RuleOptionError) as info:
        games.load("divided-rank")
    message = str(info.value)
    assert "'divided-rank'" in message and NAME in message


def test_unknown_option_names_it_and_the_known_ones() -> None:
    with pytest.raises(RuleOptionError) as info:
        games.load(NAME, first_spliter=0)
    message = str(info.value)
    assert "first_spliter" in message
    for option in ALLOWED:
        assert option in message


@pytest.mark.parametrize(
    ("option", "value"),
    [("first_splitter", 2), ("first_splitter", -1), ("first_splitter", "2"), ("first_splitter", "one"),
     ("first_splitter", None), ("reserve_order", "random"), ("reserve_order", "Literal"),
     ("reserve_order", 0), ("swap", "up"), ("swap", "faceup"), ("swap", 1), ("rounds", 0), ("rounds", 6),
     ("rounds", "five"), ("build", "manual")],
)
def test_invalid_option_value_names_option_and_allowed_values(option: str, value: object) -> None:
    with pytest.raises(RuleOptionError) as info:
        games.load(NAME, **{option: value})
    message = str(info.value)
    assert option in message and repr(value) in message
    for allowed in ALLOWED[option]:
        assert repr(allowed) in message


@pytest.mark.parametrize("value", [-1, 1 << 31, "x", 2.0, True, None])
def test_opening_seed_takes_only_integers_in_range(value: object) -> None:
    with pytest.raises(RuleOptionError, match=r"opening_seed.*0\.\.2147483647"):
        games.load(NAME, opening_seed=value)
    assert games.load(NAME, opening_seed="123").options["opening_seed"] == 123


@pytest.mark.parametrize("value", [True, False, 1.0, 0.0])
def test_booleans_and_floats_are_not_player_numbers(value: object) -> None:
    # The project refuses booleans as actions and as seeds; a player option should not take
    # True for player 1 either (True == 1 in Python).
    with pytest.raises(RuleOptionError):
        games.load(NAME, first_splitter=value)


def test_option_defaults_and_canonical_values() -> None:
    assert games.load(NAME).options == {"first_splitter": "coin", "reserve_order": "literal",
                                        "scoring": "categories-first", "swap": "blind", "rounds": 5,
                                        "opening_seed": 0, "build": "choose"}
    assert games.load(NAME, first_splitter="1").options["first_splitter"] == 1  # integer as text
    info = games.load(NAME).info
    assert {o.name: o.choices for o in info.options} == ALLOWED
    assert all(o.default == o.choices[0] and o.description for o in info.options)


@pytest.mark.parametrize("seed", [True, "3", 1.5])
def test_bad_seed(seed: object) -> None:
    with pytest.raises(RuleOptionError):
        games.load(NAME).new_initial_state(seed)  # type: ignore[arg-type]


# --- GameInfo -------------------------------------------------------------------------------


def test_game_info_fields() -> None:
    game = games.load(NAME)
    info = game.info
    assert info.short_name == NAME and info.long_name == "Divided Ranks"
    assert info.num_players == info.min_players == info.max_players == game.num_players() == 2
    assert info.num_distinct_actions == 360 == act.NUM_DISTINCT_ACTIONS
    assert info.max_chance_outcomes == 21
    assert (info.min_utility, info.max_utility, info.utility_sum) == (-1.0, 1.0, 0.0)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_game_info_is_truthful_over_playouts(options: dict[str, object]) -> None:
    game = games.load(NAME, **options)
    info = game.info
    rng = random.Random(str(options))
    coins = (options["first_splitter"] == "coin") + (options["reserve_order"] == "coin")
    for _ in range(15):
        for state in positions(options, rng):
            assert state.current_player() != SIMULTANEOUS and not state.is_simultaneous_node()
            if state.is_chance_node():
                assert len(state.chance_outcomes()) <= info.max_chance_outcomes
            elif not state.is_terminal():
                assert all(0 <= a < info.num_distinct_actions for a in state.legal_actions())
        length = state.move_number()
        assert length == len(state.history()) == coins + 21 + 2 * 5 + 2 + 2
        assert length <= info.max_game_length
        returns = state.returns()
        assert len(returns) == info.num_players
        assert all(info.min_utility <= r <= info.max_utility for r in returns)
        assert sum(returns) == info.utility_sum


def test_longest_game_reaches_max_game_length() -> None:
    options: dict[str, object] = {"first_splitter": "coin", "reserve_order": "coin"}
    state = play_random(options, random.Random(3))
    assert state.move_number() == games.load(NAME, **options).info.max_game_length


# --- states ---------------------------------------------------------------------------------


def snapshot(state: AnyState) -> tuple[Any, ...]:
    views = (state.observation(0), state.observation(1))
    return (state.core, state.history(), state.legal_actions(), state.current_player(), views)


@pytest.mark.parametrize("seed", [None, 17])
def test_clone_independence(seed: int | None) -> None:
    rng = random.Random(5)
    state = games.load(NAME, first_splitter="coin", reserve_order="coin").new_initial_state(seed)
    while not state.is_terminal():
        original = snapshot(state)
        clone = state.clone()
        assert snapshot(clone) == original
        action = random_action(state, rng)
        clone.apply_action(action)
        assert snapshot(state) == original  # mutating the clone leaves the original alone
        assert snapshot(state.child(action)) == snapshot(clone)
        assert snapshot(state) == original  # child() does not move the original either
        earlier = state.clone()
        state.apply_action(action)  # mutating the original leaves an earlier clone alone
        assert snapshot(earlier) == original
        assert snapshot(state) == snapshot(clone)
    assert snapshot(state.clone()) == snapshot(state)


def test_seeded_clone_continues_like_the_original() -> None:
    state = games.load(NAME).new_initial_state(seed=8)
    clone = state.clone()
    assert clone.seed == 8 and clone.history() == state.history()
    for a in state.legal_actions()[:1]:
        state.apply_action(a)
        clone.apply_action(a)
    assert clone.core == state.core


def test_state_queries() -> None:
    state = games.load(NAME, first_splitter=0).new_initial_state(seed=2)
    player = state.current_player()
    assert state.legal_actions(player=1 - player) == []
    assert state.legal_actions(player=player) == state.legal_actions()
    assert state.rewards() == [0.0, 0.0]
    with pytest.raises(IllegalActionError):
        state.chance_outcomes()  # not a chance node
    for bad in (2, -1, CHANCE, "0"):
        with pytest.raises(IllegalActionError):
            state.observation(bad)  # type: ignore[arg-type]
    end = play_random({}, random.Random(4), seed=4)
    assert end.current_player() == TERMINAL and end.is_terminal()
    assert end.rewards() == end.returns()
    assert end.legal_actions() == [] and end.legal_actions(player=0) == []
    with pytest.raises(NotYourTurnError):
        end.apply_action(act.KEEP, player=0)


# --- notation -------------------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTION_SETS[::4])
def test_action_strings_round_trip_at_player_phases(options: dict[str, object]) -> None:
    rng = random.Random(str(options))
    phases = set()
    for _ in range(4):
        for state in positions(options, rng):
            if state.is_terminal() or state.is_chance_node():
                continue
            phases.add(state.core.phase)
            legal = state.legal_actions()
            texts = [state.action_to_string(a) for a in legal]
            assert len(set(texts)) == len(texts)  # every legal action has its own name
            for action, text in zip(legal, texts, strict=True):
                assert state.string_to_action(text) == action, text
                assert state.string_to_action(str(action)) == action
    assert phases == PLAYER_PHASES


def test_action_strings_round_trip_at_chance_phases() -> None:
    """OpenSpiel's StringToAction inverts ActionToString at chance nodes too ("coin: player 0
    splits first", "deal Qh"); the docstring of string_to_action promises to read what
    action_to_string writes."""
    rng = random.Random(1)
    seen = 0
    for state in positions({"first_splitter": "coin", "reserve_order": "coin"}, rng):
        if not state.is_chance_node():
            continue
        for action in state.legal_actions():
            assert state.string_to_action(str(action)) == action  # the number always works
            text = state.action_to_string(action)
            assert state.string_to_action(text) == action, text
            seen += 1
    assert seen > 0


def test_documented_action_forms() -> None:
    state = games.load(NAME, first_splitter=0).new_initial_state(seed=6)
    assert state.string_to_action("up") == state.string_to_action("take face-up") == act.TAKE_FACE_UP
    assert state.string_to_action("take up") == state.string_to_action("face-up") == act.TAKE_FACE_UP
    assert state.string_to_action("DOWN") == state.string_to_action("take face-down") == act.TAKE_FACE_DOWN
    assert state.string_to_action("keep") == act.KEEP
    assert state.string_to_action("give as") == act.give_action(16)  # As is card 16
    assert state.string_to_action("split jh ts") == act.split_action(0, 5)  # Ts=0, Jh=5
    assert state.string_to_action("split 10s Jh") == act.split_action(0, 5)
    assert state.string_to_action("build #17") == act.build_action(17)
    assert state.string_to_action("  212 ") == 212


MALFORMED = ["", "   ", "split", "split Ts", "split Ts Jh Qd", "split Ts Xx", "split Ts Ts",
             "give", "give Zz", "give As Kh", "keep now", "build", "build #", "build #x",
             "take", "take sideways", "fly", "1.5", "0x10", "coin", "||"]


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_action_strings(text: str) -> None:
    state = games.load(NAME).new_initial_state(seed=1)
    with pytest.raises(InvalidNotationError):
        state.string_to_action(text)


def test_malformed_build_strings_at_the_build() -> None:
    rng = random.Random(2)
    for state in positions({}, rng, seed=2):
        if state.core.phase == Phase.BUILD:
            break
    holding = state.core.hands[state.current_player()]
    outside = [i for i in range(21) if not holding >> i & 1]
    foreign = " ".join(str(PACK_21[i]) for i in outside[:5])
    for text in (f"build {foreign}", "build Ts Js Qs Ks", "build Ts Ts Js Qs Ks"):
        with pytest.raises(InvalidNotationError):
            state.string_to_action(text)


# --- game records ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [None, 12])
def test_record_round_trip(seed: int | None) -> None:
    options: dict[str, object] = {"first_splitter": 1, "reserve_order": "coin", "swap": "face-up"}
    state = play_random(options, random.Random(9), seed)
    record = state.record()
    assert record.game == NAME and record.seed == seed
    assert dict(record.options) == {"first_splitter": 1, "reserve_order": "coin", "swap": "face-up",
                                    "scoring": "categories-first", "rounds": 5, "opening_seed": 0,
                                    "build": "choose"}
    assert record.actions == tuple(state.history())
    text = record.to_json()
    assert json.loads(text)["actions"] == list(record.actions)
    again = GameRecord.from_json(text)
    assert again == record
    assert games.replay(again).core == state.core


MALFORMED_JSON = [
    "", "not json", "{", "[]", "null", "5", '"divided-ranks"', "{}",
    '{"game": "divided-ranks"}', '{"actions": []}',
    '{"game": "divided-ranks", "actions": 5}',
    '{"game": "divided-ranks", "actions": ["x"]}',
    '{"game": "divided-ranks", "actions": [null]}',
    '{"game": "divided-ranks", "actions": [], "seed": "7"}',
    '{"game": "divided-ranks", "actions": [], "seed": 1.5}',
    '{"game": "divided-ranks", "actions": [], "options": 5}',
]


@pytest.mark.parametrize("text", MALFORMED_JSON)
def test_malformed_record_json(text: str) -> None:
    with pytest.raises(RuleOptionError) as info:
        GameRecord.from_json(text)
    assert "malformed game record" in str(info.value)


@pytest.mark.parametrize("text", [
    '{"game": "divided-ranks", "actions": [1.5]}',
    '{"game": "divided-ranks", "actions": [true]}',
    '{"game": "divided-ranks", "actions": "123"}',
    '{"game": "divided-ranks", "actions": [], "seed": true}',
])
def test_record_json_values_that_are_not_integers(text: str) -> None:
    # A record holds integers; these must not be silently read as 1, (1, 2, 3) or seed 1.
    with pytest.raises(RuleOptionError):
        GameRecord.from_json(text)


def test_replay_checks_the_record() -> None:
    game = games.load(NAME, swap="face-up")
    with pytest.raises(RuleOptionError):
        game.replay(GameRecord("other-game", {"swap": "face-up"}, None, ()))
    with pytest.raises(RuleOptionError):
        game.replay(GameRecord(NAME, {"swap": "blind"}, None, ()))  # different options
    with pytest.raises(RuleOptionError):
        games.replay(GameRecord(NAME, {"colour": "red"}, None, ()))
    with pytest.raises(RuleOptionError):
        games.replay(GameRecord("no-such-game", {}, None, ()))
    with pytest.raises(IllegalActionError) as info:
        game.replay(GameRecord(NAME, {"swap": "face-up"}, None, (0, 5, 5)))  # a card dealt twice
    assert "action 5" in str(info.value)


def test_evolve_is_dataclasses_replace_only_faster() -> None:
    """The engines' copy-with-changes gives what ``dataclasses.replace`` gives, refuses an
    unknown field the same way, and leaves a class with ``__post_init__`` to ``replace`` (so
    its checks still run)."""
    import dataclasses

    import pytest

    from divided import games
    from divided.games.base import evolve

    state = games.load("divided-ranks").new_initial_state(seed=3)
    for _ in range(6):  # into the draft: a log, hands, a round under way
        state.apply_action(state.legal_actions()[0])
    core = state.core
    changes = {"round": 4, "face_up": 3, "hands": (7, 8), "log": ()}
    assert evolve(core, **changes) == dataclasses.replace(core, **changes)
    assert evolve(core) == core and evolve(core) is not core
    with pytest.raises(TypeError):
        evolve(core, no_such_field=1)

    @dataclasses.dataclass(frozen=True)
    class Checked:
        value: int

        def __post_init__(self) -> None:
            if self.value < 0:
                raise ValueError("negative")

    assert evolve(Checked(1), value=2) == Checked(2)
    with pytest.raises(ValueError, match="negative"):
        evolve(Checked(1), value=-1)
