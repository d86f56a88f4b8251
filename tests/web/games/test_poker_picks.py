"""The poker page's controls for the draw games (issue 30): every legal action of every decision
is offered by exactly one control, the buttons' words say what a choice costs and does (checked
against hand-made cases), the table shows the public facts of the new kinds, wrong picks are
refused in words with nothing changed, and the lobby's search finds games by what they have."""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webtools import client, move, store_of

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "games" / "poker"))

from kinds_variants import AUCTION, AUCTION_DISCARD, CALLED_DRAWS, registered
from test_matches import ASSASSIN_TEST, FIVES_TEST, TOKEN_TEST, TRASH_TEST

from divided.games.base import Game
from divided.games.poker import actions as act
from divided.games.poker.cards import name, parse
from divided.games.poker.rules import PokerRules
from divided.games.poker.steps import Bet, Deal, Draw, Showdown, TakeBack
from divided.games.poker.variant import Award, Slot, Step, Variant
from divided.games.poker.variants import VARIANTS
from divided.web.games.poker import table
from divided.web.games.poker.picks import features, uses_pick

SIX = (Slot("hand", 6),)


def variant(steps: tuple[Step, ...], slots: tuple[Slot, ...] = (Slot("hand", 5),), **fields: Any) -> Variant:
    return Variant(id="test-draw", name="Test draw", summary="A test.", players=(2, 7), slots=slots,
                   steps=(*steps, Showdown()), awards=(Award("high", ("hand",)),), blinds=False, **fields)


EXTENSIONS = {
    "change-or-fold": variant((Deal(("down",) * 6), Draw(least=3, most=3, or_fold=True)), SIX),
    "paid": variant((Deal(("down",) * 5), Draw(fees=(0, 1, 3, 6, 10, 15)), Bet("big"))),
    "face-up-at-once": variant((Deal(("down",) * 7), Draw(least=1, most=1, replace="never", face="up", at_once=True),
                                Bet("big")), (Slot("hand", 7),)),
    "ace-bonus": variant((Deal(("down",) * 5), Draw(most=3, bonus_rank=14, bonus_most=4))),
    "show-twos": variant((Deal(("down",) * 5), Draw(show_rank=2)), SIX),
    "trash": variant((Deal(("down",) * 6), Deal(("down",) * 5, slot="trash", minus_players=True),
                      Draw(least=3, most=3, or_fold=True), Draw(least=1, most=1, replace="never", to="trash"),
                      Deal(("down",) * 5, slot="trash"), Bet("big")), SIX),
    "take-back": variant((Deal(("down",) * 5), Draw(most=2, set_aside=True, first="dealer"), Bet("big"),
                          TakeBack(first="dealer"))),
}
"""Small variants with each draw extension (the games using them land separately)."""

NEW_GAMES = [game for game, made in VARIANTS.items()
             if any(uses_pick(step) and step.kind not in ("deal", "flip", "showdown") for step in made.steps)]


def decisions(rules: PokerRules, players: int, seed: int) -> Iterator[tuple[Any, Any]]:
    """Every decision of a random deal: (the full state, the view of the seat to act)."""
    state = Game(rules, {"players": players}).new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        seat = state.current_player()
        yield state, state.observation(seat)
        state.apply_action(rng.choice(state.legal_actions()))


def check_controls(view: Any, legal: list[int]) -> dict[str, Any] | None:
    """Every legal action is offered by exactly one control of the table the viewer gets."""
    t = table(view, None, True)
    pick = t["pick"]
    step = view.config.steps[view.step]
    if not uses_pick(step):
        assert pick is None
        return None
    assert pick is not None, step
    assert t["betting"] is None and t["draw"] is None
    offered = [c["action"] for c in pick["choices"]] + [o["action"] for o in pick["others"]] + [
        c["action"] for c in pick["calls"]]
    assert sorted(offered) == sorted(legal)
    shown = set(pick["cards"])
    seen: set[tuple[tuple[str, ...], str]] = set()
    for choice in pick["choices"]:
        assert set(choice["cards"]) <= shown
        key = (tuple(sorted(choice["cards"])), choice["button"])
        assert key not in seen, key  # two choices of the same cards must read differently
        seen.add(key)
    own = {name(c) for held in view.slots[view.player] for c in held if c is not None}
    lot = {name(c) for seat in view.slots for held in seat for c in held if c is not None and view.up >> c & 1}
    assert shown <= own | lot
    return pick


@pytest.mark.parametrize("made", [*EXTENSIONS.values(), CALLED_DRAWS, AUCTION, AUCTION_DISCARD],
                         ids=[*EXTENSIONS, "dealer-call", "auction", "auction-discard"])
def test_every_legal_action_of_every_new_kind_has_one_control(made: Variant) -> None:
    rules = PokerRules(made)
    picks = 0
    for seed in range(6):
        for state, view in decisions(rules, 2 + seed % 3, seed):
            picks += check_controls(view, state.legal_actions()) is not None
    assert picks


@pytest.mark.parametrize("made", [ASSASSIN_TEST, FIVES_TEST, TOKEN_TEST, TRASH_TEST],
                         ids=["carry", "replay", "token", "trash-forfeit"])
def test_every_deal_of_a_match_has_its_controls_and_its_standing(made: Variant) -> None:
    """A match (T18) through every deal: the controls as above, and the table's match object
    says the deal under way and the chips carried into it (a deal after the first names them)."""
    later = 0
    for seed in range(60):
        if later > 20:
            break
        low, high = made.players
        for state, view in decisions(PokerRules(made), min(low + seed % 3, high), seed):
            check_controls(view, state.legal_actions())
            match = table(view, None, True)["match"]
            assert match is not None and match["deal"] == view.match.deal
            assert match["carried"] == view.match.carried
            later += match["deal"] > 1
    assert later


@pytest.mark.parametrize("game", NEW_GAMES)
def test_every_legal_action_of_every_new_game_has_one_control(game: str) -> None:
    picks = 0
    for seed in range(4):
        low, high = VARIANTS[game].players
        for state, view in decisions(PokerRules(VARIANTS[game]), min(low + seed % 3, high), seed):
            picks += check_controls(view, state.legal_actions()) is not None
    assert picks


def first_pick(made: Variant, hands: tuple[str, ...], **options: object) -> Any:
    """A deal of ``made`` with these down cards (seat 0 first to act, two seats) to the first pick."""
    cards = [list(parse(text)) for text in hands]
    order = [0, 1]  # the button is seat 1: seat 0 is dealt first
    chance = [cards[seat].pop(0) for step in made.steps if isinstance(step, Deal) and step.slot != "trash"
              for _ in step.pattern for seat in order]
    state = Game(PokerRules(made), {"players": 2, "first_dealer": 1, **options}).new_initial_state(chance=chance)
    while state.is_chance_node() or not uses_pick(state.core.config.steps[state.core.step]):
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else act.CALL)
    return state


def buttons(state: Any) -> dict[tuple[str, ...], list[str]]:
    pick = table(state.observation(state.current_player()), None, True)["pick"]
    out: dict[tuple[str, ...], list[str]] = {}
    for choice in pick["choices"]:
        out.setdefault(tuple(choice["cards"]), []).append(choice["button"])
    return out


def test_a_paid_draw_puts_its_price_on_the_button() -> None:
    # Auction Flop's price list, in chips: 1 card 1, 2 cards 3, 3 cards 6, 4 cards 10, 5 cards 15
    state = first_pick(EXTENSIONS["paid"], ("2c 7d 9h Js Ks", "3c 4d 5h 8s Qc"))
    words = buttons(state)
    assert words[()] == ["Stand pat"]
    assert words[("2c",)] == ["Change 1 \u2014 costs 1"]
    assert words[("2c", "7d", "9h")] == ["Change 3 \u2014 costs 6"]
    assert words[("2c", "7d", "9h", "Js", "Ks")] == ["Change 5 \u2014 costs 15"]
    facts = table(state.observation(0), None, True)["facts"]
    assert facts["prices"] == "1 card 1 chip, 2 cards 3 chips, 3 cards 6 chips, 4 cards 10 chips, 5 cards 15 chips"


def test_six_card_draw_says_only_all_six_cost_an_ante() -> None:
    # SD4: changing all six costs one more ante; fewer are free
    made = variant((Deal(("down",) * 6), Draw(most=6, fees=(0, 0, 0, 0, 0, 0, 1), fee_unit="ante")), SIX)
    state = first_pick(made, ("2c 7d 9h Js Ks Qs", "3c 4d 5h 8s Qc Tc"), ante=2)
    assert table(state.observation(0), None, True)["facts"]["prices"] == "up to 5 cards free, 6 cards 2 chips"
    words = buttons(state)
    assert words[("2c", "7d", "9h", "Js", "Qs", "Ks")] == ["Change 6 — costs 2"]
    assert words[("2c", "7d")] == ["Change 2 — free"]


def test_showing_twos_and_keeping_an_ace_read_on_their_buttons() -> None:
    state = first_pick(EXTENSIONS["show-twos"], ("2c 2d 9h Js Ks Qs", "3c 4d 5h 8s Qc Tc"))
    words = buttons(state)
    assert words[("2c",)] == ["Change 1", "Change 1 and show the twos (one more card)"]
    assert words[("9h",)] == ["Change 1"]  # no two thrown away: nothing to show
    state = first_pick(EXTENSIONS["ace-bonus"], ("2c 7d 9h Js Ah", "3c 4d 5h 8s Qc"))
    words = buttons(state)
    assert words[("2c", "7d", "9h", "Js")] == ["Change 4 (keeping your ace, shown to all)"]
    assert ("2c", "7d", "9h", "Ah") not in words  # four cards only when the kept card is the ace


def test_change_exactly_three_or_fold() -> None:
    state = first_pick(EXTENSIONS["change-or-fold"], ("2c 7d 9h Js Ks Qs", "3c 4d 5h 8s Qc Tc"))
    pick = table(state.observation(0), None, True)["pick"]
    assert {len(c["cards"]) for c in pick["choices"]} == {3}
    assert [o["button"] for o in pick["others"]] == ["Fold (change no cards)"]
    assert pick["help"].startswith("Press the cards to throw away (3 cards)")


def test_the_auction_shows_its_lot_bid_and_price_and_keeps_from_the_lot() -> None:
    with registered(AUCTION):
        seen = set()
        for seed in range(8):
            for _, view in decisions(PokerRules(AUCTION), 3, seed):
                t = table(view, None, True)
                auction = t["facts"].get("auction")
                if auction is None:
                    continue
                seen.add(auction["stage"])
                marks = view.phase.marks
                assert auction["high"] == marks[3] and auction["price"] == marks[6]
                kinds = {c["kind"] for c in t["pick"]["choices"]} | {o["kind"] for o in t["pick"]["others"]}
                if auction["stage"] == "keeping":
                    assert t["pick"]["from"] == "lot" and kinds == {"keep"}
                    assert set(t["pick"]["cards"]) == set(auction["lot"])
                elif auction["stage"] == "bidding":
                    assert kinds <= {"bid", "pass"} and "pass" in kinds
                else:
                    assert kinds <= {"take", "refuse"} and "take" in kinds
        assert seen == {"bidding", "refusing", "keeping"}


def test_the_dealers_call_is_a_list_of_the_calls_the_rules_allow() -> None:
    with registered(CALLED_DRAWS):
        state, view = next((state, view) for state, view in decisions(PokerRules(CALLED_DRAWS), 4, 1)
                           if (table(view, None, True)["pick"] or {}).get("calls"))
        pick = table(view, None, True)["pick"]
        texts = [c["text"] for c in pick["calls"]]
        # four players: (52 - 20) // 4 = 8 cards each at most, up to three draws of 1-5
        assert texts[:3] == ["Call no draw", "Call a draw of 1", "Call a draw of 2"]
        assert "Call a draw of 5, then a draw of 3" in texts
        assert "Call a draw of 5, then a draw of 4" not in texts  # 9 cards: more than 8
        assert not pick["choices"] and not pick["others"]
        facts = table(view, None, True)["facts"]
        assert facts == {}  # nothing called yet
        state.apply_action(act.CALL_DRAWS + 6)  # (1, 1)
        assert table(state.observation(0), None, True)["facts"]["called"]["text"] == "a draw of 1, then a draw of 1"


def test_the_trash_and_set_aside_cards_are_shown_as_their_viewer_may_see_them() -> None:
    for seed in range(6):
        for state, _ in decisions(PokerRules(EXTENSIONS["take-back"]), 3, seed):
            core = state.core
            if not core.aside or not any(core.aside):
                continue
            for seat in range(3):
                facts = table(state.observation(seat), None, seat == state.current_player())["facts"]
                for entry, mask in zip(facts["aside"], [m for m in core.aside if m], strict=True):
                    assert entry["count"] == mask.bit_count()
                    mine = entry["name"] == "You"
                    assert sorted(entry["cards"]) == (sorted(name(c) for c in range(106) if mask >> c & 1) if mine else [])
            return
    raise AssertionError("nobody set cards aside")


def test_the_trash_counts_face_down_cards_and_names_only_the_viewers_own() -> None:
    for seed in range(6):
        for state, _ in decisions(PokerRules(EXTENSIONS["trash"]), 3, seed):
            core = state.core
            if not any(source >= 0 for source in core.trash_from) or core.shown:
                continue
            for seat in range(3):
                trash = table(state.observation(seat), None, False)["facts"]["trash"]
                assert trash["down"] == len(core.trash) and trash["up"] == []
                assert trash["yours"] == [name(c) for c, s in zip(core.trash, core.trash_from, strict=True) if s == seat]
            return
    raise AssertionError("no card was put in the trash")


# -- through the API: refusals ---------------------------------------------------------------------


@pytest.fixture
def http(tmp_path: Path) -> TestClient:
    http = client(tmp_path)
    seeds = iter(range(500, 100_000))
    store_of(http).seed_source = lambda: next(seeds)
    return http


def to_pick(http: TestClient, game: str, step: str) -> dict[str, Any]:
    """A table of ``game`` played (the human calls or checks, picks the first choice) until the
    human's pick at a step of kind ``step``."""
    for _ in range(30):
        s = http.post("/api/games", json={"game": game, "bot": "calling-station", "players": 2}).json()
        while s["phase"] != "over":
            pick = s["table"]["pick"]
            if pick and pick["step"] == step:
                return s
            kinds = {a["kind"]: a["action"] for a in s["legal"]}
            ones = [c["action"] for c in (pick or {}).get("choices", []) if len(c["cards"]) == 1]
            action = next((kinds[k] for k in ("check", "call") if k in kinds), ones[0] if ones else s["legal"][-1]["action"])
            s = move(http, s, action).json()
    raise AssertionError(f"no {step} for the human")


@pytest.mark.parametrize(("game", "step", "words"), [
    ("bounce-back", "take-back", r"choose \d cards?"),
    ("jackpot", "exchange-turns", "choose 0 or 1 card"),
])
def test_a_wrong_pick_is_refused_in_words_and_changes_nothing(http: TestClient, game: str, step: str,
                                                              words: str) -> None:
    s = to_pick(http, game, step)
    legal = {a["action"] for a in s["legal"]}
    wrong = next(a for a in range(act.DISCARD, act.ASSIGN) if a not in legal) if step != "take-back" else next(
        a for a in range(act.TAKE_BACK, act.CALL_DRAWS) if a not in legal)
    response = move(http, s, wrong)
    assert response.status_code in (400, 409, 422), response.text
    text = response.text
    assert re.search(words, text), text
    assert "Nothing changed" in text
    again = http.get(f"/api/games/{s['id']}").json()
    assert again["move_number"] == s["move_number"] and again["legal"] == s["legal"]


NEW_GAMES = ["six-card-draw", "three-two-one", "jackpot", "freak-of-nature", "assassin", "low-high-die",
             "crazy-four-of-spades", "six-card-open-draw", "seven-card-open-draw", "sequential-open-draw",
             "auction-flop", "bounce-back", "uncle-bobs-left-nut", "fives", "buck-thirty-five", "mississippi", "j-lo"]
HOSTILE_SAMPLE = ("auction-flop", "low-high-die", "bounce-back", "jackpot")
"""The games whose hostile moves run in the suite (the auction, the dealer's call, the take-back,
the swap); the other draw games in the slow part."""
CARD_RANGES = ((act.DISCARD, act.ASSIGN), (act.PASS, act.KEEP), (act.KEEP, act.SHOW), (act.SHOW, act.TAKE_BACK),
               (act.TAKE_BACK, act.CALL_DRAWS), (act.CALL_DRAWS, act.RAISE_TO))
"""The action ranges of the draw games' decisions (masks, bids, keeps, shows, take-backs, calls)."""


@pytest.mark.parametrize("game", [pytest.param(g, marks=() if g in HOSTILE_SAMPLE else (pytest.mark.slow,))
                                  for g in NEW_GAMES])
def test_hostile_moves_at_every_decision_are_refused_and_change_nothing(http: TestClient, game: str) -> None:
    """At each of your decisions of a table: an action of every draw-game range that is not among
    yours (a mask naming cards you do not hold, a keep beyond the lot, a call not offered, a bid or
    take out of turn...), a huge number, a negative one, a string and a stale move number are each
    a 4xx in words, and the table is as it was."""
    rng = random.Random(game)
    s = http.post("/api/games", json={"game": game, "bot": "random", "players": 3 if game != "buck-thirty-five" else 4}).json()
    while s["phase"] != "over":
        legal = {a["action"] for a in s["legal"]}
        hostile: list[Any] = [rng.choice([a for a in range(low, high) if a not in legal]) for low, high in CARD_RANGES]
        hostile += [2 ** 62, -1, "445", 10.5]
        for action in hostile:
            response = http.post(f"/api/games/{s['id']}/moves", json={"move_number": s["move_number"], "action": action})
            assert response.status_code == 422, (action, response.text)
            if isinstance(action, int):
                assert response.json()["error"].endswith("Nothing changed."), response.text
        stale = http.post(f"/api/games/{s['id']}/moves", json={"move_number": s["move_number"] - 1,
                                                               "action": s["legal"][0]["action"]})
        assert stale.status_code == 409, stale.text
        assert http.get(f"/api/games/{s['id']}").json() == s
        s = move(http, s, rng.choice(s["legal"])["action"]).json()


# -- the lobby's search ----------------------------------------------------------------------------------


def test_features_are_read_from_each_games_definition() -> None:
    expected = {  # by the rules pages: what each game has
        "five-card-draw": {"draw"}, "seven-card-stud": {"stud"},
        "henway": {"two hands", "high-low"}, "ten-card-regrets": {"two hands", "high-low"},
        "cowpie": {"stud", "two hands"}, "double-draw-high-low": {"draw", "high-low"},
        "open-draw": {"draw", "open discards"}, "jackpot": {"draw", "swapping turns", "wild cards"},  # deuces wild: an option
        "sequential-open-draw": {"draw", "open discards"}, "six-card-draw": {"draw", "paid draws", "two decks"},
        "bounce-back": {"draw", "take-back"}, "j-lo": {"draw", "openers", "lowball switch"},
        "freak-of-nature": {"draw", "wild cards"}, "uncle-bobs-left-nut": {"draw", "wild cards"},
    }
    for game, has in expected.items():
        assert set(features(VARIANTS[game])) == has, game
    assert "auction" in features(AUCTION) and "places" in features(AUCTION)
    assert "dealer's call" in features(CALLED_DRAWS)
    assert {"fold at the draw"} <= set(features(EXTENSIONS["change-or-fold"]))
    assert "jokers" in features(variant((Deal(("down",) * 5), Draw(show_rank=2)), SIX, deck="jokers"))


def test_the_lobby_lists_each_poker_game_with_what_it_has_for_the_search(http: TestClient) -> None:
    page = http.get("/?game=five-card-draw").text
    assert 'id="variant-search"' in page
    found = dict(re.findall(r'data-search="([^"]*)"><input type="radio" name="game" value="([^"]+)"', page))
    by_game = {game: words for words, game in found.items()}
    assert set(by_game) == set(VARIANTS)
    assert "two hands" in by_game["henway"] and "high-low" in by_game["henway"]
    assert "paid draws" in by_game["six-card-draw"] and "two hands" not in by_game["six-card-draw"]
    assert by_game["bounce-back"].startswith("bounce back")


def test_places_are_named_by_the_chips_each_won() -> None:
    with registered(AUCTION):
        for seed in range(10):
            state = Game(PokerRules(AUCTION), {"players": 4}).new_initial_state(seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                state.apply_action(rng.choice(state.chance_outcomes())[0] if state.is_chance_node()
                                   else rng.choice(state.legal_actions()))
            showdown = table(state.observation(0), None, False)["showdown"]
            for pot in showdown["pots"]:
                for award in pot["awards"]:
                    if award["title"] != "places" or len(award["winners"]) < 3:
                        continue
                    ranked = sorted(award["winners"], key=lambda w: -w["chips"])
                    # 60/30/10 of the layer: the most chips first, then second, then third
                    if len({w["chips"] for w in ranked}) == len(ranked) == 4 and ranked[-1]["chips"] == 0:
                        assert [w["place"] for w in ranked] == ["first place", "second place", "third place", "no place"]
                        return
    raise AssertionError("no four-way places award without ties")


def test_an_assassinated_hand_and_a_carried_pot_are_said_at_the_showdown() -> None:
    for seed in range(200):
        state = Game(PokerRules(ASSASSIN_TEST), {"players": 3}).new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(rng.choice(state.chance_outcomes())[0] if state.is_chance_node()
                               else rng.choice([a for a in legal if a != act.FOLD] or legal))
        view = state.observation(0)
        shows = [e for e in view.events if e.kind == "show"]
        twos = [e.seat for e in shows if any(name(c)[0] == "2" for cards in e.hands for c in cards)]
        notes = table(view, None, False)["showdown"]["notes"]
        said = [n for n in notes if "assassinated" in n]
        assert len(said) == len(twos)
        if (twos and any("carries to the next deal" in n for n in notes)) or len(said) >= 2:
            return
    raise AssertionError("no deal with two assassinated hands")


def test_wild_rules_are_put_in_words_from_their_fields() -> None:
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Rule:  # a stand-in with the fields of the wild rules (divided.games.poker.wilds)
        kind: str
        cards: tuple[int, ...] = ()
        pairs: tuple[tuple[int, int], ...] = ()
        anchor: int = 8
        rank: int = 4
        ranks: tuple[int, ...] = ()

    from divided.web.games.poker.picks import wild_words

    assert wild_words(None) == ""
    assert wild_words(Rule("fixed", cards=(0, 1, 2, 3))) == "Twos are wild."
    assert wild_words(Rule("dice-pairs", pairs=((6, 14), (5, 2), (4, 3)))) == (
        "In a hand, aces with a six, twos with a five, threes with a four are wild (the card that makes them "
        "wild is not).")
    assert wild_words(Rule("chain")) == "The four of spades is wild; a hand holding it has every other four wild too."
    assert wild_words(Rule("cascade", ranks=(6, 5, 4, 3, 2))).startswith(
        "At the showdown, the wild rank is the first of sixes, fives, fours, threes or twos that a player still in holds")


def test_the_trash_draw_says_where_the_card_goes() -> None:
    state = first_pick(EXTENSIONS["trash"], ("2c 7d 9h Js Ks Qs", "3c 4d 5h 8s Qc Tc"))
    while not (isinstance(step := state.core.config.steps[state.core.step], Draw) and step.to == "trash"):
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[1])
    view = state.observation(state.current_player())
    words = buttons(state)
    assert all(texts == ["Put 1 card in the trash"] for texts in words.values()) and len(words) == 6  # any of six
    from divided.web.games.poker import prompt

    assert prompt(view, None, None).startswith("Put one card face down in the trash")


@pytest.mark.parametrize(("game", "words"), [
    ("freak-of-nature", "At the showdown, the wild rank is the first of sixes, fives, fours, threes or twos that a "
                        "player still in holds; it is wild in every hand (nothing, if nobody holds one)."),
    ("uncle-bobs-left-nut", "Each hand's lowest card is wild for that hand alone (one card, even when the rank is "
                            "held twice)."),
])
def test_the_table_says_which_cards_are_wild(game: str, words: str) -> None:
    state = Game(PokerRules(VARIANTS[game]), {"players": 3}).new_initial_state(seed=1)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert table(state.observation(0), None, True)["facts"]["wilds"] == [words]
    assert "wilds" not in table(Game(PokerRules(VARIANTS["five-card-draw"]), {"players": 3}).new_initial_state(
        seed=1).observation(0), None, False)["facts"]
