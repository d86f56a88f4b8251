"""Every poker bot plays a legal action at every decision of every variant, and decides from its
view alone."""

from __future__ import annotations

import random

import pytest

from divided import games
from divided.bots.base import make_bot, names
from divided.games.poker.variants import VARIANTS

BOTS = ("equity:worlds=6", "calling-station", "maniac", "rock", "equity+range:worlds=8", "random")


def table_sizes(game: str) -> list[int]:
    low, high = VARIANTS[game].players
    return sorted({low, min(4, high)})


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_registered_for_every_poker_game(game: str) -> None:
    assert {"equity", "equity+range", "calling-station", "maniac", "rock", "random"} <= set(names(game))


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_every_decision_gets_a_legal_action(game: str) -> None:
    for players in table_sizes(game):
        for seed in range(1 if players > 2 else 2):
            state = games.load(game, players=players).new_initial_state(seed=seed)
            bots = [make_bot(game, BOTS[(seat + seed) % len(BOTS)]) for seat in range(players)]
            rng = random.Random(seed)
            moves = 0
            while not state.is_terminal():
                seat = state.current_player()
                legal = state.legal_actions()
                action = bots[seat].choose(state.observation(seat), legal, rng)
                assert action in legal, (game, bots[seat].name, action, legal)
                state.apply_action(action)
                moves += 1
            assert moves >= players  # every seat acted (Auction Flop: a draw at once, nobody needing cards)


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_bots_decide_from_the_view_alone(game: str) -> None:
    """A sampled world with the same view for the seat gets the same choice with the same rng."""
    room = games.room(game)
    rules = room.rules
    state = games.load(game, players=VARIANTS[game].players[0]).new_initial_state(seed=11)  # the smallest table
    rng = random.Random(3)
    checked = differed = 0
    while not state.is_terminal() and checked < 6:
        seat = state.current_player()
        legal = state.legal_actions()
        view = state.observation(seat)
        if len(legal) > 1:
            other = room.sampler(view).sample(random.Random(checked))
            assert rules.observe(other, seat) == view
            differed += other.slots != state.core.slots
            for name in BOTS:
                bot = make_bot(game, name)
                here = bot.choose(view, legal, random.Random(5))
                there = bot.choose(rules.observe(other, seat), rules.legal_actions(other), random.Random(5))
                assert here == there, (name, here, there)
            checked += 1
        state.apply_action(legal[rng.randrange(len(legal))])
    assert checked > 0 and differed > 0  # the other worlds hide other cards


AUTOMATIC = frozenset({"deal", "flip", "showdown", "called-rounds"})
"""Step kinds that never ask a seat anything."""


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_bots_decide_from_the_view_alone_at_every_kind_of_decision(game: str) -> None:
    """Random positions of every kind of decision the game asks (the draw games' exchanges,
    discard rounds, take-backs, auctions and calls included): every bot plays a legal action,
    the same in a world resampled from its view (so it reads no hidden card)."""
    room = games.room(game)
    rules = room.rules
    variant = VARIANTS[game]
    wanted = {step.kind for step in variant.steps} - AUTOMATIC
    seen: dict[str, int] = {}
    players = max(variant.players[0], 3 if game == "double-draw-high-low" else 2)
    for seed in range(12):
        state = games.load(game, players=players).new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            kind = str(variant.steps[state.core.step].kind) if state.core.step < len(variant.steps) else ""
            if len(legal) > 1 and seen.get(kind, 0) < 2:
                view = state.observation(seat)
                other = room.sampler(view).sample(random.Random(seed))
                assert rules.observe(other, seat) == view
                for name in BOTS:
                    bot = make_bot(game, name)
                    here = bot.choose(view, legal, random.Random(5))
                    assert here in legal, (game, name, kind, here)
                    there = bot.choose(rules.observe(other, seat), rules.legal_actions(other), random.Random(5))
                    assert here == there, (game, name, kind, here, there)
                seen[kind] = seen.get(kind, 0) + 1
            state.apply_action(legal[rng.randrange(len(legal))])
        if all(seen.get(kind, 0) >= 2 for kind in wanted):
            break
    assert wanted <= set(seen), (game, wanted - set(seen))
