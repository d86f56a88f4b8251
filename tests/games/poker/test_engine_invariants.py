"""Invariants over random deals of every poker game: chips and cards conserved at every step,
no hidden card in any view or label of another seat (each seat and the spectator), and illegal
actions refused with nothing changed."""

from __future__ import annotations

import random
from typing import Any

import pytest
from no_leak import Tally, play_checked
from poker_deals import passive, start

from divided import games
from divided.errors import IllegalActionError, NotYourTurnError
from divided.games import State
from divided.games.base import evolve
from divided.games.poker import actions as act
from divided.games.poker.cards import DECK_SIZE

AnyState = State[Any, Any]

CASES = [
    ("five-card-draw", {"players": 4}), ("five-card-draw", {"players": 7, "structure": "no", "stack": 12}),
    ("seven-card-stud", {"players": 5, "structure": "pot", "stack": 15}),
    ("henway", {"players": 3}), ("henway", {"players": 5, "henway_sides": "declared", "structure": "no"}),
    ("ten-card-regrets", {"players": 4}), ("ten-card-regrets", {"players": 3, "regrets_exposure": "face-up"}),
    ("cowpie", {"players": 4, "stack": 10}), ("cowpie", {"players": 6, "cowpie_down": "both"}),
    ("double-draw-high-low", {"players": 5, "low": "a5-8"}), ("open-draw", {"players": 6}),
    ("freak-of-nature", {"players": 5, "structure": "no", "stack": 12}), ("uncle-bobs-left-nut", {"players": 3}),
    ("auction-flop", {"players": 4}), ("low-high-die", {"players": 6}), ("buck-thirty-five", {"players": 5}),
]


def positions(game: str, options: dict[str, object], seed: int, *, raise_often: bool = False):  # type: ignore[no-untyped-def]
    """Every state of one random deal (explicit chance), the end included."""
    rng = random.Random(seed)
    state = games.load(game, **options).new_initial_state()
    while True:
        yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        legal = state.legal_actions()
        raises = [a for a in legal if a == act.RAISE or a >= act.RAISE_TO]
        if raise_often and raises and rng.random() < 0.4:
            state.apply_action(rng.choice(raises))
        elif act.FOLD in legal and rng.random() < 0.1:
            state.apply_action(act.FOLD)
        else:
            state.apply_action(rng.choice([a for a in legal if a != act.FOLD] or legal))


def where(core: Any) -> list[int]:
    """Every card's count of places, straight from the state's fields."""
    places = [0] * DECK_SIZE
    masks = [core.stock, *core.discarded, *core.mucked, *core.phase.drawn]
    for mask in masks:
        for card in range(DECK_SIZE):
            places[card] += mask >> card & 1
    for seat_slots in core.slots:
        for held in seat_slots:
            for card in held:
                places[card] += 1
    return places


@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(CASES)])
def test_chips_and_cards_are_conserved_at_every_step(game: str, options: dict[str, object]) -> None:
    for seed in range(4):
        total = None
        for state in positions(game, options, seed, raise_often=seed % 2 == 1):
            core = state.core
            table = core.table
            total = total or core.config.players * core.config.stack
            assert sum(table.stacks) + sum(table.contributed) == total
            assert all(stack >= 0 for stack in table.stacks)
            assert where(core) == [1] * DECK_SIZE
        assert sum(state.returns()) == 0
        if state.core.settled:
            assert sum(sum(pot.chips) for pot in state.core.settled) == sum(state.core.table.contributed)


def expected_up(core: Any) -> set[int] | None:
    """The face-up cards in the seats' hands by each game's rules, from deal positions and the
    steps done (``None`` where this test does not work it out: Cowpie after the split)."""
    config = core.config
    game = config.variant.id
    flips = sum(1 for step in config.steps[: core.step] if step.kind == "flip")
    up: set[int] = set()
    for seat in range(core.players):
        slots = core.slots[seat]
        if game == "seven-card-stud":
            up.update(slots[0][2:6])
        elif game == "cowpie":
            if any(slots[1:]):
                return None
            up.update(slots[0][2:6])
        elif game == "henway":
            for held in slots[1:]:
                up.update(held[:flips])
        elif game == "ten-card-regrets" and config.option("regrets_exposure") == "face-up":
            up.update(c for held in slots[1:] for c in held)
        elif game == "auction-flop":  # the lot lies face up in front of its first voice
            up.update(slots[1])
    return up


@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(CASES)])
def test_no_view_or_label_shows_a_card_its_player_may_not_see(game: str, options: dict[str, object]) -> None:
    # the shared checker (no_leak.py, also the long run over 1,000 deals a game): views place by
    # place, books, the sampler's input, labels and events, for each seat and the spectator
    tally = Tally()
    for seed in range(3):
        play_checked(game, 100 + seed, tally, options)
    assert tally.views > 0 and tally.labels > 0


@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(CASES)])
def test_the_face_up_cards_in_hands_are_those_the_rules_turn_up(game: str, options: dict[str, object]) -> None:
    for seed in range(2):
        for state in positions(game, options, 200 + seed):
            core = state.core
            expected = expected_up(core)
            if expected is None:
                continue
            in_hands = {c for seat_slots in core.slots for held in seat_slots for c in held}
            assert {c for c in in_hands if core.up >> c & 1} == expected


def test_out_of_turn_and_foreign_cards_are_refused_and_change_nothing() -> None:
    state = start("five-card-draw", ("As Ks Qs Js Ts", "2c 7d 9h 4s 3c"), button=1)
    before = (state.history(), state.observation(0), state.observation(1))
    with pytest.raises(NotYourTurnError):
        state.apply_action(act.CALL, player=1)
    passive(state)
    assert state.current_player() == 0
    before = (state.history(), state.observation(0), state.observation(1))
    for wrong in (act.DISCARD + 0b100000, act.DISCARD + 127, act.ASSIGN, act.PARTITION, act.ORDER + 51, act.FOLD,
                  act.RAISE, -1, 10**6):
        with pytest.raises(IllegalActionError):
            state.apply_action(wrong)
        assert (state.history(), state.observation(0), state.observation(1)) == before


def test_no_limit_amounts_outside_the_range_are_refused() -> None:
    state = start("five-card-draw", ("As Ks Qs Js Ts", "2c 7d 9h 4s 3c"), button=1, structure="no", stack=50)
    legal = state.legal_actions()
    amounts = [a - act.RAISE_TO for a in legal if a >= act.RAISE_TO]
    assert amounts == list(range(2, 50))  # a bet of at least the small bet, up to the 49 chips behind
    before = (state.history(), state.observation(None))
    for amount in (0, 1, 50, 51, 400):
        with pytest.raises(IllegalActionError):
            state.apply_action(act.RAISE_TO + amount)
        assert (state.history(), state.observation(None)) == before


def test_a_third_card_into_a_full_hand_is_refused() -> None:
    # A puts both cards left at the first two deals: four left; both left again would be six
    hands = ("Ks 7s Kh 5d Kd 4c Qc 3h Qd 2s", "9h Jd 8c Jc 6d 8s 4d 6c 3s 2h")
    state = start("ten-card-regrets", hands, button=1)
    for _ in range(2):
        state.apply_action(act.ASSIGN + act.BOTH_FIRST)
        state.apply_action(act.ASSIGN + act.BOTH_SECOND)
        passive(state)
    before = (state.history(), state.observation(0), state.observation(1))
    with pytest.raises(IllegalActionError):
        state.apply_action(act.ASSIGN + act.BOTH_FIRST)
    assert (state.history(), state.observation(0), state.observation(1)) == before


@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(CASES)])
def test_every_decision_stays_small(game: str, options: dict[str, object]) -> None:
    # at most C(10, 5) = 252 choices besides no-limit and pot-limit raise-to amounts, which are
    # at most one per chip of a stack
    stack = games.load(game, **options).new_initial_state().core.config.stack
    for seed in range(2):
        for state in positions(game, options, 300 + seed):
            if state.is_terminal() or state.is_chance_node():
                continue
            legal = state.legal_actions()
            assert len([a for a in legal if a < act.RAISE_TO]) <= 252
            assert len([a for a in legal if a >= act.RAISE_TO]) <= stack


def test_the_no_leak_checker_catches_a_down_card_shown_to_another_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    # a view that shows everyone the first card of seat 0, face down or not: the checker must object
    from divided.games.poker import rules as poker_rules
    from divided.games.poker import view as poker_view

    def leaky(state: Any, player: int | None, current: int, result: Any) -> Any:
        view = poker_view.observe(state, player, current, result)
        if not state.slots[0][0]:
            return view
        first = (state.slots[0][0][0], *view.slots[0][0][1:])
        return evolve(view, slots=((first, *view.slots[0][1:]), *view.slots[1:]))

    monkeypatch.setattr(poker_rules, "observe", leaky)
    with pytest.raises(AssertionError, match="seat 0's"):
        play_checked("five-card-draw", 1, Tally(), {"players": 3})
