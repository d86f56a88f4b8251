"""Playing the games of a plan: one game, one chunk of games, and the facts metrics need.

Each game gets a fresh bot per seat and, per seat, its own ``random.Random`` seeded from the
game's seed, its number, the seat and the bot's name (:func:`divided.sim.seeds.bot_seed`), so a
game's record is fixed by the plan alone, whichever process plays it and whatever ran before.
(The game number is part of the seed so that in self-play the games of one deal are not
copies of each other.)

One game gives one JSON-ready object (a :class:`GameLine`): who sat where, the seed, the game
record (it replays with :func:`divided.games.replay`), the returns, places and number of moves,
and the *facts* the game's lab room (:mod:`divided.sim.games`) computes its metrics from, so the
analysis never needs to replay a game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, TypedDict

from divided import games
from divided.bots import make_bot
from divided.errors import IllegalActionError
from divided.games.base import State
from divided.sim.games import lab_room
from divided.sim.plan import GameSetup, LabError, Plan
from divided.sim.seeds import bot_seed


class GameLine(TypedDict):
    """One line of ``games.jsonl``."""

    arm: str
    index: int
    pair: int | None
    seed: int
    seats: list[str]
    options: dict[str, Any]
    returns: list[float]
    places: list[int]
    moves: int
    record: dict[str, Any]
    facts: dict[str, Any]


@dataclass(frozen=True)
class ChunkTask:
    """Games ``indices`` of arm ``arm`` of ``plan``: the unit of work sent to an executor."""

    plan: Plan
    arm: str
    indices: tuple[int, ...]


def play_chunk(task: ChunkTask) -> list[GameLine]:
    """Play a chunk of games (this runs in worker processes and on Ray workers); the game's lab
    room gives each game's facts and may add batch facts over the whole chunk."""
    plan = task.plan
    arm = plan.arm(task.arm)
    game = games.load(plan.game, **dict(arm.options))
    room = lab_room(plan.game)
    lines = []
    for index in task.indices:
        setup = plan.setup(arm, index)
        state, moves = play_counted(game, setup)
        lines.append(_line(setup, state, moves, room.facts(state)))
    room.complete(lines)
    return lines


def play_game(game: games.Game[Any, Any], setup: GameSetup) -> tuple[GameSetup, State[Any, Any]]:
    """Play one game to its end between fresh bots; returns the finished state."""
    state, _ = play_counted(game, setup)
    return setup, state


def play_counted(game: games.Game[Any, Any], setup: GameSetup) -> tuple[State[Any, Any], int]:
    """Play one game to its end between fresh bots; returns the finished state and how many
    moves the players made (chance not counted)."""
    bots = [make_bot(game.info.short_name, name) for name in setup.seats]
    rngs = [random.Random(bot_seed(setup.seed, setup.index, seat, name))
            for seat, name in enumerate(setup.seats)]
    state = deal(game, setup.seed)
    moves = 0
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        action = bots[player].choose(state.observation(player), legal, rngs[player])
        try:
            state.apply_action(action)
        except IllegalActionError as error:
            raise LabError(
                f"bot {setup.seats[player]!r} at seat {player} chose an illegal action in game "
                f"{setup.index} of {setup.arm!r} (seed {setup.seed}): {error}"
            ) from None
        moves += 1
    return state, moves


def deal(game: games.Game[Any, Any], seed: int) -> State[Any, Any]:
    """A new game whose chance is resolved by name from ``seed`` (see
    :meth:`divided.games.Game.new_initial_state`): each chance node's outcome depends only on the
    seed and the node's name and index, so the same seed gives the same coins and the same cards
    under every rule option, which makes comparisons of rule options paired deal by deal. The
    record holds every chance outcome, so it replays exactly (its ``seed`` is ``None``; the lab's
    line keeps the seed)."""
    return game.new_initial_state(seed, chance_by_name=True)


def _line(setup: GameSetup, state: State[Any, Any], moves: int, facts: dict[str, Any]) -> GameLine:
    record = state.record()
    result = state.result()
    if result is None:
        raise LabError(f"game {setup.index} of {setup.arm!r} ended without a result")
    return GameLine(
        arm=setup.arm, index=setup.index, pair=setup.pair, seed=setup.seed, seats=list(setup.seats),
        options=dict(record.options), returns=[float(r) for r in state.returns()],
        places=list(result.places), moves=moves, record=record.to_dict(), facts=facts,
    )
