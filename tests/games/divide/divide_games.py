"""Helpers for DIVIDE's tests: cards by name, random games walked move by move (chance drawn by its
probabilities, like OpenSpiel), and a game started from a chosen deal."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from divided import games
from divided.cards import STANDARD_54
from divided.games import CHANCE, State
from divided.games.divide import DivideState

DivideGame = State[DivideState, Any]


def card(text: str) -> int:
    """A card's index in the 54-card deck: ``card("Qh")``, ``card("Jk1")``."""
    return STANDARD_54.index(STANDARD_54.parse_card(text))


def mask(text: str) -> int:
    return sum(1 << card(t) for t in text.split())


def suit(index: int) -> str | None:
    """The suit letter of a card, read from the card library (``None`` for a Joker)."""
    name = str(STANDARD_54[index])
    return None if name.startswith("Jk") else name[-1]


@dataclass(frozen=True)
class Step:
    """One position of a walked game and what happened there (``player`` is CHANCE at a chance
    node; the last step of a game has no action)."""

    core: DivideState
    player: int
    legal: tuple[int, ...]
    action: int | None


@cache
def walk(players: int, seed: int, **options: Any) -> tuple[Step, ...]:
    """Every position of a random game from an unseeded start: chance outcomes drawn by their
    probabilities, players' actions uniformly among the legal ones (cached: tests share games)."""
    state = games.load("divide", players=players, **options).new_initial_state()
    rng = random.Random(f"divide {players} {seed} {sorted(options.items())}")
    steps = []
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            legal = tuple(a for a, _ in outcomes)
            action = rng.choices(legal, [p for _, p in outcomes])[0]
        else:
            legal = tuple(state.legal_actions())
            action = rng.choice(legal)
        steps.append(Step(state.core, player, legal, action))
        state.apply_action(action)
    steps.append(Step(state.core, state.current_player(), (), None))
    return tuple(steps)


def deal_order(dealer: int, hands: dict[int, str], players: int = 4) -> list[int]:
    """The chance outcomes that deal ``hands`` (seat -> nine cards): nine to each seat in turn from
    the player left of the dealer."""
    order: list[int] = []
    for offset in range(1, players + 1):
        order.extend(card(t) for t in hands[(dealer + offset) % players].split())
    return order


def start(hands: dict[int, str], *, dealer: int = 0, players: int = 4, tokens: tuple[int, ...] = (),
          **options: Any) -> DivideGame:
    """A game dealt ``hands`` by ``dealer``; ``tokens`` are the values turned face up, in the order
    they turn (the two ends first)."""
    game = games.load("divide", players=players, first_dealer=dealer, **options)
    return game.new_initial_state(chance=[*deal_order(dealer, hands, players), *tokens])
