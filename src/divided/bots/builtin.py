"""Registers the built-in bots with :mod:`divided.bots.base`."""

from __future__ import annotations

from divided.bots.base import Bot, flag, register
from divided.bots.random_bot import RandomBot


def _random(auto_arrange: str | bool = True) -> Bot:
    return RandomBot(auto_arrange=flag(auto_arrange, "auto_arrange"))


register("random", _random)
