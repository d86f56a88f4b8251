"""``equity`` in hand-built positions: it folds a hopeless hand facing a bet, raises the nuts
(all in under no limit: it assumes every bet is called), and picks the obviously best draw,
assignment and splits."""

from __future__ import annotations

import random
from collections import Counter

from poker_bot_positions import AnyState, passive, play_until, start

from divided import games
from divided.bots.base import make_bot
from divided.bots.poker.playout import Completion
from divided.bots.poker.values import range_from_draws, rounds_to_come
from divided.games.poker import actions as act
from divided.games.poker.cards import parse

ME, HER = 0, 1


def bet_or_call(state: AnyState) -> int:
    """The opponent bets whenever it may, else calls; at draws it stands pat."""
    legal = state.legal_actions()
    if act.RAISE in legal:
        return act.RAISE
    if act.DISCARD in legal:
        return act.DISCARD
    return passive(state)


def facing_a_bet_after_the_draw(my_cards: str) -> AnyState:
    state = start("five-card-draw", [my_cards, "Qs Qd 9d 8c 3s"], button=HER)
    state = play_until(state, ME, "draw", passive)
    state.apply_action(act.DISCARD)  # stand pat
    while True:
        state = play_until(state, ME, "bet", bet_or_call)
        if state.core.table.current > state.core.table.bets[ME]:
            return state
        state.apply_action(act.CALL)


def choose(state: AnyState, bot: str = "equity") -> int:
    seat = state.current_player()
    return int(make_bot(state.game.info.short_name, bot).choose(state.observation(seat), state.legal_actions(),
                                                                 random.Random(1)))


def test_folds_a_hopeless_hand_facing_a_bet() -> None:
    state = facing_a_bet_after_the_draw("7s 5h 4d 3c 2s")  # the worst high hand there is
    assert act.FOLD in state.legal_actions()
    assert choose(state) == act.FOLD


def test_raises_the_nuts() -> None:
    state = facing_a_bet_after_the_draw("Ah Kh Qh Jh Th")
    assert act.RAISE in state.legal_actions()
    assert choose(state) == act.RAISE


def test_stands_pat_on_a_royal_flush_and_keeps_four_of_a_kind() -> None:
    state = play_until(start("five-card-draw", ["Ah Kh Qh Jh Th", "Qs Qd 9d 8c 3s"], button=HER), ME, "draw", passive)
    assert choose(state) == act.discard_action(0)
    state = play_until(start("five-card-draw", ["9s 9h 9d 9c 2h", "Qs Qd Td 8c 3s"], button=HER), ME, "draw", passive)
    # the four nines are kept: only the kicker may go (bit 0: the 2h, lowest in card order)
    assert choose(state) in (act.discard_action(0), act.discard_action(0b1))


def assigning(pairs: list[str]) -> AnyState:
    """10 Card Regrets heads-up: my pairs in order, assigned by hand: the ace and the four
    lowest cards to the left (low) hand, the kings and queen to the right."""
    mine = " ".join(pairs)
    state = start("ten-card-regrets", [mine, "9s 9h 8d 8c 7s 7h Td Tc Js Jh"], button=HER)
    plan = [act.assign_action(act.LOWER_SECOND), act.assign_action(act.LOWER_FIRST),
            act.assign_action(act.LOWER_FIRST), act.assign_action(act.LOWER_FIRST)]
    for action in plan:
        state = play_until(state, ME, "assign", passive)
        state.apply_action(action)
    return play_until(state, ME, "assign", passive)


def test_assigns_the_five_low_and_the_king_high() -> None:
    # left: A 2 3 4; right: K K K Q; the last pair 5c Kc: the wheel low and four kings high
    state = assigning(["As Kh", "2d Kd", "3h Ks", "4c Qh", "5c Kc"])
    core = state.core
    assert sorted(core.slots[ME][1]) == sorted(parse("As 2d 3h 4c"))
    assert choose(state) == act.assign_action(act.LOWER_FIRST)


def test_cowpie_puts_the_aces_in_the_two_card_hand() -> None:
    # four kings, two aces and a deuce: five = K K K K 2, two = A A (both best hands)
    state = start("cowpie", ["Ks Kh Kd Kc As Ah 2c", "9s 9h 8d 8c 7s 7h Td"], button=HER)
    state = play_until(state, ME, "partition", passive)
    held = sorted(parse("Ks Kh Kd Kc As Ah 2c"))
    aces = tuple(held.index(c) for c in sorted(parse("As Ah")))
    assert choose(state) == act.partition_action(act.subsets(7, 2).index(aces))


def test_henway_splits_the_wheel_from_the_four_kings() -> None:
    mine = "As 2d 3h 4c 5s Ks Kh Kd Kc Qh"
    state = start("henway", [mine, "9s 9h 8d 8c 7s 7h Td Tc Js Jh"], button=HER)
    state = play_until(state, ME, "partition", passive)
    held = sorted(parse(mine))
    chosen = act.subsets(10, 5)[choose(state) - act.PARTITION]
    second = {held[i] for i in chosen}
    assert second in ({*parse("As 2d 3h 4c 5s")}, {*parse("Ks Kh Kd Kc Qh")})


def test_moves_all_in_with_the_nuts_under_no_limit() -> None:
    # the advisor's picture: a bet is always called, so the nuts bet the most they may
    state = start("five-card-draw", ["Ah Kh Qh Jh Th", "Qs Qd 9d 8c 3s"], button=HER, structure="no")
    state = play_until(state, ME, "bet", passive)
    legal = state.legal_actions()
    assert choose(state) == max(legal)


def raise_whenever(state: AnyState) -> int:
    """A maniac by hand: raise when it may, else call; stand pat at draws."""
    legal = state.legal_actions()
    return act.RAISE if act.RAISE in legal else act.CALL if act.CALL in legal else legal[0]


def two_raisers_in_the_second_round(mine: str) -> AnyState:
    """Double draw high-low, three seats, button the third: the first round capped (ante 1, four
    bets of 2: 9 chips each), everyone stands pat, then in the second round (big bet 4) the two
    others bet and raise while I call, until I face the raise: bets 0 / 4 / 8."""
    state = start("double-draw-high-low", [mine, "Ks Jd 9d 7c 3s", "As 5h 4c Th 6c"], button=2)
    while state.core.step == 1:
        state.apply_action(act.CALL if state.current_player() == ME else raise_whenever(state))
    while state.core.step == 2:
        state.apply_action(act.DISCARD)
    state = play_until(state, ME, "bet", raise_whenever)
    state.apply_action(act.CALL)
    return play_until(state, ME, "bet", raise_whenever)


def test_the_rounds_still_to_come_are_priced_at_the_bets_seen_so_far() -> None:
    state = two_raisers_in_the_second_round("Kh 8h 7h 5c 2s")
    table = state.core.table
    assert (table.contributed, table.bets) == ((9, 13, 17), (0, 4, 8))
    # bets seen: round one to 8 chips = 4 small bets, round two to 8 = 2 big bets: 3 bets a round,
    # so the last round costs each seat 3 x 4 = 12 more (a call then puts in 8 + 12 = 20 of a
    # final pot of 39 + (8 + 12) + (4 + 12) + (0 + 12) = 87, not 8 of 47)
    assert rounds_to_come(state.observation(ME)) == 12
    # the last round of five-card draw: nothing to come, only the call
    assert rounds_to_come(facing_a_bet_after_the_draw("7s 5h 4d 3c 2s").observation(ME)) == 0


def test_folds_a_middling_hand_to_two_players_who_raise_every_round() -> None:
    # its share of the pot is about a fifth (0.19 over 2,000 worlds): more than the call alone
    # costs (8 of 47 chips) but less than the call and the capped last round to come (20 of 87);
    # 400 worlds keep the sampling error (about 0.02) clear of the price
    state = two_raisers_in_the_second_round("Kh 8h 7h 5c 2s")
    assert choose(state, "equity:worlds=400") == act.FOLD


def test_a_betting_round_meets_the_same_worlds_whatever_the_random_source() -> None:
    # near its price the share's sampling noise decided: it called with some random sources and
    # folded with others, so it could call a bet and fold to the raise behind it
    state = two_raisers_in_the_second_round("Ad Qh 8c 2d 2s")
    view, legal = state.observation(ME), state.legal_actions()
    bot = make_bot("double-draw-high-low", "equity")
    assert len({bot.choose(view, legal, random.Random(seed)) for seed in range(9)}) == 1


def test_an_opponent_who_drew_three_holds_a_pair_in_the_worlds() -> None:
    # heads-up five-card draw: she keeps a pair and draws three, so every hand she can hold has
    # a pair or better; uniform worlds would give her one in about half
    state = start("five-card-draw", ["Ah Kd 9c 7s 3h", "Qs Qd 9d 8c 3s"], button=HER)
    state = play_until(state, ME, "draw", passive)
    state.apply_action(act.discard_action(0b11100))  # I draw three too (keeping 7s 3h)
    for card in parse("2c 4d 6h"):
        state.apply_action(card)
    state.apply_action(act.discard_action(0b00111))  # she keeps Qs Qd: her 3s 8c 9d go (card order 3 8 9 Q Q)
    for card in parse("Jc Tc 5d"):
        state.apply_action(card)
    assert state.core.draws[0] == (3, 3)
    view = state.observation(ME)
    sampler = games.room("five-card-draw").sampler(view)
    completion = Completion(view)
    rng = random.Random(3)
    paired = 0
    for _ in range(200):
        hand = range_from_draws(view, sampler.sample(rng), completion, rng).slots[HER][0]
        ranks = Counter(card // 4 for card in hand)
        paired += max(ranks.values()) >= 2
    assert paired >= 195


def test_worlds_keep_five_cards_a_hand_when_the_stock_runs_short() -> None:
    # seven seats: 35 cards dealt, 17 in the stock; the first five to draw take three each and
    # the rest stand pat, so 2 are left: too few to play a three-card draw through again (a pair
    # kept and three more); every hand must still hold five cards
    state = games.load("five-card-draw", players=7).new_initial_state(seed=3)
    while state.game.rules.variant.steps[state.core.step].kind != "draw" or state.current_player() < 0:
        state.apply_action(act.CALL)
    for drawn in range(7):
        state.apply_action(act.discard_action(0b00111 if drawn < 5 else 0))
    seat = state.current_player()
    view = state.observation(seat)
    assert sorted(view.draws[0]) == [0, 0, 3, 3, 3, 3, 3] and view.stock == 2
    sampler, completion, rng = games.room("five-card-draw").sampler(view), Completion(view), random.Random(2)
    for _ in range(20):
        world = range_from_draws(view, sampler.sample(rng), completion, rng)
        assert all(len(world.slots[other][0]) == 5 for other in range(7))
    assert choose(state) in state.legal_actions()
