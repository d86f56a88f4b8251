"""DIVIDE's history reader: hand-made voids (ruling D5), Trick 1 showing nothing, the passes a
viewer knows, known cards until played, and voids that always hold in the real hands."""

from __future__ import annotations

import random

import pytest

from divided import games
from divided.cards import STANDARD_54
from divided.games import State
from divided.games.divide import actions as act
from divided.games.divide.history import read_history, trick_voids
from divided.games.divide.knowledge import knowledge
from divided.games.divide.state import DivideState, Phase
from divided.games.divide.tricks import SUIT_MASKS
from divided.games.divide.view import PlayerView

S, H, D, C = 1, 2, 4, 8  # suit bits


def card(text: str) -> int:
    return STANDARD_54.index(STANDARD_54.parse_card(text))


def plays(*pairs: tuple[int, str]) -> tuple[tuple[int, int], ...]:
    return tuple((seat, card(text)) for seat, text in pairs)


@pytest.mark.parametrize(("trick", "voids"), [
    (plays((0, "5h"), (1, "9h"), (2, "2h"), (3, "Ah")), (0, 0, 0, 0)),  # everyone follows
    (plays((0, "5h"), (1, "9s"), (2, "2h"), (3, "Kd")), (0, H, 0, H)),  # two cannot follow
    (plays((0, "5h"), (1, "5s"), (2, "2h"), (3, "Ah")), (0, H, 0, 0)),  # a Trump-Rank card of another suit does not follow
    (plays((0, "Jk1"), (1, "5h"), (2, "Jk2"), (3, "2s")), (0, 0, H, H)),  # a led Joker: the next card sets the suit
    (plays((0, "Jk1"), (1, "Jk2"), (2, "3c"), (3, "4c")), (0, 0, 0, 0)),  # Jokers while no suit is set show nothing
    (plays((0, "3c"), (1, "Jk1"), (2, "4c"), (3, "Jk2")), (0, C, 0, C)),  # a Joker after the suit is set
])
def test_voids_follow_ruling_d5(trick: tuple[tuple[int, int], ...], voids: tuple[int, ...]) -> None:
    assert trick_voids(trick, 4) == voids


DEAL = [  # first dealer 0: seat 1 is dealt first, then 2, 3, 0
    "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts",
    "Js", "Qs", "Ks", "As", "2h", "3h", "4h", "5h", "6h",
    "7h", "8h", "9h", "Th", "Jh", "Qh", "Kh", "Ah", "2d",
    "3d", "4d", "5d", "6d", "7d", "8d", "9d", "Td", "Jd",
]


def scripted() -> State[DivideState, PlayerView]:
    """A 4-player round to the start of Trick 3: seat 2 commits a heart while holding spades,
    the passes, then Trick 2 where seat 2 cannot follow diamonds."""
    state = games.load("divide", first_dealer=0).new_initial_state(seed=1, chance=[card(c) for c in DEAL])
    for text in ("2s", "2h", "2d", "3d"):  # commits, seats 1, 2, 3, 0
        state.apply_action(card(text))
    for left, right in (("3s", "4s"), ("Js", "3h"), ("7h", "8h"), ("4d", "5d")):  # passes, seats 1, 2, 3, 0
        state.apply_action(act.pass_action(card(left), card(right)))
    assert state.core.phase == Phase.DRAFT and state.core.finishers == (1, 0, 2)
    state.apply_action(act.LEAD)  # seat 1
    return state


def test_a_scripted_round_reads_as_each_seat_saw_it() -> None:
    state = scripted()
    state.apply_action(act.POINTS)  # seat 0; seat 2 is left with Trump and declares
    state.apply_action(act.NO_TRUMP)
    before = read_history(state.observation(0))
    assert before.current.voids == (0, 0, 0, 0), "Trick 1's commits show nothing"
    assert before.known_in_hand == {1: 1 << card("4d"), 3: 1 << card("5d")}
    assert before.current.received(0) == (card("7h"), card("4s"))  # from seat 3 (its left), from seat 1
    assert read_history(state.observation(2)).current.received(0) == (None, None)
    assert [p.left if p else None for p in before.current.passes] == [card("4d"), None, None, card("7h")]
    assert before.current.commit(2) == card("2h") and before.current.commit(0) == card("3d")
    assert [e.place for e in before.current.picks] == [1, 2, 3]
    assert len(before.current.reveals) == state.core.revealed
    for text in ("4d", "As", "5d", "6d"):  # Trick 2: seat 2 has no diamond, seat 3 plays the 5d it received
        state.apply_action(card(text))
    after = read_history(state.observation(0))
    assert after.current.voids == (0, 0, D, 0)
    assert after.known_in_hand == {}, "both passed cards are played"
    assert after.current.played[2] == 1 << card("2h") | 1 << card("As")
    assert [t.number for t in after.current.tricks] == [1, 2] and after.current.tricks[1].finished
    books = knowledge(state.observation(0))
    assert all("player 2's hand" not in books.odds[c] for c in books.odds if c < 52 and c % 4 == 2)
    assert books.voids == (0, 0, D, 0)


@pytest.mark.parametrize("players", [4, 6])
def test_voids_and_known_cards_always_hold_in_the_real_hands(players: int) -> None:
    rng = random.Random(players)
    state = games.load("divide", players=players, rounds=2, end_score="off").new_initial_state(seed=players)
    checked = 0
    while not state.is_terminal():
        core = state.core
        for seat in range(players):
            past = read_history(state.observation(seat))
            assert len(past.rounds) == core.round + 1
            for other, suits in enumerate(past.current.voids):
                for suit in range(4):
                    if suits >> suit & 1:
                        assert not core.hands[other] & SUIT_MASKS[suit]
                        checked += 1
            for other, mask in past.known_in_hand.items():
                assert core.hands[other] & mask == mask
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 50


@pytest.mark.parametrize("players", [4, 6])
def test_the_current_round_read_alone_equals_the_whole_history_s(players: int) -> None:
    """``read_round`` and ``read_round_cards`` (the end of the log, extended view after view,
    each with its own record) against ``read_history`` (every round from scratch), the
    reference: two games and a branch played in turns, every
    seat and a spectator looking in random order, so its per-viewer record is often stale, and
    the public and private parts of views mixed in (logs cut to one round's passes)."""
    from divided.games.divide.encoding import LAYOUT
    from divided.games.divide.history import read_round, read_round_cards

    rules = games.load("divide", players=players, rounds=2).rules
    game = games.load("divide", players=players, rounds=2)
    rng = random.Random(players)
    lines = [game.new_initial_state(seed) for seed in (1, 2)]
    viewers: list[int | None] = [*range(players), None]
    checked = 0
    while lines:
        line = rng.choice(lines)
        if line.is_terminal():
            lines.remove(line)
            continue
        line.apply_action(rng.choice(line.legal_actions()))
        if len(lines) == 2 and checked == 200:
            lines.append(line.clone())
        for _ in range(2):
            view = rules.observe(rng.choice(lines).core, rng.choice(viewers))
            # OpenSpiel's factored observations read views made from views: a seat's private
            # part (only this round's passes it knows) and the public part (a spectator's)
            view = rng.choice([view, view, LAYOUT.public(view), LAYOUT.private(view)])
            current = read_history(view).current
            assert read_round_cards(view) == (current.passes, current.played, current.voids)
            assert read_round(view) == current
            checked += 1
    assert checked > 500
