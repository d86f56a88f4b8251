"""``divided play`` for the poker games: a whole deal in the terminal against bots, with the
public log as news and never a card the player cannot see."""

from __future__ import annotations

import io
import re

import pytest

from divided import games
from divided.cli.games import terminal
from divided.cli.main import main
from divided.games.poker.cards import name


@pytest.mark.parametrize("game", ["five-card-draw", "henway", "ten-card-regrets", "cowpie"])
def test_a_deal_plays_to_the_end_choosing_the_first_option(game: str, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    assert main(["play", "--game", game, "--players", "2", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"You (won|lost|broke even)", out), out[-800:]


def test_news_and_the_table_never_name_a_card_the_player_cannot_see() -> None:
    game = games.load("seven-card-stud", players=3, first_dealer=0)
    state = game.new_initial_state(seed=11)
    room = games.room("seven-card-stud")
    poker = terminal("seven-card-stud")
    while not state.is_terminal():
        for seat in range(3):
            view = state.observation(seat)
            hidden = {name(card) for card in range(52)} - _visible(view)
            text = "\n".join(poker.news(view, seat, 0)[0] + poker.before_move(view, room))
            assert not any(re.search(rf"\b{card}\b", text) for card in hidden)
        state.apply_action(state.legal_actions()[-1] if state.move_number() % 3 else state.legal_actions()[0])


def _visible(view) -> set[str]:  # type: ignore[no-untyped-def]
    seen = {card for seat in range(view.num_players) for held in view.slots[seat] for card in held if card is not None}
    seen |= {card for pile in (*view.discarded, *view.mucked) for card in pile if card is not None}
    return {name(card) for card in seen}
