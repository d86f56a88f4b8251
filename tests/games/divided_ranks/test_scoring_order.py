"""The `scoring` rule option: the rules' order against the weaker-first variant."""

from __future__ import annotations

import random

from divided import games
from divided.cards import PACK_21
from divided.games.divided_ranks import score
from divided.games.divided_ranks.scoring import Scoring
from divided.hands.arrange import arrange, split_of
from divided.hands.five import evaluate_mask

# Player 0: weaker As Ah Ks Qs Js (a pair of aces), stronger Ts Th Td Jh Qh (three tens).
# Player 1: weaker Kh Kd Qd Jd Tc (a pair of kings), stronger Jk Jc Qc Kc Ac (a royal flush,
# the Joker standing for Tc from the other hand, as ruling R6 allows). The reserve is Ad.
WEAK_0, STRONG_0 = PACK_21.parse_mask("As Ah Ks Qs Js"), PACK_21.parse_mask("Ts Th Td Jh Qh")
WEAK_1, STRONG_1 = PACK_21.parse_mask("Kh Kd Qd Jd Tc"), PACK_21.parse_mask("Jk Jc Qc Kc Ac")
HANDS = (WEAK_0 | STRONG_0, WEAK_1 | STRONG_1)
BUILDS = (split_of(HANDS[0], WEAK_0), split_of(HANDS[1], WEAK_1))


def test_rules_order_compares_stronger_categories_before_weaker_hands_in_full() -> None:
    outcome = score(HANDS, BUILDS, Scoring.CATEGORIES_FIRST)
    # Both weaker hands are pairs; royal flush beats three of a kind at step 2.
    assert (outcome.winner, outcome.step) == (1, 2)
    assert outcome.step_name == "the categories of the stronger hands"


def test_weaker_first_compares_the_weaker_hands_in_full_first() -> None:
    outcome = score(HANDS, BUILDS, Scoring.WEAKER_FIRST)
    # A pair of aces beats a pair of kings, whatever the stronger hands are.
    assert (outcome.winner, outcome.step) == (0, 1)
    assert outcome.step_name == "the weaker hands card for card"
    assert "Player 0 wins" in outcome.describe()


def test_the_option_reaches_the_engine_and_auto_arrange_follows_it() -> None:
    game = games.load("divided-ranks", scoring="weaker-first")
    assert game.options["scoring"] == "weaker-first"
    rng = random.Random(5)
    for seed in range(200):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        outcome = state.core.outcome
        assert outcome is not None and outcome.scoring == Scoring.WEAKER_FIRST
        assert outcome.step in (None, 1, 2)
        for player in (0, 1):
            weak, strong = outcome.hands[player]
            expected = (evaluate_mask(weak).strength, evaluate_mask(strong).strength)
            assert outcome.keys[player] == expected
        first_difference = [i + 1 for i in range(2) if outcome.keys[0][i] != outcome.keys[1][i]]
        assert outcome.step == (first_difference[0] if first_difference else None)


def test_the_two_orders_arrange_some_holdings_differently() -> None:
    rng = random.Random(1)
    differ = 0
    for _ in range(2000):
        holding = sum(1 << c for c in rng.sample(range(21), 10))
        rules_best = arrange(holding)
        variant_best = arrange(holding, Scoring.WEAKER_FIRST)
        assert variant_best.key_for(Scoring.WEAKER_FIRST) >= rules_best.key_for(Scoring.WEAKER_FIRST)
        assert rules_best.key >= variant_best.key
        differ += rules_best.key != variant_best.key
    assert differ > 0
