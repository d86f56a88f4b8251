"""Incremental seen logs (:class:`divided.games.seen_log.SeenLog`): however states are observed
(branches of one game, several games interleaved, a log rebuilt as equal values, a shorter log
after a longer one), every view's log equals its from-scratch translation, the reference."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from divided import games
from divided.games.card_commons import view as card_commons_view
from divided.games.divide import view as divide_view
from divided.games.divided_ranks import view as divided_ranks_view
from divided.games.seen_log import SeenLog


def _reference(game: str, core: Any, viewer: int | None) -> tuple[Any, ...]:
    """The view's log translated from scratch, before any game-specific rewriting."""
    if game == "divided-ranks":
        return divided_ranks_view.SEEN_LOG.translate(core.log, (viewer, core.options.face_up_swap))
    if game == "card-commons":
        return card_commons_view.SEEN_LOG.translate(core.log, viewer)
    return divide_view.SEEN_LOG.translate(core.log, (viewer, core.options.players))


SETTINGS = [("divided-ranks", {}), ("divided-ranks", {"swap": "face-up"}), ("card-commons", {}),
            ("divide", {"players": 4, "rounds": 2}), ("divide", {"players": 6, "rounds": 1})]


@pytest.mark.parametrize(("game", "options"), SETTINGS, ids=[f"{g}-{i}" for i, (g, _) in enumerate(SETTINGS)])
def test_branches_and_interleaved_games_see_their_own_logs(game: str, options: dict[str, Any]) -> None:
    loaded = games.load(game, **options)
    rules = loaded.rules
    rng = random.Random(5)
    viewers: list[int | None] = [*range(loaded.info.num_players), None]
    # five lines of play: four games, and a branch of one of them
    lines = [loaded.new_initial_state(seed) for seed in range(4)]
    branched = False
    checked = 0
    while lines:
        line = rng.choice(lines)
        if line.is_terminal():
            lines.remove(line)
            continue
        line.apply_action(rng.choice(line.legal_actions()))
        if not branched and len(line.core.log) > 6:
            lines.append(line.clone())
            branched = True
        other = rng.choice(lines)
        for state in (line, other):
            viewer = rng.choice(viewers)
            core = state.core
            if rng.random() < 0.1:  # the same log as equal values in a new tuple
                core = replace(core, log=tuple(replace(e) for e in core.log))
            if rng.random() < 0.1 and core.log:  # a shorter log: the state's log cut back
                core = replace(core, log=core.log[:-1])
            view = rules.observe(core, viewer)
            events = view.log if game == "divided-ranks" else view.events
            expected = _reference(game, core, viewer)
            if game == "divided-ranks" and core.outcome is not None:
                continue  # the showdown rewrites the builds after translating (checked by the digests)
            assert events == expected
            checked += 1
    assert branched and checked > 100


def test_a_log_that_does_not_extend_the_last_is_translated_afresh() -> None:
    calls: list[int] = []

    def see(event: int, viewer: str) -> tuple[int, str]:
        calls.append(event)
        return (event, viewer)

    seen = SeenLog(see)
    assert seen((1, 2, 3), "a") == ((1, "a"), (2, "a"), (3, "a"))
    assert seen((1, 2, 3, 4), "a") == ((1, "a"), (2, "a"), (3, "a"), (4, "a"))
    assert calls == [1, 2, 3, 4]  # only the new event translated
    assert seen((1, 9, 3, 4, 5), "a") == ((1, "a"), (9, "a"), (3, "a"), (4, "a"), (5, "a"))
    assert seen((1, 9), "a") == ((1, "a"), (9, "a"))
    assert seen((1, 9), "b") == ((1, "b"), (9, "b"))
    assert calls == [1, 2, 3, 4, 1, 9, 3, 4, 5, 1, 9, 1, 9]
