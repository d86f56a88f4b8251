"""``pip install divided`` is the core on numpy alone; everything else is an extra, named when missing.

Three kinds of check:

* the declarations: ``pyproject.toml``'s core is numpy, its extras are those the CLI helper
  (:mod:`divided.cli.extras`) knows, and every third-party import in the source is declared
  (cards, hands, games and bots import numpy and the standard library only);
* the messages: a command whose extra is missing exits with status 2 and names
  ``pip install 'divided[NAME]'`` before doing anything (no traceback, no files written);
* a bare environment, built from nothing but the source and numpy (see :func:`bare_python`):
  the core imports, a seeded game between two bots plays to the same end as here, and
  ``divided serve`` / ``simulate`` say which extra to install. The slow variant installs the
  package with pip itself (see :func:`test_pip_install_alone_gives_a_working_core`).
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from divided.cli import extras
from divided.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "divided"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
CORE_PACKAGES = ("cards", "hands", "games", "bots")
OPTIONAL = ("fastapi", "starlette", "markupsafe", "uvicorn", "sqlalchemy", "jinja2", "itsdangerous", "markdown_it",
            "matplotlib", "rich", "ray", "pyspiel", "open_spiel", "pettingzoo", "gymnasium", "psycopg", "numba",
            "llvmlite")
# Core modules that speed the core up with an optional library, each imported by the core only
# behind an ImportError fallback (the bare-environment tests run the fallback).
ACCELERATED = {"bots/divided_ranks/endgame/kernel.py": "numba", "bots/divided_ranks/draft_kernel.py": "numba"}

# The importable top-level module of each distribution the project names (written out by hand:
# the names differ, e.g. markdown-it-py provides markdown_it and open-spiel provides pyspiel).
MODULE_OF = {"numpy": "numpy", "fastapi": "fastapi", "uvicorn": "uvicorn", "sqlalchemy": "sqlalchemy",
             "jinja2": "jinja2", "itsdangerous": "itsdangerous", "markdown-it-py": "markdown_it",
             "matplotlib": "matplotlib", "rich": "rich", "ray": "ray", "open-spiel": "pyspiel",
             "pettingzoo": "pettingzoo", "psycopg": "psycopg", "numba": "numba"}
# Other modules the source imports that come with a declared distribution (a dependency of it,
# or its second package), by the module of that distribution.
CARRIED_BY = {"starlette": "fastapi", "markupsafe": "jinja2", "gymnasium": "pettingzoo", "open_spiel": "pyspiel"}

PLAY_A_GAME = f"optional = {OPTIONAL!r}\n" + """
import json, random, sys
import divided.cards, divided.hands, divided.games, divided.bots
from divided import games
from divided.bots import make_bot

state = games.load("divided-ranks").new_initial_state(seed=7)
bots, rngs = [make_bot("divided-ranks", "skilled"), make_bot("divided-ranks", "random")], [random.Random(1), random.Random(2)]
while not state.is_terminal():
    player = state.current_player()
    action = bots[player].choose(state.observation(player), tuple(state.legal_actions()), rngs[player])
    state.apply_action(action)
print(json.dumps({"returns": list(state.returns()), "history": list(state.history()),
                  "loaded": sorted(name for name in optional if name in sys.modules)}))
"""


SOLVE_AN_ENDGAME = f"optional = {OPTIONAL!r}\n" + """
import json, sys
from divided import games
from divided.bots import make_bot

state = games.load("divided-ranks", rounds=1, first_splitter=0, swap="face-up", build="auto").new_initial_state(seed=3)
while state.is_chance_node():
    state.apply_action(state.chance_outcomes()[0][0])
view, legal = state.observation(0), tuple(state.legal_actions())
policy = make_bot("divided-ranks", "expert").action_probabilities(view, legal)
print(json.dumps({"policy": {str(a): round(p, 9) for a, p in policy.items()},
                  "loaded": sorted(name for name in optional if name in sys.modules)}))
"""


def distribution(requirement: str) -> str:
    """``"psycopg[binary]>=3.1"`` -> ``"psycopg"``."""
    match = re.match(r"[A-Za-z0-9._-]+", requirement)
    assert match, requirement
    return match.group(0).lower()


def self_extras(requirement: str) -> set[str]:
    """The extras of ``divided[...]`` named inside another extra (empty for other requirements)."""
    match = re.fullmatch(r"divided\[([a-z,]+)\]", requirement)
    return set(match.group(1).split(",")) if match else set()


# -- the declarations --------------------------------------------------------------------------


def test_the_core_needs_numpy_alone() -> None:
    assert [distribution(r) for r in PYPROJECT["project"]["dependencies"]] == ["numpy"]


def test_each_extra_provides_the_modules_the_cli_helper_checks() -> None:
    declared = PYPROJECT["project"]["optional-dependencies"]
    # "bench": the peer evaluators of benchmarks/bench_poker.py, never imported by the source.
    assert set(declared) == {*extras.EXTRAS, "test", "dev", "bench"}
    for extra, modules in extras.EXTRAS.items():
        provided = {MODULE_OF[distribution(r)] for r in declared[extra]}
        carried = {module for module, by in CARRIED_BY.items() if by in provided}
        assert set(modules) == provided | carried, extra


def test_test_and_dev_install_every_extra() -> None:
    declared = PYPROJECT["project"]["optional-dependencies"]
    test = set().union(*(self_extras(r) for r in declared["test"]))
    assert test == set(extras.EXTRAS)
    assert "test" in set().union(*(self_extras(r) for r in declared["dev"]))
    assert {distribution(r) for r in declared["dev"]} >= {"mypy", "ruff"}


def third_party_imports(path: Path, *, top_level_only: bool = False) -> set[str]:
    """Top-level names of the modules ``path`` imports that are neither standard nor ``divided``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            names.update(alias.name.partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.partition(".")[0])
    return {name for name in names if name not in sys.stdlib_module_names and name != "divided"}


def test_every_third_party_import_is_declared() -> None:
    seen: set[str] = set()
    for path in sorted(SOURCE.rglob("*.py")):
        package = path.relative_to(SOURCE).parts[0]
        names = third_party_imports(path)
        seen |= names
        if package in CORE_PACKAGES or package.endswith(".py"):
            allowed = {"numpy", ACCELERATED.get(path.relative_to(SOURCE).as_posix(), "numpy")}
            assert names <= allowed, f"{path.relative_to(SOURCE)} (core) imports {sorted(names - allowed)}"
        for name in names - {"numpy"}:
            assert extras.extra_for_module(name) is not None, f"{path.relative_to(SOURCE)} imports undeclared {name}"
    assert {"numpy", "fastapi", "matplotlib", "rich", "ray", "pyspiel"} <= seen  # the scan sees them


def test_the_command_line_imports_extras_only_inside_its_commands() -> None:
    """``divided --help``, ``play``, ``rules`` and ``hands`` must start without any extra."""
    for path in sorted((SOURCE / "cli").glob("*.py")):
        assert third_party_imports(path, top_level_only=True) <= {"numpy"}, path.name


def test_importing_the_core_loads_no_optional_library() -> None:
    code = ("import sys, divided.cards, divided.hands, divided.games, divided.bots, divided.cli.main\n"
            f"print(sorted(name for name in {OPTIONAL!r} if name in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# -- the messages ------------------------------------------------------------------------------


@pytest.fixture
def without(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """Make the named modules look uninstalled to the extras check."""
    real = importlib.util.find_spec
    hidden: set[str] = set()

    def find_spec(name: str, package: str | None = None) -> object:
        return None if name.partition(".")[0] in hidden else real(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    return lambda *names: hidden.update(names)


@pytest.mark.parametrize(("argv", "missing", "extra"), [
    (["serve", "--port", "0"], "uvicorn", "web"),
    (["feedback", "list"], "sqlalchemy", "web"),
    (["serve", "--database-url", "postgresql+psycopg://nobody@localhost/none"], "psycopg", "postgresql"),
    (["simulate", "divided-ranks", "--games", "2"], "matplotlib", "lab"),
    (["ladder", "divided-ranks", "--bots", "random,skilled", "--games", "2"], "rich", "lab"),
    (["simulate", "divided-ranks", "--games", "2", "--backend", "ray"], "ray", "ray"),
    (["solve", "--rounds", "1"], "pyspiel", "openspiel"),
])
def test_a_command_without_its_extra_names_it_and_does_nothing(
        argv: list[str], missing: str, extra: str, without: Callable[..., None], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DIVIDED_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("DIVIDED_DATABASE_URL", raising=False)
    without(missing)
    folder = [] if argv[0] in ("serve", "feedback", "solve") else ["--out", str(tmp_path / "run")]
    assert main([*argv, *folder]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"divided: error: divided {argv[0]} needs the {extra!r} extra, which is not "
                            f"installed (no module {missing}): pip install 'divided[{extra}]'\n")
    assert list(tmp_path.iterdir()) == []  # no data folder, no run folder


@pytest.mark.parametrize(("argv", "expected"), [
    (["rules"], []), (["hands", "rank", "Ts", "Js", "Qs", "Ks", "Jk"], []), (["play", "--seed", "1"], []),
    (["simulate", "divided-ranks", "--out", "run"], ["lab"]),
    (["ladder", "divided-ranks", "--bots", "random,skilled", "--out", "run", "--backend", "ray"], ["lab", "ray"]),
    (["serve", "--database-url", "sqlite:///x.sqlite3"], ["web"]),
    (["serve", "--database-url", "postgresql+psycopg://u@h/d"], ["web", "postgresql"]),
    (["solve"], ["openspiel"]), (["solve", "--out", "run"], ["openspiel", "lab"]),
])
def test_each_command_needs_its_extras_and_the_core_ones_none(argv: list[str], expected: list[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from divided.cli.main import build_parser

    monkeypatch.delenv("DIVIDED_DATABASE_URL", raising=False)
    assert extras.needed(build_parser().parse_args(argv)) == expected


def test_an_import_that_fails_later_is_named_too(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from divided.cli import rules

    def needs_matplotlib(args: object) -> int:
        raise ModuleNotFoundError("No module named 'matplotlib'", name="matplotlib")

    monkeypatch.setattr(rules, "run", needs_matplotlib)
    assert main(["rules"]) == 2
    assert capsys.readouterr().err.endswith("pip install 'divided[lab]'\n")


def test_a_failed_import_of_something_else_is_not_disguised(monkeypatch: pytest.MonkeyPatch) -> None:
    from divided.cli import rules

    def needs_a_typo(args: object) -> int:
        raise ModuleNotFoundError("No module named 'nmupy'", name="nmupy")

    monkeypatch.setattr(rules, "run", needs_a_typo)
    with pytest.raises(ModuleNotFoundError, match="nmupy"):
        main(["rules"])


# -- a bare environment ------------------------------------------------------------------------


def numpy_only_folder(target: Path) -> Path:
    """A folder holding numpy (links to this interpreter's copy) and nothing else.

    numpy comes from here rather than from a package index so that the test needs no network
    and installs exactly the numpy that the rest of the suite uses.
    """
    spec = importlib.util.find_spec("numpy")
    assert spec is not None and spec.origin is not None
    site = Path(spec.origin).parent.parent
    target.mkdir()
    for entry in site.iterdir():
        if entry.name == "numpy" or entry.name.startswith(("numpy.libs", "numpy-")):
            (target / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    return target


def make_venv(folder: Path, *, with_pip: bool) -> Path:
    """A fresh virtual environment without the system's site-packages; returns its python."""
    command = [sys.executable, "-m", "venv", str(folder)]
    subprocess.run(command if with_pip else [*command, "--without-pip"], check=True, capture_output=True)
    python = folder / "bin" / "python"
    assert python.exists()
    return python


def site_packages(python: Path) -> Path:
    out = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                         check=True, capture_output=True, text=True).stdout
    return Path(out.strip())


def clean_env() -> dict[str, str]:
    """This process's environment without anything that would put other packages on the path."""
    return {key: value for key, value in os.environ.items()
            if key not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONUSERBASE", "VIRTUAL_ENV")}


@pytest.fixture(scope="module")
def bare_python(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A venv that sees the source tree and numpy and nothing else.

    Built without pip and without any network: ``--without-pip`` and a ``.pth`` file naming
    ``src`` and a folder that links to numpy alone. This checks what the source needs at run
    time; :func:`test_pip_install_alone_gives_a_working_core` checks the installed package.
    """
    root = tmp_path_factory.mktemp("bare")
    python = make_venv(root / "venv", with_pip=False)
    numpy = numpy_only_folder(root / "numpy-only")
    (site_packages(python) / "divided-source.pth").write_text(f"{SOURCE.parent}\n{numpy}\n", encoding="utf-8")
    yield python


def run_in(python: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(python), *args], capture_output=True, text=True, env=clean_env(), cwd=cwd,
                          timeout=120)


def test_the_bare_environment_has_no_extra(bare_python: Path) -> None:
    code = f"import importlib.util; print([m for m in {OPTIONAL!r} if importlib.util.find_spec(m)])"
    assert run_in(bare_python, "-c", code).stdout.strip() == "[]"
    assert run_in(bare_python, "-c", "import numpy, divided; print('ok')").stdout.strip() == "ok"


def here_and_there(python: Path) -> tuple[dict[str, object], dict[str, object]]:
    """The seeded game between two bots, played in this environment and in ``python``'s."""
    there = run_in(python, "-c", PLAY_A_GAME)
    assert there.returncode == 0, there.stderr
    here = subprocess.run([sys.executable, "-c", PLAY_A_GAME], capture_output=True, text=True, check=True)
    return json.loads(here.stdout), json.loads(there.stdout)


def test_the_expert_solves_its_last_round_on_numpy_alone(bare_python: Path) -> None:
    """Without numba the endgame solver runs the same loops in numpy, to the same strategy."""
    there = run_in(bare_python, "-c", SOLVE_AN_ENDGAME)
    assert there.returncode == 0, there.stderr
    here = subprocess.run([sys.executable, "-c", SOLVE_AN_ENDGAME], capture_output=True, text=True, check=True)
    mine, theirs = json.loads(here.stdout), json.loads(there.stdout)
    assert theirs["loaded"] == [] and "numba" in mine["loaded"]
    assert theirs["policy"].keys() == mine["policy"].keys()
    for action, weight in mine["policy"].items():
        assert abs(theirs["policy"][action] - weight) < 1e-6


def test_the_core_plays_a_seeded_game_on_numpy_alone(bare_python: Path) -> None:
    here, there = here_and_there(bare_python)
    assert there["loaded"] == []
    assert sum(there["returns"]) == 0  # type: ignore[arg-type]
    for key in ("returns", "history"):
        assert there[key] == here[key]  # the same game, with or without the extras


@pytest.mark.parametrize(("argv", "extra"), [
    (["serve"], "web"), (["simulate", "divided-ranks", "--games", "2", "--out", "run"], "lab")])
def test_a_command_needing_an_extra_says_which_in_a_bare_environment(
        bare_python: Path, tmp_path: Path, argv: list[str], extra: str) -> None:
    result = run_in(bare_python, "-m", "divided", *argv, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.endswith(f"pip install 'divided[{extra}]'\n")
    assert "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_core_commands_work_in_a_bare_environment(bare_python: Path) -> None:
    result = run_in(bare_python, "-m", "divided", "hands", "rank", "Ts", "Js", "Qs", "Ks", "Jk")
    assert result.returncode == 0, result.stderr
    result = run_in(bare_python, "-m", "divided", "rules", "divided-ranks")
    assert result.returncode == 0 and result.stdout.startswith("# Divided Ranks"), result.stderr


@pytest.mark.slow
def test_pip_install_alone_gives_a_working_core(tmp_path: Path) -> None:
    """The real thing: ``pip install --no-deps`` of a copy of the project into a fresh venv.

    A copy, so that the build leaves nothing (``build/``, ``*.egg-info``) in the working tree;
    not editable, so that the package data (the rules text) is checked too. The package index is
    used only by pip's build isolation (setuptools, the build backend); if that cannot be
    reached the test skips saying so. numpy is linked in as above rather than downloaded, so the
    environment holds pip, the wheel built from this source, and numpy.
    """
    copy = tmp_path / "project"
    copy.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, copy / name)
    shutil.copytree(SOURCE, copy / "src" / "divided", ignore=shutil.ignore_patterns("__pycache__"))
    python = make_venv(tmp_path / "venv", with_pip=True)
    install = run_in(python, "-m", "pip", "install", "--quiet", "--no-deps", str(copy))
    if install.returncode != 0 and re.search(r"No matching distribution|Could not find a version|"
                                             r"Failed to establish|Network is unreachable", install.stderr):
        pytest.skip(f"pip could not fetch the build backend from the package index: {install.stderr[-300:]}")
    assert install.returncode == 0, install.stderr
    numpy = numpy_only_folder(tmp_path / "numpy-only")
    (site_packages(python) / "numpy-only.pth").write_text(f"{numpy}\n", encoding="utf-8")
    here, there = here_and_there(python)
    assert (there["returns"], there["history"], there["loaded"]) == (here["returns"], here["history"], [])
    command = tmp_path / "venv" / "bin" / "divided"
    rules = subprocess.run([str(command), "rules", "divided-ranks"], capture_output=True, text=True,
                           env=clean_env(), timeout=120)
    assert rules.returncode == 0 and rules.stdout.startswith("# Divided Ranks")  # package data installed
    serve = subprocess.run([str(command), "serve"], capture_output=True, text=True, env=clean_env(),
                           cwd=tmp_path, timeout=120)
    assert serve.returncode == 2 and serve.stderr.endswith("pip install 'divided[web]'\n"), serve.stderr
