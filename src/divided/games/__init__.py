"""Games of the project behind one interface (see :mod:`divided.games.base`).

>>> from divided import games
>>> names = games.names()  # sorted; the list grows with every game
>>> names == sorted(names) and {"divided-ranks", "card-commons", "divide", "five-card-draw"} <= set(names)
True
>>> game = games.load("divided-ranks", reserve_order="coin")
>>> game.options["reserve_order"]
'coin'

Each game has a room (:class:`GameRoom`): what generic layers ask of it besides the rules.

>>> import random
>>> room = games.room("divided-ranks")
>>> state = game.new_initial_state(seed=5)
>>> view = state.observation(state.current_player())
>>> [room.label(view, a).kind for a in state.legal_actions()][:2]
['split', 'split']
>>> world = room.sampler(view).sample(random.Random(1))  # a full state the player cannot tell apart
>>> room.rules.observe(world, view.player) == view
True

A game is registered here by id, lazily (its module is imported on first use); tests and
plugins add games at run time with :func:`register`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from divided.errors import UnsupportedGameError
from divided.games.base import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    ChanceNode,
    Game,
    GameInfo,
    GameRecord,
    Result,
    RuleOption,
    Rules,
    State,
    View,
)
from divided.games.room import ActionLabel, Books, GameRoom, ObservationLayout, WorldSampler
from divided.registry import Registry

RulesFactory = Callable[[], Rules[Any, Any]]

POKER = ("five-card-draw", "seven-card-stud", "henway", "ten-card-regrets", "cowpie", "double-draw-high-low",
          "open-draw", "jackpot", "sequential-open-draw",
          "six-card-draw", "six-card-open-draw", "seven-card-open-draw", "bounce-back", "j-lo",
          "freak-of-nature", "uncle-bobs-left-nut",
          "three-two-one", "assassin", "fives", "crazy-four-of-spades",
          "auction-flop", "low-high-die", "buck-thirty-five", "mississippi")
"""The poker games (one engine, :mod:`divided.games.poker`; each a variant definition): every
layer finds a poker game's part in one mapping keyed by game id (``"module:MAPPING[game]"``)."""

_RULES: Registry[RulesFactory] = Registry(
    "rules", {"divided-ranks": "divided.games.divided_ranks.rules:DividedRanksRules",
              "card-commons": "divided.games.card_commons.rules:CardCommonsRules",
              "divide": "divided.games.divide.rules:DivideRules",
              **{game: f"divided.games.poker.variants:RULES[{game}]" for game in POKER}})
_ROOMS: Registry[GameRoom[Any, Any]] = Registry(
    "game room", {"divided-ranks": "divided.games.divided_ranks.room:ROOM",
                  "card-commons": "divided.games.card_commons.room:ROOM",
                  "divide": "divided.games.divide.room:ROOM",
                  **{game: f"divided.games.poker.variants:ROOMS[{game}]" for game in POKER}})


def names() -> list[str]:
    """Short names of the games that :func:`load` knows."""
    return _RULES.names()


def register(name: str, rules: RulesFactory | str, room: GameRoom[Any, Any] | str | None = None, *,
             replace: bool = False) -> None:
    """Add a game at run time: a factory of its :class:`Rules` (or ``"module:attribute"``) and
    optionally its :class:`GameRoom`."""
    _RULES.register(name, rules, replace=replace)
    if room is not None:
        _ROOMS.register(name, room, replace=replace)


def unregister(name: str) -> None:
    """Remove a game added with :func:`register`."""
    _RULES.unregister(name)
    _ROOMS.unregister(name)


def load(name: str, **rule_options: object) -> Game[Any, Any]:
    """The game called ``name`` with the given rule options (validated)."""
    if not _RULES.supports(name):
        raise UnsupportedGameError(f"unknown game {name!r}; known games: {', '.join(names())}")
    return Game(_RULES.get(name)(), rule_options)


def room(name: str) -> GameRoom[Any, Any]:
    """The room of the game ``name``: labels, books, world sampler, observation layout, facts."""
    return _ROOMS.get(name)


def replay(record: GameRecord) -> State[Any, Any]:
    """The state a game record describes (every action checked on the way)."""
    return load(record.game, **record.options).replay(record)


__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "ActionLabel",
    "Books",
    "ChanceNode",
    "Game",
    "GameInfo",
    "GameRecord",
    "GameRoom",
    "ObservationLayout",
    "Result",
    "RuleOption",
    "Rules",
    "State",
    "View",
    "WorldSampler",
    "load",
    "names",
    "register",
    "replay",
    "room",
    "unregister",
]
