"""Property: no response of the API ever shows a card the human may not know.

Hypothesis plays many games through the HTTP API (random options, seeds and moves). After every
response the stored game (hidden cards included) is rebuilt, the set of cards the human may
know is computed from the rules by :func:`webtools.allowed` (independently of the engine's view
code), and every string of the response is scanned for card tokens.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from webtools import (
    CARD_TOKEN,
    allowed,
    card_tokens,
    client,
    core,
    last_blind_bot_swap,
    leaks,
    log_text,
    mask,
    move,
    store_of,
    watched_by_you,
)

from divided.cards import PACK_21
from divided.games.divided_ranks.state import (
    ALL_CARDS,
    ChoiceEvent,
    DividedRanksState,
    Phase,
    ReserveEvent,
    SplitEvent,
)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def http(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    return client(Path(tmp_path_factory.mktemp("no-leak")))


def check(http: TestClient, body: dict[str, Any]) -> None:
    state = core(http, body["id"])
    problems = leaks(body, state, 0)
    assert not problems, "\n".join(problems)
    check_certain_claims(body, state)
    check_opponent_words(body, state)


def check_certain_claims(body: dict[str, Any], state: DividedRanksState) -> None:
    """What the state object says for certain is true, and no more than the rules allow."""
    assert mask(body["table"]["hand"]) == state.hands[0]
    assert mask(body["table"]["opponent"]["known"]) & ~state.hands[1] == 0
    if body["table"]["reserve"]["known"] is not None:
        assert body["table"]["reserve"]["known"] == str(PACK_21[state.reserve])
    if state.phase == Phase.OVER:
        return
    swap = last_blind_bot_swap(state, 0)
    yours = [e for e in state.log if isinstance(e, ReserveEvent) and e.player == 0]
    if swap is not None and not (yours and yours[0].swapped and state.log.index(yours[0]) > state.log.index(swap)):
        # After a blind swap by the bot (and no swap of yours since, which would show you the
        # reserve and so everything), any card it held could be the new reserve: at most the card
        # it took can be known in its hand, and only if you knew the reserve then (you had given
        # it, or you had seen every other card).
        you_gave_first = bool(yours) and state.log.index(yours[0]) < state.log.index(swap) and yours[0].swapped
        knew = you_gave_first or (ALL_CARDS ^ draft_seen(state)).bit_count() == 1
        known = mask(body["table"]["opponent"]["known"])
        assert known & ~((1 << swap.took) if knew else 0) == 0, body["table"]["opponent"]
        assert body["table"]["reserve"]["known"] is None
    # a card you cannot name has no certain place: it is listed as unaccounted for
    unseen = ALL_CARDS ^ allowed(state, 0).nameable
    listed = mask([item["card"] for item in body["knowledge"]["unaccounted"]])
    if unseen.bit_count() >= 2:
        assert unseen & ~listed == 0, body["knowledge"]["unaccounted"]


def check_opponent_words(body: dict[str, Any], state: DividedRanksState) -> None:
    """The bot's hand as the state object describes it: seen, worked out, watched, unseen."""
    opp = body["table"]["opponent"]
    seen, worked_out, known = mask(opp["seen"]), mask(opp["worked_out"]), mask(opp["known"])
    assert seen & worked_out == 0 and seen | worked_out == known, opp
    ever = watched_by_you(state)
    watched = {item["card"]: item["p"] for item in opp["watched"]}
    assert mask(list(watched)) & ~ever == 0, (opp, "watched lists a card not seen going to the bot")
    assert worked_out & ever == 0, "'worked out' names a card that was seen going there"
    if state.phase == Phase.OVER:  # the showdown shows every card
        return
    assert seen & ~ever == 0, "'seen' names a card never seen going there"
    there = state.hands[1]
    assert ever & there & ~mask(list(watched)) == 0, (opp, "a card seen going there and still there is missing")
    for code, p in watched.items():
        assert 0 < p <= 1, (code, p)
        assert (p == 1) == bool(known & mask([code])), (code, p, opp)
    maybe = sum(1 for p in watched.values() if p < 1)
    assert opp["unseen"] == max(0, opp["size"] - known.bit_count() - maybe)
    assert opp["unseen"] <= (there & ~ever & ~known).bit_count(), "more unseen cards claimed than there are"


def draft_seen(state: DividedRanksState) -> int:
    """The cards seat 0 had seen when the draft ended."""
    seen = state.hands[0]
    for event in state.log:
        if isinstance(event, ReserveEvent) and event.player == 0 and event.swapped:
            seen = seen ^ (1 << event.took) | (1 << event.gave)  # undo your own swap
        elif isinstance(event, SplitEvent):
            seen |= event.face_up | (event.drawn if event.splitter == 0 else 0)
        elif isinstance(event, ChoiceEvent) and event.chooser == 0 and not event.took_face_up:
            seen |= event.face_down
    return seen


options = st.fixed_dictionaries({
    "bot": st.sampled_from(["random", "skilled", "expert"]),
    "swap": st.sampled_from(["blind", "face-up"]),
    "first_splitter": st.sampled_from(["you", "bot", "coin"]),
})


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=options, seed=st.integers(2**40, 2**62 - 1), data=st.data())
def test_no_response_shows_a_hidden_card(http: TestClient, body: dict[str, Any], seed: int,
                                         data: st.DataObject) -> None:
    store_of(http).seed_source = lambda: seed
    response = http.post("/api/games", json=body)
    assert response.status_code == 201
    assert str(seed) not in response.text  # the seed stays on the server
    state = response.json()
    check(http, state)
    while state["phase"] != "over":
        choice = data.draw(st.sampled_from([item["action"] for item in state["legal"]]))
        if data.draw(st.booleans()):  # the same state fetched again must be just as clean
            again = http.get(f"/api/games/{state['id']}").json()
            assert again == state
        response = move(http, state, choice)
        assert response.status_code == 200, response.text
        assert str(seed) not in response.text
        state = response.json()
        check(http, state)
    listing = http.get("/api/games").text
    assert not CARD_TOKEN.search(listing), "the lobby list names cards"


def test_the_scanner_finds_cards_in_any_string() -> None:
    text = json.dumps({"log": ["The bot gave Qs to the reserve and took Jk."], "x": {"As": 1}})
    assert {str(PACK_21[i]) for i in card_tokens(text)} == {"Qs", "Jk", "As"}
    assert card_tokens("Ask Tsar JkX Kd,Ah") == {PACK_21.index(c) for c in PACK_21.cards_of(
        mask(["Kd", "Ah"]))}


def test_the_checker_catches_a_leak(http: TestClient) -> None:
    """The property has teeth: a state object that names a hidden card fails it."""
    store_of(http).seed_source = lambda: 4
    state = http.post("/api/games", json={"first_splitter": "you", "bot": "random"}).json()
    game = core(http, state["id"])
    hidden = next(i for i in range(21) if not allowed(game, 0).seen >> i & 1)
    tampered = dict(state, log=[*log_text(state), f"The bot holds {PACK_21[hidden]}."])
    assert leaks(tampered, game, 0)
    books = dict(state["knowledge"])
    books["unaccounted"] = [item for item in books["unaccounted"] if item["card"] != str(PACK_21[hidden])]
    assert leaks(dict(state, knowledge=books), game, 0)
    assert not leaks(state, game, 0)
