"""The chips of one poker deal: forced bets, payments and betting rounds (poker-table.md T2-T8,
T10), as pure functions over a frozen :class:`Table`.

Amounts are whole chips. A bet is named by its *raise-to* total: the chips a seat has in front
of it in this round after the action (pokerkit and OpenSpiel's poker wrapper count the same way).
Nothing here knows cards, steps or variants: the poker rules (:mod:`divided.games.poker.rules`)
call these functions at their betting steps, and :mod:`divided.games.poker.pots` turns the
contributions into pots at the end.

Every function returns a new table; an illegal request raises
:class:`~divided.errors.IllegalActionError` naming the seat, what it asked and what it may do.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Structure(StrEnum):
    """How big a bet or raise may be (T4)."""

    FIXED = "fixed"
    POT = "pot"
    NO = "no"


class ShortAllIn(StrEnum):
    """What a fixed-limit all-in raise smaller than a full raise counts as (T7, option
    ``short-all-in``)."""

    FULL = "full"
    """Only a full raise reopens the betting and counts toward the cap."""
    HALF_BET = "half-bet"
    """An all-in raise of at least half the round's size counts as a full raise."""


@dataclass(frozen=True, slots=True)
class Limits:
    """The betting rules of a game under its options (they do not change during a deal)."""

    structure: Structure = Structure.FIXED
    cap: int = 4
    """Fixed limit: the bets and full raises a round allows (a bet and three raises)."""
    cap_heads_up: bool = True
    """Whether the cap holds when exactly two players are still in as the round starts
    (option ``cap-heads-up``: ``kept``)."""
    short_all_in: ShortAllIn = ShortAllIn.FULL


class Act(StrEnum):
    """What a seat does at its turn in a betting round."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    RAISE = "raise"
    """A bet, a raise or a stud completion, to the amount given (all-in for less included)."""
    BRING_IN = "bring-in"


@dataclass(frozen=True, slots=True)
class Options:
    """What the seat to act may do (T6, T7).

    ``call`` is the chips a call puts in (at most the stack: a call for less is all-in; 0 when
    there is nothing to call). ``raise_to`` is ``(smallest, largest)`` raise-to total, or
    ``None`` when no bet or raise is allowed; under fixed limit both ends are equal, or the
    largest is the seat's all-in when it cannot make the full size. ``bring_in`` is the amount
    of the bring-in when the seat may bring in instead of completing."""

    seat: int
    fold: bool
    check: bool
    call: int
    raise_to: tuple[int, int] | None
    bring_in: int | None = None


@dataclass(frozen=True, slots=True)
class Table:
    """The chips of one deal: stacks, contributions and the betting round under way.

    ``contributed`` counts every chip a seat put in this deal (T9), the bets in front of it
    included; ``bets`` are the chips in front of each seat in the current round. ``live`` marks
    the seats still in (dealt in and not folded). ``to_act`` is the seat whose turn it is, or -1
    when no betting round is under way (or the round is over and waits for
    :func:`close_round`).
    """

    stacks: tuple[int, ...]
    contributed: tuple[int, ...]
    bets: tuple[int, ...]
    live: tuple[bool, ...]
    to_act: int = -1
    size: int = 0
    """The round's bet size: the small or the big bet."""
    current: int = 0
    """The bet every seat still in must match."""
    full_raise: int = 0
    """The size of the last full bet or raise in this round (what the next raise must add, under
    pot and no limit; after a short all-in, what a full raise adds to the current bet)."""
    raises: int = 0
    """Bets and full raises so far in this round (the fixed-limit cap counts these)."""
    acted_at: tuple[int | None, ...] = ()
    """For each seat, the current bet when it last acted in this round (``None``: not yet).
    A seat that has acted may raise again only when the bet has since grown by a full raise."""
    bring_in: int = 0
    """While the bring-in is open: its amount (the seat to act may bring in or complete)."""
    capped: bool = True
    """Whether this round has a cap (fixed limit, not lifted heads-up)."""


def new_table(stacks: tuple[int, ...], dealt_in: tuple[bool, ...] | None = None) -> Table:
    """A deal's table before any chip goes in."""
    raise NotImplementedError


def post(table: Table, seat: int, amount: int, *, as_bet: bool = False) -> Table:
    """A compulsory payment (an ante, a forfeit, a blind when ``as_bet``), as far as the seat's
    stack goes (T7: the rest leaves it all-in). A blind is a bet of the coming round."""
    raise NotImplementedError


def pay(table: Table, seat: int, amount: int) -> Table:
    """A payment the seat chose (a paid draw, a fee, a bid): a contribution, never returned.
    Refused unless the seat can pay it in full (T7)."""
    raise NotImplementedError


def can_pay(table: Table, seat: int, amount: int) -> bool:
    """Whether ``seat`` could pay ``amount`` in full."""
    raise NotImplementedError


def open_round(table: Table, limits: Limits, size: int, first: int, *, bring_in: int = 0) -> Table:
    """Start a betting round of bet size ``size``; ``first`` is the seat that opens it (the
    first that can act from there, going left, acts). With ``bring_in`` the opener must bring in
    for that amount or complete to ``size`` (stud). The round is over at once (``to_act`` -1)
    when nobody has to act (T8). Blinds already posted stay as this round's bets."""
    raise NotImplementedError


def options(table: Table, limits: Limits) -> Options:
    """What the seat to act may do."""
    raise NotImplementedError


def act(table: Table, limits: Limits, seat: int, move: Act, amount: int | None = None) -> Table:
    """``seat`` acts: ``amount`` is the raise-to total for :attr:`Act.RAISE` (ignored
    otherwise). Refused (nothing changes) unless it is the seat's turn and the move is in its
    :func:`options`. When the round is over, ``to_act`` becomes -1."""
    raise NotImplementedError


def close_round(table: Table) -> Table:
    """End the round: the uncalled part of the largest bet goes back to its maker and out of
    its contribution (T10), the bets are cleared and no seat is to act."""
    raise NotImplementedError


def still_in(table: Table) -> tuple[int, ...]:
    """The seats not folded (dealt in), in seat order."""
    return tuple(seat for seat, live in enumerate(table.live) if live)


def can_act(table: Table) -> tuple[int, ...]:
    """The seats still in that have chips (they can still bet)."""
    return tuple(seat for seat, live in enumerate(table.live) if live and table.stacks[seat] > 0)
