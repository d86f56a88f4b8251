"""The equity bot's values follow J-Lo's switch: once nobody opened, hands rank deuce-to-seven
(the nut low 7-5-4-3-2 is worth nearly the whole pot, not nothing) and the draw policy keeps
low cards."""

from __future__ import annotations

import random

from poker_bot_positions import start

from divided.bots.poker import shares
from divided.bots.poker.playout import aces_low, draw_style
from divided.bots.poker.values import showdowns
from divided.games.poker import actions as act
from divided.games.poker.awards.switched import config_in_force


def test_after_the_switch_the_nut_low_is_valued_as_the_nuts() -> None:
    state = start("j-lo", ["7c 5d 4h 3s 2c", "Ks Qh 9d 8c 6s"], button=1)
    view = state.observation(0)
    assert draw_style(view) == "high"
    state.apply_action(act.CALL)
    state.apply_action(act.CALL)  # nobody opened: deuce-to-seven, seat 0 acts first again
    view = state.observation(0)
    assert view.current_player == 0 and (draw_style(view), aces_low(view)) == ("low", False)
    found = showdowns("j-lo", view, [None], random.Random(3), 200)
    share = shares.pot_share(config_in_force(view), found.mine, found.theirs)
    assert share.mean() > 0.9
