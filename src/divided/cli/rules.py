"""``divided rules``: the rules of the project's games, in the project's own words.

Each game's rules are a Markdown file ``rules_text/<game>.md`` inside the package, loaded with
:mod:`importlib.resources`; a file added there becomes a game this command knows. On a terminal
the Markdown is lightly rendered; ``--plain`` (the default when stdout is not a terminal)
prints it exactly as stored.

>>> print(render("# Title\\n\\nSome **bold** `code`.", color=False))
Title
=====
<BLANKLINE>
Some bold code.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from importlib.resources import files
from importlib.resources.abc import Traversable

from divided.errors import DividedError

RULES_DIRECTORY = "rules_text"


class UnknownGameError(DividedError):
    """A game name that has no rules text."""


def _rules_directory() -> Traversable:
    return files("divided").joinpath(RULES_DIRECTORY)


def available_games() -> dict[str, str]:
    """Game name to title (the file's first ``# `` heading), sorted by name."""
    directory = _rules_directory()
    if not directory.is_dir():
        return {}
    games: dict[str, str] = {}
    for entry in sorted(directory.iterdir(), key=lambda item: item.name):
        if entry.is_file() and entry.name.endswith(".md"):
            name = entry.name.removesuffix(".md")
            games[name] = _title(entry.read_text(encoding="utf-8"), default=name)
    return games


def _title(text: str, *, default: str) -> str:
    for line in text.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return default


def normalize_game(name: str) -> str:
    """Canonical game name: lower case, words joined by ``-``.

    >>> normalize_game("Divided Ranks"), normalize_game("divided_ranks")
    ('divided-ranks', 'divided-ranks')
    """
    return "-".join(re.split(r"[\s_-]+", name.strip().lower()))


def rules_text(game: str) -> str:
    """The Markdown rules of ``game``; :class:`UnknownGameError` lists the known games."""
    name = normalize_game(game)
    games = available_games()
    if name not in games:
        known = ", ".join(games) or "none are installed"
        raise UnknownGameError(f"no rules for a game called {game!r}; known games: {known}")
    return _rules_directory().joinpath(f"{name}.md").read_text(encoding="utf-8")


# --- terminal rendering ----------------------------------------------------------------------

_BOLD, _RESET = "\033[1m", "\033[0m"
_ANSI = re.compile(r"\033\[[0-9;]*m")
_STRONG = re.compile(r"\*\*(.+?)\*\*")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?![\s*])((?:(?!\n\n).)+?)(?<![\s*])\*(?![\w*])", re.DOTALL)
_CODE = re.compile(r"`([^`]+)`")
_TABLE_RULE = re.compile(r"^\|(\s*:?-+:?\s*\|)+\s*$")


def _width(text: str) -> int:
    return len(_ANSI.sub("", text))


def render(markdown: str, *, color: bool) -> str:
    """Markdown as terminal text: headings underlined, markup removed, tables aligned.

    With ``color`` headings and ``**strong**`` text are bold (ANSI escapes).
    """
    text = _STRONG.sub(lambda m: f"{_BOLD}{m[1]}{_RESET}" if color else m[1], markdown)
    text = _CODE.sub(r"\1", _EMPHASIS.sub(r"\1", text))
    out: list[str] = []
    table: list[list[str]] = []

    def heading(title: str, underline: str) -> None:
        out.append(f"{_BOLD}{title}{_RESET}" if color else title)
        if underline:
            out.append(underline * _width(title))

    def flush_table() -> None:
        if not table:
            return
        columns = max(len(row) for row in table)
        widths = [
            max((_width(row[i]) for row in table if i < len(row)), default=0)
            for i in range(columns)
        ]
        for row in table:
            cells = [
                cell + " " * (width - _width(cell))
                for cell, width in zip(row, widths, strict=False)
            ]
            out.append("  " + "  ".join(cells).rstrip())
        table.clear()

    for line in text.splitlines():
        if line.startswith("|"):
            if not _TABLE_RULE.match(line):
                table.append([cell.strip() for cell in line.strip().strip("|").split("|")])
            continue
        flush_table()
        if line.startswith("# "):
            heading(line[2:].strip(), "=")
        elif line.startswith("## "):
            heading(line[3:].strip(), "-")
        elif line.startswith("### "):
            heading(line[4:].strip(), "")
        else:
            out.append(line)
    flush_table()
    return "\n".join(out)


def _wants_color() -> bool:
    return not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


# --- the sub-command -------------------------------------------------------------------------


def run(args: argparse.Namespace) -> int:
    """Print one game's rules, or the list of games when none is named."""
    if args.game is None:
        games = available_games()
        if not games:
            print("no rules texts are installed", file=sys.stderr)
            return 1
        print("Rules available (show one with: divided rules GAME):")
        width = max(len(name) for name in games)
        for name, title in games.items():
            print(f"  {name.ljust(width)}  {title}")
        return 0
    text = rules_text(args.game)
    if args.plain or not sys.stdout.isatty():
        print(text, end="" if text.endswith("\n") else "\n")
    else:
        print(render(text, color=_wants_color()))
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``rules`` sub-command."""
    parser = subparsers.add_parser(
        "rules",
        help="show the rules of a game",
        description="Show the rules of a game; with no game, list the games that have rules.",
    )
    parser.add_argument("game", nargs="?", metavar="GAME", help="game name, e.g. divided-ranks")
    parser.add_argument(
        "--plain",
        action="store_true",
        help="print the Markdown source as is (the default when output is not a terminal)",
    )
    parser.set_defaults(handler=run)
