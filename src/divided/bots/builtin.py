"""Registers the generic built-in bots (bots for every game) with :mod:`divided.bots.base`.

A game's own bots are not here: the registry finds them by game id (see
:func:`divided.bots.base.register_game_bots`)."""

from __future__ import annotations

from typing import Any

from divided.bots.base import Bot, BotSpec, flag, positive_int, register
from divided.bots.ismcts import IsmctsBot
from divided.bots.pimc import PimcBot
from divided.bots.random_bot import RandomBot
from divided.errors import RuleOptionError


def _random(game: str, forced: str | bool = True, auto_arrange: str | bool | None = None) -> Bot[Any]:
    """``forced=no`` turns off the dominant action (``auto_arrange`` is Divided Ranks' word for it)."""
    if auto_arrange is not None:
        forced = auto_arrange
    return RandomBot(game, forced=flag(forced, "auto_arrange" if auto_arrange is not None else "forced"))


def _ismcts(game: str, iterations: str | int = IsmctsBot.iterations, rollout: str = IsmctsBot.rollout) -> Bot[Any]:
    count = positive_int(iterations, "iterations")
    try:
        return IsmctsBot(game, iterations=count, rollout=rollout)
    except ValueError as error:
        raise RuleOptionError(f"bot parameter rollout={rollout!r}: {error}") from None


def _pimc(game: str, worlds: str | int = PimcBot.worlds, rollout: str = PimcBot.rollout) -> Bot[Any]:
    count = positive_int(worlds, "worlds")
    try:
        return PimcBot(game, worlds=count, rollout=rollout)
    except ValueError as error:
        raise RuleOptionError(f"bot parameter rollout={rollout!r}: {error}") from None


GENERIC: tuple[BotSpec, ...] = (
    BotSpec("random", _random, None, 0, "uniform over the legal actions; plays the game's dominant action "
            "(Divided Ranks: the auto-arranged build) unless forced=no"),
    BotSpec("ismcts", _ismcts, None, None, "information-set MCTS over the game's rules and world sampler, "
            "a search baseline (iterations, rollout)"),
    BotSpec("pimc", _pimc, None, None, "determinised flat Monte Carlo over the game's world sampler and "
            "rollouts, the skeleton of a game's expert (worlds, rollout)"),
)
"""The bots every game gets."""

for _spec in GENERIC:
    register(_spec)
