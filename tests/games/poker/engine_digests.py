"""Random seeded games of every poker variant, digested: the game, its options, the seed, every
action (chance included), the returns and the settled pots. The digest is recorded in
:mod:`test_engine_recorded` before the engine's speed work (issue 29) so that any change of
behaviour shows."""

from __future__ import annotations

import hashlib
import random
from typing import Any

from divided import games

GAMES = ("five-card-draw", "seven-card-stud", "henway", "ten-card-regrets", "cowpie",
         "double-draw-high-low", "open-draw", "j-lo")

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"structure": "pot", "stack": 40},
    {"structure": "no", "stack": 25, "odd_chip": "seat", "short_all_in": "half-bet"},
    {"stack": 12, "cap_heads_up": "lifted", "ante": 2},
)


VARIANT_OPTIONS: dict[str, dict[str, Any]] = {
    "five-card-draw": {"blinds": "on"}, "henway": {"henway_sides": "declared"},
    "ten-card-regrets": {"regrets_exposure": "face-up"}, "cowpie": {"cowpie_down": "both"},
    "double-draw-high-low": {"blinds": "on"}, "open-draw": {"blinds": "on"},
}
"""Each game's own options (or blinds), taken with every other option set."""


def table_sizes(game: str) -> list[int]:
    low, high = games.load(game).rules.variant.players
    return sorted({low, min(high, low + 2), high})


def play(game: str, options: dict[str, Any], seed: int) -> tuple[list[int], list[float], Any]:
    """A random game: chance from ``seed``, players' actions drawn by a generator seeded alike."""
    state = games.load(game, **options).new_initial_state(seed=seed)
    rng = random.Random(seed * 7919 + 1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state.history(), state.returns(), state.core.settled


OLD_RAISE_TO = 440
"""Where pot and no limit's raise-to actions began when the digests were recorded (they moved to
:data:`divided.games.poker.actions.RAISE_TO` when issue 30 added its actions before them)."""


def recorded_number(action: int) -> int:
    """An action as numbered when the digests were recorded (chance outcomes and the actions
    below the raise-to block are unchanged)."""
    from divided.games.poker.actions import RAISE_TO

    return action - RAISE_TO + OLD_RAISE_TO if action >= RAISE_TO else action


def settings() -> list[tuple[str, dict[str, Any], int]]:
    out = []
    for game in GAMES:
        for n, base in enumerate(OPTION_SETS):
            for players in table_sizes(game):
                options = {**base, "players": players}
                for seed in range(3):
                    out.append((game, options, 1000 * n + 10 * players + seed))
                own = {**options, **VARIANT_OPTIONS.get(game, {})}
                if own != options:
                    out.append((game, own, 1000 * n + 10 * players + 5))
    return out


def digest(game: str) -> str:
    """The sha256 of every random game of ``game`` over the settings."""
    h = hashlib.sha256()
    for name, options, seed in settings():
        if name != game:
            continue
        actions, returns, settled = play(name, options, seed)
        actions = [recorded_number(a) for a in actions]
        h.update(repr((name, sorted(options.items()), seed, actions, returns, settled)).encode())
    return h.hexdigest()


def view_digest(game: str, per_table: int = 2) -> str:
    """The sha256 of every seat's and a spectator's view after every move of the first
    ``per_table`` random games of each table size of ``game`` (the config left out: it is the
    game's). Fields added to the view since the recording (those with a default) count only
    when they differ from their default, so a new kind's view field leaves the old games'
    digests as recorded."""
    from dataclasses import MISSING, fields

    from divided.games.poker.view import PokerView

    names = [f.name for f in fields(PokerView) if f.name != "config" and f.default is MISSING]
    added = [(f.name, f.default) for f in fields(PokerView) if f.default is not MISSING]
    h = hashlib.sha256()
    for players in table_sizes(game):
        for seed in range(per_table):
            options = {"players": players, "structure": ("fixed", "no")[seed % 2], **VARIANT_OPTIONS.get(game, {})}
            state = games.load(game, **options).new_initial_state(seed=seed)
            rng = random.Random(seed)
            while True:
                for viewer in (None, *range(players)):
                    view = state.observation(viewer)
                    h.update(repr(tuple(getattr(view, name) for name in names)).encode())
                    changed = [(name, getattr(view, name)) for name, default in added if getattr(view, name) != default]
                    if changed:
                        h.update(repr(changed).encode())
                if state.is_terminal():
                    break
                state.apply_action(rng.choice(state.legal_actions()))
    return h.hexdigest()
