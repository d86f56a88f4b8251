"""DIVIDE's world sampler: sampled states look exactly like the view, are states the game can
go on from, fill hidden passes consistently with the hands, and are uniform over the
placements the books count."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from divided import games
from divided.games import State
from divided.games.divide import actions as act
from divided.games.divide.deals import deals_of
from divided.games.divide.rules import DivideRules
from divided.games.divide.state import DivideState, PassEvent, Phase, TrickEvent
from divided.games.divide.view import PlayerView
from divided.games.divide.worlds import WorldSampler

RULES = DivideRules()


def positions(players: int, seed: int, rng: random.Random, **options: object) -> Iterator[State[DivideState, PlayerView]]:
    """Every decision of one random game (seeded chance)."""
    state = games.load("divide", players=players, **options).new_initial_state(seed=seed)
    while not state.is_terminal():
        yield state
        state.apply_action(rng.choice(state.legal_actions()))


def finish(world: DivideState, rng: random.Random) -> DivideState:
    while world.phase != Phase.OVER:
        if RULES.current_player(world) < 0:
            world = RULES.apply(world, rng.choice(RULES.chance_outcomes(world))[0])
        else:
            world = RULES.apply(world, rng.choice(RULES.legal_actions(world)))
    return world


def holding_after_pass(world: DivideState, seat: int, number: int) -> int:
    """The cards ``seat`` held after the exchange of round ``number``: played in Tricks 2-9, and
    still in hand in the round in play."""
    out = world.hands[seat] if number == world.round else 0
    if number == world.round and world.phase == Phase.PLAY and world.trick >= 2:
        out |= sum(1 << card for who, card in world.plays if who == seat)
    for event in world.log:
        if isinstance(event, TrickEvent) and event.round == number and event.trick >= 2:
            for who, card in event.plays:
                if who == seat:
                    out |= 1 << card
    return out


@pytest.mark.parametrize("players", [4, 6])
def test_every_seat_samples_worlds_it_cannot_tell_from_the_real_one(players: int) -> None:
    rng = random.Random(players)
    for state in positions(players, 40 + players, rng, first_dealer=1, rounds=2, end_score="off"):
        if rng.random() > 0.35:
            continue
        spectator = state.observation(None)
        for seat in range(players):
            view = state.observation(seat)
            sampler = WorldSampler(view)
            world = sampler.sample(rng)
            assert RULES.observe(world, seat) == view
            assert RULES.observe(world, None) == spectator
            assert sampler.weight(world) == 1.0
            if seat == state.current_player():
                assert sorted(RULES.legal_actions(world)) == sorted(state.legal_actions())
            # the hidden passes come from the receiver's post-pass holding
            for event in world.log:
                if isinstance(event, PassEvent):
                    for card, receiver in ((event.left, (event.player + 1) % players),
                                           (event.right, (event.player - 1) % players)):
                        assert holding_after_pass(world, receiver, event.round) >> card & 1
            if world.phase in (Phase.PLAY, Phase.DRAFT) and world.round > 0 and rng.random() < 0.05:
                assert finish(world, rng).outcome is not None  # a sampled world plays on to the end


def test_passes_in_transit_and_commits_are_sampled_before_the_flip() -> None:
    rng = random.Random(3)
    state = games.load("divide", first_dealer=0).new_initial_state(seed=8)
    for _ in range(4 + 2):  # four commits, two passes
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.core.phase == Phase.PASS and state.current_player() == 3
    view = state.observation(3)
    seen: Counter[int] = Counter()
    for _ in range(200):
        world = WorldSampler(view).sample(rng)
        assert RULES.observe(world, 3) == view
        left, right = act.pass_cards(world.passes[1])
        assert not world.hands[1] >> left & 1 and not world.hands[1] >> right & 1
        assert world.commits[1] not in (left, right)
        seen[world.commits[1]] += 1
    assert len(seen) > 20  # the commit is not fixed


def test_sampling_is_uniform_over_the_placements_the_books_count() -> None:
    rng = random.Random(5)
    for state in positions(4, 12, rng, first_dealer=0, rounds=1):
        if state.core.trick == 8 and state.core.phase == Phase.PLAY:
            break
    view = state.observation(state.current_player())
    deals, _ = deals_of(view)
    sampler = WorldSampler(view)
    draws = 20 * deals.count if deals.count < 400 else 4000
    counts = Counter(tuple(w.hands) for w in (sampler.sample(rng) for _ in range(draws)))
    if deals.count < 400:
        assert len(counts) == deals.count  # every placement (of the hands) is reached
    # every card's frequency in each hand agrees with the exact odds (3 standard errors)
    odds = deals.probabilities()
    for card, places in odds.items():
        for seat in range(4):
            if seat == view.player:
                continue
            p = float(places.get(f"player {seat}'s hand", 0))
            freq = sum(n for hands, n in counts.items() if hands[seat] >> card & 1) / draws
            assert abs(freq - p) <= 3 * (p * (1 - p) / draws) ** 0.5 + 1e-9


def test_a_spectator_or_an_impossible_view_has_no_sampler() -> None:
    state = games.load("divide", first_dealer=0).new_initial_state(seed=8)
    with pytest.raises(ValueError, match="spectator"):
        WorldSampler(state.observation(None))
    view = state.observation(0)
    from dataclasses import replace
    with pytest.raises(ValueError, match="inconsistent"):
        WorldSampler(replace(view, hand_sizes=(9, 9, 9, 30)))


@pytest.mark.parametrize("players", [4, 6])
def test_views_at_chance_nodes_sample_too(players: int) -> None:
    """Chance given move by move: the first dealer, every dealt card and every token."""
    rng = random.Random(players)
    state = games.load("divide", players=players, rounds=1).new_initial_state()
    phases: set[Phase] = set()
    while not state.is_terminal():
        if state.is_chance_node() and (state.core.phase != Phase.DEAL or rng.random() < 0.2):
            phases.add(state.core.phase)
            for seat in range(players):
                view = state.observation(seat)
                world = WorldSampler(view).sample(rng)
                assert RULES.observe(world, seat) == view
                if state.core.phase == Phase.TOKENS:
                    assert RULES.chance_outcomes(world) == state.chance_outcomes()
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert phases == {Phase.DEALER, Phase.DEAL, Phase.TOKENS}
