"""Dependencies point inward: cli/web/sim -> bots -> games -> hands -> cards (errors everywhere).

Checked from the source's import statements, so a new module cannot quietly break the layering.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "divided"
ALLOWED = {
    "cards": {"cards", "errors", "registry"},
    "hands": {"hands", "cards", "errors", "registry"},
    "games": {"games", "hands", "cards", "errors", "registry"},
    "bots": {"bots", "games", "hands", "cards", "errors", "registry"},
    "sim": {"sim", "bots", "games", "hands", "cards", "errors", "registry"},
    "review": {"review", "bots", "games", "hands", "cards", "errors", "registry"},
    "web": {"web", "review", "bots", "games", "hands", "cards", "errors", "registry"},
    "adapters": {"adapters", "bots", "games", "hands", "cards", "errors", "registry"},
}
FORBIDDEN_IN_RULES = {"numpy", "random", "sqlalchemy", "fastapi", "pyspiel", "pettingzoo"}


def imports(path: Path, *, typing_only: bool = True) -> set[str]:
    """The modules ``path`` imports (with ``typing_only=False``, not those imported only for
    type checking, inside ``if TYPE_CHECKING:``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if not typing_only:
        for block in [n for n in ast.walk(tree) if isinstance(n, ast.If)
                      and isinstance(n.test, ast.Name) and n.test.id == "TYPE_CHECKING"]:
            block.body = []
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_only_inner_layers(layer: str) -> None:
    for path in (SOURCE / layer).rglob("*.py"):
        for name in imports(path):
            parts = name.split(".")
            if parts[0] == "divided" and len(parts) > 1:
                assert parts[1] in ALLOWED[layer], f"{path.relative_to(SOURCE)} imports {name}"


def test_rules_engine_does_no_io_and_imports_no_heavy_libraries() -> None:
    for path in (SOURCE / "games").rglob("*.py"):
        for name in imports(path, typing_only=False):
            assert name.split(".")[0] not in FORBIDDEN_IN_RULES, f"{path.relative_to(SOURCE)} imports {name}"
