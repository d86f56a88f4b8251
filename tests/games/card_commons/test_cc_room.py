"""Card Commons' room: action labels, zones, forced moves and the history reader, by hand."""

from __future__ import annotations

from typing import Any

import pytest
from cc_witness import positions

from divided import games
from divided.cards import PACK_21, mask_indices
from divided.errors import IllegalActionError
from divided.games.base import State
from divided.games.card_commons import actions as act
from divided.games.card_commons.history import read_history
from divided.games.card_commons.room import ROOM, legal_in_view
from divided.games.card_commons.state import Phase

m = PACK_21.parse_mask


def _opening() -> State[Any, Any]:
    return games.load("card-commons", first_starter=0).new_initial_state(seed=3)


def test_labels_name_the_kind_and_the_cards() -> None:
    state = _opening()
    view = state.observation(0)
    hand = mask_indices(view.hand)
    a, b, c, d = (1 << card for card in hand[:4])
    names = [str(PACK_21[card]) for card in hand[:4]]
    cases = {act.reserve(a): ("reserve", names[:1]), act.discard(a | b): ("discard", names[:2]),
             act.offer_three(a | b | c): ("offer-three", names[:3]),
             act.offer_sets(a | d, b | c): ("offer-sets", [names[0], names[3], names[1], names[2]])}
    for action, (kind, cards) in cases.items():
        label = ROOM.label(view, action)
        assert (label.kind, list(label.cards), label.text) == (kind, cards, state.action_to_string(action))
    state.apply_action(act.offer_three(a | b | c))
    label = ROOM.label(state.observation(1), act.keep_card(b))
    assert (label.kind, label.cards, label.text) == ("keep-card", (names[1],), f"keep {names[1]}")
    with pytest.raises(IllegalActionError):
        ROOM.label(state.observation(0), act.keep_card(b))  # not player 0's decision
    with pytest.raises(IllegalActionError):
        ROOM.label(state.observation(1), act.keep_card(d))  # not offered


def test_build_labels_and_legal_actions_from_the_view_agree_with_the_rules() -> None:
    for state in positions({}, range(3), lambda s: True):
        for player in (0, 1, None):
            view = state.observation(player)
            expected = state.legal_actions() if player == state.current_player() else []
            assert legal_in_view(view) == expected
        if state.core.phase == Phase.BUILD:
            view = state.observation(state.current_player())
            label = ROOM.label(view, state.legal_actions()[5])
            three = act.decode(state.legal_actions()[5]).cards
            assert label.kind == "build" and label.cards == tuple(str(PACK_21[c]) for c in mask_indices(three))


def test_only_a_forced_move_is_dominant() -> None:
    forced = 0
    for state in positions({}, range(4), lambda s: True):
        player = state.current_player()
        legal = state.legal_actions()
        dominant = ROOM.dominant_action(state.observation(player), legal)
        assert dominant == (legal[0] if len(legal) == 1 else None)
        forced += dominant is not None
        assert ROOM.dominant_action(state.observation(None), legal) is None
    assert forced > 0  # a last Reserve, Discard or Offer 3 leaves no choice


def test_zones_hold_every_card_once_and_show_the_offer_in_flight() -> None:
    state = _opening()
    hand = state.core.hands[0]
    three = sum(1 << c for c in mask_indices(hand)[:3])
    state.apply_action(act.offer_three(three))
    zones = ROOM.zones(state.core)
    assert zones["offer"] == tuple(str(PACK_21[c]) for c in mask_indices(three))
    assert zones["hand 0"] == tuple(str(PACK_21[c]) for c in mask_indices(hand & ~three))
    assert len(zones["aside"]) == 1 and len(zones["pile"]) == 7
    assert sorted(card for zone in zones.values() for card in zone) == sorted(str(card) for card in PACK_21)
    before = games.load("card-commons").new_initial_state()
    assert ROOM.zones(before.core)["pile"] == tuple(str(card) for card in PACK_21)


def test_the_history_reader_splits_rounds_turns_and_keeps() -> None:
    state = _opening()
    hand = mask_indices(state.core.hands[0])
    state.apply_action(act.offer_three(sum(1 << c for c in hand[:3])))
    state.apply_action(act.keep_card(1 << hand[1]))
    their = mask_indices(state.core.hands[1])
    state.apply_action(act.discard(1 << their[0] | 1 << their[1]))
    past = read_history(state.observation(0))
    (played,) = past.rounds
    first, second = played.turns
    assert (first.player, first.kind, first.kept, first.left) == (0, act.Kind.OFFER_THREE, 1 << hand[1],
                                                                   1 << hand[0] | 1 << hand[2])
    assert (second.player, second.kind, second.cards) == (1, act.Kind.DISCARD, None)
    assert played.face_up(1) == 1 << hand[1] and played.discards(1) is None and played.reserved(1) == 0
    assert read_history(state.observation(1)).current.discards(1) == 1 << their[0] | 1 << their[1]
    assert past.seen(0) == state.core.hands[0] | sum(1 << c for c in hand[:3])
    finished = next(iter(positions({}, range(1), lambda s: s.core.round == 1 and s.core.phase == Phase.ACT)))
    past = read_history(finished.observation(1))
    assert [r.number for r in past.rounds] == [0, 1] and past.finished == past.rounds[:1]
    result = past.rounds[0].result
    assert result is not None
    for seat in (0, 1):  # the showdown shows the reserved cards
        assert past.rounds[0].reserved(seat) == result.collections[seat] & ~past.rounds[0].face_up(seat)
        assert past.rounds[0].reserved(seat).bit_count() == 1  # type: ignore[union-attr]
