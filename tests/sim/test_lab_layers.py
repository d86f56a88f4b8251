"""The lab sits outside the engine: it imports only inner layers, and Ray only when asked for."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

SIM = Path(__file__).resolve().parents[2] / "src" / "divided" / "sim"


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_generic_lab_modules_import_no_game_and_no_hand_evaluator() -> None:
    """A game's part of the lab lives in sim/games/<game>.py (or a package sim/games/<game>/),
    found through the lab room registry."""
    rooms = SIM / "games"

    def a_games_own(path: Path) -> bool:
        return (path.parent == rooms and path.name != "__init__.py") or path.parent.parent == rooms

    generic = [path for path in SIM.rglob("*.py") if not a_games_own(path)]
    assert len(generic) > 10
    for path in generic:
        for name in imported(path):
            parts = name.split(".")
            if parts[:2] == ["divided", "games"] and len(parts) > 2:
                assert parts[2] in {"base", "room"}, f"{path.name} imports {name}"
            assert parts[:2] != ["divided", "hands"], f"{path.name} imports {name}"


def test_importing_the_lab_loads_neither_ray_nor_matplotlib() -> None:
    code = "import sys, divided.sim, divided.sim.report; print('ray' in sys.modules, 'matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_ray_is_imported_in_one_place_only() -> None:
    users = [path.name for path in SIM.rglob("*.py") if any(n.split(".")[0] == "ray" for n in imported(path))]
    assert users == ["executor.py"]
