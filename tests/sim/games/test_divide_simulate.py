"""``divided simulate divide`` end to end: six players, the default bot, every file written, and
the room's figures in the summary agree with the games' own lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from divided.cli.main import main


def test_simulate_divide_at_six_players(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    assert main(["simulate", "divide", "--players", "6", "--games", "12", "--workers", "1", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "12 games (2 deals)" in printed and "Share of the win by seat from the first dealer" in printed

    lines = [json.loads(text) for text in (out / "games.jsonl").read_text().splitlines()]
    assert len(lines) == 12 and all(line["options"]["players"] == 6 for line in lines)
    assert all(len(line["seats"]) == 6 and line["facts"]["players"] == 6 for line in lines)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["status"] == "complete"
    metrics = {m["key"]: m for m in summary["arms"][0]["metrics"]}
    dealer_share = sum(line["returns"][line["facts"]["first_dealer"]] for line in lines) / 12
    assert metrics["position.0.win-share"]["estimate"] == pytest.approx(dealer_share)
    assert sum(metrics[f"position.{k}.win-share"]["estimate"] for k in range(6)) == pytest.approx(1.0)
    assert metrics["pick.1.points"]["estimate"] + metrics["pick.1.trump"]["estimate"] + metrics[
        "pick.1.lead"]["estimate"] == pytest.approx(1.0)
    report = (out / "report.md").read_text()
    for section in ("## Seats", "## The draft", "## Reward value", "## Trump", "## Scores", "## Endings"):
        assert section in report
    for name in ("seats.png", "dealer-points.png", "draft.png", "points-by-place.png", "next-trick.png",
                 "endings.png"):
        assert (out / name).read_bytes().startswith(b"\x89PNG")
