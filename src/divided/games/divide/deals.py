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

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import product
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


_FACTORIALS = tuple(factorial(k) for k in range(55))


def _multinomial(total: int, parts: Sequence[int]) -> int:
    out = _FACTORIALS[total]
    for part in parts:
        out //= _FACTORIALS[part]
    return out


_Split = tuple[tuple[int, ...], int, tuple[int, ...]]  # (cards per class, ways, constrained caps left)


@dataclass
class Deals:
    """The placements of the unseen cards (a mask) into ``places`` (see the module text). A view
    with no consistent placement raises :class:`ValueError`.

    The programme's state is the free room left in the *constrained* classes (places with a
    void); the class of places without a constraint, if any, takes whatever is left."""

    unseen: int
    places: tuple[Place, ...]
    _classes: list[tuple[int, list[int]]] = field(init=False)  # (allowed groups, place indices), free class last
    _constrained: int = field(init=False)  # how many classes come before the free one
    _free: bool = field(init=False)
    _groups: list[list[int]] = field(init=False)  # the unseen cards of each group
    _left: list[int] = field(init=False)  # unseen cards in groups g.. (g = 0..5)
    _caps: tuple[int, ...] = field(init=False)  # every class's size
    _splits: dict[tuple[int, tuple[int, ...]], list[_Split]] = field(init=False)
    _memo: dict[tuple[int, tuple[int, ...]], int] = field(init=False)
    _cumulative: dict[tuple[int, tuple[int, ...]], list[int]] = field(init=False)
    _odds: dict[int, dict[str, Fraction]] | None = field(init=False, default=None)
    count: int = field(init=False)
    """How many placements are consistent with the view."""

    def __post_init__(self) -> None:
        if sum(p.size for p in self.places) != self.unseen.bit_count():
            raise ValueError(f"inconsistent view: {self.unseen.bit_count()} unseen cards for "
                             f"{sum(p.size for p in self.places)} places")
        every = (1 << GROUPS) - 1
        signatures: dict[int, list[int]] = {}
        for index, place in enumerate(self.places):
            if place.size:
                signatures.setdefault((~place.voids & 0b1111) | 0b10000, []).append(index)
        classes = [(allowed, members) for allowed, members in signatures.items() if allowed != every]
        self._constrained = len(classes)
        self._free = every in signatures
        if self._free:
            classes.append((every, signatures[every]))
        self._classes = classes
        self._caps = tuple(sum(self.places[i].size for i in members) for _, members in classes)
        self._groups = [[] for _ in range(GROUPS)]
        for card in mask_indices(self.unseen):
            self._groups[group_of(card)].append(card)
        self._left = [sum(len(cards) for cards in self._groups[g:]) for g in range(GROUPS + 1)]
        self._splits, self._memo, self._cumulative = {}, {}, {}
        splits = prod(_multinomial(cap, [self.places[i].size for i in members])
                      for cap, (_, members) in zip(self._caps, classes, strict=True))
        self.count = self.count_pooled * splits
        if not self.count:
            raise ValueError("inconsistent view: no placement of the unseen cards fits the voids")

    @property
    def count_pooled(self) -> int:
        """Placements with the places of one class pooled (the programme's total)."""
        return self._ways(0, self._caps[:self._constrained])

    def _split(self, group: int, caps: tuple[int, ...]) -> list[_Split]:
        """Every way group ``group`` can go into the classes when the constrained ones have
        ``caps`` free: its cards per class, in how many ways, and the constrained room left."""
        key = (group, caps)
        found = self._splits.get(key)
        if found is not None:
            return found
        size = len(self._groups[group])
        free_room = self._left[group] - sum(caps)
        ranges = [range(min(size, cap) + 1) if self._classes[k][0] >> group & 1 else range(1)
                  for k, cap in enumerate(caps)]
        found = []
        for x in product(*ranges):
            rest = size - sum(x)
            if rest < 0 or (rest > free_room if self._free else rest):
                continue
            full = (*x, rest) if self._free else x
            found.append((full, _multinomial(size, full), tuple(c - y for c, y in zip(caps, x, strict=True))))
        self._splits[key] = found
        return found

    def _ways(self, group: int, caps: tuple[int, ...]) -> int:
        """Ways to place groups ``group``.. when the constrained classes have ``caps`` free
        (cards distinct, places within a class pooled)."""
        if group == GROUPS:
            return 1
        key = (group, caps)
        found = self._memo.get(key)
        if found is None:
            found = sum(ways * self._ways(group + 1, rest) for _, ways, rest in self._split(group, caps))
            self._memo[key] = found
        return found

    def sample(self, rng: Draws) -> dict[str, int]:
        """A placement drawn uniformly: each place's cards (a mask)."""
        caps = self._caps[:self._constrained]
        pooled: list[list[int]] = [[] for _ in self._classes]
        for group in range(GROUPS):
            cards = self._groups[group]
            if not cards:
                continue
            options = self._split(group, caps)
            key = (group, caps)
            cumulative = self._cumulative.get(key)
            if cumulative is None:
                cumulative, running = [], 0
                for _, ways, rest in options:
                    running += ways * self._ways(group + 1, rest)
                    cumulative.append(running)
                self._cumulative[key] = cumulative
            chosen = options[bisect_right(cumulative, rng.randrange(cumulative[-1]))]
            shuffled = rng.sample(cards, len(cards))
            start = 0
            for k, x in enumerate(chosen[0]):
                pooled[k].extend(shuffled[start:start + x])
                start += x
            caps = chosen[2]
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
        probability 0 left out; the cards of one group share one mapping: do not change it)."""
        if self._odds is not None:
            return self._odds
        expected = self._expected()
        total = self.count_pooled
        out: dict[int, dict[str, Fraction]] = {}
        for group, cards in enumerate(self._groups):
            if not cards:
                continue
            odds: dict[str, Fraction] = {}
            for k, (_, members) in enumerate(self._classes):
                if not expected[group][k]:
                    continue
                share = Fraction(expected[group][k], len(cards) * total)
                for index in members:
                    place = self.places[index]
                    odds[place.name] = share * Fraction(place.size, self._caps[k])
            for card in cards:
                out[card] = odds
        self._odds = out
        return out

    def _expected(self) -> list[list[int]]:
        """``expected[g][k]``: the number of cards of group ``g`` in class ``k`` summed over the
        pooled placements (divide by :attr:`count_pooled` for the mean)."""
        forward: dict[tuple[int, ...], int] = {self._caps[:self._constrained]: 1}
        sums = [[0] * len(self._classes) for _ in range(GROUPS)]
        for group in range(GROUPS):
            nxt: dict[tuple[int, ...], int] = {}
            for caps, before in forward.items():
                for split, ways, rest in self._split(group, caps):
                    after = self._ways(group + 1, rest)
                    if not after:
                        continue
                    weight = before * ways
                    for k, x in enumerate(split):
                        if x:
                            sums[group][k] += x * weight * after
                    nxt[rest] = nxt.get(rest, 0) + weight
            forward = nxt
        return sums


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


@lru_cache(maxsize=256)
def solve(unseen: int, places: tuple[Place, ...]) -> Deals:
    """:class:`Deals` of ``unseen`` cards into ``places``, shared between calls with the same
    cards and places (the programme is a pure function of them; consecutive views of a game,
    and the views of a player's books and sampler, often have the same)."""
    return Deals(unseen, places)


def deals_of(view: PlayerView) -> tuple[Deals, Unseen]:
    """The placements of ``view``'s unseen cards (:class:`ValueError` if there are none)."""
    unseen = unseen_of(view)
    return solve(unseen.cards, unseen.places), unseen


__all__ = ["GROUPS", "UNDEALT", "Deals", "Draws", "Place", "Unseen", "commit_place", "deals_of", "group_of",
           "hand_place", "pass_place", "solve", "unseen_of"]
