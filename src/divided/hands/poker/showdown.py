"""The showdown of a high-low split pot: who wins each half and how many chips each player takes.

Each player enters a hand for high, a hand for low, or both: one set of cards for both halves in
the usual high-low games (seven-card stud eight or better), two different hands in the two-hand
games (Henway, 10 Card Regrets, Cowpie), one side only in a declare game. :func:`showdown`
ranks every entered hand with the side's :class:`~divided.hands.value.RankingSystem` (any
system: high, a lowball system with or without a qualifier, a wild-card system) and splits the
pot. The rules, those of a careful card room (Robert's Rules of Poker, *Ties*):

* **Halves.** The best high hand wins the high half and the best qualifying low the low half. A
  low hand whose rank is in the ``NO_LOW`` category (e.g. a nine under eight-or-better) does not
  qualify. When no low qualifies, or nobody entered one, the high hands take the whole pot (the
  high *scoops*); when nobody entered a high hand, the low takes it. A player may win both.
* **Ties.** Hands of equal rank split their half as evenly as possible in whole chips.
* **Odd chips.** An odd pot gives its odd chip to the high half. Within a half, the ``r`` chips
  left over after an even split go one each (no player gets more than one) to the first ``r``
  tied winners in the *odd-chip order*. With ``odd_chip="cards"`` (stud games, the default) that
  is, for the high half, the player holding the highest card by rank then suit (``suit_order``,
  English by default), and for the low half the player holding the lowest card by rank then
  suit, the ace low except under deuce-to-seven; all the player's own cards count, not only the
  five that make the hand, and Jokers and the shared ``board`` do not. Equal cards (two decks)
  pass to the next card, then to the order of ``entries``. With ``odd_chip="seat"`` (button
  games: list the players clockwise from the button) it is the order of ``entries``.

>>> from divided.hands.poker import system
>>> result = showdown(
...     [Entry("ann", high="Ah Ad Kc 9s 9h 4c 3d", low="Ah Ad Kc 9s 9h 4c 3d"),
...      Entry("bob", high="8c 7c 5c 4s 2h Qh Jd", low="8c 7c 5c 4s 2h Qh Jd")],
...     pot=101, high=system("high"), low=system("a5", qualifier=8))
>>> result.high.winners, str(result.high.rank)
(('ann',), 'Two Pair, aces and nines, with a king')
>>> result.low.winners, str(result.low.rank)
(('bob',), 'Eight-high low: 8-7-5-4-2')
>>> dict(result.chips)
{'ann': 51, 'bob': 50}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from divided.cards import Card, parse_cards
from divided.errors import DividedError, InvalidHandError
from divided.hands.poker.suits import ENGLISH, SuitOrder
from divided.hands.value import HandCategory, HandRank, RankingSystem

__all__ = ["Entry", "ShowdownError", "ShowdownResult", "Side", "showdown"]

System = RankingSystem[HandCategory]
Rank = HandRank[HandCategory]
OddChip = Literal["cards", "seat"]
ODD_CHIP_RULES: tuple[OddChip, ...] = ("cards", "seat")


class ShowdownError(DividedError):
    """A showdown that cannot be settled as asked: a bad pot, players or entries."""


def _cards(cards: str | Iterable[Card] | None) -> tuple[Card, ...] | None:
    if cards is None:
        return None
    if isinstance(cards, str):
        return tuple(parse_cards(cards))
    held = tuple(cards)
    if not all(isinstance(card, Card) for card in held):
        raise ShowdownError(f"a hand is cards or a string of cards; got {held!r}")
    return held


@dataclass(frozen=True, slots=True, init=False)
class Entry:
    """One player's hands at the showdown: ``high`` and/or ``low`` (``None``: not entered for
    that side). Each is a sequence of cards or a string in the project's notation; the same
    cards may be entered for both sides."""

    player: str
    high: tuple[Card, ...] | None
    low: tuple[Card, ...] | None

    def __init__(
        self, player: str, high: str | Iterable[Card] | None = None, low: str | Iterable[Card] | None = None
    ) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "high", _cards(high))
        object.__setattr__(self, "low", _cards(low))


@dataclass(frozen=True, slots=True)
class Side:
    """One half of the pot: every entered hand's rank, the winners and their chips.

    ``system`` is the side's ranking's name (``""`` for the low side of a high-only pot).
    ``winners`` is empty (``rank`` ``None``, ``chips`` 0) when nobody can win this side:
    nobody entered a hand for it, or, for low, no hand qualifies. ``shares`` gives each winner's
    chips, in the order the odd chips went.
    """

    name: Literal["high", "low"]
    system: str
    ranks: Mapping[str, Rank]
    winners: tuple[str, ...]
    rank: Rank | None
    chips: int
    shares: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class ShowdownResult:
    """The settled pot: both sides and the chips of every player (in ``entries`` order; a
    player who wins nothing gets 0), which sum to ``pot``."""

    pot: int
    high: Side
    low: Side
    chips: Mapping[str, int]

    @property
    def scoop(self) -> str | None:
        """The player who takes the whole pot alone, if one does."""
        takers = [player for player, chips in self.chips.items() if chips]
        return takers[0] if len(takers) == 1 else None

    def lines(self) -> list[str]:
        """The result in words, one line per side that has winners, e.g.
        ``high (high): Two Pair, aces and nines, with a king - ann 51``."""
        out = []
        for side in (self.high, self.low):
            if side.rank is not None:
                shares = ", ".join(f"{player} {chips}" for player, chips in side.shares.items())
                out.append(f"{side.name} ({side.system}): {side.rank} - {shares}")
        return out


def showdown(
    entries: Sequence[Entry],
    pot: int,
    *,
    high: System | None = None,
    low: System | None = None,
    board: str | Iterable[Card] = (),
    suit_order: SuitOrder = ENGLISH,
    odd_chip: OddChip = "cards",
    decks: int = 1,
) -> ShowdownResult:
    """Settle a pot of ``pot`` chips among ``entries`` (see the module for the rules).

    ``high`` and ``low`` are the two sides' ranking systems (``high`` defaults to high poker;
    ``low=None`` makes a high-only pot). ``board`` cards are shared: each entered hand is the
    player's cards followed by the board. ``decks`` says how many times a card may be shown in
    all (a card repeated across players or hands, or between a player's high and low hand when
    they are not the same cards, is an error with one deck).

    Raises :class:`ShowdownError` for a bad pot, option, player list or entry, and
    :class:`~divided.errors.InvalidHandError` (naming the player and side) for a hand its
    system does not take.
    """
    if isinstance(pot, bool) or not isinstance(pot, int) or pot < 0:
        raise ShowdownError(f"the pot is a whole number of chips, 0 or more; got {pot!r}")
    if odd_chip not in ODD_CHIP_RULES:
        raise ShowdownError(f"odd_chip is one of {', '.join(ODD_CHIP_RULES)}; got {odd_chip!r}")
    if not isinstance(suit_order, SuitOrder):
        raise ShowdownError(f"suit_order is a SuitOrder (see divided.hands.poker.suits); got {suit_order!r}")
    if isinstance(decks, bool) or decks not in (1, 2):
        raise ShowdownError(f"decks is 1 or 2; got {decks!r}")
    if high is None:
        from divided.hands.poker.rules import system

        high = system("high")
    shared = _cards(board) or ()
    entries = _checked_entries(entries, low is not None)
    _check_cards(entries, shared, decks)

    sides = {
        "high": _ranks(entries, "high", high, shared),
        "low": _ranks(entries, "low", low, shared) if low is not None else {},
    }
    winners = {name: _best(ranks, qualified=name == "low") for name, ranks in sides.items()}
    if not winners["high"] and not winners["low"]:
        raise ShowdownError("nobody can win the pot: no hand is entered for high and no low qualifies")
    halves = {"high": pot - pot // 2, "low": pot // 2} if winners["high"] and winners["low"] else {
        "high": pot if winners["high"] else 0,
        "low": pot if winners["low"] else 0,
    }
    built: dict[str, Side] = {}
    for name, side_system in (("high", high), ("low", low)):
        ranks, best = sides[name], winners[name]
        order = _odd_order(
            entries, best, odd_chip, suit_order, lowest=name == "low", ace_low=name == "low" and _aces_low(low)
        )
        each, left = divmod(halves[name], len(best)) if best else (0, 0)
        built[name] = Side(
            "high" if name == "high" else "low",
            side_system.name if side_system is not None else "",
            MappingProxyType(dict(ranks)),
            best,
            ranks[best[0]] if best else None,
            halves[name],
            MappingProxyType({player: each + (1 if place < left else 0) for place, player in enumerate(order)}),
        )
    chips = {entry.player: sum(side.shares.get(entry.player, 0) for side in built.values()) for entry in entries}
    if sum(chips.values()) != pot:  # pragma: no cover - the arithmetic above guarantees it
        raise AssertionError(f"shares {chips} do not sum to the pot {pot}")
    return ShowdownResult(pot, built["high"], built["low"], MappingProxyType(chips))


def _checked_entries(entries: Sequence[Entry], has_low: bool) -> list[Entry]:
    if isinstance(entries, (str, bytes)) or not isinstance(entries, Sequence):
        raise ShowdownError("entries is a list of Entry(player, high=..., low=...)")
    checked = list(entries)
    if not checked:
        raise ShowdownError("a showdown needs at least one entry")
    seen: set[str] = set()
    for entry in checked:
        if not isinstance(entry, Entry):
            raise ShowdownError(f"each entry is an Entry(player, high=..., low=...); got {entry!r}")
        if not isinstance(entry.player, str) or not entry.player:
            raise ShowdownError(f"a player is named by a non-empty string; got {entry.player!r}")
        if entry.player in seen:
            raise ShowdownError(f"{entry.player!r} has two entries; enter both hands in one Entry")
        seen.add(entry.player)
        if entry.high is None and entry.low is None:
            raise ShowdownError(f"{entry.player!r} enters no hand (give high=..., low=... or both)")
        if entry.low is not None and not has_low:
            raise ShowdownError(f"{entry.player!r} enters a low hand but the pot has no low side (low=None)")
    return checked


def _own_cards(entry: Entry) -> tuple[Card, ...]:
    """The cards a player shows: both hands, once if they are the same cards."""
    high, low = entry.high or (), entry.low or ()
    if high == low or not low or (high and len(high) == len(low) and Counter(high) == Counter(low)):
        return high or low
    return high + low


def _check_cards(entries: list[Entry], board: tuple[Card, ...], decks: int) -> None:
    shown = {entry.player: _own_cards(entry) for entry in entries}
    count = Counter(board)
    for cards in shown.values():
        count.update(cards)
    for card, times in count.items():
        if times > decks:
            holders = ["the board"] if card in board else []
            holders += [player for player, cards in shown.items() if card in cards]
            limit = "once" if decks == 1 else "twice (two decks)"
            raise InvalidHandError(
                f"{card} is shown {times} times (by {', '.join(holders)}); a card can be shown only {limit}"
            )


def _ranks(entries: list[Entry], side: str, system: System, board: tuple[Card, ...]) -> dict[str, Rank]:
    ranks: dict[str, Rank] = {}
    for entry in entries:
        cards = entry.high if side == "high" else entry.low
        if cards is None:
            continue
        try:
            ranks[entry.player] = system.rank((*cards, *board))
        except DividedError as error:
            raise InvalidHandError(f"{entry.player}'s {side} hand: {error}") from None
    return ranks


def _best(ranks: Mapping[str, Rank], *, qualified: bool) -> tuple[str, ...]:
    """The players whose rank is the best (for low: among the qualifying ones)."""
    eligible = {player: rank for player, rank in ranks.items() if not qualified or rank.category.name != "NO_LOW"}
    if not eligible:
        return ()
    top = max(eligible.values())
    return tuple(player for player, rank in eligible.items() if rank == top)


def _aces_low(system: System | None) -> bool:
    """Whether the low system plays the ace low (all but deuce-to-seven)."""
    return system is not None and not system.name.startswith("27")


def _odd_order(
    entries: list[Entry],
    winners: tuple[str, ...],
    rule: OddChip,
    suit_order: SuitOrder,
    *,
    lowest: bool,
    ace_low: bool,
) -> tuple[str, ...]:
    """The winners in the order their odd chips go (first gets the first odd chip)."""
    seat = {entry.player: place for place, entry in enumerate(entries)}
    if rule == "seat":
        return tuple(sorted(winners, key=seat.__getitem__))
    by_player = {entry.player: entry for entry in entries}

    def best_cards_first(player: str) -> tuple[int, ...]:
        """The player's card keys, the card that takes the odd chip first, as an ascending sort key."""
        keys = [suit_order.key(card, ace_low=ace_low) for card in _own_cards(by_player[player]) if not card.is_joker]
        return tuple(sorted(keys)) if lowest else tuple(sorted(-key for key in keys))

    return tuple(sorted(winners, key=lambda player: (best_cards_first(player), seat[player])))
