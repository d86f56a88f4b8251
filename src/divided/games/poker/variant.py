"""The vocabulary of the poker engine: a game is a :class:`Variant`, frozen data.

A variant names its player range, the hands each player makes (:class:`Slot`), the steps of a
deal in order (the step kinds of :mod:`divided.games.poker.steps`: deal, bet, draw, assign,
partition, flip, showdown), its awards (:class:`Award`, in T11 order: the first award takes the
odd chips of a layer) and its own rule options. Values that a rule option decides are written
:class:`ByOption` and resolved once per game (:func:`resolve`), so a definition stays a few
dozen lines of data and the interpreter (:class:`~divided.games.poker.rules.PokerRules`) never
knows which game it plays.

Forced bets, stakes and the betting structure are table options every variant shares
(:mod:`divided.games.poker.options`); a variant only says whether it has a bring-in and whether
the option ``blinds`` applies (T3).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Any, ClassVar

from divided.games.base import OptionValue, RuleOption


@dataclass(frozen=True, slots=True)
class ByOption:
    """A value chosen by a rule option: ``values`` maps each option value to what it means.

    >>> resolve(ByOption("low", {"a5": 1, "27": 2}), {"low": "27"})
    2
    """

    option: str
    values: Mapping[OptionValue, Any]

    def __hash__(self) -> int:
        return hash((self.option, tuple(self.values.items())))


def by_option(option: str, values: Mapping[OptionValue, Any]) -> Any:
    """A :class:`ByOption` for a field of a step or an award (typed as the field's own type,
    which it becomes once resolved)."""
    return ByOption(option, values)


def resolve(value: Any, options: Mapping[str, OptionValue]) -> Any:
    """``value`` with every :class:`ByOption` in it (directly, in a tuple, or in a step's fields)
    replaced by its meaning under ``options``."""
    if isinstance(value, ByOption):
        return resolve(value.values[options[value.option]], options)
    if isinstance(value, tuple):
        return tuple(resolve(item, options) for item in value)
    if isinstance(value, Step | Award):
        changes = {f.name: resolve(getattr(value, f.name), options) for f in fields(value) if f.init}
        return replace(value, **changes)
    return value


@dataclass(frozen=True, slots=True)
class Slot:
    """A named place for a player's cards: a hand that is ranked (``hand``, ``left``, ``five``)
    or the cards held before they are assigned or split (``held``). ``size`` is how many cards
    it holds when full."""

    name: str
    size: int


@dataclass(frozen=True)
class Step:
    """One step of a deal. Each kind is a small frozen dataclass with a ``kind`` name; its
    behaviour is registered in :mod:`divided.games.poker.steps` under that name."""

    kind: ClassVar[str] = ""


@dataclass(frozen=True)
class Wild:
    """A wild-card rule of an award: each kind is a small frozen dataclass with a ``kind`` name,
    resolved at the showdown by the function registered under that name in
    :mod:`divided.games.poker.wilds` (to the wild cards of each seat's hand)."""

    kind: ClassVar[str] = ""


@dataclass(frozen=True)
class Award:
    """One share of every pot layer (T11). ``slots`` are the hands of a player that compete for
    it (a player counts once, with its best hand: Henway H2); ``rule`` is the ranking rule:
    ``high`` (incomplete hands of one to four cards rank too), ``a5``, ``a5-8`` (eight or better:
    an award nobody qualifies for passes its share on), ``27`` or ``a6``. ``kind`` names how
    winners are found, registered in :mod:`divided.games.poker.showdown` (``best``: the best
    hand wins). ``wild``: the award's wild-card rule (:class:`Wild`; ``None``: no wild cards),
    high awards only."""

    title: str
    slots: tuple[str, ...]
    rule: str = "high"
    share: int = 1
    kind: str = "best"
    wild: Wild | None = field(default=None, repr=False)
    # repr=False: the advisor seeds its worlds from a view's repr, which holds the awards; a
    # game without wild cards keeps the repr, hence the seeded play, it had before the field


@dataclass(frozen=True)
class Match:
    """A game played as a match (T18): deals follow one another until one leaves nothing to
    pass on, or the deal cap (option ``max_deals``). ``rule`` names the registered match rule
    (:mod:`divided.games.poker.match`) that says which pot layers carry and what else passes on
    (``carry``, ``replay``, ``token``, ``trash-forfeit``)."""

    rule: str = "carry"


@dataclass(frozen=True)
class PlayersFor:
    """A rule option's value offered only at some table sizes: ``option`` = ``value`` needs
    ``players`` (fewest, most) at the table (3-2-1's ``trash_wild=on``: 3-4 players)."""

    option: str
    value: OptionValue
    players: tuple[int, int]


@dataclass(frozen=True)
class Variant:
    """A poker game as data.

    ``players`` is the (fewest, most) range; ``slots`` every place a player's cards can be;
    ``steps`` the deal in order; ``awards`` in T11 order (or a :class:`ByOption` choosing the
    awards: Buck Thirty-Five's high or high-low); ``options`` the game's own rule
    options (the table options are added by :func:`divided.games.poker.options.options_of`);
    ``bring_in``: the first betting round is opened by a bring-in (T3) and the option
    ``bring_in`` exists; ``blinds``: the option ``blinds`` is offered (T3: games whose first
    betting round precedes any draw, except those with a bring-in). ``deck``: the cards dealt,
    a name of :data:`divided.games.poker.cards.DECKS` (``one``, ``two``, ``jokers``) or a
    :class:`ByOption` choosing one. ``players_for``: option values offered only at some table
    sizes (:class:`PlayersFor`, checked when the options are). ``ante``: the default of the option ``ante`` (T2: 1; Auction
    Flop 3).
    """

    id: str
    name: str
    summary: str
    players: tuple[int, int]
    slots: tuple[Slot, ...]
    steps: tuple[Step, ...]
    awards: tuple[Award, ...]
    options: tuple[RuleOption, ...] = ()
    bring_in: bool = False
    blinds: bool = True
    default_players: int = 4
    notes: tuple[str, ...] = field(default=())
    deck: str = "one"
    match: Match | None = None
    players_for: tuple[PlayersFor, ...] = field(default=(), repr=False)
    # repr=False: the advisor seeds its worlds from a view's repr, which holds the variant
    ante: int = 1

    def slot_index(self, name: str) -> int:
        """The position of the slot called ``name`` in :attr:`slots`."""
        try:
            return self._slot_positions[name]
        except KeyError:
            raise KeyError(f"variant {self.id!r} has no slot {name!r}") from None

    @cached_property
    def _slot_positions(self) -> dict[str, int]:
        """Each slot's position by name, the first of a name (made once: the interpreter asks
        at every step)."""
        positions: dict[str, int] = {}
        for index, slot in enumerate(self.slots):
            positions.setdefault(slot.name, index)
        return positions

    @cached_property
    def slot_names(self) -> tuple[str, ...]:
        """The slots' names in order (what a shown hand is labelled with)."""
        return tuple(slot.name for slot in self.slots)


LOW_OPTION_TEXT = ("the low ranking: a5 (ace-to-five), a5-8 (ace-to-five, eight or better: when no hand "
                   "qualifies, high takes the pot), 27 (deuce-to-seven) or a6 (ace-to-six)")


def low_option(*values: str) -> RuleOption:
    """The option ``low`` with these values (the first the default)."""
    return RuleOption("low", values, LOW_OPTION_TEXT)
