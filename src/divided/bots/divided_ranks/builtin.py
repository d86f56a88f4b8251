"""Divided Ranks' own bots, as :class:`~divided.bots.base.BotSpec` entries: the bot registry
reads :data:`BOTS` the first time a Divided Ranks bot is asked for. (``random`` and ``ismcts``
are the generic bots, playing from the game's room and, for ISMCTS, Divided Ranks' rollout
policies in :mod:`divided.bots.divided_ranks.rollouts`.)"""

from __future__ import annotations

from typing import Any

from divided.bots.base import Bot, BotSpec, fraction, non_negative, positive_int
from divided.bots.divided_ranks.endgame.policy import EndgameSettings
from divided.bots.divided_ranks.expert import ExpertBot
from divided.bots.divided_ranks.exploiters import HiderBot
from divided.bots.divided_ranks.skilled import SkilledBot

GAME = "divided-ranks"
ONLY_HERE = frozenset({GAME})


def _skilled() -> Bot[Any]:
    return SkilledBot()


_SOLVE = EndgameSettings()


def _expert(budget: str | int = ExpertBot.budget, epsilon: str | float = ExpertBot.epsilon,
            beta: str | float = ExpertBot.beta, cap: str | int = _SOLVE.cap, target: str | float = _SOLVE.target,
            iterations: str | int = _SOLVE.max_iterations) -> Bot[Any]:
    solve = EndgameSettings(cap=positive_int(cap, "cap"), target=non_negative(target, "target"),
                            max_iterations=positive_int(iterations, "iterations"))
    return ExpertBot(budget=positive_int(budget, "budget"), epsilon=fraction(epsilon, "epsilon"),
                     beta=non_negative(beta, "beta"), endgame=solve)


def _expert_classic(budget: str | int = ExpertBot.budget, epsilon: str | float = ExpertBot.epsilon,
                    beta: str | float = ExpertBot.beta) -> Bot[Any]:
    return ExpertBot(budget=positive_int(budget, "budget"), epsilon=fraction(epsilon, "epsilon"),
                     beta=non_negative(beta, "beta"), name="expert-classic", endgame=None)


def _hide_weaker() -> Bot[Any]:
    return HiderBot("weaker")


def _hide_stronger() -> Bot[Any]:
    return HiderBot("stronger")


BOTS: tuple[BotSpec, ...] = (
    BotSpec("skilled", _skilled, ONLY_HERE, 1, "fast card-value rules, microseconds per decision"),
    BotSpec("expert", _expert, ONLY_HERE, 2, "the last round solved as an imperfect-information game "
            "(CFR, mixed strategies; cap, target, iterations), determinised playouts with inference for the "
            "earlier draft (budget, epsilon, beta), exact build"),
    BotSpec("expert-classic", _expert_classic, ONLY_HERE, None, "the expert before the solved endgame: "
            "determinised playouts in every draft round, exact reserve against a modelled reply, exact build "
            "(budget, epsilon, beta)"),
    BotSpec("hide-weaker", _hide_weaker, ONLY_HERE, None, "splits like skilled, always hiding the weaker pair"),
    BotSpec("hide-stronger", _hide_stronger, ONLY_HERE, None, "splits like skilled, always hiding the "
            "stronger pair"),
)
