"""Bots: given a player's view and the legal actions, choose an action (no hidden state).

Bots are registered by name, each saying which games it supports (:mod:`divided.bots.base`).

>>> from divided.bots import make_bot
>>> make_bot("divided-ranks", "random").name
'random'
"""

from divided.bots.base import (
                               Advisor,
                               Bot,
                               BotSpec,
                               Evaluation,
                               advisor,
                               has_advisor,
                               make_bot,
                               names,
                               register,
                               specs,
)

__all__ = ["Advisor", "Bot", "BotSpec", "Evaluation", "advisor", "has_advisor", "make_bot", "names", "register", "specs"]
