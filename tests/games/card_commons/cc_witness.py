"""Test helpers for Card Commons' books and worlds, written from the rules' text.

:func:`replays` rebuilds a full state through the engine from scratch: every round's chance
outcomes (the card set aside, each player's six, each turn's draw) and every logged action,
so a state that it reaches is a state of the game. Each player's cards arrive in the order
they are used (the cards used on their earliest turn first, cards still in hand last): if any
order of arrival makes their turns legal, this one does.

:func:`arrival_orders` counts the orders in which a player's cards of the round in play can
have arrived (the six dealt as a set, then each draw in turn) such that every turn used cards
then in hand: the number of deals a placement of the cards stands for, up to factors that do
not depend on where the unseen cards are.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from itertools import combinations, permutations
from typing import Any

from divided import games
from divided.cards import mask_indices
from divided.games.card_commons import actions as act
from divided.games.card_commons.rules import CardCommonsRules
from divided.games.card_commons.state import (
    ALL_CARDS,
    BuildEvent,
    CardCommonsState,
    KeepEvent,
    Phase,
    TurnEvent,
)

RULES = CardCommonsRules()
NEVER = 99  # the turn a card still in hand is used at


def _round_moves(world: CardCommonsState, number: int) -> list[int]:
    """The moves of round ``number`` of ``world``: chance outcomes and actions, in order."""
    events = [e for e in world.log if e.round == number]
    in_play = number == world.round and len(world.rounds) == number
    starter = world.starter if in_play else world.rounds[number].starter
    received = [0, 0]
    used_at: dict[int, int] = {}
    turn = 0
    for event in events:
        if isinstance(event, TurnEvent):
            cards = act.decode(event.action).cards
            received[event.player] |= cards
            for card in mask_indices(cards):
                used_at[card] = turn
            turn += 1
    if in_play:
        for seat in (0, 1):
            received[seat] |= world.hands[seat]
    arrivals = [sorted(mask_indices(received[seat]), key=lambda c: (used_at.get(c, NEVER), c)) for seat in (0, 1)]
    if in_play and world.drawn:  # the card drawn this turn arrives last
        drawn = world.drawn.bit_length() - 1
        arrivals[world.turn_player()].remove(drawn)
        arrivals[world.turn_player()].append(drawn)
    aside = world.aside if in_play else ALL_CARDS & ~(received[0] | received[1])
    moves: list[int] = []
    if aside:
        moves.append(aside.bit_length() - 1)
    moves += arrivals[starter][:6] + arrivals[1 - starter][:6]
    draws = [arrivals[0][6:], arrivals[1][6:]]
    turn = 0
    for event in events:
        if isinstance(event, TurnEvent):
            player = starter if turn % 2 == 0 else 1 - starter
            moves.append(draws[player].pop(0))
            moves.append(event.action)
            turn += 1
        elif isinstance(event, KeepEvent):
            moves.append(event.action)
        else:
            assert isinstance(event, BuildEvent)
            moves.append(act.build(event.three))
    player = starter if turn % 2 == 0 else 1 - starter
    if draws[player]:  # the draw of the turn in play
        moves.append(draws[player].pop(0))
    return moves


def replays(world: CardCommonsState) -> bool:
    """Whether the engine reaches exactly ``world`` from the start of the match, playing its
    log with chance outcomes from its cards (see the module text)."""
    state = RULES.initial_state(dict(world.options.as_mapping()))
    moves: list[int] = []
    if state.phase == Phase.COIN and (world.rounds or world.starter >= 0):
        moves.append(world.rounds[0].starter if world.rounds else world.starter)
    for number in range(world.round + 1 if world.starter >= 0 else 0):
        moves += _round_moves(world, number)
    if state == world:
        return True
    for move in moves:
        try:
            state = RULES.apply(state, move)
        except ValueError:
            return False
        if state == world:
            return True
    return False


@cache
def _arrival_orders(received: int, turns: tuple[int, ...]) -> int:
    return arrival_orders(received, list(turns))


def arrival_orders_cached(received: int, turns: list[int]) -> int:
    """:func:`arrival_orders`, remembered (the spectator's brute force asks again and again)."""
    return _arrival_orders(received, tuple(turns))


def arrival_orders(received: int, turns: list[int]) -> int:
    """How many orders of arrival of ``received`` (six dealt as a set, then one draw before
    each turn) let a player use the cards ``turns[j]`` on their turn ``j``: cards must be in
    hand to be used (the rules: "Every turn starts by drawing ... Use one action")."""
    cards = mask_indices(received)
    draws = len(cards) - 6
    count = 0
    for dealt in combinations(cards, 6):
        rest = [c for c in cards if c not in dealt]
        start = sum(1 << c for c in dealt)
        for order in permutations(rest, draws):
            hand = start
            ok = True
            for j, used in enumerate(turns):
                hand |= 1 << order[j]
                if used & ~hand:
                    ok = False
                    break
                hand &= ~used
            if ok:
                count += 1
    return count


def positions(options: dict[str, Any], seeds: range, keep: Any) -> Iterator[Any]:
    """Positions of random matches (seeded chance, random actions) where ``keep(state)``."""
    for seed in seeds:
        rng = random.Random(seed)
        state = games.load("card-commons", **options).new_initial_state(seed=seed)
        while not state.is_terminal():
            if keep(state):
                yield state.clone()
            state.apply_action(rng.choice(state.legal_actions()))
