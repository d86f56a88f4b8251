"""The ``openspiel-ismcts`` bot (OpenSpiel's Python ISMCTS) in the lab, and bot plugins."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspiel")

from divided import games
from divided.adapters.openspiel_bots import OpenSpielIsmctsBot, state_for_view
from divided.bots import base, make_bot, names
from divided.errors import RuleOptionError
from divided.games.base import State
from divided.games.divided_ranks.worlds import sample_state
from divided.sim import Arm, ProcessExecutor, SerialExecutor, make_plan, run
from divided.sim.plan import GameSetup
from divided.sim.play import play_game

SMALL = "openspiel-ismcts:simulations=3"
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"first_splitter": 0, "reserve_order": "coin", "swap": "face-up"},
    {"first_splitter": 1, "reserve_order": "splitter-first", "scoring": "weaker-first"},
]


def lab_game(seats: tuple[str, str], seed: int, options: dict[str, Any], index: int = 0) -> State[Any, Any]:
    """One game through the lab's own game loop (which refuses an illegal action)."""
    game = games.load("divided-ranks", **options)
    _, state = play_game(game, GameSetup("run", index, None, seed, seats))
    return state


def positions(seed: int, options: dict[str, Any] | None = None) -> list[State[Any, Any]]:
    """The decision positions of a random-vs-random game."""
    state = games.load("divided-ranks", **(options or {})).new_initial_state(seed=seed)
    rng = random.Random(seed)
    found = []
    while not state.is_terminal():
        found.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return found


def test_the_registry_lists_it() -> None:
    assert "openspiel-ismcts" in names("divided-ranks")
    bot = make_bot("divided-ranks", "openspiel-ismcts:simulations=7,uct_c=1.5,seed=4")
    assert isinstance(bot, OpenSpielIsmctsBot)
    assert (bot.simulations, bot.uct_c, bot.seed, bot.name) == (7, 1.5, 4, "openspiel-ismcts")


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "defaults")
def test_plays_complete_games_against_random_in_the_lab(options: dict[str, Any]) -> None:
    for seed, seats in enumerate([(SMALL, "random"), ("random", SMALL)]):
        state = lab_game(seats, 40 + seed, options)
        assert state.is_terminal() and sum(state.returns()) == 0
        assert state.core.outcome is not None


def test_returns_only_legal_actions() -> None:
    bot = make_bot("divided-ranks", SMALL)
    rng = random.Random(2)
    for position in positions(8) + positions(9, {"swap": "face-up"}):
        player = position.current_player()
        legal = tuple(position.legal_actions())
        assert bot.choose(position.observation(player), legal, rng) in legal


def test_same_seed_same_game() -> None:
    seats = (SMALL, "random")
    first = lab_game(seats, 5, {})
    again = lab_game(seats, 5, {})
    assert first.history() == again.history()


def test_decisions_follow_the_rng_and_the_seed_parameter() -> None:
    """Deterministic for one rng state, yet it uses its randomness: other rngs or another
    ``seed`` change some decisions (at the build, say, with 126 actions and 3 simulations)."""
    bot, reseeded = make_bot("divided-ranks", SMALL), make_bot("divided-ranks", SMALL + ",seed=9")
    by_rng = by_seed = 0
    for position in positions(11):
        player = position.current_player()
        view, legal = position.observation(player), tuple(position.legal_actions())
        action = bot.choose(view, legal, random.Random(1))
        assert bot.choose(view, legal, random.Random(1)) == action
        by_rng += bot.choose(view, legal, random.Random(2)) != action
        by_seed += reseeded.choose(view, legal, random.Random(1)) != action
    assert by_rng > 0 and by_seed > 0


def test_two_states_with_one_view_get_one_decision() -> None:
    """The bot sees only the view: a different world behind the same view (the unseen cards
    placed otherwise) gives the same decision for the same rng."""
    bot = make_bot("divided-ranks", SMALL)
    compared = hidden_differs = 0
    for number, position in enumerate(positions(21)[::2]):
        player = position.current_player()
        view = position.observation(player)
        world = sample_state(view, random.Random(number))
        other = State(position.game, world, None, [])
        assert other.observation(player) == view
        hidden_differs += world != position.core
        legal = tuple(position.legal_actions())
        assert tuple(other.legal_actions()) == legal
        assert (bot.choose(view, legal, random.Random(number))
                == bot.choose(other.observation(player), legal, random.Random(number)))
        compared += 1
    assert compared >= 6 and hidden_differs >= compared // 2


def test_the_searched_state_shows_the_same_information_state() -> None:
    position = positions(3)[6]
    player = position.current_player()
    view = position.observation(player)
    state = state_for_view(view, random.Random(0))
    assert state.view(player) == view
    assert state.current_player() == player and state.legal_actions() == position.legal_actions()


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("openspiel-ismcts:simulations=0", "simulations='0' must be positive"),
        ("openspiel-ismcts:simulations=1", "must be at least 2"),
        ("openspiel-ismcts:simulations=many", "must be a whole number"),
        ("openspiel-ismcts:uct_c=-1", "uct_c='-1' must be a finite number >= 0"),
        ("openspiel-ismcts:seed=-3", "seed='-3' must be >= 0"),
        ("openspiel-ismcts:seed=x", "seed='x' must be a whole number"),
        ("openspiel-ismcts:depth=3", "bad parameters for bot 'openspiel-ismcts'"),
    ],
)
def test_bad_parameters_are_refused(spec: str, words: str) -> None:
    with pytest.raises(RuleOptionError, match=words.replace("(", r"\(")):
        make_bot("divided-ranks", spec)


def test_worker_processes_find_the_plugin_bot_and_play_the_same_games(tmp_path: Path) -> None:
    plan = make_plan("simulate", "divided-ranks", [Arm("run", {}, ("openspiel-ismcts:simulations=2", "random"))],
                     4, seed=3)
    run(plan, SerialExecutor(), out=tmp_path / "serial")
    with ProcessExecutor(2) as executor:
        run(plan, executor, out=tmp_path / "pool")
    serial, pool = (sorted((tmp_path / folder / "games.jsonl").read_text().splitlines()) for folder in ("serial", "pool"))
    assert len(serial) == 4 and serial == pool


class _EntryPoint:
    def __init__(self, name: str, error: ImportError | None = None, plugin: Any = None) -> None:
        self.name, self._error, self._plugin = name, error, plugin

    def load(self) -> Any:
        if self._error is not None:
            raise self._error
        return self._plugin


def test_plugins_register_and_a_missing_dependency_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    def register_echo() -> None:
        base.register(base.BotSpec("echo-plugin", lambda game: make_bot(game, "random")))

    entry_points = [_EntryPoint("broken", ImportError("No module named 'nothing_here'")),
                    _EntryPoint("echo", plugin=register_echo)]
    monkeypatch.setattr(base.importlib.metadata, "entry_points", lambda group: entry_points)
    monkeypatch.setattr(base, "_loaded", False)
    monkeypatch.setattr(base, "_skipped_plugins", {})
    monkeypatch.setattr(base, "_SPECS", {name: list(found) for name, found in base._SPECS.items()})
    assert "echo-plugin" in names("divided-ranks") and "random" in names("divided-ranks")
    with pytest.raises(RuleOptionError, match=r"plugin 'broken' is not loaded \(No module named 'nothing_here'\)"):
        make_bot("divided-ranks", "nobot")
