"""Card Commons' review words: each reason names the facts of the position (worked out here by
hand from fixed deals) and the values it was given."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from divided import games
from divided.bots.card_commons.build import analyse_build
from divided.cards import PACK_21
from divided.games.card_commons import actions as act
from divided.games.card_commons.state import Phase
from divided.review.base import explainer

m = PACK_21.parse_mask
WORDS = explainer("card-commons")


def card(code: str) -> int:
    return PACK_21.index(PACK_21.parse_card(code))


def position(*actions: str, draws: tuple[str, ...] = ("Ac", "Qd", "Kd")) -> Any:
    """A match where player 0 starts: Jk aside, player 0 dealt As Ah Ks Kh Qs Jd, player 1 dealt
    Ts Th Td Tc Js Jh, then ``draws`` in turn, and the turns written in the engine's notation."""
    dealt = ["Jk", "As", "Ah", "Ks", "Kh", "Qs", "Jd", "Ts", "Th", "Td", "Tc", "Js", "Jh"]
    state = games.load("card-commons", first_starter=0).new_initial_state(chance=[card(c) for c in (*dealt, *draws)])
    for text in actions:
        state.apply_action(state.string_to_action(text))
    return state


def test_the_phase_names() -> None:
    state = position()
    assert WORDS.phase(state.observation(0)) == "turn"
    assert WORDS.phase(position("offer Ks Kh Jd").observation(1)) == "keep"


def test_a_best_reserve_says_it_stays_hidden() -> None:
    state = position()
    view = state.observation(0)
    played = act.parse("reserve As")
    reason = WORDS.reason(view, state.legal_actions(), played, played, {played: 0.6}, {})
    assert reason == ("reserve As was as good as any move: 60% to win the match; reserving As keeps it hidden "
                      "from the bot until the showdown. Actions you had left: Reserve 1, Discard 2, Offer 3, "
                      "Offer 2 Sets.")


def test_a_worse_action_names_both_values_and_the_action_it_used_up() -> None:
    state = position()
    view = state.observation(0)
    played, best = act.parse("offer As Ah Ac"), act.parse("reserve Qs")
    reason = WORDS.reason(view, state.legal_actions(), played, best, {played: 0.4, best: 0.55}, {})
    assert reason.startswith("you played offer As Ah Ac (40% to win the match); reserve Qs gives 55%.")
    assert "offering As Ah Ac lets the bot keep any one of them" in reason
    assert "Reserve 1 now would have kept Offer 3 for a later turn." in reason


def test_an_offer_names_what_it_makes_with_the_bots_face_up_cards() -> None:
    # player 0 offers Ks Kh Jd and the bot keeps Ks; the bot discards; player 0 draws Kd
    state = position("offer Ks Kh Jd", "keep Ks", "discard Ts Th")
    view = state.observation(0)
    assert view.face_up == (m("Kh Jd"), m("Ks"))
    played = act.parse("offer As Kd Qs")
    reason = WORDS.reason(view, state.legal_actions(), played, played, {played: 0.5}, {})
    assert "with its face-up cards the bot could make a pair of kings" in reason


def test_a_keep_names_what_it_makes_and_what_it_leaves() -> None:
    # the bot (player 1) offers Js Td Tc after drawing Qd; player 0 keeps a card
    state = position("offer Ks Kh Jd", "keep Ks", "offer Td Tc Js")
    view = state.observation(0)
    assert view.phase == Phase.KEEP
    keep_jack, keep_ten = act.parse("keep Js"), act.parse("keep Td")
    values = {keep_jack: 0.52, keep_ten: 0.47, act.parse("keep Tc"): 0.47}
    reason = WORDS.reason(view, state.legal_actions(), keep_ten, keep_jack, values, {})
    assert reason == ("keeping Td leaves Tc Js to the bot (47% to win the match); keeping Js leaves Td Tc to the "
                      "bot; Js makes a pair of jacks with your cards (52%).")


def test_the_strongest_five_first_is_named_when_it_costs() -> None:
    """Ruling C7's example: Ks Kh Kd Qs Qh Jc Tc Ad; the full house first leaves a high card."""
    base = position().observation(0)
    view = replace(base, phase=Phase.BUILD, hand=0, reserved=m("Ks"),
                   face_up=(m("Kh Kd Qs Qh Jc Tc Ad"), m("As Ah Ac Js Jh Td Th Jd") & ~m("As")),
                   scores=(4, 2), current_player=0)
    played = act.build(m("Jc Tc Ad"))  # Ks Kh Kd Qs Qh: the full house
    best = act.build(m("Ks Kh Kd"))  # three kings as the 3-card hand
    reason = WORDS.reason(view, [played, best], played, best, {played: 0.62, best: 0.71}, {})
    assert reason.startswith("your split Qs Qh Ks Kh Kd (Full House) and Tc Jc Ad (High Card) gives 62% to win "
                             "the match at 4-2; Tc Jc Qs Qh Ad (Pair) and Ks Kh Kd (Three of a Kind) gives 71%.")
    assert "Your 5-card hand was the stronger one" in reason


def test_a_build_reason_quotes_each_splits_expected_points() -> None:
    state = games.load("card-commons", first_starter=0).new_initial_state(seed=5)
    rng = random.Random(5)
    while state.core.phase != Phase.BUILD:
        state.apply_action(rng.choice(state.legal_actions()))
    view = state.observation(0)
    splits = analyse_build(view).splits
    best, worst = splits[0], splits[-1]
    values = {s.action: s.match_win for s in splits}
    reason = WORDS.reason(view, state.legal_actions(), worst.action, best.action, values, {})
    for split in (worst, best):
        assert (f"(expected points this round: {split.points_for:.2f} for you, "
                f"{split.points_against:.2f} against)") in reason
    assert reason.startswith("your split ") and f"{worst.match_win:.0%} to win the match at 0-0" in reason
