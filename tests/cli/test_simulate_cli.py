"""`divided simulate` and `divided ladder` end to end, and every kind of bad input."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

import pytest

from divided import games
from divided.cli.main import build_parser, main
from three_cards import NAME as THREE_CARDS
from three_cards import CardsRules


def simulate(out: Path, *extra: str) -> list[str]:
    return ["simulate", "divided-ranks", "--bots", "random", "--games", "8", "--seed", "1", "--out", str(out),
            "--workers", "1", *extra]


def test_a_tiny_run_writes_report_records_summary_and_plots(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    assert main(simulate(out, "--swap", "face-up")) == 0
    printed = capsys.readouterr().out
    assert "8 games (4 deal pairs)" in printed and str(out) in printed

    lines = [json.loads(t) for t in (out / "games.jsonl").read_text().splitlines()]
    assert sorted(line["index"] for line in lines) == list(range(8))
    assert all(line["options"]["swap"] == "face-up" for line in lines)
    assert {"seed", "pair", "seats", "options", "record", "facts"} <= set(lines[0])

    summary = json.loads((out / "summary.json").read_text())
    assert summary["status"] == "complete"
    assert summary["arms"][0]["games"] == 8
    metrics = {m["key"]: m for m in summary["arms"][0]["metrics"]}
    first_splitter_wins = sum(
        1 for line in lines if line["facts"]["winner"] == line["facts"]["first_splitter"])
    assert metrics["role.first-splitter.win"]["estimate"] == pytest.approx(first_splitter_wins / 8)
    assert metrics["role.first-splitter.win"]["low"] <= metrics["role.first-splitter.win"]["estimate"]

    report = (out / "report.md").read_text()
    assert report.startswith("# Lab report") and "## Headline" in report and "95% interval" in report
    assert "swap=face-up" in report and "100% by construction" in report
    for png in summary["plots"]:
        assert (out / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"({png})" in report
    assert len(summary["plots"]) >= 3
    assert json.loads((out / "run.json").read_text())["status"] == "complete"
    assert not (out / "INCOMPLETE.md").exists()
    assert not list(out.glob(".*.tmp"))


def test_every_rule_option_of_the_game_has_its_own_flag() -> None:
    parser = build_parser()
    for command in ("simulate", "ladder"):
        subparser = parser._subparsers._group_actions[0].choices[command]  # type: ignore[union-attr]
        flags = {flag for action in subparser._actions for flag in action.option_strings}
        for option in games.load("divided-ranks").info.options:
            assert f"--{option.name.replace('_', '-')}" in flags


def test_compare_plays_both_settings_on_the_same_deals(tmp_path: Path) -> None:
    out = tmp_path / "cmp"
    assert main(simulate(out, "--compare", "reserve-order=coin", "--compare", "swap=face-up")) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert [arm["label"] for arm in summary["arms"]] == ["baseline", "variant"]
    assert summary["arms"][1]["options"]["reserve_order"] == "coin"
    assert summary["same_deals"] == 1.0
    changes = {d["key"]: d for d in summary["differences"]}
    draw = changes["draw"]
    assert draw["change"]["estimate"] == pytest.approx(draw["variant"]["estimate"] - draw["baseline"]["estimate"])
    assert "## Differences" in (out / "report.md").read_text()


def test_compare_bots_on_the_same_deals(tmp_path: Path) -> None:
    out = tmp_path / "bots"
    assert main(simulate(out, "--compare-bots", "random,random:auto_arrange=no")) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["arms"][1]["bots"] == ["random", "random:auto_arrange=no"]


def test_ladder_prints_ratings_and_writes_a_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ladder"
    argv = ["ladder", "divided-ranks", "--bots", "random,random:auto_arrange=no", "--games", "20",
            "--seed", "3", "--workers", "1", "--bootstrap", "50", "--out", str(out)]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "rating" in printed and "random:auto_arrange=no" in printed
    summary = json.loads((out / "summary.json").read_text())
    ratings = summary["ladder"]["ratings"]
    assert len(ratings) == 2
    # Two bots: the closed form, with one virtual draw: p = (points + 1/2) / (games + 1).
    points = {r["bot"]: r["score"] * r["games"] for r in ratings}
    top, bottom = ratings
    expected = 400 * __import__("math").log10((points[top["bot"]] + 0.5) / (points[bottom["bot"]] + 0.5))
    assert top["rating"] - bottom["rating"] == pytest.approx(expected)
    assert (out / "ratings.png").read_bytes()[:4] == b"\x89PNG"


def test_ladder_without_out_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["ladder", "divided-ranks", "--bots", "random,random:auto_arrange=no", "--games", "4",
                 "--workers", "1", "--bootstrap", "0"]) == 0
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_keeps_finished_games_and_prints_how_to_resume(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import divided.sim.executor as executor

    real = executor.play_chunk
    calls = {"n": 0}

    def flaky(task: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return real(task)

    monkeypatch.setattr(executor, "play_chunk", flaky)
    out = tmp_path / "run"
    argv = simulate(out, "--games", "16", "--option", "reserve_order=coin")
    assert main(argv) == 130
    err = capsys.readouterr().err
    assert "interrupted: 4 of 16 games are saved" in err
    assert (out / "INCOMPLETE.md").exists() and not (out / "report.md").exists()
    command = err.split("Resume with:\n")[1].strip()
    assert "--resume" in command and "reserve_order=coin" in command

    monkeypatch.setattr(executor, "play_chunk", real)
    assert main(shlex.split(command)[1:]) == 0
    assert (out / "report.md").exists() and not (out / "INCOMPLETE.md").exists()
    assert main(simulate(tmp_path / "whole", "--games", "16", "--reserve-order", "coin")) == 0

    def records(folder: Path) -> list[str]:
        return sorted((folder / "games.jsonl").read_text().splitlines())

    assert records(out) == records(tmp_path / "whole")


def run_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("divided: error: ") and err.count("\n") == 1 and "Traceback" not in err
    return err


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        (["--bots", "nobody"], "unknown bot 'nobody'"),
        (["--bots", "random,random,random"], "has 2 seats"),
        (["--option", "colour=red"], "unknown rule option colour"),
        (["--option", "swap"], "write NAME=VALUE"),
        (["--swap", "sideways"], "swap='sideways' is not allowed"),
        (["--swap", "blind", "--option", "swap=face-up"], "given twice"),
        (["--games", "0"], "must be positive"),
        (["--games", "-4"], "must be positive"),
        (["--games", "7"], "odd, but the duplicate format plays every deal twice"),
        (["--games", "many"], "--games must be a whole number"),
        (["--seed", "x"], "--seed must be a whole number"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--backend", "ray", "--address", "127.0.0.1:1"], "no Ray cluster answers at '127.0.0.1:1'"),
        (["--address", "127.0.0.1:1"], "--address is for --backend ray"),
        (["--compare", "swap=blind"], "the variant is the same as the baseline"),
        (["--compare", "colour=red"], "unknown rule option colour"),
        (["--resume"], "nothing to resume"),
    ],
)
def test_bad_input_exits_2_with_one_line_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], fragment: str) -> None:
    out = tmp_path / "never"
    err = run_error(simulate(out, *extra), capsys)
    assert fragment in err
    assert not out.exists()


def test_odd_games_without_duplicate_are_fine(tmp_path: Path) -> None:
    assert main(simulate(tmp_path / "odd", "--games", "3", "--no-duplicate")) == 0


def test_an_out_folder_holding_another_run_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    assert main(simulate(out)) == 0
    capsys.readouterr()
    report = (out / "report.md").read_bytes()
    err = run_error(simulate(out, "--swap", "face-up"), capsys)
    assert "holds a different run" in err and "swap is blind there, face-up here" in err
    err = run_error(simulate(out, "--swap", "face-up", "--resume"), capsys)
    assert "holds a different run" in err
    err = run_error(simulate(out), capsys)
    assert "already holds this run" in err and "--resume" in err
    assert (out / "report.md").read_bytes() == report  # the finished result is untouched
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("x")
    assert "not empty and holds no lab run" in run_error(simulate(tmp_path / "other"), capsys)


@pytest.mark.parametrize(
    ("bots", "fragment"),
    [("random", "at least two bots"), ("random,random", "listed twice"), ("random,ghost", "unknown bot 'ghost'")],
)
def test_ladder_bad_bots(bots: str, fragment: str, capsys: pytest.CaptureFixture[str]) -> None:
    err = run_error(["ladder", "divided-ranks", "--bots", bots, "--games", "4", "--workers", "1"], capsys)
    assert fragment in err


def test_ladder_resume_needs_out(capsys: pytest.CaptureFixture[str]) -> None:
    err = run_error(["ladder", "divided-ranks", "--bots", "random,random:auto_arrange=no", "--resume"], capsys)
    assert "--resume needs --out" in err


def test_any_registered_game_runs_through_simulate_with_seat_rotations(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Three Cards (``tests/three_cards.py``), the tests-only three-player game, with its rule option."""
    games.register(THREE_CARDS, CardsRules)
    try:
        out = tmp_path / "three"
        assert main(["simulate", THREE_CARDS, "--bots", "random:auto_arrange=no", "--games", "6", "--seed", "2",
                     "--out", str(out), "--workers", "1", "--ranks", "paired"]) == 0
        assert "6 games (2 deals) of random:auto_arrange=no against itself" in capsys.readouterr().out
        lines = [json.loads(t) for t in (out / "games.jsonl").read_text().splitlines()]
        assert sorted((line["pair"], len(line["seats"])) for line in lines) == [(0, 3)] * 3 + [(1, 3)] * 3
        assert {line["record"]["options"]["ranks"] for line in lines} == {"paired"}
        metrics = {m["key"] for m in json.loads((out / "summary.json").read_text())["arms"][0]["metrics"]}
        assert {"seat.2.win", "draw", "length"} <= metrics and "head-to-head" not in metrics
        assert main(["simulate", THREE_CARDS, "--games", "4", "--out", str(tmp_path / "bad"), "--workers", "1"]) == 2
        assert "not a multiple of 3" in capsys.readouterr().err
        assert main(["ladder", THREE_CARDS, "--bots", "random:auto_arrange=no,random:auto_arrange=off", "--games", "6"]) == 2
        assert "the ladder rates bots from two-player matches, but three-cards has 3 seats" in capsys.readouterr().err
    finally:
        games.unregister(THREE_CARDS)
