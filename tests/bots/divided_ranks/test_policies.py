"""Every Divided Ranks bot's ``action_probabilities`` is a policy over the legal actions and a
function of the view: one-hot on its move for the bots that do not sample, uniform for the
random bot (one-hot on the auto-arranged split at the build), seeded from the view for the
search bot that uses random numbers, and the solved mix in the expert's last round (one-hot
before it), which its moves follow."""

from __future__ import annotations

import random

import pytest
from bot_positions import play_game, prefixes

from divided.bots import make_bot
from divided.bots.base import view_random
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.state import Phase
from divided.hands.arrange import arrange

SPECS = ("random", "random:auto_arrange=no", "skilled", "expert:budget=24", "expert-classic:budget=24",
         "ismcts:iterations=8", "hide-weaker", "hide-stronger")
DETERMINISTIC = ("skilled", "expert-classic:budget=24", "hide-weaker", "hide-stronger")


def positions() -> list[tuple[object, tuple[int, ...]]]:
    """(view, legal) at every decision of three seeded games under different options."""
    out = []
    for seed, options in ((3, {}), (4, {"swap": "face-up", "reserve_order": "coin"}),
                          (5, {"scoring": "weaker-first", "first_splitter": 1})):
        for position in prefixes(play_game(("skilled", "random"), seed, options)):
            player = position.current_player()
            out.append((position.observation(player), tuple(position.legal_actions())))
    return out


POSITIONS = positions()


@pytest.mark.parametrize("spec", SPECS)
def test_probabilities_are_a_policy_and_a_function_of_the_view(spec: str) -> None:
    bot, fresh = make_bot("divided-ranks", spec), make_bot("divided-ranks", spec)
    for view, legal in POSITIONS:
        policy = bot.action_probabilities(view, legal)
        assert set(policy) == set(legal) and all(p >= 0.0 for p in policy.values())
        assert sum(policy.values()) == pytest.approx(1.0)
        assert fresh.action_probabilities(view, legal) == policy


@pytest.mark.parametrize("spec", DETERMINISTIC)
def test_a_bot_that_does_not_sample_is_one_hot_on_its_move(spec: str) -> None:
    bot = make_bot("divided-ranks", spec)
    for number, (view, legal) in enumerate(POSITIONS):
        policy = bot.action_probabilities(view, legal)
        chosen = bot.choose(view, legal, random.Random(number))  # any rng: it uses none
        assert policy[chosen] == 1.0 and sum(policy.values()) == 1.0


def test_the_random_bot_is_uniform_except_its_auto_arranged_build() -> None:
    forced, free = make_bot("divided-ranks", "random"), make_bot("divided-ranks", "random:auto_arrange=no")
    builds = 0
    for view, legal in POSITIONS:
        uniform = {action: 1.0 / len(legal) for action in legal}
        assert free.action_probabilities(view, legal) == uniform
        if view.phase == Phase.BUILD:  # type: ignore[attr-defined]
            builds += 1
            auto = act.build_action(arrange(view.hand, view.options.scoring).split)  # type: ignore[attr-defined]
            assert forced.action_probabilities(view, legal) == {a: float(a == auto) for a in legal}
        else:
            assert forced.action_probabilities(view, legal) == uniform
    assert builds > 0


def test_the_search_bot_seeds_its_policy_from_the_view() -> None:
    bot = make_bot("divided-ranks", "ismcts:iterations=8")
    for view, legal in POSITIONS[:12]:
        policy = bot.action_probabilities(view, legal)
        assert sorted(policy.values())[-1] == 1.0 and sum(policy.values()) == 1.0
        assert policy[bot.choose(view, legal, view_random(view))] == 1.0


def test_the_expert_mixes_only_in_its_solved_last_round_and_plays_its_mix() -> None:
    bot = make_bot("divided-ranks", "expert:budget=24")
    mixed = reserves = 0
    for number, (view, legal) in enumerate(POSITIONS):
        policy = bot.action_probabilities(view, legal)
        last_round = (view.round == 4 and view.phase in (Phase.SPLIT, Phase.CHOOSE)) or view.phase == Phase.RESERVE
        if not last_round:
            assert policy[bot.choose(view, legal, random.Random(number))] == 1.0
            continue
        reserves += view.phase == Phase.RESERVE
        if max(policy.values()) < 0.95:
            mixed += 1
            # its moves follow the mix: 400 seeded draws land within 5 standard errors of it
            counts = dict.fromkeys(legal, 0)
            for draw in range(400):
                counts[bot.choose(view, legal, random.Random(draw))] += 1
            for action in legal:
                spread = 5 * (policy[action] * (1 - policy[action]) / 400) ** 0.5 + 1e-9
                assert abs(counts[action] / 400 - policy[action]) <= spread
    assert mixed >= 1 and reserves >= 3
