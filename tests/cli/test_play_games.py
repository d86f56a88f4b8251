"""`divided play` over any registered game: Three Cards, the three-player game registered by the
tests alone (``tests/three_cards.py``; its terminal parts are the ones below), plays through the
generic loop with a card drawn mid-game, bad input is explained and changes nothing, and Divided
Ranks' transcripts are the ones recorded before the loop was made generic."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from divided import games
from divided.cli import games as cli_games
from divided.cli import play as play_module
from divided.cli.games import Terminal
from divided.cli.main import main
from divided.cli.play import EMPTY_LINE, play
from divided.games.room import ActionLabel
from three_cards import DECK, EXCHANGE, HIGH, KEEP, NAME, CardsRules, KeepHigh, bot_registered, read_actions

HERE = Path(__file__).parent
TRANSCRIPTS = HERE / "data" / "play_transcripts.json"
GAME = NAME
BOT = "keep-high"
WORDS = {KEEP: "keep", EXCHANGE: "exchange"}


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
def three_cards() -> Iterator[None]:
    games.register(GAME, CardsRules)  # no room: the loop shows the rules' own words and views
    try:
        yield
    finally:
        games.unregister(GAME)


def bot_decision(card: int) -> int:
    """The keep-high bot's decision, from the rule it follows: keep from HIGH up."""
    return KEEP if card >= HIGH else EXCHANGE


@pytest.mark.usefixtures("three_cards")
@pytest.mark.parametrize("seat", [0, 1, 2])
@pytest.mark.parametrize(("typed", "human"), [("1", KEEP), ("2", EXCHANGE), ("exchange", EXCHANGE), (" keep ", KEEP)])
def test_a_three_player_game_through_the_generic_loop(seat: int, typed: str, human: int) -> None:
    for seed in range(4):
        state = games.load(GAME).new_initial_state(seed=seed)
        read, prompts = scripted([typed])
        out = io.StringIO()
        assert play(state, seat, KeepHigh(), read, out, seed) == 0
        assert state.is_terminal() and len(prompts) == 1
        played = read_actions(state.history())
        dealt = played.dealt
        decisions = [human if p == seat else bot_decision(dealt[p]) for p in range(3)]
        assert list(played.decisions) == decisions and state.core.cards == played.cards
        returns = played.returns()
        assert state.returns() == returns
        text = out.getvalue()
        others = [p for p in range(3) if p != seat]
        assert text.startswith(f"Three Cards against the bots {BOT} (player {others[0]}), {BOT} (player {others[1]}). "
                               f"You are player {seat}. (q quits)\n")
        playing, _, ending = text.partition("Returns:")
        assert f"Your turn (player {seat}).\n" in playing and "  1. keep\n  2. exchange\n" in playing
        # the human's view, as repr: their own card, the earlier seats' exchanges only, nothing revealed
        shown = tuple(dealt[p] if p < seat and decisions[p] == EXCHANGE else 0 for p in range(3))
        assert f"card={dealt[seat]}, shown={shown!r}," in playing and "revealed=None" in playing
        for p in others:
            assert f"Player {p} ({BOT}) moved." in playing  # said, never what it was
        assert "revealed=(" not in playing
        headline = state.result().headline  # type: ignore[union-attr]
        assert f"\n{headline}. (You are player {seat}.)\n" in text
        words = ["you" if p == seat else f"player {p}" for p in range(3)]
        assert ending == " " + ", ".join(f"{w} {r:+g}" for w, r in zip(words, returns, strict=True)) + ".\n"


@pytest.mark.usefixtures("three_cards")
@pytest.mark.parametrize("plain_error", [False, True])
def test_garbled_and_illegal_moves_are_explained_and_change_nothing(plain_error: bool,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules' own explanation of a line they cannot read is shown; a reader that fails with a
    plain error (here a KeyError) gets the loop's general answer."""
    if plain_error:
        monkeypatch.setattr(CardsRules, "string_to_action", lambda self, state, text: {"keep": 0, "exchange": 1}[text])
    state = games.load(GAME).new_initial_state(seed=3)
    read, prompts = scripted(["9", "raise", "0", "exchang", "exchange"])
    out = io.StringIO()
    play(state, 0, KeepHigh(), read, out, 3)
    text = out.getvalue()
    assert len(prompts) == 5  # asked again after each bad line
    for bad in ("'9'", "'raise'", "'0'", "'exchang'"):
        said = f"  {bad} is not a move here; type a number from the list" if plain_error else \
            f"  cannot read action {bad}: write 'keep' or 'exchange'"
        assert said in text
    assert read_actions(state.history()).decisions[0] == EXCHANGE and state.is_terminal()
    assert text.count("Your turn (player 0).") == 1


@pytest.mark.usefixtures("three_cards")
def test_an_empty_line_without_a_default_asks_again_in_plain_words() -> None:
    state = games.load(GAME).new_initial_state(seed=3)
    read, prompts = scripted(["", "exchange"])
    out = io.StringIO()
    play(state, 0, KeepHigh(), read, out, 3)
    assert len(prompts) == 2 and EMPTY_LINE + "\n" in out.getvalue()
    assert "names no legal action" not in out.getvalue() and "cannot read action ''" not in out.getvalue()


@pytest.mark.usefixtures("three_cards")
@pytest.mark.parametrize("lines", [["q"], []])
def test_quitting_or_end_of_input_abandons_the_game(lines: list[str]) -> None:
    state = games.load(GAME).new_initial_state(seed=0)
    read, _ = scripted(lines)
    out = io.StringIO()
    assert play(state, 1, [KeepHigh(), KeepHigh()], read, out, 0) == 0
    assert out.getvalue().endswith("Game abandoned.\n")
    assert state.observation(None).decided == (True, False, False)  # seat 0's bot moved, then nothing
    assert not state.is_terminal()


@pytest.mark.usefixtures("three_cards")
def test_a_state_without_a_seed_is_dealt_from_the_play_seed() -> None:
    finished = []
    for _ in range(2):
        state = games.load(GAME).new_initial_state()
        assert state.is_chance_node()
        read, _ = scripted(["exchange"])
        play(state, 0, KeepHigh(), read, io.StringIO(), 9)
        played = read_actions(state.history())  # the draw in the middle came from the play seed too
        assert played.decisions[0] == EXCHANGE and len(set(played.cards)) == 3
        assert set(played.dealt) | set(played.cards) <= set(range(1, DECK + 1))
        assert state.returns() == played.returns()
        finished.append(state.history())
    assert finished[0] == finished[1]  # the same seed deals and draws the same cards


class _CardsRoom:
    """Just what the loop reads of a room: labels and the books."""

    game = GAME

    def label(self, view: Any, action: int) -> ActionLabel:
        return ActionLabel(action, WORDS[action], f"{WORDS[action]} card {view.card}")

    def books(self, view: Any) -> Any:
        class Books:
            def describe(self) -> str:
                return f"You hold card {view.card}; {sum(view.decided)} decided so far."

        return Books()


class _LoudTerminal(Terminal):
    def bot_moved(self, player: int, bot: str) -> list[str]:
        return [f"Seat {player} is done."]


def test_a_game_s_room_and_terminal_part_are_used_when_registered() -> None:
    games.register(GAME, CardsRules, room=_CardsRoom())  # type: ignore[arg-type]
    cli_games.TERMINALS.register(GAME, _LoudTerminal())
    try:
        state = games.load(GAME).new_initial_state(seed=2)
        read, _ = scripted(["keep"])
        out = io.StringIO()
        play(state, 2, KeepHigh(), read, out, 2)
        text = out.getvalue()
        card = read_actions(state.history()).dealt[2]
        assert f"You hold card {card}; 2 decided so far." in text and "CardsView(" not in text
        assert f"  1. keep card {card}\n  2. exchange card {card}\n" in text
        assert "Seat 0 is done.\nSeat 1 is done.\n" in text
    finally:
        cli_games.TERMINALS.unregister(GAME)
        games.unregister(GAME)
    assert cli_games.terminal(GAME) is cli_games.PLAIN


@pytest.fixture
def keep_high_bots() -> Iterator[None]:
    """The command's bot for Three Cards, registered for that game in the bot registry."""
    yield from bot_registered()


@pytest.mark.usefixtures("three_cards", "keep_high_bots")
@pytest.mark.parametrize("ranks", ["distinct", "paired"])
def test_the_command_plays_three_cards(ranks: str, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    read, prompts = scripted(["2"])
    monkeypatch.setattr("builtins.input", read)
    assert main(["play", "--game", GAME, "--seat", "2", "--seed", "11", "--bot", BOT, "--ranks", ranks]) == 0
    out = capsys.readouterr().out
    # the same game by hand: the bots decide from their dealt cards, the human exchanges
    state = games.load(GAME, ranks=ranks).new_initial_state(seed=11)
    dealt = [int(a) for a in state.history()]
    for action in (bot_decision(dealt[0]), bot_decision(dealt[1]), EXCHANGE):
        state.apply_action(action)
    returns = read_actions(state.history()).returns(ranks == "paired")
    said = ", ".join(f"{w} {r:+g}" for w, r in zip(["player 0", "player 1", "you"], returns, strict=True))
    assert f"Returns: {said}." in out
    assert len(prompts) == 1


@pytest.mark.usefixtures("three_cards", "keep_high_bots")
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--game", "chess"], "unknown game 'chess'; known games: "),
        (["play", "--seat", "2"], "--seat 2 is not a seat of Divided Ranks: its seats are 0 to 1"),
        (["play", "--game", GAME, "--seat", "3", "--bot", BOT], "--seat 3 is not a seat of Three Cards: its seats are 0 to 2"),
        (["play", "--game", GAME, "--seat", "-1", "--bot", BOT], "--seat -1 is not a seat of Three Cards"),
        (["play", "--game", GAME, "--swap", "blind"], "unknown rule option swap; this game has: ranks"),
        (["play", "--game", GAME, "--ranks", "shuffled", "--bot", BOT], "shuffled"),
        (["play", "--game", GAME, "--bot", BOT, "--bot", BOT, "--bot", BOT],
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


@pytest.mark.usefixtures("three_cards", "keep_high_bots")
def test_two_bots_by_name_take_the_other_seats_in_order(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    read, _ = scripted(["q"])
    monkeypatch.setattr("builtins.input", read)
    assert main(["play", "--game", GAME, "--seat", "1", "--seed", "4", "--bot", BOT, "--bot", BOT]) == 0
    assert capsys.readouterr().out.startswith(
        f"Three Cards against the bots {BOT} (player 0), {BOT} (player 2). You are player 1. (q quits)\n")


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


@pytest.mark.usefixtures("three_cards")
def test_play_refuses_a_seat_the_game_lacks_and_seats_one_bot_object_per_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    from divided.errors import RuleOptionError

    state = games.load(GAME).new_initial_state(seed=1)
    with pytest.raises(RuleOptionError, match="--seat 3 is not a seat of Three Cards"):
        play(state, 3, KeepHigh(), scripted([])[0], io.StringIO(), 1)
    with pytest.raises(RuleOptionError, match="3 bots for 2 other seats"):
        play(state, 0, [KeepHigh()] * 3, scripted([])[0], io.StringIO(), 1)
    assert state.history() == games.load(GAME).new_initial_state(seed=1).history()
    made: list[object] = []
    monkeypatch.setattr(play_module, "_make_bot", lambda game, spec: made.append(KeepHigh()) or made[-1])
    play(state, 1, BOT, scripted(["keep"])[0], io.StringIO(), 1)
    assert len(made) == 2 and made[0] is not made[1] and state.is_terminal()
