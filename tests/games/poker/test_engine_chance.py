"""Seeded chance dealt in batches (``PokerRules.resolve_chance``) equals the base class's
definition, card by card through ``apply``, at every chance node of random games of every
variant, reshuffles (T16) included."""

from __future__ import annotations

import random

import pytest
from engine_digests import GAMES, table_sizes

from divided import games
from divided.games.base import CHANCE, Rules, pick_outcome
from divided.games.poker.engine import pick_card


@pytest.mark.parametrize("game", GAMES)
def test_batched_seeded_chance_equals_the_definition(game: str) -> None:
    compared = 0
    for players in table_sizes(game):
        loaded = games.load(game, players=players)
        rules = loaded.rules
        for seed in range(6):
            rng = random.Random(seed)
            state = rules.initial_state(loaded.options)
            while not state.over:
                if rules.current_player(state) == CHANCE:
                    fast = rules.resolve_chance(state, seed, compared)
                    slow = Rules.resolve_chance(rules, state, seed, compared)
                    assert fast == slow
                    compared += 1
                    state = fast[0]
                else:
                    state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    assert compared > 0


def test_pick_card_picks_as_pick_outcome_does() -> None:
    rng = random.Random(3)
    for _ in range(2000):
        stock = rng.getrandbits(52) or 1
        cards = [c for c in range(52) if stock >> c & 1]
        fraction = rng.choice([rng.random(), 1 - 1e-16, 0.0, rng.randrange(len(cards)) / len(cards)])
        assert pick_card(stock, fraction) == pick_outcome([(c, 1.0 / len(cards)) for c in cards], fraction)
