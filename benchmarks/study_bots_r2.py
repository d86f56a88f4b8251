"""Bots measured exactly on rounds=2 Divided Ranks studies: NashConv over rounds 4 and 5.

Run (one core, resumable: every finished measure is a line of ``raw.jsonl`` in ``--out``, and a
re-run skips the ones there)::

    PYTHONPATH=src .venv/bin/python benchmarks/study_bots_r2.py --openings 4 \\
        --bots random,expert,expert-classic --values reports/endgame-openings-r2/rows.jsonl \\
        --out reports/endgame-bots-r2

A rounds=2 study deals rounds 1-3 as a public opening (``opening_seed``); the rest of the game,
rounds 4 and 5 with the reserve and the build, is the tree of
:class:`divided.bots.divided_ranks.endgame.round4.Round4Tree` (630 deals, about 200,000
information states, 11 million leaves). For each opening, swap variant and reserve order
(player 0 the first splitter: it chooses in round 4 and splits round 5) the bot is asked at every
information state from that player's view
(:class:`divided.bots.divided_ranks.endgame.bot_strategy.Round4Study`), and the solver's exact
best responses to that strategy give its NashConv and each seat's guaranteed score.

``--values`` reads the equilibrium values that ``divided solve --rounds 2`` wrote (``rows.jsonl``,
solved to its NashConv target) and adds each seat's loss: the equilibrium value of the seat minus
what the bot guarantees in it. ``--split-rounds`` solves each study (CFR+ to ``--target``) and
measures two mixtures besides: the bot in round 4 with the equilibrium in round 5, and the
other way round, which says which round the NashConv comes from. Payoff points: a win +1, a loss
-1 (NashConv 2 at most; half of it in win chance).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from study_rows import commit, parse_bots, read_rows

from divided import bots as bot_registry
from divided.bots.divided_ranks.endgame.bot_strategy import Round4Study
from divided.bots.divided_ranks.endgame.openings import ORDERS, SWAPS
from divided.bots.divided_ranks.endgame.solver import CFRSolver, Floats

ROUND4_LAYERS = 2
"""The tree's first two layers are round 4's split and choice; the other four are round 5's."""


def study_key(seed: int, swap: str, order: str) -> str:
    return f"s{seed}-{swap}-{order}"


def equilibrium_values(path: Path | None) -> dict[str, float]:
    """Player 0's equilibrium value (payoff points) of each study in a ``divided solve
    --rounds 2`` rows file (player 0 is the round-5 splitter there)."""
    if path is None:
        return {}
    out = {}
    for row in read_rows(path):
        if "opening" in row and row.get("first_splitter", 0) == 0:
            out[study_key(row["opening"], row["swap"], row["order"])] = 2 * row["splitter_value"] - 1
    return out


def measure(solver: CFRSolver, strategy: list[Floats]) -> dict[str, float]:
    """Both best responses' values and their sum, the NashConv."""
    first = solver.best_response_value(strategy, 0)
    second = solver.best_response_value(strategy, 1)
    return {"nash_conv": first + second, "best_response_0": first, "best_response_1": second}


def run(openings: range, swaps: list[str], orders: list[str], bot_specs: list[tuple[str, str]], out: Path, *,
        values_path: Path | None = None, split_rounds: bool = False, target: float = 0.01) -> None:
    out.mkdir(parents=True, exist_ok=True)
    raw = out / "raw.jsonl"
    done = {(r["study"], r["bot"]) for r in read_rows(raw)}
    values = equilibrium_values(values_path)
    head = commit()
    with raw.open("a", encoding="utf-8") as sink:
        for seed in openings:
            for swap in swaps:
                for order in orders:
                    key = study_key(seed, swap, order)
                    todo = [(label, spec) for label, spec in bot_specs if (key, label) not in done]
                    if not todo:
                        continue
                    study = Round4Study.load(seed, swap=swap, order=order)
                    solver = CFRSolver(study.tree)
                    equilibrium: list[Floats] | None = None
                    solved: dict[str, Any] = {}
                    if split_rounds:
                        began = time.perf_counter()
                        report = solver.solve(target=target, max_iterations=20_000, check_every=10)
                        equilibrium = solver.average()
                        solved = {"solve_nash_conv": report.nash_conv, "solve_iterations": report.iterations,
                                  "solve_seconds": time.perf_counter() - began,
                                  "solved_value_0": solver.value(equilibrium)}
                    for label, spec in todo:
                        began = time.perf_counter()
                        strategy = study.strategy_of(bot_registry.make_bot("divided-ranks", spec))
                        asked = time.perf_counter() - began
                        row: dict[str, Any] = {"study": key, "bot": label, "spec": spec, "opening_seed": seed,
                                               "swap": swap, "order": order, **measure(solver, strategy),
                                               "information_states": sum(len(s) for s in strategy),
                                               "asking_seconds": asked, "commit": head, **solved}
                        if key in values:
                            row["equilibrium_value_0"] = values[key]
                            row["loss_as_0"] = values[key] + row["best_response_1"]
                            row["loss_as_1"] = -values[key] + row["best_response_0"]
                        if equilibrium is not None:
                            mixes = {"round4_only": strategy[:ROUND4_LAYERS] + equilibrium[ROUND4_LAYERS:],
                                     "round5_only": equilibrium[:ROUND4_LAYERS] + strategy[ROUND4_LAYERS:]}
                            for name, mix in mixes.items():
                                row[f"nash_conv_{name}"] = measure(solver, mix)["nash_conv"]
                        row["seconds"] = time.perf_counter() - began
                        sink.write(json.dumps(row) + "\n")
                        sink.flush()
                        print(f"{key} {label}: NashConv {row['nash_conv']:.4f} ({asked:.0f} s asking)", flush=True)
    (out / "tables.md").write_text(tables(read_rows(raw)), encoding="utf-8")


def tables(rows: list[dict[str, Any]]) -> str:
    """The aggregates as markdown: each bot's NashConv by swap variant, and every study."""
    labels = list(dict.fromkeys(r["bot"] for r in rows))
    lines = ["## NashConv over rounds 4 and 5 (payoff points)", "",
             "| bot | swap | studies | NashConv mean | min | max | studies with a solved value | "
             "loss as round-5 splitter (mean) | loss as round-5 chooser (mean) |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for label in labels:
        for swap in (*SWAPS, "both"):
            group = [r for r in rows if r["bot"] == label and swap in (r["swap"], "both")]
            if not group:
                continue
            conv = [r["nash_conv"] for r in group]
            valued = [r for r in group if "loss_as_0" in r]
            losses = (f"{len(valued)} | {statistics.fmean(r['loss_as_0'] for r in valued):+.3f} | "
                      f"{statistics.fmean(r['loss_as_1'] for r in valued):+.3f}") if valued else "0 | | "
            lines.append(f"| {label} | {swap} | {len(group)} | {statistics.fmean(conv):.4f} | {min(conv):.4f} | "
                         f"{max(conv):.4f} | {losses} |")
    split = [r for r in rows if "nash_conv_round4_only" in r]
    if split:
        lines += ["", "## Which round it comes from (studies solved with --split-rounds)", "",
                  "NashConv of the bot's round 4 with the equilibrium's round 5 (round 4 only), and of the "
                  "equilibrium's round 4 with the bot's round 5 (round 5 only).", "",
                  "| bot | studies | whole: mean (min-max) | round 4 only: mean (min-max) | round 5 only: mean (min-max) |",
                  "|---|---:|---:|---:|---:|"]
        for label in dict.fromkeys(r["bot"] for r in split):
            group = [r for r in split if r["bot"] == label]
            cells = []
            for key in ("nash_conv", "nash_conv_round4_only", "nash_conv_round5_only"):
                values = [r[key] for r in group]
                cells.append(f"{statistics.fmean(values):.3f} ({min(values):.3f}-{max(values):.3f})")
            lines.append(f"| {label} | {len(group)} | " + " | ".join(cells) + " |")
    lines += ["", "## Every study", "",
              "| study | bot | NashConv | best response as 0 | best response as 1 | round 4 only | round 5 only |",
              "|---|---|---:|---:|---:|---:|---:|"]
    for r in sorted(rows, key=lambda r: (r["opening_seed"], r["swap"], r["order"], r["bot"])):
        split = " | ".join(f"{r[k]:.4f}" if k in r else "" for k in ("nash_conv_round4_only", "nash_conv_round5_only"))
        lines.append(f"| {r['study']} | {r['bot']} | {r['nash_conv']:.4f} | {r['best_response_0']:+.4f} | "
                     f"{r['best_response_1']:+.4f} | {split} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--openings", type=int, default=2, help="how many opening seeds (default 2)")
    parser.add_argument("--first-opening", type=int, default=0, help="the first opening seed (default 0)")
    parser.add_argument("--swaps", default=",".join(SWAPS), help="swap variants, comma-separated")
    parser.add_argument("--orders", default=",".join(ORDERS), help="reserve orders, comma-separated")
    parser.add_argument("--bots", default="random,expert,expert-classic", help="bots (label=spec allowed)")
    parser.add_argument("--values", type=Path, help="rows.jsonl of `divided solve --rounds 2` (each seat's loss)")
    parser.add_argument("--split-rounds", action="store_true",
                        help="solve each study and measure the bot in round 4 alone and in round 5 alone")
    parser.add_argument("--target", type=float, default=0.01, help="NashConv target of --split-rounds' solve")
    parser.add_argument("--out", type=Path, default=Path("reports/endgame-bots-r2"), help="the report folder")
    parser.add_argument("--tables-only", action="store_true", help="only rewrite tables.md from raw.jsonl")
    args = parser.parse_args(argv)
    if args.tables_only:
        (args.out / "tables.md").write_text(tables(read_rows(args.out / "raw.jsonl")), encoding="utf-8")
        return 0
    swaps = [s for s in args.swaps.split(",") if s]
    orders = [o for o in args.orders.split(",") if o]
    unknown = sorted(set(swaps) - set(SWAPS)) + sorted(set(orders) - set(ORDERS))
    if unknown:
        parser.error(f"unknown swap variant or reserve order: {', '.join(unknown)}")
    run(range(args.first_opening, args.first_opening + args.openings), swaps, orders, parse_bots(args.bots),
        args.out, values_path=args.values, split_rounds=args.split_rounds, target=args.target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
