"""The registry of step kinds and what a kind provides.

A step kind is registered by name (:func:`register`); the interpreter finds a step's
behaviour with :func:`kind_of`, so a new kind (the draw games' auctions, take-backs, dealer's
calls...) is a new module that registers itself, not a change to the interpreter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from divided.errors import IllegalActionError

if TYPE_CHECKING:
    from divided.games.poker.state import PokerState
    from divided.games.poker.variant import Step
    from divided.games.poker.view import Position


class StepKind(Protocol):
    """The behaviour of one kind of step.

    ``enter`` starts the step (it may deal, act by itself and move on); ``actor`` is the seat to
    act while no card is owed; ``legal`` lists that seat's actions from a *position*, the full
    state or the acting seat's own view (so the room computes legal actions from views alone);
    ``apply`` takes one legal action; ``resume`` continues once the cards the step asked for
    are dealt; ``describe`` names an action as ``(kind, text, cards)`` from a position.
    """

    def enter(self, step: Step, state: PokerState) -> PokerState: ...

    def actor(self, step: Step, state: PokerState) -> int: ...

    def legal(self, step: Step, position: Position) -> list[int]: ...

    def apply(self, step: Step, state: PokerState, action: int) -> PokerState: ...

    def resume(self, step: Step, state: PokerState) -> PokerState: ...

    def describe(self, step: Step, position: Position, action: int) -> tuple[str, str, tuple[int, ...]]: ...


_KINDS: dict[str, StepKind] = {}


def register(name: str, kind: StepKind) -> None:
    """Register the behaviour of the step kind ``name`` (a second registration is an error)."""
    if name in _KINDS:
        raise ValueError(f"step kind {name!r} is already registered")
    _KINDS[name] = kind


def kind_of(step: Step) -> StepKind:
    """The registered behaviour of ``step``."""
    try:
        return _KINDS[step.kind]
    except KeyError:
        raise ValueError(f"no step kind {step.kind!r} is registered; known: {', '.join(sorted(_KINDS))}") from None


def kinds() -> tuple[str, ...]:
    """The registered step kinds, sorted."""
    return tuple(sorted(_KINDS))


class Automatic:
    """Base of the kinds that never wait for a player (deal, flip, showdown)."""

    def actor(self, step: Step, state: PokerState) -> int:
        raise IllegalActionError(f"nobody acts at a {step.kind} step")

    def legal(self, step: Step, position: Position) -> list[int]:
        return []

    def apply(self, step: Step, state: PokerState, action: int) -> PokerState:
        raise IllegalActionError(f"no action is taken at a {step.kind} step (action {action} refused)")

    def describe(self, step: Step, position: Position, action: int) -> tuple[str, str, tuple[int, ...]]:
        raise IllegalActionError(f"no action is taken at a {step.kind} step (action {action})")
