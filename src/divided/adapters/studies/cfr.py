"""Solving a small two-player game exactly with OpenSpiel: CFR, NashConv, bots measured.

Generic over the games the OpenSpiel adapter serves; which settings of a game are small enough
(a *study*) is the game's own business (:mod:`divided.adapters.studies.divided_ranks`).
:func:`solve` runs CFR (or CFR+) on the adapter and records NashConv as iterations go;
:class:`BotPolicy` turns any of the project's bots into an OpenSpiel policy, so its
exploitability and its expected score against the CFR strategy are computed exactly, over the
whole game tree.
"""

from __future__ import annotations

import random
import time
import zlib
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

ALGORITHMS = ("cfr", "cfr+")


class BotPolicy(os_policy.Policy):  # type: ignore[misc]
    """One of the project's bots as an OpenSpiel policy (pure: one action per information state).

    The bot sees only the acting player's view. Its random numbers are seeded from the
    information-state string, and each answer is remembered, so the policy is a proper
    behaviour strategy: the same action in every history of one information set.
    """

    def __init__(self, game: Any, bot: Bot[Any], seed: int = 0) -> None:
        super().__init__(game, list(range(game.num_players())))
        self.bot = bot
        self.seed = seed
        self.decisions: dict[str, int] = {}
        self.seconds = 0.0

    def action_probabilities(self, state: OpenSpielState, player_id: int | None = None) -> dict[int, float]:
        player = state.current_player() if player_id is None else player_id
        key = state.information_state_string(player)
        action = self.decisions.get(key)
        if action is None:
            rng = random.Random(zlib.crc32(key.encode()) ^ self.seed)
            started = time.perf_counter()
            action = self.bot.choose(state.view(player), state.legal_actions(player), rng)
            self.seconds += time.perf_counter() - started
            self.decisions[key] = action
        return {action: 1.0}


@dataclass
class Solution:
    """A CFR run: NashConv at each checkpoint and the average policy reached."""

    game_string: str
    algorithm: str
    curve: list[tuple[int, float]] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    average_policy: Any = None
    info_states: int = 0


def solve(game_string: str, iterations: int, checkpoints: Sequence[int], algorithm: str = "cfr",
          progress: Callable[[int, float], None] | None = None) -> Solution:
    """Run ``iterations`` of CFR (or CFR+) and measure NashConv at each checkpoint."""
    if algorithm not in ALGORITHMS:
        raise RuleOptionError(f"unknown algorithm {algorithm!r}; choose one of {', '.join(ALGORITHMS)}")
    if iterations < 1:
        raise RuleOptionError(f"iterations must be 1 or more, got {iterations}")
    game = pyspiel.load_game(game_string)
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
    """A bot on a study: its NashConv, and its expected score against the CFR strategy in
    each seat (+1 win, -1 loss), with the equilibrium's own value for comparison."""

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


def measure_bot(game_string: str, spec: str, solution: Solution, seed: int = 0) -> BotMeasure:
    """Exact NashConv of bot ``spec`` on the study, and its score against the CFR strategy."""
    game = pyspiel.load_game(game_string)
    bot_policy = BotPolicy(game, make_bot(game.game_id, spec), seed)
    conv = float(exploitability.nash_conv(game, bot_policy))
    root = game.new_initial_state()
    equilibrium = solution.average_policy
    as_first = expected_game_score.policy_value(root, [bot_policy, equilibrium])[0]
    as_second = expected_game_score.policy_value(root, [equilibrium, bot_policy])[1]
    value = expected_game_score.policy_value(root, [equilibrium, equilibrium])[0]
    return BotMeasure(spec, conv, (float(as_first), float(as_second)), float(value),
                      len(bot_policy.decisions), bot_policy.seconds)


def uniform_nash_conv(game_string: str) -> float:
    """NashConv of the uniform random policy (the scale a NashConv figure is read against)."""
    game = pyspiel.load_game(game_string)
    return float(exploitability.nash_conv(game, os_policy.UniformRandomPolicy(game)))


__all__ = ["ALGORITHMS", "BotMeasure", "BotPolicy", "Solution", "measure_bot", "solve", "uniform_nash_conv"]
