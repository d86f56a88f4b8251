"""The skilled Card Commons bot: legal, deterministic, decides from the view alone, plays sensible
hand-made positions, and beats random play."""

from __future__ import annotations

import dataclasses
import random

import pytest
from cc_positions import RULES, other_world, play, positions

from divided.bots import make_bot
from divided.bots.card_commons import skilled as sk
from divided.cards import PACK_21
from divided.games.card_commons import actions as act
from divided.games.card_commons.state import Phase

m = PACK_21.parse_mask


def test_registered_for_card_commons_only() -> None:
    bot = make_bot("card-commons", "skilled")
    assert bot.name == "skilled"
    assert type(bot) is not type(make_bot("divided-ranks", "skilled"))


def test_every_choice_is_legal_and_a_function_of_the_view() -> None:
    bot = make_bot("card-commons", "skilled")
    rng = random.Random(5)
    seen = 0
    for seed in range(2):
        for state, view, legal in positions([bot, bot], seed):
            choice = bot.choose(view, legal, random.Random(0))
            assert choice in legal
            assert bot.choose(view, legal, random.Random(99)) == choice  # no dependence on the rng
            assert bot.action_probabilities(view, legal)[choice] == 1.0
            world = other_world(state, view.player, rng)  # same view, other hidden cards
            assert bot.choose(RULES.observe(world, view.player), legal, random.Random(0)) == choice
            seen += 1
    assert seen > 40


def test_the_same_view_gets_the_same_choice_with_cold_caches() -> None:
    bot = make_bot("card-commons", "skilled")
    found = [(view, legal, bot.choose(view, legal, random.Random(0)))
             for _, view, legal in positions([bot, bot], 11)][:20]
    sk._TURNS.clear()
    sk._PROSPECTS.clear()
    for view, legal, choice in found:
        assert sk.SkilledBot().choose(view, legal, random.Random(1)) == choice


def _first_turn(hand: str, seat: int = 0) -> tuple[object, object]:
    """A first turn of round 1 for ``seat`` holding ``hand`` (seven cards, after the draw)."""
    game = RULES
    state = game.initial_state({"first_starter": seat})
    cards = m(hand)
    rest = [c for c in range(21) if not cards >> c & 1]
    other = sum(1 << c for c in rest[:6])
    aside = 1 << rest[6]
    hands = (cards, other) if seat == 0 else (other, cards)
    state = dataclasses.replace(state, phase=Phase.ACT, hands=hands, aside=aside,
                                placed=cards | other | aside, deal_count=13)
    return state, RULES.observe(state, seat)


def test_never_gives_away_a_card_of_four_aces() -> None:
    state, view = _first_turn("As Ah Ad Ac Tc Jd Qh")
    legal = RULES.legal_actions(state)
    choice = sk.SkilledBot().choose(view, legal, random.Random(0))
    move = act.decode(choice)
    aces = m("As Ah Ad Ac")
    assert move.kind == act.Kind.RESERVE or not move.cards & aces, act.describe(choice)


def test_keeps_the_card_that_makes_four_of_a_kind() -> None:
    # Player 1 holds three aces face up; player 0 offers As with two tens.
    state, _ = _first_turn("Ts Th Jd Jc Qh Qs Kd")
    state = dataclasses.replace(state, face_up=(0, m("Ah Ad Ac")), phase=Phase.KEEP,
                                offer=act.offer_three(m("As Td Tc")))
    view = RULES.observe(state, 1)
    legal = RULES.legal_actions(state)
    assert sk.SkilledBot().choose(view, legal, random.Random(0)) == act.keep_card(m("As"))


def test_an_offer_of_sets_gives_the_opponent_the_weaker_set() -> None:
    # The opponent shows three kings; we offer Kc (their fourth king) only if paired with junk they would still
    # prefer: the model of their pick must give them the set with the king.
    theirs = m("Ks Kh Kd")
    took = sk._their_pick(m("Kc Ts Ah Ad"), (m("Kc Ts"), m("Ah Ad")), 0, theirs)
    assert took == m("Kc Ts")


def test_builds_the_c7_example_for_points_not_the_strongest_five() -> None:
    # Ruling C7's example: full house first loses the 5-card hand; three kings in the 3-card hand win a point.
    mine = m("Ks Kh Kd Qs Qh Jc Tc Ad")
    theirs = m("As Ah Ac Js Jh Td Th Jd")
    scores = sk.build_scores(mine, theirs, 0)
    strongest_five_first = act.build(m("Jc Tc Ad"))
    assert scores[strongest_five_first] < max(scores.values())
    assert sk.build_choice(mine, theirs, 0) != strongest_five_first


@pytest.mark.parametrize("seats", [(0, 1), (1, 0)])
def test_beats_random_play(seats: tuple[int, int]) -> None:
    skilled = make_bot("card-commons", "skilled")
    uniform = make_bot("card-commons", "random:forced=no")
    wins = 0
    for seed in range(10):
        bots = [skilled, uniform] if seats == (0, 1) else [uniform, skilled]
        returns = play(bots, 100 + seed)
        wins += returns[seats.index(0)] > 0
    assert wins >= 8  # the lab measured 0.999 over 2,000 games


def test_moves_number_actions_as_the_engine_does() -> None:
    from divided.games.card_commons.rules import turn_actions

    rng = random.Random(1)
    for _ in range(400):
        hand = sum(1 << c for c in rng.sample(range(21), rng.randint(1, 8)))
        used = rng.randrange(16)
        found = sk.moves(hand, used)
        assert [action for action, *_ in found] == turn_actions(hand, used)
        for action, kind, cards, parts in found:
            move = act.decode(action)
            assert (move.kind, move.cards) == (kind, cards)
            if move.sets is not None:
                assert set(parts) == set(move.sets)
            elif kind == act.Kind.OFFER_THREE:
                assert sum(parts) == cards and len(parts) == 3


def test_collection_values_match_a_direct_search_of_the_splits() -> None:
    from itertools import combinations

    from divided.bots.card_commons.values import collection_value, five_value, three_value

    rng = random.Random(2)
    for size in (0, 1, 3, 5, 6, 8):
        for _ in range(20):
            cards = rng.sample(range(21), size)
            mask = sum(1 << c for c in cards)
            best = max(2 * five_value(mask ^ sum(1 << c for c in small)) + three_value(sum(1 << c for c in small))
                       for k in range(4) for small in combinations(cards, k) if size - k <= 5)
            assert collection_value(mask) == pytest.approx(best)
