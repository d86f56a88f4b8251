"""The bot interface and the registry of bots by name.

A bot name may carry parameters: ``expert:budget=200,seed=3``. Each registered factory takes
its parameters as keyword arguments (strings, converted by the factory) and raises
:class:`RuleOptionError` for ones it does not know.

>>> make_bot("random").name
'random'
>>> make_bot("random:auto_arrange=no").auto_arrange  # doctest: +ELLIPSIS
False
"""

from __future__ import annotations

import importlib.metadata
import random
import threading
from collections.abc import Callable, Sequence
from typing import Protocol

from divided.errors import RuleOptionError
from divided.games.divided_ranks.view import PlayerView


class Bot(Protocol):
    """A player that decides from its own view only."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        """One of ``legal``, chosen from what ``view`` shows."""
        ...


BotFactory = Callable[..., Bot]
_REGISTRY: dict[str, BotFactory] = {}


def register(name: str, factory: BotFactory) -> None:
    """Make ``factory`` available as ``make_bot(name)``."""
    _REGISTRY[name] = factory


def names() -> list[str]:
    """Names :func:`make_bot` knows."""
    _load_builtin()
    return sorted(_REGISTRY)


def parse_bot_name(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``name:key=value,...`` into the name and its parameters."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise RuleOptionError(f"bad bot parameter {item!r} in {spec!r}: write key=value")
        params[key.strip()] = value.strip()
    return name, params


def make_bot(spec: str) -> Bot:
    """The bot a name (with optional parameters) describes."""
    _load_builtin()
    name, params = parse_bot_name(spec)
    try:
        factory = _REGISTRY[name]
    except KeyError:
        skipped = "".join(f"; plugin {plugin!r} is not loaded ({reason})" for plugin, reason in _skipped_plugins.items())
        raise RuleOptionError(f"unknown bot {name!r}; known bots: {', '.join(names())}{skipped}") from None
    try:
        return factory(**params)
    except TypeError as error:
        raise RuleOptionError(f"bad parameters for bot {name!r}: {error}") from None


def flag(value: str | bool, name: str) -> bool:
    """A yes/no bot parameter."""
    if isinstance(value, bool):
        return value
    text = value.strip().lower()
    if text in ("1", "yes", "true", "on"):
        return True
    if text in ("0", "no", "false", "off"):
        return False
    raise RuleOptionError(f"bot parameter {name}={value!r} must be yes or no")


def positive_int(value: str | int, name: str) -> int:
    """A positive integer bot parameter."""
    try:
        number = int(value)
    except ValueError:
        raise RuleOptionError(f"bot parameter {name}={value!r} must be a whole number") from None
    if number <= 0:
        raise RuleOptionError(f"bot parameter {name}={value!r} must be positive")
    return number


def non_negative(value: str | float, name: str) -> float:
    """A non-negative number bot parameter."""
    try:
        number = float(value)
    except ValueError:
        raise RuleOptionError(f"bot parameter {name}={value!r} must be a number") from None
    if not number >= 0 or number == float("inf"):
        raise RuleOptionError(f"bot parameter {name}={value!r} must be a finite number >= 0")
    return number


def fraction(value: str | float, name: str) -> float:
    """A bot parameter between 0 and 1."""
    number = non_negative(value, name)
    if number > 1:
        raise RuleOptionError(f"bot parameter {name}={value!r} must be between 0 and 1")
    return number


PLUGIN_GROUP = "divided.bots"
"""The entry-point group of bot plugins (see :func:`_load_builtin`)."""

_loaded = False
_load_lock = threading.RLock()  # re-entrant: a plugin may call make_bot while it is imported
_skipped_plugins: dict[str, str] = {}


def _load_builtin() -> None:
    """Register the built-in bots, then the plugins, once (thread-safe: a server's first
    requests may race).

    A plugin is an entry point in the ``divided.bots`` group (``pyproject.toml``:
    ``[project.entry-points."divided.bots"]``, ``name = "package.module"``). Its value names a
    module whose import registers bots with :func:`register`, or a callable that does when
    called with no arguments. A plugin whose import fails with :class:`ImportError` (an
    optional dependency that is not installed, such as pyspiel) is skipped; :func:`make_bot`
    names it when asked for an unknown bot.
    """
    global _loaded
    if _loaded:
        return
    with _load_lock:
        if not _loaded:
            from divided.bots import builtin  # noqa: F401  (registers the built-in bots)

            for entry_point in importlib.metadata.entry_points(group=PLUGIN_GROUP):
                try:
                    plugin = entry_point.load()
                except ImportError as error:
                    _skipped_plugins[entry_point.name] = str(error)
                    continue
                if callable(plugin):
                    plugin()
            _loaded = True
