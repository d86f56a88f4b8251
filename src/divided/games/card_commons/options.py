"""Rule options of Card Commons: ruling C1's coin, the points to win, the starter rule and the
cap on ruling C6's extra rounds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from divided.games.base import OptionValue, RuleOption

DEFAULT_EXTRA_ROUNDS = 10

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "first_starter",
        ("coin", 0, 1),
        "who starts round 1: a coin flip (ruling C1, a chance event), or player 0 or 1",
    ),
    RuleOption(
        "target",
        (5, 3, 4, 6, 7, 8, 10),
        "the points that win the match (5 in the rules)",
    ),
    RuleOption(
        "next_starter",
        ("leader", "alternate"),
        "who starts the next round: leader (the rules: the player with more points, or when "
        "level the player who did not start this round) or alternate (a variant: the players "
        "take turns)",
    ),
    RuleOption(
        "max_extra_rounds",
        (DEFAULT_EXTRA_ROUNDS,),
        "the most extra rounds (ruling C6: both reached the target and both comparisons were "
        "equal) before the match is called a draw; the rules set no limit, a finite game needs "
        "one (a match reaches even one extra round rarely, ten in a row practically never)",
        integers=range(0, 101),
    ),
)


@dataclass(frozen=True, slots=True)
class Options:
    """Validated rule options as typed fields."""

    first_starter: Literal["coin"] | int = "coin"
    target: int = 5
    next_starter: str = "leader"
    max_extra_rounds: int = DEFAULT_EXTRA_ROUNDS

    @classmethod
    def from_mapping(cls, values: Mapping[str, OptionValue]) -> Options:
        first = values.get("first_starter", "coin")
        return cls(
            first_starter=first if isinstance(first, int) else "coin",
            target=int(values.get("target", 5)),
            next_starter=str(values.get("next_starter", "leader")),
            max_extra_rounds=int(values.get("max_extra_rounds", DEFAULT_EXTRA_ROUNDS)),
        )

    def as_mapping(self) -> dict[str, str | int]:
        """The options as rule-option values (what ``games.load`` takes)."""
        return {"first_starter": self.first_starter, "target": self.target,
                "next_starter": self.next_starter, "max_extra_rounds": self.max_extra_rounds}
