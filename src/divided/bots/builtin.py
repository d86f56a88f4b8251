"""Registers the built-in bots with :mod:`divided.bots.base`."""

from __future__ import annotations

from divided.bots.base import Bot, flag, fraction, non_negative, positive_int, register
from divided.bots.expert import ExpertBot
from divided.bots.random_bot import RandomBot
from divided.bots.skilled import SkilledBot


def _random(auto_arrange: str | bool = True) -> Bot:
    return RandomBot(auto_arrange=flag(auto_arrange, "auto_arrange"))


register("random", _random)
register("skilled", SkilledBot)


def _expert(budget: str | int = ExpertBot.budget, epsilon: str | float = ExpertBot.epsilon,
            beta: str | float = ExpertBot.beta) -> Bot:
    return ExpertBot(budget=positive_int(budget, "budget"), epsilon=fraction(epsilon, "epsilon"),
                     beta=non_negative(beta, "beta"))


register("expert", _expert)


# Exploiter bots (probes of the expert's soundness): see divided.bots.exploiters.
from divided.bots.exploiters import HiderBot  # noqa: E402

register("hide-weaker", lambda: HiderBot("weaker"))
register("hide-stronger", lambda: HiderBot("stronger"))


# Information-set MCTS (a search baseline): see divided.bots.ismcts.
from divided.bots.ismcts import IsmctsBot  # noqa: E402


def _ismcts(iterations: str | int = IsmctsBot.iterations) -> Bot:
    return IsmctsBot(iterations=positive_int(iterations, "iterations"))


register("ismcts", _ismcts)
