"""Bots: given a player's view and the legal actions, choose an action (no hidden state).

>>> from divided.bots import make_bot
>>> make_bot("random").name
'random'
"""

from divided.bots.base import Bot, make_bot, names
from divided.bots.random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "make_bot", "names"]
