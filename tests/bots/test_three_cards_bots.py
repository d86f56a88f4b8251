"""The generic ``random`` and ``ismcts`` bots play Three Cards (``tests/three_cards.py``), the
tests-only three-player game with a card drawn mid-game, from its rules and room alone (its world
sampler, its dominant action), choosing what the rules make plainly best."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from divided import games
from divided.bots import make_bot, names
from three_cards import EXCHANGE, KEEP, NAME, registered


@pytest.fixture(autouse=True)
def three_cards() -> Iterator[None]:
    yield from registered()


def test_the_generic_bots_support_a_three_player_game() -> None:
    assert {"random", "ismcts", "pimc"} <= set(names(NAME)) and "expert" not in names(NAME)


def test_ismcts_plays_legal_deterministic_three_player_games() -> None:
    bot = make_bot(NAME, "ismcts:iterations=12")
    histories = []
    for _ in range(2):
        state = games.load(NAME).new_initial_state(seed=4)
        rng = random.Random(9)
        movers = set()
        while not state.is_terminal():
            player = state.current_player()
            movers.add(player)
            legal = tuple(state.legal_actions())
            action = bot.choose(state.observation(player), legal, rng)
            assert action in legal
            state.apply_action(action)
        assert movers == {0, 1, 2}
        histories.append(state.history())
    assert histories[0] == histories[1]


@pytest.mark.parametrize(("chance", "decisions", "best"), [
    ([6, 2, 3], [], KEEP),  # the top card wins for sure if kept; an exchange can only lose it
    ([4, 5, 1], [KEEP, KEEP], EXCHANGE),  # a kept 1 loses to 4 and 5; a draw from 2, 3, 6 wins one time in 3
])
def test_ismcts_finds_what_the_rules_make_best(chance: list[int], decisions: list[int], best: int) -> None:
    state = games.load(NAME).new_initial_state(chance=chance)
    for action in decisions:
        state.apply_action(action)
    player = state.current_player()
    bot = make_bot(NAME, "ismcts:iterations=300")
    assert bot.choose(state.observation(player), (KEEP, EXCHANGE), random.Random(1)) == best


def test_the_random_bot_keeps_the_top_card_the_room_calls_dominant() -> None:
    bot = make_bot(NAME, "random")
    for card in range(1, 7):
        state = games.load(NAME).new_initial_state(chance=[card, *(c for c in (1, 2, 3) if c != card)][:3])
        view = state.observation(0)
        expected = {KEEP: 1.0, EXCHANGE: 0.0} if card == 6 else {KEEP: 0.5, EXCHANGE: 0.5}
        assert bot.action_probabilities(view, (KEEP, EXCHANGE)) == expected


def test_pimc_values_an_exchange_by_hand_counted_odds() -> None:
    # Seat 2 holds a 1, the lowest card, after seats 0 and 1 kept theirs (unseen to it): keeping
    # loses in every world, so it is worth exactly 0; an exchange, the last decision of the game,
    # draws a card that wins whenever it beats the two kept cards, which happens in some worlds
    # (whatever the sampler places), so it is worth more than 0.
    state = games.load(NAME).new_initial_state(chance=[4, 5, 1])
    state.apply_action(KEEP)
    state.apply_action(KEEP)
    view = state.observation(2)
    bot = make_bot(NAME, "pimc:worlds=200")
    values = bot.values(view, (KEEP, EXCHANGE), random.Random(3))  # type: ignore[attr-defined]
    assert values[KEEP] == 0.0 and values[EXCHANGE] > 0.0
    assert bot.choose(view, (KEEP, EXCHANGE), random.Random(3)) == EXCHANGE
    assert bot.action_probabilities(view, (KEEP, EXCHANGE)) == {KEEP: 0.0, EXCHANGE: 1.0}


def test_pimc_keeps_the_top_card_and_is_deterministic_given_its_rng() -> None:
    bot = make_bot(NAME, "pimc:worlds=8")
    state = games.load(NAME).new_initial_state(chance=[6, 2, 3])
    assert bot.choose(state.observation(0), (KEEP, EXCHANGE), random.Random(0)) == KEEP
    state = games.load(NAME).new_initial_state(chance=[3, 2, 5])
    view = state.observation(0)
    picks = {bot.choose(view, (KEEP, EXCHANGE), random.Random(7)) for _ in range(3)}
    assert len(picks) == 1
