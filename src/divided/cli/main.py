"""Entry point of the ``divided`` command.

Every sub-command lives in its own module with ``register(subparsers)``; the handler a
sub-command installs returns the process exit code. Errors caused by bad input
(:class:`divided.errors.DividedError`) print one line on stderr and exit with status 2; there
is never a traceback for them. So does a command whose optional extra is not installed
(:mod:`divided.cli.extras`): it says which ``pip install 'divided[NAME]'`` to run.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from divided import __version__
from divided.cli import extras
from divided.errors import DividedError

Handler = Callable[[argparse.Namespace], int]


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser of the ``divided`` command."""
    from divided.cli import feedback, hands, ladder, play, rules, serve, simulate, solve

    parser = argparse.ArgumentParser(
        prog="divided",
        description="Play, analyse and study small-pack splitting card games.",
    )
    parser.add_argument("--version", action="version", version=f"divided {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in (play, rules, hands, simulate, ladder, solve, serve, feedback):
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Handler = args.handler
    try:
        extras.require(args.command, extras.needed(args))
        return handler(args)
    except ModuleNotFoundError as error:
        extra = extras.extra_for_module(error.name or "")
        if extra is None:
            raise
        print(f"divided: error: {extras.message(args.command, extra, [error.name or ''])}", file=sys.stderr)
        return 2
    except DividedError as error:
        print(f"divided: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
