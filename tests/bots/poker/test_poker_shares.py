"""The batch showdown values agree with the engine's own showdown: over deals called down to
the end, each seat's pot share from :mod:`divided.bots.poker.shares` is the share the engine's
award winners give it."""

from __future__ import annotations

import random

import numpy as np
import pytest

from divided import games
from divided.bots.base import make_bot
from divided.bots.poker import shares
from divided.games.poker.awards.switched import config_in_force
from divided.games.poker.variants import VARIANTS


def expected_share(settled_awards: tuple[tuple[str, tuple[int, ...]], ...], weights: list[int], seat: int) -> float:
    won = total = 0.0
    for (_, winners), weight in zip(settled_awards, weights, strict=True):
        if winners:
            total += weight
            if seat in winners:
                won += weight / len(winners)
    return won / total


@pytest.mark.parametrize(("game", "options"), [*((game, {}) for game in sorted(VARIANTS)),
                                               ("double-draw-high-low", {"low": "a5-8"}),
                                               ("henway", {"low": "a5-8", "henway_sides": "declared"}),
                                               ("ten-card-regrets", {"low": "27"})])
def test_shares_match_the_engines_awards(game: str, options: dict[str, str]) -> None:
    players = min(VARIANTS[game].players[1], 4)
    checked = 0
    for seed in range(6):
        state = games.load(game, players=players, **options).new_initial_state(seed=seed)
        station = make_bot(game, "calling-station")
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            state.apply_action(station.choose(state.observation(seat), state.legal_actions(), rng))
        core = state.core
        config = config_in_force(core)  # J-Lo: deuce-to-seven once nobody opened
        (pot,) = core.settled  # nobody folds or goes all-in: one pot
        weights = [award.share for award in config.awards]
        last = core.match is not None and core.match.last  # a match's capped deal (Fives: five or not)
        final = shares.strengths(config, [core.slots[seat] for seat in range(players)], last_deal=last)
        for seat in range(players):
            others = np.delete(final, seat, axis=1)
            got = float(shares.pot_share(config, final[:, seat], others))
            if any(award.kind == "places" for award in config.awards):  # the engine's chips, but for odd ones
                assert got == pytest.approx(pot.chips[seat] / pot.amount, abs=players / pot.amount), (seed, seat)
            else:
                assert got == pytest.approx(expected_share(pot.awards, weights, seat)), (seed, seat)
            checked += 1
    assert checked == 6 * players


def test_a_places_award_shares_the_pot_by_place() -> None:
    """Auction Flop's places (AF7): heads-up 2/3 and 1/3, three or more 60/30/10, ties pooled."""
    from types import SimpleNamespace

    from divided.games.poker.awards.places import PLACES
    from divided.games.poker.variant import Award

    config = SimpleNamespace(awards=(Award("places", ("hand",), kind=PLACES),))

    def share(mine: int, others: list[int]) -> float:
        found = shares.pot_share(config, np.array([[mine]]), np.array([[others]]))  # type: ignore[arg-type]
        return float(found[0])

    assert share(9, [5]) == pytest.approx(2 / 3) and share(5, [9]) == pytest.approx(1 / 3)
    assert share(5, [5]) == pytest.approx(1 / 2)
    assert [share(s, [t for t in (9, 5, 1) if t != s]) for s in (9, 5, 1)] == pytest.approx([0.6, 0.3, 0.1])
    assert share(9, [9, 1]) == pytest.approx(0.45) and share(1, [9, 9]) == pytest.approx(0.1)
    assert share(3, [9, 7, 5]) == pytest.approx(0.0)  # fourth of four places nothing
