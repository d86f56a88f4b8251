"""Card Commons' action numbering and notation: every number decodes to the cards it names and
back, every action has its own words, the words read back at every phase (chance included),
bad text is refused, and a caller may change the legal list it is given."""

from __future__ import annotations

import random
from itertools import combinations
from math import comb
from typing import Any

import pytest

from divided import games
from divided.cards import PACK_21
from divided.errors import DividedError, InvalidNotationError
from divided.games import State
from divided.games.card_commons import actions as act
from divided.games.card_commons import rules
from divided.games.card_commons.actions import Kind

m = PACK_21.parse_mask


def test_the_blocks_have_the_sizes_of_their_card_sets() -> None:
    sizes = {Kind.RESERVE: 21, Kind.DISCARD: comb(21, 2), Kind.OFFER_THREE: comb(21, 3),
             Kind.OFFER_SETS: 3 * comb(21, 4), Kind.KEEP_CARD: 21, Kind.KEEP_SET: comb(21, 2),
             Kind.BUILD: comb(21, 3)}
    counted = {kind: 0 for kind in Kind}
    for action in range(act.NUM_DISTINCT_ACTIONS):
        counted[act.kind_of(action)] += 1
    assert counted == sizes
    assert act.NUM_DISTINCT_ACTIONS == sum(sizes.values()) == 21_077
    for bad in (-1, act.NUM_DISTINCT_ACTIONS, True, 1.0, "3"):
        with pytest.raises(ValueError):
            act.kind_of(bad)  # type: ignore[arg-type]


def test_every_action_decodes_to_its_cards_and_back() -> None:
    encode = {Kind.RESERVE: act.reserve, Kind.DISCARD: act.discard, Kind.OFFER_THREE: act.offer_three,
              Kind.KEEP_CARD: act.keep_card, Kind.KEEP_SET: act.keep_set, Kind.BUILD: act.build}
    size = {Kind.RESERVE: 1, Kind.DISCARD: 2, Kind.OFFER_THREE: 3, Kind.OFFER_SETS: 4, Kind.KEEP_CARD: 1,
            Kind.KEEP_SET: 2, Kind.BUILD: 3}
    texts = set()
    for action in range(act.NUM_DISTINCT_ACTIONS):
        move = act.decode(action)
        assert move.cards.bit_count() == size[move.kind] and move.cards >> 21 == 0
        if move.kind == Kind.OFFER_SETS:
            assert move.sets is not None
            first, second = move.sets
            assert first | second == move.cards and not first & second
            assert first.bit_count() == second.bit_count() == 2
            assert (first & -first) < (second & -second)  # the set with the lowest card first
            assert act.offer_sets(first, second) == act.offer_sets(second, first) == action
        else:
            assert move.sets is None and encode[move.kind](move.cards) == action
        text = act.describe(action)
        texts.add(text)
        assert act.parse(text) == action
    assert len(texts) == act.NUM_DISTINCT_ACTIONS  # every action has its own words


def test_an_offer_of_two_sets_has_three_pairings_of_four_cards() -> None:
    four = m("Ts Jh Qd Kc")
    actions = {act.offer_sets(a | b, four ^ (a | b)) for a, b in combinations([1 << i for i in range(21) if four >> i & 1], 2)}
    assert len(actions) == 3  # six pairs, each pairing counted twice
    assert {act.describe(a) for a in actions} == {"offer Ts Jh | Qd Kc", "offer Ts Qd | Jh Kc", "offer Ts Kc | Jh Qd"}


def test_documented_forms() -> None:
    assert act.describe(act.reserve(m("Jk"))) == "reserve Jk"
    assert act.parse("discard Kh Ah") == act.discard(m("Ah Kh"))
    assert act.parse("offer qs ks as") == act.offer_three(m("As Ks Qs"))
    assert act.parse("offer Qs Js | As Ks") == act.offer_sets(m("As Ks"), m("Qs Js"))
    assert act.parse("keep Ah") == act.keep_card(m("Ah")) and act.parse("keep Ah Kh") == act.keep_set(m("Ah Kh"))
    assert act.parse("build Ts Jk Ad") == act.build(m("Ts Ad Jk"))


@pytest.mark.parametrize("text", ["", "reserve", "reserve Ah Kh", "discard Ah", "discard Ah Ah", "offer Ah Kh",
                                  "offer Ah Kh Qh Jh", "offer Ah Kh | Qh", "offer Ah Kh | Ah Qh", "keep",
                                  "keep Ah Kh Qh", "build Ah Kh", "build Ah Kh Qh Jh Th", "take Ah", "reserve Zz",
                                  "offer | "])
def test_bad_text_is_refused(text: str) -> None:
    with pytest.raises(DividedError):  # the notation's error, or the pack's for a card written twice
        act.parse(text)


def _positions(options: dict[str, object], seed: int) -> list[State[Any, Any]]:
    """Every position of one random match (chance resolved by hand from ``seed``)."""
    rng = random.Random(seed)
    state = games.load("card-commons", **options).new_initial_state()
    out = [state.clone()]
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        out.append(state.clone())
    return out


def test_action_words_read_back_at_every_phase_chance_included() -> None:
    """OpenSpiel's StringToAction inverts ActionToString, at chance nodes too, and a number is
    always read as itself."""
    phases = set()
    for seed in range(2):
        for state in _positions({"first_starter": "coin"}, seed)[:-1]:
            phases.add(state.core.phase)
            legal = state.legal_actions()
            texts = [state.action_to_string(a) for a in legal]
            assert len(set(texts)) == len(texts)
            for action, text in zip(legal, texts, strict=True):
                assert state.string_to_action(text) == action, text
                assert state.string_to_action(f" {action} ") == action
    assert {str(p) for p in phases} == {"coin", "deal", "draw", "act", "keep", "build"}
    state = games.load("card-commons").new_initial_state()
    assert state.action_to_string(0) == "coin: player 0 starts"
    assert state.string_to_action("coin: player 1 starts") == 1
    state.apply_action(1)
    assert state.action_to_string(20) == "set aside Jk" and state.string_to_action("set aside Jk") == 20
    state.apply_action(20)
    assert state.action_to_string(0) == "deal Ts" and state.string_to_action("deal Ts") == 0


@pytest.mark.parametrize("text", ["", "  ", "coin", "coin: player 2 starts", "player 0", "heads", "-1"])
def test_bad_coin_text_is_refused(text: str) -> None:
    state = games.load("card-commons").new_initial_state()
    with pytest.raises(InvalidNotationError):
        state.string_to_action(text)


@pytest.mark.parametrize("text", ["", "deal", "deal Zz", "deal Ah Kh", "shuffle Ah", "reserve Ah"])
def test_bad_chance_card_text_is_refused(text: str) -> None:
    state = games.load("card-commons", first_starter=0).new_initial_state()
    with pytest.raises(InvalidNotationError):
        state.string_to_action(text)


def test_a_caller_may_change_the_legal_list() -> None:
    """Legal lists are cached by the engine: changing the one handed out must not change the next."""
    state = games.load("card-commons", first_starter=0).new_initial_state(seed=3)
    first = state.legal_actions()
    expected = list(first)
    expected_hand = state.core.hands[0]
    first.clear()
    assert state.legal_actions() == expected
    while state.core.phase != "build":
        state.apply_action(state.legal_actions()[0])
    builds = state.legal_actions()
    kept = list(builds)
    builds.reverse()
    assert state.legal_actions() == kept and len(kept) == 56
    rules.turn_actions.cache_clear()  # the caches can be emptied (the lab times from cold caches)
    rules.build_actions.cache_clear()
    assert state.legal_actions() == kept and rules.turn_actions(expected_hand, 0) == expected


def test_a_record_names_the_game_by_its_id_and_replays() -> None:
    """The platform finds a game by ``info.short_name`` (records, the lab, the web app, the CLI):
    it must be the id ``games.load`` takes."""
    game = games.load("card-commons", target=3, first_starter="coin")
    assert game.info.short_name == "card-commons"
    state = game.new_initial_state(seed=4)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    record = state.record()
    assert record.game == "card-commons"
    replayed = games.replay(type(record).from_json(record.to_json()))
    assert replayed.history() == state.history() and replayed.returns() == state.returns()
