"""The world sampler: sampled deals look exactly like the view, keep revealed Cowpie splits
legal (by rejection, and by the seat-by-seat fallback), and give the acting seat the same
legal actions as the real deal."""

from __future__ import annotations

import random
from typing import Any

import pytest
from poker_deals import passive, start

from divided import games
from divided.games.poker import worlds
from divided.games.poker.steps import Partition
from divided.games.poker.steps.partition import is_legal_split


def cowpie_after_split(players: int, seed: int, **options: object) -> Any:
    """A random Cowpie deal in which everyone checks to the split and splits at random."""
    rng = random.Random(seed)
    state = games.load("cowpie", players=players, **options).new_initial_state(seed=seed)
    passive(state)
    while state.core.config.steps[state.core.step].kind == "partition":
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def splits_are_legal(world: Any, step: Partition) -> bool:
    variant = world.config.variant
    five, two = variant.slot_index("five"), variant.slot_index("two")
    return all(is_legal_split(step, list(world.slots[s][five]), list(world.slots[s][two]), world.up)
               for s in range(world.players) if world.table.live[s])


@pytest.mark.parametrize("fallback", [False, True])
def test_sampled_cowpie_worlds_keep_every_revealed_split_legal(fallback: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if fallback:
        monkeypatch.setattr(worlds, "JOINT_TRIES", 0)
    room = games.room("cowpie")
    rng = random.Random(1)
    for seed in range(6):
        state = cowpie_after_split(5, seed, cowpie_down="both" if seed % 2 else "five")
        step = next(s for s in state.core.config.steps if isinstance(s, Partition))
        for viewer in (state.current_player(), None):
            view = state.observation(viewer)
            sampler = room.sampler(view)
            for _ in range(5):
                world = sampler.sample(rng)
                assert splits_are_legal(world, step)
                assert room.rules.observe(world, viewer) == view


def test_worlds_give_the_acting_seat_the_real_legal_actions() -> None:
    rng = random.Random(2)
    for game, options in (("henway", {"players": 3}), ("ten-card-regrets", {"players": 3}),
                          ("cowpie", {"players": 4}), ("open-draw", {"players": 5})):
        room = games.room(game)
        state = games.load(game, **options).new_initial_state(seed=9)
        while not state.is_terminal():
            player = state.current_player()
            view = state.observation(player)
            world = room.sampler(view).sample(rng)
            assert room.rules.legal_actions(world) == state.legal_actions()
            state.apply_action(rng.choice(state.legal_actions()))


def test_hidden_commitments_are_sampled_not_copied() -> None:
    # Henway: A has arranged; B's view holds nothing of A's choice, and worlds drawn for B
    # give A arrangements of A's sampled cards (so they differ from one world to another)
    hands = ("6d 5c 4h 3s 2d Ks Kh Qd 9c 8s", "Js Jd 7h 4c 4d 8h 7c 5d 3c Ad")
    state = start("henway", hands, button=1)
    for action in state.legal_actions()[:1]:
        state.apply_action(action)
    while state.current_player() == 0:
        state.apply_action(state.legal_actions()[0])
    view = state.observation(1)
    assert view.phase.commits[0] == ()
    sampler = games.room("henway").sampler(view)
    drawn = {sampler.sample(random.Random(k)).phase.commits[0] for k in range(5)}
    assert len(drawn) > 1 and all(len(commit) == 9 for commit in drawn)


@pytest.mark.parametrize("game", ["five-card-draw", "seven-card-stud", "henway", "ten-card-regrets", "cowpie",
                                  "double-draw-high-low", "open-draw"])
def test_worlds_look_like_the_view_for_every_seat_and_the_spectator(game: str) -> None:
    room = games.room(game)
    rng = random.Random(game)
    options: dict[str, object] = {"players": 5 if game != "seven-card-stud" else 6}
    if game == "ten-card-regrets":
        options["regrets_exposure"] = "face-up"
    state = games.load(game, **options).new_initial_state(seed=4)
    while not state.is_terminal():
        if rng.random() < 0.3:
            for viewer in [*range(state.game.num_players()), None]:
                view = state.observation(viewer)
                world = room.sampler(view).sample(rng)
                assert room.rules.observe(world, viewer) == view
        legal = state.legal_actions()
        state.apply_action(rng.choice([a for a in legal if a != 0] or legal))
