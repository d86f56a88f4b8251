"""Card Commons' history reader: the current round's turns read from the end of the log equal
the whole history's, read from scratch (the reference), however views are interleaved, and for
views whose log was cut to the round in play."""

from __future__ import annotations

import random
from dataclasses import replace

from divided import games
from divided.games.card_commons.history import read_history, read_turns
from divided.games.card_commons.state import Phase


def test_the_current_turns_read_alone_equal_the_whole_history_s() -> None:
    game = games.load("card-commons", target=3)
    rng = random.Random(4)
    lines = [game.new_initial_state(seed) for seed in range(10)]
    checked = 0
    while lines:
        line = rng.choice(lines)
        if line.is_terminal():
            lines.remove(line)
            continue
        line.apply_action(rng.choice(line.legal_actions()))
        for _ in range(2):
            view = game.rules.observe(rng.choice(lines).core, rng.choice([0, 1, None]))
            if view.phase != Phase.COIN:
                # the view with its log cut to its round, then the whole log again
                for seen in (replace(view, events=view.round_events()), view):
                    assert read_turns(seen) == read_history(seen).current.turns
                checked += 1
    assert checked > 200
