"""``divided solve --openings``: numpy only, resumable, one clear error line for bad arguments."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from divided.bots.divided_ranks.endgame import openings as op
from divided.cli import extras
from divided.cli.main import build_parser, main

QUICK = ["--target", "0.05"]  # a loose target keeps the solves to a few dozen iterations


@pytest.fixture
def solved(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record which openings get solved."""
    seeds: list[int] = []
    real = op.solve_opening

    def spy(seed: int, settings: op.OpeningSettings, **kwargs: Any) -> list[dict[str, Any]]:
        seeds.append(seed)
        return real(seed, settings, **kwargs)

    monkeypatch.setattr(op, "solve_opening", spy)
    return seeds


def test_it_needs_no_extra_and_works_without_openspiel(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert extras.needed(build_parser().parse_args(["solve", "--openings", "1", "--out", "run"])) == []
    real = importlib.util.find_spec

    def find_spec(name: str, package: str | None = None) -> object:
        return None if name.partition(".")[0] in ("pyspiel", "open_spiel", "matplotlib", "rich") else real(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    assert main(["solve", "--openings", "1", *QUICK]) == 0
    out = capsys.readouterr().out
    assert "first-at-the-reserve edge (coin order)" in out and "face-up - blind" in out


def test_rows_reports_and_resuming(tmp_path: Path, solved: list[int], capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "run"
    assert main(["solve", "--openings", "1", "--first-opening", "5", *QUICK, "--out", str(folder)]) == 0
    lines = (folder / "rows.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0]) == {"settings": op.OpeningSettings(target=0.05).as_dict()}
    rows = [json.loads(line) for line in lines[1:]]
    assert {(r["opening"], r["swap"], r["order"]) for r in rows} == {
        (5, swap, order) for swap in op.SWAPS for order in op.ORDERS}
    summary = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
    assert summary["openings"] == [5] and summary["studies"] == 4
    assert summary["command"] == f"divided solve --openings 1 --first-opening 5 --target 0.05 --out {folder}"
    assert "first-at-the-reserve edge" in (folder / "report.md").read_text(encoding="utf-8")
    assert solved == [5]
    # a longer run with the same settings solves only the new opening and keeps the old rows as they were
    assert main(["solve", "--openings", "2", "--first-opening", "5", *QUICK, "--out", str(folder)]) == 0
    assert solved == [5, 6]
    again = (folder / "rows.jsonl").read_text(encoding="utf-8").splitlines()
    assert again[:5] == lines and len(again) == 9
    assert json.loads((folder / "summary.json").read_text(encoding="utf-8"))["openings"] == [5, 6]
    assert "1 already in" in capsys.readouterr().out
    # an interrupted write leaves half a line: it is dropped and that opening solved again
    with (folder / "rows.jsonl").open("a", encoding="utf-8") as handle:
        handle.write('{"opening": 7, "swap": "bl')
    assert main(["solve", "--openings", "3", "--first-opening", "5", *QUICK, "--out", str(folder)]) == 0
    assert solved == [5, 6, 7]
    final = (folder / "rows.jsonl").read_text(encoding="utf-8").splitlines()
    assert final[:9] == again and len(final) == 13 and all(json.loads(line) for line in final)


def test_a_file_written_with_other_settings_is_refused(tmp_path: Path, solved: list[int],
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "run"
    assert main(["solve", "--openings", "1", *QUICK, "--out", str(folder)]) == 0
    before = (folder / "rows.jsonl").read_bytes()
    capsys.readouterr()
    assert main(["solve", "--openings", "2", "--target", "0.01", "--out", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("divided: error: ") and "other settings" in err and err.count("\n") == 1
    assert (folder / "rows.jsonl").read_bytes() == before and solved == [0]


@pytest.mark.parametrize(("argv", "message"), [
    (["--openings", "0"], "--openings must be at least 1"),
    (["--openings", "two"], "--openings must be a whole number"),
    (["--openings", "2", "--first-opening", "-1"], "--first-opening must be from 0"),
    (["--openings", "2", "--first-opening", "x"], "--first-opening must be a whole number"),
    (["--openings", "2", "--target", "0"], "--target must be a positive number"),
    (["--openings", "2", "--target", "nan"], "--target must be a positive number"),
    (["--openings", "2", "--rounds", "3"], "rounds=1 and rounds=2 studies"),
    (["--openings", "2", "--bots", "expert"], "--bots does not go with --openings"),
    (["--openings", "2", "--option", "swap=face-up"], "--option does not go with --openings"),
    (["--first-opening", "3"], "--first-opening goes with --openings"),
])
def test_bad_arguments_give_one_error_line_and_exit_2(argv: list[str], message: str, tmp_path: Path,
                                                      solved: list[int], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", *argv, "--out", str(tmp_path / "run")]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("divided: error: ") and message in captured.err
    assert captured.err.count("\n") == 1 and captured.out == ""
    assert solved == [] and not (tmp_path / "run").exists()
