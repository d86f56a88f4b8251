"""Wild-card rules: what is wild in each seat's hand at the showdown, registered by kind.

An award with a ``wild`` rule (:class:`~divided.games.poker.variant.Wild`) ranks each seat's
hand by its *readings*: the cards to rank and the list of wild cards for the ranking library
(``system("high", wild=list)``, one system per distinct list, cached). A seat's strength is the
best of its readings, on the library's high scale (:mod:`divided.hands.poker.scale`), so hands
with different wild lists compare. Nothing is wild before the showdown (FN2), and odd chips count
the cards as printed (T11): the printed hand stays the seat's claim.

The kinds (each a function of the seat's cards in the award's slots and the final state):

* :class:`Fixed` — a fixed list (deuces; Jackpot's ``jackpot-wild``);
* :class:`LowestCard` — one lowest card of the hand (Uncle Bob's Left Nut, UB1-UB2);
* :class:`DicePairs` — a rank is wild when the hand holds its partner (Low-Die / High-Die, LD1);
* :class:`Chain` — a card that makes its whole rank wild when held (Crazy 4 of Spades, CF1);
* :class:`Cascade` — the first rank any seat still in holds (Freak of Nature, FN1);
* :class:`Designated` — the cards of a named slot join the hand, wild with their ranks
  (Buck Thirty-Five, BU1/BU3);
* :class:`OppositeColour` — the two cards of a turned card's rank in the other colour
  (3-2-1's ``trash-wild``, TR5; the pure core is :func:`opposite_colour`).

Hands of five to seven cards rank (the best five count); a slot of fewer than five does not
compete, as in the plain high award.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import permutations
from typing import TYPE_CHECKING, ClassVar

from divided.games.poker.cards import CARD_SPAN, CARDS, JOKERS, rank_of
from divided.games.poker.variant import Award, Variant, Wild
from divided.hands.poker import system
from divided.hands.poker.scale import on_scale, words_at

if TYPE_CHECKING:
    from divided.games.poker.state import PokerState

Cards = tuple[int, ...]
Reading = tuple[Cards, frozenset[int]]
"""A way to read a hand: the cards to rank and the wild cards (empty: none)."""


@dataclass(frozen=True, slots=True)
class Seen:
    """What a wild rule reads: one hand of the seat (``cards``, from one of the award's slots),
    all the seat's slots (``held``, in the variant's order), the hands of every seat still in
    (``table``: their cards in the award's slots) and the final state where there is one (a
    batch of sampled worlds has none)."""

    cards: Cards
    held: tuple[Cards, ...]
    variant: Variant
    table: tuple[Cards, ...]
    state: PokerState | None = None


Resolver = Callable[[Wild, Seen], tuple[Reading, ...]]

_KINDS: dict[str, Resolver] = {}


def register_wild(kind: str, resolver: Resolver) -> None:
    """Register a wild rule kind: ``resolver`` gives a seat's readings of its hand."""
    if kind in _KINDS:
        raise ValueError(f"wild rule kind {kind!r} is already registered")
    _KINDS[kind] = resolver


def readings(rule: Wild, seen: Seen) -> tuple[Reading, ...]:
    """The readings of ``seen``'s hand under ``rule`` (its registered kind)."""
    resolver = _KINDS.get(rule.kind)
    if resolver is None:
        raise ValueError(f"no wild rule kind {rule.kind!r} is registered; known: {', '.join(sorted(_KINDS))}")
    return resolver(rule, seen)


def _cards_of_ranks(ranks: Sequence[int]) -> frozenset[int]:
    """The four cards of each rank (2 to 14)."""
    return frozenset(4 * (rank - 2) + suit for rank in ranks for suit in range(4))


# --- the kinds -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fixed(Wild):
    """These cards are wild for everyone (``Fixed(DEUCES)``)."""

    kind: ClassVar[str] = "fixed"
    cards: tuple[int, ...] = ()


DEUCES = tuple(range(4))
"""The four twos."""



def _fixed(rule: Wild, seen: Seen) -> tuple[Reading, ...]:
    assert isinstance(rule, Fixed)
    return ((seen.cards, frozenset(rule.cards)),)


register_wild(Fixed.kind, _fixed)


@dataclass(frozen=True)
class LowestCard(Wild):
    """One lowest card of each hand is wild for that hand (UB1: a lowest rank held twice still
    gives one wild card). Aces are high; an ace is the lowest card only when the hand then plays
    as a five-high straight (UB2): the hand is read both ways and takes the better.

    Where the rulings are silent: when the lowest rank is held more than once, the player
    chooses which of those cards is wild (it matters only for a flush: 3♠ 3♥ 5♥ 8♥ 9♥ is a
    flush), and with the ace as the wild lowest card a five-high straight flush counts (the
    other four cards of one suit: A♠ 2♥ 3♥ 4♥ 5♥ is a five-high straight flush)."""

    kind: ClassVar[str] = "lowest-card"


def _lowest_card(rule: Wild, seen: Seen) -> tuple[Reading, ...]:
    cards = seen.cards
    lowest = min(rank_of(card) for card in cards)
    out: list[Reading] = [(cards, frozenset((card,))) for card in cards if rank_of(card) == lowest]
    for ace in cards:  # the ace as the lowest card: the hand must play as a five-high straight
        if rank_of(ace) == 14:
            wheel = _wheel_with_wild(cards, ace)
            if wheel is not None:
                out.append((wheel, frozenset()))
    return tuple(out)


def _wheel_with_wild(cards: Cards, ace: int) -> Cards | None:
    """The five-high straight ``cards`` make with ``ace`` wild, as natural cards (the wild ace
    standing for the missing card, in the others' suit when they share one), or None."""
    others = [card for card in cards if card != ace]
    ranks = {1 if rank_of(card) == 14 else rank_of(card) for card in others}
    if len(others) != 4 or len(ranks) != 4 or max(ranks) > 5:
        return None
    (missing,) = set(range(1, 6)) - ranks
    suits = {card % 4 for card in others}
    suit = next(iter(suits)) if len(suits) == 1 else (ace % 4)
    stand_in = 4 * ((14 if missing == 1 else missing) - 2) + suit
    return (*others, stand_in)


register_wild(LowestCard.kind, _lowest_card)


@dataclass(frozen=True)
class DicePairs(Wild):
    """``pairs`` of (partner rank, wild rank): the wild rank's cards are wild in a hand that
    holds the partner rank (LD1: the partner is not wild itself; both read from the final hand).
    """

    kind: ClassVar[str] = "dice-pairs"
    pairs: tuple[tuple[int, int], ...] = ()


LOW_DIE = ((6, 14), (5, 2), (4, 3))
"""Low-Die: aces wild with a 6, twos with a 5, threes with a 4."""
HIGH_DIE = ((14, 6), (2, 5), (3, 4))
"""High-Die: sixes wild with an ace, fives with a 2, fours with a 3."""


def _dice_pairs(rule: Wild, seen: Seen) -> tuple[Reading, ...]:
    assert isinstance(rule, DicePairs)
    held = {rank_of(card) for card in seen.cards}
    wild = [rank for partner, rank in rule.pairs if partner in held]
    return ((seen.cards, _cards_of_ranks(wild)),)


register_wild(DicePairs.kind, _dice_pairs)


@dataclass(frozen=True)
class Chain(Wild):
    """``anchor`` is always wild; holding it makes every card of ``rank`` wild in that hand
    (CF1: the 4♠, then the other fours)."""

    kind: ClassVar[str] = "chain"
    anchor: int = 8  # 4♠
    rank: int = 4


def _chain(rule: Wild, seen: Seen) -> tuple[Reading, ...]:
    assert isinstance(rule, Chain)
    if rule.anchor in seen.cards:
        return ((seen.cards, _cards_of_ranks((rule.rank,)) | {rule.anchor}),)
    return ((seen.cards, frozenset()),)


register_wild(Chain.kind, _chain)


@dataclass(frozen=True)
class Cascade(Wild):
    """The first of ``ranks`` that any seat still in holds (in the award's slots) is wild for
    every hand (FN1: sixes, else fives, fours, threes, twos; none held: nothing is wild)."""

    kind: ClassVar[str] = "cascade"
    ranks: tuple[int, ...] = (6, 5, 4, 3, 2)


def cascade_rank(ranks: Sequence[int], hands: Sequence[Cards]) -> int | None:
    """The first of ``ranks`` held in any of ``hands``, or None."""
    held = {rank_of(card) for cards in hands for card in cards}
    return next((rank for rank in ranks if rank in held), None)


def _cascade(rule: Wild, seen: Seen) -> tuple[Reading, ...]:
    assert isinstance(rule, Cascade)
    rank = cascade_rank(rule.ranks, seen.table)
    return ((seen.cards, frozenset() if rank is None else _cards_of_ranks((rank,))),)


register_wild(Cascade.kind, _cascade)


@dataclass(frozen=True)
class Designated(Wild):
    """The cards of the seat's slot ``slot`` (kept apart, e.g. the buck) join its hand and are
    wild, and so is every card of their ranks in the hand (BU1; BU3: two such cards)."""

    kind: ClassVar[str] = "designated"
    slot: str = "buck"


def _designated(rule: Wild, seen: Seen) -> tuple[Reading, ...]:
    assert isinstance(rule, Designated)
    apart = seen.held[seen.variant.slot_index(rule.slot)]
    ranks = sorted({rank_of(card) for card in apart})
    return ((seen.cards + apart, _cards_of_ranks(ranks)),)


register_wild(Designated.kind, _designated)


@dataclass(frozen=True)
class OppositeColour(Wild):
    """The two cards of the turned card's rank in the other colour are wild for every hand
    (TR5). ``turned`` names the state's field holding the turned cards (the first counts)."""

    kind: ClassVar[str] = "opposite-colour"
    turned: str = "trash"


def opposite_colour(card: int) -> tuple[int, int]:
    """The two cards of ``card``'s rank in the other colour (♠♣ black, ♥♦ red).

    >>> from divided.games.poker.cards import names, mask_of, parse
    >>> names(mask_of(opposite_colour(parse("9s")[0])))
    ('9h', '9d')
    """
    base = card - card % 4
    red = card % 4 in (1, 2)  # suits s h d c
    return (base, base + 3) if red else (base + 1, base + 2)


def _opposite_colour(rule: Wild, seen: Seen) -> tuple[Reading, ...]:
    assert isinstance(rule, OppositeColour)
    if seen.state is None:
        raise ValueError("the opposite-colour wild rule reads the final state's turned card; a batch has none")
    turned = getattr(seen.state, rule.turned, None)
    if not turned:
        raise ValueError(f"the opposite-colour wild rule reads the state's {rule.turned!r}, which holds no card")
    return ((seen.cards, frozenset(opposite_colour(turned[0]))),)


register_wild(OppositeColour.kind, _opposite_colour)


# --- ranking -------------------------------------------------------------------------------------


@cache
def scaled(wild: frozenset[int]) -> Callable[[Sequence[int]], int]:
    """A hand's place on the high scale with these wild cards; -1 for fewer than five cards.

    Suits do not order high hands, so lists that differ by a renaming of suits (the 7♦ wild,
    the 7♣ wild) share one ranking system: the list is renamed to the first of its kind, and
    each hand with it. A system costs tens of milliseconds to make (once per process), and a
    rule such as Uncle Bob's, whose wild card is any of the 52, needs 13 instead of 52."""
    canonical, renaming = _first_of_kind(wild)
    strength = _scaled_list(canonical)
    if renaming is None:
        return strength

    def renamed(cards: Sequence[int]) -> int:
        return strength([renaming[card] for card in cards])

    return renamed


@cache
def _scaled_list(wild: frozenset[int]) -> Callable[[Sequence[int]], int]:
    ranking = system("high", wild=[CARDS[card] for card in sorted(wild)]) if wild else system("high")
    scale = on_scale(ranking)
    fast = ranking.strength_of_indices  # type: ignore[attr-defined]

    def strength(cards: Sequence[int]) -> int:
        return scale[fast(cards)] if len(cards) >= 5 else -1

    return strength


def _renaming(suits: tuple[int, ...]) -> tuple[int, ...]:
    """Every card int with its suit renamed (suit ``s`` becomes ``suits[s]``); both copies of a
    two-deck card alike, jokers unchanged."""
    return tuple(card - card % 4 + suits[card % 4] if card < JOKERS[0] else card for card in range(CARD_SPAN))


_RENAMINGS = tuple(_renaming(suits) for suits in permutations(range(4)))
"""The 24 renamings of suits, the identity first."""


def _first_of_kind(wild: frozenset[int]) -> tuple[frozenset[int], tuple[int, ...] | None]:
    """The list among ``wild``'s renamings of suits with the smallest sorted cards, and the
    renaming that makes it (None: ``wild`` is that list)."""
    if not wild or any(card >= JOKERS[0] for card in wild):
        return wild, None
    best, chosen = sorted(wild), _RENAMINGS[0]
    for renaming in _RENAMINGS[1:]:
        image = sorted(renaming[card] for card in wild)
        if image < best:
            best, chosen = image, renaming
    return (wild, None) if chosen is _RENAMINGS[0] else (frozenset(best), chosen)


_PLAIN = frozenset[int]()


def strength(rule: Wild, seen: Seen) -> int:
    """The seat's hand at its best reading, on the high scale (-1: too few cards to rank)."""
    return _strongest(readings(rule, seen))


def _strongest(options: tuple[Reading, ...]) -> int:
    best = -1
    for cards, wild in options:
        held = wild.intersection(cards)
        found = scaled(wild if held else _PLAIN)(cards)
        if found > best:
            best = found
    return best


LOW_FILL = (14, *range(2, 14))
"""The ranks a wild card stands for in an ace-to-five low, best first (the ace plays low)."""


def low_equivalent(cards: Cards, wild: frozenset[int]) -> Cards:
    """The natural hand that ``cards`` with these wild cards make at best in an ace-to-five low
    (no straights or flushes count): each wild card stands for the lowest rank the natural cards
    do not hold (ace first), so pairs are avoided and the top cards kept low.

    >>> from divided.games.poker.cards import mask_of, names, parse
    >>> names(mask_of(low_equivalent(parse("Kc 6d 4d 3h 2s"), frozenset(parse("Kc")))))
    ('2s', '3h', '4d', '6d', 'As')
    """
    naturals = [card for card in cards if card not in wild]
    held = {rank_of(card) for card in naturals}
    fills = [rank for rank in LOW_FILL if rank not in held][:len(cards) - len(naturals)]
    return (*naturals, *(4 * (rank - 2) for rank in fills))


def _lowest(options: tuple[Reading, ...], award_rule: str) -> int:
    """The best strength of the readings in an ace-to-five low (the ranking's own order)."""
    if award_rule != "a5":
        raise ValueError(f"wild cards play in a high award or an ace-to-five low without qualifier, not {award_rule!r}")
    from divided.games.poker.showdown import strength_of

    low = strength_of(award_rule)
    return max((low(low_equivalent(cards, wild)) for cards, wild in options if len(cards) >= 5), default=-1)


def claims(state: PokerState, rule: Wild, slots: tuple[int, ...], seats: Sequence[int],
           award_rule: str = "high") -> list[tuple[int, int, tuple[Cards, ...]]]:
    """Each seat's best hand among ``slots``: (strength on the high scale, or in the award's
    low ranking, seat, its printed hands of that strength), for the seats with a hand of five
    cards or more."""
    variant = state.config.variant
    table = tuple(state.slots[seat][index] for seat, live in enumerate(state.table.live) if live for index in slots)
    out: list[tuple[int, int, tuple[Cards, ...]]] = []
    for seat in seats:
        found = best_of(rule, state.slots[seat], slots, variant, table, state, award_rule)
        if found is not None:
            out.append((found[0], seat, found[1]))
    return out


def best_of(rule: Wild, held: tuple[Cards, ...], slots: Sequence[int], variant: Variant, table: tuple[Cards, ...],
            state: PokerState | None = None, award_rule: str = "high") -> tuple[int, tuple[Cards, ...]] | None:
    """A seat's best hand among its ``slots`` of ``held``: its strength on the high scale (with
    ``award_rule`` ``a5``: in the ace-to-five low, :func:`low_equivalent`) and its printed hands
    of that strength (None: no hand of five cards or more)."""
    best, hands = -1, tuple[Cards, ...]()
    for index in slots:
        options = readings(rule, Seen(held[index], held, variant, table, state))
        found = _strongest(options) if award_rule == "high" else _lowest(options, award_rule)
        if found < 0:
            continue
        printed = options[0][0]  # the hand as printed (a designated slot joined)
        if found > best:
            best, hands = found, (printed,)
        elif found == best:
            hands += (printed,)
    return (best, hands) if hands else None


def wild_words(state: PokerState, award: Award, seat: int) -> str | None:
    """The seat's best hand for ``award`` (which has a wild rule) in words, as the showdown
    ranks it ("Four kings, with a nine"); None: no hand of five cards."""
    assert award.wild is not None
    variant = state.config.variant
    slots = tuple(variant.slot_index(name) for name in award.slots)
    table = tuple(state.slots[other][index] for other, live in enumerate(state.table.live) if live for index in slots)
    found = best_of(award.wild, state.slots[seat], slots, variant, table, state, award.rule)
    if found is None:
        return None
    if award.rule != "high":  # a wild low: the natural hand it stands for, in words
        return low_words(award.wild, state.slots[seat], slots, variant, table, state, award.rule)
    return words_at(found[0])


def low_words(rule: Wild, held: tuple[Cards, ...], slots: Sequence[int], variant: Variant, table: tuple[Cards, ...],
               state: PokerState | None, award_rule: str) -> str:
    """The words of the best low the seat's hands among ``slots`` make with their wild cards."""
    from divided.games.poker.cards import as_cards
    from divided.games.poker.showdown import ranking, strength_of

    low = strength_of(award_rule)
    equivalents = [low_equivalent(cards, wild) for index in slots
                   for cards, wild in readings(rule, Seen(held[index], held, variant, table, state)) if len(cards) >= 5]
    return str(ranking(award_rule).rank(as_cards(max(equivalents, key=low))))


def shown_words(wild: Wild, variant: Variant, shown: Sequence[Sequence[Sequence[int | None]]], live: Sequence[bool],
                seat: int, slots: Sequence[int], award_rule: str = "high") -> tuple[str, Cards] | None:
    """For a view at the showdown (``shown``: every seat's slots as seen, ``None`` for a hidden
    card): the seat's best hand in words and its printed cards, or None (no hand of five cards,
    or a rule that needs the whole state)."""
    held = tuple(tuple(card for card in cards if card is not None) for cards in shown[seat])
    table = tuple(tuple(card for card in shown[other][index] if card is not None)
                  for other, still_in in enumerate(live) if still_in for index in slots)
    try:
        found = best_of(wild, held, slots, variant, table, award_rule=award_rule)
        if found is not None and award_rule != "high":
            return low_words(wild, held, slots, variant, table, None, award_rule), found[1][0]
    except ValueError:
        return None
    return None if found is None else (words_at(found[0]), found[1][0])
