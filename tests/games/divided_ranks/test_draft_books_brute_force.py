"""The draft books (ruling R7) against brute force, at every kind of draft position.

The independent expectation: for a position and a viewer, every placement of the cards the
viewer has not seen (tracked here from the rules' text) into the deal slots they could fill is
rebuilt by replaying the engine, and kept if the viewer's observation is identical. A card is
known where it lies in every kept world; its odds of a place are the share of kept worlds.

A world is a deal; the order of the cards inside one round's four (or inside the undrawn
stock) changes nothing the game records but the deal itself, and every such set of cards
stands for the same number of orders, so one deal per set is enumerated and counted once.

Kinds of position: rounds 1-5, the split and the choose, the viewer as splitter and chooser
on either seat, and every history of face-up / face-down takes before. The suite samples
them; the full sweep (914,000 engine replays) is marked ``sweep``: ``make sweeps`` runs it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations, pairwise, product
from math import comb

import pytest
from sight import seen_by, watched_by

from divided import games
from divided.errors import IllegalActionError
from divided.games.base import State
from divided.games.divided_ranks.knowledge import Place, knowledge
from divided.games.divided_ranks.rules import DividedRanksRules, after_deal
from divided.games.divided_ranks.state import (
    ALL_CARDS,
    ROUNDS,
    SPLIT_SIZE,
    ChoiceEvent,
    DividedRanksState,
    Phase,
)
from divided.games.divided_ranks.view import observe

RULES = DividedRanksRules()
TAKES = (210, 211)  # take face-up, take face-down


@dataclass
class Worlds:
    """The kept worlds of one viewer, counted by where each card lies."""

    count: int
    places: dict[int, Counter[Place]]
    hands_always: tuple[int, int]  # the cards in each hand in every kept world


def draft_position(first_splitter: int, takes: tuple[int, ...], choose: bool, seed: int) -> State:  # type: ignore[type-arg]
    """A game after ``len(takes)`` rounds taken as given (random splits), then at the split
    of the next round, or at its choose if ``choose``."""
    rng = random.Random(seed)
    state = games.load("divided-ranks", first_splitter=first_splitter).new_initial_state(seed=seed)
    for take in takes:
        state.apply_action(rng.choice(state.legal_actions()))
        state.apply_action(take)
    if choose:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def all_kinds() -> Iterator[tuple[int, tuple[int, ...], bool]]:
    """(first splitter, takes so far, at the choose): every kind of draft position, the first
    splitter alternating so that each seat plays each role."""
    number = 0
    for rounds in range(ROUNDS):
        for takes in product(TAKES, repeat=rounds):
            for choose in (False, True):
                yield number // 2 % 2, takes, choose
                number += 1


def _blocks(core: DividedRanksState, seen: int) -> list[list[int]]:
    """The deal slots holding cards the viewer has not seen, grouped: the reserve, each round
    drawn so far, and the undrawn stock."""
    drawn_rounds = core.round + 1 if core.phase in (Phase.SPLIT, Phase.CHOOSE) else core.round
    edges = [0, 1] + [1 + SPLIT_SIZE * (k + 1) for k in range(drawn_rounds)] + [len(core.deal)]
    return [[i for i in range(a, b) if not seen >> core.deal[i] & 1] for a, b in pairwise(edges)
            if a < b]


def enumeration_size(position: State, viewer: int) -> int:  # type: ignore[type-arg]
    """How many worlds :func:`draft_worlds` rebuilds."""
    blocks = _blocks(position.core, seen_by(position.core, viewer))
    left, size = sum(map(len, blocks)), 1
    for block in blocks:
        size *= comb(left, len(block))
        left -= len(block)
    return size


def _fillings(cards: list[int], sizes: list[int]) -> Iterator[list[tuple[int, ...]]]:
    if not sizes:
        yield []
        return
    for chosen in combinations(cards, sizes[0]):
        rest = [c for c in cards if c not in chosen]
        for tail in _fillings(rest, sizes[1:]):
            yield [chosen, *tail]


def _zones(world: DividedRanksState, viewer: int) -> tuple[int, int, int, int]:
    """The cards (masks) in the viewer's hand, the opponent's hand, the reserve, on the table."""
    on_table = world.drawn() if world.phase == Phase.SPLIT else world.face_up | world.face_down
    return world.hands[viewer], world.hands[1 - viewer], 1 << world.reserve, on_table


ZONES = (Place.MY_HAND, Place.OPPONENT_HAND, Place.RESERVE, Place.TABLE)


def draft_worlds(position: State, viewer: int) -> Worlds:  # type: ignore[type-arg]
    """Every world the viewer cannot tell from this draft position, by replaying the engine."""
    core = position.core
    start = position.game.new_initial_state().core  # before the deal (the first splitter is set)
    assert start.phase == Phase.DEAL
    actions = position.history()[len(core.deal):]
    target = observe(core, viewer)
    blocks = _blocks(core, seen_by(core, viewer))
    cards = sorted(core.deal[i] for block in blocks for i in block)
    by_zone: list[Counter[int]] = [Counter() for _ in ZONES]  # how often each zone held each set
    count, hands_always = 0, [ALL_CARDS, ALL_CARDS]
    for filling in _fillings(cards, [len(b) for b in blocks]):
        deal = list(core.deal)
        for block, chosen in zip(blocks, filling, strict=True):
            for slot, card in zip(block, chosen, strict=True):
                deal[slot] = card
        world = after_deal(replace(start, deal=tuple(deal)))
        try:
            for action in actions:
                world = RULES.apply(world, action)
        except IllegalActionError:
            continue
        if observe(world, viewer) != target:
            continue
        count += 1
        hands_always = [hands_always[0] & world.hands[0], hands_always[1] & world.hands[1]]
        for counter, zone in zip(by_zone, _zones(world, viewer), strict=True):
            counter[zone] += 1
    places: dict[int, Counter[Place]] = {card: Counter() for card in range(21)}
    for place, counter in zip(ZONES, by_zone, strict=True):
        for zone, n in counter.items():
            for card in range(21):
                if zone >> card & 1:
                    places[card][place] += n
    for counter in places.values():  # the rest of the time the card is in the stock
        assert counter.total() <= count
        if counter.total() < count:
            counter[Place.STOCK] = count - counter.total()
    return Worlds(count, places, (hands_always[0], hands_always[1]))


def check_draft_books(position: State, viewer: int, theirs: Worlds | None = None) -> Worlds:  # type: ignore[type-arg]
    """Compare the viewer's books with brute force; return the viewer's worlds. ``theirs``
    (the opponent's worlds) gives what the opponent can count on."""
    core = position.core
    opponent = 1 - viewer
    worlds = draft_worlds(position, viewer)
    assert worlds.count >= 1
    books = knowledge(position.observation(viewer))
    certain = {card: next(iter(places)) for card, places in worlds.places.items()
               if len(places) == 1}
    assert len(certain) + len([c for c, p in worlds.places.items() if len(p) > 1]) == 21
    known_theirs = sum(1 << c for c, place in certain.items() if place == Place.OPPONENT_HAND)
    reserves = [c for c, place in certain.items() if place == Place.RESERVE]
    assert books.opponent_known == known_theirs
    assert books.opponent_unknown == core.hands[opponent].bit_count() - known_theirs.bit_count()
    assert books.reserve == (reserves[0] if reserves else None)
    assert Place.STOCK not in certain.values()  # the books have no word for a certain stock card
    unaccounted = {card: {place: Fraction(n, worlds.count) for place, n in places.items()}
                   for card, places in worlds.places.items() if len(places) > 1}
    assert books.unaccounted == unaccounted
    assert books.reserve_odds == {card: odds[Place.RESERVE] for card, odds in unaccounted.items()
                                  if Place.RESERVE in odds}
    watched = watched_by(core, viewer)
    assert books.watched == watched
    reserve_bit = 1 << reserves[0] if reserves else 0  # nobody has seen the reserve while drafting
    assert books.worked_out == known_theirs & ~watched | reserve_bit
    if theirs is not None:
        assert books.marked == theirs.hands_always[viewer] & core.hands[viewer]
    return worlds


def check_both(position: State, cap: int | None = None, only: tuple[int, ...] = (0, 1)) -> int:  # type: ignore[type-arg]
    """Check the books of the viewers in ``only`` (what one can count on is checked when the
    other's worlds are enumerated too); return how many were checked (a viewer whose
    enumeration exceeds ``cap`` is skipped)."""
    viewers = [v for v in only if cap is None or enumeration_size(position, v) <= cap]
    worlds = {viewer: draft_worlds(position, viewer) for viewer in viewers}
    for viewer in viewers:
        check_draft_books(position, viewer, worlds.get(1 - viewer))
    return len(viewers)


def viewer_kind(position: State, viewer: int) -> tuple[object, ...]:  # type: ignore[type-arg]
    """What makes two draft positions different for ``viewer``: their role, the round and
    phase, and their own takes (in a round they split, the viewer saw all four cards, so the
    opponent's take changes nothing they cannot see)."""
    core = position.core
    own = tuple(e.took_face_up for e in core.log if isinstance(e, ChoiceEvent) and e.chooser == viewer)
    return core.first_splitter == viewer, core.round, core.phase, own


def issue_position() -> State:  # type: ignore[type-arg]
    """Player 0 splits rounds 1, 3 and 5 and takes the face-down pair in rounds 2 and 4."""
    state = games.load("divided-ranks", first_splitter=0).new_initial_state(seed=1006)
    for action in [20, 211, 68, 211, 103, 210, 122, 211]:
        state.apply_action(action)
    return state


def test_twenty_cards_seen_match_brute_force() -> None:
    position = issue_position()
    for at in (position, position.child(position.legal_actions()[0])):
        worlds = check_draft_books(at, 0)
        assert worlds.places[at.core.reserve] == {Place.RESERVE: worlds.count}
        assert check_both(at) == 2


def test_draft_books_match_brute_force_sample() -> None:
    """One random history for each round, phase and first splitter (fast)."""
    rng = random.Random(10)
    checked = 0
    for rounds in range(ROUNDS):
        for choose in (False, True):
            for first in (0, 1):
                takes = tuple(rng.choice(TAKES) for _ in range(rounds))
                position = draft_position(first, takes, choose, seed=rng.randrange(10**6))
                checked += check_both(position, cap=7000)
    assert checked >= 33


@pytest.mark.sweep
def test_draft_books_match_brute_force_every_kind() -> None:
    """Every kind of draft position, each viewer at each kind once, every world."""
    kinds: set[tuple[object, ...]] = set()
    for number, (first, takes, choose) in enumerate(all_kinds()):
        position = draft_position(first, takes, choose, seed=number)
        new = tuple(v for v in (0, 1) if viewer_kind(position, v) not in kinds)
        kinds.update(viewer_kind(position, v) for v in new)
        assert check_both(position, only=new) == len(new)
    # each role, round and phase once per history of the viewer's own takes: 2 + 2 + 4 + 4 + 8
    # for the first splitter (who takes in rounds 2 and 4), 2 + 4 + 4 + 8 + 8 for the other
    assert len(kinds) == 46
