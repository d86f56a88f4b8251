"""The Card Commons expert and advisor: legal, a function of the view and the salt, never reads a
hidden card, samples worlds consistent with the view, and plays at least as well as skilled."""

from __future__ import annotations

import random

import pytest
from cc_positions import RULES, other_world, play, positions

from divided.bots import advisor, make_bot
from divided.bots.base import MIN_WORLDS
from divided.bots.card_commons.expert import REVIEW_WORLDS, ExpertBot, candidates, sample_round
from divided.bots.card_commons.rollouts import rollout_policy
from divided.bots.card_commons.skilled import SkilledBot
from divided.games.card_commons.state import ALL_CARDS, Phase

SMALL = ExpertBot(worlds=3, top=3, screen=2)


def _sample_positions(seeds: range, every: int = 3) -> list[tuple[object, object, list[int]]]:
    bot = SkilledBot()
    found = []
    for seed in seeds:
        for i, position in enumerate(positions([bot, bot], seed)):
            if i % every == 0:
                found.append(position)
    return found


def test_registered_with_levels_and_as_the_advisor() -> None:
    from divided.bots import specs

    levels = {spec.name: spec.level for spec in specs("card-commons")}
    assert levels["random"] == 0 and levels["skilled"] == 1 and levels["expert"] == 2
    assert isinstance(make_bot("card-commons", "expert:worlds=2,top=2"), ExpertBot)
    assert isinstance(advisor("card-commons", budget=8), ExpertBot)
    # The review passes a large cap on sampled worlds: the advisor never uses more than its own count.
    assert advisor("card-commons", budget=65_536).budget == REVIEW_WORLDS
    assert advisor("card-commons", budget=5).budget == 5 and advisor("card-commons").budget == REVIEW_WORLDS


def test_legal_deterministic_and_from_the_view_only() -> None:
    rng = random.Random(3)
    checked = 0
    for state, view, legal in _sample_positions(range(2), every=6):
        if view.phase == Phase.BUILD:
            continue
        choice = SMALL.choose(view, legal, random.Random(0))
        assert choice in legal
        assert ExpertBot(worlds=3, top=3, screen=2).choose(view, legal, random.Random(7)) == choice
        world = other_world(state, view.player, rng)
        assert SMALL.choose(RULES.observe(world, view.player), legal, random.Random(0)) == choice
        checked += 1
    assert checked >= 5


def test_candidates_keep_the_skilled_choice() -> None:
    skilled = SkilledBot()
    for _, view, legal in _sample_positions(range(3), every=2):
        if view.phase in (Phase.ACT, Phase.KEEP):
            found = candidates(view, legal, 2)
            assert skilled.choose(view, legal, random.Random(0)) in found
            assert len(found) == min(len(legal), 2) or view.phase == Phase.KEEP


def test_evaluation_values_every_legal_action_and_picks_a_candidate() -> None:
    _, view, legal = next((s, v, lg) for s, v, lg in _sample_positions(range(1), every=1)
                          if v.phase == Phase.ACT and 10 < len(lg) < 40)
    found = SMALL.evaluate(view, legal, salt=5)
    assert set(found.values) == set(legal)
    assert all(0.0 <= value <= 1.0 for value in found.values.values())
    assert found == SMALL.evaluate(view, legal, salt=5)  # one view and salt, one answer
    choice = SMALL.pick(view, legal, found.values)
    assert choice in candidates(view, legal, SMALL.top)
    assert choice == SMALL.choose(view, legal, random.Random(0)) or SMALL.salt != 5
    refined = SMALL.refine(view, (legal[0], choice), salt=1, target=0.0, budget=6)
    assert refined.worlds == 6 and set(refined.values) == {legal[0], choice}
    assert refined == SMALL.refine(view, (legal[0], choice), salt=1, target=0.0, budget=6)
    # the target stops it at the first batch that reaches MIN_WORLDS (an error over fewer is no estimate)
    first_enough = -(-MIN_WORLDS // SMALL.worlds) * SMALL.worlds
    assert SMALL.refine(view, (legal[0], choice), salt=1, target=10.0, budget=60).worlds == first_enough
    asked: list[int] = []  # the review's "settled yet?" question, asked after each batch
    settled = SMALL.refine(view, (legal[0], choice), salt=1, target=0.0, budget=60,
                           enough=lambda so_far: asked.append(so_far.worlds) or len(asked) == 2)
    assert asked == [SMALL.worlds, 2 * SMALL.worlds] and settled.worlds == 2 * SMALL.worlds


def test_sampled_worlds_agree_with_the_view() -> None:
    rng = random.Random(9)
    for state, view, _ in _sample_positions(range(2), every=1):
        if view.phase not in (Phase.ACT, Phase.KEEP):
            continue
        me, them = view.player, 1 - view.player
        world = sample_round(view, rng)
        assert world.hands[me] == state.hands[me] and world.reserved[me] == state.reserved[me]
        assert world.face_up == list(state.face_up) and world.used == list(state.used)
        assert world.hands[them].bit_count() == state.hands[them].bit_count()
        assert world.reserved[them].bit_count() == state.reserved[them].bit_count()
        assert world.discards[them].bit_count() == state.discards[them].bit_count()
        assert sorted(world.pile) == sorted(c for c in range(21) if world_pile_bits(world) >> c & 1)
        assert len(world.pile) == state.pile.bit_count()
        zones = [*world.hands, *world.reserved, *world.face_up, *world.discards, world_pile_bits(world)]
        union = 0
        for zone in zones:
            assert not union & zone
            union |= zone
        on_the_table = _offer_size(state.offer) if state.offer >= 0 else 0
        assert (ALL_CARDS ^ union).bit_count() == 1 + on_the_table  # the card set aside, the offer


def world_pile_bits(world: object) -> int:
    return sum(1 << c for c in world.pile)  # type: ignore[attr-defined]


def _offer_size(offer: int) -> int:
    from divided.games.card_commons import actions as act

    return act.decode(offer).cards.bit_count()


def test_ismcts_rollouts_give_complementary_chances() -> None:
    rng = random.Random(4)
    for kind in ("random", "skilled"):
        policy = rollout_policy(kind)
        for state, _view, _ in _sample_positions(range(1), every=2):
            assert policy.searched(state)
            first, second = policy.rollout(state, rng)
            assert 0.0 <= first <= 1.0 and first + second == pytest.approx(1.0)
    with pytest.raises(ValueError):
        rollout_policy("nonsense")


@pytest.mark.slow
def test_expert_beats_skilled() -> None:
    expert, skilled = make_bot("card-commons", "expert"), SkilledBot()
    score = 0.0
    for seed in range(12):
        for seat in (0, 1):
            bots = [expert, skilled] if seat == 0 else [skilled, expert]
            score += (play(bots, 500 + seed)[seat] + 1) / 2
    assert score / 24 > 0.55


def test_sampled_worlds_follow_the_rooms_sampler() -> None:
    # The expert deals the unseen cards itself (on masks, fast); the room's sampler is the project's
    # reference for the distribution: where each unseen card lies must agree within sampling error.
    from divided import games

    found = [view for _, view, _ in _sample_positions(range(1), every=1) if view.phase in (Phase.ACT, Phase.KEEP)]
    for view in (found[3], found[9]):
        them = 1 - view.player
        sampler = games.room("card-commons").sampler(view)
        rng, n = random.Random(8), 1500
        ours = [0] * 21
        theirs = [0] * 21
        for _ in range(n):
            world = sample_round(view, rng)
            reference = sampler.sample(rng)
            for card in range(21):
                ours[card] += world.hands[them] >> card & 1
                theirs[card] += reference.hands[them] >> card & 1
        for card in range(21):
            p = (ours[card] + theirs[card]) / (2 * n)
            assert abs(ours[card] - theirs[card]) / n <= 5 * (2 * p * (1 - p) / n) ** 0.5 + 1e-9, (card, view)
