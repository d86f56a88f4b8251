"""The equity bot's choices on the engine's batch showdown are the ones it made before (recorded
at ``07f0345``, when the bot ranked its worlds through its own grouping and the sampler read the
seen cards per card): every decision of one deal of every game, the bot in every seat."""

from __future__ import annotations

import hashlib
import random

from divided import games
from divided.bots.base import make_bot
from divided.games.poker.variants import VARIANTS

RECORDED = (168, "b72c493a5d5761f25655b82c4e4331d317dd5c489f56df676b84db66c0437f9a")


def choices_digest() -> tuple[int, str]:
    h = hashlib.sha256()
    decisions = 0
    for game in sorted(VARIANTS):
        state = games.load(game, players=min(VARIANTS[game].players[1], 3)).new_initial_state(seed=0)
        bot = make_bot(game, "equity")
        rng = random.Random(0)
        while not state.is_terminal():
            action = bot.choose(state.observation(state.current_player()), state.legal_actions(), rng)
            h.update(repr((game, action)).encode())
            decisions += 1
            state.apply_action(action)
    return decisions, h.hexdigest()


def test_equity_choices_are_as_recorded() -> None:
    assert choices_digest() == RECORDED
