"""Card Commons' books against brute force, and hand-made cases of what each side knows.

The independent expectation (the books' exchangeability argument is not used): at a late
position of a random match, every placement of the cards the viewer has not seen (found from
the full state and the rules: the viewer's own cards and every offered card are seen) into
the places the full state has (the card set aside, the opponent's hand, reserved card and
discards, the draw pile) is made into a full state, rebuilt through the engine from the start
of the match (:func:`cc_witness.replays`) and kept if the viewer's observation is identical.
Each kept placement counts as many deals as orders of arrival of the opponent's cards make
their turns legal (:func:`cc_witness.arrival_orders`); the viewer's own cards and the pile's
order contribute factors that do not depend on the placement. A card's odds of a place are
its weighted share. The default run samples positions; the sweep is marked slow.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any

import pytest
from cc_witness import arrival_orders, arrival_orders_cached, positions, replays

from divided import games
from divided.cards import PACK_21, mask_indices
from divided.games.card_commons import actions as act
from divided.games.card_commons.knowledge import ASIDE, PILE, knowledge
from divided.games.card_commons.state import ALL_CARDS, BuildEvent, CardCommonsState, Phase, TurnEvent
from divided.games.card_commons.view import observe

m = PACK_21.parse_mask
PLACES = ("aside", "hand", "reserved", "discards", "pile")
NAMES = {"aside": ASIDE, "hand": "opponent's hand", "reserved": "opponent's reserved card",
         "discards": "opponent's discards", "pile": PILE}


def _round_turns(core: CardCommonsState) -> list[TurnEvent]:
    return [e for e in core.log if isinstance(e, TurnEvent) and e.round == core.round]


def _seen_by(core: CardCommonsState, me: int) -> int:
    """The cards of the round in play the viewer has seen (from the full state)."""
    seen = core.hands[me] | core.reserved[me] | core.discards[me] | core.face_up[0] | core.face_up[1]
    for event in _round_turns(core):
        move = act.decode(event.action)
        if event.player == me or move.kind in (act.Kind.OFFER_THREE, act.Kind.OFFER_SETS):
            seen |= move.cards
    return seen


def _placements(cards: list[int], sizes: list[int]) -> Any:
    """Every way to put ``cards`` into places of the given sizes (masks per place)."""
    if not sizes:
        yield ()
        return
    for chosen in combinations(cards, sizes[0]):
        rest = [c for c in cards if c not in chosen]
        for tail in _placements(rest, sizes[1:]):
            yield (sum(1 << c for c in chosen), *tail)


def _world(core: CardCommonsState, me: int, zones: dict[str, int]) -> CardCommonsState:
    """``core`` with the opponent's hidden cards, the aside and the pile replaced."""
    them = 1 - me
    old_reserved = core.reserved[them]
    log = []
    for event in core.log:
        if isinstance(event, TurnEvent) and event.round == core.round and event.player == them:
            kind = act.kind_of(event.action)
            if kind == act.Kind.RESERVE:
                event = replace(event, action=act.reserve(zones["reserved"]))
            elif kind == act.Kind.DISCARD:
                event = replace(event, action=act.discard(zones["discards"]))
        log.append(event)
    builds = list(core.builds)
    if builds[them] & old_reserved:  # their secret build: the same build with the new card
        builds[them] = builds[them] & ~old_reserved | zones["reserved"]
    for index, event in enumerate(log):
        if event.round == core.round and isinstance(event, BuildEvent) and event.player == them:
            log[index] = replace(event, three=builds[them])

    def pair(mine: int, theirs: int) -> tuple[int, int]:
        return (mine, theirs) if me == 0 else (theirs, mine)

    drawn = core.drawn
    if drawn and core.turn_player() == them:  # their draw of this turn: one of their cards (the
        drawn = zones["hand"] & -zones["hand"]  # arrival-order weight counts every choice of it)
    return replace(core, aside=zones["aside"], hands=pair(core.hands[me], zones["hand"]), drawn=drawn,
                   reserved=pair(core.reserved[me], zones["reserved"]),
                   discards=pair(core.discards[me], zones["discards"]), placed=ALL_CARDS & ~zones["pile"],
                   builds=(builds[0], builds[1]), log=tuple(log))


def brute_force(core: CardCommonsState, me: int) -> tuple[int, dict[int, dict[str, Fraction]]]:
    """(kept placements, each unseen card's weighted odds per place) for the viewer ``me``."""
    them = 1 - me
    view = observe(core, me, games.load("card-commons").rules.current_player(core))
    unseen = mask_indices(ALL_CARDS & ~_seen_by(core, me))
    sizes = [core.aside.bit_count(), core.hands[them].bit_count(), core.reserved[them].bit_count(),
             core.discards[them].bit_count(), core.pile.bit_count()]
    assert sum(sizes) == len(unseen)
    weights: dict[int, dict[str, int]] = {c: {} for c in unseen}
    total = kept = 0
    for placement in _placements(unseen, sizes):
        zones = dict(zip(PLACES, placement, strict=True))
        world = _world(core, me, zones)
        if observe(world, me, view.current_player) != view or not replays(world):
            continue
        turns = [act.decode(e.action).cards for e in _round_turns(world) if e.player == them]
        received = zones["hand"] | zones["reserved"] | zones["discards"]
        for used in turns:
            received |= used
        weight = arrival_orders(received, turns)
        if weight == 0:
            continue
        kept += 1
        total += weight
        for place, cards in zones.items():
            for card in mask_indices(cards):
                weights[card][place] = weights[card].get(place, 0) + weight
    odds = {c: {NAMES[p]: Fraction(w, total) for p, w in places.items()} for c, places in weights.items()}
    return kept, odds


def placements_count(state: Any, me: int) -> int:
    """How many placements :func:`brute_force` tries for the viewer ``me``."""
    core = state.core
    them = 1 - me
    sizes = [core.aside.bit_count(), core.hands[them].bit_count(), core.reserved[them].bit_count(),
             core.discards[them].bit_count(), core.pile.bit_count()]
    count, left = 1, sum(sizes)
    for size in sizes:
        count *= comb(left, size)
        left -= size
    return count


def late(limit: int) -> Any:
    """Positions from the fifth turn of a round to the build, small enough for ``limit``
    placements per viewer."""
    def keep(state: Any) -> bool:
        core = state.core
        return (core.phase in (Phase.ACT, Phase.KEEP, Phase.BUILD) and core.turn >= 4
                and max(placements_count(state, me) for me in (0, 1)) <= limit)
    return keep


def check(state: Any) -> None:
    core = state.core
    for me in (0, 1):
        kept, odds = brute_force(core, me)
        assert kept == placements_count(state, me), "every placement of the unseen cards is a consistent world"
        books = knowledge(state.observation(me))
        assert books.unaccounted == {c: {p: f for p, f in places.items() if f} for c, places in odds.items()}


def _one_of_each_kind(states: list[Any]) -> list[Any]:
    """The first position of each kind (phase, turn, whether seat 0 has built)."""
    kinds: dict[tuple[Any, ...], Any] = {}
    for state in states:
        kinds.setdefault((state.core.phase, state.core.turn, bool(state.core.builds[0])), state)
    return list(kinds.values())


SAMPLE = _one_of_each_kind(list(positions({}, range(4), late(100))))


def test_the_sample_covers_every_unseen_place() -> None:
    covered = set()
    for state in SAMPLE:
        core = state.core
        for me in (0, 1):
            them = 1 - me
            covered |= {name for name, cards in (("pile", core.pile), ("hand", core.hands[them]),
                                                   ("reserved", core.reserved[them]),
                                                   ("discards", core.discards[them])) if cards}
            if core.builds[them] and not core.builds[me]:
                covered.add("secret build")
    assert covered == {"pile", "hand", "reserved", "discards", "secret build"}


@pytest.mark.parametrize("index", range(len(SAMPLE)))
def test_books_match_brute_force_at_late_positions(index: int) -> None:
    check(SAMPLE[index])


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4, 10))
def test_books_match_brute_force_sweep(seed: int) -> None:
    for state in positions({"first_starter": seed % 2}, range(seed, seed + 1), late(1500)):
        check(state)


def spectator_brute_force(core: CardCommonsState) -> dict[int, dict[str, Fraction]]:
    """A spectator's odds by the same method: both players' hidden cards are placed."""
    view = observe(core, None, games.load("card-commons").rules.current_player(core))
    seen = core.face_up[0] | core.face_up[1]
    for event in _round_turns(core):
        move = act.decode(event.action)
        if move.kind in (act.Kind.OFFER_THREE, act.Kind.OFFER_SETS):
            seen |= move.cards
    unseen = mask_indices(ALL_CARDS & ~seen)
    zones = [("aside", core.aside), ("pile", core.pile)]
    for seat in (0, 1):
        zones += [(f"hand {seat}", core.hands[seat]), (f"reserved {seat}", core.reserved[seat]),
                  (f"discards {seat}", core.discards[seat])]
    names = {"aside": ASIDE, "pile": PILE}
    for seat in (0, 1):
        names |= {f"hand {seat}": f"player {seat}'s hand", f"reserved {seat}": f"player {seat}'s reserved card",
                  f"discards {seat}": f"player {seat}'s discards"}
    weights: dict[int, dict[str, int]] = {c: {} for c in unseen}
    total = 0
    for placement in _placements(unseen, [cards.bit_count() for _, cards in zones]):
        placed = dict(zip([name for name, _ in zones], placement, strict=True))
        world = _world(core, 1, {"aside": placed["aside"], "pile": placed["pile"], "hand": placed["hand 0"],
                                 "reserved": placed["reserved 0"], "discards": placed["discards 0"]})
        world = _world(world, 0, {"aside": placed["aside"], "pile": placed["pile"], "hand": placed["hand 1"],
                                  "reserved": placed["reserved 1"], "discards": placed["discards 1"]})
        if observe(world, None, view.current_player) != view or not replays(world):
            continue
        weight = 1
        for seat in (0, 1):
            turns = [act.decode(e.action).cards for e in _round_turns(world) if e.player == seat]
            received = world.hands[seat] | world.reserved[seat] | world.discards[seat]
            for used in turns:
                received |= used
            weight *= arrival_orders_cached(received, turns)
        total += weight
        for name, cards in placed.items():
            for card in mask_indices(cards):
                weights[card][name] = weights[card].get(name, 0) + weight
    return {c: {names[p]: Fraction(w, total) for p, w in places.items() if w} for c, places in weights.items()}


@pytest.mark.slow
def test_spectator_books_match_brute_force_at_the_build() -> None:
    at_builds = positions({}, range(3), lambda s: s.core.phase == Phase.BUILD and not s.core.builds[0])
    for _, state in zip(range(3), at_builds, strict=False):  # about ten seconds each
        assert knowledge(state.observation(None)).unaccounted == spectator_brute_force(state.core)


# -- hand-made cases ---------------------------------------------------------------------------

def _names(mask: int) -> list[str]:
    return [str(PACK_21[c]) for c in mask_indices(mask)]


def _opening() -> Any:
    """Player 0 starts; both have their six and player 0 has drawn."""
    return games.load("card-commons", first_starter=0).new_initial_state(seed=3)


def test_at_the_first_turn_the_unseen_cards_share_the_places_by_their_sizes() -> None:
    state = _opening()
    books = knowledge(state.observation(1))  # player 1 holds six; fifteen cards unseen
    assert books.slots == {PILE: 7, ASIDE: 1, "opponent's hand": 7}
    assert set(books.unaccounted) == set(mask_indices(ALL_CARDS & ~state.core.hands[1]))
    assert all(places == {PILE: Fraction(7, 15), ASIDE: Fraction(1, 15), "opponent's hand": Fraction(7, 15)}
               for places in books.unaccounted.values())


def test_a_reserved_card_is_a_back_to_the_opponent_and_marked_unseen_in_your_collection() -> None:
    state = _opening()
    card = mask_indices(state.core.hands[0])[0]
    state.apply_action(act.reserve(1 << card))
    mine, theirs = knowledge(state.observation(0)), knowledge(state.observation(1))
    assert mine.to_json()["mine"]["hidden_from_opponent"] == [str(PACK_21[card])]  # type: ignore[index]
    assert mine.to_json()["seats"][0]["reserved"] == str(PACK_21[card])  # type: ignore[index]
    seat = theirs.to_json()["seats"][0]  # type: ignore[index]
    assert seat["reserved"] == "back" and seat["face_up"] == []
    # player 1 has drawn: seven cards seen, fourteen unseen
    assert theirs.unaccounted[card]["opponent's reserved card"] == Fraction(1, 14)
    assert theirs.slots == {PILE: 6, ASIDE: 1, "opponent's hand": 6, "opponent's reserved card": 1}
    assert "## (reserved)" in theirs.describe()


def test_your_own_discards_are_known_and_theirs_are_unaccounted_for() -> None:
    state = _opening()
    pair = sum(1 << c for c in mask_indices(state.core.hands[0])[:2])
    state.apply_action(act.discard(pair))
    mine, theirs = knowledge(state.observation(0)), knowledge(state.observation(1))
    assert mine.to_json()["mine"]["discards"] == _names(pair)  # type: ignore[index]
    assert not set(mask_indices(pair)) & set(mine.unaccounted)
    assert all(theirs.unaccounted[c]["opponent's discards"] == Fraction(2, 14) for c in mask_indices(pair))


def test_offered_cards_are_seen_by_both_and_the_face_up_cards_are_marked_seen() -> None:
    state = _opening()
    three = sum(1 << c for c in mask_indices(state.core.hands[0])[:3])
    state.apply_action(act.offer_three(three))
    kept = 1 << mask_indices(three)[0]
    state.apply_action(act.keep_card(kept))
    for player in (0, 1, None):
        books = knowledge(state.observation(player))
        assert not set(mask_indices(three)) & set(books.unaccounted)
        assert books.face_up == (three & ~kept, kept)
    assert knowledge(state.observation(0)).to_json()["mine"]["seen_by_opponent"] == _names(three & ~kept)  # type: ignore[index]


def _hidden_cards(core: CardCommonsState, viewer: int | None) -> int:
    """Cards the viewer must not be able to name: the other side's hand, reserved card and
    discards (both sides' for a spectator), the card set aside and the pile."""
    out = core.aside | core.pile
    for seat in (0, 1):
        if seat != viewer:
            out |= core.hands[seat] | core.reserved[seat] | core.discards[seat]
    return out


@pytest.mark.parametrize("options", [{}, {"first_starter": 1, "target": 3}])
def test_the_books_never_name_a_hidden_card_outside_the_unaccounted_list(options: dict[str, Any]) -> None:
    for state in positions(options, range(2), lambda s: True):
        core = state.core
        if core.phase == Phase.OVER:
            continue
        for viewer in (0, 1, None):
            data = knowledge(state.observation(viewer)).to_json()
            listed = {entry["card"] for entry in data.pop("unaccounted")}  # type: ignore[union-attr,index]
            text = json.dumps(data)
            for card in mask_indices(_hidden_cards(core, viewer)):
                assert str(PACK_21[card]) in listed
                assert f'"{PACK_21[card]}"' not in text, f"{PACK_21[card]} named to {viewer}"


def test_spectator_books_hold_only_public_facts() -> None:
    state = _opening()
    state.apply_action(state.legal_actions()[0])
    books = knowledge(state.observation(None))
    assert books.player is None and "mine" not in books.to_json()
    assert books.slots == {PILE: 6, ASIDE: 1, "player 0's hand": 6, "player 0's reserved card": 1,
                           "player 1's hand": 7}
    assert len(books.unaccounted) == 21


def test_the_showdown_shows_the_reserved_cards_but_not_the_discards() -> None:
    checked = 0
    for state in positions({"target": 3}, range(8), lambda s: s.core.phase == Phase.BUILD and s.core.builds[0] != 0):
        core = state.core
        state.apply_action(state.legal_actions()[0])  # player 1 builds: the round is scored
        if not state.is_terminal():
            continue
        books = knowledge(state.observation(0))
        assert books.to_json()["seats"][1]["reserved"] == str(PACK_21[core.reserved[1].bit_length() - 1])  # type: ignore[index]
        assert set(books.unaccounted) == set(mask_indices(core.aside | core.discards[1]))
        assert books.slots == {ASIDE: 1, "opponent's discards": 2}
        checked += 1
    assert checked
