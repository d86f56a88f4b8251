"""Registers the generic built-in bots (bots for every game) with :mod:`divided.bots.base`.

A game's own bots are not here: the registry finds them by game id (see
:data:`divided.bots.base._GAME_BOTS`)."""

from __future__ import annotations

from divided.bots.base import BotSpec, register

GENERIC: tuple[BotSpec, ...] = ()
"""The bots every game gets."""

for _spec in GENERIC:
    register(_spec)
