"""Card Commons' own bots, as :class:`~divided.bots.base.BotSpec` entries: the bot registry
reads :data:`BOTS` the first time a Card Commons bot is asked for. (``random`` and ``ismcts``
are the generic bots; ISMCTS plays out with Card Commons' rollout policies in
:mod:`divided.bots.card_commons.rollouts`.)"""

from __future__ import annotations

from typing import Any

from divided.bots.base import Bot, BotSpec
from divided.bots.card_commons.skilled import SkilledBot

GAME = "card-commons"
ONLY_HERE = frozenset({GAME})


def _skilled() -> Bot[Any]:
    return SkilledBot()


BOTS: tuple[BotSpec, ...] = (
    BotSpec("skilled", _skilled, ONLY_HERE, 1, "card-value rules for the draft, the offers and the keeps; "
            "builds by expected points; about a millisecond per decision"),
)
