"""Bots measured exactly on many rounds=1 Divided Ranks studies, against the solved endgame.

Run (one core, resumable; every finished measure is a line of ``raw.jsonl`` in ``--out``, and a
re-run skips the ones there)::

    PYTHONPATH=src .venv/bin/python benchmarks/study_bots.py --openings 20 \\
        --bots random,skilled,expert --out reports/endgame-bots-r1

For each opening seed, swap variant (blind, face-up) and first splitter (0, 1), the study
``divided solve --rounds 1 --algorithm endgame`` solves (literal reserve order, auto build) is
solved by the endgame solver to NashConv 0.001, checked by OpenSpiel's exploitability; then each
bot's NashConv and its expected score against the solved strategy in each seat (OpenSpiel's
``exploitability.nash_conv`` and ``expected_game_score`` over the whole tree, the bot's mixed
strategy ``action_probabilities`` from its view alone). ``--bots`` takes ``label=spec`` too
(``expert-classic=expert``: measure bot ``expert`` under that label). ``tables.md`` in ``--out``
gets the aggregates, rewritten from all of ``raw.jsonl`` at the end of every run.

Gap: the bot's expected score (+1 a win, -1 a loss) minus the solved strategy's own in that seat
(against an equilibrium no strategy gains more than the equilibrium's NashConv, so a gap is at
most ~0.001 above 0). Roles: the round-5 splitter is the first splitter (it splits rounds 1, 3, 5).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import pyspiel
from study_rows import commit, parse_bots, read_rows

from divided.adapters.studies import cfr as study
from divided.adapters.studies.divided_ranks import study_game_string
from divided.adapters.studies.endgame.divided_ranks import EndgamePolicy, first_decisions

SWAPS = ("blind", "face-up")
SPLITTERS = (0, 1)


def study_key(seed: int, swap: str, first: int) -> str:
    return f"s{seed}-{swap}-f{first}"


def quick_solution(game: str) -> study.Solution:
    """The solved strategy without OpenSpiel's check of its NashConv (the solver's own only)."""
    policy = EndgamePolicy(pyspiel.load_game(game))
    for state in first_decisions(policy.game):
        for player in (0, 1):
            policy.endgame(state.view(player))
    iterations = max(e.report.iterations for e in policy.endgames.values())
    return study.Solution(game, "endgame", [(iterations, float("nan"))], average_policy=policy,
                          solver_nash_conv=max(e.report.nash_conv for e in policy.endgames.values()))


def run(openings: range, bots: list[tuple[str, str]], out: Path, *, check: bool = True) -> None:
    out.mkdir(parents=True, exist_ok=True)
    raw = out / "raw.jsonl"
    rows = read_rows(raw)
    done = {(r["study"], r.get("bot", "")) for r in rows}
    checked = {r["study"] for r in rows if r.get("nash_conv_openspiel") is not None}
    head = commit()
    with raw.open("a", encoding="utf-8") as sink:
        def emit(row: dict[str, Any]) -> None:
            sink.write(json.dumps(row) + "\n")
            sink.flush()

        for seed in openings:
            for swap in SWAPS:
                for first in SPLITTERS:
                    key = study_key(seed, swap, first)
                    todo = [(label, spec) for label, spec in bots if (key, label) not in done]
                    if not todo and (key in checked or not check):
                        continue
                    game = study_game_string(rounds=1, opening_seed=seed, first_splitter=first, swap=swap)
                    started = time.perf_counter()
                    solved = [r for r in rows if r["study"] == key and "bot" not in r]
                    if check and key not in checked:
                        solution = study.solve(game, 1, [1], "endgame")
                    elif solved:  # solved before: solve again without the check
                        solution = study.Solution(game, "endgame", average_policy=EndgamePolicy(pyspiel.load_game(game)),
                                                  value=solved[0]["value_player_0"])
                    else:
                        solution = quick_solution(game)
                    value = study.equilibrium_value(game, solution)
                    if not solved or (check and key not in checked):
                        conv = solution.curve[-1][1]
                        emit({"study": key, "opening_seed": seed, "swap": swap, "first_splitter": first,
                              "game": game, "value_player_0": value,
                              "nash_conv_openspiel": None if conv != conv else conv,
                              "nash_conv_solver": solution.solver_nash_conv, "iterations": solution.curve[-1][0],
                              "information_states": solution.info_states,
                              "seconds": time.perf_counter() - started, "commit": head})
                        done.add((key, ""))
                        if conv == conv:
                            checked.add(key)
                        rows.append({"study": key, "value_player_0": value})
                    for label, spec in todo:
                        started = time.perf_counter()
                        measure = study.measure_bot(game, spec, solution)
                        emit({"study": key, "bot": label, "spec": spec, "opening_seed": seed, "swap": swap,
                              "first_splitter": first, "nash_conv": measure.nash_conv,
                              "as_player_0": measure.against_cfr[0], "as_player_1": measure.against_cfr[1],
                              "value_player_0": measure.cfr_value, "decisions": measure.decisions,
                              "decision_seconds": measure.seconds, "seconds": time.perf_counter() - started,
                              "commit": head})
                        done.add((key, label))
                        print(f"{key} {label}: NashConv {measure.nash_conv:.4f}, gaps "
                              f"{measure.against_cfr[0] - measure.cfr_value:+.4f} / "
                              f"{measure.against_cfr[1] + measure.cfr_value:+.4f}", flush=True)
    (out / "tables.md").write_text(tables(read_rows(raw)), encoding="utf-8")


def gaps(row: dict[str, Any]) -> tuple[float, float]:
    """The bot's gap as the round-5 splitter and as the chooser."""
    seat = (row["as_player_0"] - row["value_player_0"], row["as_player_1"] + row["value_player_0"])
    splitter = row["first_splitter"]
    return seat[splitter], seat[1 - splitter]


def tables(rows: list[dict[str, Any]]) -> str:
    """The aggregates as markdown: the studies, then each bot by swap variant and overall."""
    by_study: dict[str, dict[str, Any]] = {}
    for row in (r for r in rows if "bot" not in r):
        if row["study"] not in by_study or row.get("nash_conv_openspiel") is not None:
            by_study[row["study"]] = row
    studies = list(by_study.values())
    measures = [r for r in rows if "bot" in r]
    lines = ["## The studies", "",
             f"{len(studies)} studies ({len({r['opening_seed'] for r in studies})} openings x swap x first splitter).", "",
             "| swap | studies | value for the round-5 splitter (mean, min, max) | NashConv OpenSpiel (max) | "
             "NashConv solver (max) | |OpenSpiel - solver| (max) | iterations (median) | seconds (median) |",
             "|---|---:|---|---:|---:|---:|---:|---:|"]
    for swap in SWAPS:
        group = [r for r in studies if r["swap"] == swap]
        if not group:
            continue
        splitter = [r["value_player_0"] if r["first_splitter"] == 0 else -r["value_player_0"] for r in group]
        checked = [r for r in group if r.get("nash_conv_openspiel") is not None] or [{"nash_conv_openspiel": float("nan"),
                                                                                      "nash_conv_solver": float("nan")}]
        lines.append(
            f"| {swap} | {len(group)} | {statistics.fmean(splitter):+.4f}, {min(splitter):+.4f}, {max(splitter):+.4f} | "
            f"{max(r['nash_conv_openspiel'] for r in checked):.5f} ({len(checked)} checked) | "
            f"{max(r['nash_conv_solver'] for r in group):.5f} | "
            f"{max(abs(r['nash_conv_openspiel'] - r['nash_conv_solver']) for r in checked):.1e} | "
            f"{statistics.median(r['iterations'] for r in group):.0f} | "
            f"{statistics.median(r['seconds'] for r in checked if 'seconds' in r) if 'seconds' in checked[0] else float('nan'):.1f} |")
    lines += ["", "## Bots against the solved strategy", "",
              "NashConv: the bot's strategy's (0 at an equilibrium, 2 at most). Gap: the bot's expected score "
              "against the solved strategy minus the solved strategy's own in that role (+1 a win, -1 a loss); "
              "worst: the lowest over the studies. Within 0.03: the share of studies where both roles' gaps are "
              "at least -0.03.", "",
              "| bot | swap | studies | NashConv mean | NashConv max | NashConv <= 0.10 | gap as splitter mean (worst) | "
              "gap as chooser mean (worst) | within 0.03 |", "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    labels = list(dict.fromkeys(r["bot"] for r in measures))
    for label in labels:
        for swap in (*SWAPS, "both"):
            group = [r for r in measures if r["bot"] == label and swap in (r["swap"], "both")]
            if not group:
                continue
            conv = [r["nash_conv"] for r in group]
            split, choose = zip(*(gaps(r) for r in group), strict=True)
            within = sum(1 for r in group if min(gaps(r)) >= -0.03)
            lines.append(f"| {label} | {swap} | {len(group)} | {statistics.fmean(conv):.4f} | {max(conv):.4f} | "
                         f"{sum(1 for c in conv if c <= 0.10)}/{len(group)} | {statistics.fmean(split):+.4f} "
                         f"({min(split):+.4f}) | {statistics.fmean(choose):+.4f} ({min(choose):+.4f}) | "
                         f"{within}/{len(group)} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--openings", type=int, default=20, help="how many opening seeds (default 20)")
    parser.add_argument("--first-opening", type=int, default=0, help="the first opening seed (default 0)")
    parser.add_argument("--bots", default="random,skilled,expert", help="bots (label=spec allowed), comma-separated")
    parser.add_argument("--out", type=Path, default=Path("reports/endgame-bots-r1"), help="the report folder")
    parser.add_argument("--no-check", action="store_true",
                        help="skip OpenSpiel's check of the solved strategy's NashConv (a later run can add it)")
    parser.add_argument("--tables-only", action="store_true", help="only rewrite tables.md from raw.jsonl")
    args = parser.parse_args(argv)
    if args.tables_only:
        (args.out / "tables.md").write_text(tables(read_rows(args.out / "raw.jsonl")), encoding="utf-8")
        return 0
    run(range(args.first_opening, args.first_opening + args.openings), parse_bots(args.bots), args.out, check=not args.no_check)
    return 0


if __name__ == "__main__":
    sys.exit(main())
