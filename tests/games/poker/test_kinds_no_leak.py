"""Issue 30's step kinds through the shared no-leak checker (no_leak.py: visibility worked out
from each deal's history by the rules) on random deals, and zero-sum returns: Jackpot, the
sequential open draw, and the test variants of the dealer's call and the auction."""

from __future__ import annotations

import random

import pytest
from kinds_variants import AUCTION, AUCTION_DISCARD, CALLED_DRAWS, registered
from no_leak import Tally, play_checked

from divided import games
from divided.games.poker.steps import auction

VARIANTS = {variant.id: variant for variant in (CALLED_DRAWS, AUCTION, AUCTION_DISCARD)}


@pytest.mark.parametrize("game", ["jackpot", "sequential-open-draw", *VARIANTS])
def test_no_view_label_or_event_shows_a_card_its_player_may_not_see(game: str) -> None:
    tally = Tally()
    if game in VARIANTS:
        with registered(VARIANTS[game]):
            for seed in range(8):
                play_checked(game, seed, tally)
    else:
        for seed in range(8):
            play_checked(game, seed, tally)
    assert tally.games == 8 and tally.labels > 0


def test_the_checker_catches_kept_lot_cards_left_face_up(monkeypatch: pytest.MonkeyPatch) -> None:
    keep = auction.AuctionKind._keep

    def leaky(self, step, state, buyer, mask):  # type: ignore[no-untyped-def]
        lot = sum(1 << card for card in auction.lot_cards(state, step))
        after = keep(self, step, state, buyer, mask)
        from divided.games.poker.state import evolve_state

        return evolve_state(after, up=after.up | (lot & ~after.stock))

    monkeypatch.setattr(auction.AuctionKind, "_keep", leaky)
    with registered(AUCTION), pytest.raises(AssertionError):
        for seed in range(5):
            play_checked(AUCTION.id, seed, Tally())


@pytest.mark.parametrize("game", ["jackpot", "sequential-open-draw", *VARIANTS])
def test_random_deals_are_zero_sum_and_end_with_full_hands(game: str) -> None:
    def play() -> None:
        for seed in range(25):
            rng = random.Random(seed)
            options = {"players": rng.randint(2, 7), "stack": rng.choice((3, 10, 200)),
                       "structure": rng.choice(("fixed", "pot", "no"))}
            state = games.load(game, **options).new_initial_state(seed=seed)
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
            assert sum(state.returns()) == 0
            assert len(state.history()) <= state.game.info.max_game_length
            core = state.core
            if core.shown:
                assert all(len(core.slots[s][0]) == 5 for s in range(core.players) if core.table.live[s])

    if game in VARIANTS:
        with registered(VARIANTS[game]):
            play()
    else:
        play()
