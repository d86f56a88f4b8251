"""``divided rules``: the game list, the Divided Ranks text, rendering and errors."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from divided import games
from divided.cli import rules
from divided.cli.main import main

SOURCE = Path(__file__).parents[2] / "src" / "divided" / "rules_text" / "divided-ranks.md"


def run(argv: Sequence[str]) -> int:
    """Run the command through ``divided.cli.main.main``, as the console script does."""
    return main(list(argv))


@pytest.fixture(scope="module")
def text() -> str:
    return rules.rules_text("divided-ranks")


def test_list_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["rules"]) == 0
    out = capsys.readouterr().out
    assert "divided-ranks" in out and "Divided Ranks" in out
    assert rules.available_games()["divided-ranks"] == "Divided Ranks"


def test_prints_the_markdown_when_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["rules", "divided-ranks"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Divided Ranks\n")
    assert out == rules.rules_text("divided-ranks")


def test_text_is_loaded_from_the_package_file() -> None:
    if SOURCE.exists():  # running from the source tree
        assert rules.rules_text("divided-ranks") == SOURCE.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["Divided Ranks", "DIVIDED_RANKS", " divided-ranks "])
def test_game_name_is_normalized(capsys: pytest.CaptureFixture[str], name: str) -> None:
    assert run(["rules", "--plain", name]) == 0
    assert capsys.readouterr().out.startswith("# Divided Ranks")


def test_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["rules", "chess"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "divided: error: no rules for a game called 'chess'; known games: " + ", ".join(sorted(rules.TEXTS.names())) + "\n"
    )
    with pytest.raises(rules.UnknownGameError):
        rules.rules_text("chess")


def test_mentions_each_scoring_step_and_draws(text: str) -> None:
    for step in (
        "1. **Weaker categories**",
        "2. **Stronger categories**",
        "3. **Weaker hands in full**",
        "4. **Stronger hands in full**",
    ):
        assert step in text
    assert "draw" in text
    assert "four of a kind wins at step 2" in text  # the rules' example


@pytest.mark.parametrize(
    "phrase",
    [
        # setup and order (the options by their engine names are in docs/rule-options.md)
        "coin flip",
        "agree beforehand who does",
        "**as written** (the standard rule)",
        "**the three-time splitter**",
        "**a coin toss**",
        "rounds 2 and 4",
        # split and choose
        "six ways",
        "sight unseen",
        # the reserve
        "**Blind swap",
        "**Face-up swap",
        # build
        "at the same time and in secret",
        "126",
        # hand rankings, the Joker, ties
        "Royal Flush",
        "Four of a Kind",
        "Full House",
        "Straight",
        "Three of a Kind",
        "Two Pair",
        "| Pair",
        "wild only for making a straight or a royal flush",
        "below a 10",
        "the higher pair, then the lower pair, then the fifth card",
        "made without the Joker beats one that needs the Joker",
        # what the game tells each player
        "Unaccounted for",
        "exact odds",
        "label it as an estimate",
        # auto-arrange and its tie-break
        "## Auto-arrange",
        "lowest number",
        "Joker last",
    ],
)
def test_mentions(text: str, phrase: str) -> None:
    assert phrase in text


def test_terminal_rendering(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setenv("NO_COLOR", "1")
    assert run(["rules", "divided-ranks"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Divided Ranks\n=============\n")
    assert "**" not in out and "`" not in out and "\n## " not in out and "|---" not in out
    assert "\033[" not in out
    assert "  Royal Flush      10, J, Q, K and A, all of the same suit" in out  # an aligned table row

    assert run(["rules", "--plain", "divided-ranks"]) == 0
    assert capsys.readouterr().out.startswith("# Divided Ranks\n")


def test_render_color() -> None:
    rendered = rules.render("## Head\n\nA **bold** and *soft* word.", color=True)
    assert rendered == "\033[1mHead\033[0m\n----\n\nA \033[1mbold\033[0m and soft word."


def test_through_divided_cli_main(capsys: pytest.CaptureFixture[str]) -> None:
    from divided.cli.main import main

    assert main(["rules", "divided-ranks"]) == 0
    assert "## Scoring" in capsys.readouterr().out
    assert main(["rules", "nope"]) == 2
    assert "known games: " + ", ".join(sorted(rules.TEXTS.names())) in capsys.readouterr().err


def test_a_game_registered_at_run_time_has_its_rules_listed_and_shown(capsys: pytest.CaptureFixture[str]) -> None:
    rules.TEXTS.register("three-cards", lambda: "# Three Cards\n\nKeep or exchange.\n")
    try:
        assert run(["rules"]) == 0
        listed = [line.split() for line in capsys.readouterr().out.splitlines()[1:]]
        assert [row[0] for row in listed] == sorted([*games.names(), "three-cards"])
        assert ["three-cards", "Three Cards"] in [[row[0], " ".join(row[1:])] for row in listed]
        assert run(["rules", "Three Cards"]) == 0
        assert capsys.readouterr().out == "# Three Cards\n\nKeep or exchange.\n"
    finally:
        rules.TEXTS.unregister("three-cards")
    assert run(["rules", "three-cards"]) == 2
    assert capsys.readouterr().err == (
        "divided: error: no rules for a game called 'three-cards'; known games: " + ", ".join(sorted(rules.TEXTS.names())) + "\n")


def test_a_registered_game_without_rules_text_is_named_as_such(capsys: pytest.CaptureFixture[str]) -> None:
    games.register("textless", lambda: games.load("divided-ranks").rules)
    try:
        assert run(["rules", "textless"]) == 2
    finally:
        games.unregister("textless")
    assert capsys.readouterr().err == (
        "divided: error: the game 'textless' has no rules text; games with one: "
        + ", ".join(sorted(rules.TEXTS.names())) + "\n")
