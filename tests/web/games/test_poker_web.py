"""The poker games through the web API: a hand of each game to the end, a session of many
hands (stacks kept, the button moving, rebuys), the history's big bets per 100 hands, what
every response may show (checked against the full state's hidden cards) and hostile requests
refused in words with nothing changed."""

from __future__ import annotations

import json
import math
import random
import re
import statistics
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webtools import client, move, service_of, session_of, store_of, strings, truth

from divided.games import POKER
from divided.games.poker import actions as act
from divided.games.poker.cards import mask_indices, name
from divided.games.poker.state import PokerState
from divided.games.poker.variants import VARIANTS

CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][shdc]'?|Jk[12])(?![A-Za-z0-9'])")
SMALLEST = {"five-card-draw": 2, "seven-card-stud": 2, "henway": 2, "ten-card-regrets": 2, "cowpie": 2,
            "double-draw-high-low": 3, "open-draw": 2, "jackpot": 2, "sequential-open-draw": 2,
            "six-card-draw": 2, "six-card-open-draw": 2, "seven-card-open-draw": 2, "bounce-back": 2, "j-lo": 2,
            "freak-of-nature": 2, "uncle-bobs-left-nut": 2,
            **{"three-two-one": 3, "assassin": 2, "fives": 2, "crazy-four-of-spades": 2},
            "auction-flop": 2, "low-high-die": 2, "buck-thirty-five": 4, "mississippi": 2}


@pytest.fixture
def http(tmp_path: Path) -> TestClient:
    http = client(tmp_path)
    seeds = iter(range(900, 100_000))
    store_of(http).seed_source = lambda: next(seeds)
    return http


def core(http: TestClient, game_id: str) -> PokerState:
    state = truth(http, game_id).core
    assert isinstance(state, PokerState)
    return state


def new_game(http: TestClient, game: str, **body: Any) -> dict[str, Any]:
    response = http.post("/api/games", json={"game": game, "bot": "random", **body})
    assert response.status_code == 201, response.text
    return response.json()


def hidden_cards(state: PokerState, seat: int = 0) -> set[str]:
    """The cards ``seat`` may not see: the stock, and every other seat's cards that are not face
    up (a hand still in once the showdown shows it excepted); worked out from the full state."""
    hidden = set()
    stock = state.stock
    hidden |= {name(c) for c in mask_indices(stock)}
    for other in range(state.players):
        if other == seat:
            continue
        shown = state.shown and state.table.live[other]
        cards = [c for held in state.slots[other] for c in held]
        cards += mask_indices(state.discarded[other] | state.mucked[other])
        if state.phase.drawn:
            cards += mask_indices(state.phase.drawn[other])
        hidden |= {name(c) for c in cards if not state.up >> c & 1 and not shown}
        if state.aside:
            hidden |= {name(c) for c in mask_indices(state.aside[other])}
    hidden |= {name(c) for c, source in zip(state.trash, state.trash_from, strict=True)
               if source != seat and not state.up >> c & 1 and not state.shown}
    if state.match is not None:  # T18: cards the last deal showed to all were seen, though back in the stock
        hidden -= {name(c) for event in state.match.previous for c in (*event.cards, *sum(event.hands, ()))}
    return hidden


def check_no_leak(http: TestClient, body: dict[str, Any]) -> None:
    full = core(http, body["id"])
    hidden = hidden_cards(full)
    lots = {name(c) for event in full.events if event.kind == "lot" for c in event.cards}
    # the books list every card the player has not seen: all of the hidden ones, where they are untold
    unseen = set(body["knowledge"].get("unseen", ()))
    assert hidden <= unseen
    for where, text in strings(body):
        if where.startswith(".knowledge.unseen"):
            continue
        leaked = set(CARD.findall(text)) & hidden
        if where.startswith(".log"):  # a lot's cards were turned up for all when dealt (AF3: which were kept is hidden)
            leaked -= lots
        assert not leaked, f"{sorted(leaked)} hidden but shown at {where}: {text!r}"


def random_pick(rng: random.Random) -> Any:
    def pick(state: dict[str, Any]) -> int:
        return int(rng.choice(state["legal"])["action"])
    return pick


def play_hand(http: TestClient, state: dict[str, Any], rng: random.Random, *, check: bool = False) -> dict[str, Any]:
    """The human's side with random legal actions until the hand is over (checking every response)."""
    if check:
        check_no_leak(http, state)
    while state["phase"] != "over":
        assert state["to_move"] == "you" and state["legal"], state
        response = move(http, state, random_pick(rng)(state))
        assert response.status_code == 200, response.text
        state = response.json()
        if check:
            check_no_leak(http, state)
    return state


# -- a hand of each game --------------------------------------------------------------------------


@pytest.mark.parametrize("game", POKER)
def test_each_game_plays_a_hand_to_the_end_with_chips_that_add_up(http: TestClient, game: str) -> None:
    rng = random.Random(len(game))
    state = new_game(http, game, players=SMALLEST[game] + 1)
    assert state["session"]["table_id"] == state["id"] and state["session"]["next_id"] is None
    assert len(state["table"]["seats"]) == SMALLEST[game] + 1
    state = play_hand(http, state, rng)
    full = core(http, state["id"])
    returns = state["result"]["returns"]
    assert sum(returns) == 0
    seats = {s["seat"]: s for s in state["table"]["seats"]}
    for seat, start in enumerate(full.config.stacks):
        assert seats[seat]["final_stack"] == start + returns[seat]
    won = sum(w["chips"] for pot in state["table"]["showdown"]["pots"] for a in pot["awards"] for w in a["winners"])
    carried = full.match.carried if full.match is not None else 0  # T18: chips carried into a match's last deal
    assert won == sum(full.table.contributed) + carried  # every chip put in is won by someone


def test_a_showdown_names_each_winning_hand_in_words(http: TestClient) -> None:
    # five-card draw, everyone standing pat and checking: a showdown of the dealt hands
    for _ in range(5):
        state = new_game(http, "five-card-draw", players=2)
        while state["phase"] != "over":
            kinds = {a["kind"]: a["action"] for a in state["legal"]}
            response = move(http, state, kinds.get("check", kinds.get("call", kinds.get("stand-pat", 0))))
            state = response.json()
        if state["table"]["showdown"]["shown"]:
            break
    (pot,) = state["table"]["showdown"]["pots"]
    (award,) = pot["awards"]
    full = core(http, state["id"])
    for winner in award["winners"]:
        seat = 0 if winner["you"] else int(winner["name"].split()[-1])
        cards = sorted(name(c) for c in full.slots[seat][0])
        assert sorted(winner["cards"]) == cards
        # the category in words, from the cards (counted here)
        ranks = sorted((c[0] for c in cards), key="23456789TJQKA".index)
        counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
        expected = {(2, 1, 1, 1): "Pair", (2, 2, 1): "Two Pair", (3, 1, 1): "Three of a Kind",
                    (3, 2): "Full House", (4, 1): "Four of a Kind"}.get(tuple(counts))
        if expected:
            assert winner["hand"].startswith(expected), winner


# -- a session of many hands ----------------------------------------------------------------------


def next_hand(http: TestClient, state: dict[str, Any], **body: Any) -> Any:
    return http.post(f"/api/games/{state['id']}/next", json=body)


def test_the_next_hand_keeps_the_stacks_and_moves_the_button(http: TestClient) -> None:
    rng = random.Random(3)
    state = new_game(http, "seven-card-stud", players=3, stack=100)
    table_id = state["id"]
    for _ in range(4):
        state = play_hand(http, state, rng)
        before = core(http, state["id"])
        expected = [start + int(r) for start, r in zip(before.config.stacks, state["result"]["returns"], strict=True)]
        if 0 in expected:
            break
        response = next_hand(http, state)
        assert response.status_code == 200, response.text
        after = response.json()
        assert after["session"] == {"table_id": table_id, "next_id": None}
        assert after["options"]["stacks"] == "/".join(map(str, expected))
        nxt = core(http, after["id"])
        assert nxt.button == (before.button + 1) % 3
        assert nxt.config.stacks == tuple(expected)
        assert http.get(f"/api/games/{state['id']}").json()["session"]["next_id"] == after["id"]
        state = after


def test_next_twice_for_the_same_hand_gives_the_same_hand(http: TestClient) -> None:
    state = play_hand(http, new_game(http, "open-draw", players=2), random.Random(5))
    first = next_hand(http, state)
    second = next_hand(http, state)
    assert first.status_code == second.status_code == 200
    assert first.json()["id"] == second.json()["id"]
    assert len(http.get("/api/games").json()["games"]) == 2


def test_next_on_a_hand_in_play_is_refused_and_deals_nothing(http: TestClient) -> None:
    state = new_game(http, "henway", players=2)
    response = next_hand(http, state)
    assert response.status_code == 409
    assert "not over yet" in response.json()["error"]
    assert len(http.get("/api/games").json()["games"]) == 1
    assert http.get(f"/api/games/{state['id']}").json() == state


def test_next_is_refused_for_a_game_played_one_at_a_time(http: TestClient) -> None:
    state = http.post("/api/games", json={"game": "divided-ranks", "bot": "random"}).json()
    response = next_hand(http, state)
    assert response.status_code == 409 and "one game at a time" in response.json()["error"]


def _hand_lost_all(http: TestClient, game: str, stacks: str, loser: int) -> dict[str, Any]:
    """A finished hand in which seat ``loser`` ends with no chips (found by playing hands: the
    human calls down every bet)."""
    for _ in range(40):
        state = new_game(http, game, players=2, stacks=stacks, structure="no")
        while state["phase"] != "over":
            kinds = {a["kind"]: a["action"] for a in state["legal"]}
            pick = next((kinds[k] for k in ("call", "check", "stand-pat", "bring-in") if k in kinds),
                        state["legal"][-1]["action"])
            state = move(http, state, pick).json()
        final = {s["seat"]: s["final_stack"] for s in state["table"]["seats"]}
        if final[loser] == 0:
            return state
    raise AssertionError("no hand was lost whole in 40 tries")


def test_a_broke_player_rebuys_only_when_asking(http: TestClient) -> None:
    state = _hand_lost_all(http, "five-card-draw", "1/60", loser=0)
    stored = len(http.get("/api/games").json()["games"])
    refused = next_hand(http, state)
    assert refused.status_code == 409 and "no chips left: rebuy" in refused.json()["error"]
    assert len(http.get("/api/games").json()["games"]) == stored
    response = next_hand(http, state, rebuy=True)
    assert response.status_code == 200, response.text
    after = response.json()
    bot_final = next(s["final_stack"] for s in state["table"]["seats"] if s["seat"] == 1)
    assert after["options"]["stacks"] == f"200/{bot_final}"
    assert "You rebuy 200 chips." in after["notes"]


def test_a_rebuy_is_refused_to_a_player_with_chips(http: TestClient) -> None:
    state = play_hand(http, new_game(http, "five-card-draw", players=2), random.Random(8))
    mine = next(s["final_stack"] for s in state["table"]["seats"] if s["seat"] == 0)
    assert mine > 0
    response = next_hand(http, state, rebuy=True)
    assert response.status_code == 409 and f"you still have {mine} chips" in response.json()["error"]
    response = next_hand(http, state, rebuy="yes")
    assert response.status_code == 422


def test_a_broke_bot_rebuys_at_once_and_the_table_is_told(http: TestClient) -> None:
    state = _hand_lost_all(http, "five-card-draw", "60/1", loser=1)
    after = next_hand(http, state).json()
    mine = next(s["final_stack"] for s in state["table"]["seats"] if s["seat"] == 0)
    assert after["options"]["stacks"] == f"{mine}/200"
    assert after["notes"] == ["Bot 1 was broke and rebuys 200 chips."]


# -- the history ----------------------------------------------------------------------------------


def test_history_reports_big_bets_per_100_hands_with_an_interval(http: TestClient) -> None:
    rng = random.Random(11)
    state = new_game(http, "five-card-draw", players=2)
    table_id = state["id"]
    results = []
    for hand in range(6):
        state = play_hand(http, state, rng)
        results.append(state["result"]["returns"][0])
        if hand < 5:
            response = next_hand(http, state, rebuy=True) if any(
                s["final_stack"] == 0 and s["you"] for s in state["table"]["seats"]) else next_hand(http, state)
            state = response.json()
    body = http.get("/api/history").json()
    (block,) = [b for b in body["by_game"] if b["game"] == "five-card-draw"]
    assert block["measure"]["kind"] == "big-bets"
    (row,) = block["stats"]  # every hand of the table in one row, whatever its stacks and button
    assert {game["table"] for game in body["games"]} == {table_id}  # the hands grouped by their table
    per_hand = [r / 4 for r in results]  # the big bet is 4
    mean = statistics.mean(per_hand)
    margin = 1.959963984540054 * statistics.stdev(per_hand) / math.sqrt(len(per_hand))
    assert row["hands"] == 6 and row["chips"] == sum(results)
    assert row["bb_per_100"] == pytest.approx(100 * mean)
    assert row["interval"]["low"] == pytest.approx(100 * (mean - margin))
    assert row["interval"]["high"] == pytest.approx(100 * (mean + margin))


# -- hidden cards ---------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("game", POKER)
def test_no_response_shows_a_card_the_player_may_not_see(http: TestClient, game: str) -> None:
    rng = random.Random(game)
    most = VARIANTS[game].players[1]
    for hand in range(6):
        players = min(SMALLEST[game] + hand, most)
        state = new_game(http, game, players=players, structure=("fixed", "pot", "no")[hand % 3])
        state = play_hand(http, state, rng, check=True)
        check_no_leak(http, next_hand(http, state, rebuy=True).json() if any(
            s["you"] and s["final_stack"] == 0 for s in state["table"]["seats"]) else next_hand(http, state).json())


def test_the_leak_check_catches_a_hidden_card(http: TestClient) -> None:
    state = new_game(http, "seven-card-stud", players=3)
    full = core(http, state["id"])
    down = next(c for c in full.slots[1][0] if not full.up >> c & 1)  # a bot's down card
    with pytest.raises(AssertionError, match="hidden but shown"):
        check_no_leak(http, {**state, "prompt": f"Bot 1 holds {name(down)}"})


# -- hostile requests -----------------------------------------------------------------------------


def _until(http: TestClient, state: dict[str, Any], kind: str, rng: random.Random) -> dict[str, Any]:
    """Play (checking and calling) until the human's decision includes an action of ``kind``."""
    while not any(a["kind"] == kind for a in state["legal"]):
        assert state["phase"] != "over", f"the hand ended before a {kind} decision"
        kinds = {a["kind"]: a["action"] for a in state["legal"]}
        pick = next((kinds[k] for k in ("check", "call", "stand-pat") if k in kinds), state["legal"][0]["action"])
        state = move(http, state, pick).json()
    return state


def refused(http: TestClient, state: dict[str, Any], action: int, words: str) -> None:
    response = move(http, state, action)
    assert response.status_code == 422, response.text
    assert words in response.json()["error"], response.json()["error"]
    assert "Nothing changed" in response.json()["error"]
    assert http.get(f"/api/games/{state['id']}").json()["move_number"] == state["move_number"]


def test_a_raise_outside_the_range_is_refused_with_the_range(http: TestClient) -> None:
    state = new_game(http, "five-card-draw", players=2, structure="no", first_dealer=1)
    state = _until(http, state, "bet", random.Random(1)) if not any(
        a["kind"] == "raise" for a in state["legal"]) else state
    low, high = state["table"]["betting"]["range"]["min"], state["table"]["betting"]["range"]["max"]
    refused(http, state, act.RAISE_TO + high + 1, f"must be from {low} to {high} chips")
    if low > 1:
        refused(http, state, act.RAISE_TO + low - 1, f"must be from {low} to {high} chips")
    refused(http, state, act.RAISE, "names its amount")
    # any amount inside the range is taken, not only the presets
    middle = (low + high) // 2
    assert move(http, state, act.RAISE_TO + middle).status_code == 200


def test_a_stale_move_and_an_action_of_another_step_are_refused(http: TestClient) -> None:
    state = new_game(http, "five-card-draw", players=2)
    state = _until(http, state, "check", random.Random(2)) if not any(
        a["kind"] in ("check", "call") for a in state["legal"]) else state
    response = http.post(f"/api/games/{state['id']}/moves",
                         json={"move_number": state["move_number"] - 1, "action": state["legal"][0]["action"]})
    assert response.status_code == 409
    refused(http, state, act.DISCARD + 0b11, "this is a betting round")
    refused(http, state, 99_999, "there is no action 99999")


def test_a_card_not_held_is_refused_when_ordering_a_henway_hand(http: TestClient) -> None:
    state = new_game(http, "henway", players=2)
    state = _until(http, state, "arrange", random.Random(3))
    mine = [c for h in state["table"]["partition"]["held"] for c in [h]]
    state = move(http, state, state["legal"][0]["action"]).json()  # the split; now the order
    assert state["table"]["partition"]["stage"] == "order"
    not_held = next(c for c in range(52) if name(c) not in mine)
    refused(http, state, act.ORDER + not_held, f"{name(not_held)} is not among the cards left")


def test_an_illegal_cowpie_split_is_refused_with_the_rule(http: TestClient) -> None:
    state = new_game(http, "cowpie", players=2, structure="fixed")
    state = _until(http, state, "split", random.Random(4))
    legal = {a["action"] for a in state["legal"]}
    held = state["table"]["partition"]["held"]
    illegal = [a for a in range(act.PARTITION, act.PARTITION + 21) if a not in legal]
    assert illegal, held  # this deal's seven cards allow some splits and not others
    response = move(http, state, illegal[0])
    assert response.status_code == 422
    error = response.json()["error"]
    assert "must rank above your two-card hand" in error or "must hold at least one face-down card" in error


def test_a_full_hand_refuses_two_more_cards_in_ten_card_regrets(http: TestClient) -> None:
    state = new_game(http, "ten-card-regrets", players=2, structure="fixed")
    rng = random.Random(6)
    for _ in range(60):
        assign = state["table"]["assign"]
        if assign and any(h["room"] < 2 for h in assign["hands"]):
            legal = {a["action"] for a in state["legal"]}
            bad = next(a for a in range(act.ASSIGN, act.ASSIGN + 2) if a not in legal)
            refused(http, state, bad, "each hand holds five cards at most")
            return
        if state["phase"] == "over":
            state = new_game(http, "ten-card-regrets", players=2, structure="fixed")
            continue
        kinds = {a["kind"]: a["action"] for a in state["legal"]}
        pick = kinds.get("check", kinds.get("call"))
        if pick is None:
            both = [a["action"] for a in state["legal"] if a["action"] in (act.ASSIGN, act.ASSIGN + 1)]
            pick = both[0] if both else rng.choice(state["legal"])["action"]
        state = move(http, state, pick).json()
    raise AssertionError("no assignment into a full hand came up")


@pytest.mark.parametrize(("stacks", "words"), [
    ("200/200", "names 2 stacks, but the table has 3 players"),
    ("200/0/200", "seat 1's stack 0 is not allowed"),
    ("lots", "one whole number of chips per seat"),
])
def test_bad_stacks_are_refused_in_words(http: TestClient, stacks: str, words: str) -> None:
    response = http.post("/api/games", json={"game": "henway", "bot": "random", "players": 3, "stacks": stacks})
    assert response.status_code == 422
    assert words in response.json()["error"]
    assert http.get("/api/games").json()["games"] == []


# -- the pages --------------------------------------------------------------------------------------


def test_the_lobby_has_one_poker_entry_with_a_variant_picker_and_hints_from_the_poker_advisor(
        http: TestClient) -> None:
    page = http.get("/?game=cowpie").text
    assert "<h1>Play Poker</h1>" in page
    picker = page.split('id="variant-picker"')[1].split("</fieldset>")[0]
    assert picker.count('name="game"') == len(POKER)
    assert 'value="cowpie" checked' in picker and "a five-card and a two-card hand" in picker
    assert 'value="2"' in page and 'value="7"' in page and 'value="8"' not in page.split('Players')[1].split("</fieldset>")[0]
    assert 'data-hints="off"' not in page  # the poker advisor gives the hints
    assert 'data-hints="off"' not in http.get("/?game=divide").text
    other = http.get("/?game=divide").text.split('class="game-switch"')[1].split("</p>")[0]
    assert other.count(">Poker<") == 1 and "Henway" not in other


def test_the_lobby_offers_a_choice_of_betting_only_for_a_game_that_has_betting_rounds(http: TestClient) -> None:
    assert 'name="structure"' in http.get("/?game=five-card-draw").text
    page = http.get("/?game=auction-flop").text  # no betting rounds (its rules): limits would change nothing
    assert 'name="structure"' not in page and "Fixed limit" not in page
    state = new_game(http, "auction-flop", players=2)  # started without a structure
    assert state["game"] == "auction-flop" and state["legal"]


def test_the_rules_page_shows_the_game_then_the_table_rules(http: TestClient) -> None:
    page = http.get("/rules?game=henway").text
    game, table = page.find("<h1"), page.find("How every poker game here is run")
    assert 0 <= game < table
    assert "Henway" in page[game:game + 200]
    assert "rebuys" in page


def test_history_and_replay_pages_show_a_poker_hand(http: TestClient) -> None:
    state = play_hand(http, new_game(http, "cowpie", players=3), random.Random(9))
    history = http.get("/history").text
    assert "Big bets per 100 hands" in history and "Cowpie" in history
    mine = int(state["result"]["returns"][0])
    (entry,) = http.get("/api/history").json()["games"]
    how = "at the showdown" if state["table"]["showdown"]["shown"] else "uncontested"
    chips = f"{abs(mine)} chip{'s' if abs(mine) != 1 else ''}"
    assert entry["decided"] == (f"You won {chips} ({how})" if mine > 0 else f"You lost {chips} ({how})" if mine < 0
                                else f"You broke even ({how})")
    replay = http.get(f"/games/{state['id']}/replay")
    assert replay.status_code == 200 and "Pot " in replay.text
    assert 'id="review-panel"' in replay.text  # the poker advisor reviews a finished hand


def test_a_stud_showdown_names_the_best_five_of_seven(http: TestClient) -> None:
    for _ in range(10):
        state = new_game(http, "seven-card-stud", players=2)
        while state["phase"] != "over":
            kinds = {a["kind"]: a["action"] for a in state["legal"]}
            state = move(http, state, next(kinds[k] for k in ("check", "call", "bring-in") if k in kinds)).json()
        if state["table"]["showdown"]["shown"]:
            break
    for pot in state["table"]["showdown"]["pots"]:
        for award in pot["awards"]:
            for winner in award["winners"]:
                assert len(winner["cards"]) == 5
                seat = 0 if winner["you"] else int(winner["name"].split()[-1])
                held = {name(c) for c in core(http, state["id"]).slots[seat][0]}
                assert set(winner["cards"]) <= held and len(held) == 7
    shows = [line["text"] for line in state["log"] if re.match(r"(You show|Bot \d shows) ", line["text"])]
    assert shows and all(":" not in text for text in shows)  # one hand: its cards alone


def test_two_hand_showdowns_name_each_hand_by_what_it_is(http: TestClient) -> None:
    for _ in range(10):
        state = new_game(http, "cowpie", players=2, structure="fixed")
        rng = random.Random(2)
        while state["phase"] != "over":
            kinds = {a["kind"]: a["action"] for a in state["legal"]}
            pick = next((kinds[k] for k in ("check", "call", "bring-in") if k in kinds), None)
            state = move(http, state, pick if pick is not None else rng.choice(state["legal"])["action"]).json()
        if state["table"]["showdown"]["shown"]:
            break
    shows = [line["text"] for line in state["log"] if re.match(r"(You show|Bot \d shows) ", line["text"])]
    assert shows and all("five-card hand: " in text and "; two-card hand: " in text for text in shows), shows


def test_a_table_whose_stack_outgrew_the_largest_start_is_not_dealt_on(http: TestClient) -> None:
    state = _hand_lost_all(http, "five-card-draw", "9995/9", loser=1)  # the bot broke: 10004 chips to you
    response = next_hand(http, state)
    assert response.status_code == 409 and "grown past 10000 chips" in response.json()["error"]


def test_two_next_requests_racing_deal_one_hand(http: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The second of two requests that both read the finished hand before either dealt (a stale
    row: no next hand yet) loses the store's guarded link and answers the first one's hand."""
    state = play_hand(http, new_game(http, "henway", players=2), random.Random(12))
    service = service_of(http)
    session = session_of(http)
    stale = service.row(state["id"], session)
    first = next_hand(http, state).json()
    real_row = service.row
    calls = iter([stale])
    monkeypatch.setattr(service, "row", lambda game_id, who: next(calls, None) or real_row(game_id, who))
    second = service.next_hand(state["id"], session, False)
    assert second["id"] == first["id"]
    assert len(store_of(http).list(session)) == 2  # the finished hand and one next hand


def test_a_poker_hint_says_its_values_are_in_pots_and_shows_no_hidden_card(http: TestClient) -> None:
    state = new_game(http, "five-card-draw", players=2, hints=True)
    assert state["phase"] != "over" and state["legal"]  # the bots have acted: the player is to move
    hint = http.post(f"/api/games/{state['id']}/hint", json={"move_number": state["move_number"]})
    assert hint.status_code == 200, hint.text
    found = hint.json()
    assert found["unit"] == "% of the pot"  # the page words it as such, not as a chance to win
    assert found["action"] in {a["action"] for a in state["legal"]}
    again = http.post(f"/api/games/{state['id']}/hint", json={"move_number": state["move_number"]})
    assert again.json()["unit"] == "% of the pot"  # the stored hint keeps its unit
    text = json.dumps(found)
    assert not any(f'"{card}"' in text or f" {card}" in text for card in hidden_cards(core(http, state["id"])))


@pytest.mark.parametrize("game", ["henway", "cowpie", "card-commons", "divided-ranks"])
def test_the_table_page_names_its_game_in_the_heading(http: TestClient, game: str) -> None:
    body: dict[str, Any] = {"game": game, "bot": "random"}
    state = http.post("/api/games", json=body)
    assert state.status_code == 201, state.text
    page = http.get(f"/games/{state.json()['id']}").text
    heading = page.split('<h1 id="table-title">')[1].split("<span")[0].strip()
    title = {"henway": "Henway", "cowpie": "Cowpie", "card-commons": "Card Commons", "divided-ranks": "Divided Ranks"}
    assert heading == title[game]
    assert http.get("/games/0123456789abcdef0123456789abcdef").status_code in (200, 404)  # an unknown game: no crash


def test_the_history_lists_a_hand_by_its_chips_and_rules_without_its_stacks_or_button(http: TestClient) -> None:
    first = play_hand(http, new_game(http, "five-card-draw", players=3), random.Random(4))
    second_start = next_hand(http, first, rebuy=int(first["result"]["returns"][0]) <= -200)
    assert second_start.status_code == 200, second_start.text
    play_hand(http, second_start.json(), random.Random(5))
    entries = http.get("/api/history").json()["games"]
    assert len(entries) == 2
    for entry in entries:
        mine = int(float(entry["summary"]["returns"].split("/")[0]))
        words = "Even" if mine == 0 else f"{mine:+d} chip{'' if abs(mine) == 1 else 's'}".replace("-", "\u2212")
        assert entry["result_words"] == words
        assert "stacks" not in entry["variant"] and "first_dealer" not in entry["variant"], entry["variant"]
        assert entry["variant"] == "3 players"
    page = http.get("/history").text
    rows = page.split("<tbody>")[-1]
    assert "stacks=" not in rows and "first_dealer" not in rows and "A bot won" not in rows
    assert all(entry["result_words"] in rows for entry in entries)


def test_a_game_without_an_advisor_offers_no_hints_and_no_review(http: TestClient,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    state = play_hand(http, new_game(http, "cowpie", players=3), random.Random(3))
    from divided.bots import base as bot_base
    monkeypatch.setattr(bot_base._ADVISORS, "supports", lambda game: game != "cowpie")
    assert 'data-hints="off"' in http.get("/?game=cowpie").text
    assert 'data-hints="off"' not in http.get("/?game=henway").text
    assert 'id="review-panel"' not in http.get(f"/games/{state['id']}/replay").text


def test_a_bet_without_openers_in_j_lo_is_refused_in_the_games_words(http: TestClient) -> None:
    for _ in range(40):  # deals until the human must act first-round, unopened, without jacks or better
        state = new_game(http, "j-lo", players=3)
        if state["phase"] != "over" and state["legal"] and state["table"]["betting"] is not None \
                and not any(a["kind"] in ("bet", "raise") for a in state["legal"]) and core(http, state["id"]).step == 1:
            break
    else:
        pytest.fail("no deal left the human without openers")
    refused(http, state, act.RAISE, "opening the betting takes jacks or better")
    refused(http, state, act.RAISE_TO + 4, "opening the betting takes jacks or better")
