"""Reading the hands at the showdown and dividing every pot layer (T9, T11, T13).

For each award a seat still in counts once, with its best hand among the award's slots (Henway
H2); a low with a qualifier that the hand misses does not compete (an award nobody qualifies
for passes its share on: high takes all). Tied winners receive odd chips one at a time in T11's
order: ``cards`` (the winning hand's highest card by rank then suit for a high award, its lowest
for a low one, aces low except deuce-to-seven; a seat with two tied hands counts by the better
of its two deciding cards) or ``seat`` (from the button's left). The winning hand of a seat
with more than five cards in a slot (seven-card stud) is its best five; when several fives
rank alike, the one with the best deciding card counts.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from divided.games.frozen_builder import builder
from divided.games.poker import engine, match, pots
from divided.games.poker.cards import CARDS, JOKERS, as_cards, ranking_index
from divided.games.poker.events import Event
from divided.games.poker.options import Config
from divided.games.poker.state import PokerState, Settled, evolve_state
from divided.games.poker.variant import Award, Variant
from divided.hands.poker import system
from divided.hands.value import HandCategory, RankingSystem

System = RankingSystem[HandCategory]


@cache
def ranking(rule: str) -> System:
    """The ranking system of an award rule: ``high``, ``a5``, ``a5-8``, ``27``, ``a6``, ``six``
    (six-card poker, one deck) or ``six-2decks`` (two decks: SD1-SD3)."""
    if rule == "a5-8":
        return system("a5", qualifier=8)
    if rule == "six-2decks":
        return system("six", decks=2)
    return system(rule)


@cache
def strength_of(rule: str) -> Callable[[Sequence[int]], int]:
    """The strength of a hand of card indices under ``rule`` (the ranking system's per-call
    fast path on indices where it has one: no card objects built)."""
    system_ = ranking(rule)
    fast: Callable[[Sequence[int]], int] | None = getattr(system_, "strength_of_indices", None)
    if fast is not None and rule == "six-2decks":  # a second copy ranks as its first (SD3)
        two_decks = fast
        return lambda cards: two_decks([ranking_index(c) for c in cards])
    if fast is not None:
        return fast
    return lambda cards: system_.strength(as_cards(cards))


def jokers_as_twos(strength: Callable[[Sequence[int]], int]) -> Callable[[Sequence[int]], int]:
    """``strength`` for a deck with jokers (Assassin AS5: each acts exactly as a 2): a hand holding
    jokers ranks as its best hand with each joker a 2 of a suit the hand does not hold (chosen
    where the rulings are silent: a 2 of any free suit, the holder's best; only the capped deal
    ranks a hand holding one).

    >>> from divided.games.poker.cards import parse
    >>> ranked = jokers_as_twos(strength_of("high"))
    >>> ranked(parse("Jk1 5h 4h 3h Ah")) == strength_of("high")(parse("2h 5h 4h 3h Ah"))
    True
    """

    def ranked(cards: Sequence[int]) -> int:
        plain = [card for card in cards if card < JOKERS[0]]
        if len(plain) == len(cards):
            return strength(cards)
        free = [two for two in range(4) if two not in plain]  # the 2s are cards 0..3
        return max(strength([*plain, *twos]) for twos in combinations(free, len(cards) - len(plain)))

    return ranked


@dataclass(frozen=True, slots=True)
class Entry:
    """A seat's claim on one award: its best hand's strength and the seat's hands of that
    strength (their best deciding card counts for the odd chip, :func:`decider`)."""

    seat: int
    strength: int
    hands: tuple[tuple[int, ...], ...]


_make_event = builder(Event)
_make_settled = builder(Settled)
_make_award_winners = builder(pots.AwardWinners)


def decider(config: Config, rule: str, entry: Entry) -> int:
    """An entry's odd-chip key (bigger is better): the best among its hands of its strength."""
    return max(_decider(config, rule, cards) for cards in entry.hands)


def _qualifies(rule: str, cards: Sequence[int]) -> bool:
    return rule != "a5-8" or ranking(rule).rank(as_cards(cards)).category.name != "NO_LOW"


def _decider(config: Config, rule: str, cards: Sequence[int]) -> int:
    """The odd-chip key of a winning hand (T11): the highest card for high, the lowest for low
    (negated, so bigger is better); with more than five cards, the best five's best key."""
    order = config.suit_order
    ace_low = rule in ("a5", "a5-8", "a6")

    def key(five: Sequence[int]) -> int:
        if rule in ("high", "two-high"):
            return max(order.key(CARDS[c]) for c in five)
        return -min(order.key(CARDS[c], ace_low=ace_low) for c in five)

    if len(cards) <= 5 or 5 not in ranking(rule).sizes:  # every card plays (six-card poker)
        return key(cards)
    strength = strength_of(rule)
    best = strength(cards)
    return max(key(five) for five in combinations(cards, 5) if strength(five) == best)


def entries(config: Config, state: PokerState, award: Award, seats: Sequence[int]) -> list[Entry]:
    """Each of ``seats``' best claim on ``award`` (seats with no qualifying hand left out)."""
    variant = config.variant
    system_ = ranking(award.rule)
    strength, sizes, rule = strength_of(award.rule), system_.sizes, award.rule
    if config.deck == "jokers":
        strength = jokers_as_twos(strength)
    indices = [variant.slot_index(name) for name in award.slots]
    if award.wild is not None:
        return [Entry(seat, found, hands) for found, seat, hands in _wild_claims(state, award, tuple(indices), seats)]
    out = []
    for seat in seats:
        best = -1
        hands: tuple[tuple[int, ...], ...] = ()
        for index in indices:
            cards = state.slots[seat][index]
            if len(cards) not in sizes or not _qualifies(rule, cards):
                continue
            claim = strength(cards)
            if not hands or claim > best:
                best, hands = claim, (cards,)
            elif claim == best:
                hands += (cards,)
        if hands:
            out.append(Entry(seat, best, hands))
    return out


def winners(config: Config, button: int, claims: Sequence[Entry], rule: str = "high") -> tuple[int, ...]:
    """The best claims' seats, in the order odd chips go to them (T11); ``rule`` is the
    award's ranking rule (it says which card decides)."""
    if not claims:
        return ()
    top = max(claim.strength for claim in claims)
    tied = [claim for claim in claims if claim.strength == top]
    if len(tied) == 1:
        return (tied[0].seat,)
    seat_order = engine.from_left(button, config.players)
    if config.odd_chip == "seat":
        tied.sort(key=lambda claim: seat_order.index(claim.seat))
    else:
        tied.sort(key=lambda claim: (-decider(config, rule, claim), seat_order.index(claim.seat)))
    return tuple(claim.seat for claim in tied)


Judge = Callable[[PokerState, Award], Callable[[Collection[int]], "tuple[int, ...] | pots.AwardWinners"]]
"""An award kind: given the final state and an award, the function from a pot layer's eligible
seats to the award's winners in odd-chip order (empty: nobody can win it), or to a whole
:class:`~divided.games.poker.pots.AwardWinners` when the kind divides its chips itself (places)."""

_AWARD_KINDS: dict[str, Judge] = {}


def register_award(kind: str, judge: Judge) -> None:
    """Register an award kind by name (the next games add hog, places, must-hold...)."""
    if kind in _AWARD_KINDS:
        raise ValueError(f"award kind {kind!r} is already registered")
    _AWARD_KINDS[kind] = judge


def _slot_indices(config: Config, award: Award) -> tuple[int, ...]:
    """The positions of ``award``'s slots in ``config``'s variant (kept per award and variant)."""
    variant = config.variant
    found = _SLOT_INDICES.get((id(award), id(variant)))
    if found is not None and found[0] is award and found[1] is variant:
        return found[2]
    indices = tuple(variant.slot_index(name) for name in award.slots)
    if len(_SLOT_INDICES) >= 256:
        _SLOT_INDICES.clear()
    _SLOT_INDICES[id(award), id(variant)] = (award, variant, indices)
    return indices


_SLOT_INDICES: dict[tuple[int, int], tuple[Award, Variant, tuple[int, ...]]] = {}
"""Awards' slot positions by the identities of the award and the variant (each entry holds both,
so neither identity is reused while the entry lives)."""


def best_hand(state: PokerState, award: Award) -> Callable[[Collection[int]], tuple[int, ...]]:
    """The ``best`` award: the best qualifying hand among the award's slots wins (T11 ties).

    The same answer as :func:`winners` over :func:`entries`, faster: claims are plain tuples,
    and :class:`Entry` objects are made only for a tie."""
    config, rule = state.config, award.rule
    strength, sizes = strength_of(rule), ranking(rule).sizes
    if config.deck == "jokers":
        strength = jokers_as_twos(strength)
    qualifier = rule == "a5-8"
    indices = _slot_indices(config, award)
    slots = state.slots
    order = engine.live_from_left(state)
    claims: list[tuple[int, int, tuple[tuple[int, ...], ...]]] = []  # (strength, seat, hands of it)
    if award.wild is not None:  # each hand ranked with its own wild cards (divided.games.poker.wilds)
        claims = _wild_claims(state, award, indices, order)
    elif len(indices) == 1 and not qualifier:  # one hand a seat (most games)
        (index,) = indices
        for seat in order:
            cards = slots[seat][index]
            if len(cards) in sizes:
                claims.append((strength(cards), seat, (cards,)))
    elif len(indices) == 2 and not qualifier:  # two hands compete (Henway H2)
        first, second = indices
        for seat in order:
            held = slots[seat]
            one, two = held[first], held[second]
            if len(one) in sizes:
                a = strength(one)
                if len(two) in sizes:
                    b = strength(two)
                    claims.append((a, seat, (one,)) if a > b else (b, seat, (two,)) if b > a else (a, seat, (one, two)))
                else:
                    claims.append((a, seat, (one,)))
            elif len(two) in sizes:
                claims.append((strength(two), seat, (two,)))
    else:
        for seat in order:
            held = slots[seat]
            best = -1
            hands: tuple[tuple[int, ...], ...] = ()
            for index in indices:
                cards = held[index]
                if len(cards) not in sizes or (qualifier and not _qualifies(rule, cards)):
                    continue
                claim = strength(cards)
                if claim > best or not hands:
                    best, hands = claim, (cards,)
                elif claim == best:
                    hands += (cards,)
            if hands:
                claims.append((best, seat, hands))

    def judge(eligible: Collection[int]) -> tuple[int, ...]:
        top = -1
        tied: list[tuple[int, int, tuple[tuple[int, ...], ...]]] = []
        for claim in claims:
            if claim[1] in eligible:
                if claim[0] > top:
                    top, tied = claim[0], [claim]
                elif claim[0] == top:
                    tied.append(claim)
        if len(tied) < 2:
            return (tied[0][1],) if tied else ()
        return winners(config, state.button, [Entry(seat, found, hands) for found, seat, hands in tied], rule)

    return judge


register_award("best", best_hand)


def _wild_claims(state: PokerState, award: Award, indices: tuple[int, ...],
                 seats: Sequence[int]) -> list[tuple[int, int, tuple[tuple[int, ...], ...]]]:
    """The claims of an award with a wild rule: (strength on the high scale, or in the
    ace-to-five low, seat, hands)."""
    from divided.games.poker.wilds import claims

    if award.rule not in ("high", "a5") or award.wild is None:
        raise ValueError(f"a wild rule belongs to a high or an ace-to-five low award, not to {award.title!r} "
                         f"({award.rule})")
    return claims(state, award.wild, indices, seats, award.rule)


def settle(state: PokerState) -> PokerState:
    """The showdown: every seat still in shows (T13) and each pot layer is divided among the
    awards, each judged by its registered kind. In a match (T18) chips carried in join the
    lowest layer, a layer may carry on (:func:`divided.games.poker.match.carries`) and the
    match goes on to its next deal or ends (:func:`divided.games.poker.match.end_deal`)."""
    if state.match is not None:
        return match.end_deal(state, _settle)
    return _settle(state)


def _settle(state: PokerState) -> PokerState:
    config = state.config
    table = state.table
    awards = config.awards
    judges = []
    for award in awards:
        judge_of = _AWARD_KINDS.get(award.kind)
        if judge_of is None:  # the kinds of divided.games.poker.awards register on first need
            import divided.games.poker.awards  # noqa: F401

            judge_of = _AWARD_KINDS.get(award.kind)
        if judge_of is None:
            raise ValueError(f"no award kind {award.kind!r} is registered; known: {', '.join(sorted(_AWARD_KINDS))}")
        judges.append(judge_of(state, award))
    names = config.variant.slot_names
    showing = engine.live_from_left(state)
    step, slots, players = state.step, state.slots, state.players
    # Event(step, seat, "show", hands=slots[seat], hands_named=names), by position
    events = [_make_event(step, seat, "show", 0, False, (), slots[seat], (), names) for seat in showing]
    contributed = table.contributed
    first = contributed[showing[0]]
    carried = state.match.carried if state.match is not None else 0
    if all(contributed[seat] == first for seat in showing):  # nobody all-in below the others: one pot
        layers: tuple[pots.Pot, ...] = (pots.Pot(sum(contributed) + carried, tuple(sorted(showing))),)
    else:
        # T9: cut only at all-in totals (seats still in may have paid different amounts: bids, refusals,
        # forfeits, paid draws)
        all_in = tuple(live and stack == 0 for live, stack in zip(table.live, table.stacks, strict=True))
        layers = pots.layers(contributed, table.live, carried=carried, all_in=all_in)
    settled = []
    for index, pot in enumerate(layers):
        eligible = pot.eligible
        results = []
        for award, judge in zip(awards, judges, strict=True):
            found = judge(eligible)
            results.append(found if isinstance(found, pots.AwardWinners) else _make_award_winners(found, award.share))
        if state.match is not None and match.carries(state, index, [result.winners for result in results]):
            settled.append(match.carried_layer(pot.amount, eligible, players, results[0].winners))
            events.append(_make_event(step, None, "carry", pot.amount, pot=index, winners=results[0].winners))
            continue
        if not any(result.winners for result in results):
            pots.divide(pot, results, players)  # raises: nobody wins any award of this pot
        chips = [0] * players  # pots.divide's count, from the shares the events show
        for award, result, won in zip(awards, results, pots.shares(pot, results), strict=True):
            winners = result.winners
            if winners:
                for seat, amount in zip(winners, won, strict=True):
                    chips[seat] += amount
                # Event(step, None, "award", pot.amount, pot=index, title=award.title, winners=winners, chips=won)
                events.append(_make_event(step, None, "award", pot.amount, False, (), (), (), (), index, award.title,
                                          winners, won))
        settled.append(_make_settled(pot.amount, eligible,
                                     tuple([(award.title, result.winners) for award, result in zip(awards, results, strict=True)]),
                                     tuple(chips)))
    return evolve_state(state, shown=True, over=True, settled=tuple(settled), events=state.events + tuple(events))
