"""The chips of one poker deal: forced bets, payments and betting rounds (poker-table.md T2-T8,
T10), as pure functions over a frozen :class:`Table`.

Amounts are whole chips. A bet is named by its *raise-to* total: the chips a seat has in front
of it in this round after the action (pokerkit and OpenSpiel's poker wrapper count the same way).
Nothing here knows cards, steps or variants: the poker rules (:mod:`divided.games.poker.rules`)
call these functions at their betting steps, and :mod:`divided.games.poker.pots` turns the
contributions into pots at the end.

Every function returns a new table; an illegal request raises
:class:`~divided.errors.IllegalActionError` naming the seat, what it asked and what it may do.

Readings of the rulings worth knowing: a full big blind is the round's bet toward the cap (T3,
T4); a short all-in (a bet or raise below a full one, blinds included) neither reopens the
betting for seats that already acted nor counts toward the cap, and a seat that acted may raise
again once the bet has grown by a full raise since it last acted (T7); a seat that has matched
the bet but not yet acted keeps its turn even when checking is all it may do (T6); under pot
and no limit a completion of the bring-in is exactly the small bet (T3).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from divided.errors import IllegalActionError, NotYourTurnError
from divided.games.frozen_builder import evolver

_T = TypeVar("_T")


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
    ``None`` when no bet or raise is allowed; under fixed limit, and for a completion, both
    ends are equal; both are the seat's all-in when it cannot make the smallest. ``bring_in``
    is the amount of the bring-in when the seat may bring in instead of completing."""

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
    """The round's bet size: the small or the big bet (0 between rounds)."""
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
    completing: bool = False
    """While the bring-in stands uncompleted: the next full bet completes it to ``size``
    (T3); a completion counts as the round's bet."""


evolve_table = evolver(Table)
"""A copy of a :class:`Table` with some fields changed (fast ``dataclasses.replace``)."""


def new_table(stacks: tuple[int, ...], dealt_in: tuple[bool, ...] | None = None) -> Table:
    """A deal's table before any chip goes in.

    >>> table = new_table((200, 150, 3))
    >>> table.stacks, table.contributed, still_in(table)
    ((200, 150, 3), (0, 0, 0), (0, 1, 2))
    """
    stacks = tuple(stacks)
    if len(stacks) < 2:
        raise IllegalActionError(f"a table needs at least two seats, not {len(stacks)}")
    for seat, stack in enumerate(stacks):
        if not _is_chips(stack):
            raise IllegalActionError(f"seat {seat}'s stack must be a whole number of chips >= 0, not {stack!r}")
    live = tuple(True for _ in stacks) if dealt_in is None else tuple(dealt_in)
    if len(live) != len(stacks) or not all(isinstance(flag, bool) for flag in live):
        raise IllegalActionError(f"dealt_in must give a bool for each of the {len(stacks)} seats")
    zeros = tuple(0 for _ in stacks)
    return Table(stacks, zeros, zeros, live, acted_at=tuple(None for _ in stacks))


def post(table: Table, seat: int, amount: int, *, as_bet: bool = False) -> Table:
    """A compulsory payment (an ante, a forfeit, a blind when ``as_bet``), as far as the seat's
    stack goes (T7: the rest leaves it all-in). A blind is a bet of the coming round.

    >>> post(new_table((5, 1)), 1, 2, as_bet=True).bets
    (0, 1)
    """
    _check_seat(table, seat, "post")
    _check_amount(seat, "post", amount)
    if as_bet and table.to_act != -1:
        raise IllegalActionError(f"seat {seat} cannot post a blind of {amount}: a betting round is under way")
    paid = min(amount, table.stacks[seat])
    return evolve_table(
        table,
        stacks=_add(table.stacks, seat, -paid),
        contributed=_add(table.contributed, seat, paid),
        bets=_add(table.bets, seat, paid) if as_bet else table.bets,
    )


def pay(table: Table, seat: int, amount: int) -> Table:
    """A payment the seat chose (a paid draw, a fee, a bid): a contribution, never returned.
    Refused unless the seat can pay it in full (T7).

    >>> pay(new_table((5, 5)), 0, 2).contributed
    (2, 0)
    """
    _check_seat(table, seat, "pay")
    _check_amount(seat, "pay", amount)
    if amount > table.stacks[seat]:
        raise IllegalActionError(
            f"seat {seat} cannot pay {amount}: it has {table.stacks[seat]} chips"
            " (a chosen payment must be paid in full)"
        )
    return evolve_table(
        table,
        stacks=_add(table.stacks, seat, -amount),
        contributed=_add(table.contributed, seat, amount),
    )


def can_pay(table: Table, seat: int, amount: int) -> bool:
    """Whether ``seat`` could pay ``amount`` in full.

    >>> can_pay(new_table((5, 5)), 0, 6)
    False
    """
    return (
        _is_chips(amount)
        and isinstance(seat, int)
        and not isinstance(seat, bool)
        and 0 <= seat < len(table.stacks)
        and table.live[seat]
        and amount <= table.stacks[seat]
    )


def open_round(table: Table, limits: Limits, size: int, first: int, *, bring_in: int = 0) -> Table:
    """Start a betting round of bet size ``size``; ``first`` is the seat that opens it (the
    first that can act from there, going left, acts). With ``bring_in`` the opener must bring in
    for that amount or complete to ``size`` (stud). The round is over at once (``to_act`` -1)
    when nobody has to act (T8). Blinds already posted stay as this round's bets; a full big
    blind counts as the round's bet (toward the cap).

    >>> table = post(post(new_table((50, 50, 50)), 1, 1, as_bet=True), 2, 2, as_bet=True)
    >>> table = open_round(table, Limits(), 2, 0)
    >>> table.to_act, table.current, options(table, Limits()).raise_to
    (0, 2, (4, 4))
    """
    if table.to_act != -1:
        raise IllegalActionError(f"a betting round is already under way (seat {table.to_act} to act)")
    if table.size:
        raise IllegalActionError("the previous betting round must be closed (close_round) before the next opens")
    if not _is_chips(size) or size < 1:
        raise IllegalActionError(f"the round's bet size must be a whole number of chips >= 1, not {size!r}")
    if not _is_chips(bring_in) or bring_in >= size:
        raise IllegalActionError(f"the bring-in must be whole chips below the bet size {size}, not {bring_in!r}")
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < len(table.stacks):
        raise IllegalActionError(f"there is no seat {first!r} to open the round")
    if bring_in and any(table.bets):
        raise IllegalActionError("a round with a bring-in cannot also have blinds")
    current = max(table.bets)
    capped = limits.structure is Structure.FIXED and (limits.cap_heads_up or len(still_in(table)) != 2)
    opened = evolve_table(
        table,
        size=size,
        current=current,
        full_raise=size,
        raises=1 if current >= size else 0,
        acted_at=tuple(None for _ in table.stacks),
        bring_in=bring_in,
        completing=bring_in > 0,
        capped=capped,
    )
    actors = can_act(opened)
    owing = any(opened.bets[seat] < current for seat in actors)
    if len(still_in(opened)) < 2 or (len(actors) < 2 and not owing):
        return evolve_table(opened, to_act=-1, bring_in=0, completing=False)
    return evolve_table(opened, to_act=_next_actor(opened, first - 1))


def options(table: Table, limits: Limits) -> Options:
    """What the seat to act may do.

    >>> table = open_round(new_table((10, 3)), Limits(structure=Structure.NO), 2, 0)
    >>> options(act(table, Limits(structure=Structure.NO), 0, Act.RAISE, 4), Limits(structure=Structure.NO))
    Options(seat=1, fold=True, check=False, call=3, raise_to=None, bring_in=None)
    """
    last = _LAST[0]
    if last is not None and last[0] is table and last[1] is limits:  # asked again (legal, then apply)
        return last[2]
    seat = table.to_act
    if seat == -1:
        raise IllegalActionError("no betting round is under way: nobody is to act")
    stack, bet = table.stacks[seat], table.bets[seat]
    if table.bring_in:
        found = Options(seat, False, False, 0, _raise_range(table, limits), min(table.bring_in, stack))
    else:
        call = min(stack, table.current - bet)
        found = Options(seat, call > 0, call == 0, call, _raise_range(table, limits))
    _LAST[0] = (table, limits, found)  # one assignment: a reader sees a whole triple
    return found


_LAST: list[tuple[Table, Limits, Options] | None] = [None]
"""The last table and limits :func:`options` answered, with its answer: tables are frozen and
holding the last one keeps its identity from being reused, so the same objects mean the same
answer."""


def act(table: Table, limits: Limits, seat: int, move: Act, amount: int | None = None) -> Table:
    """``seat`` acts: ``amount`` is the raise-to total for :attr:`Act.RAISE` (ignored
    otherwise). Refused (nothing changes) unless it is the seat's turn and the move is in its
    :func:`options`. When the round is over, ``to_act`` becomes -1.

    >>> table = open_round(new_table((10, 10)), Limits(), 2, 0)
    >>> act(table, Limits(), 0, Act.FOLD)
    Traceback (most recent call last):
    ...
    divided.errors.IllegalActionError: seat 0 cannot fold: nothing to call; it may check or bet 2
    """
    if table.to_act == -1:
        raise IllegalActionError(f"seat {seat!r} cannot act: no betting round is under way")
    if isinstance(seat, bool) or not isinstance(seat, int) or seat != table.to_act:
        raise NotYourTurnError(f"seat {seat!r} cannot act: it is seat {table.to_act}'s turn")
    if not isinstance(move, Act):
        raise IllegalActionError(f"seat {seat} cannot {move!r}: not a betting move; it may {_describe(table, limits)}")
    allowed = options(table, limits)
    refusal = f"seat {seat} cannot {_name(move, amount)}"
    if move is Act.FOLD:
        if not allowed.fold:
            raise IllegalActionError(f"{refusal}: nothing to call; it may {_describe(table, limits)}")
        return _after(evolve_table(table, live=_put(table.live, seat, False)), seat)
    if move is Act.CHECK:
        if not allowed.check or allowed.bring_in is not None:
            raise IllegalActionError(f"{refusal}: it faces a bet; it may {_describe(table, limits)}")
        return _after(_acted(table, seat), seat)
    if move is Act.CALL:
        if allowed.call == 0:
            raise IllegalActionError(f"{refusal}: nothing to call; it may {_describe(table, limits)}")
        return _after(_acted(_put_in(table, seat, allowed.call), seat), seat)
    if move is Act.BRING_IN:
        if allowed.bring_in is None:
            raise IllegalActionError(f"{refusal}: there is no bring-in to make; it may {_describe(table, limits)}")
        brought = _put_in(table, seat, allowed.bring_in)
        brought = evolve_table(brought, current=brought.bets[seat], bring_in=0)
        return _after(_acted(brought, seat), seat)
    if allowed.raise_to is None:
        raise IllegalActionError(f"{refusal}: it may not bet or raise now; it may {_describe(table, limits)}")
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise IllegalActionError(f"{refusal}: the raise-to amount must be whole chips; it may {_describe(table, limits)}")
    low, high = allowed.raise_to
    if not low <= amount <= high:
        raise IllegalActionError(f"{refusal}: out of range; it may {_describe(table, limits)}")
    return _after(_raise(table, limits, seat, amount), seat)


def close_round(table: Table) -> Table:
    """End the round: the uncalled part of the largest bet goes back to its maker and out of
    its contribution (T10), the bets are cleared and no seat is to act.

    >>> table = open_round(new_table((10, 10)), Limits(), 2, 0)
    >>> table = act(act(table, Limits(), 0, Act.RAISE, 2), Limits(), 1, Act.FOLD)
    >>> close_round(table).stacks
    (10, 10)
    """
    if table.to_act != -1:
        raise IllegalActionError(f"the betting round is still under way: seat {table.to_act} is to act")
    stacks, contributed = table.stacks, table.contributed
    ordered = sorted(table.bets, reverse=True)
    top = ordered[0] if ordered else 0
    if top > 0 and table.bets.count(top) == 1:
        maker = table.bets.index(top)
        uncalled = top - ordered[1]
        stacks = _add(stacks, maker, uncalled)
        contributed = _add(contributed, maker, -uncalled)
    return evolve_table(
        table,
        stacks=stacks,
        contributed=contributed,
        bets=tuple(0 for _ in table.bets),
        to_act=-1,
        size=0,
        current=0,
        full_raise=0,
        raises=0,
        acted_at=tuple(None for _ in table.stacks),
        bring_in=0,
        completing=False,
    )


def min_raise_to(table: Table) -> int:
    """The raise-to total of a full bet or raise now (before the seat's stack caps it): the
    completion while the bring-in stands, else the current bet plus the last full raise (T4, T7)."""
    return table.size if table.completing else table.current + table.full_raise


def can_reopen(table: Table, seat: int) -> bool:
    """Whether ``seat`` may still bet or raise by the short all-in rule (T7): it has not acted
    since the last full raise, or the bet has grown by a full raise since it last acted."""
    acted_at = table.acted_at[seat]
    return acted_at is None or table.current - acted_at >= table.full_raise


def _raise_range(table: Table, limits: Limits) -> tuple[int, int] | None:
    seat = table.to_act
    all_in = table.stacks[seat] + table.bets[seat]
    if all_in <= table.current:
        return None
    if table.capped and table.raises >= limits.cap:
        return None
    if not can_reopen(table, seat):
        return None
    answerers = (
        other
        for other in still_in(table)
        if other != seat and table.stacks[other] + table.bets[other] > table.current
    )
    if next(answerers, None) is None:
        return None
    low = min(min_raise_to(table), all_in)
    if limits.structure is Structure.FIXED or table.completing:
        return low, low
    if limits.structure is Structure.NO:
        return low, all_in
    pot_after_call = sum(table.contributed) + table.current - table.bets[seat]
    return low, min(all_in, max(low, table.current + pot_after_call))


def _raise(table: Table, limits: Limits, seat: int, amount: int) -> Table:
    """Put the seat's bet up to ``amount`` and decide whether it was a full bet or raise."""
    increase = amount - table.current
    needed = min_raise_to(table) - table.current
    full = increase >= needed or (
        limits.structure is Structure.FIXED
        and limits.short_all_in is ShortAllIn.HALF_BET
        and 2 * increase >= table.size
    )
    raised = _put_in(table, seat, amount - table.bets[seat])
    if full:
        others_reopened = tuple(None if other != seat else amount for other in range(len(table.stacks)))
        fixed_size = table.completing or limits.structure is Structure.FIXED
        raised = evolve_table(
            raised,
            current=amount,
            full_raise=table.size if fixed_size else increase,
            raises=table.raises + 1,
            acted_at=others_reopened,
        )
    else:
        raised = _acted(evolve_table(raised, current=amount), seat)
    return evolve_table(raised, bring_in=0, completing=False)


def _after(table: Table, seat: int) -> Table:
    """Pass the turn left to the next seat that must act, or end the round."""
    if len(still_in(table)) < 2:
        return evolve_table(table, to_act=-1)
    return evolve_table(table, to_act=_next_actor(table, seat))


def _next_actor(table: Table, seat: int) -> int:
    """The first seat left of ``seat`` that can act and has not answered the current bet."""
    seats = len(table.stacks)
    for step in range(1, seats + 1):
        other = (seat + step) % seats
        if (
            table.live[other]
            and table.stacks[other] > 0
            and (table.acted_at[other] is None or table.bets[other] < table.current)
        ):
            return other
    return -1


def _acted(table: Table, seat: int) -> Table:
    return evolve_table(table, acted_at=_put(table.acted_at, seat, table.current))


def _put_in(table: Table, seat: int, chips: int) -> Table:
    return evolve_table(
        table,
        stacks=_add(table.stacks, seat, -chips),
        contributed=_add(table.contributed, seat, chips),
        bets=_add(table.bets, seat, chips),
    )


def _describe(table: Table, limits: Limits) -> str:
    """The seat's options in words, for error messages."""
    allowed = options(table, limits)
    words = []
    if allowed.bring_in is not None:
        words.append(f"bring in for {allowed.bring_in}")
    if allowed.fold:
        words.append("fold")
    if allowed.check and allowed.bring_in is None:
        words.append("check")
    if allowed.call:
        all_in = " (all-in)" if allowed.call == table.stacks[allowed.seat] else ""
        words.append(f"call {allowed.call}{all_in}")
    if allowed.raise_to is not None:
        low, high = allowed.raise_to
        verb = "complete to" if table.completing else ("raise to" if table.current else "bet")
        words.append(f"{verb} {low}" if low == high else f"{verb} {low} to {high}")
    return " or ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " or " + words[-1]


def _name(move: Act, amount: int | None) -> str:
    return f"raise to {amount!r}" if move is Act.RAISE else str(move.value)


def _check_seat(table: Table, seat: int, verb: str) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.stacks):
        raise IllegalActionError(f"there is no seat {seat!r} to {verb}")
    if not table.live[seat]:
        raise IllegalActionError(f"seat {seat} cannot {verb}: it is not in the deal")


def _check_amount(seat: int, verb: str, amount: int) -> None:
    if not _is_chips(amount):
        raise IllegalActionError(f"seat {seat} cannot {verb} {amount!r}: amounts are whole chips >= 0")


def _is_chips(amount: object) -> bool:
    return isinstance(amount, int) and not isinstance(amount, bool) and amount >= 0


def _add(values: tuple[int, ...], seat: int, chips: int) -> tuple[int, ...]:
    return (*values[:seat], values[seat] + chips, *values[seat + 1:])


def _put(values: tuple[_T, ...], seat: int, value: _T) -> tuple[_T, ...]:
    return (*values[:seat], value, *values[seat + 1:])

def still_in(table: Table) -> tuple[int, ...]:
    """The seats not folded (dealt in), in seat order."""
    return tuple(seat for seat, live in enumerate(table.live) if live)


def can_act(table: Table) -> tuple[int, ...]:
    """The seats still in that have chips (they can still bet)."""
    return tuple(seat for seat, live in enumerate(table.live) if live and table.stacks[seat] > 0)
