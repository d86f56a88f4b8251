"""Rule options of Divided Ranks (rulings R1 and the face-up swap variant)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from divided.games.base import OptionValue, RuleOption
from divided.hands.arrange import Scoring

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "first_splitter",
        ("coin", 0, 1),
        "who splits rounds 1, 3 and 5: a coin flip (a chance event), or player 0 or 1",
    ),
    RuleOption(
        "reserve_order",
        ("literal", "coin", "splitter-first"),
        "who goes first at the reserve: the player who split two rounds (literal rule), an "
        "independent coin flip made at the start of the game, or the three-round splitter",
    ),
    RuleOption(
        "scoring",
        ("categories-first", "weaker-first"),
        "the order of the scoring comparisons: categories-first (the rules: weaker categories, "
        "stronger categories, weaker hands in full, stronger hands in full) or weaker-first (a "
        "variant: the weaker hands in full, then the stronger hands in full)",
    ),
    RuleOption(
        "swap",
        ("blind", "face-up"),
        "blind: the opponent sees only that a swap happened; face-up: both players see the card "
        "given and the card taken",
    ),
)


@dataclass(frozen=True, slots=True)
class Options:
    """Validated rule options as typed fields."""

    first_splitter: Literal["coin"] | int = "coin"
    reserve_order: str = "literal"
    swap: str = "blind"
    scoring: Scoring = Scoring.CATEGORIES_FIRST

    @classmethod
    def from_mapping(cls, values: dict[str, OptionValue] | object) -> Options:
        assert isinstance(values, dict)
        first = values["first_splitter"]
        return cls(
            first_splitter=first if isinstance(first, int) else "coin",
            reserve_order=str(values["reserve_order"]),
            swap=str(values["swap"]),
            scoring=Scoring(str(values.get("scoring", Scoring.CATEGORIES_FIRST))),
        )

    @property
    def face_up_swap(self) -> bool:
        return self.swap == "face-up"
