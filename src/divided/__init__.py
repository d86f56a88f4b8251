"""divided: engines, hand evaluators and bots for small-pack splitting card games."""

from divided.errors import (
    DividedError,
    GameError,
    IllegalActionError,
    InvalidHandError,
    InvalidNotationError,
    NotYourTurnError,
    RuleOptionError,
)

__version__ = "0.1.0"

__all__ = [
    "DividedError",
    "GameError",
    "IllegalActionError",
    "InvalidHandError",
    "InvalidNotationError",
    "NotYourTurnError",
    "RuleOptionError",
    "__version__",
]
