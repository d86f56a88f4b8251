"""DIVIDE's own bots, as :class:`~divided.bots.base.BotSpec` entries: the bot registry reads
:data:`BOTS` the first time a DIVIDE bot is asked for. (``random``, ``ismcts`` and ``pimc`` are
the generic bots; ISMCTS plays out with DIVIDE's rollout policies in
:mod:`divided.bots.divide.rollouts`.)"""

from __future__ import annotations

from typing import Any

from divided.bots.base import Bot, BotSpec, positive_int
from divided.bots.divide.expert import UNITS, ExpertBot
from divided.bots.divide.skilled import SkilledBot
from divided.errors import RuleOptionError

GAME = "divide"
ONLY_HERE = frozenset({GAME})


def _skilled() -> Bot[Any]:
    return SkilledBot()


def _expert(worlds: str | int = ExpertBot.worlds, screen: str | int = ExpertBot.screen, salt: str | int = 0,
            unit: str = ExpertBot.unit) -> Bot[Any]:
    if unit not in UNITS:
        raise RuleOptionError(f"bot parameter unit={unit!r} must be one of {', '.join(UNITS)}")
    return ExpertBot(worlds=positive_int(worlds, "worlds"), screen=positive_int(screen, "screen"), salt=int(salt),
                     unit=unit)


BOTS: tuple[BotSpec, ...] = (
    BotSpec("skilled", _skilled, ONLY_HERE, 1, "trick-play and draft rules: winners spent on the best "
            "tokens, cheap wins, voids made; Points first, Trump and Lead when worth more; under a "
            "millisecond"),
    BotSpec("expert", _expert, ONLY_HERE, 2, "plays the round out in sampled deals consistent with what it has "
            "seen, for each candidate action, valued by the chance of winning the game (worlds, screen, salt, unit)"),
)
