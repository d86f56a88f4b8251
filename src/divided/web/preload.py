"""Imported once by the compute pool's fork server (:mod:`divided.web.compute`): the bots'
tables are loaded there, so every worker forked from it starts warm and shares those pages."""

from __future__ import annotations

from divided.web.warm import warm_up

warm_up()
