"""DIVIDE's review words: each reason names the facts of a hand-made position (the place a card
finishes, the Divide pick it gives, the token at stake, the Trump Rank, the suit a pass leaves
void, the rewards a pick leaves to the next finishers), worked out here by hand, and the values
of a fake evaluation; and no decision of random games at four and six players leaves it without
words."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from divided import games
from divided.cards import STANDARD_54
from divided.games.divide import actions as act
from divided.games.divide.state import Phase
from divided.review.base import explainer
from divided.review.games.divide import DivideExplainer

WORDS = explainer("divide")
m = STANDARD_54.parse_mask


def c(text: str) -> int:
    return STANDARD_54.index(STANDARD_54.parse_card(text))


def base_view(players: int = 4, seat: int = 0) -> Any:
    """A view of ``seat`` at the first commit of a game dealt by the last seat (seat 0 leads Trick 1)."""
    return games.load("divide", players=players, first_dealer=players - 1).new_initial_state(seed=7).observation(seat)


def test_registered_and_the_phase_names() -> None:
    assert isinstance(WORDS, DivideExplainer)
    view = base_view()
    assert [WORDS.phase(replace(view, phase=p)) for p in (Phase.COMMIT, Phase.PASS, Phase.PLAY, Phase.DRAFT)] == [
        "commit", "pass", "play", "divide"]


def test_a_commit_played_blind_to_the_first_players_lead() -> None:
    state = games.load("divide", first_dealer=3).new_initial_state(seed=7)
    state.apply_action(state.legal_actions()[0])  # player 0 commits; player 1 is next
    view = state.observation(1)
    card = state.legal_actions()[0]
    reason = WORDS.reason(view, state.legal_actions(), card, card, {card: 0.25}, {})
    # player 1 holds 2d 3c 5s 7h 8c 9s Jh Kc Ah: its 2d is its only diamond, so all 12 higher are out
    assert STANDARD_54[card] == STANDARD_54.parse_card("2d") and view.hand == m("2d 3c 5s 7h 8c 9s Jh Kc Ah")
    assert reason == ("commit 2d was as good as any move: 25% to win the game; 2d (12 higher diamonds out) is "
                      "played blind to Bot 3's lead in Trick 1; No Trump is in force.")


def test_a_pass_names_the_trump_rank_card_given_away_and_the_void_it_leaves() -> None:
    view = replace(base_view(), phase=Phase.PASS, trump=2, hand=m("Ah Kh 2c 3c 4c 5d 6d 7s"))
    played, best = act.pass_action(c("Ah"), c("Kh")), act.pass_action(c("5d"), c("2c"))
    reason = WORDS.reason(view, [played, best], played, best, {played: 0.2, best: 0.3}, {})
    assert reason == (
        "you played pass Ah left, Kh right (20% to win the game); pass 5d left, 2c right gives 30%. "
        "Here 5d goes to Bot 1 and 2c (a card of the Trump Rank) to Bot 3; you keep 0 of the Trump Rank (Twos), "
        "while Ah goes to Bot 1 and Kh to Bot 3; it leaves you void in hearts (until the cards passed to "
        "you arrive); you keep 1 of the Trump Rank (Twos).")


def test_the_last_card_of_a_trick_finishes_where_the_trump_hierarchy_puts_it() -> None:
    # Trick 4 under Trump 7: player 1 led 9h, player 2 played Ah, player 3 played 7d; player 0 is
    # void in hearts. 7s and 7d are both of the Trump Rank, neither of the led suit: spades first,
    # so 7s finishes 1st; 2c is off-suit and not a trump: last. Higher clubs out: 3c to Ac less 7c
    # (a card of the Trump Rank), 11.
    view = replace(base_view(), phase=Phase.PLAY, trick=4, leader=1, trump=7, hand=m("7s 2c"),
                   plays=((1, c("9h")), (2, c("Ah")), (3, c("7d"))), line=(1, 3, 3, 5, 1, 1, 5, 3, 1), revealed=9)
    played, best = c("2c"), c("7s")
    reason = WORDS.reason(view, [played, best], played, best, {played: 0.1, best: 0.4}, {})
    assert reason == (
        "you played 2c (10% to win the game); 7s gives 40%. Here 7s (a card of the Trump Rank) finishes 1st as the "
        "last card of the trick, which gives the 1st pick of the Divide; the token at stake is a 5, while 2c (11 "
        "higher clubs out) finishes 4th as the last card of the trick, which gives no pick of the Divide; the token "
        "at stake is a 5.")


def test_a_card_in_the_middle_of_a_trick_is_placed_so_far_and_a_lead_names_its_suit() -> None:
    # higher hearts than 5h: 6h to Ah (9) less Ah in hand and 9h played: 7; Ah is the top heart
    view = replace(base_view(), phase=Phase.PLAY, trick=2, leader=3, trump=None, hand=m("5h Ah"),
                   plays=((3, c("9h")),), line=(1, 3, 0, 0, 0, 0, 0, 5, 1), revealed=4)
    played, best = c("5h"), c("Ah")
    reason = WORDS.reason(view, [played, best], played, best, {played: 0.3, best: 0.3 + 1e-12}, {})
    assert reason == ("5h was as good as any move: 30% to win the game; 5h (7 higher hearts out) would be 2nd so "
                      "far, with 2 players still to play (behind 9h); the token at stake is a 3.")
    assert WORDS.reason(view, [best], best, best, {best: 0.5}, {}).endswith(
        "Ah (the top heart still out) would be 1st so far, with 2 players still to play; the token at stake is a 3.")
    lead = replace(view, leader=0, plays=())
    assert WORDS.reason(lead, [played], played, played, {played: 0.5}, {}).endswith(
        "5h (8 higher hearts out) leads Trick 2, so hearts must be followed; the token at stake is a 3.")


def test_a_pick_names_the_token_and_the_rewards_it_leaves_to_the_next_finishers() -> None:
    view = replace(base_view(), phase=Phase.DRAFT, trick=4, finishers=(0, 2, 1), picks=(), trump=None,
                   hand=m("7s 7c Kd"), line=(1, 3, 3, 5, 1, 1, 5, 3, 1), revealed=9)
    points, trump = act.POINTS, act.trump_action(7)
    reason = WORDS.reason(view, [points, trump], points, trump, {points: 0.3, trump: 0.45}, {})
    assert reason == (
        "you played take Points (30% to win the game); take Trump and declare Sevens gives 45%. Here declaring "
        "Sevens makes every card of that rank a trump; you hold 2 of them; it leaves Points (a 5) and Lead to "
        "Bot 2 (2nd) then Bot 1 (3rd), while Points claims the 5; it leaves Trump and Lead to Bot 2 (2nd) then "
        "Bot 1 (3rd), so another player names the Trump Rank.")


def test_the_second_pick_and_the_lead_after_trick_nine() -> None:
    view = replace(base_view(), phase=Phase.DRAFT, trick=9, finishers=(2, 0, 1), picks=(act.POINTS,), trump=7,
                   hand=0, line=(1, 3, 3, 5, 1, 1, 5, 3, 1), revealed=9)
    lead, trump = act.LEAD, act.trump_action(7)
    reason = WORDS.reason(view, [lead, trump], lead, trump, {lead: 0.2, trump: 0.26}, {})
    assert reason == (
        "you played take Lead (20% to win the game); take Trump and declare Sevens gives 26%. Here declaring "
        "Sevens makes every card of that rank a trump (the rank already in force); you hold 0 of them; it leaves "
        "Lead to Bot 1 (3rd), while Lead has no effect after Trick 9 (the next round's Trick 1 is led left of the "
        "dealer); it leaves Trump to Bot 1 (3rd), so another player names the Trump Rank.")


def test_no_trump_with_jokers_in_hand() -> None:
    view = replace(base_view(players=6), phase=Phase.DRAFT, trick=2, finishers=(0, 3, 4), picks=(),
                   hand=m("Jk1 Jk2 4h"), line=(1, 3, 0, 0, 0, 0, 0, 5, 1), revealed=4, trump=9)
    action = act.NO_TRUMP
    reason = WORDS.reason(view, [action], action, action, {action: 0.5}, {})
    assert reason.startswith("take Trump and declare No Trump was as good as any move: 50% to win the game; "
                             "declaring No Trump leaves no Trump Rank (your 2 Jokers then beat every other card)")


@pytest.mark.parametrize("players", [4, 6])
def test_every_decision_of_a_random_game_has_words(players: int) -> None:
    state = games.load("divide", players=players).new_initial_state(seed=players)
    rng = random.Random(players)
    explained = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.is_chance_node():
            state.apply_action(rng.choice(legal))
            continue
        view = state.observation(state.current_player())
        played, best = rng.choice(legal), rng.choice(legal)
        values = {played: 0.2, best: 0.6} if played != best else {played: 0.4}
        reason = WORDS.reason(view, legal, played, best, values, {})
        assert reason and reason.endswith(".") and "{" not in reason
        assert ("you played " in reason) == (played != best)
        explained += 1
        state.apply_action(played)
    assert explained > 150


def test_there_is_nothing_to_explain_at_a_chance_phase() -> None:
    view = replace(base_view(), phase=Phase.TOKENS)
    with pytest.raises(ValueError, match="no decision to explain"):
        WORDS.reason(view, [], 0, 0, {0: 0.5}, {})


def test_a_reviewed_game_is_told_in_divides_words() -> None:
    from divided.review.base import review_game

    state = games.load("divide", rounds=1, first_dealer=3).new_initial_state(seed=11)
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    review = review_game(state.record(), 0, budget=32, seconds=None, worlds=500)
    assert review.error is None and review.moves
    phases = {move.phase for move in review.moves}
    assert phases <= {"commit", "pass", "play", "divide"} and {"commit", "pass", "play"} <= phases
    for move in review.moves:
        assert "to win the game" in move.reason
