"""Divided Ranks' own bots, as :class:`~divided.bots.base.BotSpec` entries: the bot registry
reads :data:`BOTS` the first time a Divided Ranks bot is asked for."""

from __future__ import annotations

from typing import Any

from divided.bots.base import Bot, BotSpec, flag, fraction, non_negative, positive_int
from divided.bots.divided_ranks.expert import ExpertBot
from divided.bots.divided_ranks.exploiters import HiderBot
from divided.bots.divided_ranks.ismcts import IsmctsBot
from divided.bots.divided_ranks.random_bot import RandomBot
from divided.bots.divided_ranks.rollouts import ROLLOUTS
from divided.bots.divided_ranks.skilled import SkilledBot
from divided.errors import RuleOptionError

GAME = "divided-ranks"
ONLY_HERE = frozenset({GAME})


def _random(auto_arrange: str | bool = True) -> Bot[Any]:
    return RandomBot(auto_arrange=flag(auto_arrange, "auto_arrange"))


def _skilled() -> Bot[Any]:
    return SkilledBot()


def _expert(budget: str | int = ExpertBot.budget, epsilon: str | float = ExpertBot.epsilon,
            beta: str | float = ExpertBot.beta) -> Bot[Any]:
    return ExpertBot(budget=positive_int(budget, "budget"), epsilon=fraction(epsilon, "epsilon"),
                     beta=non_negative(beta, "beta"))


def _ismcts(iterations: str | int = IsmctsBot.iterations, rollout: str = IsmctsBot.rollout) -> Bot[Any]:
    count = positive_int(iterations, "iterations")
    if rollout not in ROLLOUTS:
        raise RuleOptionError(f"bot parameter rollout={rollout!r}: rollout must be 'random' or 'skilled'")
    return IsmctsBot(iterations=count, rollout="skilled" if rollout == "skilled" else "random")


def _hide_weaker() -> Bot[Any]:
    return HiderBot("weaker")


def _hide_stronger() -> Bot[Any]:
    return HiderBot("stronger")


BOTS: tuple[BotSpec, ...] = (
    BotSpec("random", _random, ONLY_HERE, 0, "uniform over the legal actions; auto-arranges its build "
            "unless auto_arrange=no"),
    BotSpec("skilled", _skilled, ONLY_HERE, 1, "fast card-value rules, microseconds per decision"),
    BotSpec("expert", _expert, ONLY_HERE, 2, "exact reserve and build, determinised playouts with "
            "inference for the draft (budget, epsilon, beta)"),
    BotSpec("ismcts", _ismcts, ONLY_HERE, None, "information-set MCTS, a search baseline (iterations, rollout)"),
    BotSpec("hide-weaker", _hide_weaker, ONLY_HERE, None, "splits like skilled, always hiding the weaker pair"),
    BotSpec("hide-stronger", _hide_stronger, ONLY_HERE, None, "splits like skilled, always hiding the "
            "stronger pair"),
)
