"""`divided play`: a whole scripted game, bad input at the prompt, bad options on the command line."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

from divided import games
from divided.cli.main import main
from divided.cli.play import play


def scripted(lines: list[str]) -> tuple[Iterator[str], list[str]]:
    prompts: list[str] = []
    feed = iter(lines)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read, prompts  # type: ignore[return-value]


@pytest.mark.parametrize("seed", range(6))
def test_a_whole_game_with_first_options_and_auto_arrange(seed: int) -> None:
    state = games.load("divided-ranks").new_initial_state(seed=seed)
    read, _ = scripted(["1"] * 10 + [""])
    out = io.StringIO()
    assert play(state, 0, "random", read, out, seed) == 0  # type: ignore[arg-type]
    text = out.getvalue()
    assert state.is_terminal()
    assert "Your hand" in text and "Build your two hands" in text
    assert any(phrase in text for phrase in ("You win", "The bot wins", "Draw"))


def test_bad_input_at_the_prompt_is_explained_and_changes_nothing() -> None:
    state = games.load("divided-ranks", first_splitter=0).new_initial_state(seed=1)
    read, prompts = scripted(["99", "split Xx Yy", "give As", "1", "q"])
    out = io.StringIO()
    play(state, 0, "random", read, out, 1)  # type: ignore[arg-type]
    text = out.getvalue()
    assert "'Xx' is not a card" in text
    assert "not a legal move" in text
    assert "Game abandoned." in text
    assert len(state.history()) > 22  # the first split went through, after the bad tries
    assert len(prompts) == 5  # every line was answered at a prompt


def test_end_of_input_abandons_the_game_cleanly() -> None:
    state = games.load("divided-ranks", first_splitter=0).new_initial_state(seed=2)
    read, _ = scripted([])
    out = io.StringIO()
    assert play(state, 0, "random", read, out, 2) == 0  # type: ignore[arg-type]
    assert "Game abandoned." in out.getvalue()


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["play", "--swap", "sideways"], "swap='sideways' is not allowed"),
        (["play", "--first-splitter", "2"], "first_splitter='2' is not allowed"),
        (["play", "--reserve-order", "random"], "reserve_order='random'"),
    ],
)
def test_bad_rule_options_exit_2_with_one_line(argv: list[str], fragment: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert fragment in err
    assert "Traceback" not in err and err.count("\n") == 1
