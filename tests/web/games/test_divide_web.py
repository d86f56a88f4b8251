"""DIVIDE through the web API: whole games at 4 and 6 players, what every response may show
(checked against the hidden cards of the full state, worked out here from the rules, not from
the game's view), the table against the full state, and refused requests that change nothing."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webtools import client, move, second_client, store_of, strings, truth

from divided import games
from divided.bots import make_bot
from divided.cards import STANDARD_54, mask_indices
from divided.games.base import CHANCE
from divided.games.divide import actions as act
from divided.games.divide.rules import DivideRules
from divided.games.divide.state import REVEAL_ORDER, DivideState, PassEvent, Phase, TrickEvent
from divided.web.games.divide import ROOM

GAME = "divide"
STATIC = Path(__file__).resolve().parents[3] / "src" / "divided" / "web" / "static"
CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][shdc]|Jk[12])(?![A-Za-z0-9])")
INDEX = {str(card): i for i, card in enumerate(STANDARD_54)}


def card_tokens(text: str) -> set[int]:
    return {INDEX[m] for m in CARD.findall(text)}


def mask(codes: list[str]) -> int:
    return sum(1 << INDEX[c] for c in codes)


@pytest.fixture
def http(tmp_path: Path) -> TestClient:
    http = client(tmp_path)
    seeds = iter(range(700, 10_000))
    store_of(http).seed_source = lambda: next(seeds)
    return http


def core(http: TestClient, game_id: str) -> DivideState:
    state = truth(http, game_id).core
    assert isinstance(state, DivideState)
    return state


def new_game(http: TestClient, **body: Any) -> dict[str, Any]:
    response = http.post("/api/games", json={"game": GAME, "bot": "random", **body})
    assert response.status_code == 201, response.text
    return response.json()


# -- what the human may see, from the full state ------------------------------------------------


@dataclass
class Witness:
    """What the human at seat 0 has seen, round by round, worked out from the full states the
    game passed through (the rules' words, D3: your own hand and commit, the cards you passed and
    received, and every played card; Trick 1's cards once flipped)."""

    held: dict[int, int] = field(default_factory=dict)
    public: dict[int, int] = field(default_factory=dict)

    def see(self, state: DivideState) -> None:
        r = state.round
        mine = state.hands[0] | (1 << state.commits[0] if state.commits[0] >= 0 else 0)
        if state.passes[0] >= 0:
            left, right = act.pass_cards(state.passes[0])
            mine |= 1 << left | 1 << right
        self.held[r] = self.held.get(r, 0) | mine
        for event in state.log:
            if isinstance(event, TrickEvent):
                self.public[event.round] = self.public.get(event.round, 0) | mask_indices_to_mask(
                    [card for _, card in event.plays])
            if isinstance(event, PassEvent) and event.round == r:
                if (event.player + 1) % state.num_players == 0:
                    self.held[r] |= 1 << event.left
                if (event.player - 1) % state.num_players == 0:
                    self.held[r] |= 1 << event.right
        if state.phase == Phase.PLAY:
            self.public[r] = self.public.get(r, 0) | mask_indices_to_mask([card for _, card in state.plays])

    def allowed(self, round_: int, *, seated: bool = True) -> int:
        return self.public.get(round_, 0) | (self.held.get(round_, 0) if seated else 0)


def mask_indices_to_mask(cards: list[int]) -> int:
    out = 0
    for card in cards:
        out |= 1 << card
    return out


ROUND_LINE = re.compile(r"^Round (\d+): ")


def segments(body: dict[str, Any], current: int) -> Iterator[tuple[int, str, str]]:
    """Every string of a response with the round it speaks of: a trick's of its round, a log
    entry of the round its "Round N:" line opened, everything else of the round in play."""
    table = dict(body.get("table") or {})
    for key in ("tricks", "last_trick", "current_trick"):
        value = table.pop(key, None)
        for trick in value if isinstance(value, list) else [value] if value else []:
            for where, text in strings(trick, f"table.{key}"):
                yield trick["round"] - 1, where, text
    round_ = 0
    for i, entry in enumerate(body.get("log", [])):
        found = ROUND_LINE.match(entry["text"])
        if entry["actor"] is None and found:
            round_ = int(found.group(1)) - 1
        yield round_, f"log[{i}]", entry["text"]
    for step in body.get("steps", []):  # the table after each move of the answer: its own round's
        yield from segments({"table": step["table"]}, step["table"]["round"] - 1)
    rest = {key: value for key, value in body.items() if key not in ("table", "log", "steps")}
    for where, text in strings({**rest, "table": table}):
        yield current, where, text


UNSEEN = ".knowledge.unseen"
"""The books list every card the reader has not seen with the chance of each place: such a card
may be named there, since every unseen card is (checked in :func:`leaks`)."""


def leaks(body: dict[str, Any], state: DivideState, witness: Witness, *, seated: bool = True) -> list[str]:
    """The cards a response names that its reader had not seen in the round it speaks of, and
    books that list other than exactly the cards the reader has not seen."""
    problems = []
    for round_, where, text in segments(body, state.round):
        if where.startswith(UNSEEN):
            continue
        allowed = witness.allowed(round_, seated=seated)
        for card in card_tokens(text):
            if not allowed >> card & 1:
                problems.append(f"{where} (round {round_ + 1}) names {STANDARD_54[card]}: {text!r}")
    books = (body.get("knowledge") or {}).get("unseen")
    if books is not None and state.outcome is None and state.phase not in (Phase.DEAL, Phase.DEALER):
        deck = (1 << (52 if state.num_players == 4 else 54)) - 1
        unseen = deck & ~witness.allowed(state.round, seated=seated)
        listed = mask([item["card"] for item in books])
        if listed != unseen:
            problems.append(f"the books list {sorted(item['card'] for item in books)} as unseen, not the unseen cards")
        for item in books:
            if abs(sum(item["places"].values()) - 1) > 1e-9:
                problems.append(f"the chances of {item['card']} do not add up to 1: {item['places']}")
    return problems


def spectator_body(state: DivideState) -> dict[str, Any]:
    """What the web room would draw for a spectator (no seat): the table, the log, the prompt."""
    view = DivideRules().observe(state, None)
    return {"table": ROOM.table(view, None, False), "log": [e.to_json() for e in ROOM.log(view)],
            "knowledge": ROOM.knowledge(ROOM.books(view)),
            "prompt": ROOM.prompt(view, None, None), "legal": [item.text for item in ROOM.legal(view)]}


# -- the table against the full state ----------------------------------------------------------

SUITS = "shdc"


def by_suit(hand: int) -> list[str]:
    """The hand as the page must show it: spades, hearts, diamonds, clubs, Jokers; high to low."""
    names = [str(STANDARD_54[c]) for c in mask_indices(hand)]
    order = "AKQJT98765432"
    return sorted(names, key=lambda n: (4, n) if n.startswith("Jk") else (SUITS.index(n[1]), order.index(n[0]), ""))


KINDS = {Phase.COMMIT: {"commit"}, Phase.PASS: {"pass"}, Phase.PLAY: {"play"}, Phase.DRAFT: {"points", "lead", "trump"}}


def check_table(body: dict[str, Any], state: DivideState, http: TestClient) -> None:
    t = body["table"]
    n = state.num_players
    assert t["players"] == n and t["round"] == state.round + 1
    assert t["hand"] == by_suit(state.hands[0])
    assert [c for group in t["suits"] for c in group["cards"]] == t["hand"]
    assert [s["seat"] for s in t["seats"]] == list(range(n))
    for seat in t["seats"]:
        i = seat["seat"]
        assert seat["hand_size"] == state.hands[i].bit_count()
        assert (seat["score"], seat["round_points"], seat["fives"], seat["led"]) == (
            state.scores[i], state.round_points[i], state.fives[i], state.led[i])
        assert seat["dealer"] == (state.dealer == i)
        assert seat["committed"] == (state.commits[i] >= 0) and seat["passed"] == (state.passes[i] >= 0)
    rank = None if state.trump is None else "23456789TJQKA"[state.trump - 2]
    assert t["trump"]["rank"] == rank
    face_up = set(REVEAL_ORDER[:state.revealed])
    assert [tok["value"] for tok in t["tokens"]["line"]] == [
        state.line[i] if i in face_up else None for i in range(9)]
    if body["phase"] == "over":
        return
    assert body["to_move"] == "you" and body["bot_error"] is None, body["prompt"]
    legal = truth(http, body["id"]).legal_actions()
    assert [item["action"] for item in body["legal"]] == sorted(legal)
    assert {item["kind"] for item in body["legal"]} <= KINDS[state.phase]
    if state.phase == Phase.PLAY:
        assert [(p["seat"], INDEX[p["card"]]) for p in t["current_trick"]["plays"]] == list(state.plays)
        assert [tok["current"] for tok in t["tokens"]["line"]].index(True) == state.trick - 1
    if state.phase == Phase.DRAFT:
        assert [f["seat"] for f in t["draft"]["finishers"]] == list(state.finishers)
        assert t["current_trick"]["order"] is not None
        trumps = t["draft"]["trump"]
        if any(item["kind"] == "trump" for item in body["legal"]):
            assert [x["action"] for x in trumps] == list(act.TRUMP_ACTIONS) and len(trumps) == 14
        else:
            assert trumps is None
    if state.phase == Phase.PASS:
        for item in body["legal"]:
            left, right = act.pass_cards(item["action"])
            assert item["cards"] == [str(STANDARD_54[left]), str(STANDARD_54[right])]


# -- whole games -------------------------------------------------------------------------------


def play_game(http: TestClient, seed: int, **options: Any) -> tuple[list[dict[str, Any]], DivideState]:
    """A whole game, the human choosing at random; every response checked as it comes (the
    table, the legal list, no leak, a spectator's drawing no leak either, the log only grows)."""
    store_of(http).seed_source = lambda: seed
    rng = random.Random(seed)
    body = new_game(http, **options)
    witness = Witness()
    seen = [body]
    while True:
        state = core(http, body["id"])
        witness.see(state)
        assert not leaks(body, state, witness), leaks(body, state, witness)
        assert not leaks(spectator_body(state), state, witness, seated=False)
        check_table(body, state, http)
        if body["phase"] == "over":
            return seen, state
        response = move(http, body, rng.choice(body["legal"])["action"])
        assert response.status_code == 200, response.text
        before = body["log"]
        body = response.json()
        assert body["log"][:len(before)] == before, "the log must only grow (the shell paces its new lines)"
        check_steps(body, len(before))
        seen.append(body)


PLAYED = re.compile(r"^(Bot \d|You) played (\S+)\.$")


def check_steps(body: dict[str, Any], before: int) -> None:
    """A move's answer carries the table after the human's move and after each bot's move (for
    the page to follow the log as it paces it): the log only grows from step to step, the last
    step is where the answer stands, and at each step the trick on the table holds exactly the
    cards the log says were played to it by then."""
    steps = body["steps"]
    assert steps, "no steps"
    logs = [step["log"] for step in steps]
    assert logs == sorted(logs) and before < logs[0] and logs[-1] == len(body["log"]), (before, logs)
    final = {key: value for key, value in body["table"].items() if key != "draft"}
    assert {key: value for key, value in steps[-1]["table"].items() if key != "draft"} == final
    assert steps[-1]["phase"] == body["phase"]
    for step in steps:
        trick = step["table"]["current_trick"]
        if step["phase"] != "play" or trick["number"] == 1:
            continue
        lines = [entry["text"] for entry in body["log"][:step["log"]]]
        since = max(i for i, text in enumerate(lines) if text.startswith(("Round ", "Trick ")))
        played = [(m.group(1), m.group(2)) for text in lines[since + 1:] if (m := PLAYED.match(text))]
        assert [(play["name"], play["card"]) for play in trick["plays"]] == played, (lines[since:], trick)


@pytest.mark.parametrize(("seed", "rounds"), [(11, "2"), *[pytest.param(s, "4", marks=pytest.mark.slow) for s in (31,)]])
def test_a_whole_four_player_game_shows_nothing_hidden(http: TestClient, seed: int, rounds: str) -> None:
    seen, state = play_game(http, seed, rounds=rounds)
    last = seen[-1]
    assert last["result"]["you"] in ("win", "loss", "draw")
    assert last["table"]["showdown"]["reason"] == state.outcome.reason  # type: ignore[union-attr]
    assert sorted(s["score"] for s in last["table"]["showdown"]["seats"]) == sorted(state.scores)
    # every played card of tricks 2-9 has its log line, and every trick its finishing order
    plays = sum(len(e.plays) for e in state.log if isinstance(e, TrickEvent) and e.trick > 1)
    assert sum(" played " in entry["text"] for entry in last["log"]) == plays
    assert sum(entry["text"].startswith(("Trick ", "Trick 1 is flipped")) for entry in last["log"]) == sum(
        isinstance(e, TrickEvent) for e in state.log)
    phases = {body["phase"] for body in seen}
    assert phases == {"commit", "pass", "play", "draft", "over"}


@pytest.mark.parametrize(("seed", "rounds"), [(12, "2"), *[pytest.param(s, "4", marks=pytest.mark.slow) for s in (41,)]])
def test_a_six_player_game_with_variants_shows_nothing_hidden(http: TestClient, seed: int, rounds: str) -> None:
    seen, state = play_game(http, seed, players="6", trump="resets", rounds=rounds, end_score="off")
    assert state.num_players == 6 and state.round == int(rounds) - 1
    assert len(seen[-1]["table"]["seats"]) == 6 and seen[0]["seats"] == [None] + ["random"] * 5
    assert seen[-1]["options"]["trump"] == "resets"


# -- single decisions ------------------------------------------------------------------------


def _advance(http: TestClient, body: dict[str, Any], phase: str, rng: random.Random) -> dict[str, Any]:
    while body["phase"] != phase:
        response = move(http, body, rng.choice(body["legal"])["action"])
        assert response.status_code == 200, response.text
        body = response.json()
    return body


def test_the_pass_is_one_action_with_its_two_cards_and_only_the_receivers_see_them(http: TestClient) -> None:
    rng = random.Random(3)
    body = _advance(http, new_game(http), "pass", rng)
    state = core(http, body["id"])
    hand = mask_indices(state.hands[0])
    assert len(body["legal"]) == len(hand) * (len(hand) - 1)
    left, right = hand[0], hand[-1]
    response = move(http, body, act.pass_action(left, right))
    assert response.status_code == 200, response.text
    after = response.json()
    state = core(http, body["id"])
    assert after["table"]["pass"] == {"left": str(STANDARD_54[left]), "right": str(STANDARD_54[right])}
    got = {e.player: e for e in state.log if isinstance(e, PassEvent)}
    received = after["table"]["received"]
    assert received["from_left"]["card"] == str(STANDARD_54[got[1].right])
    assert received["from_right"]["card"] == str(STANDARD_54[got[3].left])
    # the other bots' passes (2 -> 1 and 2 -> 3, 1 -> 2, 3 -> 2) appear nowhere
    hidden = {got[2].left, got[2].right, got[1].left, got[3].right} - {got[1].right, got[3].left}
    for where, text in strings(after):
        if not where.startswith(UNSEEN):
            assert not card_tokens(text) & hidden or card_tokens(text) & hidden <= _played(state), text


def _played(state: DivideState) -> set[int]:
    return {card for e in state.log if isinstance(e, TrickEvent) and e.round == state.round for _, card in e.plays}


def test_commits_stay_face_down_until_the_flip(http: TestClient) -> None:
    body = new_game(http, first_dealer="you")  # the human deals: the three bots commit (and pass) first
    state = core(http, body["id"])
    assert body["phase"] == "commit" and [s["committed"] for s in body["table"]["seats"]] == [False, True, True, True]
    theirs = {state.commits[seat] for seat in (1, 2, 3)}
    for where, text in strings(body):
        assert where.startswith(UNSEEN) or not card_tokens(text) & theirs, text
    card = mask_indices(state.hands[0])[0]
    after = move(http, body, card).json()
    state = core(http, body["id"])
    assert after["phase"] == "pass" and all(s["committed"] for s in after["table"]["seats"])
    assert [s["passed"] for s in after["table"]["seats"]] == [False, True, True, True]
    passed = {c for seat in (1, 2, 3) for c in act.pass_cards(state.passes[seat])}
    for where, text in strings(after):
        assert where.startswith(UNSEEN) or not card_tokens(text) & (theirs | passed), text
    assert after["table"]["commit"] == str(STANDARD_54[card])
    assert any(e["text"] == f"You committed {STANDARD_54[card]} face down for Trick 1." for e in after["log"])
    flipped = move(http, after, after["legal"][0]["action"]).json()
    trick1 = next(e for e in core(http, body["id"]).log if isinstance(e, TrickEvent))
    assert trick1.leader == 1 and [seat for seat, _ in trick1.plays] == [1, 2, 3, 0]
    assert any(e["text"].startswith("Trick 1 is flipped: Bot 1 " + str(STANDARD_54[state.commits[1]]))
               for e in flipped["log"])


# -- refused requests change nothing ----------------------------------------------------------


def refused(http: TestClient, body: dict[str, Any], action: Any, status: int = 422) -> str:
    before = http.get(f"/api/games/{body['id']}").json()
    response = http.post(f"/api/games/{body['id']}/moves", json={"move_number": body["move_number"], "action": action})
    assert response.status_code == status, response.text
    assert http.get(f"/api/games/{body['id']}").json() == before
    return str(response.json()["error"])


def test_hostile_moves_are_refused_in_words_and_change_nothing(http: TestClient) -> None:
    rng = random.Random(5)
    body = new_game(http, first_dealer="you")
    state = core(http, body["id"])
    mine = mask_indices(state.hands[0])
    bot_card = mask_indices(state.hands[1])[0]
    undealt = mask_indices(((1 << 52) - 1) & ~(state.hands[0] | state.hands[1] | state.hands[2] | state.hands[3]))[0]
    # a card of another seat's hand and an undealt card get the same words: nothing tells them apart
    said = [refused(http, body, card).replace(str(STANDARD_54[card]), "X") for card in (bot_card, undealt)]
    assert said[0] == said[1] == "X is not in your hand. Nothing changed."
    assert refused(http, body, act.pass_action(mine[0], mine[1])).startswith("this is your commit")
    for bad in (-1, act.NUM_DISTINCT_ACTIONS, 10**9):
        assert "there is no action" in refused(http, body, bad)
    for bad in ("Qh", True, 1.5, None):
        refused(http, body, bad)
    assert refused(http, body, act.POINTS).startswith("this is your commit")
    body = _advance(http, body, "pass", rng)
    hand = mask_indices(core(http, body["id"]).hands[0])
    same = act.PASS_BASE + act.DECK_SIZE * hand[0] + hand[0]
    assert refused(http, body, same) == "pass two different cards, one to the left and one to the right. Nothing changed."
    assert "not in your hand" in refused(http, body, act.pass_action(hand[0], bot_card if bot_card not in hand else undealt))
    assert "one action names" in refused(http, body, hand[0])
    # a stale move number (a second tab, a double click) is 409 and changes nothing
    before = http.get(f"/api/games/{body['id']}").json()
    stale = http.post(f"/api/games/{body['id']}/moves", json={"move_number": body["move_number"] - 1,
                                                              "action": act.pass_action(hand[0], hand[1])})
    assert stale.status_code == 409 and "reload" in stale.json()["error"]
    assert http.get(f"/api/games/{body['id']}").json() == before
    # follow-suit: the server refuses a card off the lead suit while you hold it
    for _ in range(400):
        body = _advance(http, body, "play", rng)
        state = core(http, body["id"])
        legal = {item["action"] for item in body["legal"]}
        off = [c for c in mask_indices(state.hands[0]) if c not in legal]
        if off:
            words = refused(http, body, off[0])
            assert words.endswith("the lead suit: follow suit. Nothing changed."), words
            break
        body = move(http, body, rng.choice(body["legal"])["action"]).json()
    else:
        pytest.fail("no decision with a card that does not follow")
    body = _advance(http, body, "draft", rng)
    taken = {act.reward_of(a) for a in core(http, body["id"]).picks}
    for reward, action in ((act.Reward.POINTS, act.POINTS), (act.Reward.LEAD, act.LEAD), (act.Reward.TRUMP, act.NO_TRUMP)):
        if reward in taken:
            assert "taken already" in refused(http, body, action)
    assert "Points, Lead or Trump" in refused(http, body, 3)


def test_two_tabs_one_move(http: TestClient) -> None:
    body = new_game(http)
    other = second_client(http)
    other.cookies = http.cookies
    action = body["legal"][0]["action"]
    first = move(http, body, action)
    second = move(other, body, action)
    assert first.status_code == 200 and second.status_code == 409
    assert other.get(f"/api/games/{body['id']}").json()["move_number"] == first.json()["move_number"]
    # another browser (its own session) cannot see or move in the game
    stranger = second_client(http)
    assert stranger.get(f"/api/games/{body['id']}").status_code == 404
    assert move(stranger, first.json(), first.json()["legal"][0]["action"]).status_code == 404


# -- the lobby, the pages and after the game ---------------------------------------------------


def test_lobby_options_in_words_and_bad_values(http: TestClient) -> None:
    page = http.get("/?game=divide").text
    for words in ("4 players", "6 players", "Carries on", "Starts again", "At 50 points", "Never", "Drawn at random"):
        assert words in page
    assert 'name="players" value="6"' in page
    for body, field_ in (({"players": 5}, "players"), ({"players": "5"}, "players"), ({"trump": "never"}, "trump"),
                         ({"rounds": "3"}, "rounds"), ({"bot": "nobody"}, "bot"), ({"seed": 1}, "seed")):
        response = http.post("/api/games", json={"game": GAME, **body})
        assert response.status_code == 422 and field_ in response.json()["error"], response.text
    assert http.get("/api/games").json()["games"] == []
    for players in (6, "6"):  # a JSON client may send the table size as a number or as text
        body = http.post("/api/games", json={"game": GAME, "bot": "random", "players": players}).json()
        assert body["options"]["players"] == 6 and len(body["seats"]) == 6, body
    for bad in (True, 6.0, [6]):
        response = http.post("/api/games", json={"game": GAME, "players": bad})
        assert response.status_code == 422 and "players" in response.json()["error"], response.text


def test_after_the_game_history_replay_record_and_rules(http: TestClient) -> None:
    seen, _ = play_game(http, 21, rounds="1")
    game_id = seen[-1]["id"]
    history = http.get("/api/history").json()
    assert [g["game"] for g in history["games"]] == [GAME]
    page = http.get("/history").text  # the bots named once, with how many there were
    assert "Random (3 bots)" in page and "Random, Random" not in page
    assert ("You won" if seen[-1]["result"]["you"] == "win" else "A bot won" if seen[-1]["result"]["you"] == "loss"
            else "Drawn") in page
    replay = http.get(f"/api/games/{game_id}/replay").json()
    record = http.get(f"/api/games/{game_id}/record").json()
    assert record["game"] == GAME and record["options"]["rounds"] == 1
    # each step shows only what the human had seen by then: the states are rebuilt from the record
    replayed = games.load(GAME, **record["options"]).new_initial_state(seed=None)
    witness = Witness()
    done = 0
    for step in replay["steps"]:
        while done < step["move_number"]:
            replayed.apply_action(record["actions"][done])
            done += 1
            if replayed.current_player() != CHANCE:
                witness.see(replayed.core)
        assert not leaks(step["state"], replayed.core, witness), leaks(step["state"], replayed.core, witness)
    counting = games.load(GAME, **record["options"]).new_initial_state(seed=None)
    decisions = 0
    for action in record["actions"]:
        decisions += counting.current_player() != CHANCE
        counting.apply_action(action)
    assert decisions >= 4 + 4 + 8 * 4 + 9 * 2  # commits, passes, Tricks 2-9, two picks a Divide at least
    assert len(replay["steps"]) == decisions + 1 and replay["steps"][-1]["state"]["phase"] == "over"
    page = http.get(f"/games/{game_id}/replay?move=5")
    assert page.status_code == 200 and "The table" in page.text
    rules = http.get("/rules?game=divide")  # the project's rules text with its rulings, then this page's help
    assert rules.status_code == 200 and "Playing here" in rules.text
    for section in ('id="the-divide"', 'id="rulings"', 'id="playing-here"'):
        assert section in rules.text, section
    assert 'id="playing-in-this-program"' not in rules.text  # the terminal's notation is not for the page


# -- the browser's card helpers read the full deck ------------------------------------------------


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js to run the browser code")
def test_the_page_reads_the_full_deck_and_the_21_card_pack_as_before(tmp_path: Path) -> None:
    """cards.js names every card of the 54-card deck (2-9 and the two Jokers) and draws log text
    with them; the 21-card pack keeps its order and words; "1st", "5-token" are not cards."""
    script = tmp_path / "check.js"
    script.write_text(
        "const C = require(" + json.dumps(str(STATIC / "cards.js")) + ");\n"
        "const deck = " + json.dumps([str(c) for c in STANDARD_54]) + ";\n"
        "console.log(JSON.stringify({words: deck.map(C.words), labels: deck.map(C.label),\n"
        "  sorted: C.sortCards(['As', '2c', 'Jk2', 'Ts', 'Jk1', '9h', 'Jk', 'Qd']),\n"
        "  pretty: C.pretty('Bot 1 played 7h; 1st 2nd 3rd 4th 5th 6th, a 5-token, Jk1 Jk2 Ts'),\n"
        "  spoken: C.spoken('You received 2c and Jk2.'), old: [C.words('Jk'), C.label('Ts'), C.rankLabel('Jk')]}));\n",
        encoding="utf-8")
    out = json.loads(subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=60, check=True).stdout)
    ranks = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"]
    suits = ["spades", "hearts", "diamonds", "clubs"]
    assert out["words"] == [f"{r} of {s}" for r in ranks for s in suits] + ["the first Joker", "the second Joker"]
    assert out["labels"][:4] == ["2\u2660", "2\u2665", "2\u2666", "2\u2663"] and out["labels"][-2:] == ["Joker 1", "Joker 2"]
    assert out["sorted"] == ["2c", "9h", "Ts", "Qd", "As", "Jk", "Jk1", "Jk2"]
    assert out["pretty"] == "Bot 1 played 7\u2665; 1st 2nd 3rd 4th 5th 6th, a 5-token, Joker 1 Joker 2 10\u2660"
    assert out["spoken"] == "You received two of clubs and the second Joker."
    assert out["old"] == ["the Joker", "10\u2660", "Jkr"]


def test_hints_name_one_of_your_legal_moves_and_nothing_hidden(http: TestClient) -> None:
    """The Expert's hint at a commit, a pass, a card and a pick: one of the human's legal actions
    in its own words (so only the human's own cards), counted in the game."""
    rng = random.Random(8)
    body = new_game(http, hints=True, rounds="1")
    for asked, phase in enumerate(("commit", "pass", "play", "draft"), start=1):
        body = _advance(http, body, phase, rng)
        response = http.post(f"/api/games/{body['id']}/hint", json={"move_number": body["move_number"]})
        assert response.status_code == 200, response.text
        hint = response.json()
        legal = {item["action"]: item["text"] for item in body["legal"]}
        assert hint["action"] in legal and hint["label"] == legal[hint["action"]]
        state = core(http, body["id"])
        own = state.hands[0] | (1 << state.commits[0] if state.commits[0] >= 0 else 0)
        assert all(own >> card & 1 for card in card_tokens(hint["label"])), hint["label"]
        assert http.get(f"/api/games/{body['id']}/hint").json() == {"allowed": True, "used": asked}
    off = new_game(http)
    assert http.post(f"/api/games/{off['id']}/hint", json={}).status_code == 409


def test_a_stuck_bot_among_five_holds_the_game_until_it_is_asked_again(tmp_path: Path) -> None:
    """A bot that raises (its message naming its hand) stops the replies with your move kept; the
    table is drawn with that bot to move, your moves are refused, and asking again goes on."""
    failures = [1]

    class Failing:
        name = "random"

        def __init__(self) -> None:
            self.inner = make_bot(GAME, "random")

        def choose(self, view: Any, legal: Any, rng: random.Random) -> int:
            if failures[0] > 0:
                failures[0] -= 1
                raise ValueError("boom, holding " + " ".join(str(STANDARD_54[c]) for c in mask_indices(view.hand)))
            return int(self.inner.choose(view, legal, rng))

    http = client(tmp_path, bot_factory=lambda game, name: Failing())  # type: ignore[arg-type,return-value]
    failures[0] = 0
    body = new_game(http, players="6", first_dealer="you")  # five bots commit before you
    failures[0] = 1
    stuck = move(http, body, body["legal"][0]["action"]).json()
    assert stuck["to_move"] == "bot" and stuck["bot_error"] and stuck["legal"] == [] and "boom" not in json.dumps(stuck)
    assert stuck["move_number"] == body["move_number"] + 1 and "try again" in stuck["prompt"]
    assert len(stuck["table"]["seats"]) == 6 and sum(s["to_move"] for s in stuck["table"]["seats"]) == 1
    assert move(http, stuck, 0).status_code == 409
    fixed = http.post(f"/api/games/{body['id']}/bot", json={"move_number": stuck["move_number"]}).json()
    assert fixed["bot_error"] is None and fixed["to_move"] == "you" and fixed["phase"] == "pass"
