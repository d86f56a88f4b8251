"""A layout's fast path from the core state, ``encode_state(state, player, current_player)``
(Divided Ranks' and DIVIDE's room layouts offer it; PettingZoo encodes with it), equals the
encoding of the player's view, ``encode(rules.observe(state, player))``, bit for bit: at every
position of random games under each game's rule variants, for every seat and a spectator.
Equal bits mean the fast path holds nothing the view does not (no hidden card reaches it).

The fast path keeps readings of the last logs it met; so the positions come from several games
and a branch played in turns, earlier positions are encoded again (a log that is not an
extension of the last one read), and the seats look in random order.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from divided import games
from divided.adapters.rooms import room_of

SETTINGS: dict[str, list[dict[str, Any]]] = {
    "divided-ranks": [{}, {"swap": "face-up", "reserve_order": "coin", "first_splitter": 1},
                      {"rounds": 2, "build": "auto"}, {"swap": "blind", "reserve_order": "coin"}],
    "divide": [{"players": 4, "rounds": 2}, {"players": 6, "rounds": 2, "trump": "resets"},
               {"players": 4, "rounds": 2, "end_score": "off", "first_dealer": 3}],
}


def _check_lines(game: str, options: dict[str, Any], seed: int) -> int:
    """Play two games and a branch of one in turns; after each move encode a random position
    met so far (usually the newest) for every seat and a spectator in random order, both ways.
    The number of encodings compared."""
    loaded = games.load(game, **options)
    layout = room_of(game).observation
    rules = loaded.rules
    seats: list[int | None] = [*range(loaded.info.num_players), None]
    rng = random.Random(seed)
    lines = [loaded.new_initial_state(seed), loaded.new_initial_state(seed + 1)]
    met: list[Any] = [line.core for line in lines]
    compared = 0
    while lines:
        line = rng.choice(lines)
        if line.is_terminal():
            lines.remove(line)
            continue
        line.apply_action(rng.choice(line.legal_actions()))
        met.append(line.core)
        if len(met) == 30:
            lines.append(line.clone())  # a branch: the same log, then another future
        core = met[-1] if rng.random() < 0.7 else rng.choice(met)
        current = rules.current_player(core)
        for player in rng.sample(seats, len(seats)):
            expected = layout.encode(rules.observe(core, player))
            assert layout.encode_state(core, player, current) == expected, (options, seed, player, core)
            compared += 1
    return compared


@pytest.mark.parametrize("game", sorted(SETTINGS))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_state_encoding_is_the_views_encoding(game: str, data: st.DataObject) -> None:
    options = data.draw(st.sampled_from(SETTINGS[game]), label="options")
    seed = data.draw(st.integers(0, 2**31), label="seed")
    assert _check_lines(game, options, seed) > 20


@pytest.mark.parametrize("game", sorted(SETTINGS))
def test_every_rule_variant_here_is_checked(game: str) -> None:
    """Each listed variant loads (a misspelt option would fail every example alike) and its
    room layout offers the fast path."""
    for options in SETTINGS[game]:
        games.load(game, **options)
    assert callable(room_of(game).observation.encode_state)  # type: ignore[attr-defined]


def test_divide_a_log_whose_round_starts_earlier_is_read_again() -> None:
    """DIVIDE's fast path extends its last round reading to a log that holds the same events of
    the round from the same place on. A log with one more event of the round just before that
    place (here a trick of the round where the last event of the round before was) is another
    round: its cards must be read, as the view reads them."""
    from dataclasses import replace

    from divided.games.divide.state import TrickEvent

    loaded = games.load("divide", players=4, rounds=2, first_dealer=0)
    layout = room_of("divide").observation
    rules = loaded.rules
    rng = random.Random(7)
    state = loaded.new_initial_state(7)
    while not (state.core.round == 1 and state.core.trick >= 4):
        state.apply_action(rng.choice(state.legal_actions()))
    core = state.core
    log = core.log
    start = next(i for i, event in enumerate(log) if event.round == 1)
    tricks = [event for event in log[start:] if isinstance(event, TrickEvent)]
    assert start >= 1 and log[start - 1].round == 0 and len(tricks) >= 2
    # Trick 3 again, earlier in the log, with another card of its leader (off the lead suit
    # for a player behind): played cards and voids the real log does not show.
    trick = tricks[1]
    extra = replace(trick, trick=3, plays=((trick.plays[0][0], 53), *trick.plays[1:]))
    other = replace(core, log=(*log[:start - 1], extra, *log[start:]))
    current = rules.current_player(core)
    for player in (*range(4), None):
        assert layout.encode_state(core, player, current) == layout.encode(rules.observe(core, player))
        assert layout.encode_state(other, player, current) == layout.encode(rules.observe(other, player)), player


def test_divide_the_same_log_at_another_table_or_round_is_read_again() -> None:
    """DIVIDE's fast path keeps its last round reading by the log itself (the engine's tuple).
    Two games at different tables can start from the very same (empty) log, and a state with
    the same log may name another round: each must be read for its own table and round."""
    from dataclasses import replace

    layout = room_of("divide").observation
    starts = []
    for players in (4, 6, 4):
        loaded = games.load("divide", players=players, rounds=2, first_dealer=0)
        state = loaded.new_initial_state(5)
        assert state.core.log == ()
        starts.append((loaded.rules, state.core))
    for rules, core in starts:
        current = rules.current_player(core)
        for player in (*range(core.options.players), None):
            assert layout.encode_state(core, player, current) == layout.encode(rules.observe(core, player))
    loaded = games.load("divide", players=4, rounds=2, first_dealer=0)
    rules = loaded.rules
    rng = random.Random(11)
    state = loaded.new_initial_state(11)
    while not (state.core.round == 1 and state.core.trick >= 3):
        state.apply_action(rng.choice(state.legal_actions()))
    core = state.core
    current = rules.current_player(core)
    for position in (core, replace(core, round=0), core):  # round 0's cards from the same log
        for player in (*range(4), None):
            assert layout.encode_state(position, player, current) == layout.encode(rules.observe(position, player))


@pytest.mark.parametrize("lead", [(52, 53, 5, 2), (53, 6, 52, 3), (4, 52, 9, 53), (0, 4, 8, 12)])
def test_divide_a_trick_read_card_by_card_shows_the_views_voids(lead: tuple[int, ...]) -> None:
    """DIVIDE's fast path extends the trick in play it read last by each card played. Jokers
    set no lead suit (ruling D5: the first suited card does), and a Joker once the suit is set
    shows a void; random games rarely lead both Jokers. Each trick here (cards 52 and 53 are
    the Jokers; a card's suit is its number mod 4) is played card by card in Trick 3, every
    position encoded both ways for every seat and a spectator."""
    from dataclasses import replace

    from divided.games.divide.state import Phase

    loaded = games.load("divide", players=4, rounds=2, first_dealer=0)
    layout = room_of("divide").observation
    rules = loaded.rules
    rng = random.Random(3)
    state = loaded.new_initial_state(3)
    while not (state.core.phase is Phase.PLAY and state.core.trick == 3 and not state.core.plays):
        state.apply_action(rng.choice(state.legal_actions()))
    core = state.core
    seats = [(core.leader + k) % 4 for k in range(4)]
    for played in range(5):
        position = replace(core, plays=tuple(zip(seats, lead[:played], strict=False)))
        current = seats[played] if played < 4 else seats[0]
        for player in (*range(4), None):
            expected = layout.encode(rules.observe(position, player))
            assert layout.encode_state(position, player, current) == expected, (lead[:played], player)
