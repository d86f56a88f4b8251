"""A test bot that can freeze its whole interpreter: importable by the worker processes of
:mod:`divided.web.compute` (this folder is on their path), so tests can hand it to them.

:class:`FreezingFactory` makes bots that play as the named bot, except that the first bot to
claim the ``armed`` file in the folder says so on the ``started`` FIFO and then reads the
``release`` FIFO through a C call that keeps the interpreter lock: nothing else in its process
runs until someone writes to ``release`` (a CPU-bound bot that never lets go, at its worst).
"""

from __future__ import annotations

import ctypes
import os
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from divided.bots import make_bot

ARMED, STARTED, RELEASE = "armed", "started", "release"


def prepare(folder: Path) -> None:
    """Make the FIFOs (the bot is armed by creating ``folder / ARMED``)."""
    os.mkfifo(folder / STARTED)
    os.mkfifo(folder / RELEASE)


def freeze_until_released(folder: Path) -> None:
    """Say so on ``started``, then block on ``release`` holding the interpreter lock."""
    started = os.open(folder / STARTED, os.O_WRONLY)  # waits for the test to listen
    os.write(started, b"s")
    os.close(started)
    release = os.open(folder / RELEASE, os.O_RDWR)  # a reader at once: writers never wait
    buffer = ctypes.create_string_buffer(1)
    libc = ctypes.PyDLL(None)  # PyDLL: the call keeps the GIL
    libc.read(release, buffer, 1)
    os.close(release)


class FreezingBot:
    def __init__(self, folder: Path, inner: Any) -> None:
        self.folder, self.inner, self.name = folder, inner, inner.name

    def choose(self, view: Any, legal: Sequence[int], rng: random.Random) -> int:
        try:
            os.unlink(self.folder / ARMED)  # only the first bot to get here freezes
        except FileNotFoundError:
            pass
        else:
            freeze_until_released(self.folder)
        return int(self.inner.choose(view, legal, rng))

    def action_probabilities(self, view: Any, legal: Sequence[int]) -> dict[int, float]:
        return dict(self.inner.action_probabilities(view, legal))

    def ponder(self, view: Any) -> bool:
        return False


@dataclass(frozen=True)
class FreezingFactory:
    """A bot factory (picklable: it crosses to the workers) of :class:`FreezingBot`."""

    folder: Path

    def __call__(self, game: str, name: str) -> FreezingBot:
        return FreezingBot(self.folder, make_bot(game, name))
