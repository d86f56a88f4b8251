"""The poker review: a player who always plays the hint is graded best or good throughout (issue
28, item 1, on a few hands), a fold of the nuts is a blunder in the table's words, a raise-to
amount the advisor does not value is compared before it is graded, and the words of draws and
splits name the cards and hands."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from divided import bots, games
from divided.bots.base import MIN_WORLDS
from divided.games.poker import actions as act
from divided.review.base import Decision, expert_choice, review_decision, review_game
from divided.review.games.poker import EXPLAINER

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bots" / "poker"))
from poker_bot_positions import AnyState, passive, play_until, start

ME, HER = 0, 1
SALT = 0


def hint_hand(game: str, seed: int, players: int = 2) -> tuple[AnyState, int]:
    """A seeded hand in which seat ``seed % players`` always plays the hint and ``equity`` the rest."""
    state = games.load(game, players=players).new_initial_state(seed=seed)
    seat = seed % players
    hint = bots.advisor(game)
    others = bots.make_bot(game, "equity")
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.legal_actions()
            state.apply_action(outcomes[rng.randrange(len(outcomes))])
            continue
        player, legal = state.current_player(), state.legal_actions()
        view = state.observation(player)
        if player == seat:
            action = legal[0] if len(legal) == 1 else expert_choice(hint, view, legal, SALT).action
        else:
            action = others.choose(view, legal, rng)
        state.apply_action(action)
    return state, seat


@pytest.mark.parametrize(("game", "seed"), [("henway", 3), ("five-card-draw", 4), ("cowpie", 5)])
def test_a_player_who_always_plays_the_hint_is_graded_best_or_good(game: str, seed: int) -> None:
    players = 3 if game == "cowpie" else 2
    state, seat = hint_hand(game, seed, players)
    review = review_game(state.record(), seat, seconds=None)
    assert review.complete and review.moves
    for move in review.moves:
        assert move.grade in ("best", "good"), move.reason
        assert "give or take 0.0" not in move.reason
        for action in {move.played, move.best} | ({move.rival} if move.rival is not None else set()):
            if len(move.values) > 1:
                assert move.worlds[action] >= MIN_WORLDS, move.reason


def bet_or_call(state: AnyState) -> int:
    legal = state.legal_actions()
    if act.RAISE in legal:
        return act.RAISE
    if act.DISCARD in legal:
        return act.DISCARD
    return passive(state)


def facing_a_bet_after_the_draw(my_cards: str, **options: object) -> AnyState:
    state = start("five-card-draw", [my_cards, "Qs Qd 9d 8c 3s"], button=HER, **options)
    state = play_until(state, ME, "draw", passive)
    state.apply_action(act.DISCARD)  # stand pat
    while True:
        state = play_until(state, ME, "bet", bet_or_call)
        if state.core.table.current > state.core.table.bets[ME]:
            return state
        state.apply_action(act.CALL)


def decision(state: AnyState, played: int) -> Decision:
    legal = tuple(state.legal_actions())
    return Decision(state.game.info.short_name, state.move_number(), state.observation(ME), legal, played,
                    {a: state.action_to_string(a) for a in legal})


def test_folding_the_nuts_on_the_river_is_a_blunder_in_chips() -> None:
    state = facing_a_bet_after_the_draw("Ah Kh Qh Jh Th")
    pot = sum(state.core.table.contributed)
    move = review_decision(bots.advisor("five-card-draw"), decision(state, act.FOLD), SALT)
    assert move.grade == "blunder"
    assert move.loss >= 1.0  # the pot at least: a call wins it
    assert f"folding gives up the pot of {pot}" in move.reason
    assert "% of the pot" in move.reason
    assert move.worlds[act.FOLD] >= MIN_WORLDS and move.loss_worlds >= MIN_WORLDS


def test_a_raise_the_advisor_does_not_value_is_compared_before_it_is_graded() -> None:
    state = start("five-card-draw", ["Ah Kh Qh Jh Th", "Qs Qd 9d 8c 3s"], button=HER, structure="no")
    state = play_until(state, ME, "bet", passive)
    view, legal = state.observation(ME), state.legal_actions()
    advisor = bots.advisor("five-card-draw")
    valued = advisor.evaluate(view, legal, salt=SALT).values
    odd = next(a for a in legal if a >= act.RAISE_TO and a not in valued)
    move = review_decision(advisor, decision(state, odd), SALT)
    assert odd in move.values and move.worlds[odd] >= MIN_WORLDS and move.loss_worlds >= MIN_WORLDS
    # the advisor's picture: every bet is called, so the nuts lose each chip they do not bet
    assert move.rival == max(legal) and move.grade == "blunder"
    assert f"you played {state.action_to_string(odd)} (worth" in move.reason


def test_draw_words_name_the_cards_thrown_and_kept() -> None:
    state = play_until(start("five-card-draw", ["9h 9d 7c 4s 2h", "Qs Qd 9c 8c 3s"], button=HER), ME, "draw",
                       passive)
    move = review_decision(bots.advisor("five-card-draw"), decision(state, act.discard_action(0)), SALT)
    assert EXPLAINER.phase(state.observation(ME)) == "draw"
    assert "standing pat keeps 2h 4s 7c 9h 9d (Pair of nines, with a seven, a four and a two)" in move.reason
    # the pair draws (with the kicker or not: a close call the worlds settle); 2h 4s 7c are bits 0-2
    rival_words = {act.discard_action(0b11): "discarding 2h 4s keeps 7c 9h 9d (Pair of nines, with a seven) "
                                             "and draws 2 cards",
                   act.discard_action(0b111): "discarding 2h 4s 7c keeps 9h 9d (Pair of nines) and draws 3 cards"}
    assert move.best in rival_words
    assert rival_words[move.best] in move.reason


def test_split_words_name_both_hands() -> None:
    state = start("cowpie", ["Ks Kh Kd Kc As Ah 2c", "9s 9h 8d 8c 7s 7h Td"], button=HER)
    state = play_until(state, ME, "partition", passive)
    advisor = bots.advisor("cowpie")
    view, legal = state.observation(ME), state.legal_actions()
    best = expert_choice(advisor, view, legal, SALT).action
    move = review_decision(advisor, decision(state, best), SALT)
    assert EXPLAINER.phase(view) == "split"
    assert move.grade == "best"
    assert "the five hand 2c Ks Kh Kd Kc (Four kings, with a two)" in move.reason
    assert "the two hand As Ah (Pair of aces)" in move.reason


def test_assign_and_order_words() -> None:
    # 10 Card Regrets: the first pair, As Kh, the lower card to the right hand: the words name both hands
    state = start("ten-card-regrets", ["As Kh 2d Kd 3h Ks 4c Qh 5c Kc", "9s 9h 8d 8c 7s 7h Td Tc Js Jh"],
                  button=HER)
    state = play_until(state, ME, "assign", passive)
    view = state.observation(ME)
    assert EXPLAINER.phase(view) == "assign"
    move = review_decision(bots.advisor("ten-card-regrets"), decision(state, act.assign_action(act.BOTH_FIRST)), SALT)
    assert "assigning so makes the left hand Kh As and the right hand nothing" in move.reason
    # Henway's order: every order is worth the same, and the words say why
    state = start("henway", ["As 2d 3h 4c 5s Ks Kh Kd Kc Qh", "9s 9h 8d 8c 7s 7h Td Tc Js Jh"], button=HER)
    state = play_until(state, ME, "partition", passive)
    state.apply_action(state.legal_actions()[0])
    state = play_until(state, ME, "partition", passive)
    assert EXPLAINER.phase(state.observation(ME)) == "order"
    move = review_decision(bots.advisor("henway"), decision(state, state.legal_actions()[-1]), SALT)
    assert move.grade == "best" and "every order is worth the same" in move.reason


@pytest.mark.parametrize(("game", "kind", "phase"), [("jackpot", "exchange-turns", "swap"),
                                                     ("bounce-back", "take-back", "take-back")])
def test_a_draw_games_decision_is_named_by_what_it_is_not_as_a_bet(game: str, kind: str, phase: str) -> None:
    """The review lists each decision by its phase ("the swap at move 4"): a Jackpot swap or a
    Bounce Back take-back is not a bet."""
    def discard_two(state: AnyState) -> int:  # at the draw set two aside, so the take-back comes
        legal = state.legal_actions()
        return act.discard_action(0b11) if act.discard_action(0b11) in legal else passive(state)
    state = start(game, ["9h 9d 7c 4s 2h", "Qs Qd 9c 8c 3s"], button=HER)
    state = play_until(state, ME, kind, discard_two)
    assert EXPLAINER.phase(state.observation(ME)) == phase
