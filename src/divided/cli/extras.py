"""Optional extras: which command needs which, and one clear message when one is missing.

``pip install divided`` gives cards, hands, games and bots on numpy alone (and the commands
``play``, ``rules`` and ``hands``). The rest ships as extras, as pokerkit and python-chess do::

    pip install 'divided[web]'         # divided serve, divided feedback
    pip install 'divided[lab]'         # divided simulate, divided ladder (plots, progress bars)
    pip install 'divided[ray]'         # divided simulate --backend ray
    pip install 'divided[postgresql]'  # a postgresql+psycopg:// database for the web app
    pip install 'divided[openspiel]'   # divided solve, the OpenSpiel adapter and bots
    pip install 'divided[pettingzoo]'  # the PettingZoo environment
    pip install 'divided[fast]'        # numba: the expert's endgame solver compiled (no command needs it)

:func:`require` checks before a command starts (so a long run never dies at its end for want
of a plotting library); :func:`extra_for_module` names the extra when an import fails anyway.
Either way the command prints ``pip install 'divided[NAME]'`` and exits with status 2.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
from collections.abc import Iterable, Mapping

from divided.errors import DividedError

EXTRAS: Mapping[str, tuple[str, ...]] = {
    "web": ("fastapi", "starlette", "uvicorn", "sqlalchemy", "jinja2", "markupsafe", "itsdangerous",
            "markdown_it"),
    "lab": ("matplotlib", "rich"),
    "ray": ("ray",),
    "postgresql": ("psycopg",),
    "openspiel": ("pyspiel", "open_spiel"),
    "pettingzoo": ("pettingzoo", "gymnasium"),
    "fast": ("numba",),
}
"""Each extra and the top-level modules it provides (matches ``pyproject.toml``; a test checks)."""

COMMANDS: Mapping[str, tuple[str, ...]] = {
    "serve": ("web",),
    "feedback": ("web",),
    "simulate": ("lab",),
    "ladder": ("lab",),
    "solve": ("openspiel",),
}
"""The extras each sub-command always needs; :func:`needed` adds those its arguments ask for."""


class MissingExtraError(DividedError):
    """A command needs an optional extra that is not installed."""


def missing_modules(extra: str) -> list[str]:
    """The modules of ``extra`` that cannot be imported here.

    >>> missing_modules("nonsense")
    Traceback (most recent call last):
    ...
    KeyError: 'nonsense'
    """
    return [module for module in EXTRAS[extra] if importlib.util.find_spec(module) is None]


def extra_for_module(module: str) -> str | None:
    """The extra that provides ``module`` (a dotted name; its top level counts), or ``None``.

    >>> extra_for_module("matplotlib.figure"), extra_for_module("numpy")
    ('lab', None)
    """
    top = module.partition(".")[0]
    return next((extra for extra, modules in EXTRAS.items() if top in modules), None)


def message(command: str, extra: str, modules: Iterable[str]) -> str:
    """The one-line explanation: what is missing and the exact command that installs it.

    >>> message("serve", "web", ["fastapi"])
    "divided serve needs the 'web' extra, which is not installed (no module fastapi): pip install 'divided[web]'"
    """
    names = ", ".join(modules)
    return (f"divided {command} needs the {extra!r} extra, which is not installed (no module {names}): "
            f"pip install 'divided[{extra}]'")


def needed(args: argparse.Namespace) -> list[str]:
    """The extras the parsed command line needs: its command's, plus those its options ask for."""
    command = str(getattr(args, "command", ""))
    if command == "solve" and getattr(args, "openings", None) is not None:
        return []  # the endgame solver over many openings: numpy only
    extras = list(COMMANDS.get(command, ()))
    if command == "solve" and getattr(args, "out", None) is not None:
        extras.append("lab")  # the NashConv plot
    if getattr(args, "backend", None) == "ray":
        extras.append("ray")
    if command in ("serve", "feedback"):
        url = getattr(args, "database_url", None) or os.environ.get("DIVIDED_DATABASE_URL", "")
        if url.split(":", 1)[0].strip().lower() == "postgresql+psycopg":  # the driver the extra installs
            extras.append("postgresql")
    return extras


def require(command: str, extras: Iterable[str]) -> None:
    """Raise :class:`MissingExtraError` naming the first of ``extras`` that is not installed.

    >>> require("rules", [])  # nothing needed, nothing raised
    """
    for extra in extras:
        absent = missing_modules(extra)
        if absent:
            raise MissingExtraError(message(command, extra, absent))
