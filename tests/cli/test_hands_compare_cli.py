"""``divided hands rank --game card-commons`` (3 or 5 cards) and ``divided hands compare``.

Expectations are hand-made from the rules: which hand wins, by the Card Commons 3-card list and
the Divided Ranks 5-card list; the 5-card hands of Card Commons rank exactly as Divided Ranks'.
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Sequence

import pytest

from divided.cli import hands as hands_cli
from divided.cli.main import main
from divided.errors import InvalidHandError

GAME = ["--game", "card-commons"]


def run(argv: Sequence[str]) -> int:
    return main(list(argv))


def run_json(capsys: pytest.CaptureFixture[str], argv: Sequence[str]) -> list[dict[str, object]]:
    assert run(argv) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


# --- rank --game card-commons ------------------------------------------------------------------


def test_card_commons_is_a_game_with_hands() -> None:
    assert "card-commons" in hands_cli.HANDS.names()
    assert sorted(size for system in hands_cli.game_systems("card-commons") for size in system.sizes) == [
        3,
        5,
    ]


def test_rank_three_cards(capsys: pytest.CaptureFixture[str]) -> None:
    (obj,) = run_json(capsys, ["hands", "rank", *GAME, "--json", "Ks As Jk"])
    assert obj == {
        "cards": ["Ks", "As", "Jk"],
        "category": "straight-flush",
        "label": "Straight Flush",
        "strength": 59,  # one below the natural Q-K-A straight flush, the top of the order
        "game": "card-commons",
    }
    assert run(["hands", "rank", *GAME, "Qh", "Kh", "Ah"]) == 0
    assert capsys.readouterr().out == "Qh Kh Ah  Straight Flush  (strength 60)\n"


@pytest.mark.parametrize(
    ("cards", "category"),
    [
        ("Qh Kh Ah", "straight-flush"),
        ("Ts Qs Jk", "straight-flush"),
        ("Td Tc Th", "three-of-a-kind"),
        ("Ts As Jk", "flush"),
        ("Ts Jh Qd", "straight"),
        ("Ks Kh Jk", "pair"),
        ("As Th Jk", "high-card"),
    ],
)
def test_rank_three_card_categories(capsys: pytest.CaptureFixture[str], cards: str, category: str) -> None:
    (obj,) = run_json(capsys, ["hands", "rank", *GAME, "--json", cards])
    assert obj["category"] == category


def test_five_cards_rank_as_in_divided_ranks(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = "Ts Js Qs Ks Jk\nKc Kd Qh Jh Jk\nAh Ad Ac Kd Ks\n"
    feed(monkeypatch, text)
    ranks = run_json(capsys, ["hands", "rank", *GAME, "--json"])
    feed(monkeypatch, text)
    divided = run_json(capsys, ["hands", "rank", "--json"])
    assert [o.pop("game") for o in ranks] == ["card-commons"] * 3
    assert [o.pop("game") for o in divided] == ["divided-ranks"] * 3
    assert ranks == divided


def test_a_batch_mixes_three_and_five_card_hands(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, "As Ks Qs\nTs Js Qs Ks As\nTs Js Qs Ks\n")
    assert run(["hands", "rank", *GAME, "--json"]) == 2
    objs = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o.get("category") for o in objs] == ["straight-flush", "royal-flush", None]
    assert "'rank' takes exactly 3 or 5 cards, got 4" in str(objs[2]["error"])


def test_divided_ranks_takes_no_three_card_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["hands", "rank", "As Ks Qs"]) == 2
    assert "'rank' takes exactly 5 cards, got 3" in capsys.readouterr().err


# --- compare -----------------------------------------------------------------------------------


def compare(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    (obj,) = run_json(capsys, ["hands", "compare", "--json", *argv])
    return obj


@pytest.mark.parametrize(
    ("game", "first", "second", "winner"),
    [
        ("card-commons", "Qh Kh Ah", "Qs Ks Jk", "first"),  # without the Joker beats with it
        ("card-commons", "Ts Th Td", "As Ks Js", "first"),  # three of a kind over a flush
        ("card-commons", "Ts Js Ks", "Qs Kh Ad", "first"),  # a flush over a straight
        ("card-commons", "Ts As Jk", "Ah Qh Jh", "first"),  # the Joker as the king counts (C5)
        ("card-commons", "As Ah Jk", "Ac Ad Tc", "second"),  # the Joker never pairs
        ("card-commons", "As Kh Th", "Ac Kd Ts", "tie"),  # suits never break a tie
        ("card-commons", "Qs Kh Ad", "Qd Kc Ah", "tie"),
        ("card-commons", "Ks Kh Kd Qs Qh", "Ah Ad Ac Jh Jd", "second"),  # 5 cards: full houses
        ("divided-ranks", "Ts Js Qs Ks Jk", "Th Jh Qh Kh Ah", "second"),
        ("divided-ranks", "Ts Jh Qd Kc As", "Td Js Qh Kd Ac", "tie"),
        ("divided-ranks", "As Ah Ad Ac Kd", "Ts Jh Qd Kc Jk", "first"),
    ],
)
def test_compare_says_which_hand_wins(
    capsys: pytest.CaptureFixture[str], game: str, first: str, second: str, winner: str
) -> None:
    obj = compare(capsys, "--game", game, first, second)
    assert obj["game"] == game and obj["winner"] == winner
    one, two = obj["first"], obj["second"]
    assert isinstance(one, dict) and isinstance(two, dict)
    assert one["cards"] == first.split() and two["cards"] == second.split()
    assert list(obj) == ["game", "first", "second", "winner"]
    # The same comparison the other way round, and in the 'vs' form.
    swapped = {"first": "second", "second": "first", "tie": "tie"}[winner]
    assert compare(capsys, "--game", game, *second.split(), "vs", *first.split())["winner"] == swapped


def test_compare_plain(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["hands", "compare", *GAME, "As Ks Qs", "Jk Ts Js"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "first:  As Ks Qs  Straight Flush, queen to ace  (strength 60)",
        "second: Jk Ts Js  Straight Flush, ten to queen, with the Joker  (strength 55)",
        "The first hand wins.",
    ]
    assert run(["hands", "compare", *GAME, "Ah Kh Th VS Ac Kc Tc"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Tie: the hands are exactly as strong."


def test_compare_json_hand_objects(capsys: pytest.CaptureFixture[str]) -> None:
    obj = compare(capsys, *GAME, "Ks Kh Jk", "vs", "Ts Th Jd")
    assert obj["first"] == {
        "cards": ["Ks", "Kh", "Jk"],
        "category": "pair",
        "label": "Pair",
        "strength": 25,
        "words": "Pair of kings, with the Joker",
    }
    second = obj["second"]
    assert isinstance(second, dict) and second["words"] == "Pair of tens, with a jack"
    assert obj["winner"] == "first"


def test_compare_batch(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "As Ks Qs vs Ah Kh Qh\nAs Ks vs Ah\n\nAs,Ks,Jk vs Qh,Kh,Ah\n")
    assert run(["hands", "compare", *GAME, "--json"]) == 2
    captured = capsys.readouterr()
    objs = [json.loads(line) for line in captured.out.splitlines()]
    assert [(o["line"], o.get("winner")) for o in objs] == [(1, "tie"), (2, None), (4, "second")]
    assert "first hand: 'compare' takes exactly 3 or 5 cards, got 2: As Ks" in objs[1]["error"]
    assert "1 of 3 comparisons could not be read (line 2)" in captured.err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["As Ks", "Qs Kh Jd"], "first hand: 'compare' takes exactly 3 or 5 cards, got 2: As Ks"),
        (["As Ks Qs", "Ah Kh Qh Jh"], "second hand: 'compare' takes exactly 3 or 5 cards, got 4"),
        (["As Ks Qs", "Ts Th Td Js Jh"], "compares hands of one size; got 3 and 5 cards"),
        (["As Ks Qs", "Ah Kh As"], "As is in both hands"),
        (["As Ks Qs", "Ah Ks Qs"], "Ks and Qs are in both hands"),
        (["As As Qs", "Ah Kh Qh"], "first hand: As appears more than once"),
        (["As Ks Zz", "Ah Kh Qh"], "first hand: 'Zz' is not a card"),
        (["As Ks Qs", "9h Kh Qh"], "second hand: 9h is not in the 21-card pack"),
        (["As Ks Qs vs Jk Jh Th vs Kh"], "found 2 of them"),
        (["As", "Ks", "Qs"], "two hands with the word 'vs' between them"),
        (["As Ks Jk1", "Ah Kh Qh"], "its Joker is written Jk"),
    ],
)
def test_bad_comparisons_exit_2_and_print_nothing(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert run(["hands", "compare", *GAME, *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("divided: error: ") and message in captured.err
    assert len(captured.err.splitlines()) == 1


def test_divided_ranks_compares_five_card_hands_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["hands", "compare", "As Ks Qs", "Ah Kh Qh"]) == 2
    assert "'compare' takes exactly 5 cards, got 3" in capsys.readouterr().err
    assert run(["hands", "compare", "--game", "no-such-game", "As Ks Qs", "Ah Kh Qh"]) == 2
    err = capsys.readouterr().err
    assert "'no-such-game'" in err and "card-commons, divided-ranks" in err


def test_compare_hands_refuses_a_size_no_system_takes() -> None:
    first = hands_cli.parse_hand("As Ks Qs Js", size=4, command="compare")
    second = hands_cli.parse_hand("Ah Kh Qh Jh", size=4, command="compare")
    with pytest.raises(InvalidHandError, match="takes hands of 3 or 5 cards, got 4"):
        hands_cli.compare_hands(first, second, hands_cli.game_systems("card-commons"), game="card-commons")
