"""Card Commons' own bots, as :class:`~divided.bots.base.BotSpec` entries: the bot registry
reads :data:`BOTS` the first time a Card Commons bot is asked for. (``random`` and ``ismcts``
are the generic bots; ISMCTS plays out with Card Commons' rollout policies in
:mod:`divided.bots.card_commons.rollouts`.)"""

from __future__ import annotations

from typing import Any

from divided.bots.base import Bot, BotSpec, positive_int
from divided.bots.card_commons.expert import ExpertBot
from divided.bots.card_commons.skilled import SkilledBot

GAME = "card-commons"
ONLY_HERE = frozenset({GAME})


def _skilled() -> Bot[Any]:
    return SkilledBot()


def _expert(worlds: str | int = ExpertBot.worlds, top: str | int = ExpertBot.top,
            screen: str | int = ExpertBot.screen, salt: str | int = 0) -> Bot[Any]:
    return ExpertBot(worlds=positive_int(worlds, "worlds"), top=positive_int(top, "top"),
                     screen=positive_int(screen, "screen"), salt=int(salt))


BOTS: tuple[BotSpec, ...] = (
    BotSpec("skilled", _skilled, ONLY_HERE, 1, "card-value rules for the draft, the offers and the keeps; "
            "builds by expected points; about a millisecond per decision"),
    BotSpec("expert", _expert, ONLY_HERE, 2, "plays the round out in sampled worlds with the skilled rules on "
            "both sides, for the best candidate actions, aiming at the match (worlds, top, screen, salt)"),
)
