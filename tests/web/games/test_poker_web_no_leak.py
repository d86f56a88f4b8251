"""No hidden card in the poker web responses, sampled: a few random deals of each game through
the shared checker (``poker_web_no_leak.py``, also the long run over 1,000 deals a game), and
the checker catching a hidden card planted in a real response, in each notation and place."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from poker_web_no_leak import (
    GAMES,
    Sight,
    WebTally,
    check_response,
    check_view,
    play_web_checked,
    visible_to,
    web_bodies,
)

from divided import games
from divided.games.poker import actions as act
from divided.games.poker.cards import name

BOTS_FAIL: dict[str, str] = {}
"""Games whose hint fails outside the web layer (strict: passes once fixed). 3-2-1's was here until
the bots' batch showdown read the turned trash card from the view (its opposite-colour wilds)."""


@pytest.mark.parametrize("game", [pytest.param(game, marks=pytest.mark.xfail(raises=ValueError, strict=True,
                                                                             reason=BOTS_FAIL[game]))
                                  if game in BOTS_FAIL else game for game in GAMES])
def test_no_web_response_names_a_card_its_seat_may_not_see(game: str) -> None:
    tally = WebTally()
    for seed in range(2):
        play_web_checked(game, 7000 + seed, tally, hints=1, hint_budget=4096)
    assert tally.games == 2 and tally.responses > 2 * tally.positions  # every seat at every position
    assert tally.summaries >= 2  # each finished hand's summary, for every seat
    assert tally.hints >= 1  # the advisor's hint at one of the first decisions of a deal


def stud_after_the_deal() -> tuple[Any, Sight, dict[str, Any], str]:
    """Seven-card stud for three, played to the first betting decision (everyone holds two down
    cards and one up), with seat 0's state object and one of seat 1's down cards."""
    state = games.load("seven-card-stud", players=3).new_initial_state()
    sight = Sight(3)
    rng = random.Random(3)
    while state.is_chance_node():
        core, action = state.core, rng.choice(state.chance_outcomes())[0]
        state.apply_action(action)
        sight.advance(core, action, state.core, chance=True)
    core = state.core
    down = next(c for c in core.slots[1][0] if not core.up >> c & 1)
    body = web_bodies(state, 0, "seven-card-stud", {"players": 3}, 10)["state"]
    return state, sight, body, name(down)


def planted(body: dict[str, Any], card: str) -> list[dict[str, Any]]:
    """``body`` with ``card`` planted, once each: in the prompt's words, in an opponent's hand on
    the table, in a log line with a suit symbol, as a "10" rank, as a label's card, as a key,
    and taken out of the books' unseen list (which then tells it is seen)."""
    suit = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}[card[1]]
    rank = "10" if card[0] == "T" else card[0]
    out = []
    for plant in range(7):
        leaky = copy.deepcopy(body)
        if plant == 0:
            leaky["prompt"] = f"Bot 1 holds {card}."
        elif plant == 1:
            hand = leaky["table"]["seats"][1]["hands"][0]["cards"]
            hand[0] = {"card": card, "up": False}
        elif plant == 2:
            leaky["log"].append({"actor": 1, "text": f"Bot 1 is dealt {rank}{suit}."})
        elif plant == 3:
            leaky["log"].append({"actor": 1, "text": f"Bot 1 pairs {rank}{card[1]}."})
        elif plant == 4:
            leaky["legal"] = [{"action": act.CALL, "kind": "call", "text": "Call", "cards": [card]}]
        elif plant == 5:
            leaky["table"]["seen"] = {card: True}
        else:
            leaky["knowledge"]["unseen"].remove(card)
        out.append(leaky)
    return out


def test_the_checker_catches_a_hidden_card_planted_in_a_web_response() -> None:
    state, sight, body, down = stud_after_the_deal()
    shown = check_view(state, sight, 0)
    visible = visible_to(sight, 0)
    assert body["table"]["seats"][1]["hands"][0]["cards"][0]["card"] is None  # a bot's down card, hidden
    check_response(body, visible, "as sent", shown)  # the response as the server builds it passes
    for leaky in planted(body, down):
        with pytest.raises(AssertionError, match=r"hidden but shown|unseen list"):
            check_response(leaky, visible, "planted", shown)


def test_the_checker_lets_the_seat_see_its_own_down_cards_and_the_up_cards() -> None:
    state, sight, body, _ = stud_after_the_deal()
    mine = [name(c) for c in state.core.slots[0][0]]
    up = [name(c) for c in state.core.slots[2][0] if state.core.up >> c & 1]
    said = copy.deepcopy(body)
    said["prompt"] = f"You hold {' '.join(mine)}; Bot 2 shows {' '.join(up)}."
    check_response(said, visible_to(sight, 0), "own cards", check_view(state, sight, 0))
