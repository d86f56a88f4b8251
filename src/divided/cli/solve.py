"""``divided solve``: solve a small setting of a game (a study) with OpenSpiel's CFR.

::

    divided solve --rounds 1 --opening-seed 0 --iterations 256 --bots random,skilled,expert --out runs/study

Needs the optional ``openspiel`` extra. The game (``--game``, Divided Ranks by default) gives its
own arguments (:mod:`divided.adapters.studies`). Prints NashConv as CFR (or CFR+) iterates, then each
bot's exact NashConv and expected score against the CFR strategy in both seats; with
``--out`` also writes report.md, summary.json and nashconv.png.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from divided.errors import RuleOptionError


def register(subparsers: Any) -> None:
    from divided.adapters.studies import STUDIES

    parser = subparsers.add_parser(
        "solve", help="solve a shortened game (a study) with OpenSpiel's CFR; measure bots' exploitability",
        description="Solve a small setting of a game (Divided Ranks: rounds below 5, a fixed public opening) "
                    "with OpenSpiel's tabular CFR, report NashConv by iteration, and measure bots exactly "
                    "against the solution. Needs: pip install 'divided[openspiel]'.",
    )
    parser.add_argument("--game", default="divided-ranks", choices=STUDIES.names(),
                        help="the game studied (default divided-ranks)")
    for game in STUDIES.names():
        STUDIES.get(game).add_arguments(parser)
    parser.add_argument("--iterations", default="128", metavar="N", help="CFR iterations (default 128)")
    parser.add_argument("--algorithm", default="cfr", help="cfr (default) or cfr+")
    parser.add_argument("--bots", default="", metavar="A,B", help="bots to measure, e.g. random,skilled,expert")
    parser.add_argument("--out", default=None, type=Path, metavar="DIR",
                        help="also write report.md, summary.json and nashconv.png here")
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
