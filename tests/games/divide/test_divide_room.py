"""DIVIDE's room: labels by phase, forced moves, card zones at every step, facts."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from divided import games
from divided.errors import IllegalActionError
from divided.games.divide import actions as act
from divided.games.divide.room import ROOM, legal_in_view
from divided.games.divide.state import Phase


def test_labels_name_the_kind_and_the_cards() -> None:
    rng = random.Random(1)
    state = games.load("divide", first_dealer=0).new_initial_state(seed=5)
    kinds: Counter[str] = Counter()
    while not state.is_terminal():
        player = state.current_player()
        view = state.observation(player)
        legal = state.legal_actions()
        assert legal_in_view(view) == legal
        for action in legal if len(legal) < 60 else rng.sample(legal, 20):
            label = ROOM.label(view, action)
            kinds[label.kind] += 1
            assert label.text == state.action_to_string(action)
            if label.kind in ("commit", "play"):
                assert label.cards == (act.describe(action),)
            elif label.kind == "pass":
                left, right = act.pass_cards(action)
                assert label.cards == (act.describe(left), act.describe(right))
            else:
                assert label.kind == act.reward_of(action).value and label.cards == ()
        wrong = next(a for a in range(act.NUM_DISTINCT_ACTIONS) if a not in legal)
        with pytest.raises(IllegalActionError):
            ROOM.label(view, wrong)
        other = state.observation((player + 1) % 4)
        with pytest.raises(IllegalActionError):
            ROOM.label(other, legal[0])  # not that player's move
        dominant = ROOM.dominant_action(view, legal)
        assert dominant == (legal[0] if len(legal) == 1 else None)
        state.apply_action(rng.choice(legal))
    assert set(kinds) == {"commit", "pass", "play", "points", "lead", "trump"}


@pytest.mark.parametrize("players", [4, 6])
def test_every_card_is_in_exactly_one_zone(players: int) -> None:
    rng = random.Random(players)
    state = games.load("divide", players=players).new_initial_state()  # chance given move by move
    deck = 52 if players == 4 else 54
    seen_zones: set[str] = set()
    while True:
        zones = ROOM.zones(state.core)
        cards = Counter(c for zone in zones.values() for c in zone)
        assert len(cards) == deck and set(cards.values()) == {1}, state.move_number()
        core = state.core
        for seat in range(players):
            assert len(zones[f"hand {seat}"]) == core.hands[seat].bit_count()
        if core.phase == Phase.PASS:
            assert sum(len(zones[f"commit {s}"]) for s in range(players)) == players
        seen_zones |= {name for name, zone in zones.items() if zone}
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert {"undealt", "trick", "played", "commit 0", "pass 0", "hand 0"} <= seen_zones
    assert (players == 4) == bool(ROOM.zones(state.core)["undealt"])  # four players leave 16 undealt


def test_facts_of_a_finished_game() -> None:
    rng = random.Random(2)
    state = games.load("divide", rounds=2, end_score="off").new_initial_state(seed=2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    facts = ROOM.facts(state.core)
    assert facts["rounds"] == 2 and sum(facts["scores"]) == 46  # type: ignore[arg-type]
    assert facts["winners"] == list(state.core.outcome.winners)  # type: ignore[union-attr]
