"""Exact studies of small settings of a game with OpenSpiel's CFR (``divided solve``).

The solver is generic (:mod:`divided.adapters.studies.cfr`, needs OpenSpiel); which settings of
a game are small enough to solve, and how the command line names them, is the game's own
business, found here by game id. This package imports nothing heavy, so the command line can
build its arguments without OpenSpiel installed.
"""

from __future__ import annotations

from typing import Any

from divided.registry import Registry

STUDIES: Registry[Any] = Registry("study", {"divided-ranks": "divided.adapters.studies.divided_ranks:STUDY"})
"""Game id -> its study (see :class:`divided.adapters.studies.divided_ranks.DividedRanksStudy`)."""

__all__ = ["STUDIES"]
