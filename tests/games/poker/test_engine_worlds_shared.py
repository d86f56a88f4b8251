"""The world sampler reads what every world of a view shares once (issue 29, speed): the cards
the viewer cannot see are found once per view, not once per card of every world, and the worlds
drawn are exactly those drawn before (recorded at ``b3f16b7``, when they were found per card)."""

from __future__ import annotations

import hashlib
import random

import pytest
from engine_digests import GAMES

from divided.games.base import CHANCE
from divided.games.poker import worlds
from divided.games.poker.variants import rules_of
from divided.games.poker.worlds import PokerWorlds

RECORDED = {
    "five-card-draw": "47d6aab51028c9a5a7fb60b5fd2a761f80282a6c031cc31a07c83c861aa80ebf",
    "seven-card-stud": "5f280b56f3f7fbe0c63e9340dbd9344d4d7fb8c845ffbd7bddf1b7fcfdee5cfe",
    "henway": "5b37b15fe7f229b45fe48b0bad8989347125b7cf787b0080a6ff00ba884b7a3f",
    "ten-card-regrets": "9bca3f25fd912e60e8e8f201978e3128b8447779b52fa120d91f8608dabac01f",
    "cowpie": "08d2378150b9cfda99c983d66fd15cd9a91f6e43f36cab0fa8f0670135d11ab5",
    "double-draw-high-low": "e552729cce989a203f0f96294f19d4842b3dcebe53777b5527d68e96815200e1",
    "open-draw": "15e368c2c23002b334d9d545e97fad8de365182ed27c4e041c0b47200dce7ef6",
    "j-lo": "2a150068956eb996d30a9d5b43b8135ae579eb425b3962ed7c9b5f91c2276527",  # recorded with the openers kept (issue 30)
}


def worlds_digest(game: str) -> str:
    """Two worlds of the acting seat's view at every decision of three random deals."""
    h = hashlib.sha256()
    rules = rules_of(game)
    for seed in range(3):
        rng = random.Random(seed)
        options = {option.name: option.default for option in rules.options}
        options.update(players=rules.variant.players[0] + seed, first_dealer=0)
        state = rules.initial_state(options)
        while not state.over:
            player = rules.current_player(state)
            if player == CHANCE:
                state = rules.apply(state, rng.choice(rules.chance_outcomes(state))[0])
                continue
            sampler = PokerWorlds(rules.observe(state, player))
            draw = random.Random(seed * 31 + state.dealt)
            for _ in range(2):
                world = sampler.sample(draw)
                h.update(repr((world.slots, world.discarded, world.mucked, world.stock, world.phase)).encode())
            state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    return h.hexdigest()


@pytest.mark.parametrize("game", GAMES)
def test_the_worlds_drawn_are_as_recorded(game: str) -> None:
    assert worlds_digest(game) == RECORDED[game]


def test_the_seen_cards_are_read_once_per_view(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = rules_of("five-card-draw")
    options = {option.name: option.default for option in rules.options}
    options.update(players=4, first_dealer=0)
    state = rules.initial_state(options)
    rng = random.Random(3)
    while rules.current_player(state) == CHANCE:
        state = rules.apply(state, rng.choice(rules.chance_outcomes(state))[0])
    reads = []
    known = worlds._known
    monkeypatch.setattr(worlds, "_known", lambda view: reads.append(view) or known(view))
    sampler = PokerWorlds(rules.observe(state, rules.current_player(state)))
    for _ in range(25):
        sampler.sample(rng)
    assert len(reads) == 1
