"""``divided solve``: solve a small setting of a game (a study) with OpenSpiel's CFR, or many
Divided Ranks openings with the endgame solver.

::

    divided solve --rounds 1 --opening-seed 0 --iterations 256 --bots random,skilled,expert --out runs/study
    divided solve --openings 20 --out runs/openings

The first form needs the optional ``openspiel`` extra. The game (``--game``, Divided Ranks by default) gives its
own arguments (:mod:`divided.adapters.studies`). Prints NashConv as CFR (or CFR+) iterates, then each
bot's exact NashConv and expected score against the CFR strategy in both seats; with
``--out`` also writes report.md, summary.json and nashconv.png.

The second (``--openings N``, numpy only) solves the studies (``--rounds`` 1 or 2) of openings
``S .. S+N-1`` (``--first-opening S``) for both swap variants and both reserve orders with the
vectorised endgame solver, found by game id in :data:`OPENINGS` (Divided Ranks':
``divided.bots.divided_ranks.endgame.openings``), and prints the designer's
figures, each a mean over openings with a 95% interval. With ``--out`` each opening's rows are
appended to ``rows.jsonl`` as it finishes; a later run with the same settings skips the
openings already there (a run with other settings is refused), then writes report.md and
summary.json.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from divided.errors import RuleOptionError
from divided.registry import Registry


def register(subparsers: Any) -> None:
    from divided.adapters.studies import STUDIES

    parser = subparsers.add_parser(
        "solve", help="solve a shortened game (a study) with OpenSpiel's CFR; measure bots' exploitability",
        description="Solve a small setting of a game (Divided Ranks: rounds below 5, a fixed public opening) "
                    "with OpenSpiel's tabular CFR, report NashConv by iteration, and measure bots exactly "
                    "against the solution. Needs: pip install 'divided[openspiel]'. Or, with --openings, "
                    "solve the rounds=1 studies of many Divided Ranks openings with the endgame solver "
                    "(numpy only) and report the game's values for designers.",
    )
    parser.add_argument("--game", default="divided-ranks", choices=STUDIES.names(),
                        help="the game studied (default divided-ranks)")
    for game in STUDIES.names():
        STUDIES.get(game).add_arguments(parser)
    parser.add_argument("--iterations", default="128", metavar="N", help="CFR iterations (default 128)")
    parser.add_argument("--algorithm", default="cfr", help="cfr (default) or cfr+")
    parser.add_argument("--bots", default="", metavar="A,B", help="bots to measure, e.g. random,skilled,expert")
    parser.add_argument("--out", default=None, type=Path, metavar="DIR",
                        help="also write report.md, summary.json and nashconv.png here (with --openings: "
                             "rows.jsonl, resumable, report.md and summary.json)")
    parser.add_argument("--openings", default=None, metavar="N",
                        help="solve the studies (--rounds 1, or 2: about 15 s each) of N openings, both swap "
                             "variants and both reserve orders, with the endgame solver; no OpenSpiel needed")
    parser.add_argument("--first-opening", default="0", metavar="S",
                        help="with --openings: the first opening seed (default 0)")
    parser.add_argument("--target", default="0.001", metavar="X",
                        help="with --openings: solve each study to NashConv X in payoff points (default 0.001)")
    parser.set_defaults(handler=_run)


def _integer(text: str, name: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise RuleOptionError(f"{name} must be a whole number, got {text!r}") from None


def checkpoints(iterations: int) -> list[int]:
    """Powers of two up to ``iterations``, and ``iterations`` itself.

    >>> checkpoints(100)
    [1, 2, 4, 8, 16, 32, 64, 100]
    """
    marks = [1 << k for k in range(iterations.bit_length()) if 1 << k <= iterations]
    return sorted({*marks, iterations})


def _run(args: argparse.Namespace) -> int:
    from divided.adapters.studies import STUDIES

    if args.openings is not None:
        return _run_openings(args)
    for name in ("first_opening", "target"):
        if getattr(args, name) != _DEFAULTS[name]:
            raise RuleOptionError(f"--{name.replace('_', '-')} goes with --openings")
    game_study = STUDIES.get(args.game)
    try:
        from divided.adapters.studies import cfr as study
    except ImportError as error:
        raise RuleOptionError(f"divided solve needs OpenSpiel: pip install 'divided[openspiel]' ({error})") from None
    import pyspiel  # type: ignore[import-not-found, unused-ignore]

    iterations = _integer(args.iterations, "--iterations")
    if args.algorithm not in study.ALGORITHMS:
        raise RuleOptionError(f"unknown --algorithm {args.algorithm!r}; choose one of {', '.join(study.ALGORITHMS)}")
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if bots:
        from divided.bots import make_bot

        for spec in bots:
            make_bot(args.game, spec)  # bad names fail before the long run
    game_string = game_study.game_string(args)
    try:
        pyspiel.load_game(game_string)
    except (pyspiel.SpielError, ValueError) as error:
        raise RuleOptionError(str(error)) from None
    print(f"Solving {game_string} with {args.algorithm.upper()}, {iterations} iterations")
    solution = study.solve(game_string, iterations, checkpoints(iterations), args.algorithm,
                           progress=lambda i, v: print(f"  iteration {i:>5}: NashConv {v:.4f}", flush=True))
    uniform = study.uniform_nash_conv(game_string)
    print(f"Information states: {solution.info_states}; uniform random policy NashConv {uniform:.4f}")
    measures = []
    for spec in bots:
        measure = study.measure_bot(game_string, spec, solution)
        measures.append(measure)
        print(f"  {spec}: NashConv {measure.nash_conv:.4f}; against the CFR strategy "
              f"{measure.against_cfr[0]:+.4f} as player 0, {measure.against_cfr[1]:+.4f} as player 1 "
              f"(the CFR strategy itself: {measure.cfr_value:+.4f} / {-measure.cfr_value:+.4f}); "
              f"margin {measure.margin:+.4f}")
    if args.out is not None:
        _write(args.out, args, game_string, solution, uniform, measures)
        print(f"Wrote {args.out}/report.md")
    return 0


def _write(folder: Path, args: argparse.Namespace, game_string: str, solution: Any, uniform: float,
           measures: list[Any]) -> None:
    from divided.sim.plots import curves

    folder.mkdir(parents=True, exist_ok=True)
    label = args.algorithm.upper()
    (folder / "nashconv.png").write_bytes(curves(
        f"NashConv of the {label} average strategy", [(label, solution.curve)],
        xlabel="iterations", ylabel="NashConv"))
    from divided.adapters.studies import STUDIES

    game = "" if args.game == "divided-ranks" else f" --game {args.game}"
    command = (f"divided solve{game} {STUDIES.get(args.game).command(args)} --iterations {args.iterations} "
               f"--algorithm {args.algorithm}" + (f" --bots {args.bots}" if args.bots else "") + f" --out {folder}")
    summary = {
        "game": game_string, "algorithm": args.algorithm, "command": command,
        "information_states": solution.info_states, "uniform_nash_conv": uniform,
        "nash_conv": [{"iteration": i, "nash_conv": v, "seconds": s}
                      for (i, v), s in zip(solution.curve, solution.seconds, strict=True)],
        "bots": [{"bot": m.bot, "nash_conv": m.nash_conv, "as_player_0": m.against_cfr[0],
                  "as_player_1": m.against_cfr[1], "cfr_value_player_0": m.cfr_value, "margin": m.margin,
                  "decisions": m.decisions, "decision_seconds": m.seconds} for m in measures],
    }
    (folder / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    lines = [
        f"# Study: {game_string}", "",
        f"Command: `{command}`", "",
        f"{label} on OpenSpiel's tabular solver; {solution.info_states} information states. NashConv is "
        "the sum over both players of what a best response gains against the strategy (0 at an "
        f"equilibrium; the uniform random policy scores {uniform:.4f}; the largest possible is 2).", "",
        "| iterations | NashConv | seconds |", "|---:|---:|---:|",
        *[f"| {i} | {v:.4f} | {s:.0f} |" for (i, v), s in zip(solution.curve, solution.seconds, strict=True)],
        "", "![NashConv by iteration](nashconv.png)", "",
    ]
    if measures:
        value = measures[0].cfr_value
        lines += [
            "## Bots against the solution", "",
            "Each bot as a pure strategy (one action per information state, from the view only). "
            f"Expected score (+1 win, -1 loss) against the {label} strategy in each seat; the {label} "
            f"strategy against itself scores {value:+.4f} as player 0. Margin: the average over both seats "
            f"of the bot's score minus the {label} strategy's own in that seat.", "",
            "| bot | NashConv | as player 0 | as player 1 | margin | decisions |", "|---|---:|---:|---:|---:|---:|",
            *[f"| {m.bot} | {m.nash_conv:.4f} | {m.against_cfr[0]:+.4f} | {m.against_cfr[1]:+.4f} | "
              f"{m.margin:+.4f} | {m.decisions} |" for m in measures],
            "",
        ]
    (folder / "report.md").write_text("\n".join(lines), encoding="utf-8")


# -- divided solve --openings N: the endgame solver over many openings ----------------------------

_DEFAULTS: dict[str, object] = {"first_opening": "0", "target": "0.001"}
_OPENSPIEL_ONLY: dict[str, object] = {"iterations": "128", "algorithm": "cfr", "bots": ""}
"""Arguments of the OpenSpiel form, at their defaults (the game's own are checked by its study)."""
ROWS = "rows.jsonl"
LARGEST_SEED = (1 << 31) - 1
OPENINGS: Registry[Any] = Registry(
    "openings study", {"divided-ranks": "divided.bots.divided_ranks.endgame.openings:STUDY"})
"""Game id -> what ``--openings`` solves for it (see :class:`~divided.bots.divided_ranks.endgame.openings.OpeningsStudy`)."""


def _run_openings(args: argparse.Namespace) -> int:
    if args.game not in OPENINGS.names():
        raise RuleOptionError(f"--openings is not available for {args.game}; it is for {', '.join(OPENINGS.names())}")
    study = OPENINGS.get(args.game)
    for name, default in _OPENSPIEL_ONLY.items():
        if getattr(args, name) != default:
            raise RuleOptionError(f"--{name} does not go with --openings (it is OpenSpiel's CFR)")
    study.check_arguments(args)
    count = _integer(args.openings, "--openings")
    first = _integer(args.first_opening, "--first-opening")
    if count < 1:
        raise RuleOptionError(f"--openings must be at least 1, got {count}")
    if not 0 <= first <= LARGEST_SEED - count + 1:
        raise RuleOptionError(f"--first-opening must be from 0 to {LARGEST_SEED - count + 1}, got {first}")
    try:
        settings = study.settings(args, target=float(args.target))
    except ValueError:
        raise RuleOptionError(f"--target must be a positive number, got {args.target!r}") from None
    seeds = list(range(first, first + count))
    folder: Path | None = args.out
    done: dict[int, list[dict[str, Any]]] = {}
    if folder is not None:
        done = _load_rows(folder / ROWS, settings.as_dict(), study.is_complete)
    todo = [seed for seed in seeds if seed not in done]
    print(f"Solving {study.describe(settings)} of openings {first}..{first + count - 1} to NashConv {settings.target:g}"
          + (f"; {count - len(todo)} already in {folder / ROWS}" if folder is not None and done else ""), flush=True)
    began = time.perf_counter()
    for seed in todo:
        rows = study.solve_opening(seed, settings)
        done[seed] = rows
        if folder is not None:
            _append_rows(folder / ROWS, settings.as_dict(), rows)
        print(f"  opening {seed}: {len(rows)} studies in {sum(r['seconds'] for r in rows):.2f} s, NashConv at most "
              f"{max(r['nash_conv'] for r in rows):.4f}", flush=True)
    rows = [row for seed in seeds for row in done[seed]]
    summary = {"command": _openings_command(args, folder), "settings": settings.as_dict(),
               **study.summarise(rows), "this_run_seconds": round(time.perf_counter() - began, 2)}
    print(study.table(summary))
    if folder is not None:
        (folder / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
        (folder / "report.md").write_text(study.report(summary, rows), encoding="utf-8")
        print(f"Wrote {folder}/report.md")
    return 0


def _openings_command(args: argparse.Namespace, folder: Path | None) -> str:
    game = "" if args.game == "divided-ranks" else f" --game {args.game}"
    extra = "" if args.rounds == "1" else f" --rounds {args.rounds}"
    extra += "" if args.first_opening == _DEFAULTS["first_opening"] else f" --first-opening {args.first_opening}"
    extra += "" if args.target == _DEFAULTS["target"] else f" --target {args.target}"
    return f"divided solve{game} --openings {args.openings}{extra}" + (f" --out {folder}" if folder is not None else "")


def _load_rows(path: Path, settings: dict[str, Any],
               is_complete: Callable[[list[dict[str, Any]]], bool]) -> dict[int, list[dict[str, Any]]]:
    """The complete openings already in ``path`` (a missing file: none). Refuses a file written
    with other settings; drops a last line cut short by an interrupted run."""
    if not path.exists():
        return {}
    lines = path.read_text(encoding="utf-8").split("\n")
    records: list[dict[str, Any]] = []
    kept = 0
    for number, line in enumerate(lines, 1):
        if line.strip():
            try:
                record = json.loads(line)
                if not isinstance(record, dict):
                    raise ValueError("not an object")
            except ValueError:
                if number == len(lines):  # the last write was interrupted: forget it
                    with path.open("r+", encoding="utf-8") as handle:
                        handle.truncate(kept)
                    print(f"Dropped an unfinished last line of {path}")
                    break
                raise RuleOptionError(f"{path} line {number} is not a JSON object; move the file away to start "
                                      "again") from None
            records.append(record)
        kept += len(line.encode("utf-8")) + 1
    if not records or records[0].get("settings") != settings:
        found = records[0].get("settings") if records else None
        raise RuleOptionError(f"{path} was written with other settings ({found}, here {settings}); use "
                              "another --out or the same settings")
    by_seed: dict[int, list[dict[str, Any]]] = {}
    for record in records[1:]:
        by_seed.setdefault(int(record["opening"]), []).append(record)
    return {seed: rows for seed, rows in by_seed.items() if is_complete(rows)}


def _append_rows(path: Path, settings: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = not path.exists() or path.stat().st_size == 0
    with path.open("a", encoding="utf-8") as handle:
        if fresh:
            handle.write(json.dumps({"settings": settings}) + "\n")
        handle.write("".join(json.dumps(row) + "\n" for row in rows))
        handle.flush()
        os.fsync(handle.fileno())
