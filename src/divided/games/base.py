"""The interface every game of the project shares, in OpenSpiel's vocabulary.

A game is a pure rules object (:class:`Rules`) over frozen state values; :class:`State` is the
thin, mutable handle that callers use (``apply_action``, ``legal_actions``, ``clone``...), and
:class:`Game` creates states from validated rule options.

Conventions shared by every game:

* Players are seats ``0 .. n-1``. :data:`CHANCE` (-1) is the chance player and
  :data:`TERMINAL` (-4) is returned by ``current_player()`` once the game is over.
* Chance is explicit: at a chance node ``chance_outcomes()`` lists ``(action, probability)``
  and the caller applies one of them like any action. A state made with a ``seed`` resolves
  its chance nodes itself, deterministically from the seed and the position in the history,
  so a record (rule options, seed, actions) always replays to the identical state.
* Simultaneous secret choices (a build, a commit, a pass) are *sequential hidden commits*:
  the players commit one after the other in seat order and no observation shows a committed
  choice until the rules reveal it. This is OpenSpiel's turn-based form of a simultaneous node;
  :data:`SIMULTANEOUS` is reserved and never returned.
* Chance nodes have names (:class:`ChanceNode`: "coin:first-splitter", "deal", ...). Besides
  the move-number seeding above, a state can resolve chance *by name*
  (``new_initial_state(seed, chance_by_name=True)``): the outcome of a node then depends only on
  the seed, the node's name and its index among nodes of that name, so the same seed gives the
  same coins and cards under every rule option (the lab pairs rule variants deal by deal so).
  ``new_initial_state(chance=[...])`` starts a game from given chance outcomes instead (a puzzle,
  a bug report, a hand-picked position, duplicate play between people).
* A finished game has a :class:`Result`: returns, places, a headline in words and details.
* Every public path checks legality. An illegal action raises :class:`IllegalActionError`
  (or :class:`NotYourTurnError`), names the action and the player, and changes nothing.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from divided.errors import IllegalActionError, NotYourTurnError, RuleOptionError

CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4

S = TypeVar("S")  # a game's frozen core state
V = TypeVar("V")  # a game's player view (observation)

_INIT_FIELDS: dict[type, tuple[tuple[str, ...], frozenset[str]] | None] = {}


def evolve(state: S, **changes: Any) -> S:
    """``dataclasses.replace`` for a rules engine's frozen core state, about twice as fast (a
    state without ``__post_init__`` is copied field by field; any other falls back to
    ``replace``). An unknown field is a TypeError, as with ``replace``.

    >>> @dataclass(frozen=True, slots=True)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> evolve(Point(1, 2), y=5)
    Point(x=1, y=5)
    """
    cls = type(state)
    try:
        known = _INIT_FIELDS[cls]
    except KeyError:
        every = fields(cls)  # type: ignore[arg-type]
        plain = all(f.init for f in every) and not hasattr(cls, "__post_init__")
        names = tuple(f.name for f in every)
        known = _INIT_FIELDS[cls] = (names, frozenset(names)) if plain else None
    if known is None or not changes.keys() <= known[1]:
        return replace(state, **changes)  # type: ignore[type-var]  # (its checks and errors)
    names = known[0]
    new = object.__new__(cls)
    for name in names:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(state, name))
    return new


OptionValue = str | int
JSONScalar = str | int | float | bool | None


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended, for every game alike.

    ``returns`` are the rules' returns; ``places`` each seat's finishing place (1 = first,
    tied seats share a place, the next place skips: 1, 1, 3); ``headline`` says it in words;
    ``detail`` holds the game's own facts as JSON scalars (Divided Ranks: the scoring step).

    >>> Result.from_returns((1.0, -1.0)).places, Result.from_returns((0.0, 0.0)).headline
    ((1, 2), 'A draw')
    >>> Result.from_returns((0.5, 0.5, 0.0, 0.0)).places
    (1, 1, 3, 3)
    """

    returns: tuple[float, ...]
    places: tuple[int, ...]
    headline: str
    detail: Mapping[str, JSONScalar] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats in first place (every seat, in a draw)."""
        return tuple(seat for seat, place in enumerate(self.places) if place == 1)

    @property
    def is_draw(self) -> bool:
        return len(self.winners) == len(self.places)

    @classmethod
    def from_returns(cls, returns: Sequence[float], headline: str | None = None,
                     detail: Mapping[str, JSONScalar] | None = None) -> Result:
        """The result whose places follow ``returns`` (higher is better); the default headline
        names the winners by seat, as the rest of the project does ("Player 0 wins")."""
        values = tuple(float(r) for r in returns)
        places = tuple(1 + sum(other > mine for other in values) for mine in values)
        winners = [seat for seat, place in enumerate(places) if place == 1]
        if headline is None:
            if len(winners) == len(values):
                headline = "A draw"
            elif len(winners) == 1:
                headline = f"Player {winners[0]} wins"
            else:
                headline = "Players " + ", ".join(str(w) for w in winners) + " share the win"
        return cls(values, places, headline, dict(detail or {}))

    def to_dict(self) -> dict[str, Any]:
        return {"returns": list(self.returns), "places": list(self.places), "headline": self.headline,
                "detail": dict(self.detail)}


@dataclass(frozen=True, slots=True)
class ChanceNode:
    """A chance node's name and its index among the nodes of that name in a game: e.g.
    ``ChanceNode("coin:first-splitter", 0)``, ``ChanceNode("deal", 7)`` (the eighth card dealt)."""

    name: str
    index: int


@runtime_checkable
class View(Protocol):
    """What every game's observation offers generic code (the web shell, the lab, the review).

    ``player`` is the seat the view belongs to (``None`` for a spectator's view)."""

    @property
    def player(self) -> int | None: ...

    @property
    def current_player(self) -> int: ...

    @property
    def num_players(self) -> int: ...

    @property
    def result(self) -> Result | None: ...


@dataclass(frozen=True, slots=True)
class RuleOption:
    """A named rule option: its allowed values (the first is the default) and what it means.

    ``integers``, when given, also allows every integer in that range (e.g. a seed).

    >>> seed = RuleOption("seed", (0,), "a seed", integers=range(0, 100))
    >>> seed.validate("42"), seed.values_text
    (42, '0..99')
    """

    name: str
    choices: tuple[OptionValue, ...]
    description: str
    integers: range | None = None

    @property
    def default(self) -> OptionValue:
        """The value used when the option is not given."""
        return self.choices[0]

    @property
    def values_text(self) -> str:
        """The allowed values in words, for help texts."""
        if self.integers is not None:
            return f"{self.integers.start}..{self.integers.stop - 1}"
        return ", ".join(str(choice) for choice in self.choices)

    def validate(self, value: object) -> OptionValue:
        """The canonical value for ``value``; integers may be written as text, but a boolean
        or a float is never taken for an integer."""
        for choice in self.choices:
            if isinstance(choice, int):
                if (type(value) is int and value == choice) or (isinstance(value, str) and value.strip() == str(choice)):
                    return choice
            elif isinstance(value, str) and value == choice:
                return choice
        if self.integers is not None:
            number: int | None = value if type(value) is int else None
            if isinstance(value, str) and value.strip().lstrip("-").isdigit():
                number = int(value.strip())
            if number is not None and number in self.integers:
                return number
        allowed = ", ".join(repr(c) for c in self.choices) if self.integers is None else self.values_text
        raise RuleOptionError(f"rule option {self.name}={value!r} is not allowed; choose one of {allowed}")


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Game metadata as data (OpenSpiel's GameType and GameInfo together)."""

    short_name: str
    long_name: str
    num_players: int
    min_players: int
    max_players: int
    num_distinct_actions: int
    max_chance_outcomes: int
    max_game_length: int
    min_utility: float
    max_utility: float
    utility_sum: float | None
    options: tuple[RuleOption, ...]
    information: str = "imperfect"
    chance_mode: str = "explicit-stochastic"
    dynamics: str = "sequential"


def validate_options(options: Sequence[RuleOption], given: Mapping[str, object]) -> dict[str, OptionValue]:
    """Every option's canonical value: the given ones checked, the rest at their defaults."""
    known = {option.name: option for option in options}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise RuleOptionError(
            f"unknown rule option {', '.join(unknown)}; this game has: {', '.join(known) or 'none'}"
        )
    return {name: option.validate(given[name]) if name in given else option.default
            for name, option in known.items()}


class Rules(ABC, Generic[S, V]):
    """A game's rules as pure functions over frozen core states.

    ``apply`` must check legality itself (there is no unchecked public path) and must not
    mutate its argument.
    """

    info: GameInfo
    """The game's metadata under its default options (see :meth:`game_info`)."""

    def game_info(self, options: Mapping[str, OptionValue]) -> GameInfo:
        """The metadata under validated ``options`` (a game whose player count or lengths
        follow its options overrides this; the default is :attr:`info`)."""
        return self.info

    @abstractmethod
    def initial_state(self, options: Mapping[str, OptionValue]) -> S: ...

    @abstractmethod
    def current_player(self, state: S) -> int: ...

    @abstractmethod
    def legal_actions(self, state: S) -> list[int]: ...

    @abstractmethod
    def chance_outcomes(self, state: S) -> list[tuple[int, float]]: ...

    @abstractmethod
    def apply(self, state: S, action: int) -> S: ...

    @abstractmethod
    def returns(self, state: S) -> list[float]: ...

    @abstractmethod
    def action_to_string(self, state: S, action: int) -> str: ...

    @abstractmethod
    def string_to_action(self, state: S, text: str) -> int: ...

    @abstractmethod
    def observe(self, state: S, player: int | None) -> V:
        """What ``player`` may know of ``state``; ``None`` is a spectator, who sees only what
        every player sees."""

    @abstractmethod
    def chance_node(self, state: S) -> ChanceNode:
        """The name and index of the chance node ``state`` is at."""

    def chance_fraction(self, seed: int, node: ChanceNode) -> float:
        """The uniform number in [0, 1) that resolves ``node`` when chance is resolved by name:
        determined by (seed, name, index) alone. A game may override it to keep an older stream
        (the result must still depend on nothing else)."""
        digest = hashlib.sha256(f"{seed}\x1f{node.name}".encode()).digest()
        return seeded_fraction(int.from_bytes(digest[:8], "big") >> 1, node.index)

    def result(self, state: S) -> Result | None:
        """The result of a finished game (``None`` before the end). The default takes the
        places from the returns; a game overrides it to say how the game was decided."""
        if not self.is_terminal(state):
            return None
        return Result.from_returns(self.returns(state))

    def is_terminal(self, state: S) -> bool:
        return self.current_player(state) == TERMINAL

    def resolve_chance(self, state: S, seed: int, step: int) -> tuple[S, list[int]]:
        """Resolve the chance nodes from here on, deterministically from (seed, step).

        The outcome at move number ``k`` is :func:`pick_outcome` of that node's outcomes and
        ``seeded_fraction(seed, k)``. A game may override this for speed; the result must
        equal this definition.
        """
        actions: list[int] = []
        while self.current_player(state) == CHANCE:
            action = pick_outcome(self.chance_outcomes(state), seeded_fraction(seed, step + len(actions)))
            state = self.apply(state, action)
            actions.append(action)
        return state, actions


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game as data: which game, its rule options, the seed (if any) and every action.

    ``actions`` is the full history, chance outcomes included, so a record replays with or
    without its seed; the seed also fixes the chance outcomes still to come.

    >>> record = GameRecord("divided-ranks", {"swap": "blind"}, 7, (1, 2))
    >>> GameRecord.from_json(record.to_json()) == record
    True
    """

    game: str
    options: Mapping[str, OptionValue]
    seed: int | None
    actions: tuple[int, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "options": dict(self.options), "seed": self.seed,
                "actions": list(self.actions)}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """A record from its dictionary form; anything malformed raises :class:`RuleOptionError`."""
        if not isinstance(data, Mapping):
            raise RuleOptionError(f"malformed game record: expected an object, got {type(data).__name__}")
        game, options, seed, actions = (data.get(k) for k in ("game", "options", "seed", "actions"))
        if not isinstance(game, str):
            raise RuleOptionError("malformed game record: 'game' must be a game name")
        if options is None:
            options = {}
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise RuleOptionError("malformed game record: 'options' must be an object of rule options")
        if seed is not None and type(seed) is not int:
            raise RuleOptionError(f"malformed game record: 'seed' must be an integer or null, got {seed!r}")
        if not isinstance(actions, list) or not all(type(a) is int for a in actions):
            raise RuleOptionError("malformed game record: 'actions' must be a list of integers")
        return cls(game, dict(options), seed, tuple(actions))

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            return cls.from_dict(json.loads(text))
        except json.JSONDecodeError as error:
            raise RuleOptionError(f"malformed game record: {error}") from None


def pick_outcome(outcomes: Sequence[tuple[int, float]], u: float) -> int:
    """The outcome a uniform number ``u`` in [0, 1) selects (by cumulative probability)."""
    for outcome, probability in outcomes:
        u -= probability
        if u < 0:
            return outcome
    return outcomes[-1][0]


def seeded_fraction(seed: int, step: int) -> float:
    """A uniform number in [0, 1) determined by (seed, step): SplitMix64 of the pair."""
    z = (seed * 0x9E3779B97F4A7C15 + (step + 1) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return ((z ^ (z >> 31)) >> 11) / float(1 << 53)


class State(Generic[S, V]):
    """A mutable handle on a game position, with OpenSpiel's method names."""

    __slots__ = ("_by_name", "_core", "_game", "_given", "_history", "_seed")

    def __init__(self, game: Game[S, V], core: S, seed: int | None = None,
                 history: list[int] | None = None, *, by_name: bool = False,
                 given: Sequence[int] = ()) -> None:
        self._game = game
        self._core = core
        self._seed = seed
        self._by_name = by_name
        self._given: list[int] = list(given)
        self._history: list[int] = history if history is not None else []
        self._resolve_chance()

    # -- queries ---------------------------------------------------------------------------
    @property
    def game(self) -> Game[S, V]:
        return self._game

    @property
    def core(self) -> S:
        """The frozen core state (for pure-function users such as bots and tests)."""
        return self._core

    @property
    def seed(self) -> int | None:
        return self._seed

    def current_player(self) -> int:
        return self._game.rules.current_player(self._core)

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_simultaneous_node(self) -> bool:
        return False

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Legal actions of the player to move (empty for anyone else, and at the end)."""
        if player is not None and player != self.current_player():
            return []
        if self.is_terminal():
            return []
        return self._game.rules.legal_actions(self._core)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.is_chance_node():
            raise IllegalActionError("chance_outcomes() asked at a node that is not a chance node")
        return self._game.rules.chance_outcomes(self._core)

    def returns(self) -> list[float]:
        return self._game.rules.returns(self._core)

    def rewards(self) -> list[float]:
        """Rewards of the last step: the returns at the end, zero before (no step rewards)."""
        if self.is_terminal():
            return self.returns()
        return [0.0] * self._game.info.num_players

    def history(self) -> list[int]:
        return list(self._history)

    def move_number(self) -> int:
        return len(self._history)

    def observation(self, player: int | None) -> V:
        """What ``player`` may know now: the only door to hidden information (``None``: a
        spectator's view, what every player sees)."""
        if player is not None:
            self._check_player(player)
        return self._game.rules.observe(self._core, player)

    def result(self) -> Result | None:
        """How the game ended (``None`` before the end)."""
        return self._game.rules.result(self._core)

    def chance_node(self) -> ChanceNode:
        """The name and index of the chance node the game is at."""
        if not self.is_chance_node():
            raise IllegalActionError("chance_node() asked at a node that is not a chance node")
        return self._game.rules.chance_node(self._core)

    def action_to_string(self, action: int, player: int | None = None) -> str:
        return self._game.rules.action_to_string(self._core, action)

    def string_to_action(self, text: str) -> int:
        return self._game.rules.string_to_action(self._core, text)

    def record(self) -> GameRecord:
        """The game as data. A state resolving chance by name records no seed (its actions hold
        every outcome so far, so it replays exactly; a seed would resolve later nodes by move
        number instead)."""
        return GameRecord(self._game.info.short_name, dict(self._game.options),
                          None if self._by_name else self._seed, tuple(self._history))

    # -- transitions -----------------------------------------------------------------------
    def apply_action(self, action: int, player: int | None = None) -> None:
        """Apply a legal action; raise and change nothing otherwise.

        Passing ``player`` asserts who is acting (a server submitting a seat's move); a
        mismatch raises :class:`NotYourTurnError`.
        """
        current = self.current_player()
        if player is not None and player != current:
            raise NotYourTurnError(
                f"player {player} cannot act now: it is {_who(current)}'s turn "
                f"(action {action!r} refused, nothing changed)"
            )
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalActionError(f"an action is an integer, got {action!r} (nothing changed)")
        core, length, given = self._core, len(self._history), list(self._given)
        try:
            self._core = self._game.rules.apply(self._core, action)
            self._history.append(action)
            self._resolve_chance()
        except Exception:
            self._core, self._given = core, given
            del self._history[length:]
            raise

    def clone(self) -> State[S, V]:
        return State(self._game, self._core, self._seed, list(self._history), by_name=self._by_name,
                     given=self._given)

    def __deepcopy__(self, memo: dict[int, object]) -> State[S, V]:
        """A deep copy is a clone: the core state is immutable and the game is shared
        configuration, so only the history list needs copying (OpenSpiel clones Python
        states with ``copy.deepcopy``)."""
        return self.clone()

    def child(self, action: int) -> State[S, V]:
        clone = self.clone()
        clone.apply_action(action)
        return clone

    def _resolve_chance(self) -> None:
        rules = self._game.rules
        while self._given and rules.current_player(self._core) == CHANCE:
            outcome = self._given[0]
            if isinstance(outcome, bool) or not isinstance(outcome, int):
                raise IllegalActionError(f"a chance outcome is an integer, got {outcome!r}")
            node = rules.chance_node(self._core)
            try:
                self._core = rules.apply(self._core, outcome)
            except IllegalActionError as error:
                raise IllegalActionError(
                    f"given chance outcome {outcome} is not possible at chance node "
                    f"{node.name!r} #{node.index} (move {len(self._history)}): {error}") from None
            self._given.pop(0)
            self._history.append(outcome)
        if self._seed is not None and not self._by_name:
            self._core, actions = rules.resolve_chance(self._core, self._seed, len(self._history))
            self._history.extend(actions)
        while self._seed is not None and self._by_name and rules.current_player(self._core) == CHANCE:
            fraction = rules.chance_fraction(self._seed, rules.chance_node(self._core))
            outcome = pick_outcome(rules.chance_outcomes(self._core), fraction)
            self._core = rules.apply(self._core, outcome)
            self._history.append(outcome)
        if self._given and rules.current_player(self._core) == TERMINAL:
            raise IllegalActionError(f"{len(self._given)} given chance outcomes left over: the game "
                                     "has no more chance nodes (nothing changed)")

    def _check_player(self, player: int) -> None:
        if not (isinstance(player, int) and 0 <= player < self._game.info.num_players):
            raise IllegalActionError(
                f"no player {player!r}: players are 0-{self._game.info.num_players - 1}"
            )

    def __str__(self) -> str:
        return str(self._core)

    def __repr__(self) -> str:
        return f"<{self._game.info.short_name} state after {len(self._history)} actions>"


def _who(player: int) -> str:
    return {CHANCE: "chance", TERMINAL: "nobody (the game is over)"}.get(player, f"player {player}")


class Game(Generic[S, V]):
    """A game with fixed rule options; makes states."""

    def __init__(self, rules: Rules[S, V], options: Mapping[str, object] | None = None) -> None:
        self.rules = rules
        self.options: dict[str, OptionValue] = validate_options(rules.info.options, options or {})
        self.info = rules.game_info(self.options)
        self._initial: S | None = None  # the initial core state (frozen, so shared by every game)

    def new_initial_state(self, seed: int | None = None, *, chance: Sequence[int] | None = None,
                          chance_by_name: bool = False) -> State[S, V]:
        """A fresh game.

        With a ``seed`` every chance node resolves itself from it: from (seed, move number), or
        with ``chance_by_name`` from (seed, the node's name and index), which gives the same
        outcomes under every rule option. ``chance`` lists chance outcomes to use first, in the
        order the nodes come (coins, each card of a deal, ...); each is checked when its node
        is reached (an impossible one raises :class:`IllegalActionError`), and outcomes still
        left when the game ends are an error too (raised by the action that would end it, which
        changes nothing).
        """
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RuleOptionError(f"seed must be an integer, got {seed!r}")
        if chance_by_name and seed is None:
            raise RuleOptionError("chance_by_name needs a seed")
        given = list(chance) if chance is not None else []
        if self._initial is None:  # made once: OpenSpiel makes a state for every clone
            self._initial = self.rules.initial_state(self.options)
        return State(self, self._initial, seed, by_name=chance_by_name, given=given)

    def num_players(self) -> int:
        return self.info.num_players

    def replay(self, record: GameRecord) -> State[S, V]:
        """The state a record describes, applying (and so checking) every action."""
        if record.game != self.info.short_name:
            raise RuleOptionError(f"record is of game {record.game!r}, not {self.info.short_name!r}")
        if validate_options(self.info.options, record.options) != self.options:
            raise RuleOptionError("record's rule options differ from this game's")
        state = State(self, self.rules.initial_state(self.options), None)
        for action in record.actions:
            state.apply_action(action)
        state._seed = record.seed
        state._resolve_chance()
        return state

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"{self.info.short_name}({opts})"
