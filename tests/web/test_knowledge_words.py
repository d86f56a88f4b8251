"""The bot's hand in the knowledge panel after its blind swap (issue 10, item 7).

Before its blind swap the bot held ten cards, W of which the player saw go to it (worked out
here from the game's log, not from the books) and 10 - W the player never saw; the reserve was
one more card the player never saw. The swap puts one of the bot's ten cards in the reserve
and takes the old reserve. Counting every way the cards could now lie once (the rules text,
"What the game tells you"): the new reserve is any one of the 11 cards the player cannot place
(the W watched, the 10 - W unwatched and the old reserve all look alike to the player, except
that the watched ones were seen), so each watched card is still in the bot's hand with chance
10/11 (91%), whatever W is. The panel must show those W cards face up with that chance, not
"You have not seen any of its cards".
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webtools import client as make_client
from webtools import core, mask, watched_by_you

from divided.games.divided_ranks.state import ALL_CARDS, ChoiceEvent, ReserveEvent, SplitEvent

CHANCE = 10 / 11


@pytest.fixture
def http(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as running:
        running.get("/")
        yield running


def draft_unseen(state: Any) -> int:
    """How many cards the player had not seen when the draft ended (the reserve among them)."""
    return (ALL_CARDS ^ (state.hands[0] | watched_by_you(state) | _seen_elsewhere(state))).bit_count()


def _seen_elsewhere(state: Any) -> int:
    seen = 0
    for event in state.log:
        if isinstance(event, SplitEvent):
            seen |= event.face_up | (event.drawn if event.splitter == 0 else 0)
        elif isinstance(event, ChoiceEvent) and event.chooser == 0 and not event.took_face_up:
            seen |= event.face_down
    return seen


def after_blind_bot_swap(http: TestClient, rng: random.Random) -> tuple[dict[str, Any], int]:
    """A game just after the bot's blind swap, which came before any swap of the player's and
    with the reserve unknown to the player; and the cards the player saw go to the bot."""
    for _ in range(200):
        # you split three times, so as written the bot goes first at the reserve
        state = http.post("/api/games", json={"bot": "random", "first_splitter": "you"}).json()
        while state["phase"] in ("split", "choose"):
            action = rng.choice(state["legal"])["action"]
            state = http.post(f"/api/games/{state['id']}/moves",
                              json={"move_number": state["move_number"], "action": action}).json()
        game = core(http, state["id"])
        swaps = [e for e in game.log if isinstance(e, ReserveEvent)]
        if swaps and swaps[0].player == 1 and swaps[0].swapped and draft_unseen(game) >= 2:
            return state, watched_by_you(game)
    raise AssertionError("no blind swap by the bot in 200 games")


def test_after_the_bot_blind_swap_every_watched_card_shows_its_chance(http: TestClient) -> None:
    state, watched = after_blind_bot_swap(http, random.Random(7))
    opp = state["table"]["opponent"]
    assert watched, "the player saw no card go to the bot"
    assert mask([w["card"] for w in opp["watched"]]) == watched
    for item in opp["watched"]:
        assert item["p"] == pytest.approx(CHANCE, abs=1e-12), item
    assert opp["known"] == [] and opp["seen"] == [] and opp["worked_out"] == []
    assert opp["unseen"] == 10 - watched.bit_count()
    assert opp["size"] == 10
