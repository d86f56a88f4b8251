"""Random deals of Auction Flop, Bounce Back, Buck Thirty-Five, Low-Die / High-Die, Mississippi
and Jackpot with deuces wild: zero-sum, within the length bound, bad actions refused without
change, and no view, label or event shows a card its viewer may not see (no_leak.py)."""

from __future__ import annotations

import random

import pytest
from no_leak import Tally, play_checked, random_options

from divided import games
from divided.errors import IllegalActionError
from divided.games.poker import actions as act

GAMES = ("auction-flop", "bounce-back", "buck-thirty-five", "low-high-die", "mississippi", "jackpot")


@pytest.mark.parametrize("game", GAMES)
def test_random_deals_sum_to_zero_within_the_bound_and_refuse_bad_actions(game: str) -> None:
    for seed in range(12):
        rng = random.Random(seed)
        options = random_options(game, rng)
        state = games.load(game, **options).new_initial_state(seed=seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            if rng.random() < 0.2:
                bad = rng.choice([a for a in (-1, act.DISCARD + 63, act.KEEP + 9, act.CALL_DRAWS + 999, 1023, 10**6)
                                  if a not in legal])
                before = state.core
                with pytest.raises(IllegalActionError):
                    state.apply_action(bad)
                assert state.core is before
            state.apply_action(rng.choice(legal))
        assert sum(state.returns()) == 0, (game, seed)
        assert len(state.history()) <= state.game.info.max_game_length


@pytest.mark.parametrize("game", GAMES)
def test_no_view_label_or_event_shows_a_hidden_card(game: str) -> None:
    tally = Tally()
    for seed in range(4):
        play_checked(game, 7100 + seed, tally)
    assert tally.games == 4 and tally.labels > 0
