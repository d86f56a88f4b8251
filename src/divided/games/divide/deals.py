"""Where the cards a player cannot see are now: exact counting and uniform constrained sampling.

**What is counted** (Divided Ranks' ruling R7 read for DIVIDE: "every consistent deal counts
once"): the *current placements* of the unseen cards, each placement consistent with the view
counted once. The places are each other player's hand (its size is public), each other
player's face-down commit before Trick 1 is flipped, the two cards a player has passed while
the pass phase is still under way (they have left the giver's hand and not yet reached anyone),
and the cards not dealt this round (16 with four players; during the deal, every card not dealt
yet). The constraints are the voids shown by failing to follow this round (a voided hand holds
no card of that suit; a Joker is never excluded) and the cards the viewer knows to be in a hand
(the cards they passed, until played), which are placed beforehand and are not unseen.

**What that assumes**: nothing about how players choose. Other players' hidden choices (what
they committed, what they passed, what they kept to play later) are not weighted by any model
of play: a placement that a sensible player would rarely reach counts as much as any other. Past
rounds do not enter: every round is dealt afresh.

Under these constraints the cards of one suit are exchangeable (and the Jokers form a group of
their own), so the count is a sum over how many cards of each group go to each place of
products of multinomial coefficients, computed exactly by a dynamic programme over the groups.
Places with the same constraint are pooled into one class (a class of total size ``C`` made of
places of sizes ``c_i`` splits any ``C`` cards in ``C! / prod(c_i!)`` ways, whichever cards
they are). :meth:`Deals.probabilities` gives every unseen card the exact probability of each
place; :meth:`Deals.sample` draws a placement uniformly (group by group from the programme,
then a shuffle within each group and each class): no rejection.

>>> deals = Deals(0b1111, (Place("player 1's hand", 1, "hand", 2, voids=0b0001),
...                        Place("undealt", -1, "undealt", 2)))
>>> deals.count  # the one spade (card 0) cannot be in the hand: C(3, 2) hands of the rest
3
>>> deals.probabilities()[0]["undealt"]
Fraction(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import factorial, prod
from typing import Protocol, TypeVar

from divided.cards import mask_indices
from divided.games.divide.actions import pass_cards
from divided.games.divide.history import History, read_history
from divided.games.divide.rules import DECK_MASKS
from divided.games.divide.state import Phase
from divided.games.divide.view import PlayerView

T = TypeVar("T")


class Draws(Protocol):
    """The methods of :class:`random.Random` the sampling uses."""

    def sample(self, population: Sequence[T], k: int) -> list[T]: ...

    def randrange(self, stop: int, /) -> int: ...

    def shuffle(self, x: list[T], /) -> None: ...


GROUPS = 5
"""Groups of exchangeable cards: the four suits (s h d c) and the Jokers."""
UNDEALT = "undealt"


def group_of(card: int) -> int:
    """The suit of a ranked card, 4 for a Joker."""
    return 4 if card >= 52 else card % 4


def hand_place(seat: int) -> str:
    return f"player {seat}'s hand"


def commit_place(seat: int) -> str:
    return f"player {seat}'s commit"


def pass_place(seat: int, side: str) -> str:
    """A card passed ``side`` ("left" or "right") still in transit."""
    return f"player {seat}'s pass {side}"


@dataclass(frozen=True, slots=True)
class Place:
    """Somewhere unseen cards can be: ``size`` of them; ``voids`` is a mask of the suits it
    cannot hold (bit ``s`` for suit ``s``). ``kind``: hand, commit, pass-left, pass-right or
    undealt; ``seat`` -1 for the undealt cards."""

    name: str
    seat: int
    kind: str
    size: int
    voids: int = 0


def _compositions(total: int, limits: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as a sum of len(limits) parts, part ``k`` at most limits[k]."""
    if not limits:
        if total == 0:
            yield ()
        return
    rest = sum(limits[1:])
    for first in range(max(0, total - rest), min(total, limits[0]) + 1):
        for tail in _compositions(total - first, limits[1:]):
            yield (first, *tail)


@dataclass
class Deals:
    """The placements of the unseen cards (a mask) into ``places`` (see the module text). A view
    with no consistent placement raises :class:`ValueError`."""

    unseen: int
    places: tuple[Place, ...]
    _classes: list[tuple[int, list[int]]] = field(init=False)  # (allowed groups, place indices)
    _groups: list[list[int]] = field(init=False)  # the unseen cards of each group
    _caps: tuple[int, ...] = field(init=False)
    _choices: dict[tuple[int, tuple[int, ...]], tuple[list[tuple[int, ...]], list[int]]] = field(init=False)
    _memo: dict[tuple[int, tuple[int, ...]], int] = field(init=False)
    count: int = field(init=False)
    """How many placements are consistent with the view."""

    def __post_init__(self) -> None:
        if sum(p.size for p in self.places) != self.unseen.bit_count():
            raise ValueError(f"inconsistent view: {self.unseen.bit_count()} unseen cards for "
                             f"{sum(p.size for p in self.places)} places")
        signatures: dict[int, int] = {}
        classes: list[tuple[int, list[int]]] = []
        for index, place in enumerate(self.places):
            if not place.size:
                continue
            allowed = (~place.voids & 0b1111) | 0b10000
            if allowed not in signatures:
                signatures[allowed] = len(classes)
                classes.append((allowed, []))
            classes[signatures[allowed]][1].append(index)
        self._classes = classes
        self._caps = tuple(sum(self.places[i].size for i in members) for _, members in classes)
        self._groups = [[] for _ in range(GROUPS)]
        for card in mask_indices(self.unseen):
            self._groups[group_of(card)].append(card)
        self._choices = {}
        self._memo = {}
        splits = prod(factorial(cap) // prod(factorial(self.places[i].size) for i in members)
                      for cap, (_, members) in zip(self._caps, classes, strict=True))
        self.count = self._ways(0, self._caps) * splits
        if not self.count:
            raise ValueError("inconsistent view: no placement of the unseen cards fits the voids")

    def _limits(self, group: int, caps: tuple[int, ...]) -> list[int]:
        return [cap if allowed >> group & 1 else 0 for cap, (allowed, _) in zip(caps, self._classes, strict=True)]

    def _ways(self, group: int, caps: tuple[int, ...]) -> int:
        """Ways to place groups ``group``.. into classes with ``caps`` free (cards distinct,
        places within a class pooled)."""
        if group == GROUPS:
            return 1 if not any(caps) else 0
        found = self._memo.get((group, caps))
        if found is not None:
            return found
        size = len(self._groups[group])
        total = 0
        for split in _compositions(size, self._limits(group, caps)):
            rest = tuple(c - x for c, x in zip(caps, split, strict=True))
            total += _multinomial(size, split) * self._ways(group + 1, rest)
        self._memo[(group, caps)] = total
        return total

    def _options(self, group: int, caps: tuple[int, ...]) -> tuple[list[tuple[int, ...]], list[int]]:
        key = (group, caps)
        found = self._choices.get(key)
        if found is None:
            size = len(self._groups[group])
            splits: list[tuple[int, ...]] = []
            cumulative: list[int] = []
            running = 0
            for split in _compositions(size, self._limits(group, caps)):
                rest = tuple(c - x for c, x in zip(caps, split, strict=True))
                weight = _multinomial(size, split) * self._ways(group + 1, rest)
                if weight:
                    running += weight
                    splits.append(split)
                    cumulative.append(running)
            found = (splits, cumulative)
            self._choices[key] = found
        return found

    def sample(self, rng: Draws) -> dict[str, int]:
        """A placement drawn uniformly: each place's cards (a mask)."""
        caps = self._caps
        pooled: list[list[int]] = [[] for _ in self._classes]
        for group in range(GROUPS):
            cards = self._groups[group]
            if not cards:
                continue
            splits, cumulative = self._options(group, caps)
            pick = rng.randrange(cumulative[-1])
            low, high = 0, len(cumulative) - 1
            while low < high:  # the first cumulative weight above pick
                middle = (low + high) // 2
                if cumulative[middle] > pick:
                    high = middle
                else:
                    low = middle + 1
            split = splits[low]
            shuffled = rng.sample(cards, len(cards))
            start = 0
            for k, x in enumerate(split):
                pooled[k].extend(shuffled[start:start + x])
                start += x
            caps = tuple(c - x for c, x in zip(caps, split, strict=True))
        out = {place.name: 0 for place in self.places}
        for (_, members), cards in zip(self._classes, pooled, strict=True):
            rng.shuffle(cards)
            start = 0
            for index in members:
                place = self.places[index]
                for card in cards[start:start + place.size]:
                    out[place.name] |= 1 << card
                start += place.size
        return out

    def probabilities(self) -> dict[int, dict[str, Fraction]]:
        """For every unseen card, the exact probability of each place it can be in (places with
        probability 0 left out)."""
        expected = self._expected()
        out: dict[int, dict[str, Fraction]] = {}
        for group, cards in enumerate(self._groups):
            if not cards:
                continue
            odds: dict[str, Fraction] = {}
            for k, (_, members) in enumerate(self._classes):
                share = Fraction(expected[group][k], len(cards) * self.count_pooled)
                if not share:
                    continue
                for index in members:
                    place = self.places[index]
                    odds[place.name] = share * Fraction(place.size, self._caps[k])
            for card in cards:
                out[card] = dict(odds)
        return out

    @property
    def count_pooled(self) -> int:
        """Placements with the places of one class pooled (the programme's total)."""
        return self._ways(0, self._caps)

    def _expected(self) -> list[list[int]]:
        """``expected[g][k]``: the number of cards of group ``g`` in class ``k`` summed over the
        pooled placements (divide by :attr:`count_pooled` for the mean)."""
        forward: dict[tuple[int, ...], int] = {self._caps: 1}
        sums = [[0] * len(self._classes) for _ in range(GROUPS)]
        for group in range(GROUPS):
            size = len(self._groups[group])
            nxt: dict[tuple[int, ...], int] = {}
            for caps, ways_before in forward.items():
                for split in _compositions(size, self._limits(group, caps)):
                    rest = tuple(c - x for c, x in zip(caps, split, strict=True))
                    weight = ways_before * _multinomial(size, split)
                    after = self._ways(group + 1, rest)
                    if not after:
                        continue
                    for k, x in enumerate(split):
                        sums[group][k] += x * weight * after
                    nxt[rest] = nxt.get(rest, 0) + weight
            forward = nxt
        return sums


def _multinomial(total: int, parts: Sequence[int]) -> int:
    out = factorial(total)
    for part in parts:
        out //= factorial(part)
    return out


@dataclass(frozen=True, slots=True)
class Unseen:
    """What ``view``'s player cannot see, read once: the unseen cards and their places, and the
    cards known to be in other hands (``known[s]``)."""

    cards: int
    places: tuple[Place, ...]
    known: Mapping[int, int]
    past: History


def unseen_of(view: PlayerView, past: History | None = None) -> Unseen:
    """The unseen cards and places of a player's view (a spectator's: every hand is a place)."""
    past = past if past is not None else read_history(view)
    n = view.num_players
    me = view.player
    current = past.current
    seen = current.played_cards
    if me is not None:
        seen |= view.hand
        if view.commit >= 0:
            seen |= 1 << view.commit
        if view.my_pass >= 0:
            left, right = pass_cards(view.my_pass)
            seen |= 1 << left | 1 << right
    known = dict(past.known_in_hand)
    for mask in known.values():
        seen |= mask
    started = view.phase not in (Phase.DEALER,) and view.dealer >= 0
    deck = DECK_MASKS[n]
    unseen = deck & ~seen
    places: list[Place] = []
    if started:
        flipped = view.trick >= 1
        in_pass = view.phase == Phase.PASS
        for seat in range(n):
            if seat == me:
                continue
            size = view.hand_sizes[seat] - known.get(seat, 0).bit_count()
            places.append(Place(hand_place(seat), seat, "hand", size, current.voids[seat]))
            if view.committed[seat] and not flipped:
                places.append(Place(commit_place(seat), seat, "commit", 1))
            if in_pass and view.passed[seat]:
                places.append(Place(pass_place(seat, "left"), seat, "pass-left", 1))
                places.append(Place(pass_place(seat, "right"), seat, "pass-right", 1))
    rest = unseen.bit_count() - sum(p.size for p in places)
    if rest < 0:
        raise ValueError(f"inconsistent view: {unseen.bit_count()} unseen cards for {rest + unseen.bit_count()} "
                         "places")
    places.append(Place(UNDEALT, -1, "undealt", rest))
    return Unseen(unseen, tuple(places), known, past)


def deals_of(view: PlayerView) -> tuple[Deals, Unseen]:
    """The placements of ``view``'s unseen cards (:class:`ValueError` if there are none)."""
    unseen = unseen_of(view)
    return Deals(unseen.cards, unseen.places), unseen


__all__ = ["GROUPS", "UNDEALT", "Deals", "Draws", "Place", "Unseen", "commit_place", "deals_of", "group_of",
           "hand_place", "pass_place", "unseen_of"]
