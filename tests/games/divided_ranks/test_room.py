"""Divided Ranks' room (``games.room("divided-ranks")``) against independent expectations.

* labels: the text is the rules' ``action_to_string`` on the full state, and the cards are
  exactly those the text names (for a face-up take: the pair on the table in the full state);
* the books' JSON: positions made by hand, with every card's place worked out from the rules;
* the dominant action: the best of the 126 splits found by brute force (each split's result
  key evaluated hand by hand);
* the sampler: a sampled world, observed by the view's player, gives the very view, at every
  position of random games under every rule option set (shortened studies and auto-build too).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from deals import at_reserve, card, cards, mask
from test_hidden_information import prefixes, random_game

from divided import games
from divided.cards import PACK_21, Card, mask_indices
from divided.errors import IllegalActionError, UnsupportedGameError
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.knowledge import knowledge
from divided.games.divided_ranks.room import ROOM, legal_in_view
from divided.games.divided_ranks.scoring import Scoring
from divided.games.divided_ranks.state import Phase
from divided.hands.arrange import SPLIT_COUNT, arrangement

OPTION_SETS: list[dict[str, Any]] = [
    {"first_splitter": first, "reserve_order": order, "scoring": scoring, "swap": swap}
    for first, order, scoring, swap in itertools.product(
        ("coin", 0, 1), ("literal", "coin", "splitter-first"), ("categories-first", "weaker-first"),
        ("blind", "face-up"))
] + [{"rounds": 2, "opening_seed": 3}, {"rounds": 1, "swap": "face-up"}, {"build": "auto"},
     {"rounds": 3, "build": "auto", "reserve_order": "coin"}]


def test_the_room_is_registered_and_typed() -> None:
    room = games.room("divided-ranks")
    assert room is ROOM and room.game == "divided-ranks"
    for name in ("label", "books", "sampler", "dominant_action", "facts"):  # GameRoom (mypy checks types)
        assert callable(getattr(room, name))
    assert room.rules.info.short_name == "divided-ranks"
    with pytest.raises(UnsupportedGameError):
        games.room("no-such-game")


def _named(text: str) -> list[str]:
    """The card tokens of an action's text, in order."""
    out = []
    for token in text.split():
        try:
            out.append(str(Card.parse(token)))
        except ValueError:
            continue
    return out


@pytest.mark.parametrize("swap", ["blind", "face-up"])
def test_labels_agree_with_the_rules_and_name_the_cards_of_the_action(swap: str) -> None:
    kinds: set[str] = set()
    for seed in range(12):
        for position in prefixes(random_game(seed, swap)):
            core = position.core
            mover = position.current_player()
            view = position.observation(mover)
            legal = position.legal_actions()
            assert legal_in_view(view) == legal
            assert legal_in_view(position.observation(1 - mover)) == []
            for action in legal:
                label = ROOM.label(view, action)
                kinds.add(label.kind)
                assert label.action == action
                assert label.text == position.action_to_string(action)
                named = _named(label.text)
                if act.is_split(action):
                    assert label.kind == "split" and list(label.cards) == named and len(named) == 2
                elif action == act.TAKE_FACE_UP:
                    assert label.kind == "take-face-up" and named == []
                    assert list(label.cards) == [str(PACK_21[c]) for c in mask_indices(core.face_up)]
                elif action == act.TAKE_FACE_DOWN:
                    assert label.kind == "take-face-down" and label.cards == ()  # the chooser never saw them
                elif action == act.KEEP:
                    assert (label.kind, label.cards) == ("keep", ())
                elif act.is_give(action):
                    assert label.kind == "give" and list(label.cards) == named and len(named) == 1
                    assert core.hands[mover] >> card(named[0]) & 1
                else:
                    assert label.kind == "build" and len(named) == 10
                    assert list(label.cards) == named[:5]  # the hand written first
                    assert mask(" ".join(named)) == core.hands[mover]
    assert kinds == {"split", "take-face-up", "take-face-down", "keep", "give", "build"}


def test_a_label_is_refused_for_an_action_the_view_cannot_make() -> None:
    state = games.load("divided-ranks", first_splitter=0).new_initial_state(seed=4)
    mover = state.current_player()
    illegal = next(a for a in range(act.TAKE_FACE_UP) if a not in state.legal_actions())
    with pytest.raises(IllegalActionError, match="not a legal action"):
        ROOM.label(state.observation(mover), illegal)
    with pytest.raises(IllegalActionError):
        ROOM.label(state.observation(1 - mover), state.legal_actions()[0])  # not their move
    with pytest.raises(IllegalActionError):
        ROOM.label(state.observation(None), state.legal_actions()[0])


# -- books ----------------------------------------------------------------------------------------

P0 = "Ts Th Js Jh Qs Qh Ks Kh As Ah"
P1 = "Td Tc Jd Jc Qd Qc Kd Kc Ad Ac"


def _pack_order(text: str) -> list[str]:
    return [str(PACK_21[c]) for c in sorted(cards(text))]


def test_books_json_at_the_reserve_by_hand() -> None:
    # Player 0 splits rounds 1, 3, 5 and sees player 1 take Td Tc, Qd Qc, Ad Ac face up; in
    # rounds 2 and 4 player 0 takes its own pair face up and never sees Jd Jc, Kd Kc. Player 1
    # (two splits) decides first at the reserve, so player 0's books show no swap odds yet.
    state = at_reserve(P0, P1, "Jk", first_splitter=0)
    books = ROOM.books(state.observation(0))
    assert books == knowledge(state.observation(0))
    unaccounted = _pack_order("Jd Jc Kd Kc Jk")
    assert books.to_json() == {
        "hand": _pack_order(P0),
        "marked": _pack_order("Js Jh Ks Kh"),
        "opponent": {
            "known": _pack_order("Td Tc Qd Qc Ad Ac"),
            "seen": _pack_order("Td Tc Qd Qc Ad Ac"),
            "worked_out": [],
            "watched": [{"card": c, "p": 1.0} for c in _pack_order("Td Tc Qd Qc Ad Ac")],
            "unknown": 4,
            "unseen": 4,
            "size": 10,
        },
        "reserve": {"known": None, "worked_out": False},
        "unaccounted": [{"card": c, "places": {"opponent's hand": 0.8, "reserve": 0.2}} for c in unaccounted],
        "reserve_odds": [{"card": c, "p": 0.2} for c in unaccounted],
        "swap_odds": [],
    }
    assert "Unaccounted for" in books.describe()


def test_books_json_after_a_face_up_swap_by_hand() -> None:
    # Player 1 gives Td and takes the Joker in the open: player 0 now knows every card's place.
    state = at_reserve(P0, P1, "Jk", first_splitter=0, swap="face-up")
    state.apply_action(act.give_action(card("Td")), player=1)
    data = ROOM.books(state.observation(0)).to_json()
    assert data["opponent"] == {
        "known": _pack_order("Tc Jd Jc Qd Qc Kd Kc Ad Ac Jk"),
        "seen": _pack_order("Tc Qd Qc Ad Ac Jk"),
        "worked_out": _pack_order("Jd Jc Kd Kc"),
        "watched": [{"card": c, "p": 1.0} for c in _pack_order("Tc Qd Qc Ad Ac Jk")],
        "unknown": 0,
        "unseen": 0,
        "size": 10,
    }
    assert data["reserve"] == {"known": "Td", "worked_out": False}
    assert (data["unaccounted"], data["reserve_odds"]) == ([], [])
    # Player 0 decides now: keep changes nothing; taking the Ten of diamonds for the Ace of hearts
    # can only weaken (or keep) the result, and every option's chances add up to one.
    odds = {entry["give"]: entry for entry in data["swap_odds"]}
    assert set(odds) == {None, *_pack_order(P0)}
    assert odds[None] == {"give": None, "better": 0.0, "same": 1.0, "worse": 0.0}
    for entry in odds.values():
        assert entry["better"] + entry["same"] + entry["worse"] == pytest.approx(1.0)
        assert entry["better"] + entry["same"] + entry["worse"] == pytest.approx(1.0)
        assert {entry["better"], entry["same"], entry["worse"]} <= {0.0, 1.0}  # the reserve is certain


def test_books_json_is_plain_json() -> None:
    import json

    for position in prefixes(random_game(5, "blind")):
        for player in (0, 1):
            data = ROOM.books(position.observation(player)).to_json()
            assert json.loads(json.dumps(data)) == data


# -- the dominant action ---------------------------------------------------------------------------


@pytest.mark.parametrize("scoring", ["categories-first", "weaker-first"])
def test_the_dominant_action_is_the_best_split_by_brute_force(scoring: str) -> None:
    rng = random.Random(11)
    for _ in range(25):
        order = list(range(21))
        rng.shuffle(order)
        draft0 = " ".join(str(PACK_21[c]) for c in order[:10])
        draft1 = " ".join(str(PACK_21[c]) for c in order[10:20])
        state = at_reserve(draft0, draft1, str(PACK_21[order[20]]), first_splitter=0, scoring=scoring)
        state.apply_action(act.KEEP)
        state.apply_action(act.KEEP)
        assert state.core.phase == Phase.BUILD and state.current_player() == 0
        view = state.observation(0)
        legal = state.legal_actions()
        chosen = ROOM.dominant_action(view, legal)
        assert chosen is not None and chosen in legal
        keys = [arrangement(view.hand, split).key_for(Scoring(scoring)) for split in range(SPLIT_COUNT)]
        assert keys[chosen - act.BUILD] == max(keys)
        assert ROOM.dominant_action(view, [a for a in legal if a != chosen]) is None
        assert ROOM.dominant_action(state.observation(1), legal) is None  # not their move


def test_no_dominant_action_outside_the_build() -> None:
    for position in prefixes(random_game(2, "face-up")):
        if position.core.phase != Phase.BUILD:
            mover = position.current_player()
            assert ROOM.dominant_action(position.observation(mover), position.legal_actions()) is None


# -- the sampler -----------------------------------------------------------------------------------


def _positions(options: dict[str, Any], seed: int) -> list[Any]:
    state = games.load("divided-ranks", **options).new_initial_state()
    rng = random.Random(seed)
    out = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        out.append(state.clone())
    return out


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_a_sampled_world_looks_exactly_like_the_view(options: dict[str, Any]) -> None:
    rng = random.Random(repr(sorted(options.items())))
    phases: set[Phase] = set()
    for seed in range(2):
        for position in _positions(options, seed):
            if position.is_chance_node() and position.core.phase == Phase.DEAL and position.core.deal:
                continue  # mid-deal: not a position anyone decides at
            for player in (0, 1):
                view = position.observation(player)
                sampler = ROOM.sampler(view)
                for _ in range(2):
                    world = sampler.sample(rng)
                    assert ROOM.rules.observe(world, player) == view
                    assert sampler.weight(world) == 1.0
                phases.add(view.phase)
    assert phases >= {Phase.SPLIT, Phase.CHOOSE, Phase.OVER}
