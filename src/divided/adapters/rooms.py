"""What the generic adapters ask of a game: its room, its layout's bits as numpy, its adapter parts.

The adapters are generic over rooms (:class:`divided.games.room.GameRoom`): the rules, the
observation layout and the world sampler come from :func:`divided.games.room`. A game may add
parts only the adapters need (e.g. the action history behind a sampled state, so OpenSpiel's
``history()`` is right after resampling) in ``adapters/games/<game>.py``, found through
:data:`PARTS` by game id; a game without them gets the generic behaviour.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from math import prod
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from divided import games
from divided.errors import UnsupportedGameError
from divided.games.base import OptionValue
from divided.games.room import GameRoom, ObservationLayout
from divided.registry import Registry

VERSION = 1
"""The version in every OpenSpiel name; it goes up when a game's OpenSpiel face changes."""


def short_name(game: str) -> str:
    """OpenSpiel's name of ``game``: ``python_<game>_v<VERSION>``, hyphens made underscores.

    >>> short_name("divided-ranks")
    'python_divided_ranks_v1'
    """
    return f"python_{game.replace('-', '_')}_v{VERSION}"


@runtime_checkable
class FactoredLayout(Protocol):
    """A layout that also serves OpenSpiel's factored observations: ``public(view)`` is what
    every player knows, ``private(view)`` what only the view's player knows; an encoding of the
    private part keeps only the bits of ``private_mask()``."""

    def public(self, view: Any) -> Any: ...

    def private(self, view: Any) -> Any: ...

    def private_mask(self) -> int: ...


@dataclass(frozen=True)
class AdapterParts:
    """A game's optional adapter parts (``adapters/games/<game>.py`` defines one as ``PARTS``).

    ``aliases``: older OpenSpiel names the game is also registered under; ``history_of(state)``:
    every action (chance outcomes included) from the start to a core state; ``chance_text(state,
    action, text)``: how OpenSpiel writes a chance outcome; ``options_of(view)``: the rule options a
    view was played under.
    """

    aliases: tuple[str, ...] = ()
    history_of: Callable[[Any], list[int]] | None = None
    chance_text: Callable[[Any, int, str], str] | None = None
    options_of: Callable[[Any], Mapping[str, OptionValue]] | None = None


PARTS: Registry[AdapterParts] = Registry(
    "adapter parts", {"divided-ranks": "divided.adapters.games.divided_ranks:PARTS",
                      "card-commons": "divided.adapters.games.card_commons:PARTS",
                      "divide": "divided.adapters.games.divide:PARTS"})
"""Game id -> that game's :class:`AdapterParts`."""


def part(game: str, name: str) -> Any:
    """The game's adapter part ``name``, or ``None`` when the game has none."""
    if not PARTS.supports(game):
        return None
    return getattr(PARTS.get(game), name)


def room_of(game: str) -> GameRoom[Any, Any]:
    """The game's room (:func:`divided.games.room`)."""
    return games.room(game)


def layout_of(game: str) -> ObservationLayout[Any] | None:
    """The game's observation layout, or ``None`` when its room has none."""
    try:
        room = room_of(game)
    except UnsupportedGameError:
        return None
    layout: ObservationLayout[Any] | None = getattr(room, "observation", None)
    return layout


def size(layout: ObservationLayout[Any]) -> int:
    """The number of entries in the layout's flat vector."""
    return sum(prod(shape) for _, shape in layout.pieces)


def unpack(bits: int, count: int, dtype: npt.DTypeLike) -> npt.NDArray[Any]:
    """The first ``count`` bits of ``bits`` as a 0/1 vector (entry ``i`` = bit ``i``).

    >>> unpack(0b1101, 5, np.int8).tolist()
    [1, 0, 1, 1, 0]
    """
    if bits < 0 or bits >> count:
        raise ValueError(f"an encoding of {count} entries has bits beyond them: {bits:#x}")
    raw = np.frombuffer(bits.to_bytes((count + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:count].astype(dtype)


def options_of_view(game: str, view: Any) -> Mapping[str, OptionValue]:
    """The rule options ``view`` was played under (needs the game's ``options_of`` part)."""
    options_of = part(game, "options_of")
    if options_of is None:
        raise UnsupportedGameError(f"the adapters cannot tell the rule options of a {game!r} view")
    options: Mapping[str, OptionValue] = options_of(view)
    return options


__all__ = ["PARTS", "VERSION", "AdapterParts", "FactoredLayout", "layout_of", "options_of_view", "part", "room_of", "short_name",
           "size", "unpack"]
