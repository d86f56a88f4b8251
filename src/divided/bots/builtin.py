"""Registers the built-in bots with :mod:`divided.bots.base`."""

from __future__ import annotations

from divided.bots.base import Bot, flag, positive_int, register
from divided.bots.expert import ExpertBot
from divided.bots.random_bot import RandomBot
from divided.bots.skilled import SkilledBot


def _random(auto_arrange: str | bool = True) -> Bot:
    return RandomBot(auto_arrange=flag(auto_arrange, "auto_arrange"))


register("random", _random)
register("skilled", SkilledBot)


def _expert(budget: str | int = ExpertBot.budget) -> Bot:
    return ExpertBot(budget=positive_int(budget, "budget"))


register("expert", _expert)
