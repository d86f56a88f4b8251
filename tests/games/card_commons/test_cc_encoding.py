"""Card Commons' observation layout: what it holds (hand-made), that it tells apart exactly
the views that differ in what it documents, and that hidden cards never change it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from cc_witness import positions

from divided import games
from divided.cards import PACK_21, mask_indices
from divided.games.card_commons import actions as act
from divided.games.card_commons.encoding import COUNTER, LAYOUT, PIECES, entries, size
from divided.games.card_commons.state import Phase
from divided.games.card_commons.view import PlayerView, SeenBuild
from divided.games.card_commons.worlds import WorldSampler

m = PACK_21.parse_mask


def _cards(mask: int) -> list[int]:
    return mask_indices(mask)


def test_the_pieces_of_an_opening_view() -> None:
    state = games.load("card-commons", first_starter=0).new_initial_state(seed=3)
    view = state.observation(0)
    bits = LAYOUT.encode(view)
    assert bits.bit_length() <= size(LAYOUT) == sum(_size(shape) for _, shape in PIECES)
    assert entries(LAYOUT, bits, "seat") == [0]
    assert entries(LAYOUT, bits, "current_player") == [0]
    assert entries(LAYOUT, bits, "phase") == [list(Phase).index(Phase.ACT)]
    assert entries(LAYOUT, bits, "starter") == [1]  # player 0 (entry 0: not decided)
    assert entries(LAYOUT, bits, "scores") == [0, COUNTER]
    assert entries(LAYOUT, bits, "hand") == _cards(view.hand)
    assert entries(LAYOUT, bits, "hand_sizes") == [7, 11 + 6]
    assert entries(LAYOUT, bits, "pile_size") == [7]
    assert entries(LAYOUT, bits, "turn") == [0]
    for piece in ("reserved", "discards", "face_up", "used", "turn_kind", "offer", "built", "build",
                  "last_collections", "winner"):
        assert entries(LAYOUT, bits, piece) == []


def test_an_offer_in_flight_and_a_turn_taken() -> None:
    state = games.load("card-commons", first_starter=0).new_initial_state(seed=3)
    hand = _cards(state.core.hands[0])
    first, second = 1 << hand[0] | 1 << hand[1], 1 << hand[2] | 1 << hand[3]
    state.apply_action(act.offer_sets(first, second))
    bits = LAYOUT.encode(state.observation(1))
    assert entries(LAYOUT, bits, "offer_kind") == [1]
    assert entries(LAYOUT, bits, "offer") == hand[:4]
    assert entries(LAYOUT, bits, "offer_first_set") == hand[:2]
    assert entries(LAYOUT, bits, "turn_kind") == [3]  # turn 0: Offer 2 Sets
    assert entries(LAYOUT, bits, "turn_offered") == hand[:4]
    state.apply_action(act.keep_set(second))
    bits = LAYOUT.encode(state.observation(1))
    assert entries(LAYOUT, bits, "offer") == []
    assert entries(LAYOUT, bits, "turn_kept") == hand[2:4]
    assert entries(LAYOUT, bits, "face_up") == sorted(hand[:2] + [21 + c for c in hand[2:4]])
    assert entries(LAYOUT, bits, "used") == [3]


def _documented(view: PlayerView) -> tuple[Any, ...]:
    """What the layout's text says it holds, read from the view."""
    def count(n: int) -> int:
        return min(n, COUNTER - 1)
    turns = tuple(e for e in view.round_events() if not isinstance(e, SeenBuild)) \
        if view.phase != Phase.COIN else ()
    last = (view.rounds[-1].collections, view.rounds[-1].threes) if view.rounds else None
    return (view.player, view.current_player, view.phase, count(view.round), view.starter, view.options.target,
            tuple(count(s) for s in view.scores), view.hand, view.hand_sizes, view.pile_size, view.reserved,
            view.discards, view.face_up, view.used, view.turn, turns, view.offer, view.built, view.build,
            view.extra, count(view.extra_rounds), last,
            None if view.outcome is None else (view.outcome.winner,))


@pytest.mark.parametrize("options", [{}, {"first_starter": 1, "target": 3, "next_starter": "alternate"}])
def test_two_views_get_the_same_bits_exactly_when_they_agree_on_what_the_layout_holds(
        options: dict[str, Any]) -> None:
    by_bits: dict[int, set[tuple[Any, ...]]] = {}
    by_view: dict[tuple[Any, ...], set[int]] = {}
    for state in positions(options, range(6), lambda s: True):
        for player in (0, 1, None):
            view = state.observation(player)
            bits = LAYOUT.encode(view)
            assert LAYOUT.encode(view) == bits
            key = _documented(view)
            by_bits.setdefault(bits, set()).add(key)
            by_view.setdefault(key, set()).add(bits)
    assert all(len(keys) == 1 for keys in by_bits.values()), "different views, the same bits"
    assert all(len(codes) == 1 for codes in by_view.values()), "the same view, different bits"
    assert len(by_bits) > 300


def test_hidden_cards_never_change_the_bits() -> None:
    rng = random.Random(5)
    checked = 0
    for state in positions({}, range(3), lambda s: True):
        me = state.current_player()
        them = 1 - me
        sampler = WorldSampler(state.observation(me))
        bits = LAYOUT.encode(state.observation(me))
        rules = state.game.rules
        worlds = [sampler.sample(rng) for _ in range(3)]
        for world in worlds:
            assert LAYOUT.encode(rules.observe(world, me)) == bits
            assert LAYOUT.encode(rules.observe(world, None)) == LAYOUT.encode(state.observation(None))
        if any(w.hands[them] != worlds[0].hands[them] for w in worlds):
            # the opponent's own bits do see their hand
            assert len({LAYOUT.encode(rules.observe(w, them)) for w in worlds}) > 1
            checked += 1
    assert checked > 20


def _size(shape: tuple[int, ...]) -> int:
    out = 1
    for extent in shape:
        out *= extent
    return out
