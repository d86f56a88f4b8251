"""Card Commons' world sampler: sampled worlds look exactly like the view, are states the
engine reaches (rebuilt from the start of the match by :func:`cc_witness.replays`), and are
drawn uniformly: every placement of the unseen cards equally often (counted against the
placements enumerated here), the opponent's secret build and past discards uniformly too."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import combinations
from math import comb
from typing import Any

import pytest
from cc_witness import positions, replays

from divided import games
from divided.cards import mask_indices
from divided.games.card_commons import actions as act
from divided.games.card_commons.rules import CardCommonsRules
from divided.games.card_commons.state import ALL_CARDS, Phase, TurnEvent
from divided.games.card_commons.worlds import WorldSampler, sample_state

RULES = CardCommonsRules()


def _every_position(options: dict[str, Any], seed: int) -> list[Any]:
    """Every position of one match with explicit chance (coin, deals and draws included)."""
    rng = random.Random(seed)
    state = games.load("card-commons", **options).new_initial_state()
    out = []
    while True:
        out.append(state.clone())
        if state.is_terminal():
            return out
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("options", "seed"), [({}, 1), ({"first_starter": 1, "target": 3}, 2),
                                               ({"next_starter": "alternate"}, 3)])
def test_sampled_worlds_look_like_the_view_at_every_move_and_the_engine_reaches_them(
        options: dict[str, Any], seed: int) -> None:
    rng = random.Random(seed)
    for number, state in enumerate(_every_position(options, seed)):
        for player in (0, 1):
            view = state.observation(player)
            sampler = WorldSampler(view)
            for _ in range(2):
                world = sampler.sample(rng)
                assert RULES.observe(world, player) == view
                assert RULES.observe(world, None) == state.observation(None)
                assert RULES.current_player(world) == state.current_player()
                assert sampler.weight(world) == 1.0
            if number % 7 == 0:  # rebuilding through the engine is slower: a sample of positions
                assert replays(world), f"move {number}: the engine does not reach the sampled world"


def _placement(world: Any, them: int) -> tuple[int, int, int, int, int]:
    return (world.aside, world.hands[them], world.reserved[them], world.discards[them], world.pile)


def _expected_placements(state: Any, me: int) -> set[tuple[int, int, int, int, int]]:
    """Every placement of the cards ``me`` has not seen into the places of the full state."""
    core = state.core
    them = 1 - me
    seen = core.hands[me] | core.reserved[me] | core.discards[me] | core.face_up[0] | core.face_up[1]
    for event in core.log:
        if isinstance(event, TurnEvent) and event.round == core.round:
            move = act.decode(event.action)
            if event.player == me or move.kind in (act.Kind.OFFER_THREE, act.Kind.OFFER_SETS):
                seen |= move.cards
    unseen = mask_indices(ALL_CARDS & ~seen)
    sizes = [core.aside.bit_count(), core.hands[them].bit_count(), core.reserved[them].bit_count(),
             core.discards[them].bit_count()]
    out: set[tuple[int, int, int, int, int]] = set()

    def fill(left: list[int], done: tuple[int, ...]) -> None:
        if len(done) == len(sizes):
            pile = sum(1 << c for c in left)
            out.add((done[0], done[1], done[2], done[3], pile))
            return
        for chosen in combinations(left, sizes[len(done)]):
            fill([c for c in left if c not in chosen], (*done, sum(1 << c for c in chosen)))

    fill(unseen, ())
    return out


def _mid_round(state: Any) -> bool:
    """A decision with cards in the pile and the opponent's hand, a hidden reserved card or
    discards, and few placements (at most 60)."""
    core = state.core
    them = 1 - core.turn_player() if core.phase == Phase.ACT else core.turn_player()
    if not (core.phase in (Phase.ACT, Phase.KEEP) and core.pile and core.hands[them]
            and (core.reserved[them] or core.discards[them])):
        return False
    count, left = 1, (core.aside | core.hands[them] | core.reserved[them] | core.discards[them] | core.pile).bit_count()
    for zone in (core.aside, core.hands[them], core.reserved[them], core.discards[them]):
        count *= comb(left, zone.bit_count())
        left -= zone.bit_count()
    return count <= 60


def test_every_placement_of_the_unseen_cards_is_drawn_equally_often() -> None:
    state = next(iter(positions({}, range(20), _mid_round)))
    me = state.current_player()
    expected = _expected_placements(state, me)
    sampler = WorldSampler(state.observation(me))
    rng = random.Random(4)
    draws = 200 * len(expected)
    counts = Counter(_placement(sampler.sample(rng), 1 - me) for _ in range(draws))
    assert set(counts) == expected
    # Chi-square with len(expected) - 1 degrees of freedom (at most 59): the 0.9999 quantile is
    # below 2 * 59 for the sizes used here, a loose bound that a biased sampler still fails.
    chi2 = sum((n - 200) ** 2 / 200 for n in counts.values())
    assert chi2 < 2 * max(len(expected) - 1, 20)


def test_the_opponents_secret_build_is_uniform_over_their_56() -> None:
    state = next(iter(positions({}, range(10), lambda s: s.core.phase == Phase.BUILD and s.core.builds[0] != 0)))
    sampler = WorldSampler(state.observation(1))
    rng = random.Random(6)
    with_reserved = 0
    draws = 4000
    for _ in range(draws):
        world = sampler.sample(rng)
        collection = world.reserved[0] | world.face_up[0]
        assert world.builds[0] & ~collection == 0 and world.builds[0].bit_count() == 3
        with_reserved += bool(world.builds[0] & world.reserved[0])
    # a uniform build holds a given card of the eight with chance C(7, 2) / C(8, 3) = 3/8
    assert abs(with_reserved / draws - 3 / 8) < 5 * (3 / 8 * 5 / 8 / draws) ** 0.5


def test_past_discards_of_the_opponent_are_drawn_from_the_cards_never_seen() -> None:
    state = next(iter(positions({}, range(10), lambda s: s.core.round >= 1 and s.core.phase == Phase.ACT)))
    view = state.observation(0)
    sampler = WorldSampler(view)
    rng = random.Random(8)
    core = state.core
    index = next(i for i, e in enumerate(core.log) if isinstance(e, TurnEvent) and e.round == 0 and e.player == 1
                 and act.kind_of(e.action) == act.Kind.DISCARD)
    result = core.rounds[0]
    shown = result.collections[0] | result.collections[1]
    mine = 0
    for event in core.log:
        if isinstance(event, TurnEvent) and event.round == 0:
            move = act.decode(event.action)
            if event.player == 0 or move.kind in (act.Kind.OFFER_THREE, act.Kind.OFFER_SETS):
                mine |= move.cards
    never_seen = ALL_CARDS & ~shown & ~mine
    assert never_seen.bit_count() == 3
    pairs = Counter()
    for _ in range(900):
        event = sampler.sample(rng).log[index]
        assert isinstance(event, TurnEvent)
        pairs[act.decode(event.action).cards] += 1
    assert set(pairs) == {a | b for a, b in combinations([1 << c for c in mask_indices(never_seen)], 2)}
    assert all(abs(n - 300) < 75 for n in pairs.values())


def test_a_spectator_or_an_impossible_view_has_no_sampler() -> None:
    state = games.load("card-commons", first_starter=0).new_initial_state(seed=3)
    with pytest.raises(ValueError, match="spectator"):
        WorldSampler(state.observation(None))
    view = state.observation(0)
    with pytest.raises(ValueError, match="inconsistent"):
        WorldSampler(replace(view, hand_sizes=(7, 7)))
    with pytest.raises(ValueError, match="inconsistent"):
        WorldSampler(replace(view, pile_size=3))
    world = sample_state(view, random.Random(1))
    assert RULES.observe(world, 0) == view
