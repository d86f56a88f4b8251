"""Divided Ranks' rounds=1 studies solved by the endgame solver, wrapped as an OpenSpiel policy.

A rounds=1 study is the last round alone after a public opening: its game tree *is* the round-5
subgame of :mod:`divided.bots.divided_ranks.endgame`, which CFR+ solves exactly in a fraction of
a second where OpenSpiel's tabular CFR takes minutes. :class:`EndgamePolicy` answers OpenSpiel's
questions from the acting player's view alone (:meth:`OpenSpielState.view`): the view's round-5
start (:func:`~divided.bots.divided_ranks.endgame.roots.round5_start`), that start's subgame solved
to NashConv :data:`TARGET` (:func:`~divided.bots.divided_ranks.endgame.policy.solve_start`), and
the solved mix at the view's decision (:meth:`~divided.bots.divided_ranks.endgame.policy.Endgame.policy`).
:func:`solve_study` solves every start of the study and measures the strategy's NashConv with
OpenSpiel's own exploitability, the check independent of the solver's.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found, unused-ignore]
from open_spiel.python import policy as os_policy  # type: ignore[import-not-found, import-untyped, unused-ignore]
from open_spiel.python.algorithms import exploitability  # type: ignore[import-not-found, import-untyped, unused-ignore]

from divided.adapters.openspiel import OpenSpielState
from divided.adapters.studies.cfr import Solution
from divided.bots.divided_ranks.endgame.policy import Endgame, EndgameSettings, solve_start
from divided.bots.divided_ranks.endgame.roots import Round5Start, round5_start
from divided.errors import RuleOptionError
from divided.games.divided_ranks.view import PlayerView

TARGET = 0.001
"""The solver's NashConv target (payoff points: a win +1, a loss -1)."""

SETTINGS = EndgameSettings(target=TARGET, max_iterations=100_000, check_every=10)
"""Solve to :data:`TARGET` (a study's subgame has five roots: always the full two-sided one)."""


def study_start(view: PlayerView) -> Round5Start:
    """The round-5 start of ``view``'s player, at any of its round-5 decisions (the reserve's too)."""
    return round5_start(view)


class EndgamePolicy(os_policy.Policy):  # type: ignore[misc]
    """The solved strategy of a rounds=1 Divided Ranks study as an OpenSpiel policy.

    Each player's decisions read the subgame solved from that player's own round-5 start (solved
    once, on first use); each information state's answer is remembered (``decisions``), with
    every legal action listed, zeros included."""

    def __init__(self, game: Any, settings: EndgameSettings = SETTINGS) -> None:
        super().__init__(game, list(range(game.num_players())))
        self.settings = settings
        self.endgames: dict[Round5Start, Endgame] = {}
        self.decisions: dict[str, dict[int, float]] = {}

    def endgame(self, view: PlayerView) -> Endgame:
        """The solved subgame of ``view``'s player's round-5 start."""
        start = study_start(view)
        found = self.endgames.get(start)
        if found is None:
            found = self.endgames[start] = solve_start(start, self.settings)
        return found

    def action_probabilities(self, state: OpenSpielState, player_id: int | None = None) -> dict[int, float]:
        player = state.current_player() if player_id is None else player_id
        key = state.information_state_string(player)
        found = self.decisions.get(key)
        if found is None:
            view = state.view(player)
            mix = self.endgame(view).policy(view)
            legal = state.legal_actions(player)
            if set(mix) != set(legal):
                raise ValueError(f"the endgame's actions {sorted(mix)} are not the legal actions {legal}")
            found = self.decisions[key] = {action: mix[action] for action in legal}
        return found


def played_nash_conv(solved: list[Endgame]) -> float:
    """The solver's own NashConv of the strategy the policy plays, the largest over ``solved``:
    in each subgame, each player's part from that player's own solve of it (each solve refines
    only its own player's part; two solves are of one subgame when their trees are the same)."""

    def same(a: Endgame, b: Endgame) -> bool:
        return np.array_equal(a.tree.chance, b.tree.chance) and all(
            np.array_equal(x.keys, y.keys) and np.array_equal(x.info, y.info)
            for x, y in zip(a.tree.layers, b.tree.layers, strict=True))

    worst = 0.0
    for endgame in solved:
        parts = {endgame.start.player: endgame}
        for other in solved:
            if other.start.player not in parts and same(endgame, other):
                parts[other.start.player] = other
        strategy = [parts.get(layer.player, endgame).strategy[i] for i, layer in enumerate(endgame.tree.layers)]
        worst = max(worst, endgame.solver.nash_conv(strategy))
    return worst


def first_decisions(game: Any) -> list[OpenSpielState]:
    """The states where the first player decides: every chance path from the root."""
    found: list[OpenSpielState] = []
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_chance_node():
            stack.extend(state.child(action) for action, _ in state.chance_outcomes())
        elif not state.is_terminal():
            found.append(state)
    return found


def check_study(game: Any) -> None:
    """Refuse a study the endgame solver does not solve (:class:`RuleOptionError`)."""
    options = dict(game.engine.options)
    if options["rounds"] != 1:
        raise RuleOptionError(f"the endgame algorithm solves rounds=1 studies (the last round is the whole "
                              f"game); this one has rounds={options['rounds']}: use --algorithm cfr or cfr+")
    if options["build"] != "auto":
        raise RuleOptionError(f"the endgame algorithm solves build=auto studies (its tree builds by "
                              f"auto-arrange, ruling R5); this one has build={options['build']}")


def solve_study(game_string: str, progress: Callable[[int, float], None] | None = None) -> Solution:
    """Solve the rounds=1 study ``game_string``: each player's round-5 start (each chance path to the first
    decision; several with a coin for the first splitter or the reserve order), then OpenSpiel's
    NashConv of the joint strategy (``curve``: one point, the most iterations any start took)
    and the solver's own of the strategy played (the largest over the starts)."""
    game = pyspiel.load_game(game_string)
    check_study(game)
    started = time.perf_counter()
    policy = EndgamePolicy(game)
    for state in first_decisions(game):
        for player in range(game.num_players()):
            policy.endgame(state.view(player))
    solved = list(policy.endgames.values())
    unsolved = [e for e in solved if not e.report.converged]
    if unsolved:
        raise RuntimeError(f"the endgame solver stopped at NashConv {unsolved[0].report.nash_conv:.4f} "
                           f"after {unsolved[0].report.iterations} iterations, above {TARGET}")
    nash_conv = float(exploitability.nash_conv(game, policy))
    iterations = max(e.report.iterations for e in solved)
    solution = Solution(game_string, "endgame", [(iterations, nash_conv)], [time.perf_counter() - started], policy,
                        len(policy.decisions), played_nash_conv(solved))
    if progress is not None:
        progress(iterations, nash_conv)
    return solution


__all__ = ["SETTINGS", "TARGET", "EndgamePolicy", "check_study", "first_decisions", "solve_study", "study_start"]
