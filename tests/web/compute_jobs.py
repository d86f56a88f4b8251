"""Jobs for the compute pool's tests, importable by its worker processes (this folder is on
their path): one that waits for a FIFO, one that notes its name in a file."""

from __future__ import annotations

import os
from pathlib import Path


def wait_for_release(folder: str) -> str:
    """Say so on ``folder/started``, then wait until a byte arrives on ``folder/release``."""
    started = os.open(Path(folder) / "started", os.O_WRONLY)
    os.write(started, b"s")
    os.close(started)
    release = os.open(Path(folder) / "release", os.O_RDONLY)
    os.read(release, 1)
    os.close(release)
    return "released"


def note(path: str, name: str) -> str:
    """Append ``name`` to the file ``path`` (a line each)."""
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(name + "\n")
    return name
