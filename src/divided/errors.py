"""The project's exception hierarchy.

Every error a user can cause is a :class:`DividedError` (a ``ValueError``), so a caller can
catch one type; the subclasses say what went wrong.
"""

from __future__ import annotations


class DividedError(ValueError):
    """Base class of every error caused by bad input to the project."""


class InvalidNotationError(DividedError):
    """A card, hand or action written in a notation the project cannot read."""


class InvalidHandError(DividedError):
    """Cards that do not form the hand asked for (wrong size, duplicates, not in the pack)."""


class RuleOptionError(DividedError):
    """An unknown rule option, or a value the option does not allow."""


class UnsupportedGameError(RuleOptionError):
    """A game the project (or one of its layers: bots, lab, web, review, adapters) does not know."""


class GameError(DividedError):
    """An action that the game's rules do not allow in the current state."""


class IllegalActionError(GameError):
    """The action is not legal in the current state; the state is unchanged."""


class NotYourTurnError(IllegalActionError):
    """The action was submitted for a player who is not to move; the state is unchanged."""


class RecordVersionError(DividedError):
    """A stored game record whose action numbers this version cannot read: written by a newer
    version, or stored before numberings were versioned and fitting no numbering (or two)."""
