"""The frozen-dataclass builder: the same objects as the class's own constructor, or a refusal."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from divided import games
from divided.games.frozen_builder import builder, evolver


@dataclass(frozen=True, slots=True)
class Seat:
    number: int
    name: str | None
    cards: tuple[int, ...]


def test_builds_what_the_constructor_builds() -> None:
    make = builder(Seat)
    made = make(2, name="north", cards=(1, 5))
    assert made == Seat(2, "north", (1, 5))
    assert type(made) is Seat and hash(made) == hash(Seat(2, "north", (1, 5)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.number = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        make(2, "north")  # a field missing, as for the constructor


@dataclass(frozen=True, slots=True)
class Table:
    name: str
    seats: int = 4
    stakes: tuple[int, ...] = ()


def test_applies_plain_defaults_as_the_constructor_does() -> None:
    make = builder(Table)
    for args, kwargs in [(("oak",), {}), (("oak", 6), {}), (("oak",), {"stakes": (1, 2)}),
                         ((), {"name": "pine", "seats": 2, "stakes": (5,)})]:
        made = make(*args, **kwargs)
        assert made == Table(*args, **kwargs)
    assert make("oak").seats == 4 and make("oak").stakes == ()
    with pytest.raises(TypeError):
        make(seats=2)  # the field without a default is still required
    with pytest.raises(TypeError):
        make("oak", 6, (), 1)  # too many, as for the constructor


def test_refuses_classes_it_would_build_wrongly() -> None:
    @dataclass(frozen=True)
    class NoSlots:
        x: int

    @dataclass(slots=True)
    class NotFrozen:
        x: int

    @dataclass(frozen=True, slots=True)
    class WithFactory:
        x: list[int] = field(default_factory=list)

    @dataclass(frozen=True, slots=True)
    class KeywordOnly:
        x: int = field(kw_only=True)

    @dataclass(frozen=True, slots=True)
    class NotInInit:
        x: int
        y: int = field(init=False, default=0)

    @dataclass(frozen=True, slots=True)
    class Checked:
        x: int

        def __post_init__(self) -> None:
            if self.x < 0:
                raise ValueError("negative")

    for cls in (NoSlots, NotFrozen, WithFactory, KeywordOnly, NotInInit, Checked):
        with pytest.raises(TypeError):
            builder(cls)


@pytest.mark.parametrize("game", ["divided-ranks", "card-commons", "divide"])
def test_every_field_of_a_game_view_is_set(game: str) -> None:
    """Views built by ``observe`` equal the class's constructor given the same fields."""
    loaded = games.load(game)
    state = loaded.new_initial_state(seed=5)
    for _ in range(12):
        if state.is_terminal():
            break
        for player in (*range(loaded.info.num_players), None):
            view = state.observation(player)
            values = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
            assert view == type(view)(**values)
        state.apply_action(state.legal_actions()[0])


@dataclass(frozen=True, slots=True)
class Hand:
    seat: int
    cards: tuple[int, ...] = ()
    shown: bool = False


def test_evolver_copies_as_replace_does() -> None:
    move = evolver(Hand)
    hand = Hand(1, (4, 5))
    for changes in ({}, {"shown": True}, {"cards": (), "seat": 3}, {"seat": 1, "cards": (4, 5), "shown": False}):
        made = move(hand, **changes)
        assert made == dataclasses.replace(hand, **changes) and type(made) is Hand
        assert made is not hand
    assert hand == Hand(1, (4, 5))  # the original unchanged
    with pytest.raises(dataclasses.FrozenInstanceError):
        move(hand, seat=2).seat = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        move(hand, colour="red")  # an unknown field, as for replace
    with pytest.raises(TypeError):
        move(hand, 2)  # fields by keyword only


def test_evolver_refuses_classes_it_would_copy_wrongly() -> None:
    @dataclass(frozen=True)
    class NoSlots:
        x: int

    @dataclass(frozen=True, slots=True)
    class Checked:
        x: int

        def __post_init__(self) -> None:
            if self.x < 0:
                raise ValueError("negative")

    @dataclass(frozen=True, slots=True)
    class Derived:
        x: int
        y: int = field(init=False, default=0)

    for cls in (NoSlots, Checked, Derived):
        with pytest.raises(TypeError):
            evolver(cls)
