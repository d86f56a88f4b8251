"""The probes' defining behaviour: the calling station never folds, bets or raises; the maniac
bets or raises whenever it may; the rock folds a weak hand to a bet and raises a strong one."""

from __future__ import annotations

import random

import pytest
from poker_bot_positions import AnyState, passive, play_until, start

from divided import games
from divided.bots.base import make_bot
from divided.bots.poker.betting import bet_amounts
from divided.games.poker import actions as act
from divided.games.poker.cards import parse
from divided.games.poker.variants import VARIANTS


def betting_decisions(game: str, bot: str, deals: int = 3) -> list[tuple[list[int], int]]:
    """(legal, chosen) at every betting decision of ``bot`` sitting at every seat of a few deals."""
    out = []
    players = VARIANTS[game].players[0] + 1
    for seed in range(deals):
        state = games.load(game, players=players).new_initial_state(seed=seed)
        bots = [make_bot(game, bot) for _ in range(players)]
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            action = bots[seat].choose(state.observation(seat), legal, rng)
            if legal[0] <= act.BRING_IN and len(legal) > 1:
                out.append((legal, action))
            state.apply_action(action)
    return out


@pytest.mark.parametrize("game", ["henway", "cowpie", "double-draw-high-low"])
def test_the_calling_station_only_checks_and_calls(game: str) -> None:
    seen = betting_decisions(game, "calling-station")
    assert seen
    for legal, action in seen:
        assert action == (act.CALL if act.CALL in legal else act.BRING_IN)


@pytest.mark.parametrize("game", ["ten-card-regrets", "seven-card-stud", "open-draw"])
def test_the_maniac_raises_whenever_it_may(game: str) -> None:
    seen = betting_decisions(game, "maniac")
    assert any(bet_amounts(legal) for legal, _ in seen)
    for legal, action in seen:
        if bet_amounts(legal):
            assert action in bet_amounts(legal)
        else:
            assert action == act.CALL


def test_the_maniac_raises_under_no_limit_too() -> None:
    state = games.load("five-card-draw", players=2, structure="no").new_initial_state(seed=2)
    seat = state.current_player()
    legal = state.legal_actions()
    assert any(a >= act.RAISE_TO for a in legal)
    assert make_bot("five-card-draw", "maniac").choose(state.observation(seat), legal, random.Random(0)) == \
        min(a for a in legal if a >= act.RAISE_TO)


def first_decision_facing_a_bet(cards: str) -> AnyState:
    """Five-card draw heads-up, before the draw: seat 0 checks, the opponent bets."""
    state = start("five-card-draw", [cards, "Qs Qd 9d 8c 3s"], button=1)

    def raiser(state: AnyState) -> int:
        return act.RAISE if act.RAISE in state.legal_actions() else passive(state)

    while True:
        state = play_until(state, 0, "bet", raiser)
        if state.core.table.current > state.core.table.bets[0]:
            return state
        state.apply_action(act.CALL)  # check: the opponent bets next


def test_the_rock_folds_a_weak_hand_to_a_bet() -> None:
    state = first_decision_facing_a_bet("Js 9h 7d 4c 2s")
    assert make_bot("five-card-draw", "rock").choose(state.observation(0), state.legal_actions(),
                                                     random.Random(0)) == act.FOLD


def test_the_rock_raises_a_strong_hand() -> None:
    state = first_decision_facing_a_bet("As Ah 7d 4c 2s")
    assert make_bot("five-card-draw", "rock").choose(state.observation(0), state.legal_actions(),
                                                     random.Random(0)) == act.RAISE


def test_the_probes_split_and_assign_by_the_heuristics() -> None:
    mine = "As 2d 3h 4c 5s Ks Kh Kd Kc Qh"
    state = play_until(start("henway", [mine, "9s 9h 8d 8c 7s 7h Td Tc Js Jh"], button=1), 0, "partition", passive)
    action = make_bot("henway", "rock").choose(state.observation(0), state.legal_actions(), random.Random(0))
    held = sorted(parse(mine))
    assert {held[i] for i in act.subsets(10, 5)[action - act.PARTITION]} == set(parse("As 2d 3h 4c 5s"))
    state = play_until(start("ten-card-regrets", ["Ks Kd 9s 9h 8d 8c 7s 7h Td Tc", "2s 2h 3s 3h 4s 4h 5s 5h 6s 6h"],
                             button=1), 0, "assign", passive)
    assert make_bot("ten-card-regrets", "maniac").choose(state.observation(0), state.legal_actions(),
                                                         random.Random(0)) == act.assign_action(act.BOTH_SECOND)
