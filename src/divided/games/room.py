"""What a game provides besides its rules: the *room* that generic layers read.

A game is a room: ``games/<game>/`` holds the pure rules and everything that is knowledge of
that game, and :class:`GameRoom` is the one object through which generic code (bots, the lab,
the web shell, the review, the adapters) reaches that knowledge. Every method works from a
player's view alone, never from hidden state. Rooms are found by game id through
:func:`divided.games.room`. Pure Python: no numpy here (layouts produce ints).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import prod
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from divided.games.base import JSONScalar, Rules

if TYPE_CHECKING:
    import random

S = TypeVar("S")
V = TypeVar("V")
V_contra = TypeVar("V_contra", contravariant=True)
S_contra = TypeVar("S_contra", contravariant=True)
S_co = TypeVar("S_co", covariant=True)

JSON = JSONScalar | list["JSON"] | dict[str, "JSON"]


class WorldSampler(Protocol[S_co]):
    """Full states consistent with one player's view.

    Contract: ``rules.observe(sample(rng), view.player) == view`` for every sample, and every
    consistent state has a chance to be drawn; ``weight`` says how much a drawn state counts
    (1.0 for every state when the sampler draws uniformly over the states the books count)."""

    def sample(self, rng: random.Random) -> S_co: ...

    def weight(self, state: Any) -> float: ...


class Books(Protocol):
    """What one player knows of the hidden cards, as the knowledge panel shows it."""

    def to_json(self) -> dict[str, JSON]: ...

    def describe(self) -> str: ...


@dataclass(frozen=True, slots=True)
class ActionLabel:
    """An action as a person reads it: ``kind`` groups actions for the interface ("split",
    "give", "offer-3", "play", ...), ``text`` is the rules' ``action_to_string``, ``cards`` the
    cards it names in the project's notation."""

    action: int
    kind: str
    text: str
    cards: tuple[str, ...] = ()


class ObservationLayout(Protocol[V_contra]):
    """How a view becomes a flat vector of bits for learning code (OpenSpiel observers,
    PettingZoo boxes): ``pieces`` name consecutive blocks and their shapes; ``encode`` sets bit
    ``i`` for entry ``i`` of the concatenated blocks."""

    @property
    def pieces(self) -> tuple[tuple[str, tuple[int, ...]], ...]: ...

    def encode(self, view: V_contra) -> int: ...


class StateEncoding(Protocol[S_contra]):
    """A layout's optional fast path for the adapters, which encode every position they hand
    out: ``encode_state(state, player, current_player)`` is ``encode(rules.observe(state,
    player))`` bit for bit (``current_player`` is the rules' for ``state``), without building
    the view. It reads the core state, so it must read only what the view holds; each game's
    tests compare the two over random games (``tests/games/test_state_encodings.py``)."""

    def encode_state(self, state: S_contra, player: int | None, current_player: int) -> int: ...


Pieces = tuple[tuple[str, tuple[int, ...]], ...]
"""A layout's named blocks and their shapes, in order."""


def offsets(pieces: Pieces) -> dict[str, int]:
    """Where each piece starts in the flat vector.

    >>> offsets((("hand", (21,)), ("seat", (2,))))
    {'hand': 0, 'seat': 21}
    """
    starts: dict[str, int] = {}
    position = 0
    for name, shape in pieces:
        starts[name] = position
        position += prod(shape)
    return starts


def size(layout: ObservationLayout[Any]) -> int:
    """How many entries the layout's vector has."""
    return sum(prod(shape) for _, shape in layout.pieces)


def entries(layout: ObservationLayout[Any], bits: int, piece: str) -> list[int]:
    """The set entries of one piece (flat, counted from the piece's start) in ``bits``."""
    start = offsets(layout.pieces)[piece]
    width = prod(dict(layout.pieces)[piece])
    block = bits >> start & ((1 << width) - 1)
    return [i for i in range(width) if block >> i & 1]


class GameRoom(Protocol[S, V]):
    """Everything generic code may ask of one game (see the module text)."""

    @property
    def game(self) -> str: ...

    @property
    def rules(self) -> Rules[S, V]: ...

    @property
    def observation(self) -> ObservationLayout[V]: ...

    def label(self, view: V, action: int) -> ActionLabel:
        """``action`` (legal in ``view``) as a person reads it, from the view only."""
        ...

    def books(self, view: V) -> Books:
        """What the view's player knows of the hidden cards."""
        ...

    def sampler(self, view: V) -> WorldSampler[S]:
        """Full states consistent with ``view``."""
        ...

    def dominant_action(self, view: V, legal: Sequence[int]) -> int | None:
        """An action at least as good as every other whatever the hidden cards and the other
        players do (Divided Ranks' build, ruling R5), or ``None``."""
        ...

    def facts(self, state: S) -> Mapping[str, JSON]:
        """Facts of a finished game for the lab (JSON), from the full state."""
        ...

    def zones(self, state: S) -> Mapping[str, Sequence[str]]:
        """Where every card of the game is in ``state`` (full state, not a view), by zone name
        ("deck", "hand 0", "reserve", "table", ...), cards in the project's notation: every card
        is in exactly one zone at every moment, the same cards from the first move to the last
        (the conformance suite checks this card conservation)."""
        ...
