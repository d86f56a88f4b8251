"""Pots from contributions and their division among awards (poker-table.md T9, T11, T12).

:func:`layers` cuts the deal's contributions into pots, each with the seats that may win it;
:func:`divide` shares one pot among a game's awards, given who won each award of that pot and
in which order tied winners receive odd chips. Which hands win is the showdown's business
(:mod:`divided.games.poker.showdown`): this module only moves chips.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from divided.errors import DividedError


@dataclass(frozen=True, slots=True)
class Pot:
    """One layer of the chips put in: its amount and the seats that may win it, in seat order."""

    amount: int
    eligible: tuple[int, ...]


def layers(
    contributed: Sequence[int],
    live: Sequence[bool],
    carried: int = 0,
    *,
    all_in: Sequence[bool] | None = None,
) -> tuple[Pot, ...]:
    """The pots (T9): cut at the total contribution of each seat still in that is all-in below
    the top (lowest first); a layer holds every seat's chips between the previous cut and its
    own, folded seats' included; ``carried`` chips from an earlier deal join the lowest layer.
    A seat still in may win every layer up to its own total. Layers nobody may win are merged
    into the layer below them (chips of folded seats above every live seat's total).

    Without ``all_in`` every seat still in counts as all-in at its total (right when the seats
    still in that are not all-in have matched each other). With it, only the all-in seats cut,
    and a seat that is not all-in may win every layer even below its total (it paid less for a
    draw, say).

    The example of T9: A (all-in), B and C put in 7, 20 and 20.

    >>> layers((7, 20, 20), (True, True, True), all_in=(True, False, False))
    (Pot(amount=21, eligible=(0, 1, 2)), Pot(amount=26, eligible=(1, 2)))
    >>> layers((5, 10, 10), (False, True, True), carried=3)
    (Pot(amount=28, eligible=(1, 2)),)
    """
    seats = len(contributed)
    if len(live) != seats or (all_in is not None and len(all_in) != seats):
        raise DividedError(f"contributions, live flags and all-in flags must cover the same {seats} seats")
    for seat, chips in enumerate((*contributed, carried)):
        if isinstance(chips, bool) or not isinstance(chips, int) or chips < 0:
            what = "carried chips" if seat == seats else f"seat {seat}'s contribution"
            raise DividedError(f"{what} must be whole chips >= 0, not {chips!r}")
    in_hand = [seat for seat in range(seats) if live[seat]]
    if not in_hand:
        raise DividedError("no seat is still in: nobody can win the pot")
    capped = [seat for seat in in_hand if all_in is None or all_in[seat]]
    cuts = sorted({contributed[seat] for seat in capped})
    top = max(contributed)
    if all_in is not None and len(capped) < len(in_hand):
        cuts.append(top)
    pots: list[Pot] = []
    floor = 0
    for cut in cuts:
        amount = sum(min(chips, cut) - min(chips, floor) for chips in contributed)
        eligible = tuple(seat for seat in in_hand if seat not in capped or contributed[seat] >= cut)
        floor = cut
        if amount == 0 and pots:
            continue
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
    above = sum(chips - min(chips, floor) for chips in contributed)
    last = pots.pop()
    pots.append(Pot(last.amount + above, last.eligible))
    first = pots[0]
    pots[0] = Pot(first.amount + carried, first.eligible)
    return tuple(pot for pot in pots if pot.amount > 0 or len(pots) == 1)


@dataclass(frozen=True, slots=True)
class AwardWinners:
    """Who won one award of one pot: ``winners`` in the order odd chips go to them (T11: by the
    deciding card or by seat, as the caller ordered them); empty when nobody can win it (a low
    that fails its qualifier). ``share`` is the award's weight (1 for each half of a high-low
    pot; 60/30/10 for places). ``split``, when given, divides the award's chips among its winners
    (in their order) in place of equal shares (places, AF7); it must hand out exactly the amount."""

    winners: tuple[int, ...]
    share: int = 1
    split: Callable[[int], tuple[int, ...]] | None = None


def shares(pot: Pot, awards: Sequence[AwardWinners]) -> tuple[tuple[int, ...], ...]:
    """Per award, the chips each of its winners gets from ``pot`` (in the winners' order), as
    :func:`divide` counts them (its arguments are assumed checked by it).

    >>> shares(Pot(30, (0, 1, 2)), (AwardWinners((1,)), AwardWinners((0, 2))))
    ((15,), (8, 7))
    """
    won = [award for award in awards if award.winners]
    if not won:
        return tuple(() for _ in awards)
    amount = pot.amount
    weight = sum(award.share for award in won)
    amounts = [amount * award.share // weight for award in won]
    amounts[0] += amount - sum(amounts)
    out: list[tuple[int, ...]] = []
    given = 0
    for award in awards:
        winners = award.winners
        if not winners:
            out.append(())
        elif award.split is not None:
            out.append(award.split(amounts[given]))
            given += 1
        elif len(winners) == 1:
            out.append((amounts[given],))
            given += 1
        else:
            each, odd = divmod(amounts[given], len(winners))
            out.append(tuple(each + 1 if place < odd else each for place in range(len(winners))))
            given += 1
    return tuple(out)


def divide(pot: Pot, awards: Sequence[AwardWinners], seats: int) -> tuple[int, ...]:
    """Each seat's chips from ``pot`` (T11): each award takes its share rounded down, the chips
    left over going to the first award that has winners; an award without winners passes its
    share to the others; tied winners split an award equally and its odd chips go one at a
    time in the winners' order. The result sums to ``pot.amount``.

    The example of T11: a pot of 30, B (seat 1) alone wins high, A and C (seats 0 and 2) tie
    for low and A's card gets the odd chip.

    >>> divide(Pot(30, (0, 1, 2)), (AwardWinners((1,)), AwardWinners((0, 2))), 3)
    (8, 15, 7)
    """
    for award in awards:
        if isinstance(award.share, bool) or not isinstance(award.share, int) or award.share < 1:
            raise DividedError(f"an award's share must be a whole number >= 1, not {award.share!r}")
        for seat in award.winners:
            if seat not in pot.eligible:
                raise DividedError(f"seat {seat!r} cannot win this pot: it may be won by {pot.eligible}")
        if len(set(award.winners)) != len(award.winners):
            raise DividedError(f"an award names a winner twice: {award.winners}")
    won = [award for award in awards if award.winners]
    if not won:
        raise DividedError("nobody wins any award of this pot")
    weight = sum(award.share for award in won)
    amounts = [pot.amount * award.share // weight for award in won]
    amounts[0] += pot.amount - sum(amounts)
    chips = [0] * seats
    for award, amount in zip(won, amounts, strict=True):
        if award.split is not None:
            for seat, chips_won in zip(award.winners, award.split(amount), strict=True):
                chips[seat] += chips_won
            continue
        each, odd = divmod(amount, len(award.winners))
        for place, seat in enumerate(award.winners):
            chips[seat] += each + (1 if place < odd else 0)
    return tuple(chips)
