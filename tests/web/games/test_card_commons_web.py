"""Card Commons through the web API: whole matches against each bot, what every response may
show (checked against the hidden cards of the full state, worked out here from the rules, not
from the game's view), and refused requests that change nothing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webtools import card_tokens, client, mask, move, store_of, strings, truth

from divided import games
from divided.bots import specs
from divided.cards import PACK_21, mask_indices
from divided.games.card_commons import actions as act
from divided.games.card_commons.rules import CardCommonsRules
from divided.games.card_commons.state import (
    ALL_CARDS,
    CardCommonsState,
    Outcome,
    Phase,
    RoundResult,
    TurnEvent,
)
from divided.web.games.card_commons import ROOM, round_object

GAME = "card-commons"
BOTS = ("random", "skilled", "expert")


def core(http: TestClient, game_id: str) -> CardCommonsState:
    state = truth(http, game_id).core
    assert isinstance(state, CardCommonsState)
    return state


@pytest.fixture
def http(tmp_path: Path) -> TestClient:
    http = client(tmp_path)
    seeds = iter(range(300, 10_000))
    store_of(http).seed_source = lambda: next(seeds)
    return http


def registered(bot: str) -> bool:
    return any(spec.name == bot for spec in specs(GAME))


def new_game(http: TestClient, **body: Any) -> dict[str, Any]:
    response = http.post("/api/games", json={"game": GAME, **body})
    assert response.status_code == 201, response.text
    return response.json()


# -- what the human may see, from the full state ------------------------------------------------


@dataclass
class Witness:
    """What the human at seat 0 has seen, round by round, worked out from the full states the
    game passed through (the rules' words: your own hand, every offer, the face-up cards, and
    both Collections once a round's showdown shows them)."""

    held: dict[int, int] = field(default_factory=dict)  # the cards that were in the human's hand
    public: dict[int, int] = field(default_factory=dict)  # offered cards (both players see offers)

    def see(self, state: CardCommonsState) -> None:
        self.held[state.round] = self.held.get(state.round, 0) | state.hands[0]
        for event in state.log:
            if isinstance(event, TurnEvent):
                move = act.decode(event.action)
                if event.player == 0:
                    self.held[event.round] = self.held.get(event.round, 0) | move.cards
                if move.kind in (act.Kind.OFFER_THREE, act.Kind.OFFER_SETS):
                    self.public[event.round] = self.public.get(event.round, 0) | move.cards

    def allowed(self, state: CardCommonsState, round_: int, *, seated: bool = True) -> int:
        cards = self.public.get(round_, 0)
        if seated:
            cards |= self.held.get(round_, 0)
        if round_ < len(state.rounds):
            cards |= state.rounds[round_].collections[0] | state.rounds[round_].collections[1]
        if round_ == state.round:  # the face-up cards of the round in play
            cards |= state.face_up[0] | state.face_up[1]
        return cards


def segments(body: dict[str, Any], current: int) -> Iterator[tuple[int, str, str]]:
    """Every string of a response with the round it speaks of: a finished round's entry in
    ``table.rounds`` and the showdown speak of that round; a log entry of the round its
    "Round N" line opened; everything else of the round in play."""
    table = dict(body.get("table") or {})
    for entry in table.pop("rounds", []):
        for where, text in strings(entry, "table.rounds"):
            yield entry["round"] - 1, where, text
    showdown = table.pop("showdown", None)
    if showdown is not None:
        for where, text in strings(showdown, "table.showdown"):
            yield showdown["round"] - 1, where, text
    round_ = 0
    for i, entry in enumerate(body.get("log", [])):
        if entry["actor"] is None and entry["text"].startswith("Round "):
            round_ = int(entry["text"].split()[1].rstrip(":")) - 1
        yield round_, f"log[{i}]", entry["text"]
    rest = {key: value for key, value in body.items() if key not in ("table", "log")}
    for where, text in strings({**rest, "table": table}):
        yield current, where, text


UNCERTAIN = ".knowledge.unaccounted"
"""The books list every card the reader has not seen with the chance of each place: such a card
may be named there, if every unseen card is given the same chances (checked in :func:`leaks`)."""


def leaks(body: dict[str, Any], state: CardCommonsState, witness: Witness, *, seated: bool = True) -> list[str]:
    """The cards a response names that its reader has not seen in the round it speaks of, and
    books that tell unseen cards apart."""
    problems = []
    for round_, where, text in segments(body, state.round):
        if where.startswith(UNCERTAIN):
            continue
        allowed = witness.allowed(state, round_, seated=seated)
        for card in card_tokens(text):
            if not allowed >> card & 1:
                problems.append(f"{where} (round {round_ + 1}) names {PACK_21[card]}: {text!r}")
    books = (body.get("knowledge") or {}).get("unaccounted")
    if books is not None and state.outcome is None:
        unseen = ALL_CARDS ^ witness.allowed(state, state.round, seated=seated)
        listed = {mask([item["card"]]): item["places"] for item in books}
        if set(listed) != {1 << c for c in mask_indices(unseen)}:
            problems.append(f"the books list {sorted(map(str, listed))} as unaccounted, not the unseen cards")
        if len({repr(sorted(places.items())) for places in listed.values()}) > 1:
            problems.append(f"the books tell unseen cards apart: {books}")
    return problems


def hidden_now(state: CardCommonsState) -> int:
    """The cards the rules hide from seat 0 in the round in play: the bot's hand, reserved card
    and discards, the card set aside and the draw pile."""
    return state.hands[1] | state.reserved[1] | state.discards[1] | state.aside | state.pile


def spectator_body(state: CardCommonsState) -> dict[str, Any]:
    """What the web room would draw for a spectator (no seat): the table, the log, the prompt."""
    view = CardCommonsRules().observe(state, None)
    return {"table": ROOM.table(view, None, False), "log": [e.to_json() for e in ROOM.log(view)],
            "knowledge": ROOM.knowledge(ROOM.books(view)),
            "prompt": ROOM.prompt(view, None, None), "legal": [item.text for item in ROOM.legal(view)]}


# -- whole matches -----------------------------------------------------------------------------


def play_match(http: TestClient, bot: str, seed: int, **options: Any) -> tuple[list[dict[str, Any]], CardCommonsState]:
    """Play a whole match against ``bot``, the human choosing at random; every response is
    checked as it comes (legal list, no leak, a spectator's drawing no leak either)."""
    store_of(http).seed_source = lambda: seed
    rng = random.Random(seed)
    body = new_game(http, bot=bot, **options)
    witness = Witness()
    seen = [body]
    while True:
        state = core(http, body["id"])
        witness.see(state)
        assert not leaks(body, state, witness), leaks(body, state, witness)
        assert not leaks(spectator_body(state), state, witness, seated=False)
        assert body["table"]["scores"] == {"you": state.scores[0], "bot": state.scores[1]}
        if body["phase"] == "over":
            return seen, state
        assert body["to_move"] == "you" and body["bot_error"] is None, body["prompt"]
        legal = truth(http, body["id"]).legal_actions()
        assert [item["action"] for item in body["legal"]] == sorted(legal)
        assert all(item["text"] == act.describe(item["action"]) for item in body["legal"])
        if body["phase"] == "build":
            check_build(body, state)
        response = move(http, body, rng.choice(body["legal"])["action"])
        assert response.status_code == 200, response.text
        body = response.json()
        seen.append(body)


def check_build(body: dict[str, Any], state: CardCommonsState) -> None:
    """The build lists the 56 splits of the Collection, each a 5-card and a 3-card hand that use
    every card once."""
    collection = state.reserved[0] | state.face_up[0]
    options = body["table"]["build"]["options"]
    assert len(options) == 56 == len({o["action"] for o in options})
    for option in options:
        five, three = mask(option["five"]["cards"]), mask(option["three"]["cards"])
        assert five.bit_count() == 5 and three.bit_count() == 3 and five | three == collection
        assert act.build(three) == option["action"]
        assert 0.0 <= option["win"] <= 1.0 + 1e-9
        assert -1e-9 <= option["points_for"] <= 3.0 + 1e-9 and -1e-9 <= option["points_against"] <= 3.0 + 1e-9
    # auto-arrange is the split with the best chance to win the match, and the only one marked best
    top = max(o["win"] for o in options)
    auto = body["table"]["build"]["auto"]
    assert [o["action"] for o in options if o["best"]] == [auto]
    assert next(o for o in options if o["action"] == auto)["win"] == pytest.approx(top, abs=1e-12)
    assert body["table"]["build"]["aim"].startswith(("At ", "Extra round"))


@pytest.mark.parametrize("bot", BOTS)
def test_a_whole_match_against_each_bot(http: TestClient, bot: str) -> None:
    assert registered(bot), f"no {bot} bot is registered for Card Commons"
    seen, state = play_match(http, bot, seed=11 if bot == "expert" else 7)
    final = seen[-1]
    assert state.outcome is not None and final["to_move"] is None and final["legal"] == []
    winner = state.outcome.winner
    assert final["result"]["you"] == ("draw" if winner is None else "win" if winner == 0 else "loss")
    assert final["result"]["returns"] == ([0.0, 0.0] if winner is None else [1.0, -1.0] if winner == 0 else [-1.0, 1.0])
    # every round's showdown, as the engine scored it
    assert len(final["table"]["rounds"]) == len(state.rounds) >= 1
    for shown, played in zip(final["table"]["rounds"], state.rounds, strict=True):
        assert shown["scores"] == {"you": played.scores[0], "bot": played.scores[1]}
        assert mask(shown["you"]["three"]["cards"]) == played.threes[0]
        assert mask(shown["bot"]["five"]["cards"]) == played.collections[1] ^ played.threes[1]
    assert final["log"][-1] == {"actor": None, "text": final["result"]["headline"]}
    listed = http.get("/api/games").json()["games"][0]
    assert listed["game"] == GAME and listed["over"] and listed["seats"] == [None, bot]


def test_a_match_of_every_kind_of_decision_through_the_api(http: TestClient) -> None:
    """Against the random bot over a few seeds the human meets every kind of decision: each of
    the four actions, both keep replies and the build."""
    kinds: set[str] = set()
    for seed in (1, 2, 3):
        seen, _ = play_match(http, "random", seed)
        for body in seen:
            kinds.update(item["kind"] for item in body["legal"])
    assert kinds == {"reserve", "discard", "offer-three", "offer-sets", "keep-card", "keep-set", "build"}


def test_the_offer_of_two_sets_lists_its_sets_and_the_keep_names_them(http: TestClient) -> None:
    body = new_game(http, bot="random", first_starter="you")
    offers = [item for item in body["legal"] if item["kind"] == "offer-sets"]
    assert len(offers) == 3 * 35  # seven cards: 35 four-card sets, three pairings each
    for item in offers[:20]:
        decoded = act.decode(item["action"])
        assert decoded.sets is not None
        assert [mask(item["cards"][:2]), mask(item["cards"][2:])] == list(decoded.sets)
        assert item["text"] == f"offer {' '.join(item['cards'][:2])} | {' '.join(item['cards'][2:])}"


# -- no leaks ------------------------------------------------------------------------------------


def test_the_checker_catches_a_leak(http: TestClient) -> None:
    body = new_game(http, bot="random", first_starter="you")
    state = core(http, body["id"])
    witness = Witness()
    witness.see(state)
    assert not leaks(body, state, witness)
    for card in mask_indices(hidden_now(state)):
        leaked = {**body, "prompt": f"psst: {PACK_21[card]}"}
        assert leaks(leaked, state, witness), PACK_21[card]
    # a spectator may not see the human's own hand either
    assert leaks({"prompt": body["table"]["hand"][0]}, state, witness, seated=False)


def test_a_finished_matchs_replay_steps_show_only_what_was_seen(http: TestClient) -> None:
    seen, state = play_match(http, "random", seed=5)
    game_id = seen[0]["id"]
    witness = Witness()
    witness.see(state)
    for step in http.get(f"/api/games/{game_id}/replay").json()["steps"]:
        shown = step["state"]
        finished = len(shown["table"]["rounds"])
        for round_, where, text in segments(shown, shown["table"]["round"] - 1):
            if where.startswith(UNCERTAIN):
                continue
            allowed = witness.held.get(round_, 0) | witness.public.get(round_, 0)
            if round_ < finished:
                allowed |= state.rounds[round_].collections[0] | state.rounds[round_].collections[1]
            face_up = mask(shown["table"]["you"]["face_up"]) | mask(shown["table"]["bot"]["face_up"])
            if round_ == shown["table"]["round"] - 1:
                allowed |= face_up
            for card in card_tokens(text):
                assert allowed >> card & 1, f"step {step['move_number']} {where} names {PACK_21[card]}: {text!r}"


def test_the_bots_reserved_card_is_a_back_and_yours_is_marked_unseen(http: TestClient) -> None:
    seen, _ = play_match(http, "random", seed=9)
    reserved_seen = [b for b in seen if b["phase"] != "over" and b["table"]["bot"]["reserved"]]
    assert reserved_seen, "the bot reserved a card during the match"
    for body in reserved_seen:
        assert body["table"]["bot"]["reserved"] is True  # a flag, never a card
    mine = [b["table"]["you"] for b in seen if b["phase"] != "over" and b["table"]["you"]["reserved"]]
    assert mine and all(you["reserved"] not in you["face_up"] for you in mine)
    assert all(isinstance(you["reserved"], str) for you in mine)  # yours is a card: you know it


# -- refused requests ----------------------------------------------------------------------------


def test_refused_moves_change_nothing(http: TestClient) -> None:
    body = new_game(http, bot="random", first_starter="you")
    game_id = body["id"]
    state = core(http, game_id)
    hand = state.hands[0]
    outside = next(c for c in range(21) if not hand >> c & 1)
    in_hand = mask_indices(hand)
    refused = [
        (act.reserve(1 << outside), 422, "not in your hand"),
        (act.discard((1 << in_hand[0]) | (1 << outside)), 422, "not in your hand"),
        (act.keep_card(1 << in_hand[0]), 422, "this is your turn"),
        (act.build((1 << in_hand[0]) | (1 << in_hand[1]) | (1 << in_hand[2])), 422, "this is your turn"),
        (-1, 422, "there is no action"),
        (act.NUM_DISTINCT_ACTIONS, 422, "there is no action"),
    ]
    for action, status, words in refused:
        response = move(http, body, action)
        assert response.status_code == status and words in response.json()["error"], (action, response.text)
        assert http.get(f"/api/games/{game_id}").json() == body
    for bad in ({"move_number": body["move_number"], "action": "reserve As"},
                {"move_number": body["move_number"]}, {"move_number": "1", "action": 0}):
        response = http.post(f"/api/games/{game_id}/moves", json=bad)
        assert response.status_code == 422, response.text
    stale = http.post(f"/api/games/{game_id}/moves", json={"move_number": body["move_number"] - 1,
                                                           "action": body["legal"][0]["action"]})
    assert stale.status_code == 409 and http.get(f"/api/games/{game_id}").json() == body
    # a used action is refused once the bot has answered
    reserve = next(item for item in body["legal"] if item["kind"] == "reserve")
    after = move(http, body, reserve["action"]).json()
    if after["phase"] == "turn":
        again = next(c for c in mask_indices(core(http, game_id).hands[0]))
        response = move(http, after, act.reserve(1 << again))
        assert response.status_code == 422 and "once a round" in response.json()["error"]
        assert http.get(f"/api/games/{game_id}").json() == after


def test_unknown_lobby_values_are_refused(http: TestClient) -> None:
    for bad in ({"target": "9"}, {"first_starter": "me"}, {"next_starter": "loser"}, {"max_extra_rounds": 101},
                {"bot": "grandmaster"}, {"swap": "blind"}):
        response = http.post("/api/games", json={"game": GAME, **bad})
        assert response.status_code == 422, (bad, response.text)
    assert http.get("/api/games").json()["games"] == []


def test_a_round_object_speaks_from_the_viewers_side() -> None:
    """Aces full of kings beat tens full of jacks; the bot's Tc Jd and the Joker (a queen) make a
    straight, which beats a pair of queens (worked out by hand)."""
    m = PACK_21.parse_mask
    played = RoundResult(round=0, starter=1, collections=(m("As Ah Ad Ks Kh Qs Qh Jc"), m("Ts Th Td Tc Js Jh Jd Jk")),
                         threes=(m("Qs Qh Jc"), m("Tc Jd Jk")), five=0, three=1, points=(2, 1), scores=(2, 1),
                         extra=False)
    for seat, me, bot in ((0, "you", "bot"), (1, "bot", "you")):
        shown = round_object(played, seat)
        assert shown["five"] == me and shown["three"] == bot and shown["starter"] == ("bot" if seat == 0 else "you")
        assert mask(shown[me]["five"]["cards"]) == m("As Ah Ad Ks Kh")
        assert mask(shown[bot]["three"]["cards"]) == m("Tc Jd Jk")
    shown = round_object(played, 0)
    assert [shown[w][h]["category"] for w in ("you", "bot") for h in ("five", "three")] == [
        "Full House", "Pair", "Full House", "Straight"]
    assert shown["scores"] == {"you": 2, "bot": 1} and shown["you"]["points"] == 2 and shown["bot"]["points"] == 1
    assert shown["description"] == (
        "Round 1: your 5-card hand wins (your Full House against the bot's Full House): 2 points to you; "
        "the bot's 3-card hand wins (your Pair against the bot's Straight): 1 point to the bot. "
        "Score: you 2, the bot 1.")


def test_the_log_tells_each_side_what_it_saw() -> None:
    """Player 0 starts (Jk aside; 0 gets As Ah Ks Kh Qs Jd, 1 gets Ts Th Td Tc Js Jh); 0 draws Ac
    and offers Ks Kh Jd, 1 keeps Ks, draws Qd and discards Ts Th: each side reads its own words."""
    dealt = ["Jk", "As", "Ah", "Ks", "Kh", "Qs", "Jd", "Ts", "Th", "Td", "Tc", "Js", "Jh", "Ac", "Qd"]
    state = games.load(GAME, first_starter=0).new_initial_state(chance=[PACK_21.index(PACK_21.parse_card(c))
                                                                        for c in dealt])
    for text in ("offer Ks Kh Jd", "keep Ks", "discard Ts Th"):
        state.apply_action(state.string_to_action(text))
    assert [(e.actor, e.text) for e in ROOM.log(state.observation(0))] == [
        (None, "Round 1: you start."), (0, "You offered Jd Ks Kh."), (1, "The bot kept Ks; you keep Jd Kh."),
        (1, "The bot discarded two cards face down.")]
    assert [(e.actor, e.text) for e in ROOM.log(state.observation(1))] == [
        (None, "Round 1: the bot starts."), (0, "The bot offered Jd Ks Kh."), (1, "You kept Ks; the bot keeps Jd Kh."),
        (1, "You discarded Ts Th face down.")]
    table = ROOM.table(state.observation(0), None, True)
    assert table["you"]["face_up"] == ["Jd", "Kh"] and table["bot"]["face_up"] == ["Ks"]
    assert [a["used"] for a in table["you"]["actions"]] == [False, False, True, False]
    assert [a["used"] for a in table["bot"]["actions"]] == [False, True, False, False]
    assert table["bot"]["discarded"] == 2 and table["hand"] == ["Qs", "As", "Ah", "Ac"]  # pack order
    assert table["bot"]["hand_size"] == 5 and table["you"]["reserved"] is None and table["offer"] is None


def test_the_lobby_and_the_rules_page_of_card_commons(http: TestClient) -> None:
    lobby = http.get("/?game=card-commons").text
    assert "<h1>Play Card Commons</h1>" in lobby and 'name="game" value="card-commons"' in lobby
    for name, value in (("first_starter", "you"), ("first_starter", "coin"), ("target", "3"), ("target", "10"),
                        ("next_starter", "alternate"), ("bot", "expert")):
        assert f'name="{name}" value="{value}"' in lobby, (name, value)
    assert 'href="/?game=divided-ranks"' in lobby and 'href="/?game=card-commons"' in http.get("/").text
    assert http.get("/?game=chess").status_code == 404 and http.get("/rules?game=chess").status_code == 404
    rules = http.get("/rules?game=card-commons")
    assert rules.status_code == 200
    for heading in ("a-round", "what-each-player-can-see", "scoring-a-round", "winning-the-match", "playing-here"):
        assert f'id="{heading}"' in rules.text, heading
    assert "Type a move" not in rules.text  # the terminal's section stays with the terminal
    assert 'href="/rules?game=card-commons"' in http.get("/rules").text


def test_an_extra_round_and_a_draw_at_the_cap_in_words() -> None:
    """Ruling C6's extra round is named as one, and a match called a draw at the cap says so
    (views made by hand from a real one: the words depend only on these fields)."""
    m = PACK_21.parse_mask
    played = RoundResult(round=3, starter=0, collections=(m("As Ah Ad Ks Kh Qs Qh Jc"), m("Ac Kd Kc Qd Qc Jh Jd Td")),
                         threes=(m("Qs Qh Jc"), m("Qd Qc Jh")), five=0, three=None, points=(3, 1), scores=(8, 6),
                         extra=True)
    assert round_object(played, 1)["description"].startswith("Round 4 (an extra round): the bot's 5-card hand wins")
    assert "the 3-card hands are equal (your Pair against the bot's Pair): 1 each" in round_object(played, 1)["description"]
    state = games.load(GAME, first_starter=0).new_initial_state(seed=1)
    view = replace(state.observation(0), outcome=Outcome(None, "still level after 10 extra rounds, the cap"),
                   scores=(7, 7), phase=Phase.OVER)
    assert ROOM.headline(view) == "A draw: you 7, the bot 7 (still level after 10 extra rounds, the cap)."
    result = ROOM.result(view)
    assert result is not None and result.returns == (0.0, 0.0)
    won = replace(view, outcome=Outcome(1, "both reached 5: the 5-card hands decided"), scores=(6, 5))
    # the bot wins on fewer points: the words say whose points are whose
    assert ROOM.headline(won) == "The bot wins the match: you 6, the bot 5 (both reached 5: the 5-card hands decided)."
