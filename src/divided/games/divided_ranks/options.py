"""Rule options of Divided Ranks (rulings R1 and the face-up swap variant) and the shortened
studies (``rounds``, ``opening_seed``, ``build``) used to solve the game exactly."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from divided.games.base import OptionValue, RuleOption
from divided.games.divided_ranks.scoring import Scoring

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
    RuleOption(
        "rounds",
        (5, 4, 3, 2, 1),
        "how many split rounds are played (5: the full game). In a shorter game the earlier "
        "rounds are a public opening: their cards are dealt face up, two pairs to each round's "
        "players as if every chooser had taken the face-down pair, from a shuffle fixed by "
        "opening_seed, so the opening is the same every game (a study small enough to solve)",
    ),
    RuleOption(
        "opening_seed",
        (0,),
        "which public opening a shortened game (rounds below 5) starts from",
        integers=range(0, 1 << 31),
    ),
    RuleOption(
        "build",
        ("choose", "auto"),
        "choose: each player picks one of the 126 ways to divide their cards; auto: both are "
        "divided by auto-arrange, which is best against every opponent (ruling R5), so the "
        "game's value is unchanged and its tree is far smaller",
    ),
)


@dataclass(frozen=True, slots=True)
class Options:
    """Validated rule options as typed fields."""

    first_splitter: Literal["coin"] | int = "coin"
    reserve_order: str = "literal"
    swap: str = "blind"
    scoring: Scoring = Scoring.CATEGORIES_FIRST
    rounds: int = 5
    opening_seed: int = 0
    build: str = "choose"

    @classmethod
    def from_mapping(cls, values: dict[str, OptionValue] | object) -> Options:
        assert isinstance(values, dict)
        first = values["first_splitter"]
        return cls(
            first_splitter=first if isinstance(first, int) else "coin",
            reserve_order=str(values["reserve_order"]),
            swap=str(values["swap"]),
            scoring=Scoring(str(values.get("scoring", Scoring.CATEGORIES_FIRST))),
            rounds=int(values.get("rounds", 5)),
            opening_seed=int(values.get("opening_seed", 0)),
            build=str(values.get("build", "choose")),
        )

    @property
    def face_up_swap(self) -> bool:
        return self.swap == "face-up"

    @property
    def opening_rounds(self) -> int:
        """How many rounds the public opening deals (0 in the full game)."""
        return 5 - self.rounds

    @property
    def auto_build(self) -> bool:
        return self.build == "auto"

    def as_mapping(self) -> dict[str, str | int]:
        """The options as rule-option values (what ``games.load`` takes)."""
        return {
            "first_splitter": self.first_splitter, "reserve_order": self.reserve_order,
            "swap": self.swap, "scoring": str(self.scoring), "rounds": self.rounds,
            "opening_seed": self.opening_seed, "build": self.build,
        }
