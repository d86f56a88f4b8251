"""``divided hands rank`` / ``divided hands arrange``: answers, formats, batches, errors and the
scheme (``--game`` for a game's own hands, ``--rules`` for the standard deck: its answers are in
test_cli_hands_rules.py)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import types
from collections.abc import Sequence

import pytest

from divided.cards import PACK_21, Card, Rank
from divided.cli import hands as hands_cli
from divided.cli.main import main
from divided.hands import PACK21_FIVE
from divided.hands.value import HandCategory, HandRank

ROYAL = "Ts Js Qs Ks Jk"
HOLDING = "Ts Th Td Js Jh Jd Qs Qh Ks Kh"


def run(argv: Sequence[str]) -> int:
    """Run the command through ``divided.cli.main.main``, as the console script does."""
    return main(list(argv))


def run_json(capsys: pytest.CaptureFixture[str], argv: Sequence[str]) -> list[dict[str, object]]:
    assert run(argv) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


def strength(capsys: pytest.CaptureFixture[str], cards: str) -> int:
    (obj,) = run_json(capsys, ["hands", "rank", "--json", cards])
    value = obj["strength"]
    assert isinstance(value, int)
    return value


# --- rank ------------------------------------------------------------------------------------


def test_rank_plain(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["hands", "rank", *ROYAL.split()]) == 0
    assert capsys.readouterr().out == "Ts Js Qs Ks Jk  Royal Flush  (strength 187)\n"


def test_rank_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    (obj,) = run_json(capsys, ["hands", "rank", "--json", ROYAL])
    assert obj == {
        "cards": ["Ts", "Js", "Qs", "Ks", "Jk"],
        "category": "royal-flush",
        "label": "Royal Flush",
        "strength": 187,
        "game": "divided-ranks",
    }


@pytest.mark.parametrize(
    ("cards", "category"),
    [
        ("Th Jh Qh Kh Ah", "royal-flush"),
        ("As Ah Ad Ac Kd", "four-of-a-kind"),
        ("Ah Ad Ac Kd Ks", "full-house"),
        ("Ts Jh Qd Kc As", "straight"),
        ("Ts Jh Qd Kc Jk", "straight"),
        ("As Ah Ad Kc Jk", "three-of-a-kind"),
        ("Ah Ad Kc Kd Jk", "two-pair"),
        ("Kc Kd Qh Jh Jk", "pair"),
    ],
)
def test_rank_categories(capsys: pytest.CaptureFixture[str], cards: str, category: str) -> None:
    (obj,) = run_json(capsys, ["hands", "rank", "--json", *cards.split()])
    assert obj["category"] == category


def test_rank_orders_hands(capsys: pytest.CaptureFixture[str]) -> None:
    royal_with_joker = strength(capsys, ROYAL)
    assert royal_with_joker > strength(capsys, "As Ah Ad Ac Kd")  # royal flush > four of a kind
    assert strength(capsys, "Th Jh Qh Kh Ah") > royal_with_joker  # the Joker-free one wins
    assert strength(capsys, "Ts Jh Qd Kc As") > strength(capsys, "Ts Jh Qd Kc Jk")
    assert strength(capsys, "Ts Jh Qd Kc Ad") == strength(capsys, "Ts Jh Qd Kc As")  # suits tie
    # a non-wild Joker is the lowest kicker
    assert strength(capsys, "Kc Kd Qh Jh Ts") > strength(capsys, "Kc Kd Qh Jh Jk")


def test_rank_notation_forms_agree(capsys: pytest.CaptureFixture[str]) -> None:
    forms = [
        ["Ts", "Js", "Qs", "Ks", "Jk"],
        ["Ts Js Qs Ks Jk"],
        ["10s,Js,Qs,", "ks,", "JK"],
        ["ts, js, qs, ks, jk"],
    ]
    results = [run_json(capsys, ["hands", "rank", "--json", *form]) for form in forms]
    assert all(result == results[0] for result in results)
    assert results[0][0]["cards"] == ["Ts", "Js", "Qs", "Ks", "Jk"]


def test_rank_keeps_input_order(capsys: pytest.CaptureFixture[str]) -> None:
    (obj,) = run_json(capsys, ["hands", "rank", "--json", "Jk Ks Qs Js Ts"])
    assert obj["cards"] == ["Jk", "Ks", "Qs", "Js", "Ts"]


# --- arrange ---------------------------------------------------------------------------------


def test_arrange_known_answer(capsys: pytest.CaptureFixture[str]) -> None:
    (obj,) = run_json(capsys, ["hands", "arrange", "--json", *HOLDING.split()])
    assert obj["cards"] == HOLDING.split()
    assert obj["weaker"] == {
        "cards": ["Ts", "Th", "Td", "Ks", "Kh"],
        "category": "full-house",
        "label": "Full House",
        "strength": 144,
    }
    assert obj["stronger"] == {
        "cards": ["Js", "Jh", "Jd", "Qs", "Qh"],
        "category": "full-house",
        "label": "Full House",
        "strength": 147,
    }
    assert obj["split"] == 20
    assert obj["key"] == [5, 5, 144, 147]
    assert list(obj) == ["cards", "weaker", "stronger", "split", "key"]


def test_arrange_plain(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["hands", "arrange", HOLDING]) == 0
    assert capsys.readouterr().out == (
        "weaker: Ts Th Td Ks Kh  Full House (strength 144) | "
        "stronger: Js Jh Jd Qs Qh  Full House (strength 147)\n"
    )


def test_arrange_hands_in_pack_order_cards_in_input_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    shuffled = "Kh Qs Ts Jd Ks Th Jh Qh Td Js"
    (obj,) = run_json(capsys, ["hands", "arrange", "--json", shuffled])
    assert obj["cards"] == shuffled.split()
    weaker, stronger = obj["weaker"], obj["stronger"]
    assert isinstance(weaker, dict) and isinstance(stronger, dict)
    assert weaker["cards"] == ["Ts", "Th", "Td", "Ks", "Kh"]
    assert stronger["cards"] == ["Js", "Jh", "Jd", "Qs", "Qh"]


def test_arrange_with_joker(capsys: pytest.CaptureFixture[str]) -> None:
    # The Joker completes a royal flush in one hand even though the A of spades is in the other.
    (obj,) = run_json(capsys, ["hands", "arrange", "--json", "Ts Js Qs Ks As Ah Ad Ac Kd Jk"])
    weaker, stronger = obj["weaker"], obj["stronger"]
    assert isinstance(weaker, dict) and isinstance(stronger, dict)
    assert {weaker["category"], stronger["category"]} == {"royal-flush", "four-of-a-kind"}
    assert obj["key"] == [6, 7, weaker["strength"], stronger["strength"]]


def test_arrange_all(capsys: pytest.CaptureFixture[str]) -> None:
    (best,) = run_json(capsys, ["hands", "arrange", "--json", HOLDING])
    (obj,) = run_json(capsys, ["hands", "arrange", "--json", "--all", HOLDING])
    splits = obj["splits"]
    assert isinstance(splits, list) and len(splits) == 126
    assert sorted(entry["split"] for entry in splits) == list(range(126))
    keys = [entry["key"] for entry in splits]
    assert keys == sorted(keys, reverse=True)
    first = dict(splits[0])
    assert first.pop("place") == 1
    assert first == {k: best[k] for k in ("weaker", "stronger", "split", "key")}
    for position, entry in enumerate(splits, 1):
        better = sum(1 for other in keys if other > entry["key"])
        assert entry["place"] == better + 1, position
    # the alias gives the same answer
    assert run_json(capsys, ["hands", "arrange", "--json", "--arrange-all", HOLDING]) == [obj]


def test_arrange_all_plain(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["hands", "arrange", "--all", HOLDING]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{HOLDING}: 126 splits, best first"
    assert len(lines) == 127
    assert lines[1].startswith("   1. weaker: Ts Th Td Ks Kh  Full House")
    assert lines[1].endswith("[split 20]")


# --- batches on standard input ---------------------------------------------------------------


def test_batch_json_in_input_order(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, "Kc Kd Qh Jh Jk\n\n  \nTs,Js,Qs,Ks,Jk\nAs Ah Ad Ac Kd\n")
    objs = run_json(capsys, ["hands", "rank", "--json"])
    assert [(o["line"], o["category"]) for o in objs] == [
        (1, "pair"),
        (4, "royal-flush"),
        (5, "four-of-a-kind"),
    ]
    assert all(next(iter(o)) == "line" for o in objs)


def test_batch_plain(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, f"{HOLDING}\n{HOLDING.lower()}\n")
    assert run(["hands", "arrange"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and lines[0] == lines[1]
    assert lines[0].startswith("weaker: Ts Th Td Ks Kh")


def test_batch_arrange_all_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, f"{HOLDING}\nTs Js Qs Ks As Ah Ad Ac Kd Jk\n")
    objs = run_json(capsys, ["hands", "arrange", "--all", "--json"])
    assert [o["line"] for o in objs] == [1, 2]
    assert all(len(o["splits"]) == 126 for o in objs)  # type: ignore[arg-type]


def test_batch_json_bad_lines_reported_in_place(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, "Ts Js Qs Ks As\nXx Js Qs Ks As\n\nAs As Ks Qs Js\nTs Js\nKc Kd Qh Jh Jk\n")
    assert run(["hands", "rank", "--json"]) == 2
    captured = capsys.readouterr()
    objs = [json.loads(line) for line in captured.out.splitlines()]
    assert [o["line"] for o in objs] == [1, 2, 4, 5, 6]
    assert objs[0]["category"] == "royal-flush" and objs[4]["category"] == "pair"
    errors = {o["line"]: o["error"] for o in objs if "error" in o}
    assert set(errors) == {2, 4, 5}
    assert all(set(o) == {"line", "error"} for o in objs if "error" in o)
    assert "'Xx'" in errors[2]
    assert "As appears more than once" in errors[4]
    assert "exactly 5 cards, got 2" in errors[5]
    assert "3 of 5 hands could not be read (lines 2, 4, 5)" in captured.err
    assert "Traceback" not in captured.err


def test_batch_plain_bad_lines_go_to_stderr(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, "Ts Js Qs Ks As\n9s Ts Js Qs Ks\nKc Kd Qh Jh Jk\n")
    assert run(["hands", "rank"]) == 2
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [
        "Ts Js Qs Ks As  Royal Flush  (strength 188)",
        "Kc Kd Qh Jh Jk  Pair  (strength 32)",
    ]
    assert "divided: error: line 2: 9s is not in the 21-card pack" in captured.err
    assert captured.err.rstrip().endswith("1 of 3 hands could not be read (line 2)")


def test_empty_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "\n\n")
    assert run(["hands", "rank", "--json"]) == 0
    assert capsys.readouterr().out == ""


# --- errors for a hand given as arguments ----------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rank", "Ts", "Js", "Qs", "Ks", "Zz"], "'Zz' is not a card"),
        (["rank", "Ts Js Qs Ks 1s"], "'1s' is not a card"),
        (["rank", "Ts", "Js", "Qs", "Ks", "Ts"], "Ts appears more than once"),
        (["rank", "Ts", "Js", "Qs", "Ks"], "'rank' takes exactly 5 cards, got 4: Ts Js Qs Ks"),
        (["rank", *HOLDING.split()], "'rank' takes exactly 5 cards, got 10"),
        (["rank", "9s Ts Js Qs Ks"], "9s is not in the 21-card pack"),
        (["arrange", ROYAL], "'arrange' takes exactly 10 cards, got 5"),
        (["arrange", "--json", HOLDING, "Jk"], "'arrange' takes exactly 10 cards, got 11"),
        (["arrange", "Ts Th Td Js Jh Jd Qs Qh Ks Ks"], "Ks appears more than once"),
        (["arrange", "--all", "Ts Th Td Js Jh Jd Qs Qh Ks"], "exactly 10 cards, got 9"),
        (["rank", ",,"], "'rank' takes exactly 5 cards, got 0"),
    ],
)
def test_bad_hand_exits_2_with_clear_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert run(["hands", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("divided: error: ")
    assert message in captured.err
    assert len(captured.err.splitlines()) == 1
    assert "Traceback" not in captured.err


def test_missing_action_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run(["hands"])
    assert exit_info.value.code == 2
    assert "ACTION" in capsys.readouterr().err


# --- the real entry points -------------------------------------------------------------------


def test_through_divided_cli_main(capsys: pytest.CaptureFixture[str]) -> None:
    from divided.cli.main import main

    assert main(["hands", "rank", "--json", "Kc", "Kd", "Qh", "Jh", "Jk"]) == 0
    assert json.loads(capsys.readouterr().out)["category"] == "pair"
    assert main(["hands", "rank", "Kc", "Kd", "Qh", "Jh", "Xy"]) == 2
    assert "'Xy' is not a card" in capsys.readouterr().err


def test_python_dash_m_divided() -> None:
    command = [sys.executable, "-m", "divided", "hands", "rank", "--json", *ROYAL.split()]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["category"] == "royal-flush"

    bad = [sys.executable, "-m", "divided", "hands", "rank", "Ts", "Js", "Qs", "Ks", "Qq"]
    done = subprocess.run(bad, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert done.stderr.startswith("divided: error: 'Qq' is not a card")
    assert "Traceback" not in done.stderr


# --- the scheme: --game for a game's own hands, --rules for the standard deck ---------------


def test_game_divided_ranks_is_the_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = "Kc Kd Qh Jh Jk\nTs Js Qs Ks As\n"
    for json_flag in ([], ["--json"]):
        feed(monkeypatch, text)
        assert run(["hands", "rank", *json_flag]) == 0
        default = capsys.readouterr().out
        feed(monkeypatch, text)
        assert run(["hands", "rank", "--game", "divided-ranks", *json_flag]) == 0
        assert capsys.readouterr().out == default
    (obj,) = run_json(capsys, ["hands", "rank", "--game", "divided-ranks", "--json", ROYAL])
    assert obj == {"cards": ROYAL.split(), "category": "royal-flush", "label": "Royal Flush",
                   "strength": 187, "game": "divided-ranks"}


def test_unknown_game_is_a_clear_error_listing_the_known_ones(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin = io.StringIO(f"{ROYAL}\n")
    monkeypatch.setattr(sys, "stdin", stdin)
    assert run(["hands", "rank", "--game", "no-such-game"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "'no-such-game'" in captured.err and "divided-ranks" in captured.err
    assert len(captured.err.splitlines()) == 1
    assert stdin.tell() == 0  # nothing was read


@pytest.mark.parametrize(
    "argv",
    [
        ["--rules", "omaha", ROYAL],
        ["--rules", "high", "--game", "divided-ranks", ROYAL],
        ["--game"],
    ],
)
def test_scheme_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run(["hands", "rank", *argv])
    assert exit_info.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_a_joker_of_another_deck_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["hands", "rank", "Ts Js Qs Ks Jk1"]) == 2
    err = capsys.readouterr().err
    assert "Jk1" in err and "21-card" in err and "written Jk" in err


class ToyCategory(HandCategory):
    NO_ACE = 1
    ACES = 2


class ToyThree:
    """A test-only three-card system of the 21-card pack: the more aces, the better."""

    name = "toy-three"
    pack = PACK_21
    sizes = (3,)
    categories = ToyCategory

    def rank(self, cards: Sequence[Card]) -> HandRank[ToyCategory]:
        return self.rank_of(self.strength(cards))

    def strength(self, cards: Sequence[Card]) -> int:
        PACK_21.mask(cards, size=3)
        return sum(card.rank == Rank.ACE for card in cards)

    def rank_of(self, order: int) -> HandRank[ToyCategory]:
        category = ToyCategory.ACES if order else ToyCategory.NO_ACE
        return HandRank(self.name, order, category, f"{order} aces")

    def rank_batch(self, indices: object) -> object:
        raise NotImplementedError


def test_a_registered_game_ranks_each_size_with_its_own_system(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    module = types.ModuleType("toy_hands")
    module.TOY_THREE = ToyThree()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "toy_hands", module)
    module.SYSTEMS = (PACK21_FIVE, module.TOY_THREE)  # type: ignore[attr-defined]
    hands_cli.HANDS.register("toy-commons", "toy_hands:SYSTEMS")
    request.addfinalizer(lambda: hands_cli.HANDS.unregister("toy-commons"))
    (three,) = run_json(capsys, ["hands", "rank", "--game", "toy-commons", "--json", "As Ah Ts"])
    assert three == {"cards": ["As", "Ah", "Ts"], "category": "aces", "label": "Aces", "strength": 2,
                     "game": "toy-commons"}
    (five,) = run_json(capsys, ["hands", "rank", "--game", "toy-commons", "--json", ROYAL])
    assert five["category"] == "royal-flush" and five["strength"] == 187
    assert run(["hands", "rank", "--game", "toy-commons", "Ts Js Qs Ks"]) == 2
    assert "'rank' takes exactly 3 or 5 cards, got 4" in capsys.readouterr().err
    assert run(["hands", "rank", "--game", "no-such-game", ROYAL]) == 2
    assert "divided-ranks, toy-commons" in capsys.readouterr().err
    hands_cli.HANDS.register("not-hands", "json:dumps")
    request.addfinalizer(lambda: hands_cli.HANDS.unregister("not-hands"))
    with pytest.raises(TypeError, match="not ranking systems"):
        hands_cli.game_systems("not-hands")
