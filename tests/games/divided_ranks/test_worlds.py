"""Sampled worlds (``divided.games.divided_ranks.worlds.sample_state``) are consistent with the view, complete,
varied, and drawn with the books' odds.

Independent expectations:

* consistency is the definition itself: the sample, observed by the player, gives the very
  view it was drawn from (``observe(sample, player) == view``), at every position of random
  games under every combination of rule options, for both players;
* completeness: the sample's history, read back from its own deal and log and replayed action
  by action through the engine, rebuilds the sample exactly;
* the distribution: over many samples every card the books say may be in the opponent's hand
  or in the reserve turns up there, no card turns up where the books rule it out, and the
  reserve card's frequencies fit the books' odds (a loose chi-square bound); in hand-made
  reserve positions the candidates are worked out by hand from the rules.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

import pytest
from deals import DealtState, at_reserve, card, cards, mask

from divided import games
from divided.cards import mask_indices
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.knowledge import Place, knowledge
from divided.games.divided_ranks.state import (
    ALL_CARDS,
    BuildEvent,
    ChoiceEvent,
    DividedRanksState,
    Phase,
    ReserveEvent,
    SplitEvent,
)
from divided.games.divided_ranks.view import PlayerView, observe
from divided.games.divided_ranks.worlds import WorldSampler, sample_state

ALL_OPTIONS: list[dict[str, Any]] = [
    {"first_splitter": first, "reserve_order": order, "scoring": scoring, "swap": swap}
    for first, order, scoring, swap in itertools.product(
        ("coin", 0, 1), ("literal", "coin", "splitter-first"), ("categories-first", "weaker-first"),
        ("blind", "face-up"))
]


def random_positions(options: dict[str, Any], seed: int) -> Iterator[DealtState]:
    """Every position of a game of uniformly random chance outcomes and legal actions (random
    builds too), from the fresh game to the end."""
    state = games.load("divided-ranks", **options).new_initial_state()
    rng = random.Random(seed)
    yield state.clone()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        yield state.clone()


def history_of(core: DividedRanksState) -> list[int]:
    """Every action of the game ``core`` ends, read from its coins, deal and log."""
    actions: list[int] = []
    if core.options.first_splitter == "coin" and core.first_splitter >= 0:
        actions.append(core.first_splitter)
    if core.options.reserve_order == "coin" and core.reserve_first >= 0:
        actions.append(core.reserve_first)
    actions.extend(core.deal)
    for event in core.log:
        if isinstance(event, SplitEvent):
            actions.append(act.split_action(*mask_indices(event.face_up)))
        elif isinstance(event, ChoiceEvent):
            actions.append(act.TAKE_FACE_UP if event.took_face_up else act.TAKE_FACE_DOWN)
        elif isinstance(event, ReserveEvent):
            actions.append(act.give_action(event.gave) if event.swapped else act.KEEP)
        else:
            assert isinstance(event, BuildEvent)
            actions.append(act.build_action(event.split))
    return actions


def replayed(core: DividedRanksState) -> DividedRanksState:
    options = {"first_splitter": core.options.first_splitter, "reserve_order": core.options.reserve_order,
               "swap": core.options.swap, "scoring": str(core.options.scoring)}
    state = games.load("divided-ranks", **options).new_initial_state()
    for action in history_of(core):
        state.apply_action(action)
    rebuilt: DividedRanksState = state.core
    return rebuilt


def hidden(core: DividedRanksState, player: int) -> tuple[int, int, tuple[int, ...], int]:
    return core.hands[1 - player], core.reserve, core.deal, core.face_down


# -- consistency -------------------------------------------------------------------------------


def test_a_sample_looks_exactly_like_the_view_and_replays() -> None:
    rng = random.Random(1)
    checked = differs = 0
    phases: Counter[Phase] = Counter()
    for number, options in enumerate(ALL_OPTIONS):
        for seed in (number, 1000 + number):
            for position in random_positions(options, seed):
                for player in (0, 1):
                    view = position.observation(player)
                    sample = sample_state(view, rng)
                    assert observe(sample, player) == view, (options, seed, position.core.phase, player)
                    assert replayed(sample) == sample
                    checked += 1
                    phases[position.core.phase] += 1
                    differs += hidden(sample, player) != hidden(position.core, player)
    assert checked > 5000
    assert set(phases) == set(Phase)  # every phase, chance and the end included
    assert differs > 0.5 * checked  # consistent, yet the hidden part moved


def test_an_impossible_view_is_refused() -> None:
    """The check above can fail: a view that no state gives (a card dropped from the hand) is
    refused rather than sampled."""
    state = at_reserve("Ts Th Js Jh Qs Qh Ks Kh As Ah", "Td Tc Jd Jc Qd Qc Kd Kc Ad Ac", "Jk",
                       first_splitter=0)
    view = state.observation(1)
    broken = dataclasses.replace(view, hand=view.hand & (view.hand - 1))
    with pytest.raises(ValueError, match="inconsistent view"):
        sample_state(broken, random.Random(0))
    draft_view = games.load("divided-ranks", first_splitter=0).new_initial_state(seed=3).observation(1)
    assert sample_state(draft_view, random.Random(0)).phase == Phase.SPLIT
    for wrong in (dataclasses.replace(draft_view, stock_size=draft_view.stock_size - 1),
                  dataclasses.replace(draft_view, hand=mask("As Ah"))):
        with pytest.raises(ValueError, match="inconsistent view"):
            sample_state(wrong, random.Random(0))


# -- the distribution ----------------------------------------------------------------------------


def chi_square_bound(df: int, z: float = 4.0) -> float:
    """An upper quantile of the chi-square law with ``df`` degrees of freedom (Wilson-Hilferty;
    z = 4 is about a 3e-5 tail): a loose bound for a fit test."""
    c = 2.0 / (9.0 * df)
    return float(df * (1.0 - c + z * math.sqrt(c)) ** 3)


def chi_square(counts: Counter[int], odds: dict[int, float], total: int) -> float:
    return sum((counts.get(c, 0) - total * p) ** 2 / (total * p) for c, p in odds.items())


def test_the_chi_square_bound_is_loose_but_not_blind() -> None:
    assert 35.56 < chi_square_bound(10) < 45.0  # tables: the 1e-4 quantile is 35.56
    odds = {c: 0.1 for c in range(10)}
    skewed = Counter({0: 200, **{c: 89 for c in range(1, 10)}})  # one card twice as likely
    assert chi_square(skewed, odds, 1001) > chi_square_bound(9)


def sample_positions(numbers: Iterable[int] = range(8)) -> Iterator[tuple[DealtState, int]]:
    """Decision positions of every phase from random games (game ``number`` of eight), with a viewer."""
    for number in numbers:
        options = ALL_OPTIONS[(7 * number) % len(ALL_OPTIONS)]
        positions = [p for p in random_positions(options, 500 + number)
                     if p.core.phase in (Phase.SPLIT, Phase.CHOOSE, Phase.RESERVE, Phase.BUILD)]
        for index in (1, 5, len(positions) - 5, len(positions) - 2, len(positions) - 1):
            yield positions[index], number % 2


# 300 samples at each of 40 positions take about ten seconds: the fast lane checks the first four
# games (both swaps, every phase), the slow lane the other four.
PLACE_GAMES = [pytest.param((0, 1, 2, 3), id="sample"), pytest.param((4, 5, 6, 7), id="rest", marks=pytest.mark.slow)]


@pytest.mark.parametrize("numbers", PLACE_GAMES)
def test_every_possible_place_turns_up_and_no_impossible_one(numbers: tuple[int, ...]) -> None:
    rng = random.Random(2)
    checked = 0
    for position, player in sample_positions(numbers):
        view = position.observation(player)
        books = knowledge(view)
        opponent = 1 - player
        in_hand: Counter[int] = Counter()
        reserves: Counter[int] = Counter()
        for _ in range(300):
            sample = sample_state(view, rng)
            assert sample.hands[opponent] & books.opponent_known == books.opponent_known
            for c in mask_indices(sample.hands[opponent]):
                in_hand[c] += 1
            reserves[sample.reserve] += 1
        for c, places in books.unaccounted.items():
            assert (in_hand[c] > 0) == (places.get(Place.OPPONENT_HAND, 0) > 0), (view.phase, c)
            assert (reserves[c] > 0) == (places.get(Place.RESERVE, 0) > 0), (view.phase, c)
        if books.reserve is not None:
            assert reserves == Counter({books.reserve: 300})
        else:
            assert set(reserves) == set(books.reserve_odds)
        checked += len(books.unaccounted) > 0
    assert checked >= 2 * len(numbers)  # of five positions a game


def test_reserve_frequencies_fit_the_books_odds() -> None:
    rng = random.Random(3)
    fitted = 0
    for position, player in sample_positions():
        view = position.observation(player)
        books = knowledge(view)
        if len(books.reserve_odds) < 3:
            continue
        sampler = WorldSampler(view)
        total = 60 * len(books.reserve_odds)
        reserves: Counter[int] = Counter()
        in_hand: Counter[int] = Counter()
        for _ in range(total):
            sample = sampler.sample(rng)
            reserves[sample.reserve] += 1
            for c in mask_indices(sample.hands[1 - player]):
                in_hand[c] += 1
        odds = {c: float(p) for c, p in books.reserve_odds.items()}
        statistic = chi_square(reserves, odds, total)
        assert statistic < chi_square_bound(len(odds) - 1), (view.phase, statistic, reserves)
        for c, places in books.unaccounted.items():  # each card's share in their hand, 5 sigma
            p = float(places.get(Place.OPPONENT_HAND, 0))
            assert abs(in_hand[c] - total * p) <= 5 * math.sqrt(total * p * (1 - p)) + 1e-9
        fitted += 1
    assert fitted >= 20


# -- hand-made reserve positions -------------------------------------------------------------------
#
# Player 0 drafts spades and hearts, player 1 diamonds and clubs; the Joker is the reserve.
# Player 0 splits rounds 1, 3 and 5 and always takes the face-up pair, so it never sees the pairs
# player 1 kept in rounds 2 and 4: Jd Jc and Kd Kc. When the draft ends player 0 cannot place
# U = Jd Jc Kd Kc Jk: one is the reserve, player 1 holds the other four. Player 1 split two rounds,
# so it goes first at the reserve (the literal rule).
P0 = "Ts Th Js Jh Qs Qh Ks Kh As Ah"
P1 = "Td Tc Jd Jc Qd Qc Kd Kc Ad Ac"
UNSEEN = set(cards("Jd Jc Kd Kc Jk"))


def reserve_samples(state: DealtState, player: int, count: int = 400) -> list[DividedRanksState]:
    view: PlayerView = state.observation(player)
    rng = random.Random(4)
    samples = [sample_state(view, rng) for _ in range(count)]
    for sample in samples:
        assert observe(sample, player) == view
        assert sample.hands[1 - player] == ALL_CARDS ^ sample.hands[player] ^ (1 << sample.reserve)
    return samples


def test_when_the_opponent_keeps_the_reserve_is_any_unseen_card() -> None:
    state = at_reserve(P0, P1, "Jk", first_splitter=0)
    state.apply_action(act.KEEP)
    samples = reserve_samples(state, 0)
    counts = Counter(s.reserve for s in samples)
    assert set(counts) == UNSEEN
    assert chi_square(counts, dict.fromkeys(UNSEEN, 0.2), len(samples)) < chi_square_bound(4)
    assert all(s.deal[0] == s.reserve for s in samples)  # nobody swapped


def test_after_a_blind_swap_the_reserve_is_any_card_they_could_have_held() -> None:
    """Player 1 gives Ad blind: it may have given any card it held, which is any card player 0
    does not hold (the eleven outside player 0's hand), each equally likely."""
    state = at_reserve(P0, P1, "Jk", first_splitter=0)
    state.apply_action(act.give_action(card("Ad")))
    samples = reserve_samples(state, 0, 1100)
    counts = Counter(s.reserve for s in samples)
    outside = set(mask_indices(ALL_CARDS ^ mask(P0)))
    assert set(counts) == outside
    assert chi_square(counts, dict.fromkeys(outside, 1 / 11), len(samples)) < chi_square_bound(10)
    for sample in samples:  # the history: it took the original reserve and gave the final one
        (event,) = [e for e in sample.log if isinstance(e, ReserveEvent)]
        assert event.took == sample.deal[0] and sample.deal[0] in UNSEEN
        assert event.gave == sample.reserve


def test_a_face_up_swap_pins_the_reserve() -> None:
    state = at_reserve(P0, P1, "Jk", first_splitter=0, swap="face-up")
    state.apply_action(act.give_action(card("Ad")))
    samples = reserve_samples(state, 0, 100)
    assert {s.reserve for s in samples} == {card("Ad")}
    assert {s.deal[0] for s in samples} == {card("Jk")}  # it took the original reserve, seen


def test_the_swapper_knows_the_reserve_is_its_gift() -> None:
    """Player 1 keeps; player 0 gives As and takes the Joker (seeing it); at the build player 0
    knows the reserve is As and that player 1 holds the rest."""
    state = at_reserve(P0, P1, "Jk", first_splitter=0)
    state.apply_action(act.KEEP)
    state.apply_action(act.give_action(card("As")))
    assert state.core.phase == Phase.BUILD
    samples = reserve_samples(state, 0, 100)
    assert {s.reserve for s in samples} == {card("As")}
    assert {s.hands[1] for s in samples} == {mask(P1)}
    # player 1's view: player 0 swapped blind, so it may have given any of its eleven cards
    their = Counter(s.reserve for s in reserve_samples(state, 1, 1100))
    assert set(their) == set(mask_indices(ALL_CARDS ^ mask(P1)))
