"""The output folder of a run: written so that an interrupted run is never mistaken for a result.

Layout of ``--out DIR``:

* ``run.json``: the plan (everything that fixes the results) and the run's status:
  ``running``, ``interrupted`` or ``complete``.
* ``games.jsonl``: one JSON object per finished game, appended as chunks finish (in completion
  order; each line has its arm and game number).
* ``INCOMPLETE.md``: present while the run is not finished; says how to resume.
* ``report.md``, ``summary.json`` and ``*.png``: written only when every game is done, each to a
  temporary file first and then renamed, so they are either absent or whole.

``--resume`` reads ``games.jsonl`` back (dropping a last line cut short by a crash), checks that
every line belongs to this plan, and plays only the games that are missing.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path

from divided.sim.ledger import Ledger
from divided.sim.plan import LabError, Plan
from divided.sim.play import GameLine

RUN_FILE = "run.json"
GAMES_FILE = "games.jsonl"
INCOMPLETE_FILE = "INCOMPLETE.md"
STORE_FORMAT = 1

Key = tuple[str, int]


def write_atomic(path: Path, data: str | bytes) -> None:
    """Write a whole file or nothing: a temporary file in the same folder, then a rename."""
    temporary = path.with_name(f".{path.name}.tmp")
    payload = data if isinstance(data, bytes) else data.encode("utf-8")
    with open(temporary, "wb") as handle:
        handle.write(payload)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


class RunStore:
    """A run's output folder, opened for a plan (see :meth:`open`)."""

    def __init__(self, folder: Path, plan: Plan, ledger: Ledger) -> None:
        self.folder = folder
        self.plan = plan
        self.ledger = ledger
        self.resume_hint = ""
        self._games = open(folder / GAMES_FILE, "a", encoding="utf-8")  # noqa: SIM115 (kept open)

    @classmethod
    def check(cls, folder: Path, plan: Plan, resume: bool) -> None:
        """Raise the :class:`LabError` that :meth:`open` would for the folder and settings,
        without writing anything (the games file itself is checked by :meth:`open`)."""
        cls._inspect(folder, plan, resume, None)

    @classmethod
    def open(cls, folder: Path, plan: Plan, resume: bool, resume_hint: str = "",
             ledger: Ledger | None = None) -> RunStore:
        """Open ``folder`` for ``plan``: a new run in a new or empty folder, or, with
        ``resume``, the same run left there, its finished games counted into ``ledger``.
        Anything else is refused with a :class:`LabError` that says what is in the way."""
        ledger = ledger if ledger is not None else Ledger(plan)
        cls._inspect(folder, plan, resume, ledger)
        folder.mkdir(parents=True, exist_ok=True)
        for stale in folder.glob(".*.tmp"):
            stale.unlink()
        store = cls(folder, plan, ledger)
        store.resume_hint = resume_hint
        store.mark("running")
        return store

    @classmethod
    def _inspect(cls, folder: Path, plan: Plan, resume: bool, ledger: Ledger | None) -> None:
        if folder.exists() and not folder.is_dir():
            raise LabError(f"--out {folder} is a file, not a folder")
        run_file = folder / RUN_FILE
        existing = [p.name for p in folder.iterdir() if not p.name.startswith(".")] if folder.exists() else []
        if not run_file.exists():
            if resume:
                raise LabError(f"nothing to resume: {folder} holds no lab run (no {RUN_FILE}); drop --resume")
            if existing:
                raise LabError(f"--out {folder} is not empty and holds no lab run; choose a new or empty folder")
            return
        stored_plan, status = cls._read_run_file(run_file)
        differences = plan.differences(stored_plan)
        if differences:
            what = "; ".join(differences[:6]) + (f"; and {len(differences) - 6} more" if len(differences) > 6 else "")
            raise LabError(f"--out {folder} holds a different run ({what}); choose another folder"
                           + (" or repeat that run's settings" if resume else ""))
        if not resume:
            total = plan.games * len(plan.arms)
            games_file = folder / GAMES_FILE
            lines = _count_lines(games_file)
            raise LabError(f"--out {folder} already holds this run ({status}, {lines} of {total} "
                           "games done); add --resume to continue it, or choose another folder")
        if ledger is not None:
            cls._read_games(folder / GAMES_FILE, plan, ledger)

    @staticmethod
    def _read_run_file(path: Path) -> tuple[Plan, str]:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as error:
            raise LabError(f"cannot read {path}: {error}") from None
        if not isinstance(data, dict) or data.get("format") != STORE_FORMAT:
            raise LabError(f"{path} is not a run description this version can read")
        return Plan.from_dict(data.get("plan")), str(data.get("status", "unknown"))

    @staticmethod
    def _read_games(path: Path, plan: Plan, ledger: Ledger) -> None:
        """Count the run's finished games into ``ledger``; a last line cut short by a crash is
        dropped (and cut from the file, so appending starts on a fresh line)."""
        if not path.exists():
            return
        keep = 0  # bytes of whole lines; anything after the last newline was cut short by a crash
        with open(path, "rb") as handle:
            for number, text in enumerate(handle, 1):
                if not text.endswith(b"\n"):
                    break
                keep += len(text)
                if not text.strip():
                    continue
                try:
                    line = json.loads(text)
                except ValueError:
                    raise LabError(f"{path}, line {number}, is not a game record: the folder is damaged") from None
                _check_line(line, plan, path, number)
                ledger.take(line)
        if keep < path.stat().st_size:
            with open(path, "r+b") as handle:
                handle.truncate(keep)

    def append(self, lines: Iterable[GameLine]) -> None:
        """Add finished games (flushed at once, so a crash loses at most the line being written)."""
        text = "".join(json.dumps(line, sort_keys=True) + "\n" for line in lines)
        self._games.write(text)
        self._games.flush()

    def mark(self, status: str) -> None:
        """Record the run's status; anything but ``complete`` leaves ``INCOMPLETE.md`` in place."""
        total = self.ledger.total
        done = self.ledger.count
        data = {"format": STORE_FORMAT, "status": status, "games_done": done, "games_total": total,
                "updated": datetime.now(UTC).isoformat(timespec="seconds"), "plan": self.plan.to_dict()}
        write_atomic(self.folder / RUN_FILE, json.dumps(data, indent=2) + "\n")
        incomplete = self.folder / INCOMPLETE_FILE
        if status == "complete":
            incomplete.unlink(missing_ok=True)
            return
        hint = self.resume_hint or "the same command with --resume"
        write_atomic(incomplete, (
            "# This run is not finished\n\n"
            f"Status: {status}. {done} of {total} games are saved in `{GAMES_FILE}`; there is no "
            "report yet, and nothing in this folder is a result.\n\n"
            f"To finish it, run:\n\n    {hint}\n"
        ))

    def record(self, lines: Sequence[GameLine]) -> None:
        """Append lines and count them as done."""
        self.append(lines)
        for line in lines:
            self.ledger.take(line)

    def close(self) -> None:
        self._games.close()


def _count_lines(path: Path) -> int:
    if not path.exists():
        return 0
    with open(path, "rb") as handle:
        return sum(1 for text in handle if text.endswith(b"\n"))


def _check_line(line: object, plan: Plan, path: Path, number: int) -> Key:
    where = f"{path}, line {number}"
    if not isinstance(line, dict) or not isinstance(line.get("facts"), dict):
        raise LabError(f"{where}, is not a game record: the folder is damaged")
    try:
        arm = plan.arm(str(line["arm"]))
        index = int(line["index"])
    except (KeyError, TypeError, ValueError, LabError):
        raise LabError(f"{where}, names no game of this run: the folder is damaged") from None
    if not 0 <= index < plan.games:
        raise LabError(f"{where}, is game {index}, outside this run's {plan.games} games")
    setup = plan.setup(arm, index)
    if line.get("seed") != setup.seed or list(line.get("seats", [])) != list(setup.seats):
        raise LabError(f"{where}, does not match this run's seeds and seats: the folder is damaged")
    return arm.label, index
