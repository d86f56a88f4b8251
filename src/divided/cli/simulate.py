"""``divided simulate``: many seeded games between bots, with every metric and its 95% interval.

::

    divided simulate divided-ranks --bots random --games 2000 --seed 1 --out runs/base
    divided simulate divided-ranks --bots expert,skilled --games 1000 --out runs/h2h --workers 2
    divided simulate divided-ranks --games 2000 --out runs/faceup --compare swap=face-up
    divided simulate divided-ranks --bots skilled --games 2000 --out runs/vs --compare-bots skilled,random
    divided simulate divided-ranks --games 2000 --out runs/base --resume
    divided simulate henway --bots random --players 3 --games 3000 --out runs/henway
    divided simulate ten-card-regrets --bots pimc --players 2 --games 800 --out runs/regrets \\
        --compare regrets-exposure=face-up

``--bots A,B`` puts A at seat 0 and B at seat 1 (in the first game of each deal; the duplicate
format plays the deal once per seat rotation, so with two players the second game swaps them);
one name puts that bot at every seat. Any registered game can be simulated: the generic metrics
come with every game, its own from its lab room (:mod:`divided.sim.games`; the poker games
report chips and big bets per 100 hands by bot and by seat). Every rule
option of the game is a flag (``--swap face-up``, ``--reserve-order coin``...) and can also be
given as ``--option NAME=VALUE``. ``--compare NAME=VALUE`` (repeatable) and/or
``--compare-bots A,B`` turn the run into a comparison: the *baseline* is the run as given, the
*variant* the same run with those changes, both on the same seeds; the report gives every
metric's paired difference. ``docs/lab.md`` is the guide.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from divided import games
from divided.errors import RuleOptionError
from divided.games.base import RuleOption

_RESERVED = {"bots", "games", "seed", "out", "workers", "backend", "address", "resume", "option",
             "compare", "compare_bots", "no_duplicate", "bootstrap", "prior_draws", "help"}


def _all_rule_options() -> dict[str, RuleOption]:
    """Rule options of every game (a flag is made for each; a game refuses ones it lacks)."""
    found: dict[str, RuleOption] = {}
    for name in games.names():
        for option in games.load(name).info.options:
            found.setdefault(option.name, option)
    return found


def add_run_arguments(parser: argparse.ArgumentParser, *, games_help: str) -> None:
    """Arguments shared by ``simulate`` and ``ladder``: the game, seeds, format, executors, options."""
    parser.add_argument("game", help=f"the game ({', '.join(games.names())})")
    parser.add_argument("--games", default="1000", metavar="N", help=games_help)
    parser.add_argument("--seed", default="0", metavar="S",
                        help="master seed: game i's deal and the bots' random numbers derive from it (default 0)")
    parser.add_argument("--no-duplicate", action="store_true",
                        help="one game per deal instead of each deal once per seat rotation "
                             "(twice with the seats swapped for two players)")
    parser.add_argument("--workers", default=None, metavar="N",
                        help="local worker processes (default: all cores; 1 = in this process); "
                             "with --backend ray, the CPUs of a local Ray instance")
    parser.add_argument("--backend", default="local", choices=("local", "ray"),
                        help="local processes (default) or Ray")
    parser.add_argument("--address", default=None, metavar="ADDR",
                        help="Ray address: local (default: a private local instance), auto, HOST:PORT or "
                             "ray://HOST:PORT")
    parser.add_argument("--resume", action="store_true",
                        help="continue the unfinished run in --out (same settings required)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a rule option (repeatable); every option also has its own flag below")
    group = parser.add_argument_group("rule options (from the game's metadata)")
    for name, option in _all_rule_options().items():
        if name in _RESERVED:
            continue  # only as --option NAME=VALUE
        choices = option.values_text
        group.add_argument(f"--{name.replace('_', '-')}", dest=f"rule_{name}", default=None, metavar="VALUE",
                           help=f"{option.description} (one of: {choices}; default {option.default})".replace("%", "%%"))


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "simulate", help="play many seeded games between bots and report every metric with 95%% intervals",
        description="Play many seeded games between bots (duplicate format by default) and write "
                    "report.md, summary.json, games.jsonl and plots into --out.",
        epilog="Comparison: --compare NAME=VALUE (repeatable) and/or --compare-bots A,B run a variant "
               "with those changes on the same deals and report every metric's paired difference. "
               "Guide: docs/lab.md.",
    )
    add_run_arguments(parser, games_help="games to play (even in the duplicate format; default 1000)")
    parser.add_argument("--bots", default="random", metavar="A[,B...]",
                        help="one bot for every seat, or one per seat (seat 0, seat 1, ...); "
                             "parameters as name:key=value,... (default random)")
    parser.add_argument("--out", required=True, type=Path, metavar="DIR", help="output folder (new or empty, or --resume)")
    parser.add_argument("--compare", action="append", default=[], metavar="NAME=VALUE",
                        help="variant: the same run with this rule option changed (repeatable)")
    parser.add_argument("--compare-bots", default=None, metavar="A[,B]", help="variant: the same run with these bots")
    parser.set_defaults(handler=_run)


# -- reading the arguments -------------------------------------------------------------------


def whole_number(text: str, flag: str) -> int:
    """An integer argument, or one clear error."""
    try:
        return int(str(text).strip())
    except ValueError:
        raise RuleOptionError(f"{flag} must be a whole number, got {text!r}") from None


def rule_options(args: argparse.Namespace) -> dict[str, str]:
    """The rule options given by flags and by ``--option NAME=VALUE`` (a conflict is an error)."""
    from divided.sim.plan import parse_assignment

    given: dict[str, str] = {}
    for key, value in vars(args).items():
        if key.startswith("rule_") and value is not None:
            given[key[len("rule_"):]] = str(value)
    for text in args.option:
        name, value = parse_assignment(text, "--option")
        if name in given and given[name] != value:
            raise RuleOptionError(f"rule option {name} is given twice ({given[name]!r} and {value!r})")
        given[name] = value
    return given


def workers_of(args: argparse.Namespace) -> int | None:
    return None if args.workers is None else whole_number(args.workers, "--workers")


# -- running ---------------------------------------------------------------------------------


@contextmanager
def progress_bar(description: str) -> Iterator[Callable[[int, int], None]]:
    """A Rich progress bar with ETA on standard error (silent when that is not a terminal)."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    console = Console(stderr=True)
    columns = (TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("elapsed"), TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn())
    with Progress(*columns, console=console, disable=not console.is_terminal) as bar:
        task = bar.add_task(description, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


def execute(plan: Any, args: argparse.Namespace, out: Path | None, command: list[str]) -> Any:
    """Check the folder, start the executor, play the games with a progress bar.

    Returns the finished :class:`~divided.sim.lab.LabRun`, or ``None`` after Ctrl-C (the message
    saying how to resume has been printed).
    """
    from divided.sim import RunInterrupted, make_executor, run
    from divided.sim.store import RunStore

    if out is not None:
        RunStore.check(out, plan, args.resume)  # before starting workers: fail fast, write nothing
    with make_executor(args.backend, workers_of(args), args.address) as executor:
        hint = shlex.join(command)
        store = RunStore.open(out, plan, args.resume, hint) if out is not None else None
        try:
            with progress_bar(f"{plan.kind} {plan.game}") as update:
                return run(plan, executor, progress=update, store=store)
        except RunInterrupted as stop:
            where = f" are saved in {stop.folder}; there is no report yet" if stop.folder else " were played"
            print(f"divided: interrupted: {stop.done} of {stop.total} games{where}.", file=sys.stderr)
            if stop.folder is not None:
                print(f"Resume with:\n  {hint}", file=sys.stderr)
            return None


def canonical_command(plan: Any, out: Path | None, extra: list[str]) -> list[str]:
    """The command that resumes ``plan`` (every setting spelled out)."""
    base = plan.arms[0]
    words = ["divided", "ladder" if plan.kind == "ladder" else "simulate", plan.game,
             "--games", str(plan.games), "--seed", str(plan.seed)]
    if not plan.duplicate:
        words.append("--no-duplicate")
    for name, value in base.options.items():
        words += ["--option", f"{name}={value}"]
    words += extra
    if out is not None:
        words += ["--out", str(out)]
    return [*words, "--resume"]


def _run(args: argparse.Namespace) -> int:
    from divided.sim import Arm, analyse, finish, make_plan, split_bot_list
    from divided.sim.plan import parse_assignment
    from divided.sim.report import headline, write_results

    options = rule_options(args)
    bots = tuple(split_bot_list(args.bots))
    count, seed = whole_number(args.games, "--games"), whole_number(args.seed, "--seed")
    duplicate = not args.no_duplicate
    comparing = bool(args.compare or args.compare_bots)
    arms = [Arm("baseline" if comparing else "run", options, bots)]
    if comparing:
        variant = dict(options)
        for text in args.compare:
            name, value = parse_assignment(text, "--compare")
            variant[name] = value
        variant_bots = tuple(split_bot_list(args.compare_bots)) if args.compare_bots else bots
        arms.append(Arm("variant", variant, variant_bots))
    plan = make_plan("compare" if comparing else "simulate", args.game, arms, count, seed=seed, duplicate=duplicate)
    extra = ["--bots", ",".join(plan.arms[0].bots)]
    if comparing:
        base, variant_arm = plan.arms
        if dict(base.options) == dict(variant_arm.options) and base.bots == variant_arm.bots:
            raise RuleOptionError("the variant is the same as the baseline: --compare/--compare-bots change nothing")
        for option, setting in variant_arm.options.items():
            if base.options.get(option) != setting:
                extra += ["--compare", f"{option}={setting}"]
        if base.bots != variant_arm.bots:
            extra += ["--compare-bots", ",".join(variant_arm.bots)]
    result = execute(plan, args, args.out, canonical_command(plan, args.out, extra))
    if result is None:
        return 130
    analysis = analyse(result)
    files = write_results(args.out, analysis)
    finish(result)
    _print_summary(headline(analysis), args.out, files)
    return 0


def _print_summary(sentences: list[str], out: Path, files: list[str]) -> None:
    from rich.console import Console

    console = Console(highlight=False, soft_wrap=True)
    for sentence in sentences:
        console.print(f"- {sentence}", markup=False)
    console.print(f"Wrote {', '.join(files)} in {out}", markup=False)
