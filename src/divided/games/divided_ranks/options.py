"""Rule options of Divided Ranks (rulings R1 and the face-up swap variant)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from divided.games.base import OptionValue, RuleOption

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

    @classmethod
    def from_mapping(cls, values: dict[str, OptionValue] | object) -> Options:
        assert isinstance(values, dict)
        first = values["first_splitter"]
        return cls(
            first_splitter=first if isinstance(first, int) else "coin",
            reserve_order=str(values["reserve_order"]),
            swap=str(values["swap"]),
        )

    @property
    def face_up_swap(self) -> bool:
        return self.swap == "face-up"
