"""Helpers the study benchmarks share: resumable rows, the commit, bot lists."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any


def commit() -> str:
    """The short hash of the checked-out commit (``unknown`` outside a git checkout)."""
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def read_rows(path: Path) -> list[dict[str, Any]]:
    """Every JSON line of ``path`` (none when it does not exist)."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def parse_bots(text: str) -> list[tuple[str, str]]:
    """``a,b,label=spec`` as (label, spec) pairs."""
    out = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        label, sep, spec = item.partition("=")
        out.append((label, spec) if sep else (item, item))
    return out
