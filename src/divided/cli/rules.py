"""``divided rules``: the rules of the project's games, in the project's own words.

Each game's rules are Markdown, found by game id in :data:`TEXTS` (Divided Ranks' is the package
file ``rules_text/divided-ranks.md``); a game, test or plugin adds its text with
``TEXTS.register(game, function)``. On a terminal
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
from collections.abc import Callable

from divided import games
from divided.errors import DividedError
from divided.registry import Registry

TEXTS: Registry[Callable[[], str]] = Registry(
    "rules text", {"divided-ranks": "divided.cli.games.divided_ranks:rules_text",
                   "card-commons": "divided.cli.games.card_commons:rules_text",
                   "divide": "divided.cli.games.divide:rules_text",
                   **{game: f"divided.cli.games.poker:RULES_TEXTS[{game}]" for game in games.POKER}})
"""Game id -> a function that returns its rules (Markdown), imported on first use."""


class UnknownGameError(DividedError):
    """A game name that has no rules text."""


def available_games() -> dict[str, str]:
    """Game name to title (the text's first ``# `` heading), sorted by name."""
    return {name: _title(TEXTS.get(name)(), default=name) for name in TEXTS.names()}


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
    if not TEXTS.supports(name):
        known = ", ".join(TEXTS.names()) or "none are installed"
        if name in games.names():
            raise UnknownGameError(f"the game {name!r} has no rules text; games with one: {known}")
        raise UnknownGameError(f"no rules for a game called {game!r}; known games: {known}")
    return TEXTS.get(name)()


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
        texts = available_games()
        if not texts:
            print("no rules texts are installed", file=sys.stderr)
            return 1
        print("Rules available (show one with: divided rules GAME):")
        width = max(len(name) for name in texts)
        for name, title in texts.items():
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
