"""The layering contract, read from the source's import statements (``ast``; nothing is imported).

Two rules, one checker (:func:`violations`):

1. **Packages point inward** (:data:`ALLOWED`): ``cli`` -> ``web`` -> ``review`` -> ``bots`` ->
   ``games`` -> ``hands`` -> ``cards`` (``errors`` everywhere; ``sim`` and ``adapters`` beside
   ``review``; ``priority``, the background threads' CPU priority, for ``bots`` and the layers
   above). The rules engine also imports no numpy, no ``random`` and no server or adapter
   library, and each heavy optional library stays in the modules that own it (:data:`CONFINED`).
2. **Generic code knows no game.** A *game module* is one with a game's name in its dotted path:
   the room ``games/<game>/`` and its parts in other layers, found by name
   (``bots/<game>/``, ``sim/games/<game>.py``, ``web/games/<game>.py``,
   ``review/games/<game>.py``, ``adapters/studies/<game>.py``, ``cli/games/<game>.py``...).
   The games are the sub-packages of ``games/``. Every other module is *generic*: it may not
   import any game module (it finds a game's parts through a lazy registry of
   ``"module:attr"`` strings), and a game module may not import another game's modules.

Imports are counted wherever they are written (inside functions and ``TYPE_CHECKING`` blocks
too: a lazy import is still a dependency; only the rules engine's ban on libraries such as
``random`` looks at run-time imports alone, since naming ``random.Random`` as a type is fine); relative imports are resolved, and
``from package import name`` counts as importing the sub-module ``package.name`` when there is
one.

The code does not obey rule 2 yet: :data:`ALLOWLIST` lists today's violations as
(importing module, imported module) pairs. It is a ratchet: a violation not on the list fails,
and so does an entry that no longer occurs ("remove it from the allowlist"), so the list only
shrinks. Nothing may be added to it.
"""

from __future__ import annotations

import ast
import shutil
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "divided"
PACKAGE = "divided"

ALLOWED: Mapping[str, frozenset[str]] = {
    "errors": frozenset({"errors"}),
    "registry": frozenset({"errors"}),
    "priority": frozenset(),
    "__init__": frozenset({"errors"}),
    "cards": frozenset({"cards", "errors", "registry"}),
    "hands": frozenset({"hands", "cards", "errors", "registry"}),
    "games": frozenset({"games", "hands", "cards", "errors", "registry"}),
    "bots": frozenset({"bots", "games", "hands", "cards", "errors", "registry", "priority"}),
    "sim": frozenset({"sim", "bots", "games", "hands", "cards", "errors", "registry", "priority"}),
    "review": frozenset({"review", "bots", "games", "hands", "cards", "errors", "registry", "priority"}),
    "web": frozenset({"web", "review", "bots", "games", "hands", "cards", "errors", "registry", "priority"}),
    "adapters": frozenset({"adapters", "bots", "games", "hands", "cards", "errors", "registry", "priority"}),
    "cli": frozenset({"cli", "web", "sim", "review", "adapters", "bots", "games", "hands", "cards", "errors", "registry", "priority"}),
    "__main__": frozenset({"cli"}),
}
"""Each part of the package (first name after ``divided``) and the parts it may import."""

FORBIDDEN_IN_RULES = frozenset({"numpy", "random", "sqlalchemy", "fastapi", "pyspiel", "pettingzoo"})

CONFINED: Mapping[str, tuple[str, ...]] = {
    "ray": ("divided.sim.executor",),
    "matplotlib": ("divided.sim.plots",),
    "fastapi": ("divided.web",),
    "sqlalchemy": ("divided.web",),
    "pyspiel": ("divided.adapters", "divided.cli.solve"),
    "pettingzoo": ("divided.adapters",),
}
"""A library and the modules (or packages) that alone may import it."""

ALLOWLIST: frozenset[tuple[str, str]] = frozenset({
})
"""Today's violations of rule 2, to be removed as the game-specific code moves into rooms."""


@dataclass(frozen=True, slots=True)
class Module:
    """One source file: its dotted name and the modules it imports (resolved, within reach)."""

    name: str
    path: Path
    imports: frozenset[str]
    runtime_imports: frozenset[str]
    """The imports outside ``if TYPE_CHECKING:`` blocks (the rules engine may *name* the type
    ``random.Random`` for the generator a caller passes in, but never use the module)."""


def module_name(path: Path, root: Path) -> str:
    """``root/divided/web/api.py`` -> ``divided.web.api``; a package's ``__init__`` is the package."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def import_statements(source: str, name: str, *, is_package: bool,
                      runtime_only: bool = False) -> list[tuple[str, tuple[str, ...]]]:
    r"""Each import in ``source`` (module ``name``) as (absolute module, names taken from it).

    >>> import_statements("from ..games import base\nimport os.path", "divided.bots.x", is_package=False)
    [('divided.games', ('base',)), ('os.path', ())]
    """
    package = name.split(".") if is_package else name.split(".")[:-1]
    found: list[tuple[str, tuple[str, ...]]] = []
    tree = ast.parse(source)
    if runtime_only:
        for block in ast.walk(tree):
            if isinstance(block, ast.If) and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING":
                block.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((alias.name, ()) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            found.append((module, tuple(alias.name for alias in node.names)))
    return found


def scan(root: Path) -> dict[str, Module]:
    """Every module of the package at ``root``, by dotted name.

    ``from a import b`` imports the module ``a.b`` when there is one, else ``a`` (both when it
    takes a sub-module and another name).
    """
    paths = {module_name(path, root): path for path in sorted(root.rglob("*.py"))}
    modules: dict[str, Module] = {}
    for name, path in paths.items():
        source = path.read_text(encoding="utf-8")
        both = []
        for runtime_only in (False, True):
            imports: set[str] = set()
            for module, taken in import_statements(source, name, is_package=path.name == "__init__.py",
                                                   runtime_only=runtime_only):
                submodules = {f"{module}.{item}" for item in taken} & paths.keys()
                imports |= submodules
                if len(submodules) < len(taken) or not taken:
                    imports.add(module)
            both.append(frozenset(imports))
        modules[name] = Module(name, path, both[0], both[1])
    return modules


def game_names(root: Path) -> set[str]:
    """The games: the sub-packages of ``games/``."""
    return {path.parent.name for path in (root / "games").glob("*/__init__.py")}


def game_of(module: str, games: Iterable[str]) -> str | None:
    """The game whose name is part of the dotted name, or ``None`` for a generic module. The
    layers below the games (``cards``, ``hands``) hold no game's parts: ``divided.hands.poker``
    is the ranking library every layer may use, not the poker games' room.

    >>> game_of("divided.web.games.chess", {"chess"}), game_of("divided.web.api", {"chess"})
    ('chess', None)
    >>> game_of("divided.hands.poker.rules", {"poker"}), game_of("divided.bots.poker.equity", {"poker"})
    (None, 'poker')
    """
    parts = module.split(".")[1:]
    if parts and parts[0] in ("cards", "hands"):
        return None
    return next((game for game in sorted(games) if game in parts), None)


def part_of(module: str) -> str:
    """The part of the package a module belongs to (``divided`` itself is ``__init__``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def violations(root: Path) -> dict[str, set[tuple[str, str]]]:
    """Every breach of the contract in the package at ``root``, by rule, as (module, import) pairs."""
    modules = scan(root)
    games = game_names(root)
    found: dict[str, set[tuple[str, str]]] = {"packages": set(), "games": set(), "libraries": set()}
    for name, module in modules.items():
        own_game = game_of(name, games)
        for target in module.imports:
            top = target.split(".")[0]
            if top == PACKAGE:
                if target == PACKAGE:
                    continue
                if part_of(target) not in ALLOWED.get(part_of(name), frozenset()):
                    found["packages"].add((name, target))
                target_game = game_of(target, games)
                if target_game is not None and target_game != own_game:
                    found["games"].add((name, target))
            else:
                owners = CONFINED.get(top)
                if owners is not None and not any(name == o or name.startswith(f"{o}.") for o in owners):
                    found["libraries"].add((name, target))
                if part_of(name) == "games" and top in FORBIDDEN_IN_RULES and target in module.runtime_imports:
                    found["libraries"].add((name, target))
    return found


def ratchet(found: set[tuple[str, str]], allowed: frozenset[tuple[str, str]]) -> list[str]:
    """Complaints: violations not on the allowlist, and allowlist entries that no longer occur."""
    new = [f"{module} imports {target}, a game's module (generic code finds a game through a registry)"
           for module, target in sorted(found - allowed)]
    stale = [f"{module} no longer imports {target}: remove it from the allowlist"
             for module, target in sorted(allowed - found)]
    return new + stale


# -- the real tree -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def found() -> dict[str, set[tuple[str, str]]]:
    return violations(SOURCE)


def test_the_checker_sees_the_whole_package() -> None:
    modules = scan(SOURCE)
    assert {part_of(name) for name in modules} == set(ALLOWED)  # every part has a rule, every rule a part
    assert "divided_ranks" in game_names(SOURCE)
    assert "divided.cli.main" in modules and "divided.games.divided_ranks.rules" in modules


def test_packages_import_only_inner_packages(found: dict[str, set[tuple[str, str]]]) -> None:
    assert sorted(found["packages"]) == []


def test_heavy_libraries_stay_where_they_belong(found: dict[str, set[tuple[str, str]]]) -> None:
    assert sorted(found["libraries"]) == []


def test_generic_modules_import_no_game_beyond_the_shrinking_allowlist(
        found: dict[str, set[tuple[str, str]]]) -> None:
    complaints = ratchet(found["games"], ALLOWLIST)
    assert not complaints, "\n".join(complaints)


# -- the checker itself, on made-up packages -----------------------------------------------------


def write(root: Path, files: Mapping[str, str]) -> Path:
    """A package ``divided`` under ``root`` with the given modules (relative path -> source)."""
    package = root / PACKAGE
    for relative, text in files.items():
        path = package / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        for parent in path.relative_to(package).parents:
            (package / parent / "__init__.py").touch()
    return package


def test_the_checker_catches_each_kind_of_breach(tmp_path: Path) -> None:
    package = write(tmp_path, {
        "games/base.py": "",
        "games/chess/rules.py": "from divided.games import base\n",  # fine: a room uses the generic core
        "games/go/rules.py": "from divided.games.chess import rules\n",  # another game's room
        "bots/chess/opening.py": "from divided.games.chess.rules import x\nimport numpy\n",  # fine: same game
        "bots/base.py": "def load():\n    from ..games.chess import rules\n",  # generic, lazy, relative
        "sim/games/chess.py": "from divided.bots.chess import opening\n",  # fine
        "sim/metrics.py": "from divided.sim.games import chess\nfrom divided.web import app\n",
        "web/app.py": "import ray\n",
        "cli/main.py": "from divided.web import app\nfrom divided.games import load\n",  # fine
        "games/chess/view.py": "import random\n",
    })
    found = violations(package)
    assert found["games"] == {
        ("divided.games.go.rules", "divided.games.chess.rules"),
        ("divided.bots.base", "divided.games.chess.rules"),
        ("divided.sim.metrics", "divided.sim.games.chess"),
    }
    assert found["packages"] == {("divided.sim.metrics", "divided.web.app")}
    assert found["libraries"] == {("divided.web.app", "ray"), ("divided.games.chess.view", "random")}


def test_the_allowlist_only_shrinks() -> None:
    occurring = {("divided.web.api", "divided.games.chess.view"), ("divided.sim.lab", "divided.games.chess")}
    allowed = frozenset({("divided.web.api", "divided.games.chess.view"), ("divided.review.x", "divided.games.chess")})
    assert ratchet(occurring, allowed) == [
        "divided.sim.lab imports divided.games.chess, a game's module (generic code finds a game through a registry)",
        "divided.review.x no longer imports divided.games.chess: remove it from the allowlist",
    ]
    assert ratchet(occurring, frozenset(occurring)) == []


def test_a_deliberate_violation_in_a_copy_of_the_real_tree_fails(tmp_path: Path) -> None:
    copy = tmp_path / PACKAGE
    shutil.copytree(SOURCE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = violations(copy)
    stats = copy / "sim" / "stats.py"
    stats.write_text(stats.read_text(encoding="utf-8") + "\nfrom divided.games.divided_ranks import state\n",
                     encoding="utf-8")
    after = violations(copy)
    assert after["games"] - before["games"] == {("divided.sim.stats", "divided.games.divided_ranks.state")}
    assert ratchet(after["games"], frozenset(before["games"])) == [
        "divided.sim.stats imports divided.games.divided_ranks.state, a game's module "
        "(generic code finds a game through a registry)"]
