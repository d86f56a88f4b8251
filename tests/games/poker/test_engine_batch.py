"""The batch showdown (:func:`divided.games.poker.batch.award_strengths`) against the engine's
own judgement of one hand set at a time (:func:`divided.games.poker.showdown.entries`), over the
hands of random deals at every point (slots of every size, so sizes a rule does not rank and
mixed sizes in one batch), every game and low rule."""

from __future__ import annotations

import random

import numpy as np
import pytest
from engine_digests import GAMES

from divided.games.base import CHANCE
from divided.games.poker.batch import award_strengths, slot_strengths
from divided.games.poker.cards import parse
from divided.games.poker.showdown import entries
from divided.games.poker.state import PokerState
from divided.games.poker.variants import rules_of


def states(game: str, low: str | None, seed: int) -> list[PokerState]:
    rules = rules_of(game)
    rng = random.Random(seed)
    out = []
    for _ in range(4):
        options = {option.name: option.default for option in rules.options}
        options.update(players=rules.variant.players[1], first_dealer=0)
        if low is not None:
            options["low"] = low
        state = rules.initial_state(options)
        while not state.over:
            out.append(state)
            player = rules.current_player(state)
            if player == CHANCE:
                state = rules.apply(state, rng.choice(rules.chance_outcomes(state))[0])
            else:
                state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    return out


def _lows(game: str) -> list[str | None]:
    for option in rules_of(game).options:
        if option.name == "low":
            return [str(choice) for choice in option.choices]
    return [None]


@pytest.mark.parametrize(("game", "low"), [(game, low) for game in GAMES for low in _lows(game)])
def test_batch_strengths_are_the_showdowns_claims(game: str, low: str | None) -> None:
    seen = states(game, low, seed=len(game))
    config = seen[0].config
    finals = [held for state in seen for held in state.slots]
    got = award_strengths(config, finals)
    assert got.shape == (len(config.awards), len(finals))
    expected = np.full(got.shape, -1)
    for row, award in enumerate(config.awards):
        for column, state_seat in enumerate((state, seat) for state in seen for seat in range(state.players)):
            state, seat = state_seat
            (claim,) = entries(config, state, award, [seat]) or (None,)
            if claim is not None:
                expected[row, column] = claim.strength
    assert (got == expected).all()
    assert (got >= 0).any() and (got == -1).any()  # hands that compete and hands that do not


def test_hand_worked_lows_and_highs_in_one_batch() -> None:
    """Ace-to-five eight or better: the wheel beats 8-6-4-3-A, which qualifies; 9-5-4-3-2 misses
    the qualifier and four cards are no low hand (both -1), in one batch of mixed sizes. High:
    seven cards play their best five (the flush beats the straight in them)."""
    lows = [parse(text) for text in ("5s 4h 3d 2c Ah", "8s 6h 4d 3c As", "9s 5h 4d 3c 2s", "8s 6h 4d 3c")]
    wheel, eight, nine, four = slot_strengths("a5-8", lows).tolist()
    assert wheel > eight >= 0 and nine == -1 and four == -1
    flush_in_seven, straight = slot_strengths("high", [parse("2h 5h 9h Jh Kh Qd Tc"), parse("9d Ts Jc Qh Kd")]).tolist()
    assert flush_in_seven > straight >= 0
    assert slot_strengths("high", []).shape == (0,)


def test_a_pair_of_sevens_outranks_every_hand_for_both_of_mississippis_halves() -> None:
    """MG2 in the batch: 7-7 beats A-A for high and 3-2 for low (the hog takes each award it can
    win), so a bot valuing the showdown sees the scoop; two pairs of sevens tie (they share);
    seven-high and a lone seven are plain hands."""
    rules = rules_of("mississippi")
    options = {option.name: option.default for option in rules.options}
    config = rules.initial_state(options | {"players": 4, "first_dealer": 0}).config
    finals = [[parse(text)] for text in ("7s 7d", "Ac Ah", "3d 2s", "7c 7h", "7c 2h", "Kd 7h")]
    high, low = award_strengths(config, finals).tolist()
    sevens, aces, three_two, other_sevens, seven_two, king_seven = range(6)
    for row in (high, low):
        assert row[sevens] == row[other_sevens] > max(row[aces], row[three_two], row[seven_two], row[king_seven])
    assert high[aces] > high[king_seven] > high[seven_two] > high[three_two]
    assert low[three_two] > low[seven_two] > low[king_seven] > low[aces]
