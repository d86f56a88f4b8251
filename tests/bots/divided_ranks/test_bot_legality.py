"""Every registered bot plays legal moves, deterministically, and bad bot names are refused.

Legality is judged by the engine's list of legal actions at each decision (and the engine
refuses an illegal move when it is applied, so a game that finishes was played legally
throughout). Determinism: the same view and an rng in the same state give the same action,
from the same bot object and from a freshly made one.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from bot_positions import GameState

from divided import games
from divided.bots import make_bot, names
from divided.bots.divided_ranks.exploiters import HiderBot
from divided.errors import RuleOptionError
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.state import Phase

BUILT_IN = {"random", "skilled", "expert", "hide-weaker", "hide-stronger"}
SMALL = {"expert": "expert:budget=24", "ismcts": "ismcts:iterations=20",  # keep the search bots fast here
         "openspiel-ismcts": "openspiel-ismcts:simulations=2"}


def spec(name: str) -> str:
    return SMALL.get(name, name)


OPTION_SETS: list[dict[str, Any]] = [
    {},  # the defaults: coin, literal, categories-first, blind
    {"first_splitter": 0, "reserve_order": "coin", "swap": "face-up"},
    {"first_splitter": 1, "reserve_order": "splitter-first", "scoring": "weaker-first"},
    {"reserve_order": "coin", "swap": "face-up", "scoring": "weaker-first"},
    {"rounds": 1, "build": "auto", "opening_seed": 4},  # studies: a public opening, automatic build
    {"rounds": 3, "opening_seed": 9, "swap": "face-up", "reserve_order": "coin"},
]


def test_the_registry_lists_the_built_in_bots() -> None:
    assert set(names("divided-ranks")) >= BUILT_IN


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_a_bot_is_called_by_its_registered_name(name: str) -> None:
    assert make_bot("divided-ranks", name).name == name


def play_checked(a: str, b: str, seed: int, options: dict[str, Any]) -> tuple[GameState, int]:
    """Play ``a`` (seat 0) against ``b``; at every decision check the action is legal and that
    asking again (same view, rng in the same state; same bot and a fresh one) gives it again."""
    bots = [make_bot("divided-ranks", spec(a)), make_bot("divided-ranks", spec(b))]
    fresh = [make_bot("divided-ranks", spec(a)), make_bot("divided-ranks", spec(b))]
    rngs = [random.Random(seed), random.Random(seed + 1_000_003)]
    state = games.load("divided-ranks", **options).new_initial_state(seed=seed)
    decisions = 0
    while not state.is_terminal():
        player = state.current_player()
        view = state.observation(player)
        legal = tuple(state.legal_actions())  # a tuple: a bot may not change the list it is given
        saved = rngs[player].getstate()
        action = bots[player].choose(view, legal, rngs[player])
        assert action in legal, (
            f"{bots[player].name} chose {action} at {state.core.phase}, legal: {legal}")
        for again in (bots[player], fresh[player]):
            copy = random.Random()
            copy.setstate(saved)
            assert again.choose(view, legal, copy) == action, f"{again.name} is not deterministic"
        state.apply_action(action)
        decisions += 1
    return state, decisions


# Each pair of bots plays three games under each option set: the suite plays the first of the
# three (every pair, every option set); the other two, on the same seeds as ever, are a sweep
# (``make sweeps``).
REPEATS = [pytest.param((0,), id="first"), pytest.param((1, 2), id="more", marks=pytest.mark.sweep)]


@pytest.mark.parametrize("repeats", REPEATS)
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "defaults")
def test_every_bot_plays_every_other_legally(options: dict[str, Any], repeats: tuple[int, ...]) -> None:
    bots = names("divided-ranks")
    for number, (a, b, repeat) in enumerate(itertools.product(bots, bots, range(3))):
        if repeat not in repeats:
            continue
        seed = 7919 * number + 101 * repeat + len(options)
        state, decisions = play_checked(a, b, seed, options)
        assert state.is_terminal() and sum(state.returns()) == 0
        # a split and a choice per played round, two reserve decisions, two builds unless automatic
        rounds = options.get("rounds", 5)
        assert decisions == 2 * rounds + 2 + (0 if options.get("build") == "auto" else 2)
        assert state.core.outcome is not None


def test_a_game_between_bots_replays_identically() -> None:
    """Same seeds, same game: bots carry no state between games that changes their play."""
    options = {"swap": "face-up", "reserve_order": "coin"}
    for a, b in [("expert", "skilled"), ("random", "hide-weaker"), ("hide-stronger", "expert")]:
        first, _ = play_checked(a, b, 11, options)
        second, _ = play_checked(a, b, 11, options)
        assert first.history() == second.history()


def test_the_random_bot_uses_its_rng() -> None:
    """The determinism checks above could pass for a bot that ignores its rng; the random bot
    must not: different rng seeds give different splits over a few tries."""
    state = games.load("divided-ranks", first_splitter=0).new_initial_state(seed=5)
    assert state.core.phase == Phase.SPLIT
    view, legal = state.observation(0), tuple(state.legal_actions())
    bot = make_bot("divided-ranks", "random")
    assert len({bot.choose(view, legal, random.Random(s)) for s in range(40)}) == len(legal)
    assert all(act.is_split(a) for a in legal)


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("nobot", ["unknown bot 'nobot'", "expert", "skilled", "random", "hide-weaker"]),
        ("expert:budget=0", ["budget='0'", "must be positive"]),
        ("expert:budget=-4", ["budget='-4'", "must be positive"]),
        ("expert:budget=x", ["budget='x'", "whole number"]),
        ("expert:budget=2.5", ["budget='2.5'", "whole number"]),
        ("expert:speed=1", ["bad parameters for bot 'expert'", "speed"]),
        ("expert:budget", ["bad bot parameter 'budget'", "key=value"]),
        ("skilled:budget=3", ["bad parameters for bot 'skilled'", "budget"]),
        ("hide-weaker:hide=stronger", ["bad parameters for bot 'hide-weaker'", "hide"]),
        ("random:auto_arrange=maybe", ["auto_arrange='maybe'", "yes or no"]),
    ],
)
def test_bad_bot_names_and_parameters_are_refused_clearly(name: str, words: list[str]) -> None:
    with pytest.raises(RuleOptionError) as info:
        make_bot("divided-ranks", name)
    message = str(info.value)
    for word in words:
        assert word in message, f"{message!r} should mention {word!r}"


def test_good_parameters_are_taken() -> None:
    bot = make_bot("divided-ranks", "expert:budget=7")
    assert getattr(bot, "budget") == 7  # noqa: B009  (the Bot protocol has no budget)
    assert getattr(make_bot("divided-ranks", "random:auto_arrange=no"), "auto_arrange") is False  # noqa: B009


def test_a_hider_must_hide_the_weaker_or_the_stronger_pair() -> None:
    with pytest.raises(RuleOptionError, match="'sideways'"):
        HiderBot("sideways")  # type: ignore[arg-type]
    assert HiderBot("weaker").name == "hide-weaker" and HiderBot("stronger").name == "hide-stronger"
