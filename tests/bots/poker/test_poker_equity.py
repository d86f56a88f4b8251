"""``equity`` in hand-built positions: it folds a hopeless hand facing a bet, raises the nuts
(all in under no limit: it assumes every bet is called), and picks the obviously best draw,
assignment and splits."""

from __future__ import annotations

import random

from poker_bot_positions import AnyState, passive, play_until, start

from divided.bots.base import make_bot
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
