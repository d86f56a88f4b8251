"""Rule options of DIVIDE: the table size (ruling D1), the first dealer (D2), and the variants a
designer compares (Trump reset each round, the length of the game, the 50-point end)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from divided.errors import RuleOptionError
from divided.games.base import OptionValue, RuleOption

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption("players", (4, 6), "players at the table: 4 (a 52-card deck) or 6 (54 cards: two Jokers)"),
    RuleOption(
        "first_dealer",
        ("random",),
        "who deals the first round: a seat drawn at random (ruling D2, a chance event) or a seat number",
        integers=range(0, 6),
    ),
    RuleOption(
        "trump",
        ("persists", "resets"),
        "persists (the rules: a Trump Rank lasts until changed, across rounds too) or resets (a "
        "variant: every round starts with No Trump)",
    ),
    RuleOption("rounds", (4,), "rounds in a game (4 in the rules)", integers=range(1, 11)),
    RuleOption(
        "end_score",
        (50, "off"),
        "the total that ends the game after a round (50 in the rules), or off: always play every round",
        integers=range(1, 1000),
    ),
)


@dataclass(frozen=True, slots=True)
class Options:
    """Validated rule options as typed fields (``end_score`` 0 means the score end is off)."""

    players: int = 4
    first_dealer: Literal["random"] | int = "random"
    trump: str = "persists"
    rounds: int = 4
    end_score: int = 50

    @classmethod
    def from_mapping(cls, values: Mapping[str, OptionValue]) -> Options:
        players = int(values.get("players", 4))
        first = values.get("first_dealer", "random")
        if isinstance(first, int) and not 0 <= first < players:
            raise RuleOptionError(f"rule option first_dealer={first} is not a seat of a {players}-player "
                                  f"table; choose random or 0..{players - 1}")
        end = values.get("end_score", 50)
        return cls(
            players=players,
            first_dealer=first if isinstance(first, int) else "random",
            trump=str(values.get("trump", "persists")),
            rounds=int(values.get("rounds", 4)),
            end_score=0 if end == "off" else int(end),
        )

    def as_mapping(self) -> dict[str, str | int]:
        """The options as rule-option values (what ``games.load`` takes)."""
        return {"players": self.players, "first_dealer": self.first_dealer, "trump": self.trump,
                "rounds": self.rounds, "end_score": self.end_score or "off"}
