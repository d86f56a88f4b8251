"""``divided play --game divide`` and ``divided rules divide``: whole games at four and six
players through the generic loop with DIVIDE's terminal words, moves typed in the rules'
notation, bad input answered with its reason and changing nothing, no hidden card ever printed,
and the table's lines checked against hand-made positions. The bots are a local uniform one, so
these tests do not wait for the game's own bots."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import pytest

from divided import games
from divided.cards import STANDARD_54, mask_indices
from divided.cli import play as play_module
from divided.cli import rules
from divided.cli.games import terminal
from divided.cli.games.divide import TERMINAL, DivideTerminal, hand_by_suit, token_line
from divided.cli.main import main
from divided.cli.play import play
from divided.games.divide import actions as act
from divided.games.divide.state import Phase, PickEvent
from divided.games.divide.tricks import SUIT_MASKS, lead_suit

GAME = "divide"
m = STANDARD_54.parse_mask
CARD = re.compile(r"(?<![\w])(?:[2-9TJQKA][shdc]|Jk[12])(?![\w])")


class Uniform:
    """A bot that picks uniformly among the legal moves (from its own random numbers)."""

    name = "uniform"

    def choose(self, view: Any, legal: Sequence[int], rng: random.Random) -> int:
        return rng.choice(list(legal))


def c(text: str) -> int:
    return STANDARD_54.index(STANDARD_54.parse_card(text))


def typed(state: Any, action: int) -> str:
    """The action as a person types it (a commit without its word: the card alone)."""
    return str(state.action_to_string(action)).removeprefix("commit ")


def test_registered_in_the_terminal_and_rules_registries() -> None:
    assert isinstance(terminal(GAME), DivideTerminal)
    assert rules.available_games()[GAME] == "DIVIDE"
    assert rules.rules_text("Divide") == rules.rules_text(GAME)


# -- whole games -------------------------------------------------------------------------------


def hidden_from(core: Any, seat: int) -> set[int]:
    """The cards ``seat`` has not seen this round: the other hands (less the cards ``seat``
    passed into them), the others' commits before the flip, and the undealt cards."""
    n = core.options.players
    hidden = 0
    for other in range(n):
        if other != seat:
            hidden |= core.hands[other]
            if core.phase in (Phase.COMMIT, Phase.PASS) and core.commits[other] >= 0:
                hidden |= 1 << core.commits[other]
            if core.phase == Phase.PASS and core.passes[other] >= 0:  # out of the hand, not yet handed over
                left, right = act.pass_cards(core.passes[other])
                hidden |= 1 << left | 1 << right
    if core.passes[seat] >= 0 and core.phase != Phase.PASS:
        left, right = act.pass_cards(core.passes[seat])
        hidden &= ~(1 << left | 1 << right)
    deck = (1 << 52) - 1 if n == 4 else (1 << 54) - 1
    hidden |= deck & ~core.placed
    return set(mask_indices(hidden))


def whole_game(players: int, seed: int, seat: int) -> tuple[Any, str, int]:
    """A whole game with the human's moves typed (a random legal move each time), checking at
    every prompt that nothing printed this round names a card the human has not seen."""
    state = games.load(GAME, players=players).new_initial_state(seed=seed)
    rng = random.Random(seed)
    out = io.StringIO()
    prompts = 0

    def read(prompt: str) -> str:
        nonlocal prompts
        prompts += 1
        core = state.core
        text = out.getvalue()
        start = text.rfind(f"Round {core.round} is over.") if core.round else 0
        told = [line for line in text[start:].splitlines() if not line.startswith("Still out")]
        shown = {c(m) for m in CARD.findall("\n".join(told))}
        hidden = hidden_from(core, seat)
        assert not shown & hidden, f"a hidden card was printed at prompt {prompts}"
        # the cards still out are every card the seat has not seen, plus the ones that left its
        # own sight on their way to a neighbour (passed and still held, or not yet handed over)
        still_out = [line for line in text.splitlines() if line.startswith("Still out")][-1]
        played = sum(1 << card for e in core.log if type(e).__name__ == "TrickEvent" and e.round == core.round
                     for _, card in e.plays) | sum(1 << card for _, card in core.plays)
        commit = 1 << core.commits[seat] if core.commits[seat] >= 0 else 0
        deck = (1 << 52) - 1 if players == 4 else (1 << 54) - 1
        assert still_out.endswith(hand_by_suit(deck & ~core.hands[seat] & ~played & ~commit))
        return typed(state, rng.choice(state.legal_actions()))

    assert play(state, seat, Uniform(), read, out, seed) == 0
    return state, out.getvalue(), prompts


@pytest.mark.parametrize(("players", "seed", "seat"), [(4, 3, 0), (6, 11, 4)])
def test_a_whole_game_with_typed_moves_ends_with_the_result(players: int, seed: int, seat: int) -> None:
    state, text, prompts = whole_game(players, seed, seat)
    assert state.is_terminal()
    result = state.observation(seat).result
    assert result is not None
    # every decision of the seat was asked once: its commits, passes, plays and picks
    asked = sum(1 for line in text.splitlines() if line.startswith(("Commit a card", "Pass one card", "Your pick as"))
                or re.match(r"Trick \d+: (lead any card|follow|you have no|a Joker)", line))
    assert asked == prompts > 0
    rounds = sum(1 for line in text.splitlines() if re.match(r"Round \d is over\.", line))
    assert rounds == len([e for e in state.core.log if type(e).__name__ == "RoundEvent"])
    headline = result.headline.replace(f"Player {seat} wins", "You win")
    assert f"{headline}. (You are player {seat}.)" in text
    assert text.rstrip().splitlines()[-1].startswith("Returns: ")
    assert "Traceback" not in text


def test_other_players_passes_are_never_told_and_yours_are() -> None:
    state = games.load(GAME, first_dealer=3).new_initial_state(seed=7)
    out = io.StringIO()
    moves = iter(["7c", "pass Jc 7s"])

    def read(prompt: str) -> str:
        return next(moves, "q")

    play(state, 0, Uniform(), read, out, 5)
    text = out.getvalue()
    passes = [e for e in state.core.log if type(e).__name__ == "PassEvent"]
    assert len(passes) == 4
    assert "You passed Jc to player 1 (left) and 7s to player 3 (right)." in text
    to_me = {e.player: e.left if e.player == 3 else e.right for e in passes if e.player in (1, 3)}
    assert f"Player 1 passed you {STANDARD_54[to_me[1]]}." in text
    assert f"Player 3 passed you {STANDARD_54[to_me[3]]}." in text
    assert "Player 2 passed" not in text
    assert len(re.findall(r"passed you", text)) == 2


# -- bad input -----------------------------------------------------------------------------------


def scripted_game(answers: Callable[[Any, Any], str | None], seed: int = 7) -> tuple[Any, list[tuple[str, str]]]:
    """A 4-player game where player 0 (dealer 3, so leading Trick 1) is asked ``answers(state,
    view)`` first at every prompt: a bad line to try (``None``: none). The answer to each bad line
    is recorded with it, and the state must be unchanged by it; then a legal move is typed."""
    state = games.load(GAME, first_dealer=3).new_initial_state(seed=seed)
    out = io.StringIO()
    rng = random.Random(seed)
    said: list[tuple[str, str]] = []
    pending: dict[str, Any] = {}

    def read(prompt: str) -> str:
        if pending:
            assert state.core == pending["core"], "a bad line changed the game"
            said.append((pending["line"], out.getvalue()[pending["at"]:].strip()))
            pending.clear()
            return typed(state, rng.choice(state.legal_actions()))
        bad = answers(state, state.observation(0))
        if bad is None:
            return typed(state, rng.choice(state.legal_actions()))
        pending.update(core=state.core, line=bad, at=len(out.getvalue()))
        return bad

    play(state, 0, Uniform(), read, out, 5)
    return state, said


def test_bad_lines_are_explained_and_change_nothing() -> None:
    tried: set[str] = set()

    def once(kind: str, line: str) -> str | None:
        if kind in tried:
            return None
        tried.add(kind)
        return line

    def answers(state: Any, view: Any) -> str | None:
        hand = view.hand
        missing = next(i for i in range(52) if not hand >> i & 1)
        if view.phase == Phase.COMMIT:
            return once("nonsense", "Zz") or once("commit-missing", str(STANDARD_54[missing])) or \
                once("wrong-phase", "points")
        if view.phase == Phase.PASS:
            held = mask_indices(hand)
            return once("half-pass", f"pass {STANDARD_54[held[0]]}") or \
                once("pass-missing", f"pass {STANDARD_54[held[0]]} {STANDARD_54[missing]}") or \
                once("pass-not-a-pass", str(STANDARD_54[held[0]]))
        if view.phase == Phase.PLAY and view.plays:
            suit = lead_suit([card for _, card in view.plays])
            if suit is not None and hand & SUIT_MASKS[suit] and hand & ~SUIT_MASKS[suit]:
                off = mask_indices(hand & ~SUIT_MASKS[suit])[0]
                return once("revoke", str(STANDARD_54[off]))
        if view.phase == Phase.DRAFT and view.picks:
            taken = act.reward_of(view.picks[0])
            line = {act.Reward.POINTS: "points", act.Reward.LEAD: "lead", act.Reward.TRUMP: "trump 7"}[taken]
            return once("taken", line)
        if view.phase == Phase.DRAFT:
            return once("bad-rank", "trump 1")
        return None

    state, said = scripted_game(answers)
    assert state.is_terminal()
    answers_by_line = dict(said)
    assert len(said) == len(tried) == 9, said
    assert answers_by_line["Zz"].startswith("'zz' is not a card")
    assert answers_by_line["points"].startswith("Now you commit a card: type one of your cards")
    assert answers_by_line["trump 1"].startswith("cannot read 'trump 1'")
    wrong = {line: answer for line, answer in said if "is not in your hand" in answer
             or "not in your hand (" in answer}
    assert len(wrong) == 2  # the commit of a missing card and the pass of one
    assert any(answer.startswith("Now you pass two cards: type pass and two cards") for _, answer in said)
    assert any(answer.startswith("cannot read 'pass ") for _, answer in said)
    revoke = [answer for _, answer in said if "must follow suit" in answer]
    assert len(revoke) == 1 and revoke[0].startswith("You hold ")
    taken = [answer for _, answer in said if "is already taken in this Divide" in answer]
    assert len(taken) == 1


def test_the_follow_suit_answer_names_the_cards_to_play() -> None:
    view = games.load(GAME, first_dealer=3).new_initial_state(seed=7).observation(0)
    # a hand-made trick: player 3 led the 9 of hearts; the viewer holds Ah 2h Ks Jk1-less cards
    hand = m("Ah 2h Ks 4d")
    view = replace(view, phase=Phase.PLAY, trick=2, leader=3, plays=((3, c("9h")),), hand=hand)
    legal = [c("2h"), c("Ah")]
    assert TERMINAL.illegal(view, c("Ks"), legal) == (
        "  You hold hearts, so you must follow suit: play 2h Ah (a Joker or a Trump-Rank card of another "
        "suit does not follow).")
    assert TERMINAL.illegal(view, c("Qs"), legal) == "  Qs is not in your hand (2h 4d Ks Ah)."
    assert TERMINAL.menu(view, legal, str).lines == ("Trick 2: follow hearts.",)
    void = replace(view, hand=STANDARD_54.parse_mask("Ks 4d"))
    assert TERMINAL.menu(void, [c("4d"), c("Ks")], str).lines == ("Trick 2: you have no hearts; play any card.",)


# -- the table from hand-made positions -------------------------------------------------------------


def test_the_hand_by_suit_puts_high_cards_first_and_jokers_last() -> None:
    assert hand_by_suit(STANDARD_54.parse_mask("2c Jk1 As Tc 3s Jk2 9d")) == \
        "spades A 3 | hearts - | diamonds 9 | clubs T 2 | Jk1 | Jk2"
    assert hand_by_suit(0) == "spades - | hearts - | diamonds - | clubs -"


def test_the_token_line_marks_face_down_taken_and_current_tokens() -> None:
    view = games.load(GAME, first_dealer=3).new_initial_state(seed=7).observation(0)
    picks = tuple(PickEvent(0, trick, 1, 1, act.POINTS, value) for trick, value in ((1, 5), (2, 1)))
    view = replace(view, phase=Phase.PLAY, trick=3, line=(5, 1, 3, 0, 0, 0, 1, 3, 1), revealed=6, events=picks)
    assert token_line(view) == "Token line: 5* 1* [3] ? ? ? 1 3 1  (tokens of Tricks 1-9; * taken; [ ] Trick 3's)"


def test_the_table_during_a_divide_shows_the_order_and_the_picks() -> None:
    state = games.load(GAME, first_dealer=3).new_initial_state(seed=7)
    rng = random.Random(2)
    while not (state.core.phase == Phase.DRAFT and len(state.core.picks) == 1):
        state.apply_action(rng.choice(state.legal_actions()))
    view = state.observation(0)
    lines = TERMINAL.table(view)
    trick = [e for e in state.core.log if type(e).__name__ == "TrickEvent"][-1]
    played = dict(trick.plays)
    places = ("1st", "2nd", "3rd", "4th")
    order = ", ".join(f"{places[i]} {'you' if s == 0 else f'player {s}'} ({STANDARD_54[played[s]]})"
                      for i, s in enumerate(trick.order))
    assert f"Trick {trick.trick} is over: {order}." in lines
    first = trick.order[0]
    words = {act.POINTS: "Points", act.LEAD: "Lead"}.get(view.picks[0])
    if words is None:
        rank = act.declared_rank(view.picks[0])
        words = "Trump: " + ("No Trump" if rank is None else "23456789TJQKA"[rank - 2])
    assert f"The Divide: {'you' if first == 0 else f'player {first}'} took {words}." in lines
    assert lines[-1].startswith(f"Your hand ({view.hand.bit_count()}): spades ")


def test_a_spectator_table_shows_no_hand() -> None:
    state = games.load(GAME, players=6, first_dealer=0).new_initial_state(seed=1)
    lines = TERMINAL.table(state.observation(None))
    assert lines[0] == ("Round 1 of 4; player 0 deals. Trump: No Trump. The game ends at 50 points or after "
                        "4 rounds.")
    assert len([line for line in lines if line.startswith("  player ")]) == 6
    assert not any("hand" in line for line in lines)


def test_the_pass_is_asked_for_in_words_and_the_draft_lists_every_reward() -> None:
    state = games.load(GAME, first_dealer=3).new_initial_state(seed=7)
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    view = state.observation(0)
    assert view.phase == Phase.PASS
    menu = TERMINAL.menu(view, state.legal_actions(), str)
    assert menu.options == () and menu.lines[0].startswith("Pass one card to player 1 (left) and one to player 3 "
                                                           "(right): type pass and the two cards")
    draft = replace(view, phase=Phase.DRAFT, trick=1, line=(5, 0, 0, 0, 0, 0, 0, 0, 1), picks=())
    legal = [act.POINTS, act.LEAD, *act.TRUMP_ACTIONS]
    menu = TERMINAL.menu(draft, legal, str)
    assert menu.options == tuple(legal) and len(menu.options) == 16
    assert menu.lines[0].startswith("Your pick as 1st finisher: Points is a 5, Trump names the Trump Rank (now "
                                    "No Trump), Lead leads Trick 2.")


# -- the command line ------------------------------------------------------------------------------------


def test_divided_play_seats_five_bots_at_six_players(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(play_module, "_make_bot", lambda game, spec: Uniform())
    lines = iter(["Zz", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(lines))
    assert main(["play", "--game", "divide", "--players", "6", "--first-dealer", "5", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("DIVIDE against the bots uniform (player 1), uniform (player 2), uniform (player 3), "
                          "uniform (player 4), uniform (player 5). You are player 0.")
    assert "players=6, first_dealer=5" in out
    assert "Commit a card for Trick 1, face down (you lead it" in out
    assert "'zz' is not a card" in out and out.rstrip().endswith("Game abandoned.")


def test_a_seat_off_the_table_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "divide", "--players", "4", "--seat", "4"]) == 2
    assert "--seat 4 is not a seat of DIVIDE: its seats are 0 to 3" in capsys.readouterr().err


# -- the rules text --------------------------------------------------------------------------------------


@pytest.mark.parametrize("phrase", [
    "52-card deck", "54 cards", "Joker 1 and Joker 2", "spades, then hearts, then diamonds, then clubs",
    "**The commit.**", "**The pass.**", "1, 1, 1, 1, 3, 3, 3, 5, 5", "23 points", "follow suit",
    "**Points**", "**Trump**", "**Lead**", "the 3rd still names the rank", "meet at the middle token",
    "50 points", "most 5-point tokens", "share the win", "`pass Qh 2c`", "`trump none`",
    "--trump persists|resets",
])
def test_the_rules_text_says(phrase: str) -> None:
    assert phrase in " ".join(rules.rules_text(GAME).split())  # lines joined


def test_the_rules_text_has_every_ruling_after_the_rules() -> None:
    text = rules.rules_text(GAME)
    rulings = text.index("## Rulings")
    assert text.index("## The Divide") < rulings
    for ruling in ("D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D8b", "D9", "D10"):
        assert f"- **{ruling} " in text[rulings:], ruling


def test_divided_rules_divide(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "divide"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# DIVIDE\n") and out == rules.rules_text(GAME)


def test_what_you_know_counts_the_cards_out_the_voids_your_passes_and_the_tokens() -> None:
    from divided.games.divide.state import TrickEvent
    from divided.games.divide.view import SeenPass

    view = games.load(GAME, first_dealer=3).new_initial_state(seed=7).observation(0)
    trick1 = TrickEvent(0, 1, 0, ((0, c("Ad")), (1, c("Kc")), (2, c("6d")), (3, c("3s"))), (0, 2, 1, 3), None)
    # Trick 2: player 1 plays a club on a heart lead (void in hearts); player 3's 7h follows
    trick2 = TrickEvent(0, 2, 2, ((2, c("9h")), (3, c("7h")), (0, c("8d")), (1, c("2c"))), (2, 3, 0, 1), None)
    events = (SeenPass(0, 0, c("Ts"), c("4s")), SeenPass(0, 1, None, None), SeenPass(0, 2, None, None),
              SeenPass(0, 3, c("8s"), None), trick1, trick2)
    view = replace(view, phase=Phase.PLAY, trick=3, leader=2, plays=(), events=events, commit=c("Ad"),
                   my_pass=act.pass_action(c("Ts"), c("4s")), hand=m("7s 8s 7c Td Jc Qd 8c"),
                   line=(5, 3, 1, 0, 0, 0, 1, 5, 1), revealed=6)
    lines = TERMINAL.before_move(view, None)
    known = lines[lines.index(next(line for line in lines if line.startswith("Still out"))):]
    assert known == [
        # the 52 cards less the hand and the eight played (Ad Kc 6d 3s 9h 7h 8d 2c)
        "Still out (16 of them undealt): spades A K Q J T 9 6 5 4 2 | hearts A K Q J T 8 6 5 4 3 2 | "
        "diamonds K J 9 7 5 4 3 2 | clubs A Q T 9 6 5 4 3",
        "  Player 1: no hearts; holds Ts (you passed it).",
        "  Player 3: holds 4s (you passed it).",
        "Tokens still face down: 1 x 1, 2 x 3.",  # 1 1 1 1 3 3 3 5 5 less 5 3 1 1 5 1 face up
    ]
