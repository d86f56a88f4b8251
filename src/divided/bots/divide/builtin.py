"""DIVIDE's own bots, as :class:`~divided.bots.base.BotSpec` entries: the bot registry reads
:data:`BOTS` the first time a DIVIDE bot is asked for. (``random``, ``ismcts`` and ``pimc`` are
the generic bots; ISMCTS plays out with DIVIDE's rollout policies in
:mod:`divided.bots.divide.rollouts`.)"""

from __future__ import annotations

from typing import Any

from divided.bots.base import Bot, BotSpec
from divided.bots.divide.skilled import SkilledBot

GAME = "divide"
ONLY_HERE = frozenset({GAME})


def _skilled() -> Bot[Any]:
    return SkilledBot()


BOTS: tuple[BotSpec, ...] = (
    BotSpec("skilled", _skilled, ONLY_HERE, 1, "trick-play and draft rules: winners spent on the best tokens, "
            "cheap wins, voids made, Points / Trump / Lead by what each is worth; well under a millisecond"),
)
