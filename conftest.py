"""Doctest collection skips the optional adapters when their libraries are not installed."""

from __future__ import annotations

import importlib.util

import pytest

collect_ignore_glob: list[str] = []
for module, path in (("pyspiel", "src/divided/adapters/openspiel.py"),
                     ("pettingzoo", "src/divided/adapters/pettingzoo.py")):
    if importlib.util.find_spec(module) is None:
        collect_ignore_glob.append(path)


# -- sweeps ---------------------------------------------------------------------------------------
# Exhaustive or repeated sweeps (marked ``sweep``) are recorded scripts, not part of ``make test``:
# each has a sampled version in the suite, and ``make sweeps`` (``pytest --sweeps -m sweep``) runs
# them in full; their figures and times are in BENCHMARKS.md ("Sweeps").

def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--sweeps", action="store_true", default=False,
                     help="also run the tests marked sweep (exhaustive sweeps; see BENCHMARKS.md)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--sweeps"):
        return
    kept, swept = [], []
    for item in items:
        (swept if item.get_closest_marker("sweep") else kept).append(item)
    if swept:
        config.hook.pytest_deselected(items=swept)
        items[:] = kept
