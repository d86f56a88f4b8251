"""Card Commons positions for the bot tests: matches played by given bots, and the same view in
another world (the cards the viewer cannot place dealt differently)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Sequence
from typing import Any

from divided import games
from divided.games.card_commons import CardCommonsState, PlayerView
from divided.games.card_commons.rules import CardCommonsRules

RULES = CardCommonsRules()


def positions(bots: Sequence[Any], seed: int, **options: object) -> Iterator[tuple[CardCommonsState, PlayerView,
                                                                                   list[int]]]:
    """Every decision of one match between ``bots`` (seat order): the state, the mover's view and
    the legal actions, before the mover's bot decides; the match goes on with its choice."""
    game = games.load("card-commons", **options)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            outcomes = state.chance_outcomes()
            state = state.child(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        view = state.observation(player)
        legal = state.legal_actions()
        yield state.core, view, legal
        state = state.child(bots[player].choose(view, legal, rng))


def play(bots: Sequence[Any], seed: int, **options: object) -> list[float]:
    """The returns of one match between ``bots``."""
    game = games.load("card-commons", **options)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            outcomes = state.chance_outcomes()
            state = state.child(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        view = state.observation(player)
        legal = state.legal_actions()
        action = bots[player].choose(view, legal, rng)
        assert action in legal, f"{bots[player].name} chose {action}, not legal at {view}"
        state = state.child(action)
    return state.returns()


def other_world(state: CardCommonsState, player: int, rng: random.Random) -> CardCommonsState:
    """``state`` with the draw pile, the aside card and the opponent's hand dealt again from the
    same cards (their sizes kept): a different world the viewer cannot tell apart."""
    opponent = 1 - player
    pool_bits = state.pile | state.aside | state.hands[opponent]
    pool = [c for c in range(21) if pool_bits >> c & 1]
    rng.shuffle(pool)
    aside_size = state.aside.bit_count()
    hand_size = state.hands[opponent].bit_count()
    aside = sum(1 << c for c in pool[:aside_size])
    hand = sum(1 << c for c in pool[aside_size:aside_size + hand_size])
    hands = (hand, state.hands[1]) if opponent == 0 else (state.hands[0], hand)
    placed = (state.placed & ~pool_bits) | aside | hand
    world = dataclasses.replace(state, aside=aside, hands=hands, placed=placed)
    assert RULES.observe(world, player) == RULES.observe(state, player)
    return world
