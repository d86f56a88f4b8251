"""``divided hands rank|compare --rules ...``: standard-deck poker hands on the command line.

Which hand wins, the categories and the words are written here from the reference's examples
(ace-to-five, deuce-to-seven, ace-to-six, high, incomplete, wild); the CLI's ``strength`` is
checked only to be the library's order for the same cards."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Sequence

import pytest

from divided.cards import parse_cards
from divided.cli.main import main
from divided.hands.poker import system


def run(argv: Sequence[str]) -> int:
    return main(["hands", *argv])


def run_json(capsys: pytest.CaptureFixture[str], argv: Sequence[str]) -> list[dict[str, object]]:
    assert run([*argv, "--json"]) == 0, capsys.readouterr().err
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def one(capsys: pytest.CaptureFixture[str], argv: Sequence[str]) -> dict[str, object]:
    (obj,) = run_json(capsys, argv)
    return obj


def error(capsys: pytest.CaptureFixture[str], argv: Sequence[str]) -> str:
    assert run(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("divided: error: ") and len(captured.err.splitlines()) == 1
    return captured.err


def winner(capsys: pytest.CaptureFixture[str], rules: Sequence[str], first: str, second: str) -> object:
    return one(capsys, ["compare", *rules, first, second])["winner"]


# --- lowball (the reference's sentences) -------------------------------------------------------


def test_rank_json_shape_under_rules(capsys: pytest.CaptureFixture[str]) -> None:
    obj = one(capsys, ["rank", "--rules", "a5", "7c 5d 4h 3s 2c"])
    assert list(obj) == ["cards", "category", "label", "strength", "words", "rules"]
    assert obj["cards"] == ["7c", "5d", "4h", "3s", "2c"]
    assert (obj["category"], obj["label"], obj["rules"]) == ("high-card", "High Card", "a5")
    assert obj["words"] == "Seven-high low: 7-5-4-3-2"
    assert obj["strength"] == system("a5").rank(parse_cards("7c 5d 4h 3s 2c")).order
    assert run(["rank", "--rules", "a5", "7c 5d 4h 3s 2c"]) == 0
    strength = obj["strength"]
    assert capsys.readouterr().out == f"7c 5d 4h 3s 2c  Seven-high low: 7-5-4-3-2  (strength {strength})\n"


def test_ace_to_five(capsys: pytest.CaptureFixture[str]) -> None:
    a5 = ["--rules", "a5"]
    assert winner(capsys, a5, "6c 4d 3h 2s Ac", "6d 5h 3s 2c Ad") == "first"
    assert winner(capsys, a5, "6c 4d 3h 2s Ac", "7d 4h 3s 2c Ad") == "first"
    assert winner(capsys, a5, "5c 4d 3c 2c Ac", "5d 4h 3s 2d Ah") == "tie"  # flushes and straights ignored
    assert one(capsys, ["rank", *a5, "Ac Ad 4h 3s 2c"])["words"] == "Pair of aces, with a four, a three and a two"
    # the best five of seven; the eight-or-better qualifier
    obj = one(capsys, ["rank", *a5, "--qualifier", "8", "9c 5d 4h 3s 2c Ah Kd"])
    assert (obj["words"], obj["rules"]) == ("Five-high low: 5-4-3-2-A", "a5-8")
    obj = one(capsys, ["rank", *a5, "--qualifier", "8", "9c 7d 4h 3s 2c"])
    assert (obj["category"], obj["label"], obj["words"]) == ("no-low", "No Low", "No qualifying low")
    assert winner(capsys, [*a5, "--qualifier", "8"], "8c 7d 6h 5s 4c", "9c 4d 3h 2s Ac") == "first"


def test_deuce_to_seven(capsys: pytest.CaptureFixture[str]) -> None:
    d27 = ["--rules", "27"]
    assert winner(capsys, d27, "7c 5d 4h 3s 2c", "7d 6h 4s 3c 2d") == "first"
    assert winner(capsys, d27, "7c 5c 4c 3c 2c", "8d 6h 4s 3d 2d") == "second"  # the flush counts against
    assert winner(capsys, d27, "Ac Kd Qh Jc 9s", "2c 2d 5h 4s 3d") == "first"
    obj = one(capsys, ["rank", *d27, "Ac 2d 3h 4s 5c"])
    assert obj["category"] == "high-card" and obj["words"] == "Ace-high low: A-5-4-3-2"  # no straight
    assert one(capsys, ["rank", *d27, "6c 5d 4h 3s 2c"])["category"] == "straight"


def test_ace_to_six(capsys: pytest.CaptureFixture[str]) -> None:
    a6 = ["--rules", "a6"]
    assert one(capsys, ["rank", *a6, "5c 4d 3h 2s Ac"])["category"] == "straight"
    assert winner(capsys, a6, "6c 4d 3h 2s Ac", "5c 4h 3s 2d Ah") == "first"
    assert winner(capsys, a6, "Kc Qd Jh Ts Ac", "Kd Qh Js Tc 2d") == "first"  # A-K-Q-J-10 is king-low
    assert one(capsys, ["rank", *a6, "Kc Qd Jh Ts Ac"])["category"] == "high-card"


def test_compare_json_shape_and_sizes_may_differ(capsys: pytest.CaptureFixture[str]) -> None:
    obj = one(capsys, ["compare", "--rules", "a5", "7c 5d 4h 3s 2c", "vs", "Kd Qd 6d 5h 4c 3d 2h"])
    assert list(obj) == ["rules", "first", "second", "winner"]
    assert obj["rules"] == "a5" and obj["winner"] == "second"  # 6-5-4-3-2, the best five of seven
    second = obj["second"]
    assert isinstance(second, dict) and second["words"] == "Six-high low: 6-5-4-3-2"
    assert list(second) == ["cards", "category", "label", "strength", "words"]
    assert run(["compare", "--rules", "a5", "7c 5d 4h 3s 2c", "7d 5h 4s 3c 2d"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("first:  7c 5d 4h 3s 2c  Seven-high low: 7-5-4-3-2  (strength ")
    assert out[-1] == "Tie: the hands are exactly as strong."


# --- high, incomplete, wild, six --------------------------------------------------------------


def test_high_and_incomplete_hands(capsys: pytest.CaptureFixture[str]) -> None:
    high = ["--rules", "high"]
    obj = one(capsys, ["rank", *high, "As Ks Qs Js Ts"])
    assert (obj["category"], obj["words"], obj["rules"]) == ("straight-flush", "Royal Flush", "high")
    assert obj["strength"] == system("high").rank(parse_cards("As Ks Qs Js Ts")).order
    assert winner(capsys, high, "Qc Qd Qh 3s 3c", "Tc Td Th As Ac") == "first"
    assert winner(capsys, high, "Kc Kd 5h 5s 2c", "Qc Qd Th Ts 9c") == "first"
    assert one(capsys, ["rank", *high, "Ts"])["category"] == "high-card"
    assert winner(capsys, high, "Tc Td Kh", "Th Ts 6c 2d") == "first"
    assert winner(capsys, high, "Tc Td 6h", "Th Ts 6c 2d") == "second"
    assert winner(capsys, high, "Tc", "9h 6c") == "first"
    assert winner(capsys, high, "9h 6c", "9c 5d 3h") == "first"
    assert winner(capsys, high, "9c 5d 3h", "9h 5c") == "first"
    assert winner(capsys, high, "9h 5c", "9d") == "first"
    assert one(capsys, ["rank", *high, "Ah Kh Qh Jh Th 9h 8h"])["words"] == "Royal Flush"
    assert "'rank' takes 1 to 7 cards here, got 8" in error(capsys, ["rank", *high, "2c 3c 4c 5c 6c 7c 8c 9c"])


def test_wild_jokers(capsys: pytest.CaptureFixture[str]) -> None:
    jokers = ["--rules", "high", "--wild", "jokers"]
    obj = one(capsys, ["rank", *jokers, "As Ah Ad Jk Jk"])
    assert obj["cards"] == ["As", "Ah", "Ad", "Jk1", "Jk2"]  # two Jk are the two Jokers
    assert obj["category"] == "five-of-a-kind" and obj["rules"] == "high+wild:jokers"
    assert winner(capsys, jokers, "As Ah Ad Ac Jk", "Ks Qs Js Ts 9s") == "first"  # five aces
    assert "Jk appears more than twice: the deck has two Jokers" in error(capsys, ["rank", *jokers, "Jk Jk Jk As Ks"])
    assert "Jk1 appears more than once" in error(capsys, ["rank", *jokers, "Jk1 Jk1 Qs As Ks"])
    # a lone Jk next to a named Jk1 is the other Joker
    assert one(capsys, ["rank", *jokers, "Jk1 Jk Qs As Ks"])["cards"] == ["Jk1", "Jk2", "Qs", "As", "Ks"]
    # two hands' Jk are the two Jokers too
    obj = one(capsys, ["compare", *jokers, "Jk As Ah Kd Qc", "Jk Ks Kh Qd Jc"])
    first, second = obj["first"], obj["second"]
    assert isinstance(first, dict) and isinstance(second, dict)
    assert (first["cards"][0], second["cards"][0]) == ("Jk1", "Jk2")  # type: ignore[index]
    assert obj["winner"] == "first"  # three aces beat three kings
    deuces = ["--rules", "a5", "--wild", "deuces"]
    assert one(capsys, ["rank", *deuces, "2c 3d 4h 5s 6c"])["words"] == "Six-high low: 6-5-4-3-A"


def test_six_card_two_decks(capsys: pytest.CaptureFixture[str]) -> None:
    assert "As appears more than once" in error(capsys, ["rank", "--rules", "six", "As As Kd Qc Jh 9s"])
    obj = one(capsys, ["rank", "--rules", "six", "--decks", "2", "As As Kd Qc Jh 9s"])
    assert obj["rules"] == "six-2decks" and obj["category"] == "one-pair"
    assert "As appears more than twice" in error(capsys, ["rank", "--rules", "six", "--decks", "2", "As As As Kd Qc Jh"])
    # a pair of identical cards beats a pair of different suits
    assert winner(capsys, ["--rules", "six", "--decks", "2"], "As As Kd Qc Jh 9s", "Ah Ad Kc Qd Js 9h") == "first"
    assert "in the hands more than twice" in error(
        capsys, ["compare", "--rules", "six", "--decks", "2", "As As Kd Qc Jh 9s", "As Ad Kc Qd Js 9h"]
    )


# --- errors -----------------------------------------------------------------------------------


def test_a_joker_needs_a_wild_set_with_jokers(capsys: pytest.CaptureFixture[str]) -> None:
    message = error(capsys, ["rank", "--rules", "a5", "Jk 2c 3d 4h 5s"])
    assert "Jk is a Joker" in message and "--wild jokers" in message
    message = error(capsys, ["rank", "--rules", "a5", "Jk1 2c 3d 4h 5s"])
    assert "Jk1 is a Joker" in message
    message = error(capsys, ["rank", "--rules", "a5", "Xx 2c 3d 4h 5s"])
    assert "'Xx' is not a card" in message and "--wild jokers" in message


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rank", "--wild", "jokers", "As Ks Qs Js Ts"], "--wild goes with --rules"),
        (["rank", "--qualifier", "8", "--decks", "2", "As Ks Qs Js Ts"], "--qualifier, --decks go with --rules"),
        (["rank", "--qualifier", "0", "As Ks Qs Js Ts"], "--qualifier goes with --rules"),
        (["compare", "--natural-beats-wild", "As Ks", "Qs Js"], "--natural-beats-wild goes with --rules"),
        (["rank", "--rules", "a6", "--qualifier", "8", "As 2s 3d 4c 6h"], "a qualifier belongs to ace-to-five"),
        (["rank", "--rules", "a5", "--qualifier", "3", "As 2s 3d 4c 6h"], "the qualifier is the highest card"),
        (["rank", "--rules", "a5", "--decks", "2", "As 2s 3d 4c 6h"], "two decks belong to six-card poker"),
        (["rank", "--rules", "six", "--wild", "jokers", "As 2s 3d 4c 6h 7h"], "not with six-card poker"),
        (["rank", "--rules", "a5", "--wild", "bug", "As 2s 3d 4c 6h"], "the bug is a high-hand rule"),
        (["rank", "--rules", "a5", "--double-ace-flush", "As 2s 3d 4c 6h"], "need wild cards"),
        (["rank", "--rules", "a5", "--wild", "2c 2c", "As 2s 3d 4c 6h"], "names each card once"),
        (["rank", "--rules", "a5", "--wild", "tens", "As 2s 3d 4c 6h"], "wild is one of jokers"),
    ],
)
def test_options_that_do_not_fit_are_clean_errors(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str], message: str
) -> None:
    assert message in error(capsys, argv)
    stdin = io.StringIO("As Ks Qs Js Ts\n")
    monkeypatch.setattr(sys, "stdin", stdin)
    assert message in error(capsys, [arg for arg in argv if arg != argv[-1]])
    assert stdin.tell() == 0  # the options are checked before any input is read


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rank", "--rules", "a5", "As 2s 3d 4c"], "'rank' takes 5 to 7 cards here, got 4: As 2s 3d 4c"),
        (["rank", "--rules", "a5", "As 2s 3d 4c As"], "As appears more than once"),
        (["compare", "--rules", "a5", "As 2s 3d 4c 6h", "As Ks Qs Js 9h"], "As is in both hands"),
        (["compare", "--rules", "a5", "As 2s 3d 4c 6h", "Ks Qs Js 9h"], "second hand: 'compare' takes 5 to 7 cards"),
        (["compare", "--rules", "a5", "As 2s 3d 4c 6h"], "'compare' takes two hands"),
    ],
)
def test_bad_hands_are_clean_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert message in error(capsys, argv)


@pytest.mark.parametrize("argv", [["rank", "--rules", "a5", "--game", "divided-ranks"], ["compare", "--rules", "omaha"],
                                  ["rank", "--rules", "a5", "--qualifier", "eight"]])
def test_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run([*argv, "As 2s 3d 4c 6h"])
    assert exit_info.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_batch_under_rules(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("7c 5d 4h 3s 2c\n\nJk 2c 3d 4h 5s\n9c 7d 4h 3s 2c Kd\n"))
    assert run(["rank", "--rules", "a5", "--qualifier", "8", "--json"]) == 2
    captured = capsys.readouterr()
    lines = [json.loads(line) for line in captured.out.splitlines()]
    assert [line["line"] for line in lines] == [1, 3, 4]
    assert lines[0]["words"] == "Seven-high low: 7-5-4-3-2" and lines[0]["rules"] == "a5-8"
    assert "Jk is a Joker" in lines[1]["error"]
    assert lines[2]["category"] == "no-low"
    assert captured.err == "divided: error: 1 of 3 hands could not be read (line 3)\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO("7c 5d 4h 3s 2c vs 6c 5h 4d 3c 2d\n"))
    assert run(["compare", "--rules", "27"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "The first hand wins."  # 6-5-4-3-2 is a straight


def test_without_rules_the_21_card_pack_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    obj = one(capsys, ["rank", "Ts Js Qs Ks Jk"])
    assert obj == {"cards": ["Ts", "Js", "Qs", "Ks", "Jk"], "category": "royal-flush", "label": "Royal Flush",
                   "strength": 187, "game": "divided-ranks"}
    assert "9s is not in the 21-card pack" in error(capsys, ["rank", "9s Js Qs Ks Jk"])


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_terminal_prompt_names_the_sizes(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", _Terminal("Tc Td Kh\n"))
    assert run(["rank", "--rules", "high"]) == 0
    captured = capsys.readouterr()
    assert captured.err == "reading hands of 1 to 7 cards from standard input, one per line (end with Ctrl-D)\n"
    assert captured.out.startswith("Tc Td Kh  Pair of tens, with a king  (strength ")
