"""OpenSpiel's own search bots as lab bots: ``openspiel-ismcts`` (OpenSpiel's Python ISMCTS).

Importing this module registers the bots with :mod:`divided.bots.base`; the registry imports it
through the ``divided.bots`` entry point (see ``pyproject.toml``), and skips it when pyspiel is
not installed.

The bot decides from its view only, for any game the OpenSpiel adapter serves (``game``; Divided
Ranks by default). To give OpenSpiel a state to search from, it draws one full state consistent
with the view from the game room's world sampler and wraps it as an adapter state: OpenSpiel's ISMCTS keys its nodes by information state and draws
a fresh world from that information state for every simulation, so which consistent world it
starts from does not matter. The search is OpenSpiel's ``ISMCTSBot`` as shipped: random-rollout
evaluator (``mcts.RandomRolloutEvaluator``, one rollout), UCT child selection, max-visit final
policy, unlimited world samples. The only change is where its random numbers come from: the
bot's, the evaluator's and the resampler's generators are seeded from the ``rng`` passed to
:meth:`OpenSpielIsmctsBot.choose` (OpenSpiel's default sampler is seeded from the system), so a
decision is fixed by the view and the rng, as the lab's duplicate format and replays need.

>>> from divided.bots import make_bot
>>> make_bot("divided-ranks", "openspiel-ismcts:simulations=20,uct_c=1.5").simulations
20
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found, unused-ignore]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found, import-untyped, unused-ignore]

from divided import games
from divided.adapters.openspiel import OpenSpielGame, OpenSpielState, Parameters, state_from_core
from divided.adapters.rooms import layout_of, options_of_view, part
from divided.bots.base import Bot, BotSpec, non_negative, one_hot, positive_int, register, view_random
from divided.errors import RuleOptionError
from divided.games.base import OptionValue, View

_INT31 = (1 << 31) - 1  # the sampler takes a C++ int seed
MIN_SIMULATIONS = 2
"""OpenSpiel's ISMCTS spends its first simulation expanding the root: one visits no action."""
DEFAULT_GAME = "divided-ranks"


@cache
def _game(game: str, options: tuple[tuple[str, OptionValue], ...]) -> OpenSpielGame:
    """The OpenSpiel game of ``game`` under rule ``options`` (one per game and option set)."""
    parameters = Parameters.of(game)
    return OpenSpielGame(game, {name: parameters.to_param(name, value) for name, value in options})


def state_for_view(view: Any, rng: random.Random, game: str = DEFAULT_GAME) -> OpenSpielState:
    """An OpenSpiel state drawn by the room's world sampler from those consistent with ``view``
    (replayed from the start when the game gives its history, so OpenSpiel's ``history()`` is
    right too)."""
    options = tuple(sorted(options_of_view(game, view).items()))
    spiel_game = _game(game, options)
    return state_from_core(spiel_game, spiel_game.room.sampler(view).sample(rng))


@dataclass
class OpenSpielIsmctsBot:
    """OpenSpiel's Python ISMCTS with ``simulations`` simulations per decision.

    The default, 4, takes about as long per decision as the default expert (median about 3.5 ms
    on the project's machine: ``benchmarks/bench_openspiel_ismcts.py``, BENCHMARKS.md).
    ``uct_c`` is the UCT exploration constant (OpenSpiel's examples use 2); ``seed`` is mixed
    into every decision's seed, so bots with different seeds play differently from one rng.
    """

    simulations: int = 4
    uct_c: float = 2.0
    seed: int = 0
    name: str = "openspiel-ismcts"
    game: str = DEFAULT_GAME

    def choose(self, view: View, legal: Sequence[int], rng: random.Random) -> int:
        """Run OpenSpiel's ISMCTS from a world consistent with ``view``; return its action."""
        if len(legal) == 1:
            return legal[0]
        state = state_for_view(view, rng, self.game)
        bot = self._search_bot(state.get_game(), rng)
        action = int(bot.step(state))
        if action not in legal:  # pragma: no cover - the adapter and the engine disagree
            raise AssertionError(f"OpenSpiel's ISMCTS chose {action}, not one of {list(legal)}")
        return action

    def action_probabilities(self, view: View, legal: Sequence[int]) -> dict[int, float]:
        """One-hot on :meth:`choose` with random numbers seeded from the view (a function of the view)."""
        return one_hot(self.choose(view, legal, view_random(view)), legal)

    def _search_bot(self, game: OpenSpielGame, rng: random.Random) -> Any:
        """A fresh ``ISMCTSBot`` whose every random number comes from ``rng`` (and ``seed``)."""
        bot_seed, rollout_seed, sampler_seed = (
            int(part) for part in np.random.SeedSequence([self.seed, rng.getrandbits(64)]).generate_state(3))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(rollout_seed))
        bot = ismcts.ISMCTSBot(
            game, evaluator, uct_c=self.uct_c, max_simulations=self.simulations,
            max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
            random_state=np.random.RandomState(bot_seed),
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            child_selection_policy=ismcts.ChildSelectionPolicy.UCT,
        )
        # OpenSpiel's own resampling call, with a seeded sampler instead of a system-seeded one.
        sampler = pyspiel.UniformProbabilitySampler(sampler_seed & _INT31, 0.0, 1.0)
        bot.set_resampler(lambda root, player: root.resample_from_infostate(player, sampler))
        return bot


def _openspiel_ismcts(game: str, simulations: str | int = OpenSpielIsmctsBot.simulations,
                      uct_c: str | float = OpenSpielIsmctsBot.uct_c,
                      seed: str | int = OpenSpielIsmctsBot.seed) -> Bot[Any]:
    try:
        seed_number = int(seed)
    except ValueError:
        raise RuleOptionError(f"bot parameter seed={seed!r} must be a whole number") from None
    if seed_number < 0:
        raise RuleOptionError(f"bot parameter seed={seed!r} must be >= 0")
    simulation_count = positive_int(simulations, "simulations")
    if simulation_count < MIN_SIMULATIONS:
        raise RuleOptionError(f"bot parameter simulations={simulations!r} must be at least {MIN_SIMULATIONS} "
                              "(OpenSpiel's ISMCTS spends the first simulation expanding the root)")
    return OpenSpielIsmctsBot(simulations=simulation_count,
                              uct_c=non_negative(uct_c, "uct_c"), seed=seed_number, game=game)


def supported_games() -> list[str]:
    """The games the bot plays: those the OpenSpiel adapter serves (an observation layout) whose
    adapter parts say which rule options a view was played under."""
    return [game for game in games.names()
            if layout_of(game) is not None and part(game, "options_of") is not None]


def register_bot(game: str) -> None:
    """Offer ``openspiel-ismcts`` for ``game`` (one spec per game, its factory bound to it)."""
    register(BotSpec("openspiel-ismcts", functools.partial(_openspiel_ismcts, game), frozenset({game}), None,
                     "OpenSpiel's Python ISMCTS through the adapter (simulations, uct_c, seed)"))


for _supported in supported_games():
    register_bot(_supported)

__all__ = ["OpenSpielIsmctsBot", "register_bot", "state_for_view", "supported_games"]
