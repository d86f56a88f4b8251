"""DIVIDE's observation layout: the bits say what the view says, seat-relative, and hidden
changes (other hands, face-down commits) never change them."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from divided import games
from divided.games.divide import actions as act
from divided.games.divide.encoding import CARDS, LAYOUT, SEATS, entries, size
from divided.games.divide.rules import DivideRules
from divided.games.divide.state import DivideState, Phase

RULES = DivideRules()


def swap_hidden(state: DivideState, me: int, rng: random.Random) -> DivideState:
    """The state with one card swapped between two other players' hands, and (before the flip)
    two other players' commits exchanged: nothing ``me`` can see changes."""
    n = state.options.players
    a, b = rng.sample([s for s in range(n) if s != me], 2)
    hands = list(state.hands)
    if hands[a] and hands[b]:
        x = rng.choice([c for c in range(54) if hands[a] >> c & 1])
        y = rng.choice([c for c in range(54) if hands[b] >> c & 1])
        hands[a] ^= 1 << x | 1 << y
        hands[b] ^= 1 << x | 1 << y
    commits = list(state.commits)
    if state.trick == 0 and commits[a] >= 0 and commits[b] >= 0:
        commits[a], commits[b] = commits[b], commits[a]
    return replace(state, hands=tuple(hands), commits=tuple(commits))


@pytest.mark.parametrize("players", [4, 6])
def test_the_bits_say_what_the_view_says(players: int) -> None:
    rng = random.Random(players)
    state = games.load("divide", players=players, first_dealer=1).new_initial_state(seed=players)
    width = size(LAYOUT)
    while not state.is_terminal():
        core = state.core
        for me in range(players):
            view = state.observation(me)
            bits = LAYOUT.encode(view)
            assert bits.bit_length() <= width
            assert entries(LAYOUT, bits, "hand") == [c for c in range(CARDS) if core.hands[me] >> c & 1]
            assert entries(LAYOUT, bits, "seat") == [me]
            assert entries(LAYOUT, bits, "players") == [0 if players == 4 else 1]
            sizes = entries(LAYOUT, bits, "hand_sizes")
            assert sizes == [r * 10 + core.hands[(me + r) % players].bit_count() for r in range(players)]
            current = state.current_player()
            if current >= 0:
                assert entries(LAYOUT, bits, "current_player") == [(current - me) % players]
            trump = entries(LAYOUT, bits, "trump")
            assert trump == [13 if core.trump is None else core.trump - 2]
            played = entries(LAYOUT, bits, "played")
            assert all(row < players for row in (i // CARDS for i in played))  # 4 players: rows 4, 5 empty
            line = entries(LAYOUT, bits, "line")
            assert len(line) == core.revealed
            if core.commits[me] >= 0:
                assert entries(LAYOUT, bits, "commit") == [core.commits[me]]
            if core.passes[me] >= 0:
                left, right = act.pass_cards(core.passes[me])
                assert entries(LAYOUT, bits, "pass_left") == [left]
                assert entries(LAYOUT, bits, "pass_right") == [right]
            if core.phase == Phase.PLAY:
                expected = sorted(((seat - me) % players) * CARDS + c for seat, c in core.plays)
                assert entries(LAYOUT, bits, "current_trick") == expected
            if core.phase == Phase.DRAFT:  # finishing order by relative seat; each pick's reward
                assert entries(LAYOUT, bits, "finishers") == sorted(
                    place * SEATS + (seat - me) % players for place, seat in enumerate(core.finishers))
                rewards = (act.Reward.POINTS, act.Reward.TRUMP, act.Reward.LEAD)
                assert entries(LAYOUT, bits, "picks") == [
                    place * 3 + rewards.index(act.reward_of(pick)) for place, pick in enumerate(core.picks)]
            scores = entries(LAYOUT, bits, "scores")
            for r in range(players):
                assert sum(1 for i in scores if i // 40 == r) == min(core.scores[(me + r) % players] // 2, 40)
            for piece, row_size, tally in (("round_points", 23, core.round_points), ("fives", 10, core.fives),
                                           ("led", 30, core.led)):  # thermometers, row r = seat me + r
                found = entries(LAYOUT, bits, piece)
                assert found == [r * row_size + k for r in range(players)
                                 for k in range(min(tally[(me + r) % players], row_size))], piece
            if rng.random() < 0.3:
                other = swap_hidden(core, me, rng)
                assert LAYOUT.encode(RULES.observe(other, me)) == bits, "a hidden change changed the bits"
        state.apply_action(rng.choice(state.legal_actions()))
    outcome = state.core.outcome
    assert outcome is not None
    assert entries(LAYOUT, LAYOUT.encode(state.observation(0)), "winners") == sorted(outcome.winners)


def test_seats_are_relative_to_the_viewer() -> None:
    state = games.load("divide", first_dealer=0).new_initial_state(seed=3)
    bits = [LAYOUT.encode(state.observation(p)) for p in range(4)]
    for p in range(4):
        assert entries(LAYOUT, bits[p], "dealer") == [(0 - p) % 4]
        assert entries(LAYOUT, bits[p], "committed") == []
    spectator = LAYOUT.encode(state.observation(None))
    assert entries(LAYOUT, spectator, "seat") == [] and entries(LAYOUT, spectator, "hand") == []
    assert entries(LAYOUT, spectator, "dealer") == [0]  # a spectator's rows are the absolute seats
    assert SEATS == 6


def test_public_and_private_parts_split_the_view() -> None:
    rng = random.Random(7)
    state = games.load("divide", players=6, first_dealer=0).new_initial_state(seed=7)
    mask = LAYOUT.private_mask()
    while not state.is_terminal():
        if rng.random() < 0.2:
            spectator = state.observation(None)
            public = {LAYOUT.encode(LAYOUT.public(state.observation(p))) for p in range(6)}
            assert public == {LAYOUT.encode(spectator)}, "the public part is the same from every seat"
            assert all(LAYOUT.public(state.observation(p)) == spectator for p in range(6))
            for p in range(6):
                view = state.observation(p)
                private = LAYOUT.encode(LAYOUT.private(view))
                assert private & mask == LAYOUT.encode(view) & mask
                other = swap_hidden(state.core, p, rng)  # what others hold does not show
                assert LAYOUT.encode(LAYOUT.private(RULES.observe(other, p))) & mask == private & mask
        state.apply_action(rng.choice(state.legal_actions()))
