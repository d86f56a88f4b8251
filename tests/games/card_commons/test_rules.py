"""Card Commons' rules as tests: every sentence of the rules and rulings C1-C6, from hand-made
deals (:mod:`cc_script`) with the expected results worked out by hand from the rules text.

C7 (the build as a decision) is the build's own tests; the hand rankings' full order is the
3-card and 5-card tables' tests: here the rankings appear only as the rounds they score.
"""

from __future__ import annotations

import random
from itertools import combinations, permutations
from math import comb
from typing import Any

import pytest
from cc_script import (
    EQUAL,
    FIVE_DECIDES,
    JOKER_FIVE,
    JOKER_NO_PAIR,
    JOKER_THREE,
    JOKER_THREE_LOSES,
    SPLIT,
    SWEEP,
    THREE_DECIDES,
    CCState,
    Round,
    builds,
    card,
    mask,
    new_match,
    play_round,
)

from divided import games
from divided.errors import IllegalActionError, NotYourTurnError
from divided.games import CHANCE, TERMINAL
from divided.games.card_commons import actions as act
from divided.games.card_commons.actions import Kind
from divided.games.card_commons.rules import longest_regular_match

TURN_KINDS = (Kind.RESERVE, Kind.DISCARD, Kind.OFFER_THREE, Kind.OFFER_SETS)
SIZE = {Kind.RESERVE: 1, Kind.DISCARD: 2, Kind.OFFER_THREE: 3, Kind.OFFER_SETS: 4}


def unchanged(state: CCState, action: Any, error: type[Exception] = IllegalActionError, **kw: Any) -> str:
    """Applying ``action`` raises ``error`` and leaves the match exactly as it was."""
    core, history = state.core, state.history()
    with pytest.raises(error) as info:
        state.apply_action(action, **kw)
    assert state.core == core and state.history() == history
    return str(info.value)


def to_phase(state: CCState, phase: str, chance: list[int] | None = None) -> None:
    """Apply the given chance cards (then the lowest legal actions) until ``phase``."""
    given = iter(chance or [])
    while state.core.phase != phase:
        legal = state.legal_actions()
        if state.current_player() == CHANCE:
            state.apply_action(next(given, legal[0]))
        else:
            state.apply_action(legal[0])


def count_by_kind(legal: list[int]) -> dict[Kind, int]:
    out = {kind: 0 for kind in TURN_KINDS}
    for action in legal:
        out[act.kind_of(action)] += 1
    return out


def expected_counts(hand: int, unused: set[Kind]) -> dict[Kind, int]:
    """Legal counts by kind for a hand of ``hand`` cards: the ways to pick the cards (an offer of
    two sets: four cards, then one of three pairings)."""
    ways = {Kind.RESERVE: hand, Kind.DISCARD: comb(hand, 2), Kind.OFFER_THREE: comb(hand, 3),
            Kind.OFFER_SETS: 3 * comb(hand, 4)}
    return {kind: ways[kind] if kind in unused else 0 for kind in TURN_KINDS}


# --- Each round: the deal ------------------------------------------------------------------


def test_the_deal_sets_one_aside_deals_six_each_the_starter_first_and_leaves_eight() -> None:
    state = new_match(first_starter=1)
    assert state.current_player() == CHANCE and state.chance_node().name == "aside"
    outcomes = state.chance_outcomes()
    assert [c for c, _ in outcomes] == list(range(21)) and all(p == pytest.approx(1 / 21) for _, p in outcomes)
    chance = SWEEP.chance(starter=1)
    for n, c in enumerate(chance[:13]):
        assert state.chance_node().name == ("aside" if n == 0 else "deal")
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 21 - n and all(p == pytest.approx(1 / (21 - n)) for _, p in outcomes)
        state.apply_action(c)
    core = state.core
    assert core.aside == mask("Jk")
    assert core.hands[1] == mask(" ".join(SWEEP.cards_of(1)[:6]))  # the starter's six came first
    assert core.hands[0] == mask(" ".join(SWEEP.cards_of(0)[:6]))
    assert core.pile.bit_count() == 8 and not core.pile & (core.aside | core.hands[0] | core.hands[1])
    spectator = state.observation(None)
    assert spectator.hand_sizes == (6, 6) and spectator.pile_size == 8
    assert state.chance_node().name == "draw" and len(state.chance_outcomes()) == 8


def test_a_card_cannot_be_dealt_twice_and_the_aside_card_is_out_of_the_round() -> None:
    state = new_match(first_starter=0)
    state.apply_action(card("Ah"))
    unchanged(state, card("Ah"))
    unchanged(state, 21)
    unchanged(state, -1)
    assert card("Ah") not in [c for c, _ in state.chance_outcomes()]


# --- Each round: turns ---------------------------------------------------------------------


@pytest.mark.parametrize("starter", [0, 1])
def test_four_turns_each_alternating_from_the_starter_each_starting_with_a_draw(starter: int) -> None:
    state = new_match(first_starter=starter)
    turns: list[int] = []
    before: dict[int, list[int]] = {0: [], 1: []}

    def watch(s: CCState) -> None:
        view = s.observation(None)
        if s.current_player() == CHANCE and s.core.phase == "draw":
            assert s.chance_node().name == "draw"
            turns.append(view.turn_player)
            before[view.turn_player].append(view.hand_sizes[view.turn_player])
        if s.core.phase == "act":
            assert view.current_player == turns[-1]  # the draw went to the player who now acts
            assert view.hand_sizes[turns[-1]] == before[turns[-1]][-1] + 1

    play_round(state, starter, SWEEP, each=watch)
    assert turns == [starter, 1 - starter] * 4
    # the script's order (Reserve 1, Offer 3, Offer 2 Sets, Discard 2): 6, 7-1, 7-3, 5-4 before the draws
    assert before == {0: [6, 6, 4, 1], 1: [6, 6, 4, 1]}


def test_each_action_once_a_round_and_the_used_actions_are_public() -> None:
    state = new_match(first_starter=0)
    to_phase(state, "act", SWEEP.chance(0))
    first = state.legal_actions()
    assert count_by_kind(first) == {Kind.RESERVE: 7, Kind.DISCARD: 21, Kind.OFFER_THREE: 35, Kind.OFFER_SETS: 105}
    assert len(first) == 7 + 21 + 35 + 105 == 168
    state.apply_action(state.string_to_action("reserve As"))
    for seat in (0, 1, None):
        assert state.observation(seat).used == (1 << Kind.RESERVE, 0)
    state.apply_action(card("Kd"))  # player 1's draw
    state.apply_action(state.string_to_action("reserve Th"))
    state.apply_action(card("Kh"))  # player 0's draw: seven cards in hand again
    legal = state.legal_actions()
    assert count_by_kind(legal) == expected_counts(7, {Kind.DISCARD, Kind.OFFER_THREE, Kind.OFFER_SETS})
    hand = state.core.hands[0]
    again = act.reserve(hand & -hand)
    assert again not in legal
    message = unchanged(state, again)
    assert "once each a round" in message


def _kind_action(state: CCState, kind: Kind) -> int:
    return next(a for a in state.legal_actions() if act.kind_of(a) == kind)


def _play_orders(orders: tuple[tuple[Kind, ...], tuple[Kind, ...]], seed: int, *, counts: bool = True) -> None:
    """A round where each seat uses its actions in the given order (cards: the first legal of the
    kind; chance and replies at random); ``counts`` checks the legal counts at every turn."""
    rng = random.Random(seed)
    state = new_match(first_starter=0)
    step = [0, 0]
    while state.core.phase != "build":
        if state.current_player() == CHANCE:
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        seat = state.current_player()
        if state.core.phase == "keep":
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        kind = orders[seat][step[seat]]
        hand = state.core.hands[seat].bit_count()
        assert hand == 7 - sum(SIZE[k] for k in orders[seat][:step[seat]]) + step[seat]
        unused = set(TURN_KINDS) - set(orders[seat][:step[seat]])
        if counts:
            assert count_by_kind(state.legal_actions()) == expected_counts(hand, unused)
        state.apply_action(_kind_action(state, kind))
        step[seat] += 1
    assert state.core.hands == (0, 0) and step == [4, 4]
    for seat in (0, 1):
        assert state.core.reserved[seat].bit_count() == 1 and state.core.face_up[seat].bit_count() == 7
        assert state.core.discards[seat].bit_count() == 2


ORDERS = list(permutations(TURN_KINDS))


@pytest.mark.parametrize("order", ORDERS, ids=lambda o: "-".join(k.name for k in o))
def test_c2_every_order_of_the_four_actions_is_possible(order: tuple[Kind, ...]) -> None:
    """C2: an action needs enough cards in hand (1, 2, 3, 4), and with a draw before each turn
    every order fits (6 dealt + 4 drawn = 1 + 2 + 3 + 4): the hand before each action and the
    legal counts follow from the order alone."""
    _play_orders((order, tuple(reversed(order))), seed=len(order))


@pytest.mark.slow
def test_c2_every_pair_of_orders() -> None:
    for i, (first, second) in enumerate((a, b) for a in ORDERS for b in ORDERS):
        _play_orders((first, second), seed=i, counts=False)


def test_an_action_needs_cards_in_the_hand() -> None:
    """Cards not in the player's hand (the other's, the card set aside) are refused."""
    state = new_match(first_starter=0)
    to_phase(state, "act", SWEEP.chance(0))
    not_mine = act.discard(mask("Th Jh"))  # player 1's cards
    assert "with cards in your hand" in unchanged(state, not_mine)
    unchanged(state, act.offer_three(mask("As Ks Th")))
    unchanged(state, act.reserve(mask("Jk")))  # the card set aside


# --- Offers (C3) ---------------------------------------------------------------------------


def test_c3_offer_three_the_opponent_keeps_one_before_the_game_moves_on() -> None:
    state = new_match(first_starter=0)
    to_phase(state, "act", SWEEP.chance(0))
    state.apply_action(state.string_to_action("offer As Ks Qs"))
    assert state.current_player() == 1 and state.core.phase == "keep"  # no draw before the reply
    assert state.legal_actions() == sorted(act.keep_card(mask(c)) for c in ("As", "Ks", "Qs"))
    for bad in ("keep Js", "keep Th", "keep As Ks", "reserve Th", "build As Ks Qs"):
        unchanged(state, state.string_to_action(bad))
    unchanged(state, act.keep_card(mask("As")), NotYourTurnError, player=0)
    state.apply_action(state.string_to_action("keep Ks"), player=1)
    core = state.core
    assert core.face_up == (mask("As Qs"), mask("Ks"))  # the offerer keeps the other two, all face up
    assert core.hands[0] == mask("Jc Js Ts Qd")
    assert state.current_player() == CHANCE and state.chance_node().name == "draw"
    assert state.observation(None).turn_player == 1


def test_c3_offer_two_sets_the_opponent_keeps_one_set() -> None:
    state = new_match(first_starter=0)
    to_phase(state, "act", SWEEP.chance(0))
    offer = state.string_to_action("offer As Ks | Qs Js")
    state.apply_action(offer)
    assert state.current_player() == 1 and state.core.phase == "keep"
    assert state.legal_actions() == sorted([act.keep_set(mask("As Ks")), act.keep_set(mask("Qs Js"))])
    for bad in ("keep As Qs", "keep Ks Js", "keep As", "keep Ts Qd"):
        unchanged(state, state.string_to_action(bad))
    state.apply_action(state.string_to_action("keep Js Qs"))
    assert state.core.face_up == (mask("As Ks"), mask("Qs Js"))
    assert state.core.hands[0] == mask("Jc Ts Qd")
    for seat in (0, 1, None):  # the offer and the reply are public
        events = state.observation(seat).events
        assert events[-2].action == offer and events[-1].action == act.keep_set(mask("Qs Js"))


@pytest.mark.parametrize("plan", [SWEEP, EQUAL, JOKER_FIVE], ids=["sweep", "equal", "joker"])
@pytest.mark.parametrize("starter", [0, 1])
def test_the_collection_is_eight_cards_one_reserved_and_seven_kept_face_up(plan: Round, starter: int) -> None:
    state = new_match(first_starter=starter)
    play_round(state, starter, plan, build=False)
    core = state.core
    assert core.phase == "build" and core.hands == (0, 0)
    for seat in (0, 1):
        own = plan.collections[seat].split()
        assert core.reserved[seat] == mask(own[0])
        assert core.face_up[seat] == mask(" ".join(own[1:]))
        assert core.collection(seat) == mask(plan.collections[seat])
        assert core.discards[seat] == mask(plan.discards[seat])
        assert state.observation(seat).collection == mask(plan.collections[seat])
    assert len(state.legal_actions()) == comb(8, 3) == 56


# --- What each side sees (C4) --------------------------------------------------------------


def _views(plan: Round, viewer: int | None, starter: int = 0) -> list[Any]:
    state = new_match(first_starter=starter)
    seen: list[Any] = []

    def record(s: CCState) -> None:
        seen.append(s.observation(viewer))

    play_round(state, starter, plan, each=record, build=False)
    builds(state, plan, each=record)
    seen.append(state.observation(viewer))
    return seen


def _swap(plan: Round, seat: int, position: int) -> Round:
    """``plan`` with the card at ``position`` of ``seat``'s ten exchanged with the aside card
    (positions 0 = the reserved card, 8 and 9 = the discards)."""
    own = plan.cards_of(seat)
    hidden, aside = own[position], plan.aside
    swap = {hidden: aside, aside: hidden}

    def sub(text: str) -> str:
        return " ".join(swap.get(c, c) for c in text.split())

    collections = list(plan.collections)
    discards = list(plan.discards)
    collections[seat] = sub(collections[seat])
    discards[seat] = sub(discards[seat])
    threes = list(plan.threes)
    threes[seat] = sub(threes[seat])
    return Round((collections[0], collections[1]), (threes[0], threes[1]), (discards[0], discards[1]), hidden)


@pytest.mark.parametrize(("position", "what"), [(0, "reserved"), (8, "discarded"), (9, "discarded")])
@pytest.mark.parametrize("seat", [0, 1])
def test_c4_the_other_players_reserved_and_discarded_cards_and_the_aside_card_are_hidden(
        position: int, what: str, seat: int) -> None:
    """Two deals that differ only in a card the viewer cannot see (the other's reserved or
    discarded card exchanged with the card set aside) look the same to the viewer, move by
    move, until the showdown; a spectator sees neither player's."""
    plan = EQUAL
    other = _swap(plan, 1 - seat, position)
    mine, theirs = _views(plan, seat), _views(other, seat)
    assert mine[:-1] == theirs[:-1]
    if what == "reserved":  # the showdown shows every Collection card, the reserved one too
        assert mine[-1] != theirs[-1]
    spectator = _views(plan, None), _views(_swap(other, seat, position), None)
    assert spectator[0][:-1] == spectator[1][:-1]
    assert _views(_swap(plan, seat, position), seat) != mine  # one's own cards are one's own to see


def test_c4_the_other_players_hand_and_the_pile_are_hidden_sizes_are_not() -> None:
    state = new_match(first_starter=0)
    to_phase(state, "act", SWEEP.chance(0))
    for seat in (0, 1):
        view = state.observation(seat)
        assert view.hand == state.core.hands[seat]
        assert view.hand_sizes == (7, 6) and view.pile_size == 7
    spectator = state.observation(None)
    assert spectator.hand == 0 and spectator.reserved == 0 and spectator.discards == 0 and spectator.collection == 0
    text = repr(state.observation(1))
    assert "aside" not in text and "pile=" not in text


def test_c4_a_build_stays_hidden_until_both_have_built() -> None:
    first = _views(EQUAL, 1)
    other = Round(EQUAL.collections, ("As Ks Qs", EQUAL.threes[1]), EQUAL.discards, EQUAL.aside)
    second = _views(other, 1)
    assert first[:-1] == second[:-1]  # seat 1 deciding: seat 0's build shows only as "built"
    assert first[-2].built == (True, False) and first[-2].build == 0
    assert first[-1].rounds[0].threes[0] == mask("Ad Kd Qd") and second[-1].rounds[0].threes[0] == mask("As Ks Qs")
    seat0 = _views(EQUAL, 0)
    assert seat0[-2].build == mask("Ad Kd Qd")  # one's own build


def test_c4_offers_and_what_was_kept_are_public_reserves_and_discards_show_only_their_kind() -> None:
    state = new_match(first_starter=0)
    play_round(state, 0, SWEEP, build=False)
    view = state.observation(1)
    kinds = [(e.player, e.kind, e.action) for e in view.events if hasattr(e, "kind")]
    assert kinds[0] == (0, Kind.RESERVE, None) and kinds[1] == (1, Kind.RESERVE, act.reserve(mask("Th")))
    discard0 = next(k for k in kinds if k[0] == 0 and k[1] == Kind.DISCARD)
    assert discard0[2] is None
    offers = [k for k in kinds if k[1] in (Kind.OFFER_THREE, Kind.OFFER_SETS)]
    assert len(offers) == 4 and all(k[2] is not None for k in offers)
    assert view.face_up == (mask(" ".join(SWEEP.collections[0].split()[1:])),
                            mask(" ".join(SWEEP.collections[1].split()[1:])))
    assert view.has_reserved == (True, True)


# --- Build and scoring ---------------------------------------------------------------------


def test_the_build_uses_every_card_of_the_collection() -> None:
    state = new_match(first_starter=0)
    play_round(state, 0, SWEEP, build=False)
    legal = state.legal_actions()
    collection = mask(SWEEP.collections[0])
    assert sorted(act.decode(a).cards for a in legal) == sorted(
        a | b | c for a, b, c in combinations([1 << i for i in range(21) if collection >> i & 1], 3))
    for bad in ("build Th Jh Td", "build As Ks Jk", "build As Ks Qs Js Ts"):
        try:
            action = state.string_to_action(bad)
        except ValueError:
            continue
        unchanged(state, action)
    unchanged(state, act.reserve(mask("As")))
    unchanged(state, act.build(mask("Ah Kh Qh")), NotYourTurnError, player=1)  # seat 0 builds first


@pytest.mark.parametrize(("plan", "points", "five", "three"), [
    (SWEEP, (3, 0), 0, 0),
    (SPLIT, (2, 1), 0, 1),
    (EQUAL, (3, 3), None, None),
    (THREE_DECIDES, (3, 2), None, 0),
    (FIVE_DECIDES, (3, 1), 0, None),
    (JOKER_FIVE, (1, 3), 1, None),
    (JOKER_THREE, (3, 2), None, 0),
    (JOKER_THREE_LOSES, (2, 3), None, 1),
    (JOKER_NO_PAIR, (2, 3), None, 1),
], ids=["sweep", "split", "equal", "three-decides", "five-decides", "c5-joker-five", "c5-joker-three",
        "joker-three-loses", "joker-no-pair"])
@pytest.mark.parametrize("mirror", [False, True])
def test_scoring_two_for_the_five_card_hand_one_for_the_three_equal_hands_score_for_both(
        plan: Round, points: tuple[int, int], five: int | None, three: int | None, mirror: bool) -> None:
    if mirror:
        plan = plan.mirrored()
        points = (points[1], points[0])
        five = None if five is None else 1 - five
        three = None if three is None else 1 - three
    state = new_match(first_starter=1, target=10)
    play_round(state, 1, plan)
    result = state.core.rounds[0]
    assert (result.points, result.five, result.three) == (points, five, three)
    assert result.scores == points and state.core.scores == points
    assert result.threes == (mask(plan.threes[0]), mask(plan.threes[1]))
    assert result.fives == (mask(plan.collections[0]) ^ mask(plan.threes[0]),
                            mask(plan.collections[1]) ^ mask(plan.threes[1]))
    for seat in (0, 1, None):  # the showdown shows both players everything of the round
        assert state.observation(seat).rounds == (result,)


def test_the_scores_carry_from_round_to_round() -> None:
    state = new_match(first_starter=0, target=10)
    play_round(state, 0, SPLIT)
    play_round(state, 0, EQUAL)
    assert state.core.scores == (5, 4) and [r.scores for r in state.core.rounds] == [(2, 1), (5, 4)]


# --- The next round's starter ---------------------------------------------------------------


def _starters(plans: list[Round], starters: list[int], **options: Any) -> CCState:
    state = new_match(first_starter=starters[0], **options)
    for plan, starter in zip(plans, starters, strict=True):
        play_round(state, starter, plan)
    return state


def test_the_player_with_more_points_starts_the_next_round() -> None:
    _starters([SPLIT, SWEEP], [0, 0], target=10)  # 2-1: player 0 started and starts again
    _starters([SPLIT.mirrored(), SWEEP], [0, 1], target=10)  # 1-2: player 1 leads
    state = _starters([SPLIT, SWEEP.mirrored(), SWEEP], [1, 0, 1], target=10)  # 2-1, then 2-4
    assert [r.starter for r in state.core.rounds] == [1, 0, 1]


def test_when_level_the_player_who_did_not_start_this_round_starts_the_next() -> None:
    _starters([EQUAL, EQUAL, EQUAL], [0, 1, 0], target=10)  # 3-3, 6-6: level each time
    _starters([SPLIT, SPLIT.mirrored(), SWEEP], [1, 0, 1], target=10)  # 2-1 (0 leads), 3-3 (0 started)


def test_option_next_starter_alternate() -> None:
    state = _starters([SWEEP, SWEEP, SWEEP], [0, 1, 0], target=10, next_starter="alternate")
    assert state.core.scores == (9, 0)


# --- The end of the match -------------------------------------------------------------------


def test_first_to_five_wins() -> None:
    state = _starters([SWEEP, SPLIT], [0, 0])  # 3-0, then 5-1
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.returns() == [1.0, -1.0] and state.core.outcome.winner == 0
    result = state.result()
    assert result is not None and result.headline == "Player 0 wins 5-1 (first to 5)"
    assert result.detail == {"scores": "5-1", "rounds": 2, "reason": "first to 5"}
    for seat in (0, 1, None):
        assert state.observation(seat).result == result


def test_both_reach_five_the_five_card_comparison_decides_at_equal_points() -> None:
    """2-1, then 3-4 (player 0 wins the 5-card comparison, the 3-card hands are equal), then
    5-5: player 0's 5-card hand won the round."""
    state = _starters([SPLIT, FIVE_DECIDES.mirrored(), SPLIT], [0, 0, 1])
    assert state.core.scores == (5, 5) and state.returns() == [1.0, -1.0]
    assert state.core.outcome.reason == "both reached 5: the 5-card hands decided"


def test_both_reach_five_the_player_on_fewer_points_wins_when_the_five_card_hands_were_equal() -> None:
    """2-1, 2-4, then equal 5-card hands (2 each) and player 0's 3-card hand wins: 5-6, and player
    0 wins the match on fewer points (the 5-card comparison was level, the 3-card one decides)."""
    state = _starters([SPLIT, SWEEP.mirrored(), THREE_DECIDES], [0, 0, 1])
    assert state.core.scores == (5, 6) and state.returns() == [1.0, -1.0]
    assert state.core.outcome.reason == "both reached 5: the 3-card hands decided"
    result = state.result()
    assert result is not None and result.headline == "Player 0 wins 5-6 (both reached 5: the 3-card hands decided)"
    mirrored = _starters([SPLIT.mirrored(), SWEEP, THREE_DECIDES.mirrored()], [0, 1, 0])
    assert mirrored.core.scores == (6, 5) and mirrored.returns() == [-1.0, 1.0]


def test_c6_an_extra_round_when_both_reach_five_level_on_both_comparisons() -> None:
    """2-1, 2-4, then two equal comparisons: 5-7, both reached 5 and nothing separated them, so
    an extra round (player 1 leads, so starts it); player 0 wins its 5-card comparison and the
    match at 7-8, on fewer points (C6: whatever the points, which keep being added)."""
    state = _starters([SPLIT, SWEEP.mirrored(), EQUAL], [0, 0, 1])
    assert not state.is_terminal() and state.core.scores == (5, 7)
    assert state.core.extra and state.core.extra_rounds == 1
    assert state.core.rounds[-1].extra is False
    play_round(state, 1, SPLIT)
    assert state.core.scores == (7, 8) and state.returns() == [1.0, -1.0]
    assert state.core.rounds[-1].extra is True
    assert state.core.outcome.reason == "extra round 1: the 5-card hands decided"


def test_c6_extra_rounds_go_on_until_a_comparison_separates_the_players() -> None:
    state = _starters([EQUAL, EQUAL, EQUAL, EQUAL, THREE_DECIDES.mirrored()], [0, 1, 0, 1, 0])
    assert [r.scores for r in state.core.rounds] == [(3, 3), (6, 6), (9, 9), (12, 12), (14, 15)]
    assert [r.extra for r in state.core.rounds] == [False, False, True, True, True]
    assert state.returns() == [-1.0, 1.0] and state.core.extra_rounds == 3
    assert state.core.outcome.reason == "extra round 3: the 3-card hands decided"


@pytest.mark.parametrize("cap", [0, 1, 3])
def test_the_extra_round_cap_ends_the_match_in_a_draw(cap: int) -> None:
    rounds = 2 + cap
    state = _starters([EQUAL] * rounds, [r % 2 for r in range(rounds)], max_extra_rounds=cap)
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.core.outcome.winner is None and state.core.extra_rounds == cap
    result = state.result()
    assert result is not None and result.places == (1, 1) and result.is_draw
    assert result.headline.startswith(f"A draw at {3 * rounds}-{3 * rounds}")
    assert len(state.history()) <= state.game.info.max_game_length


def test_the_default_cap_is_ten_extra_rounds() -> None:
    state = _starters([EQUAL] * 12, [r % 2 for r in range(12)])
    assert state.is_terminal() and state.returns() == [0.0, 0.0] and state.core.extra_rounds == 10
    # 35 moves a round (13 dealt, 8 draws, 8 actions, 4 replies, 2 builds); the longest match is
    # three regular rounds and the ten extra ones
    assert len(state.history()) == 12 * 35 and state.game.info.max_game_length == 13 * 35


# --- C1 and the options ----------------------------------------------------------------------


@pytest.mark.parametrize("coin", [0, 1])
def test_c1_the_coin_picks_the_starter_of_round_one(coin: int) -> None:
    state = new_match()
    assert state.current_player() == CHANCE and state.chance_node().name == "coin:starter"
    assert sorted(state.chance_outcomes()) == [(0, 0.5), (1, 0.5)]
    unchanged(state, 2)
    state.apply_action(coin)
    play_round(state, coin, SWEEP)
    assert state.core.rounds[0].starter == coin and state.history()[0] == coin


def test_the_options_and_their_defaults() -> None:
    game = games.load("card-commons")
    assert dict(game.options) == {"first_starter": "coin", "target": 5, "next_starter": "leader",
                                  "max_extra_rounds": 10}
    for bad in ({"target": 9}, {"target": 0}, {"max_extra_rounds": 101}, {"max_extra_rounds": -1},
                {"next_starter": "loser"}, {"first_starter": 2}, {"rounds": 3}):
        with pytest.raises(ValueError):
            games.load("card-commons", **bad)


@pytest.mark.parametrize(("target", "plans", "rounds"), [
    (3, [SWEEP], 1), (4, [SWEEP, SPLIT], 2), (6, [SWEEP, SWEEP], 2), (7, [SWEEP, SWEEP, SPLIT], 3),
    (8, [SWEEP, SWEEP, SPLIT], 3), (10, [SWEEP, SWEEP, SWEEP, SPLIT], 4)])
def test_option_target(target: int, plans: list[Round], rounds: int) -> None:
    state = _starters(plans, [0] * len(plans), target=target)
    assert state.is_terminal() and len(state.core.rounds) == rounds and state.returns() == [1.0, -1.0]
    assert state.core.outcome.reason == f"first to {target}"


def test_option_target_both_reach_it() -> None:
    state = _starters([EQUAL, THREE_DECIDES.mirrored()], [0, 1], target=4)  # 3-3, then 5-6
    assert state.returns() == [-1.0, 1.0] and state.core.outcome.reason == "both reached 4: the 3-card hands decided"


def test_the_longest_regular_match_by_hand() -> None:
    """A round gives at least 3 points in all; before the last round both are under the target."""
    assert [longest_regular_match(t) for t in (3, 4, 5, 6, 7, 8, 10)] == [2, 3, 3, 4, 5, 5, 7]
    info = games.load("card-commons", first_starter=0, max_extra_rounds=0).info
    assert info.max_game_length == 3 * 35


# --- Illegal moves ---------------------------------------------------------------------------


def test_moves_after_the_end_raise_and_change_nothing() -> None:
    state = _starters([SWEEP, SWEEP], [0, 0])
    assert state.is_terminal() and state.legal_actions() == []
    for action in (0, act.reserve(mask("As")), act.build(mask("As Ks Qs")), 10**6):
        unchanged(state, action)


@pytest.mark.parametrize("bad", [-1, act.NUM_DISTINCT_ACTIONS, 10**9, True, "0", 1.5, None])
def test_actions_that_are_no_action_raise_and_change_nothing(bad: Any) -> None:
    state = new_match(first_starter=0)
    to_phase(state, "act", SWEEP.chance(0))
    unchanged(state, bad)


def test_the_wrong_player_is_refused() -> None:
    state = new_match(first_starter=0)
    to_phase(state, "act", SWEEP.chance(0))
    unchanged(state, act.reserve(mask("Th")), NotYourTurnError, player=1)
    unchanged(state, act.reserve(mask("As")), NotYourTurnError, player=1)


# --- Random matches against the match rules, worked out independently ---------------------


def _expected_match(rounds: list[tuple[int | None, int | None]], first: int, target: int, alternate: bool,
                    cap: int) -> tuple[list[int], list[tuple[int, int]], int | None, int]:
    """Starters, scores, the winner and the rounds played, from each round's comparison winners
    (5-card, 3-card) alone, by the rules text: 2 + 1 points, both on a tie; first to the target;
    both there: the 5-card winner, else the 3-card winner, else extra rounds (C6) up to the cap."""
    starters, scores, starter, score, extra = [], [], first, [0, 0], 0
    for n, (five, three) in enumerate(rounds):
        starters.append(starter)
        for winner, value in ((five, 2), (three, 1)):
            for seat in (0, 1):
                if winner in (None, seat):
                    score[seat] += value
        scores.append((score[0], score[1]))
        decider = five if five is not None else three
        if extra or all(s >= target for s in score):
            if decider is not None:
                return starters, scores, decider, n + 1
            if extra == cap:
                return starters, scores, None, n + 1
            extra += 1
        elif any(s >= target for s in score):
            return starters, scores, 0 if score[0] >= target else 1, n + 1
        level = alternate or score[0] == score[1]  # then the one who did not start this round
        starter = 1 - starter if level else (0 if score[0] > score[1] else 1)
    raise AssertionError("the match should have ended")


@pytest.mark.parametrize("options", [{}, {"target": 3, "next_starter": "alternate"}, {"target": 10},
                                     {"target": 4, "max_extra_rounds": 0}])
def test_random_matches_follow_the_match_rules(options: dict[str, Any]) -> None:
    game = games.load("card-commons", **options)
    opts = dict(game.options)
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            core = state.core
            if core.phase == "build":  # the draft is over: hands empty, every card in one place
                assert core.hands == (0, 0)
                places = [core.collection(0), core.collection(1), core.discards[0], core.discards[1], core.aside]
                assert [p.bit_count() for p in places] == [8, 8, 2, 2, 1]
                assert sum(places) == (1 << 21) - 1
            state.apply_action(rng.choice(state.legal_actions()))
        played = state.core.rounds
        first = state.history()[0] if opts["first_starter"] == "coin" else int(opts["first_starter"])
        starters, scores, winner, count = _expected_match(
            [(r.five, r.three) for r in played], first, int(opts["target"]), opts["next_starter"] == "alternate",
            int(opts["max_extra_rounds"]))
        assert [r.starter for r in played] == starters and [r.scores for r in played] == scores
        assert len(played) == count and state.core.outcome.winner == winner
        assert len(state.history()) <= game.info.max_game_length


def test_the_card_drawn_this_turn_is_shown_to_its_player_only_until_the_action() -> None:
    game = games.load("card-commons", first_starter=0)
    deal = list(range(13))  # aside 0 (Ts), player 0 gets 1-6, player 1 gets 7-12
    state = game.new_initial_state(chance=[*deal, 20])  # player 0 draws the Joker
    assert state.observation(0).drawn == 1 << 20
    assert state.observation(1).drawn == 0 and state.observation(None).drawn == 0
    state.apply_action(state.string_to_action("reserve Jk"))
    assert state.observation(0).drawn == 0
