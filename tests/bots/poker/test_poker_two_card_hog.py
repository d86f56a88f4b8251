"""``equity`` at Mississippi Gonorrhea (MG1-MG3), heads-up, on hand-made positions: every
showdown without a pair of sevens splits the pot (the better high hand is the worse low), so the
only chips a hand can win at the showdown come from the hog, and the bot must see them."""

from __future__ import annotations

import random

from poker_bot_positions import start, step_kind

from divided.bots.base import make_bot
from divided.games.poker import actions as act
from divided.games.poker.cards import parse

GAME = "mississippi"
ME = 0
EXCHANGES = 3


def at_my_last(kind: str, hands: tuple[str, str]):  # type: ignore[no-untyped-def]
    """The deal played passively (checks, calls, both cards kept) to seat 0's decision at the
    last ``kind`` step (``draw``: dinner; ``bet``: the last betting round)."""
    state = start(GAME, hands, button=1)
    steps = state.game.rules.variant.steps
    last = max(i for i, step in enumerate(steps) if step.kind == kind)
    while not (state.current_player() == ME and state.core.step == last):
        state.apply_action(act.CALL if step_kind(state) == "bet" else act.DISCARD)
    return state


def test_a_pair_of_sevens_bets_the_last_round_for_the_whole_pot() -> None:
    # seat 0 holds 7-7 with no card to come: it wins both halves unless seat 1 holds the other
    # two sevens; a check wins half the pot's bets, a bet that is called the whole of it
    state = at_my_last("bet", ("7s 7d", "Kc Qh"))
    assert sorted(state.core.slots[ME][0]) == sorted(parse("7s 7d"))
    view, legal = state.observation(ME), state.legal_actions()
    assert act.RAISE in legal and act.CALL in legal
    bot = make_bot(GAME, "equity:worlds=40")
    assert bot.choose(view, legal, random.Random(0)) == act.RAISE


def test_a_lone_seven_at_dinner_draws_to_the_hog() -> None:
    # seat 0 holds 7-K at the last exchange: keeping both splits the pot, and so does any card
    # drawn but a seven, which makes the hog: replacing the king is the only draw that can win
    # more (replacing both makes one only with two sevens of the two left)
    state = at_my_last("draw", ("7s Kd", "Qc 9h"))
    view, legal = state.observation(ME), state.legal_actions()
    hand = sorted(parse("7s Kd"))
    king = act.DISCARD + (1 << hand.index(parse("Kd")[0]))
    # a seven comes in about one world in 15: enough worlds that some do (at 40, none may)
    bot = make_bot(GAME, "equity:worlds=200")
    assert bot.choose(view, legal, random.Random(0)) == king
