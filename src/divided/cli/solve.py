"""``divided solve``: solve a small setting of a game (a study) with OpenSpiel's CFR, or many
Divided Ranks openings with the endgame solver.

::

    divided solve --rounds 1 --opening-seed 0 --iterations 256 --bots random,skilled,expert --out runs/study
    divided solve --openings 20 --out runs/openings

The first form needs the optional ``openspiel`` extra. The game (``--game``, Divided Ranks by default) gives its
own arguments (:mod:`divided.adapters.studies`). Prints NashConv as CFR (or CFR+) iterates, then each
bot's exact NashConv and expected score against the CFR strategy in both seats; with
``--out`` also writes report.md, summary.json and nashconv.png.

The second (``--openings N``, numpy only) solves the rounds=1 studies of openings ``S .. S+N-1``
(``--first-opening S``) for both swap variants and both reserve orders with the vectorised
endgame solver (:mod:`divided.bots.divided_ranks.endgame.openings`) and prints the designer's
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
from pathlib import Path
from typing import Any

from divided.errors import RuleOptionError


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
                        help="solve the rounds=1 studies of N openings (both swap variants, both reserve "
                             "orders) with the endgame solver, no OpenSpiel needed")
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
_OPENSPIEL_ONLY: dict[str, object] = {"opening_seed": "0", "first_splitter": "0", "build": "auto", "option": [],
                                      "iterations": "128", "algorithm": "cfr", "bots": ""}
"""Arguments of the OpenSpiel form, at their defaults; --openings chooses these itself."""
ROWS = "rows.jsonl"
LARGEST_SEED = (1 << 31) - 1


def _run_openings(args: argparse.Namespace) -> int:
    from divided.bots.divided_ranks.endgame import openings as op

    if args.game != "divided-ranks":
        raise RuleOptionError("--openings solves Divided Ranks openings only")
    for name, default in _OPENSPIEL_ONLY.items():
        if getattr(args, name) != default:
            raise RuleOptionError(f"--{name.replace('_', '-')} does not go with --openings (it solves every "
                                  "swap variant and reserve order, from both seats, with auto-arrange)")
    rounds = _integer(args.rounds, "--rounds")
    if rounds != 1:
        raise RuleOptionError(f"--openings solves rounds=1 studies only, not --rounds {rounds}: the endgame "
                              "solver's tree starts at round 5 (see docs/lab.md for what rounds=2 would cost)")
    count = _integer(args.openings, "--openings")
    first = _integer(args.first_opening, "--first-opening")
    if count < 1:
        raise RuleOptionError(f"--openings must be at least 1, got {count}")
    if not 0 <= first <= LARGEST_SEED - count + 1:
        raise RuleOptionError(f"--first-opening must be from 0 to {LARGEST_SEED - count + 1}, got {first}")
    try:
        target = float(args.target)
        settings = op.OpeningSettings(target=target)
    except ValueError:
        raise RuleOptionError(f"--target must be a positive number, got {args.target!r}") from None
    seeds = list(range(first, first + count))
    folder: Path | None = args.out
    done: dict[int, list[dict[str, Any]]] = {}
    if folder is not None:
        done = _load_rows(folder / ROWS, settings.as_dict())
    todo = [seed for seed in seeds if seed not in done]
    print(f"Solving the rounds=1 studies of openings {first}..{first + count - 1} (both swap variants, both "
          f"reserve orders, both seats) to NashConv {settings.target:g}"
          + (f"; {count - len(todo)} already in {folder / ROWS}" if folder is not None and done else ""), flush=True)
    began = time.perf_counter()
    for seed in todo:
        rows = op.solve_opening(seed, settings)
        done[seed] = rows
        if folder is not None:
            _append_rows(folder / ROWS, settings.as_dict(), rows)
        print(f"  opening {seed}: {len(rows)} studies in {sum(r['seconds'] for r in rows):.2f} s, NashConv at most "
              f"{max(r['nash_conv'] for r in rows):.4f}", flush=True)
    rows = [row for seed in seeds for row in done[seed]]
    summary = {
        "command": _openings_command(args, folder), "settings": settings.as_dict(), "openings": seeds,
        "studies": len(rows), "all_converged": all(r["converged"] for r in rows),
        "largest_nash_conv": max(r["nash_conv"] for r in rows),
        "largest_seat_gap": max(r.get("seat_gap", 0.0) for r in rows),
        "solve_seconds": round(sum(r["seconds"] for r in rows), 2),
        "this_run_seconds": round(time.perf_counter() - began, 2),
        **op.aggregate(rows),
    }
    print(_table(summary))
    if folder is not None:
        (folder / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
        (folder / "report.md").write_text(_openings_report(summary, rows), encoding="utf-8")
        print(f"Wrote {folder}/report.md")
    return 0


def _openings_command(args: argparse.Namespace, folder: Path | None) -> str:
    extra = "" if args.first_opening == _DEFAULTS["first_opening"] else f" --first-opening {args.first_opening}"
    extra += "" if args.target == _DEFAULTS["target"] else f" --target {args.target}"
    return f"divided solve --openings {args.openings}{extra}" + (f" --out {folder}" if folder is not None else "")


def _load_rows(path: Path, settings: dict[str, Any]) -> dict[int, list[dict[str, Any]]]:
    """The complete openings already in ``path`` (a missing file: none). Refuses a file written
    with other settings; drops a last line cut short by an interrupted run."""
    if not path.exists():
        return {}
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    records: list[dict[str, Any]] = []
    kept = 0
    for number, line in enumerate(lines, 1):
        if not line.strip():
            kept += len(line) + 1
            continue
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
        kept += len(line) + 1
    if not records or records[0].get("settings") != settings:
        found = records[0].get("settings") if records else None
        raise RuleOptionError(f"{path} was written with other settings ({found}, here {settings}); use "
                              "another --out or the same settings")
    by_seed: dict[int, list[dict[str, Any]]] = {}
    for record in records[1:]:
        by_seed.setdefault(int(record["opening"]), []).append(record)
    from divided.bots.divided_ranks.endgame.openings import ORDERS, SWAPS

    wanted = {(swap, order) for swap in SWAPS for order in ORDERS}
    return {seed: rows for seed, rows in by_seed.items() if {(r["swap"], r["order"]) for r in rows} == wanted}


def _append_rows(path: Path, settings: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = not path.exists() or path.stat().st_size == 0
    with path.open("a", encoding="utf-8") as handle:
        if fresh:
            handle.write(json.dumps({"settings": settings}) + "\n")
        handle.write("".join(json.dumps(row) + "\n" for row in rows))
        handle.flush()
        os.fsync(handle.fileno())


def _cell(estimate: dict[str, Any], signed: bool) -> str:
    """A mean and its interval in percent (``signed``: an edge or a gain, in points)."""
    mean, low, high = estimate["mean"], estimate["low"], estimate["high"]
    if mean is None:
        return "-"
    form = "{:+.1f}" if signed else "{:.1f}"
    text = form.format(mean * 100)
    if low is None:
        return text
    return f"{text} [{form.format(low * 100)}, {form.format(high * 100)}]"


def _rows_of(summary: dict[str, Any], *, long: bool = False) -> list[tuple[str, str, str, str]]:
    return [(metric["description" if long else "label"], _cell(metric["blind"], not metric["chance"]),
             _cell(metric["face-up"], not metric["chance"]), _cell(metric["difference"], True))
            for metric in summary["metrics"].values()]


def _table(summary: dict[str, Any]) -> str:
    """The aggregates as a plain text table."""
    head = ("% (edges, gains: points); 95% interval over openings", "blind", "face-up", "face-up - blind")
    rows = [head, *_rows_of(summary)]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = [" | ".join(cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(row))
             for row in rows]
    lines.insert(1, "-+-".join("-" * w for w in widths))
    return "\n".join(lines)


def _openings_report(summary: dict[str, Any], rows: list[dict[str, Any]]) -> str:
    seeds = summary["openings"]
    n = len(seeds)
    settings = summary["settings"]
    lines = [
        f"# Divided Ranks: equilibrium values over {n} openings (rounds=1 studies)", "",
        f"Command: `{summary['command']}`", "",
        f"Openings {seeds[0]}..{seeds[-1]}; each a rounds=1 study (rounds 1-4 a public opening, so both "
        "players' eight cards are known and the round-5 subgame is the rest of the game: the draw, the "
        "split, the choice, both reserve turns and the exact build, auto-arranged). Solved with the "
        "endgame solver's vectorised CFR+ (`divided.bots.divided_ranks.endgame`) for both swap variants "
        "and both reserve orders, from both seats, to NashConv at most "
        f"{settings['target']:g} in payoff points (a win +1, a loss -1). {summary['studies']} studies, "
        f"all converged: {'yes' if summary['all_converged'] else 'NO'}; largest NashConv "
        f"{summary['largest_nash_conv']:.5f}; solve time {summary['solve_seconds']:.1f} s in all.", "",
        "**Reserve orders.** The rule `literal` puts the round-5 chooser (the player who split two rounds) "
        "first at the reserve; `splitter-first` puts the round-5 splitter first. `coin` flips between "
        "them before the deal, so its values are exactly the average of the two (not solved separately).", "",
        "**Seats.** Which seat splits first only relabels the players: every study was solved with "
        "player 0 and with player 1 as the first splitter and the role values agree within "
        f"{summary['largest_seat_gap']:.5f} (the solver's tolerance), so the tables use first splitter 0.", "",
        "## The designer's figures", "",
        "Win chances count a draw as half. Each figure is the mean over openings of an exact value "
        "(the equilibrium is read over the whole tree, chance and both strategies, nothing sampled); the "
        "interval is a 95% Student-t interval over openings (mean +- t(0.975, n-1) s / sqrt(n)), so "
        "it describes how the figure varies between openings, not solver noise. The last column is "
        "the paired difference over the same openings, in percentage points.", "",
        "| figure (%; edges and gains in points) | blind | face-up | face-up - blind |", "|---|---:|---:|---:|",
        *[f"| {a} | {b} | {c} | {d} |" for a, b, c, d in _rows_of(summary, long=True)], "",
        "Definitions:", "",
        "- *Edges* are in percentage points of win chance. The **first-at-the-reserve edge** is the first "
        "reserve player's win chance minus 50% under the coin order; per opening it is half of "
        "(splitter's value when first - splitter's value when second), the change from moving one seat "
        "from second to first with the split roles unchanged. The **splitter's edge** is likewise the "
        "round-5 splitter's win chance minus 50% under the coin order.",
        "- *Swaps*: the probability that the player swaps at its reserve turn under equilibrium play.",
        "- *Improves its weaker hand*: among its swaps (a per-opening ratio, averaged over the openings "
        "where the player swaps at all), how often the weaker hand of the auto-arranged holding after "
        "the swap (the ten cards minus the card given plus the reserve taken) is strictly stronger, by "
        "the project's five-card evaluation (category, then card for card), than the weaker hand of the "
        "auto-arranged holding before it. Equal weaker hands do not count as improved.",
        "- *The reserve changes the result*: the probability that the final result (win, draw or loss) "
        "differs from the one the drafted hands give, both players keeping.",
        "- *Reserve gain*: the first reserve player's equilibrium win chance minus its win chance with "
        "the drafted hands (same equilibrium draft, both keeping).", "",
        "## Each opening", "",
        "The round-5 splitter's win chance (S) and the first reserve player's probability of swapping "
        "(F) per study; `lit` the literal order (chooser first), `sf` splitter-first.", "",
        "| opening | S blind lit | S blind sf | S face-up lit | S face-up sf | F blind lit | F face-up lit | "
        "iterations (max) | NashConv (max) |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    by = {(r["opening"], r["swap"], r["order"]): r for r in rows}
    for seed in seeds:
        four = [by[(seed, swap, order)] for swap in ("blind", "face-up") for order in ("chooser-first", "splitter-first")]
        lines.append(f"| {seed} | " + " | ".join(f"{r['splitter_value']:.3f}" for r in four) + " | "
                     f"{four[0]['first_swaps']:.3f} | {four[2]['first_swaps']:.3f} | "
                     f"{max(r['iterations'] for r in four)} | {max(r['nash_conv'] for r in four):.5f} |")
    lines += ["", "Rows with every figure: `rows.jsonl` (its first line the settings); aggregates: "
              "`summary.json`.", ""]
    return "\n".join(lines)
