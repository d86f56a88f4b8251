"""A faster constructor for frozen, slotted dataclasses built many times a second (views).

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` with the
field's name: about a third of a microsecond a field, so a 28-field view costs 8-10 µs before
anything is computed. :func:`builder` returns a function taking the same arguments (keywords or
positions; a field's plain default applies when it is left out) that sets each slot through
its member descriptor directly, about twice as fast. It runs no ``__post_init__``: only for
classes without one, and without default factories, keyword-only or ``init=False`` fields.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int
...     z: int = 0
>>> make = builder(Point)
>>> make(x=1, y=2) == Point(1, 2), make(3, y=4, z=5)
(True, Point(x=3, y=4, z=5))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T")


def builder(cls: type[T]) -> Callable[..., T]:
    """A function building ``cls`` from its fields, as ``cls(...)`` would (see the module text);
    ``cls`` must be a frozen dataclass with slots, no ``__post_init__``, no default factory, no
    keyword-only and no ``init=False`` field."""
    if not (is_dataclass(cls) and "__slots__" in cls.__dict__ and cls.__dataclass_params__.frozen):  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__name__} is not a frozen dataclass with slots")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__, which the builder would skip")
    if any(field.default_factory is not MISSING or field.kw_only or not field.init for field in fields(cls)):
        raise TypeError(f"{cls.__name__} has a default factory, a keyword-only or an init=False field, "
                        "which the builder would not handle")
    # One generated function, every slot's setter and default a local name: no loop, no look-ups.
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    parameters = []
    for number, field in enumerate(fields(cls)):
        if field.default is MISSING:
            parameters.append(field.name)
        else:  # (the dataclass has checked that no field without a default follows one with)
            namespace[f"_default{number}"] = field.default
            parameters.append(f"{field.name}=_default{number}")
    lines = [f"def build_{cls.__name__}({', '.join(parameters)}):", "    made = _new(_cls)"]
    for number, field in enumerate(fields(cls)):
        namespace[f"_set{number}"] = getattr(cls, field.name).__set__
        lines.append(f"    _set{number}(made, {field.name})")
    lines.append("    return made")
    exec("\n".join(lines), namespace)  # the source is made above from field names alone
    made: Callable[..., T] = namespace[f"build_{cls.__name__}"]
    made.__doc__ = f"A {cls.__name__} from all its fields (:func:`divided.games.frozen_builder.builder`)."
    return made


class _Keep:
    """The default of an evolver's keywords: keep the field as it is."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<keep>"


_KEEP = _Keep()


def evolver(cls: type[T]) -> Callable[..., T]:
    """A function ``evolve(state, **changes)`` copying ``state`` (a ``cls``) with some fields
    changed, as ``dataclasses.replace`` would, several times faster: one generated function
    whose keywords are the fields. An unknown field is a TypeError. ``cls`` must be a frozen
    dataclass with slots, no ``__post_init__`` and no field outside ``__init__``.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> move = evolver(Point)
    >>> move(Point(1, 2), y=5)
    Point(x=1, y=5)
    """
    if not (is_dataclass(cls) and "__slots__" in cls.__dict__ and cls.__dataclass_params__.frozen):  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__name__} is not a frozen dataclass with slots")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__, which the evolver would skip")
    if not all(field.init for field in fields(cls)):
        raise TypeError(f"{cls.__name__} has fields outside __init__")
    names = [field.name for field in fields(cls)]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_keep": _KEEP}
    keywords = ", ".join(f"{name}=_keep" for name in names)
    lines = [f"def evolve_{cls.__name__}(_state, /, *, {keywords}):", "    made = _new(_cls)"]
    for number, name in enumerate(names):
        namespace[f"_set{number}"] = getattr(cls, name).__set__
        lines.append(f"    _set{number}(made, _state.{name} if {name} is _keep else {name})")
    lines.append("    return made")
    exec("\n".join(lines), namespace)  # the source is made above from field names alone
    made: Callable[..., T] = namespace[f"evolve_{cls.__name__}"]
    made.__doc__ = f"A copy of a {cls.__name__} with some fields changed (:func:`divided.games.frozen_builder.evolver`)."
    return made


__all__ = ["builder", "evolver"]
