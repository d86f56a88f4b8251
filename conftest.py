"""Doctest collection skips the optional adapters when their libraries are not installed."""

from __future__ import annotations

import importlib.util

collect_ignore_glob: list[str] = []
for module, path in (("pyspiel", "src/divided/adapters/openspiel.py"),
                     ("pettingzoo", "src/divided/adapters/pettingzoo.py")):
    if importlib.util.find_spec(module) is None:
        collect_ignore_glob.append(path)
