"""Interrupted runs keep their finished games, are marked unfinished, and resume to the same records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from divided.sim import Arm, LabError, RunInterrupted, SerialExecutor, analyse, finish, make_plan, run
from divided.sim.plan import Plan
from divided.sim.report import write_results


def plan(games_count: int = 20, swap: str = "blind") -> Plan:
    return make_plan("simulate", "divided-ranks", [Arm("run", {"swap": swap}, ("random",))], games_count, seed=5)


def records(folder: Path) -> list[dict[str, Any]]:
    lines = [json.loads(text) for text in (folder / "games.jsonl").read_text().splitlines()]
    return sorted(lines, key=lambda line: line["index"])


def interrupt_after(chunks: int) -> Any:
    seen = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        if len(seen) > chunks:  # the first call reports the games already done
            raise KeyboardInterrupt

    return progress


def test_an_interrupted_run_resumes_to_the_records_of_an_uninterrupted_one(tmp_path: Path) -> None:
    whole, broken = tmp_path / "whole", tmp_path / "broken"
    run(plan(), SerialExecutor(), out=whole)
    with pytest.raises(RunInterrupted) as stop:
        run(plan(), SerialExecutor(), out=broken, progress=interrupt_after(2))
    assert 0 < stop.value.done < 20 and stop.value.total == 20
    saved = records(broken)
    assert len(saved) == stop.value.done
    status = json.loads((broken / "run.json").read_text())
    assert status["status"] == "interrupted" and status["games_done"] == stop.value.done
    assert (broken / "INCOMPLETE.md").exists()
    assert not (broken / "report.md").exists() and not (broken / "summary.json").exists()

    result = run(plan(), SerialExecutor(), out=broken, resume=True, keep_lines=True)
    assert records(broken) == records(whole)
    assert len(result.lines["run"]) == 20
    write_results(broken, analyse(result))
    finish(result)
    assert not (broken / "INCOMPLETE.md").exists()
    assert json.loads((broken / "run.json").read_text())["status"] == "complete"


def test_a_line_cut_short_by_a_crash_is_dropped_and_replayed(tmp_path: Path) -> None:
    whole, crashed = tmp_path / "whole", tmp_path / "crashed"
    run(plan(), SerialExecutor(), out=whole)
    with pytest.raises(RunInterrupted):
        run(plan(), SerialExecutor(), out=crashed, progress=interrupt_after(1))
    games_file = crashed / "games.jsonl"
    kept = len(games_file.read_text().splitlines())
    with open(games_file, "a") as handle:
        handle.write('{"arm": "run", "index": 19, "pair"')  # the crash hit mid-line
    run(plan(), SerialExecutor(), out=crashed, resume=True)
    assert records(crashed) == records(whole)
    assert kept < 20


def test_resume_refuses_a_folder_with_other_settings(tmp_path: Path) -> None:
    with pytest.raises(RunInterrupted):
        run(plan(), SerialExecutor(), out=tmp_path, progress=interrupt_after(1))
    before = (tmp_path / "games.jsonl").read_bytes()
    with pytest.raises(LabError, match=r"different run \(.*swap is blind there, face-up here"):
        run(plan(swap="face-up"), SerialExecutor(), out=tmp_path, resume=True)
    with pytest.raises(LabError, match="games is 20 there, 40 here"):
        run(plan(40), SerialExecutor(), out=tmp_path, resume=True)
    assert (tmp_path / "games.jsonl").read_bytes() == before  # nothing touched


def test_a_folder_in_use_needs_resume(tmp_path: Path) -> None:
    run(plan(), SerialExecutor(), out=tmp_path)
    with pytest.raises(LabError, match=r"already holds this run .* add --resume"):
        run(plan(), SerialExecutor(), out=tmp_path)
    with pytest.raises(LabError, match="holds a different run"):
        run(plan(swap="face-up"), SerialExecutor(), out=tmp_path)


def test_a_folder_that_is_not_a_run_is_refused(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(LabError, match="not empty and holds no lab run"):
        run(plan(), SerialExecutor(), out=tmp_path)
    with pytest.raises(LabError, match="nothing to resume"):
        run(plan(), SerialExecutor(), out=tmp_path / "new", resume=True)
    assert not (tmp_path / "new").exists()


def test_a_foreign_line_in_the_games_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(RunInterrupted):
        run(plan(), SerialExecutor(), out=tmp_path, progress=interrupt_after(1))
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    line = json.loads(lines[0])
    line["seed"] += 1
    (tmp_path / "games.jsonl").write_text("\n".join([json.dumps(line), *lines[1:]]) + "\n")
    with pytest.raises(LabError, match="line 1, does not match this run"):
        run(plan(), SerialExecutor(), out=tmp_path, resume=True)
