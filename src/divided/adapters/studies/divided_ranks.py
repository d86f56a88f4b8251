"""Divided Ranks studies: the game shortened until OpenSpiel's tabular CFR can solve it.

A *study* is the game with the rule option ``rounds`` below 5 (a fixed public opening, chosen by
``opening_seed``) and usually ``build=auto``. :data:`STUDY` gives ``divided solve`` its
arguments and the OpenSpiel game string they name. No OpenSpiel import here.

>>> study_game_string(rounds=1, opening_seed=0, first_splitter=0)
'python_divided_ranks_v1(build=auto,first_splitter=0,opening_seed=0,rounds=1)'
"""

from __future__ import annotations

import argparse
from typing import Any

from divided.adapters.rooms import short_name
from divided.errors import RuleOptionError

GAME = "divided-ranks"
COIN = -1
"""OpenSpiel's value of ``first_splitter`` for the coin flip (see :class:`divided.adapters.openspiel.Parameters`)."""


def study_game_string(**params: object) -> str:
    """The OpenSpiel game string of a study (``build=auto`` unless given), keys sorted."""
    values = {"build": "auto", **params}
    inside = ",".join(f"{name}={values[name]}" for name in sorted(values))
    return f"{short_name(GAME)}({inside})"


def _integer(text: str, name: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise RuleOptionError(f"{name} must be a whole number, got {text!r}") from None


class DividedRanksStudy:
    """How ``divided solve`` names a Divided Ranks study."""

    game = GAME

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """The study's command-line arguments."""
        parser.add_argument("--rounds", default="1", metavar="N", help="split rounds played, 1-4 (default 1)")
        parser.add_argument("--opening-seed", default="0", metavar="S", help="which public opening (default 0)")
        parser.add_argument("--first-splitter", default="0", metavar="P",
                            help="player 0 or 1 splits first, or coin (default 0: a smaller tree)")
        parser.add_argument("--build", default="auto", metavar="B",
                            help="auto (default; value-preserving by ruling R5) or choose")
        parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                            help="another rule option (swap, reserve_order, scoring); repeatable")

    def params(self, args: argparse.Namespace) -> dict[str, object]:
        """OpenSpiel parameters from the parsed arguments; the full game and bad options raise."""
        first = args.first_splitter
        params: dict[str, object] = {
            "rounds": _integer(args.rounds, "--rounds"),
            "opening_seed": _integer(args.opening_seed, "--opening-seed"),
            "first_splitter": COIN if first == "coin" else _integer(first, "--first-splitter"),
            "build": args.build,
        }
        if params["rounds"] == 5:
            raise RuleOptionError("--rounds 5 is the full game, far too large for tabular CFR; use 1 (or 2)")
        for item in args.option:
            name, sep, value = item.partition("=")
            if not sep or name in params:
                raise RuleOptionError(f"--option takes NAME=VALUE for swap, reserve_order or scoring, got {item!r}")
            params[name] = value
        return params

    def game_string(self, args: argparse.Namespace) -> str:
        """The OpenSpiel game string the arguments name."""
        return study_game_string(**self.params(args))

    def command(self, args: argparse.Namespace) -> str:
        """The arguments again, as the report quotes the command."""
        return (f"--rounds {args.rounds} --opening-seed {args.opening_seed} --first-splitter "
                f"{args.first_splitter} --build {args.build}" + "".join(f" --option {o}" for o in args.option))


STUDY: Any = DividedRanksStudy()

__all__ = ["COIN", "STUDY", "DividedRanksStudy", "study_game_string"]
