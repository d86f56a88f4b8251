"""Same behaviour of the lab before and after a change: run ``divided simulate`` and ``divided
ladder`` at a git revision and at the work tree, and compare what they produced.

::

    python scripts/compare_lab.py                 # against main
    python scripts/compare_lab.py --rev 5ef849e --keep runs/compare

The revision is checked out into a temporary git worktree (removed afterwards) and run with the
same Python, its own ``src`` first on the path; the work tree is run the same way. A fixed set of
runs (several bot pairs, every rule option of Divided Ranks at a value other than its default, a
comparison, a ladder, the one-game-per-deal format) plays a few hundred games in all, in one
process each, so it takes a few minutes on one core.

Compared exactly, game by game (by arm and game number): the seats, the deal pair, the seed, the
rule options, the game record (options, chance outcomes and actions) and the returns. Compared
exactly, metric by metric (by key): every figure of ``summary.json`` (estimate, interval, count,
units, kind, method), the comparison's differences, the ladder's ratings and matches, and the
headline. Metrics only the new version has are listed (new generic metrics are allowed, and a
comparison's headline may count them among the metrics compared, nothing else); a metric whose
words (label, section, note) changed is listed as a note, not a failure.

Exit status 0 when everything compared is the same, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

BASE = ["--games", "40", "--seed", "11", "--workers", "1"]

RUNS: dict[str, list[str]] = {
    "random-self": ["simulate", "divided-ranks", "--bots", "random", *BASE],
    "skilled-random": ["simulate", "divided-ranks", "--bots", "skilled,random", *BASE],
    "hide-weaker-hide-stronger": ["simulate", "divided-ranks", "--bots", "hide-weaker,hide-stronger", *BASE],
    "expert-skilled": ["simulate", "divided-ranks", "--bots", "expert:budget=8,skilled",
                       "--games", "8", "--seed", "5", "--workers", "1"],
    "first-splitter-0": ["simulate", "divided-ranks", "--bots", "skilled,random", "--first-splitter", "0", *BASE],
    "first-splitter-1": ["simulate", "divided-ranks", "--bots", "random", "--first-splitter", "1", *BASE],
    "reserve-coin": ["simulate", "divided-ranks", "--bots", "random", "--reserve-order", "coin", *BASE],
    "reserve-splitter-first": ["simulate", "divided-ranks", "--bots", "skilled",
                               "--reserve-order", "splitter-first", *BASE],
    "weaker-first": ["simulate", "divided-ranks", "--bots", "skilled,random", "--scoring", "weaker-first", *BASE],
    "face-up": ["simulate", "divided-ranks", "--bots", "random,skilled", "--swap", "face-up", *BASE],
    "rounds-3": ["simulate", "divided-ranks", "--bots", "random", "--rounds", "3", "--opening-seed", "7", *BASE],
    "rounds-1": ["simulate", "divided-ranks", "--bots", "skilled", "--rounds", "1", *BASE],
    "build-auto": ["simulate", "divided-ranks", "--bots", "random", "--build", "auto", *BASE],
    "no-duplicate": ["simulate", "divided-ranks", "--bots", "skilled,random", "--no-duplicate",
                     "--games", "31", "--seed", "3", "--workers", "1"],
    "compare-swap": ["simulate", "divided-ranks", "--bots", "random", "--compare", "swap=face-up",
                     "--games", "30", "--seed", "2", "--workers", "1"],
    "compare-bots": ["simulate", "divided-ranks", "--bots", "random", "--compare-bots", "skilled,random",
                     "--games", "20", "--seed", "4", "--workers", "1"],
    "ladder": ["ladder", "divided-ranks", "--bots", "random,skilled,hide-weaker", "--games", "20", "--seed", "6",
               "--workers", "1", "--bootstrap", "50"],
}

GAME_FIELDS = ("seats", "pair", "seed", "options", "record", "returns")
FIGURES = ("estimate", "low", "high", "count", "units", "kind", "method")
WORDS = ("label", "section", "note")


def run_all(source: Path, out: Path) -> None:
    """Every run of :data:`RUNS` with ``source/src`` first on the path; outputs under ``out``."""
    env = dict(os.environ, PYTHONPATH=str(source / "src"), COLUMNS="200")
    for name, words in RUNS.items():
        folder = out / name
        command = [sys.executable, "-m", "divided", *words, "--out", str(folder)]
        done = subprocess.run(command, env=env, cwd=source, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"{name} failed at {source.name}:\n{done.stderr.strip()}")


def games_of(folder: Path) -> dict[tuple[str, int], dict[str, Any]]:
    lines = [json.loads(t) for t in (folder / "games.jsonl").read_text().splitlines() if t.strip()]
    return {(str(line["arm"]), int(line["index"])): line for line in lines}


def compare_games(name: str, old: Path, new: Path, problems: list[str]) -> int:
    before, after = games_of(old), games_of(new)
    if set(before) != set(after):
        problems.append(f"{name}: different games ({len(before)} before, {len(after)} after)")
    for key in sorted(set(before) & set(after)):
        for field in GAME_FIELDS:
            if before[key].get(field) != after[key].get(field):
                problems.append(f"{name}: game {key} differs in {field}")
    return len(before)


def _by_key(items: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {str(item["key"]): item for item in items}


def compare_summaries(name: str, old: Path, new: Path, problems: list[str], notes: list[str]) -> int:
    before = json.loads((old / "summary.json").read_text())
    after = json.loads((new / "summary.json").read_text())
    compared = 0
    for arm_before, arm_after in zip(before["arms"], after["arms"], strict=True):
        label = arm_before["label"]
        for field in ("label", "options", "bots", "games"):
            if arm_before[field] != arm_after[field]:
                problems.append(f"{name}/{label}: arm {field} differs")
        old_metrics, new_metrics = _by_key(arm_before["metrics"]), _by_key(arm_after["metrics"])
        for key, metric in old_metrics.items():
            if key not in new_metrics:
                problems.append(f"{name}/{label}: metric {key} is missing")
                continue
            compared += 1
            changed = [f for f in FIGURES if metric[f] != new_metrics[key][f]]
            if changed:
                problems.append(f"{name}/{label}: metric {key} differs in {', '.join(changed)}: "
                                f"{[metric[f] for f in changed]} -> {[new_metrics[key][f] for f in changed]}")
            reworded = [f for f in WORDS if metric[f] != new_metrics[key][f]]
            if reworded:
                notes.append(f"{name}/{label}: metric {key}: {', '.join(reworded)} "
                             f"{[metric[f] for f in reworded]} -> {[new_metrics[key][f] for f in reworded]}")
        added = sorted(set(new_metrics) - set(old_metrics))
        if added:
            notes.append(f"{name}/{label}: {len(added)} new metrics ({', '.join(added[:6])}"
                         f"{', ...' if len(added) > 6 else ''})")
    if "differences" in before:
        old_diff, new_diff = _by_key(before["differences"]), _by_key(after.get("differences", []))
        for key, diff in old_diff.items():
            if key not in new_diff:
                problems.append(f"{name}: difference {key} is missing")
            elif any(diff[part] != new_diff[key][part] for part in ("baseline", "variant", "change")):
                problems.append(f"{name}: difference {key} differs")
            compared += 1
        if before.get("same_deals") != after.get("same_deals"):
            problems.append(f"{name}: same_deals differs")
    if "ladder" in before:
        if before["ladder"] != after.get("ladder"):
            problems.append(f"{name}: ladder ratings or matches differ")
        compared += 1
    added = len({d["key"] for d in after.get("differences", [])} - {d["key"] for d in before.get("differences", [])})
    for sentence in (s for s in before["headline"] if s not in after["headline"]):
        recounted = _recount(sentence, added)
        if added and recounted in after["headline"]:
            notes.append(f"{name}: the headline counts the {added} new metrics among those compared: {recounted}")
        else:
            problems.append(f"{name}: headline sentence gone or changed: {sentence}")
    return compared


def _recount(sentence: str, added: int) -> str:
    """A comparison's headline sentence with ``added`` more metrics compared (``(59 compared)``,
    ``of 59 metrics``): the only change new metrics may make to it."""
    sentence = re.sub(r"\((\d+) compared\)", lambda m: f"({int(m[1]) + added} compared)", sentence)
    return re.sub(r" of (\d+) metrics changed", lambda m: f" of {int(m[1]) + added} metrics changed", sentence)


def checkout(rev: str, into: Path) -> None:
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(into), rev],
                   check=True, capture_output=True, text=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rev", default="main", help="the git revision to compare against (default main)")
    parser.add_argument("--keep", type=Path, default=None, metavar="DIR",
                        help="keep both sets of outputs in DIR/before and DIR/after (default: a temporary folder)")
    args = parser.parse_args(argv)
    temp = Path(tempfile.mkdtemp(prefix="compare-lab-"))
    out = args.keep if args.keep is not None else temp
    checkout_dir = temp / "checkout"
    try:
        checkout(args.rev, checkout_dir)
        run_all(checkout_dir, out / "before")
        run_all(ROOT, out / "after")
        problems: list[str] = []
        notes: list[str] = []
        played = compared = 0
        for name in RUNS:
            played += compare_games(name, out / "before" / name, out / "after" / name, problems)
            compared += compare_summaries(name, out / "before" / name, out / "after" / name, problems, notes)
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(checkout_dir)],
                       check=False, capture_output=True)
        if args.keep is None:
            shutil.rmtree(temp, ignore_errors=True)
    for note in notes:
        print(f"note: {note}")
    for problem in problems:
        print(f"DIFFERENT: {problem}")
    verdict = "the same" if not problems else f"{len(problems)} differences"
    print(f"{len(RUNS)} runs against {args.rev}: {played} games (records, returns) and {compared} "
          f"figures compared: {verdict}")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
