"""Solving a small two-player game exactly with OpenSpiel: CFR, NashConv, bots measured.

Generic over the games the OpenSpiel adapter serves; which settings of a game are small enough
(a *study*) is the game's own business (:mod:`divided.adapters.studies.divided_ranks`).
:func:`solve` runs CFR (or CFR+) on the adapter and records NashConv as iterations go, or
(algorithm ``endgame``) asks the game's own fast solver of its shortest studies, found by game
id in :data:`ENDGAMES`, and checks its strategy's NashConv with OpenSpiel's exploitability.
:class:`BotPolicy` turns any of the project's bots into an OpenSpiel policy (its mixed strategy,
:meth:`~divided.bots.base.Bot.action_probabilities`), so its exploitability and its expected
score against the solved strategy are computed exactly, over the whole game tree.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pyspiel  # type: ignore[import-not-found, unused-ignore]
from open_spiel.python import policy as os_policy  # type: ignore[import-not-found, import-untyped, unused-ignore]
from open_spiel.python.algorithms import (  # type: ignore[import-not-found, import-untyped, unused-ignore]
    cfr,
    expected_game_score,
    exploitability,
)

from divided.adapters.openspiel import OpenSpielState
from divided.bots import Bot, make_bot
from divided.errors import RuleOptionError
from divided.registry import Registry

ALGORITHMS = ("cfr", "cfr+", "endgame")
"""OpenSpiel's CFR and CFR+, and ``endgame``: the game's own solver of its shortest studies."""

TOLERANCE = 1e-6
"""How far a bot's probabilities may sum from 1."""


class BotPolicy(os_policy.Policy):  # type: ignore[misc]
    """One of the project's bots as an OpenSpiel policy: its mixed strategy
    (:meth:`~divided.bots.base.Bot.action_probabilities`, a function of the acting player's
    view only; one-hot for a bot that does not mix).

    Each answer is remembered by information state, so the policy is a proper behaviour
    strategy: the same distribution in every history of one information set. Actions the bot
    never plays are left out of the answer.
    """

    def __init__(self, game: Any, bot: Bot[Any]) -> None:
        super().__init__(game, list(range(game.num_players())))
        self.bot = bot
        self.decisions: dict[str, dict[int, float]] = {}
        self.seconds = 0.0

    def action_probabilities(self, state: OpenSpielState, player_id: int | None = None) -> dict[int, float]:
        player = state.current_player() if player_id is None else player_id
        key = state.information_state_string(player)
        found = self.decisions.get(key)
        if found is None:
            legal = state.legal_actions(player)
            started = time.perf_counter()
            probabilities = self.bot.action_probabilities(state.view(player), legal)
            self.seconds += time.perf_counter() - started
            found = self.decisions[key] = checked_distribution(self.bot.name, probabilities, legal)
        return found


def checked_distribution(name: str, probabilities: dict[int, float], legal: Sequence[int]) -> dict[int, float]:
    """``probabilities`` without its zero entries, once it is a distribution over ``legal``
    (:class:`ValueError` naming bot ``name`` otherwise).

    >>> checked_distribution("toy", {3: 0.25, 5: 0.75, 7: 0.0}, [3, 5, 7])
    {3: 0.25, 5: 0.75}
    >>> checked_distribution("toy", {3: 0.5, 9: 0.5}, [3, 5])
    Traceback (most recent call last):
    ...
    ValueError: bot 'toy' gave probabilities {3: 0.5, 9: 0.5}, not a distribution over the legal actions [3, 5]
    """
    total = math.fsum(probabilities.values())
    if (not set(probabilities) <= set(legal) or any(not p >= 0 for p in probabilities.values())
            or abs(total - 1.0) > TOLERANCE):
        raise ValueError(f"bot {name!r} gave probabilities {probabilities}, not a distribution over the "
                         f"legal actions {list(legal)}")
    return {action: float(p) for action, p in probabilities.items() if p > 0}


@dataclass
class Solution:
    """A solve: NashConv at each checkpoint (OpenSpiel's measure) and the strategy reached (for CFR
    its average policy; for the endgame algorithm the game's own solved strategy)."""

    game_string: str
    algorithm: str
    curve: list[tuple[int, float]] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    average_policy: Any = None
    info_states: int = 0
    solver_nash_conv: float | None = None
    """The endgame algorithm's own NashConv of its strategy (the curve has OpenSpiel's)."""
    value: float | None = None
    """The solved strategy's expected score for player 0 against itself (set on first use)."""


ENDGAMES: Registry[Callable[..., Solution]] = Registry(
    "endgame solver", {"divided-ranks": "divided.adapters.studies.endgame.divided_ranks:solve_study"})
"""Game id -> ``solve_study(game_string, progress=None) -> Solution``: the game's fast exact solver of
the studies it can solve (a clear :class:`RuleOptionError` for the others)."""


def equilibrium_value(game_string: str, solution: Solution) -> float:
    """Player 0's expected score when both play ``solution``'s strategy (computed once)."""
    if solution.value is None:
        root = pyspiel.load_game(game_string).new_initial_state()
        equilibrium = solution.average_policy
        solution.value = float(expected_game_score.policy_value(root, [equilibrium, equilibrium])[0])
    return solution.value


def solve(game_string: str, iterations: int, checkpoints: Sequence[int], algorithm: str = "cfr",
          progress: Callable[[int, float], None] | None = None) -> Solution:
    """Run ``iterations`` of CFR (or CFR+) and measure NashConv at each checkpoint.

    Algorithm ``endgame`` ignores ``iterations`` and ``checkpoints``: the game's own solver
    (:data:`ENDGAMES`) runs to its target, and the curve holds one point, its iterations and
    the NashConv OpenSpiel measures of its strategy."""
    if algorithm not in ALGORITHMS:
        raise RuleOptionError(f"unknown algorithm {algorithm!r}; choose one of {', '.join(ALGORITHMS)}")
    if iterations < 1:
        raise RuleOptionError(f"iterations must be 1 or more, got {iterations}")
    game = pyspiel.load_game(game_string)
    if algorithm == "endgame":
        if not ENDGAMES.supports(game.game_id):
            raise RuleOptionError(f"the endgame algorithm has no solver for {game.game_id!r}; "
                                  f"games with one: {', '.join(ENDGAMES.names())}")
        solution: Solution = ENDGAMES.get(game.game_id)(game_string, progress=progress)
        return solution
    started = time.perf_counter()
    solver = cfr.CFRSolver(game) if algorithm == "cfr" else cfr.CFRPlusSolver(game)
    solution = Solution(game_string, algorithm)
    marks = set(checkpoints) | {iterations}
    for iteration in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if iteration in marks:
            value = float(exploitability.nash_conv(game, solver.average_policy()))
            solution.curve.append((iteration, value))
            solution.seconds.append(time.perf_counter() - started)
            if progress is not None:
                progress(iteration, value)
    solution.average_policy = solver.average_policy()
    solution.info_states = len(solution.average_policy.state_lookup)
    return solution


@dataclass(frozen=True)
class BotMeasure:
    """A bot on a study: its NashConv, and its expected score against the solved strategy in
    each seat (+1 win, -1 loss), with the solved strategy's own value for comparison."""

    bot: str
    nash_conv: float
    against_cfr: tuple[float, float]
    cfr_value: float
    decisions: int
    seconds: float

    @property
    def margin(self) -> float:
        """Average over both seats of the bot's expected score minus the CFR strategy's own
        (negative: the bot does worse against the CFR strategy than the CFR strategy does)."""
        return ((self.against_cfr[0] - self.cfr_value) + (self.against_cfr[1] + self.cfr_value)) / 2


def measure_bot(game_string: str, spec: str, solution: Solution) -> BotMeasure:
    """Exact NashConv of bot ``spec`` on the study, and its score against the solved strategy."""
    game = pyspiel.load_game(game_string)
    bot_policy = BotPolicy(game, make_bot(game.game_id, spec))
    conv = float(exploitability.nash_conv(game, bot_policy))
    root = game.new_initial_state()
    equilibrium = solution.average_policy
    as_first = expected_game_score.policy_value(root, [bot_policy, equilibrium])[0]
    as_second = expected_game_score.policy_value(root, [equilibrium, bot_policy])[1]
    value = equilibrium_value(game_string, solution)
    return BotMeasure(spec, conv, (float(as_first), float(as_second)), value,
                      len(bot_policy.decisions), bot_policy.seconds)


def uniform_nash_conv(game_string: str) -> float:
    """NashConv of the uniform random policy (the scale a NashConv figure is read against)."""
    game = pyspiel.load_game(game_string)
    return float(exploitability.nash_conv(game, os_policy.UniformRandomPolicy(game)))


__all__ = ["ALGORITHMS", "ENDGAMES", "BotMeasure", "BotPolicy", "Solution", "checked_distribution",
           "equilibrium_value", "measure_bot", "solve", "uniform_nash_conv"]
