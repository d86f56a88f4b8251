"""The bot interface and the registry of bots, keyed by game.

A bot decides from one player's view and the legal actions, never from hidden state. Every bot
is registered as a :class:`BotSpec` that says which games it supports (``None``: every game,
as Ludii's ``supportsGame``), and :func:`make_bot` refuses a bot for a game it does not support.

A bot name may carry parameters: ``expert:budget=200,seed=3``. Each registered factory takes
its parameters as keyword arguments (strings, converted by the factory) and raises
:class:`RuleOptionError` for ones it does not know. A factory of a bot for every game
(``games=None``) gets the game id first, so the bot knows its game without reading it from the
view.

A game's own bots are found lazily, through a :class:`~divided.registry.Registry` keyed by game
id (``"module:attribute"`` naming a tuple of specs), so this module never imports a game. Its
:class:`Advisor` (the bot the hints and the review ask for values) is found the same way.

>>> make_bot("divided-ranks", "random").name
'random'
>>> make_bot("divided-ranks", "skilled:x=1")
Traceback (most recent call last):
...
divided.errors.RuleOptionError: bad parameters for bot 'skilled': ...
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import random
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from divided import games
from divided.errors import RuleOptionError, UnsupportedGameError
from divided.games import POKER
from divided.registry import Registry

V_contra = TypeVar("V_contra", contravariant=True)

TIE = 1e-9
"""Values closer than this are equal (an advisor's :meth:`Advisor.pick` and the review's grades)."""
MIN_WORLDS = 16
"""The fewest sampled worlds a value's standard error (or the paired error of two values) must
rest on to estimate anything: over ``n`` worlds the estimated error is itself off by about
``1/sqrt(2 (n - 1))`` of it (over 2 worlds it is as likely half or double the truth, and exactly 0
whenever the two worlds agree; over 16 about 18%), and a margin of two errors means about 95%
only once ``n`` is past a dozen or so (Student's t at 15 degrees of freedom is 2.13). An advisor
that screens actions over fewer worlds gives those values for show only; the review grades
nothing from them, and an advisor's :meth:`Advisor.refine` does not stop on its error target
before this many worlds."""
REAL_WEIGHT = 0.05
"""A mixed strategy plays an action *with real weight* when at least this often: the review gives
such an action no grade (an equilibrium plays it) and the hint lists it."""


class Bot(Protocol[V_contra]):
    """A player that decides from its own view only."""

    name: str

    def choose(self, view: V_contra, legal: Sequence[int], rng: random.Random) -> int:
        """One of ``legal``, chosen from what ``view`` shows."""
        ...

    def action_probabilities(self, view: V_contra, legal: Sequence[int]) -> dict[int, float]:
        """The bot's policy at ``view``: the chance it plays each legal action (a function of the
        view alone; one-hot for a bot that does not sample: see :func:`one_hot`)."""
        ...


class Ponderer(Protocol[V_contra]):
    """A bot that can think on the opponent's time (optional; see :func:`ponder`)."""

    def ponder(self, view: V_contra) -> bool:
        """Prepare what the bot will need at ``view`` (warm a cache, say); whether the
        positions that may follow ``view`` are worth pondering too. A function of the view
        alone, and it must not change what the bot later chooses: only how soon it answers."""
        ...


def ponder(bot: object, view: object) -> bool:
    """Let ``bot`` think ahead at ``view`` if it can; whether it asks to look further ahead
    (``False`` for a bot without a ``ponder`` method).

    A server calls this on a thread of its own while a human decides, with the views its bots
    may face next: as a chess engine ponders.
    """
    method = getattr(bot, "ponder", None)
    return bool(method(view)) if method is not None else False


def view_random(view: object, purpose: str = "policy") -> random.Random:
    """Random numbers that are a function of the view (everything its player knows, as
    :func:`repr` spells it) and ``purpose`` only: how a sampling bot makes its
    :meth:`Bot.action_probabilities` a function of the view."""
    digest = hashlib.blake2b(f"divided-bot:{purpose}:{view!r}".encode(), digest_size=16).digest()
    return random.Random(int.from_bytes(digest, "big"))


def one_hot(action: int, legal: Sequence[int]) -> dict[int, float]:
    """The policy that always plays ``action`` (which must be legal)."""
    if action not in legal:
        raise ValueError(f"action {action} is not among the legal actions")
    return {a: 1.0 if a == action else 0.0 for a in legal}


@dataclass(frozen=True, slots=True)
class Evaluation:
    """An advisor's values at one decision: every legal action's value (for the player to move:
    the chance to win, a win 1 and a draw 0.5), each value's standard error (0 where exact), how
    many sampled worlds were played out (0 where exact; ``counts``: how many of them each action's
    value rests on, where that differs between actions, as an advisor that screens the actions it
    will not choose over fewer worlds), whether every value is exact, and the
    standard error of the difference of two actions' values (paired over the same worlds, so
    usually well below the single errors; 0 where exact), and, where the advisor plays a mixed
    strategy, how often it plays each action (``policy``; ``None`` where it plays one action)."""

    values: dict[int, float]
    errors: dict[int, float]
    worlds: int = 0
    exact: bool = True
    pair_error: Callable[[int, int], float] | None = field(default=None, compare=False, repr=False)
    policy: dict[int, float] | None = None
    opponent_off_path: bool = False
    """Where the advisor plays a mixed strategy: whether the opponent reached this decision only
    by a move its solved strategy (almost) never makes. The values then rest on a guess about
    the opponent's cards (how the solution would play that move), and the mix is kept as what
    such a move cannot exploit, so the two can disagree."""
    counts: dict[int, int] | None = None
    """How many worlds each action's value rests on (``None``: every value on all ``worlds``)."""

    def worlds_of(self, action: int) -> int:
        """How many sampled worlds ``action``'s value rests on (0 where the values are exact)."""
        if self.exact:
            return 0
        return self.worlds if self.counts is None else self.counts.get(action, self.worlds)

    def pair_worlds(self, first: int, second: int) -> int:
        """How many worlds :meth:`difference_error` of the two actions rests on (their common
        worlds; 0 where exact)."""
        return min(self.worlds_of(first), self.worlds_of(second))

    def difference_error(self, first: int, second: int) -> float:
        """The standard error of ``values[first] - values[second]``."""
        if self.pair_error is None or first == second:
            return 0.0
        return self.pair_error(first, second)


class Advisor(Bot[V_contra], Protocol):
    """A bot that can say what every action is worth: the hints, the review and the lab's regret
    measures ask it, and the bot, the hint and the review's best all come from its one
    :meth:`pick`."""

    budget: int

    def evaluate(self, view: V_contra, legal: Sequence[int], *, salt: int | None = None) -> Evaluation:
        """Every legal action's value at ``view``; its random numbers come from the view and
        ``salt`` only (``None``: the advisor's own), so one view always gets one answer. An
        advisor may leave actions it never plays out of ``values`` (poker's raise-to amounts
        outside the sizes it values); :meth:`refine` values any legal action."""
        ...

    def pick(self, view: V_contra, legal: Sequence[int], values: Mapping[int, float]) -> int:
        """The one tie-break: the action the advisor plays given ``values``."""
        ...

    def refine(self, view: V_contra, actions: tuple[int, int], *, salt: int, target: float,
               budget: int, enough: Callable[[Evaluation], bool] | None = None) -> Evaluation:
        """The two ``actions`` compared again over fresh worlds, until the standard error of their
        difference is at most ``target``, ``budget`` worlds are used, or ``enough`` (asked of the
        values so far, as often as the advisor can) says so (an exact advisor returns its exact
        values)."""
        ...


BotFactory = Callable[..., Bot[Any]]
AdvisorFactory = Callable[..., Advisor[Any]]


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A registered bot: its name, how to make it, which games it supports (``None``: every
    game; its factory then gets the game id first), its level for lobbies (random 0, skilled 1,
    expert 2; ``None`` for bots not offered to people) and one line about it."""

    name: str
    factory: BotFactory
    games: frozenset[str] | None = None
    level: int | None = None
    summary: str = ""

    def supports(self, game: str) -> bool:
        return self.games is None or game in self.games


_SPECS: dict[str, list[BotSpec]] = {}
_GAME_BOTS: Registry[Sequence[BotSpec]] = Registry(
    "bots", {"divided-ranks": "divided.bots.divided_ranks.builtin:BOTS",
             "card-commons": "divided.bots.card_commons.builtin:BOTS",
             "divide": "divided.bots.divide.builtin:BOTS",
             **dict.fromkeys(POKER, "divided.bots.poker.builtin:BOTS")})
_ADVISORS: Registry[AdvisorFactory] = Registry(
    "advisor", {"divided-ranks": "divided.bots.divided_ranks.expert:advisor",
                "card-commons": "divided.bots.card_commons.expert:advisor",
                "divide": "divided.bots.divide.expert:advisor",
                **{game: f"divided.bots.poker.advisor:ADVISORS[{game}]" for game in POKER}})
_games_loaded: set[str] = set()


def register(spec: BotSpec, *, replace: bool = False) -> None:
    """Make ``spec`` available to :func:`make_bot`. A name may be registered once for every game
    and once per game: a game's own spec of a name stands in for the generic one of that name in
    that game (a game may specialise a generic bot). Another spec of the same name for the same
    games is an error unless ``replace``."""
    if not isinstance(spec, BotSpec):
        raise TypeError(f"register takes a BotSpec, not {type(spec).__name__}")
    if not spec.name or ":" in spec.name or "," in spec.name:
        raise RuleOptionError(f"a bot name is non-empty, without ':' or ',': {spec.name!r}")
    kept = []
    for old in _SPECS.get(spec.name, []):
        overlap = old.games == spec.games if old.games is None or spec.games is None \
            else bool(old.games & spec.games)
        if overlap and not replace:
            raise RuleOptionError(f"bot {spec.name!r} is already registered for "
                                  f"{'every game' if old.games is None else ', '.join(sorted(old.games))}")
        if not overlap:
            kept.append(old)
    _SPECS[spec.name] = [*kept, spec]


def unregister(name: str) -> None:
    """Remove every spec named ``name`` (tests and plugins clean up with this)."""
    _SPECS.pop(name, None)


def register_game_bots(game: str, specs: Sequence[BotSpec] | str, *, replace: bool = False) -> None:
    """Say where ``game``'s own bots are (a tuple of specs, or ``"module:attribute"`` naming
    one), registered on the first look-up for that game."""
    _GAME_BOTS.register(game, specs, replace=replace)
    _games_loaded.discard(game)


def register_advisor(game: str, factory: AdvisorFactory | str, *, replace: bool = False) -> None:
    """Set ``game``'s advisor: a factory taking ``budget=`` (or ``None`` for its default)."""
    _ADVISORS.register(game, factory, replace=replace)


def has_advisor(game: str) -> bool:
    """Whether ``game`` has an advisor registered (hints and reviews are offered only then)."""
    return _ADVISORS.supports(game)


def _check_game(game: str) -> None:
    if game not in games.names():
        raise UnsupportedGameError(f"unknown game {game!r}; known games: {', '.join(games.names())}")


def specs(game: str) -> list[BotSpec]:
    """The bots that support ``game``, in lobby order: by level (bots without one last), then name."""
    _check_game(game)
    _load(game)
    found = [_pick(named, game) for named in _SPECS.values()]
    return sorted((spec for spec in found if spec is not None), key=lambda spec: (spec.level is None, spec.level or 0, spec.name))


def names(game: str) -> list[str]:
    """Names :func:`make_bot` knows for ``game``, sorted."""
    return sorted(spec.name for spec in specs(game))


def spec_for(game: str, name: str) -> BotSpec:
    """The registered spec called ``name`` that supports ``game`` (a clear error if none does)."""
    _check_game(game)
    _load(game)
    found = _pick(_SPECS.get(name, []), game)
    if found is not None:
        return found
    for other in _GAME_BOTS.names():  # to say which games it does play, if any
        if other in games.names():
            _load(other)
    named = _SPECS.get(name, [])
    if named:
        supported = sorted({g for spec in named for g in spec.games or ()})
        raise UnsupportedGameError(f"bot {name!r} does not play {game!r}; it plays {', '.join(supported)}; "
                                   f"bots for {game!r}: {', '.join(names(game))}")
    skipped = "".join(f"; plugin {plugin!r} is not loaded ({reason})" for plugin, reason in _skipped_plugins.items())
    raise RuleOptionError(f"unknown bot {name!r}; known bots: {', '.join(names(game))}{skipped}")


def _pick(named: Sequence[BotSpec], game: str) -> BotSpec | None:
    """Of the specs of one name, the game's own, else the generic one, else ``None``."""
    own = [spec for spec in named if spec.games is not None and game in spec.games]
    generic = [spec for spec in named if spec.games is None]
    found = own or generic
    return found[0] if found else None


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


def make_bot(game: str, spec: str) -> Bot[Any]:
    """The bot a name (with optional parameters) describes, for ``game``; a bot that does not
    support the game is refused with :class:`UnsupportedGameError`."""
    name, params = parse_bot_name(spec)
    found = spec_for(game, name)
    try:
        if found.games is None:
            return found.factory(game, **params)
        return found.factory(**params)
    except TypeError as error:
        raise RuleOptionError(f"bad parameters for bot {name!r}: {error}") from None


def advisor(game: str, *, budget: int | None = None) -> Advisor[Any]:
    """``game``'s advisor (the expert: values for the hints and the review), with ``budget``
    worlds at most per sampled decision (``None``: the advisor's default for hints and reviews)."""
    _check_game(game)
    return _ADVISORS.get(game)(budget=budget)


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
"""The entry-point group of bot plugins (see :func:`_load`)."""

_loaded = False
_loading = False
_load_lock = threading.RLock()  # re-entrant: a plugin may call make_bot while it is imported
_skipped_plugins: dict[str, str] = {}


def _load(game: str) -> None:
    """Register the generic built-in bots and the plugins once, and ``game``'s own bots on its
    first look-up (thread-safe: a server's first requests may race).

    A plugin is an entry point in the ``divided.bots`` group (``pyproject.toml``:
    ``[project.entry-points."divided.bots"]``, ``name = "package.module"``). Its value names a
    module whose import registers bots with :func:`register`, or a callable that does when
    called with no arguments. A plugin whose import fails with :class:`ImportError` (an
    optional dependency that is not installed, such as pyspiel) is skipped; :func:`make_bot`
    names it when asked for an unknown bot.
    """
    global _loaded, _loading
    if _loaded and game in _games_loaded:
        return
    with _load_lock:
        if not _loaded and not _loading:  # _loading: a plugin calling make_bot does not load again
            _loading = True
            try:
                from divided.bots import builtin  # noqa: F401  (registers the generic built-in bots)

                for entry_point in importlib.metadata.entry_points(group=PLUGIN_GROUP):
                    try:
                        plugin = entry_point.load()
                    except ImportError as error:
                        _skipped_plugins[entry_point.name] = str(error)
                        continue
                    if callable(plugin):
                        plugin()
                _loaded = True
            finally:
                _loading = False
        if game not in _games_loaded:
            _games_loaded.add(game)
            if _GAME_BOTS.supports(game):
                for spec in _GAME_BOTS.get(game):
                    register(spec, replace=True)
