"""What a lab run plays: the game, its rule options, the bots per seat, the seeds.

A :class:`Plan` has one or more *arms* that play the same deals: one arm for a plain run, two
(``baseline`` and ``variant``) for a comparison, one per pairing of bots for a ladder. Game
``i`` of every arm uses the same deal seed, so arms can be compared deal by deal.

In the **duplicate format** (the default) every deal is played once per *seat rotation*: with
``n`` players, games ``n*k`` to ``n*k + n - 1`` form deal ``k``: the same seed, hence the same
coin flips and cards, with the bots' seats rotated by one each game (seat ``s`` of rotation ``r``
holds the arm's bot ``(s + r) mod n``), so every bot sits at every seat once. With two players
this is a seat swap and a deal is a *deal pair*. The deal is the unit of the error bars.
Without it every game has its own deal and is its own unit.

>>> plan = make_plan("simulate", "divided-ranks", [Arm("run", {}, ("random", "random"))], 4, seed=1)
>>> [(s.pair, s.seats) for s in (plan.setup(plan.arms[0], i) for i in range(4))][:2]
[(0, ('random', 'random')), (0, ('random', 'random'))]
>>> plan.setup(plan.arms[0], 0).seed == plan.setup(plan.arms[0], 1).seed
True
>>> rotate(("A", "B", "C"), 1), rotate(("A", "B"), 1)
(('B', 'C', 'A'), ('B', 'A'))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from divided import __version__, games
from divided.bots import make_bot
from divided.errors import DividedError, RuleOptionError
from divided.games.base import OptionValue
from divided.sim.seeds import deal_seed

PLAN_FORMAT = 1
KINDS = ("simulate", "compare", "ladder")


class LabError(DividedError):
    """A lab run cannot start or continue as asked (bad settings, an output folder in use...)."""


@dataclass(frozen=True)
class Arm:
    """One line-up of a run: rule options and the bot at each seat (for the first game of a pair)."""

    label: str
    options: Mapping[str, OptionValue]
    bots: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "options": dict(self.options), "bots": list(self.bots)}


@dataclass(frozen=True)
class GameSetup:
    """How game ``index`` of an arm is played: its deal (``pair``), seed and the bot at each seat."""

    arm: str
    index: int
    pair: int | None
    seed: int
    seats: tuple[str, ...]

    @property
    def unit(self) -> int:
        """The unit of the error bars this game belongs to: its deal, or itself."""
        return self.pair if self.pair is not None else self.index


@dataclass(frozen=True)
class Plan:
    """Everything that fixes a run's results (and nothing that does not, such as worker counts)."""

    kind: str
    game: str
    games: int
    seed: int
    duplicate: bool
    arms: tuple[Arm, ...]
    version: str = field(default=__version__)

    def arm(self, label: str) -> Arm:
        for arm in self.arms:
            if arm.label == label:
                return arm
        raise LabError(f"this run has no arm {label!r}")

    @property
    def players(self) -> int:
        """Seats per game (every arm has one bot per seat)."""
        return len(self.arms[0].bots)

    def setup(self, arm: Arm, index: int) -> GameSetup:
        """The seed and seats of game ``index`` of ``arm``."""
        if self.duplicate:
            players = len(arm.bots)
            deal = index // players
            return GameSetup(arm.label, index, deal, deal_seed(self.seed, deal), rotate(arm.bots, index % players))
        return GameSetup(arm.label, index, None, deal_seed(self.seed, index), arm.bots)

    @property
    def units(self) -> int:
        """Error-bar units per arm: deals in the duplicate format, else games."""
        return self.games // self.players if self.duplicate else self.games

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": PLAN_FORMAT, "kind": self.kind, "game": self.game, "games": self.games,
            "seed": self.seed, "duplicate": self.duplicate, "version": self.version,
            "arms": [arm.to_dict() for arm in self.arms],
        }

    @classmethod
    def from_dict(cls, data: object) -> Plan:
        """A plan read back from ``run.json``; anything malformed raises :class:`LabError`."""
        try:
            if not isinstance(data, dict) or data.get("format") != PLAN_FORMAT:
                raise ValueError("not a plan of this format")
            arms = tuple(
                Arm(str(a["label"]), dict(a["options"]), tuple(str(b) for b in a["bots"]))
                for a in data["arms"]
            )
            return cls(str(data["kind"]), str(data["game"]), int(data["games"]), int(data["seed"]),
                       bool(data["duplicate"]), arms, str(data["version"]))
        except (KeyError, TypeError, ValueError):
            raise LabError("the run description (run.json) is not one this version can read") from None

    def differences(self, other: Plan) -> list[str]:
        """What differs between two plans, in words (empty when they are the same run)."""
        mine, theirs = _flatten(self.to_dict()), _flatten(other.to_dict())
        out = []
        for key in sorted(set(mine) | set(theirs)):
            if mine.get(key, "(none)") != theirs.get(key, "(none)"):
                out.append(f"{key} is {theirs.get(key, '(none)')} there, {mine.get(key, '(none)')} here")
        return out


def rotate(bots: Sequence[str], rotation: int) -> tuple[str, ...]:
    """The seats of rotation ``rotation`` of a line-up: seat ``s`` holds ``bots[(s + rotation) % n]``."""
    count = len(bots)
    return tuple(bots[(seat + rotation) % count] for seat in range(count))


def _flatten(data: object, prefix: str = "") -> dict[str, object]:
    if isinstance(data, dict):
        out: dict[str, object] = {}
        for key, value in data.items():
            out.update(_flatten(value, f"{prefix}.{key}" if prefix else str(key)))
        return out
    if isinstance(data, list) and data and isinstance(data[0], dict):
        out = {}
        for number, value in enumerate(data):
            out.update(_flatten(value, f"{prefix}[{number}]"))
        return out
    return {prefix: data}


def make_plan(kind: str, game: str, arms: Sequence[Arm], games_count: int, *, seed: int,
              duplicate: bool = True) -> Plan:
    """A checked plan: the game and options exist, every bot exists, the game count fits.

    Options are stored in canonical form with every default filled in, so two runs with the
    same effective settings have equal plans. Raises :class:`DividedError` with one clear
    message otherwise.
    """
    if kind not in KINDS:
        raise LabError(f"unknown kind of run {kind!r}; one of {', '.join(KINDS)}")
    check_game_count(games_count, False)
    if not arms:
        raise LabError("a run needs at least one line-up of bots")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise LabError(f"the seed must be a whole number, got {seed!r}")
    checked: list[Arm] = []
    for arm in arms:
        loaded = games.load(game, **dict(arm.options))
        players = loaded.info.num_players
        bots = tuple(b.strip() for b in arm.bots)
        if len(bots) == 1:
            bots = bots * players
        if len(bots) != players:
            raise LabError(f"{game} has {players} seats; give one bot for all seats or one per seat "
                           f"(got {len(bots)}: {', '.join(bots)})")
        for bot in bots:
            if not bot:
                raise LabError("an empty bot name in the list of bots")
            make_bot(game, bot)  # raises a clear RuleOptionError for an unknown bot or parameter
        checked.append(Arm(arm.label, dict(loaded.options), bots))
    check_game_count(games_count, duplicate, len(checked[0].bots))
    labels = [arm.label for arm in checked]
    if len(set(labels)) != len(labels):
        raise LabError(f"two line-ups share a label: {labels}")
    return Plan(kind, game, games_count, seed, duplicate, tuple(checked))


def check_game_count(count: int, duplicate: bool, players: int = 2) -> None:
    """Refuse game counts the run cannot play, saying why (the duplicate format plays every
    deal once per seat rotation, so the count must be a multiple of ``players``)."""
    if isinstance(count, bool) or not isinstance(count, int):
        raise LabError(f"the number of games must be a whole number, got {count!r}")
    if count <= 0:
        raise LabError(f"the number of games must be positive, got {count}")
    if duplicate and players == 2 and count % 2:
        raise LabError(
            f"--games {count} is odd, but the duplicate format plays every deal twice with the seats "
            f"swapped; use an even count such as {f'{count - 1} or ' if count > 1 else ''}{count + 1}, "
            "or add --no-duplicate"
        )
    if duplicate and count % players:
        below, above = count - count % players, count - count % players + players
        raise LabError(
            f"--games {count} is not a multiple of {players}, but the duplicate format plays every deal "
            f"{players} times, once per seat rotation; use a multiple such as "
            f"{f'{below} or ' if below else ''}{above}, or add --no-duplicate"
        )


def split_bot_list(text: str) -> list[str]:
    """Bot names from a comma-separated list, keeping each bot's own ``key=value`` parameters.

    A bot's parameters are separated by commas too, so an item ``key=value`` after a bot with
    parameters belongs to that bot:

    >>> split_bot_list("expert:budget=200,seed=3,skilled, random")
    ['expert:budget=200,seed=3', 'skilled', 'random']
    """
    bots: list[str] = []
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            raise RuleOptionError(f"empty name in the bot list {text!r}")
        head = item.partition("=")[0]
        if "=" in item and ":" not in head:
            if not bots or ":" not in bots[-1]:
                raise RuleOptionError(
                    f"bot parameter {item!r} in {text!r} follows no bot; write name:key=value")
            bots[-1] = f"{bots[-1]},{item}"
        else:
            bots.append(item)
    return bots


def option_name(text: str) -> str:
    """A rule option's name as the games spell it (``reserve-order`` -> ``reserve_order``)."""
    return text.strip().replace("-", "_")


def parse_assignment(text: str, what: str) -> tuple[str, str]:
    """``name=value`` -> (option name, value)."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise RuleOptionError(f"{what} {text!r}: write NAME=VALUE, e.g. swap=face-up")
    return option_name(name), value.strip()
