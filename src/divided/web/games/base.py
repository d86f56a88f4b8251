"""What the web shell asks of a game: a :class:`WebRoom` (one module per game beside this one).

The shell (:mod:`divided.web.api`, :mod:`divided.web.viewmodel`, the pages and ``shell.js``) is
the same for every game: sessions, moves with ``move_number``, pacing, the log, the books,
hints, review, history, replay and export. A game adds what only it knows: the lobby's options
in words, the game-specific ``table`` part of the state object, the prompt, the log as
:class:`LogEntry` items, why an action is refused, and the browser script that draws its table
(``static/games/<game>.js``).

A game's room is a :class:`GameRoom`: its words, options and bots, and the module functions
that build its views; the room defaults what most games share (one bot, no books, the engine's
result). A room whose table follows the bots' moves one by one is a :class:`PacedGameRoom`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from divided.games.base import OptionValue, Result, RuleOption
from divided.games.room import ActionLabel

if TYPE_CHECKING:
    from divided.web.statistics import Measure

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class LobbyChoice:
    """One value of a lobby option: what the form and the API send (``key``), the rule option's
    value it stands for, and words for players (a title and an optional note)."""

    key: str
    value: OptionValue
    words: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class LobbyOption:
    """A rule option as the lobby offers it (built from the game's :class:`RuleOption`)."""

    option: str
    label: str
    choices: tuple[LobbyChoice, ...]
    default: str

    @classmethod
    def of(cls, rule: RuleOption, label: str, words: Mapping[OptionValue, tuple[str, str] | str],
           *, keys: Mapping[OptionValue, str] | None = None, default: OptionValue | None = None) -> LobbyOption:
        """The lobby's form of ``rule``: every value in ``words`` (in that order) must be one of
        the rule's values; ``keys`` names values the API sends as other text (a seat as
        ``"you"``); ``default`` is the rule's own unless given."""
        choices = []
        for value, said in words.items():
            if rule.validate(value) != value:
                raise ValueError(f"{rule.name}: {value!r} is not one of its values ({rule.values_text})")
            title, note = (said, "") if isinstance(said, str) else said
            key = (keys or {}).get(value, str(value))
            choices.append(LobbyChoice(key, value, title, note))
        chosen = rule.default if default is None else default
        default_key = next((c.key for c in choices if c.value == chosen), None)
        if default_key is None:
            raise ValueError(f"{rule.name}: the default {chosen!r} is not offered")
        return cls(rule.name, label, tuple(choices), default_key)

    def value(self, key: str) -> OptionValue:
        """The rule option's value for what the form sent (``KeyError`` if it is not offered)."""
        for choice in self.choices:
            if choice.key == key:
                return choice.value
        raise KeyError(key)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(choice.key for choice in self.choices)

    def to_json(self) -> JSON:
        return {"option": self.option, "label": self.label, "default": self.default,
                "choices": [{"key": c.key, "value": c.value, "words": c.words, "note": c.note}
                            for c in self.choices]}


@dataclass(frozen=True, slots=True)
class BotChoice:
    """A bot the lobby offers: its registry name, its name in words and a note."""

    name: str
    words: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the log: who acted (a seat; ``None`` for the table itself: coins, the
    showdown, the result) and what happened, in words from the viewer's side."""

    actor: int | None
    text: str

    def to_json(self) -> JSON:
        return {"actor": self.actor, "text": self.text}


@runtime_checkable
class PacedRoom(Protocol):
    """A room whose table follows the bots' moves one by one while the page paces them: a
    move's answer carries the table after each of them (the state object's ``steps``)."""

    def step_table(self, view: Any) -> JSON:
        """The ``table`` part of the state object for ``view``, without the books (cheap)."""


class WebRoom(Protocol):
    """The web app's part of one game (registered in :mod:`divided.web.games` by game id).

    A room may also give ``statistics``, a :class:`divided.web.statistics.Measure`: how the
    history counts the game's results (without one, a win rate with its 95% interval).
    """

    @property
    def game(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def rules_resource(self) -> str:
        """The rules page's Markdown, a resource path inside the ``divided`` package."""
    @property
    def script(self) -> str:
        """The browser script that draws the table, under ``static/`` (``games/<game>.js``)."""
    @property
    def bots(self) -> tuple[BotChoice, ...]:
        """The bots the lobby offers, weakest first."""
    @property
    def default_bot(self) -> str: ...
    @property
    def lobby_options(self) -> tuple[LobbyOption, ...]:
        """The rule options the lobby form shows, with words."""
    @property
    def rule_options(self) -> tuple[RuleOption, ...]:
        """Every rule option a new game may set (the lobby's and the rest, as the engine names them)."""

    def bot_seats(self, options: Mapping[str, OptionValue]) -> int:
        """How many bots a game with these options seats (the human takes one more seat)."""

    def books(self, view: Any) -> Any:
        """The viewer's books (what can be deduced from the view), passed back to the methods below."""

    def knowledge(self, books: Any) -> JSON:
        """The books as JSON (the state object's ``knowledge``)."""

    def table(self, view: Any, books: Any, mine: bool) -> JSON:
        """The game-specific part of the state object (``mine``: the viewer is to move)."""

    def phase(self, view: Any) -> str:
        """The phase as the API names it (``"over"`` once the game has ended)."""

    def prompt(self, view: Any, books: Any, bot_error: str | None) -> str:
        """One sentence: what to do now (or the result)."""

    def legal(self, view: Any) -> list[ActionLabel]:
        """The viewer's legal actions, labelled, in action order."""

    def log(self, view: Any) -> list[LogEntry]:
        """What happened so far, from the viewer's side."""

    def result(self, view: Any) -> Result | None:
        """The engine's result as the viewer may know it (``None`` while playing)."""

    def headline(self, view: Any) -> str | None:
        """The result in words from the viewer's side (``None`` while playing)."""

    def decided(self, summary: Mapping[str, Any]) -> str:
        """What decided a finished game, in words, from its stored summary (the result's
        ``detail`` and ``headline``): the history's "Decided by" column."""

    def refusal(self, view: Any, action: int) -> str:
        """Why ``action`` is not legal for the viewer now, in words (only the viewer's cards)."""

    def warm_up(self) -> None:
        """Build the tables the first move would otherwise wait for (at server start)."""

    def forget_caches(self) -> None:
        """Drop whatever the game's bots have cached from games in play (a solved subgame
        holds a game's cards): called when a player's data is deleted."""


class NextGameRefused(Exception):
    """There is no next hand now (the message is for the player: the hand is not over, the
    player is broke and did not rebuy)."""


NextGame = Callable[[Mapping[str, OptionValue], Any, bool], Any]
"""``next_game(options, view, rebuy)``: the next hand after the finished hand of ``view`` (the
human's) played under ``options``: an object with ``options`` (the next hand's rule options)
and ``notes`` (what the table is told, e.g. rebuys); it raises :class:`NextGameRefused`
(its message for the player) when there is no next hand (the hand is not over, the player is broke)."""


def _one_bot(options: Mapping[str, OptionValue]) -> int:
    return 1


def _no_books(view: Any) -> None:
    return None


def _no_knowledge(books: Any) -> JSON:
    return {}


def _engine_result(view: Any) -> Result | None:
    result: Result | None = view.result
    return result


def _stored_headline(summary: Mapping[str, Any]) -> str:
    return str(summary.get("headline", ""))


def _nothing() -> None:
    return None


@dataclass(frozen=True, kw_only=True)
class GameRoom:
    """A :class:`WebRoom` made of one game's own parts: its words, options and bots, and the
    functions (of its module) that build the views. The fields are the protocol's members; those
    with defaults are what a game leaves out.

    ``offered_bots`` is the lobby's bots, weakest first, or a function that names them when
    asked (a game that offers only the bots registered then). ``lobby_bot`` is the bot the
    lobby chooses first (the protocol's ``default_bot``) when it is offered, else the first
    offered bot.
    """

    game: str
    title: str
    rules_resource: str
    script: str
    offered_bots: tuple[BotChoice, ...] | Callable[[], tuple[BotChoice, ...]]
    lobby_bot: str
    lobby_options: tuple[LobbyOption, ...]
    rule_options: tuple[RuleOption, ...]
    phase: Callable[[Any], str]
    table: Callable[[Any, Any, bool], JSON]
    prompt: Callable[[Any, Any, str | None], str]
    legal: Callable[[Any], list[ActionLabel]]
    log: Callable[[Any], list[LogEntry]]
    headline: Callable[[Any], str | None]
    refusal: Callable[[Any, int], str]
    lede: str = ""
    """The lobby's sentence under the title (empty: none)."""
    statistics: Measure | None = None
    """How the history counts the game's results (``None``: a win rate)."""
    bot_seats: Callable[[Mapping[str, OptionValue]], int] = _one_bot
    books: Callable[[Any], Any] = _no_books
    knowledge: Callable[[Any], JSON] = _no_knowledge
    result: Callable[[Any], Result | None] = _engine_result
    decided: Callable[[Mapping[str, Any]], str] = _stored_headline
    warm_up: Callable[[], None] = _nothing
    forget_caches: Callable[[], None] = _nothing
    rules_after: str = ""
    """Rules every game of its family shares, shown after the game's own (a resource path; empty: none)."""
    family: str = ""
    """The family the lobby groups the game in (one entry with a variant picker; empty: none)."""
    family_title: str = ""
    """The family's name in the lobby ("Poker")."""
    family_rank: int = 0
    """Where the game comes in its family's variant picker (lowest first)."""
    next_game: NextGame | None = None
    """A game played as a session of many hands: the options of the next hand from a finished
    one (``None``: every game stands alone); see :data:`NextGame`."""
    features: tuple[str, ...] = ()
    """What the game has, in the lobby's words ("two hands", "wild cards"): its family's variant
    picker finds a game by them as by its name."""

    @property
    def bots(self) -> tuple[BotChoice, ...]:
        """The bots the lobby offers, weakest first."""
        return self.offered_bots if isinstance(self.offered_bots, tuple) else self.offered_bots()

    @property
    def default_bot(self) -> str:
        """The bot the lobby chooses first (see the class)."""
        names = [bot.name for bot in self.bots]
        return self.lobby_bot if self.lobby_bot in names or not names else names[0]


@dataclass(frozen=True, kw_only=True)
class PacedGameRoom(GameRoom):
    """A :class:`GameRoom` that is a :class:`PacedRoom`: ``step_table(view)`` is the table
    without the books, sent after each bot move of a move's answer."""

    step_table: Callable[[Any], JSON]
