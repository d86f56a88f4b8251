"""The Ray backend gives the same records as playing in this process (a local Ray instance)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from divided.sim import Arm, LabError, RayExecutor, SerialExecutor, make_plan, run

pytest.importorskip("ray")


def lines(folder: Path) -> list[dict[str, object]]:
    return sorted((json.loads(t) for t in (folder / "games.jsonl").read_text().splitlines()),
                  key=lambda line: (str(line["arm"]), int(str(line["index"]))))


@pytest.mark.slow
def test_ray_local_gives_the_records_of_a_serial_run(tmp_path: Path) -> None:
    plan = make_plan("compare", "divided-ranks", [Arm("baseline", {}, ("random", "random:auto_arrange=no")),
                                                  Arm("variant", {"swap": "face-up"}, ("random",))], 16, seed=21)
    run(plan, SerialExecutor(), out=tmp_path / "serial")
    with RayExecutor("local", workers=2) as executor:
        assert executor.workers == 2
        run(plan, executor, out=tmp_path / "ray")
    assert lines(tmp_path / "ray") == lines(tmp_path / "serial")
    assert len(lines(tmp_path / "ray")) == 32


def test_a_ray_address_that_does_not_answer_is_refused_quickly() -> None:
    import time

    started = time.monotonic()
    with pytest.raises(LabError, match=re.escape("no Ray cluster answers at '127.0.0.1:1'")):
        RayExecutor("127.0.0.1:1", timeout=2)
    assert time.monotonic() - started < 10
