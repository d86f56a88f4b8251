"""`divided play` over any registered game: a three-player game registered by the tests alone
(``tests/web/tiny_three.py``) plays through the generic loop, bad input is explained and changes
nothing, and Divided Ranks' transcripts are the ones recorded before the loop was made generic."""

from __future__ import annotations

import importlib.util
import io
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from divided import games
from divided.cli import games as cli_games
from divided.cli import play as play_module
from divided.cli.games import Terminal
from divided.cli.main import main
from divided.cli.play import play
from divided.games.room import ActionLabel

HERE = Path(__file__).parent
TRANSCRIPTS = HERE / "data" / "play_transcripts.json"


def _tiny_three() -> ModuleType:
    """The web tests' three-player game (one module for both folders, imported once)."""
    if "tiny_three" not in sys.modules:
        spec = importlib.util.spec_from_file_location("tiny_three", HERE.parent / "web" / "tiny_three.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["tiny_three"] = module
        spec.loader.exec_module(module)
    return sys.modules["tiny_three"]


tiny = _tiny_three()
GAME = tiny.GAME
PASS, BET = tiny.PASS, tiny.BET


def scripted(lines: Sequence[str]) -> tuple[Any, list[str]]:
    prompts: list[str] = []
    feed = iter(lines)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read, prompts


@pytest.fixture
def tiny_game() -> Iterator[None]:
    games.register(GAME, tiny.TinyRules)
    try:
        yield
    finally:
        games.unregister(GAME)


def expected_returns(cards: Sequence[int], bets: Sequence[int]) -> list[float]:
    """Worked out by hand from the rules: the highest bettor takes one from every other bettor."""
    bettors = [seat for seat in range(3) if bets[seat] == BET]
    if not bettors:
        return [0.0, 0.0, 0.0]
    top = max(bettors, key=lambda seat: cards[seat])
    return [len(bettors) - 1.0 if seat == top else -1.0 if seat in bettors else 0.0 for seat in range(3)]


@pytest.mark.usefixtures("tiny_game")
@pytest.mark.parametrize("seat", [0, 1, 2])
@pytest.mark.parametrize(("typed", "human"), [("1", PASS), ("2", BET), ("bet", BET), (" pass ", PASS)])
def test_a_three_player_game_through_the_generic_loop(seat: int, typed: str, human: int) -> None:
    for seed in range(4):
        state = games.load(GAME).new_initial_state(seed=seed)
        read, prompts = scripted([typed])
        out = io.StringIO()
        assert play(state, seat, tiny.FirstBot(), read, out, seed) == 0
        cards = state.core.cards
        bets = [human if p == seat else BET if cards[p] >= 3 else PASS for p in range(3)]
        assert list(state.core.bets) == bets and state.is_terminal() and len(prompts) == 1
        returns = expected_returns(cards, bets)
        assert state.returns() == returns
        text = out.getvalue()
        others = [p for p in range(3) if p != seat]
        assert text.startswith(f"Tiny three against the bots first (player {others[0]}), first (player {others[1]}). "
                               f"You are player {seat}. (q quits)\n")
        playing, _, ending = text.partition("Returns:")
        assert f"Your turn (player {seat}).\n" in playing and "  1. pass\n  2. bet\n" in playing
        assert f"card={cards[seat]}," in playing and "shown=None" in playing  # the human's view, as repr
        for p in others:
            assert f"Player {p} (first) moved." in playing
            if p > seat:  # a later bot's move is said, never what it was
                assert "bets=(" + ", ".join(str(b) for b in bets[:p + 1]) not in playing
        headline = state.result().headline  # type: ignore[union-attr]
        assert f"\n{headline}. (You are player {seat}.)\n" in text
        words = ["you" if p == seat else f"player {p}" for p in range(3)]
        assert ending == " " + ", ".join(f"{w} {r:+g}" for w, r in zip(words, returns, strict=True)) + ".\n"


@pytest.mark.usefixtures("tiny_game")
def test_garbled_and_illegal_moves_are_explained_and_change_nothing() -> None:
    state = games.load(GAME).new_initial_state(seed=3)
    read, prompts = scripted(["9", "raise", "0", "BET", "bet"])
    out = io.StringIO()
    play(state, 0, tiny.FirstBot(), read, out, 3)
    text = out.getvalue()
    assert len(prompts) == 5  # asked again after each bad line
    for bad in ("'9'", "'raise'", "'0'", "'BET'"):
        assert f"  {bad} is not a move here; type a number from the list" in text
    assert state.core.bets[0] == BET and state.is_terminal()
    assert text.count("Your turn (player 0).") == 1


@pytest.mark.usefixtures("tiny_game")
@pytest.mark.parametrize("lines", [["q"], []])
def test_quitting_or_end_of_input_abandons_the_game(lines: list[str]) -> None:
    state = games.load(GAME).new_initial_state(seed=0)
    read, _ = scripted(lines)
    out = io.StringIO()
    assert play(state, 1, [tiny.FirstBot(), tiny.FirstBot()], read, out, 0) == 0
    assert out.getvalue().endswith("Game abandoned.\n")
    assert len(state.core.bets) == 1 and not state.is_terminal()  # seat 0's bot moved, then nothing


@pytest.mark.usefixtures("tiny_game")
def test_a_state_without_a_seed_is_dealt_from_the_play_seed() -> None:
    finished = []
    for _ in range(2):
        state = games.load(GAME).new_initial_state()
        assert state.is_chance_node()
        read, _ = scripted(["bet"])
        play(state, 0, tiny.FirstBot(), read, io.StringIO(), 9)
        cards = state.core.cards
        assert len(set(cards)) == 3 and set(cards) <= set(range(tiny.PACK))
        assert state.returns() == expected_returns(cards, state.core.bets)
        finished.append(state.history())
    assert finished[0] == finished[1]  # the same seed deals the same cards


class _TinyRoom:
    """Just what the loop reads of a room: labels and the books."""

    game = GAME

    def label(self, view: Any, action: int) -> ActionLabel:
        return ActionLabel(action, tiny.WORDS[action], f"{tiny.WORDS[action]} with card {view.card}")

    def books(self, view: Any) -> Any:
        class Books:
            def describe(self) -> str:
                return f"You hold card {view.card}; bets so far: {len(view.bets)}."

        return Books()


class _LoudTerminal(Terminal):
    def bot_moved(self, player: int, bot: str) -> list[str]:
        return [f"Seat {player} is done."]


def test_a_game_s_room_and_terminal_part_are_used_when_registered() -> None:
    games.register(GAME, tiny.TinyRules, room=_TinyRoom())  # type: ignore[arg-type]
    cli_games.TERMINALS.register(GAME, _LoudTerminal())
    try:
        state = games.load(GAME).new_initial_state(seed=2)
        read, _ = scripted(["bet"])
        out = io.StringIO()
        play(state, 2, tiny.FirstBot(), read, out, 2)
        text = out.getvalue()
        card = state.core.cards[2]
        assert f"You hold card {card}; bets so far: 2." in text and "TinyView(" not in text
        assert f"  1. pass with card {card}\n  2. bet with card {card}\n" in text
        assert "Seat 0 is done.\nSeat 1 is done.\n" in text
    finally:
        cli_games.TERMINALS.unregister(GAME)
        games.unregister(GAME)
    assert cli_games.terminal(GAME) is cli_games.PLAIN


@pytest.fixture
def first_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's bots for the tiny game (the bot registry is not keyed by game yet)."""
    real = play_module._make_bot
    monkeypatch.setattr(play_module, "_make_bot",
                        lambda game, spec: tiny.FirstBot() if spec == "first" else real(game, spec))


@pytest.mark.usefixtures("tiny_game", "first_bots")
def test_the_command_plays_the_tiny_game(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    read, prompts = scripted(["2"])
    monkeypatch.setattr("builtins.input", read)
    assert main(["play", "--game", GAME, "--seat", "2", "--seed", "11", "--bot", "first"]) == 0
    out = capsys.readouterr().out
    state = games.load(GAME).new_initial_state(seed=11)
    cards = [state.core.cards[p] for p in range(3)]
    bets = [BET if cards[p] >= 3 else PASS for p in (0, 1)] + [BET]
    assert f"Returns: {', '.join(f'{w} {r:+g}' for w, r in zip(['player 0', 'player 1', 'you'], expected_returns(cards, bets), strict=True))}." in out
    assert len(prompts) == 1


@pytest.mark.usefixtures("tiny_game", "first_bots")
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--game", "chess"], "unknown game 'chess'; known games: divided-ranks, tiny-three"),
        (["play", "--seat", "2"], "--seat 2 is not a seat of Divided Ranks: its seats are 0 to 1"),
        (["play", "--game", GAME, "--seat", "3", "--bot", "first"], "--seat 3 is not a seat of Tiny three: its seats are 0 to 2"),
        (["play", "--game", GAME, "--seat", "-1", "--bot", "first"], "--seat -1 is not a seat of Tiny three"),
        (["play", "--game", GAME, "--swap", "blind"], "unknown rule option swap; this game has: none"),
        (["play", "--game", GAME, "--bot", "first", "--bot", "first", "--bot", "first"],
         "--bot was given 3 times; give it once (the same bot at every other seat) or 2 times"),
        (["play", "--bot", "random", "--bot", "random"], "--bot was given 2 times"),
        (["play", "--bot", "nobody"], "unknown bot 'nobody'"),
    ],
)
def test_bad_command_lines_exit_2_with_one_line_before_any_prompt(
        argv: list[str], message: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    read, prompts = scripted(["q"])
    monkeypatch.setattr("builtins.input", read)
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert captured.out == "" and prompts == []


@pytest.mark.usefixtures("tiny_game", "first_bots")
def test_two_bots_by_name_take_the_other_seats_in_order(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    read, _ = scripted(["q"])
    monkeypatch.setattr("builtins.input", read)
    assert main(["play", "--game", GAME, "--seat", "1", "--seed", "4", "--bot", "first", "--bot", "first"]) == 0
    assert capsys.readouterr().out.startswith(
        "Tiny three against the bots first (player 0), first (player 2). You are player 1. (q quits)\n")


def _transcripts() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads(TRANSCRIPTS.read_text(encoding="utf-8"))
    return cases


@pytest.mark.parametrize("case", _transcripts(), ids=lambda c: f"seed{c['seed']}-seat{c['seat']}-{c['bot']}-{len(c['lines'])}lines")
def test_divided_ranks_transcripts_are_unchanged(case: dict[str, Any]) -> None:
    """Recorded with ``divided.cli.play.play`` as it was before the generic loop (commit 5c8c635):
    the same words, moves and prompts for the same seed and typed lines."""
    state = games.load("divided-ranks", **case["options"]).new_initial_state(seed=case["seed"])
    read, prompts = scripted(case["lines"])
    out = io.StringIO()
    assert play(state, case["seat"], case["bot"], read, out, case["seed"]) == 0
    assert out.getvalue() == case["output"]
    assert state.history() == case["history"] and len(prompts) == case["prompts"]


@pytest.mark.usefixtures("tiny_game")
def test_play_refuses_a_seat_the_game_lacks_and_seats_one_bot_object_per_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    from divided.errors import RuleOptionError

    state = games.load(GAME).new_initial_state(seed=1)
    with pytest.raises(RuleOptionError, match="--seat 3 is not a seat of Tiny three"):
        play(state, 3, tiny.FirstBot(), scripted([])[0], io.StringIO(), 1)
    with pytest.raises(RuleOptionError, match="3 bots for 2 other seats"):
        play(state, 0, [tiny.FirstBot()] * 3, scripted([])[0], io.StringIO(), 1)
    assert state.history() == games.load(GAME).new_initial_state(seed=1).history()
    made: list[object] = []
    monkeypatch.setattr(play_module, "_make_bot", lambda game, spec: made.append(tiny.FirstBot()) or made[-1])
    play(state, 1, "first", scripted(["pass"])[0], io.StringIO(), 1)
    assert len(made) == 2 and made[0] is not made[1] and state.is_terminal()
