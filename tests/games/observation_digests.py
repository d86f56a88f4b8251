"""Digests of every view, history reading and observation encoding over seeded random games, to
compare the engine's observations with ones recorded earlier (``test_recorded_observations.py``).

Each game is played with uniformly random legal actions from ``random.Random(seed)`` on the
seeded engine (``new_initial_state(seed)``); at every state, for every seat and for a spectator,
the view's room encoding goes into one digest; every ``sample``-th state also puts the view's
``repr`` and its history reading's ``repr`` into a second digest.
"""

from __future__ import annotations

import hashlib
import importlib
import random
from typing import Any

from divided import games
from divided.adapters.rooms import room_of

HISTORY_MODULE = {"divided-ranks": "divided_ranks", "card-commons": "card_commons", "divide": "divide"}


def digests(game: str, options: dict[str, Any], seeds: range, sample: int = 5) -> tuple[str, str]:
    """(encodings digest, views-and-histories digest) of the random games of ``seeds``."""
    loaded = games.load(game, **options)
    rules, encode = loaded.rules, room_of(game).observation.encode
    read_history = importlib.import_module(f"divided.games.{HISTORY_MODULE[game]}.history").read_history
    viewers: list[int | None] = [*range(loaded.info.num_players), None]
    encodings, views = hashlib.sha256(), hashlib.sha256()
    count = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = loaded.new_initial_state(seed)
        while True:
            for viewer in viewers:
                view = rules.observe(state.core, viewer)
                encodings.update(encode(view).to_bytes(512, "little"))
                if count % sample == 0:
                    views.update(repr(view).encode())
                    views.update(repr(read_history(view)).encode())
            count += 1
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
    return encodings.hexdigest(), views.hexdigest()


SETTINGS: list[tuple[str, dict[str, Any], range]] = [
    ("divided-ranks", {}, range(40)),
    ("divided-ranks", {"swap": "face-up", "reserve_order": "coin", "first_splitter": 1}, range(40)),
    ("card-commons", {}, range(12)),
    ("card-commons", {"target": 3, "next_starter": "alternate", "first_starter": 1}, range(12)),
    ("divide", {"players": 4, "rounds": 2}, range(3)),
    ("divide", {"players": 6, "rounds": 2, "trump": "resets", "end_score": "off"}, range(3)),
]

if __name__ == "__main__":
    for game, options, seeds in SETTINGS:
        print((game, options, seeds), digests(game, options, seeds))
