"""Rule options of every poker game (poker-table.md T1-T11) and the resolved :class:`Config`
a game runs under.

Option names follow the project's convention (``small_bet``; the command line writes
``--small-bet``); the rulings write them with hyphens.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from divided.errors import RuleOptionError
from divided.games.base import OptionValue, RuleOption
from divided.games.poker.betting import Limits, ShortAllIn, Structure
from divided.games.poker.variant import Award, Step, Variant, resolve
from divided.hands.poker.suits import SUIT_ORDERS, SuitOrder

MAX_STACK = 10_000
"""The largest starting stack: it bounds the raise-to actions of pot and no limit."""

SAME_STACKS = "same"
"""The option ``stacks`` when every seat starts with ``stack`` chips."""


@dataclass(frozen=True, slots=True)
class StacksOption(RuleOption):
    """The option ``stacks``: ``same`` (every seat starts with ``stack``) or one starting stack
    per seat, seat 0 first, written ``200/180/220`` (each 1..MAX_STACK). How many stacks a table
    needs is checked with the other options (:func:`configure`).

    >>> STACKS.validate(" 200 / 180/220"), STACKS.validate("same")
    ('200/180/220', 'same')
    """

    def validate(self, value: object) -> OptionValue:
        if value == SAME_STACKS:
            return SAME_STACKS
        if not isinstance(value, str):
            raise RuleOptionError(f"rule option stacks={value!r} is not allowed; write 'same' or one "
                                  "starting stack per seat, seat 0 first, as '200/180/220'")
        parts = [part.strip() for part in value.split("/")]
        if len(parts) < 2 or not all(part.isdigit() for part in parts):
            shown = value[:60]
            raise RuleOptionError(f"rule option stacks={shown!r} is not allowed; write one whole number of "
                                  "chips per seat, seat 0 first, separated by '/', as '200/180/220' (or 'same')")
        numbers = [int(part) for part in parts]
        for seat, chips in enumerate(numbers):
            if not 1 <= chips <= MAX_STACK:
                raise RuleOptionError(f"rule option stacks: seat {seat}'s stack {chips} is not allowed; each "
                                      f"starting stack is 1..{MAX_STACK} chips")
        return "/".join(str(chips) for chips in numbers)


STACKS = StacksOption("stacks", (SAME_STACKS,), "each seat's starting stack, seat 0 first, as 200/180/220 "
                      f"(1..{MAX_STACK} chips each; same: every seat starts with stack)")


def options_of(variant: Variant) -> tuple[RuleOption, ...]:
    """The table options of T1-T11 that apply to ``variant``, then its own."""
    low, high = variant.players
    default = min(max(variant.default_players, low), high)
    table = [
        RuleOption("players", (default, *(n for n in range(low, high + 1) if n != default)),
                   f"players at the table ({low} to {high})"),
        RuleOption("first_dealer", ("random",), "who deals first: a seat drawn at random (T1, a chance "
                   "event) or a seat number", integers=range(0, high)),
        RuleOption("structure", ("fixed", "pot", "no"), "the betting structure: fixed limit, pot limit or no limit"),
        RuleOption("stack", (200,), "every player's starting stack in chips", integers=range(1, MAX_STACK + 1)),
        STACKS,
        RuleOption("ante", (variant.ante,), "the ante each player dealt in pays (0: none)", integers=range(0, 1001)),
        RuleOption("small_bet", (2,), "the small bet S (fixed limit: the size of the early rounds; pot and no "
                   "limit: the smallest bet)", integers=range(1, 1001)),
        RuleOption("big_bet", (4,), "the big bet B (fixed limit: the size of the later rounds)",
                   integers=range(1, 2001)),
    ]
    if variant.bring_in:
        table.append(RuleOption("bring_in", (1,), "the bring-in (T3), below the small bet",
                                integers=range(1, 1001)))
    if variant.blinds:
        table.append(RuleOption("blinds", ("off", "on"), "on: the two players left of the button post half a "
                                "small bet and a small bet before the deal (T3; heads-up the button posts the "
                                "smaller)"))
    table += [
        RuleOption("cap_heads_up", ("kept", "lifted"), "fixed limit: whether the cap of a bet and three raises "
                   "holds when two players are left as a round starts"),
        RuleOption("short_all_in", ("full", "half-bet"), "fixed limit: full (only a full raise reopens the "
                   "betting) or half-bet (an all-in raise of at least half a bet counts as a full raise), T7"),
        RuleOption("odd_chip", ("cards", "seat"), "who gets an odd chip among tied winners (T11): by the "
                   "deciding card (highest for high, lowest for low), or the first left of the button"),
        RuleOption("suit_order", tuple(SUIT_ORDERS), "the suit order for the bring-in and the odd chip"),
    ]
    if variant.match is not None:
        from divided.games.poker.match import MAX_DEALS

        table.append(MAX_DEALS)
    return (*table, *variant.options)


@dataclass(frozen=True)
class Config:
    """A variant under validated options: what the interpreter reads.

    ``steps`` and ``awards`` are the variant's with every :class:`ByOption` resolved;
    ``stacks`` each seat's starting stack (``stack`` for every seat unless ``stacks`` says)."""

    variant: Variant
    players: int
    first_dealer: int | None
    stack: int
    stacks: tuple[int, ...]
    ante: int
    small_bet: int
    big_bet: int
    bring_in: int
    blinds: bool
    limits: Limits
    odd_chip: str
    suit_order: SuitOrder
    steps: tuple[Step, ...]
    awards: tuple[Award, ...]
    values: tuple[tuple[str, OptionValue], ...]
    deck: str = "one"

    @property
    def total_chips(self) -> int:
        return sum(self.stacks)

    def option(self, name: str) -> OptionValue:
        return dict(self.values)[name]


def configure(variant: Variant, values: Mapping[str, OptionValue]) -> Config:
    """The :class:`Config` of ``variant`` under validated option ``values`` (checked together:
    the bring-in is at most the small bet, the first dealer a seat of the table)."""
    players = int(values["players"])
    first = values["first_dealer"]
    if isinstance(first, int) and not 0 <= first < players:
        raise RuleOptionError(f"rule option first_dealer={first} is not a seat of a {players}-player table; "
                              f"choose random or 0..{players - 1}")
    stacks = _stacks(values, players)
    small, big = int(values["small_bet"]), int(values["big_bet"])
    bring_in = int(values.get("bring_in", 0))
    if variant.bring_in and bring_in >= small:
        raise RuleOptionError(f"rule option bring_in={bring_in} must be below the small bet ({small})")
    for limit in variant.players_for:
        fewest, most = limit.players
        if values.get(limit.option) == limit.value and not fewest <= players <= most:
            raise RuleOptionError(f"rule option {limit.option}={limit.value} is offered at {fewest} to {most} "
                                  f"players, but the table has {players}")
    limits = Limits(structure=Structure(str(values["structure"])), cap_heads_up=values["cap_heads_up"] == "kept",
                    short_all_in=ShortAllIn(str(values["short_all_in"])))
    return Config(
        variant=variant, players=players, first_dealer=first if isinstance(first, int) else None,
        stack=int(values["stack"]), stacks=stacks, ante=int(values["ante"]), small_bet=small, big_bet=big, bring_in=bring_in,
        blinds=values.get("blinds", "off") == "on", limits=limits, odd_chip=str(values["odd_chip"]),
        suit_order=SUIT_ORDERS[str(values["suit_order"])],
        steps=tuple(resolve(step, values) for step in variant.steps),
        awards=tuple(resolve(variant.awards, values)),  # each award, or the awards an option chooses
        values=tuple(sorted(values.items())), deck=str(resolve(variant.deck, values)),
    )


def _stacks(values: Mapping[str, OptionValue], players: int) -> tuple[int, ...]:
    """Each seat's starting stack: the option ``stacks`` (one per seat), else ``stack`` for all."""
    given = values.get("stacks", SAME_STACKS)
    if given == SAME_STACKS:
        return (int(values["stack"]),) * players
    stacks = tuple(int(part) for part in str(given).split("/"))
    if len(stacks) != players:
        raise RuleOptionError(f"rule option stacks={given!r} names {len(stacks)} stacks, but the table has "
                              f"{players} players: give one stack per seat, seat 0 first")
    return stacks
