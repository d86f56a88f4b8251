"""The poker advisor (hints, review, ``equity``'s choice): values in hand-made positions whose
answer is known, the raise sizes it values, determinism, views only, and agreement with the bot."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest
from poker_bot_positions import AnyState, passive, play_until, start, step_kind

from divided import bots
from divided.bots.base import MIN_WORLDS, make_bot
from divided.bots.poker.advisor import PokerAdvisor, raise_sizes
from divided.bots.poker.values import is_betting
from divided.games import POKER
from divided.games.poker import actions as act
from divided.games.poker.cards import parse
from divided.games.poker.showdown import ranking
from divided.games.poker.view import PokerView

ME, HER = 0, 1


def bet_or_call(state: AnyState) -> int:
    """The opponent bets whenever it may, else calls; at draws it stands pat."""
    legal = state.legal_actions()
    if act.RAISE in legal:
        return act.RAISE
    if act.DISCARD in legal:
        return act.DISCARD
    return passive(state)


def facing_a_bet_after_the_draw(my_cards: str, hers: str = "Qs Qd 9d 8c 3s") -> AnyState:
    """Five-card draw heads-up: both stand pat, and she bets into me after the draw."""
    state = start("five-card-draw", [my_cards, hers], button=HER)
    state = play_until(state, ME, "draw", passive)
    state.apply_action(act.DISCARD)  # stand pat
    while True:
        state = play_until(state, ME, "bet", bet_or_call)
        if state.core.table.current > state.core.table.bets[ME]:
            return state
        state.apply_action(act.CALL)


def evaluate(state: AnyState, salt: int = 0) -> dict[int, float]:
    view = state.observation(state.current_player())
    return bots.advisor(state.game.info.short_name).evaluate(view, state.legal_actions(), salt=salt).values


def test_every_poker_game_has_the_advisor() -> None:
    for game in POKER:
        assert isinstance(bots.advisor(game), PokerAdvisor)
        assert bots.advisor(game).budget >= MIN_WORLDS


def test_a_river_call_with_the_nuts_is_worth_the_pot_more_than_a_fold() -> None:
    state = facing_a_bet_after_the_draw("Ah Kh Qh Jh Th")
    values = evaluate(state)
    # values are in pots: a fold keeps 0, a call with the nuts wins the whole pot it pays into
    assert values[act.FOLD] == 0.0
    assert values[act.CALL] == pytest.approx(1.0)
    assert values[act.RAISE] > values[act.CALL]  # and a raise is called: more


def test_a_fold_facing_a_bet_with_the_worst_hand_is_best() -> None:
    state = facing_a_bet_after_the_draw("7s 5h 4d 3c 2s")  # the worst high hand there is
    view = state.observation(ME)
    advisor = bots.advisor("five-card-draw")
    found = advisor.evaluate(view, state.legal_actions())
    table = state.core.table
    owed, pot = table.current - table.bets[ME], sum(table.contributed)
    # a call loses what it pays (it can at best tie another 7-5-4-3-2)
    assert found.values[act.CALL] == pytest.approx(-owed / pot, abs=0.02)
    assert advisor.pick(view, state.legal_actions(), found.values) == act.FOLD


def test_keeping_a_made_straight_flush_beats_breaking_it() -> None:
    state = play_until(start("five-card-draw", ["9h 8h 7h 6h 5h", "Qs Qd 9d 8c 3s"], button=HER),
                       ME, "draw", passive)
    legal = state.legal_actions()
    assert len(legal) == 32
    values = evaluate(state)
    assert set(values) == set(legal)  # every discard mask of five cards is valued
    pat = act.discard_action(0)
    assert all(values[pat] > values[a] for a in legal if a != pat)
    # it wins the whole pot in (almost) every world: only a higher straight flush beats it
    assert values[pat] == pytest.approx(1.0, abs=0.01)


def test_a_stud_river_call_matches_the_exact_count_over_her_down_cards() -> None:
    # seven-card stud heads-up to the last round, every card dealt; she bets, I decide. Her three
    # down cards are unknown: the call's value is the average over every consistent set of
    # three, counted exactly here and estimated by the advisor over sampled worlds
    mine = "As Ad 7c 2h 9s Kd 4c"
    hers = "3h 5h 8d Jc Qs 6s Th"
    state = start("seven-card-stud", [mine, hers], button=HER)

    def she_bets_late(s: AnyState) -> int:
        legal = s.legal_actions()
        if s.current_player() == HER and act.RAISE in legal and s.core.table.current == 0 and \
                len([c for c in s.core.slots[HER][0]]) == 7:
            return act.RAISE
        return passive(s)

    while True:
        state = play_until(state, ME, "bet", she_bets_late)
        if len(state.core.slots[ME][0]) == 7 and state.core.table.current > state.core.table.bets[ME]:
            break
        state.apply_action(passive(state))
    view: PokerView = state.observation(ME)
    assert view.slots[HER][0].count(None) == 3
    seen = {c for held in view.slots[ME] for c in held if c is not None} | \
        {c for c in view.slots[HER][0] if c is not None}
    unseen = [c for c in range(52) if c not in seen]
    up = [c for c in view.slots[HER][0] if c is not None]
    high = ranking("high")
    mine_rank = high.rank_batch(np.asarray([list(parse(mine))]))[0]
    won = total = 0.0
    for down in combinations(unseen, 3):
        theirs = high.rank_batch(np.asarray([[*up, *down]]))[0]
        won += 1.0 if mine_rank > theirs else 0.5 if mine_rank == theirs else 0.0
        total += 1
    share = won / total
    table = state.core.table
    owed, pot = table.current - table.bets[ME], sum(table.contributed)
    exact = (share * (pot + owed) - owed) / pot
    found = PokerAdvisor("seven-card-stud", worlds=400).evaluate(view, state.legal_actions())
    assert abs(found.values[act.CALL] - exact) <= 4 * found.errors[act.CALL] + 1e-9


def test_no_limit_values_the_least_half_pot_pot_and_most_raise_only() -> None:
    state = start("five-card-draw", ["Ah Kh Qh Jh Th", "Qs Qd 9d 8c 3s"], button=HER, structure="no")
    state = play_until(state, ME, "bet", passive)
    view, legal = state.observation(ME), state.legal_actions()
    table = state.core.table
    owed = table.current - table.bets[ME]
    after_call = sum(table.contributed) + owed
    amounts = sorted(a - act.RAISE_TO for a in legal if a >= act.RAISE_TO)
    wanted = (min(amounts), max(amounts), table.current + after_call // 2, table.current + after_call)
    expected = {min(max(amounts), max(min(amounts), amount)) for amount in wanted}
    assert [a - act.RAISE_TO for a in raise_sizes(view, legal)] == sorted(expected)
    advisor = bots.advisor("five-card-draw")
    found = advisor.evaluate(view, legal)
    assert {a for a in found.values if a >= act.RAISE_TO} == {act.RAISE_TO + a for a in expected}
    # an amount it does not value is valued when asked to compare it (as the review does)
    other = next(act.RAISE_TO + a for a in amounts if a not in expected)
    sharper = advisor.refine(view, (other, act.CALL), salt=0, target=0.0, budget=64)
    assert other in sharper.values and sharper.worlds_of(other) == 64
    # against callers every chip more of a winning hand is worth more
    assert found.values[act.RAISE_TO + max(amounts)] > found.values[act.RAISE_TO + min(amounts)]


def test_the_same_view_and_salt_give_the_same_values() -> None:
    state = play_until(start("five-card-draw", ["9h 9d 7c 4s 2h", "Qs Qd 9c 8c 3s"], button=HER),
                       ME, "draw", passive)
    first, again, other = evaluate(state, salt=1), evaluate(state, salt=1), evaluate(state, salt=2)
    assert first == again
    assert first != other  # sampled: another salt, other worlds


def test_the_values_never_depend_on_cards_the_player_cannot_see() -> None:
    mine = "9h 9d 7c 4s 2h"
    one = play_until(start("five-card-draw", [mine, "Qs Qd 9c 8c 3s"], button=HER), ME, "draw", passive)
    two = play_until(start("five-card-draw", [mine, "Ac Kc Jc 5d 3d"], button=HER), ME, "draw", passive)
    assert one.core.slots[HER] != two.core.slots[HER]
    view_one, view_two = one.observation(ME), two.observation(ME)
    assert view_one == view_two
    advisor = bots.advisor("five-card-draw")
    assert advisor.evaluate(view_one, one.legal_actions()) == advisor.evaluate(view_two, two.legal_actions())


def test_the_advisor_picks_what_equity_plays_on_random_views() -> None:
    rng = random.Random(29)
    checked = 0
    for game in sorted(POKER):
        for deal in (1, 2):
            state = start_random(game, deal)
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.legal_actions()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))])
                    continue
                seat, legal = state.current_player(), state.legal_actions()
                view = state.observation(seat)
                if len(legal) > 1 and rng.random() < 0.15:  # a sample of the decisions, every kind in time
                    bot = make_bot(game, "equity:worlds=8").action_probabilities(view, legal)
                    advisor = PokerAdvisor(game, worlds=8)
                    picked = advisor.pick(view, legal, advisor.evaluate(view, legal, salt=0).values)
                    assert bot[picked] == 1.0, (game, state.core.step, legal[:4])
                    checked += 1
                choices = [a for a in legal if a != act.FOLD] or legal
                state.apply_action(choices[rng.randrange(len(choices))] if rng.random() < 0.5 else legal[-1]
                                   if legal[-1] < act.RAISE_TO else choices[0])
    assert checked >= 50


def start_random(game: str, deal: int) -> AnyState:
    from divided import games

    loaded = games.load(game)
    if deal == 2:  # one seat more than the default table
        loaded = games.load(game, players=loaded.num_players() + 1)
    return loaded.new_initial_state(seed=100 + deal)


@pytest.mark.parametrize("seed", range(6))
def test_values_come_when_the_draws_need_more_cards_than_the_stock(seed: int) -> None:
    # five-handed double draw at its first draw: the two draws to come can take more cards than
    # the stock holds, and then the discards are shuffled back in (T16); the playouts must too
    # (they ran out of cards before: seeds 0-5 crashed twice)
    from divided import games

    state = games.load("double-draw-high-low", players=5, first_dealer=0).new_initial_state(seed=seed)
    while step_kind(state) != "draw":
        state.apply_action(passive(state))
    seat = state.current_player()
    view, legal = state.observation(seat), state.legal_actions()
    found = bots.advisor("double-draw-high-low").evaluate(view, legal)
    assert set(found.values) == set(legal)
    assert make_bot("double-draw-high-low", "equity").choose(view, legal, random.Random(0)) in legal


def test_henway_orders_are_worth_what_the_committed_split_is_worth() -> None:
    mine = "As 2d 3h 4c 5s Ks Kh Kd Kc Qh"
    state = play_until(start("henway", [mine, "9s 9h 8d 8c 7s 7h Td Tc Js Jh"], button=HER), ME, "partition",
                       passive)
    advisor = bots.advisor("henway")
    splits = advisor.evaluate(state.observation(ME), state.legal_actions()).values
    best, worst = max(splits, key=splits.__getitem__), min(splits, key=splits.__getitem__)
    assert splits[best] - splits[worst] > 0.3
    for split in (best, worst):
        ordering = state.clone()
        ordering.apply_action(split)
        ordering = play_until(ordering, ME, "partition", passive)
        legal = ordering.legal_actions()
        assert all(act.ORDER <= a < act.RAISE_TO for a in legal)
        values = advisor.evaluate(ordering.observation(ME), legal).values
        assert len(set(values.values())) == 1  # every order is worth the same
        assert values[legal[0]] == pytest.approx(splits[split], abs=0.15)  # the split's, not another's


def test_a_betting_turn_values_depend_on_the_view_and_salt_only() -> None:
    # betting turns draw from the betting round (seat, step, button, own and face-up cards): the
    # hint must still be a function of the view, never of the cards the player cannot see
    mine = "9h 9d 7c 4s 2h"
    one = play_until(start("five-card-draw", [mine, "Qs Qd 9c 8c 3s"], button=HER), ME, "bet", passive)
    two = play_until(start("five-card-draw", [mine, "Ac Kc Jc 5d 3d"], button=HER), ME, "bet", passive)
    assert one.core.slots[HER] != two.core.slots[HER]
    view_one, view_two = one.observation(ME), two.observation(ME)
    assert view_one == view_two and is_betting(one.legal_actions())
    advisor = bots.advisor("five-card-draw")
    first = advisor.evaluate(view_one, one.legal_actions(), salt=1)
    assert first == advisor.evaluate(view_two, two.legal_actions(), salt=1)
    assert first != advisor.evaluate(view_one, one.legal_actions(), salt=2)  # another salt, other worlds
