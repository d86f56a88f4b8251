"""``divided play --game card-commons`` and ``divided rules card-commons``: whole matches through
the generic loop with Card Commons' terminal words, nothing hidden ever printed, typed and bad
moves, the menus, and the command line (the bot is a local uniform one, so these tests do not
wait for the game's own bots)."""

from __future__ import annotations

import io
import random
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from divided import games
from divided.cards import PACK_21
from divided.cli import play as play_module
from divided.cli import rules
from divided.cli.games import card_commons as card_commons_cli
from divided.cli.games import terminal
from divided.cli.games.card_commons import TERMINAL, CardCommonsTerminal
from divided.cli.main import main
from divided.cli.play import play
from divided.games.card_commons import actions as act
from divided.games.card_commons.state import TurnEvent
from divided.hands.five import strength_of_mask
from divided.hands.three import strength3_of_mask

GAME = "card-commons"
ALL = (1 << 21) - 1


class Uniform:
    """A bot that picks uniformly among the legal moves (from its own random numbers)."""

    name = "uniform"

    def choose(self, view: Any, legal: Sequence[int], rng: random.Random) -> int:
        return rng.choice(list(legal))


def scripted(lines: Sequence[str]) -> tuple[Callable[[str], str], list[str]]:
    prompts: list[str] = []
    feed = iter(lines)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read, prompts


def whole_match(seed: int, seat: int, **options: object) -> tuple[Any, str, int]:
    state = games.load(GAME, **options).new_initial_state(seed=seed)
    read, prompts = scripted(["1"] * 400)
    out = io.StringIO()
    with pytest.MonkeyPatch.context() as patch:  # the strength-ranked builds: valuing them takes time
        patch.setattr(card_commons_cli, "valued_builds", lambda view: None)
        patch.setattr(play_module, "_room", lambda game: None)  # the terminal's own card lines
        assert play(state, seat, Uniform(), read, out, seed) == 0
    return state, out.getvalue(), len(prompts)


def _hidden_from(state: Any, seat: int, round_: int) -> set[str]:
    """The cards of a round ``seat`` never sees: the other's reserved and discarded cards and
    the card set aside (what the two Collections and the discards leave)."""
    other = 1 - seat
    result = state.core.rounds[round_]
    hidden: set[str] = set()
    placed = result.collections[0] | result.collections[1]
    for event in state.core.log:
        if isinstance(event, TurnEvent) and event.round == round_:
            move = act.decode(event.action)
            if move.kind == act.Kind.DISCARD:
                placed |= move.cards
            if event.player == other and move.kind in (act.Kind.RESERVE, act.Kind.DISCARD):
                hidden |= {str(c) for c in PACK_21.cards_of(move.cards)}
    aside = ALL & ~placed
    assert aside.bit_count() == 1
    return hidden | {str(PACK_21.cards_of(aside)[0])}


def _segments(text: str, rounds: int) -> list[str]:
    """Each round's text, from its first table to the end of its showdown (the reserved cards
    show there, in the Collections)."""
    out = []
    for r in range(1, rounds + 1):
        start = text.index(f"Round {r}")
        end = re.search(rf"Round {r}( \(an extra round\))?, the showdown:", text)
        assert end is not None
        out.append(text[start:end.start()])
    return out


@pytest.mark.parametrize(("seed", "seat"), [(0, 0), (1, 1), (2, 0), (3, 1)])
def test_a_whole_match_taking_the_first_choice_each_time(seed: int, seat: int) -> None:
    state, text, prompts = whole_match(seed, seat)
    assert state.is_terminal() and prompts > 0
    rounds = state.core.rounds
    assert text.startswith("Card Commons against the uniform bot. You are player " f"{seat}. (q quits)\n")
    for needle in ("Your hand (", "Your Collection (", "The bot's Collection (", "Actions used: you ",
                   "Draw pile: ", "Build: split your Collection", "  [1] 5-card ", "The 5-card hands: ",
                   "The 3-card hands: ", "Scores after each round (you first): "):
        assert needle in text, needle
    assert text.count(", the showdown:") == len(rounds)
    final = rounds[-1].scores
    assert f"the score: you {final[seat]}, the bot {final[1 - seat]}." in text
    winner = state.core.outcome.winner
    said = "You win" if winner == seat else "The bot wins"
    assert f"\n{said} {final[winner]}-{final[1 - winner]} (" in text
    assert text.endswith(f"Scores after each round (you first): "
                         f"{', '.join(f'{r.scores[seat]}-{r.scores[1 - seat]}' for r in rounds)}.\n")


@pytest.mark.parametrize(("seed", "seat"), [(4, 0), (5, 1), (6, 0), (7, 1)])
def test_the_terminal_never_prints_a_card_the_player_may_not_see(seed: int, seat: int) -> None:
    """The other's reserved and discarded cards and the card set aside never appear in a round's
    text before its showdown (cards are written once each in the pack, so any mention is a leak)."""
    state, text, _ = whole_match(seed, seat)
    for r, segment in enumerate(_segments(text, len(state.core.rounds))):
        words = set(re.findall(r"\b(?:[TJQKA][shdc]|Jk)\b", segment))
        leaked = words & _hidden_from(state, seat, r)
        assert not leaked, (r, leaked)
    assert "## " in text and "its reserved card, face down" in text


def test_what_the_bot_did_is_told_from_the_players_view() -> None:
    lines: list[str] = []
    state = games.load(GAME, first_starter=1).new_initial_state(seed=11)
    cursor = 0
    rng = random.Random(3)
    while not state.is_terminal() and len(state.core.rounds) == 0:
        said, cursor = TERMINAL.news(state.observation(0), 0, cursor)
        lines += said
        state.apply_action(rng.choice(state.legal_actions()))
    lines += TERMINAL.news(state.observation(0), 0, cursor)[0]
    text = "\n".join(lines)
    assert "The bot reserved a card (face down)." in text and "The bot discarded two cards (face down)." in text
    bot = [e for e in state.core.log if isinstance(e, TurnEvent) and e.player == 1]
    for event in bot:
        move = act.decode(event.action)
        if move.kind in (act.Kind.OFFER_THREE, act.Kind.OFFER_SETS):
            assert f"The bot offers {act.describe(event.action)[6:]}." in text
    assert "The bot has built its hands." in text and "Round 1, the showdown:" in text
    assert "Round 2: " in text  # who starts the next round


def test_with_the_games_room_the_books_tell_the_cards() -> None:
    """Where the room is installed its books say the cards (with what you know of the hidden
    ones); the terminal adds the round, the scores, the actions used and the sizes."""

    class Books:
        def __init__(self, view: Any) -> None:
            self.view = view

        def describe(self) -> str:
            return f"BOOKS of player {self.view.player}: hand {PACK_21.format_mask(self.view.hand)}"

    class Room:
        def books(self, view: Any) -> Books:
            return Books(view)

    state = games.load(GAME, first_starter=0).new_initial_state(seed=3)
    view = state.observation(0)
    lines = TERMINAL.before_move(view, Room())  # type: ignore[arg-type]
    assert lines[1].startswith("Round 1. Score: you 0, the bot 0")
    assert lines[-1] == f"BOOKS of player 0: hand {PACK_21.format_mask(view.hand)}"
    assert not any(line.startswith(("Your hand", "Your Collection", "The bot's Collection")) for line in lines)
    assert "Actions used: you none yet; the bot none yet." in lines
    assert TERMINAL.before_move(view, None)[1:] == TERMINAL.table(view)


def test_typed_moves_bad_lines_and_the_keep_menu() -> None:
    state = games.load(GAME, first_starter=0).new_initial_state(seed=3)
    hand = state.observation(0).hand
    cards = [str(c) for c in PACK_21.cards_of(hand)]
    offer = f"offer {cards[0]} {cards[1]} | {cards[2]} {cards[3]}"
    read, prompts = scripted(["999", "reserve Xx", "keep " + cards[0], "abc", offer, "q"])
    out = io.StringIO()
    play(state, 0, Uniform(), read, out, 3)
    text = out.getvalue()
    assert len(prompts) == 6 and "Game abandoned." in text
    assert "'Xx'" in text  # the notation's own explanation
    # 999 is no number of the menu but an action's number (an offer of cards not in hand), and a
    # keep with no offer pending: both refused
    assert text.count("That is not a legal move now") == 2
    assert "cannot read 'abc'" in text
    log = state.core.log
    assert log[0].action == act.parse(offer)  # the typed offer went through, once


def test_the_keep_menu_lists_the_offered_cards() -> None:
    state = games.load(GAME, first_starter=1).new_initial_state(seed=8)
    while state.core.phase != "keep" or state.current_player() != 0:
        legal = state.legal_actions()
        if state.core.phase == "act" and state.current_player() == 1:
            offers = [a for a in legal if act.kind_of(a) == act.Kind.OFFER_THREE]
            state.apply_action(offers[0] if offers else legal[0])
        else:
            state.apply_action(legal[0])
    view = state.observation(0)
    menu = TERMINAL.menu(view, state.legal_actions(), state.action_to_string)
    offered = act.decode(view.offer)
    assert menu.options == tuple(state.legal_actions()) and menu.default is None
    assert f"The bot offers {PACK_21.format_mask(offered.cards)}: keep one card" in menu.lines[0]


def test_the_turn_menu_numbers_the_kinds_with_the_fewest_choices() -> None:
    state = games.load(GAME, first_starter=0).new_initial_state(seed=3)
    view = state.observation(0)
    legal = state.legal_actions()
    menu = TERMINAL.menu(view, legal, state.action_to_string)
    kinds = [act.kind_of(a) for a in menu.options]
    assert kinds == [act.Kind.RESERVE] * 7 + [act.Kind.DISCARD] * 21  # 7 + 21; offers are typed
    assert "168 moves are legal" in menu.lines[-1]
    for kind in act.TURN_KINDS:
        assert kind.words in menu.lines[0]


def test_the_build_menu_lists_the_strongest_five_card_hands_first_without_the_valuation(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(card_commons_cli, "valued_builds", lambda view: None)
    state = games.load(GAME, first_starter=0).new_initial_state(seed=9)
    while state.core.phase != "build":
        state.apply_action(state.legal_actions()[0])
    view = state.observation(0)
    legal = state.legal_actions()
    menu = TERMINAL.menu(view, legal, state.action_to_string)
    assert len(menu.options) == 8 and set(menu.options) <= set(legal) and menu.default is None
    collection = view.collection
    keys = [(strength_of_mask(collection ^ act.decode(a).cards), strength3_of_mask(act.decode(a).cards))
            for a in menu.options]
    best = max((strength_of_mask(collection ^ act.decode(a).cards), strength3_of_mask(act.decode(a).cards))
               for a in legal)
    assert keys == sorted(keys, reverse=True) and keys[0] == best
    assert sum(line.startswith("  [") for line in menu.lines) == 8


def _at_the_build(seed: int) -> Any:
    state = games.load(GAME, first_starter=0).new_initial_state(seed=seed)
    while state.core.phase != "build":
        state.apply_action(state.legal_actions()[0])
    return state


def test_the_build_menu_shows_the_valuations_values_best_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the build valuation is installed (ruling C7), the menu lists its best splits with their
    values, best first, and Enter takes the best; here a stand-in valuation that ranks the splits
    by their 3-card hand's cards."""
    state = _at_the_build(9)
    view = state.observation(0)
    legal = state.legal_actions()
    ranked = sorted(legal, key=lambda a: act.decode(a).cards)

    class Split:
        def __init__(self, rank: int, action: int) -> None:
            self.action, self.three = action, act.decode(action).cards
            self.five = view.collection ^ self.three
            self.match_win, self.points_for, self.points_against = 0.9 - rank / 100, 2.5, 0.5

    class Analysis:
        splits = tuple(Split(rank, action) for rank, action in enumerate(ranked))
        reason = "Aiming at the match."

    fake = type(sys)("divided.bots.card_commons.build")
    fake.analyse_build = lambda seen: Analysis()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "divided.bots.card_commons.build", fake)
    menu = TERMINAL.menu(view, legal, state.action_to_string)
    assert menu.options == tuple(ranked[:8]) and menu.default == ranked[0]
    assert "Aiming at the match." in menu.lines
    first = act.decode(ranked[0]).cards
    assert (f"  [1] 5-card {PACK_21.format_mask(view.collection ^ first)} (" in menu.lines[3]
            and menu.lines[3].endswith(": match won 90%, points 2.50 for, 0.50 against"))
    assert menu.lines[4].split(": match won ")[1] == "89%, points 2.50 for, 0.50 against"


def test_the_build_menu_and_the_valuation_agree() -> None:
    from divided.bots.card_commons import build
    state = _at_the_build(9)
    view = state.observation(0)
    menu = TERMINAL.menu(view, state.legal_actions(), state.action_to_string)
    assert menu.default == build.best_build(view) == menu.options[0]


def test_the_terminal_part_is_registered_and_seats_the_skilled_bot_when_there_is_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(terminal(GAME), CardCommonsTerminal)
    monkeypatch.setattr(card_commons_cli, "bot_names", lambda game: ["expert", "ismcts", "random", "skilled"])
    assert TERMINAL.default_bot == "skilled"
    monkeypatch.setattr(card_commons_cli, "bot_names", lambda game: ["ismcts", "random"])
    assert TERMINAL.default_bot == "random"


def test_the_command_plays_card_commons_with_its_options(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(play_module, "_make_bot", lambda game, spec: Uniform())
    monkeypatch.setattr(card_commons_cli, "valued_builds", lambda view: None)
    monkeypatch.setattr(play_module, "_room", lambda game: None)
    read, prompts = scripted(["1"] * 400)
    monkeypatch.setattr("builtins.input", read)
    argv = ["play", "--game", GAME, "--seed", "12", "--target", "3", "--first-starter", "1", "--seat", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("Card Commons against the uniform bot. You are player 1. (q quits)\n"
                          "first_starter=1, target=3, next_starter=leader, max_extra_rounds=10\n")
    assert "(first to 3 wins). You start this round." in out
    assert "Scores after each round (you first): " in out and prompts


@pytest.mark.parametrize(("argv", "message"), [
    (["play", "--game", GAME, "--target", "9"], "target='9' is not allowed"),
    (["play", "--game", GAME, "--next-starter", "loser"], "next_starter"),
    (["play", "--game", GAME, "--seat", "2"], "--seat 2 is not a seat of Card Commons"),
])
def test_bad_command_lines_exit_2_with_one_line(argv: list[str], message: str, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(play_module, "_make_bot", lambda game, spec: Uniform())
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.err.count("\n") == 1 and captured.out == ""


# --- divided rules card-commons -------------------------------------------------------------


@pytest.fixture(scope="module")
def text() -> str:
    return rules.rules_text(GAME)


def test_the_rules_are_listed_and_printed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    assert re.search(r"^  card-commons +Card Commons$", capsys.readouterr().out, re.M)
    assert main(["rules", "Card Commons"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Card Commons\n") and out == rules.rules_text(GAME)


@pytest.mark.parametrize("phrase", [
    # the deal and the turns
    "One card goes face down to the side", "six cards", "eight", "four turns",
    "Take the top card of the draw pile", "only once a round",
    # the four actions and the replies (C3)
    "**Reserve 1**", "**Discard 2**", "**Offer 3**", "**Offer 2 Sets**", "takes one set", "any two cards",
    "answers an offer straight away", "**face up**",
    # C2: every order
    "1 + 2 + 3 + 4", "every order of the four actions works",
    # the Collection and the build
    "the one you reserved and the seven", "at the same time and in secret", "seat 0 commits first",
    # C4
    "Only you know the cards in your hand", "Nobody sees the card set aside",
    # scoring and the end
    "**2 points**", "**1 point**", "**both** players score", "**5 points**", "even with fewer points",
    "3-card hand won", "**extra round**", "the points keep being added", "10 extra rounds",
    # the starter rule and C1
    "coin flip", "ahead on points", "did not start the round just played",
    # hands, ties and the Joker (C5)
    "Royal Flush", "Four of a Kind", "Full House", "Straight Flush", "High Card", "10-J-Q, J-Q-K or Q-K-A",
    "without the Joker beats", "wild only for a Straight, a Flush, a Straight Flush or a Royal Flush",
    "even one in your other hand", "below a 10", "counts as one of the cards that form the hand",
    # C7 in a player's words, the options, the notation
    "not always the one with", "`first_starter`", "`target`", "`next_starter`", "`max_extra_rounds`",
    "`offer Ah Kh | Qh Jh`", "`build Ah Kh Qh`",
])
def test_the_rules_text_says(text: str, phrase: str) -> None:
    assert phrase in text


def test_the_rules_text_is_in_the_projects_own_words(text: str) -> None:
    """No sentence of the rules file is copied (a few long fragments of the rules file, checked)."""
    for fragment in ("Draft cards into a Collection of 8, then split it", "Set 1 aside face down, unseen by anyone",
                     "put 2 cards from your hand face down out of the round", "Both players, at the same time and "
                     "in secret, split their 8 cards", "The player with more points starts it"):
        assert fragment not in text


def test_the_rules_render_on_a_terminal(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setenv("NO_COLOR", "1")
    assert main(["rules", GAME]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Card Commons\n============\n")
    assert "**" not in out and "`" not in out and "|---" not in out
    assert "  Straight Flush   three ranks in a row, all of one suit" in out
