"""The engine's fast paths (issue 29, speed) against plain references written from the rules:
every seat's view (T17) against a direct projection of the state, and the showdown (T9, T11)
against :func:`~divided.games.poker.showdown.entries`, :func:`~divided.games.poker.showdown.winners`
and :mod:`~divided.games.poker.pots` used one award and one layer at a time, over random deals
of every game with unequal stacks (side pots), both odd-chip rules and engineered ties."""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from engine_digests import GAMES, VARIANT_OPTIONS

from divided.games.base import CHANCE
from divided.games.poker import actions as act
from divided.games.poker import betting, engine, pots
from divided.games.poker.cards import mask_indices
from divided.games.poker.rules import PokerRules
from divided.games.poker.showdown import entries, settle, winners
from divided.games.poker.state import Phase, PokerState, Settled, evolve_state
from divided.games.poker.steps.bet import switched_to
from divided.games.poker.variants import rules_of
from divided.games.poker.view import PokerView


def _options(rules: PokerRules, rng: random.Random, game: str) -> dict[str, Any]:
    options: dict[str, Any] = {option.name: option.default for option in rules.options}
    low, high = rules.variant.players
    options.update(players=rng.randint(low, high), structure=rng.choice(("fixed", "pot", "no")),
                   odd_chip=rng.choice(("cards", "seat")), ante=rng.choice((0, 1)), stack=60)
    if rng.random() < 0.5:
        options.update(VARIANT_OPTIONS.get(game, {}))
    for option in rules.options:
        if option.name == "low":
            options["low"] = rng.choice(option.choices)
    return options


def deals(game: str, count: int, seed: int) -> Iterator[list[PokerState]]:
    """``count`` random deals of ``game``, each as its states from the button on: every seat its
    own stack (1 to 60 chips), play biased toward calls so that showdowns come often."""
    rules = rules_of(game)
    rng = random.Random(seed)
    for _ in range(count):
        options = _options(rules, rng, game)
        state = rules.initial_state(options)
        state = evolve_state(state, table=betting.new_table(tuple(rng.randint(1, 60) for _ in range(options["players"]))))
        states = []
        while not state.over:
            player = rules.current_player(state)
            if player == CHANCE:
                action = rng.choice(rules.chance_outcomes(state))[0]
            else:
                legal = rules.legal_actions(state)
                action = act.CALL if act.CALL in legal and rng.random() < 0.7 else rng.choice(legal)
            state = rules.apply(state, action)
            states.append(state)
        yield states


# -- views ------------------------------------------------------------------------------------
def _plain_pile(mask: int, visible: int) -> tuple[int | None, ...]:
    cards = mask_indices(mask)
    shown = [card for card in cards if visible >> card & 1]
    return (*shown, *([None] * (len(cards) - len(shown))))


def plain_view(rules: PokerRules, state: PokerState, player: int | None) -> PokerView:
    """T17 read directly: a seat sees its own cards, up cards and, at the showdown, the hands of
    every seat still in; its own discards and commitments; the rest is ``None`` or counts."""
    def sees(seat: int, card: int) -> bool:
        return seat == player or (state.shown and state.table.live[seat]) or bool(state.up >> card & 1)

    slots = tuple(tuple(tuple(card if sees(seat, card) else None for card in cards) for cards in held)
                  for seat, held in enumerate(state.slots))
    def piles(masks: tuple[int, ...]) -> tuple[tuple[int | None, ...], ...]:
        return tuple(_plain_pile(mask, -1 if seat == player else state.up) for seat, mask in enumerate(masks))

    phase = state.phase
    seen_phase = Phase(phase.order, tuple(c if seat == player else () for seat, c in enumerate(phase.commits)),
                       tuple(d if seat == player else d & state.up for seat, d in enumerate(phase.drawn)))
    return PokerView(
        player=player, current_player=rules.current_player(state), num_players=state.players, config=state.config,
        button=state.button, step=state.step, phase=seen_phase if phase.commits or phase.drawn else phase,
        drawn_counts=tuple(d.bit_count() for d in phase.drawn), slots=slots, up=state.up,
        stock=state.stock.bit_count(), discarded=piles(state.discarded), mucked=piles(state.mucked),
        owed=state.owed, table=state.table, draws=state.draws, dealt=state.dealt, folded_at=state.folded_at,
        shown=state.shown, over=state.over, settled=state.settled, result=rules.result(state), events=state.events)


@pytest.mark.parametrize("game", GAMES)
def test_every_view_equals_the_plain_projection(game: str) -> None:
    """After every move, every seat's view and the spectator's; the states of two deals are
    viewed in turn and each deal's earlier states again after later ones (the views share what
    they can between states: nothing may leak from one state's view into another's)."""
    rules = rules_of(game)
    played = list(deals(game, 6, seed=zlib.crc32(game.encode())))
    for first, second in zip(played[::2], played[1::2], strict=True):
        order = [s for pair in zip(first, second, strict=False) for s in pair] + first[::-3] + second[::-2]
        for state in order:
            for viewer in (None, *range(state.players)):
                assert rules.observe(state, viewer) == plain_view(rules, state, viewer), (viewer, state.step)


# -- the showdown -----------------------------------------------------------------------------
def plain_settled(state: PokerState) -> tuple[Settled, ...]:
    """Each layer of T9 (:func:`pots.layers`), each award judged among the layer's seats by
    :func:`entries` and :func:`winners`, the chips by :func:`pots.divide`."""
    config = state.config
    showing = engine.live_from_left(state)
    out = []
    for pot in pots.layers(state.table.contributed, state.table.live):
        results = []
        for award in config.awards:
            if award.kind == "best-or-switched" and switched_to(state):  # J-Lo after nobody opened
                award = replace(award, rule=switched_to(state))
            claims = [claim for claim in entries(config, state, award, showing) if claim.seat in pot.eligible]
            results.append(pots.AwardWinners(winners(config, state.button, claims, award.rule), award.share))
        out.append(Settled(pot.amount, pot.eligible, tuple((a.title, r.winners) for a, r in zip(config.awards, results, strict=True)),
                           pots.divide(pot, results, config.players)))
    return tuple(out)


def _tie(state: PokerState, rng: random.Random) -> PokerState:
    """Two seats still in given the same ranks in every slot, suits turned (a tie for every
    award; the odd chips then follow T11's order)."""
    live = [seat for seat, live in enumerate(state.table.live) if live]
    a, b = rng.sample(live, 2)
    turn = rng.randint(1, 3)
    copied = tuple(tuple(card & ~3 | (card + turn) & 3 for card in cards) for cards in state.slots[a])
    slots = list(state.slots)
    slots[b] = copied
    return evolve_state(state, slots=tuple(slots))


@pytest.mark.parametrize("game", GAMES)
def test_the_showdown_equals_the_plain_division(game: str) -> None:
    rng = random.Random(29)
    reached = 0
    for states in deals(game, 60, seed=zlib.crc32(game.encode()) + 1):
        final = states[-1]
        if not final.shown:
            continue  # won uncontested
        before = replace(final, shown=False, over=False, settled=(),
                         events=tuple(e for e in final.events if e.kind not in ("show", "award")))
        for state in (before, _tie(before, rng), _tie(_tie(before, rng), rng)):
            settled = settle(state)
            assert settled.settled == plain_settled(state)
            awards = [e for e in settled.events if e.kind == "award"]
            assert [(e.pot, e.title, e.winners, e.amount) for e in awards] == [
                (index, title, seats, layer.amount) for index, layer in enumerate(settled.settled)
                for title, seats in layer.awards if seats]
            for layer in settled.settled:  # the events' chips add up to the layer's
                won = [0] * state.players
                for e in awards:
                    if e.amount == layer.amount and e.pot == settled.settled.index(layer):
                        for seat, chips in zip(e.winners, e.chips, strict=True):
                            won[seat] += chips
                assert tuple(won) == layer.chips
        reached += 1
    assert reached >= 10
