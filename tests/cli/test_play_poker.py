"""``divided play`` for the poker games: a whole deal in the terminal against bots, with the
public log as news and never a card the player cannot see."""

from __future__ import annotations

import io
import random
import re

import pytest

from divided import games
from divided.cli.games import terminal
from divided.cli.games.poker import table_facts
from divided.cli.main import main
from divided.games.poker.cards import name
from divided.games.poker.variants import VARIANTS


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


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_every_poker_game_plays_to_the_end_in_the_terminal(game: str, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """The second choice of every menu (a discard, a swap, a bid...), the first where there is
    only one; the deal ends with the result line."""
    monkeypatch.setattr("sys.stdin", io.StringIO("2\n1\n" * 600))
    players = VARIANTS[game].players[0]
    assert main(["play", "--game", game, "--players", str(players), "--seed", "5", "--bot", "random"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"You (won|lost|broke even)", out), out[-800:]


def test_set_aside_cards_are_named_for_their_owner_only() -> None:
    state = games.load("bounce-back", players=3, first_dealer=0).new_initial_state(seed=3)
    rng = random.Random(3)
    seen = False
    while not state.is_terminal():
        core = state.core
        if core.aside and any(core.aside):
            for seat in range(3):
                lines = table_facts(state.observation(seat))
                for other, mask in enumerate(core.aside):
                    if not mask:
                        continue
                    cards = [name(c) for c in range(106) if mask >> c & 1]
                    who = "You" if other == seat else f"Player {other}"
                    line = next(line for line in lines if line.strip().startswith(f"{who} set aside"))
                    assert f"{len(cards)} card" in line
                    assert all((card in line) == (other == seat) for card in cards), line
                    seen = True
        state.apply_action(rng.choice(state.chance_outcomes())[0] if state.is_chance_node()
                           else rng.choice([a for a in state.legal_actions() if a != 0] or state.legal_actions()))
    assert seen


@pytest.mark.parametrize("game", [g for g in sorted(VARIANTS) if g not in ("five-card-draw", "henway",
                                                                          "ten-card-regrets", "cowpie")])
def test_the_terminal_never_names_a_card_the_player_cannot_see_in_any_game(game: str) -> None:
    room = games.room(game)
    poker = terminal(game)
    players = VARIANTS[game].players[0] + 1
    state = games.load(game, players=players, first_dealer=0).new_initial_state(seed=11)
    rng = random.Random(11)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        core = state.core
        for seat in range(players):
            view = state.observation(seat)
            text = "\n".join(poker.news(view, seat, 0)[0] + poker.before_move(view, room))
            for card in _hidden(core, seat):
                assert not re.search(rf"(?<![\w']){re.escape(card)}(?![\w'])", text), (card, text)
        state.apply_action(rng.choice(state.legal_actions()))


def _hidden(core, seat: int) -> set[str]:  # type: ignore[no-untyped-def]
    """Every card ``seat`` may not see, from the full state: the other seats' cards not face up
    (before the showdown), their set-aside cards and trash cards, the stock."""
    hidden = {name(c) for c in range(106) if core.stock >> c & 1}
    for other in range(core.players):
        if other == seat:
            continue
        cards = [c for held in core.slots[other] for c in held] + [c for c in range(106) if
                                                                   (core.discarded[other] | core.mucked[other]) >> c & 1]
        hidden |= {name(c) for c in cards if not core.up >> c & 1 and not (core.shown and core.table.live[other])}
        if core.aside:
            hidden |= {name(c) for c in range(106) if core.aside[other] >> c & 1}
    hidden |= {name(c) for c, source in zip(core.trash, core.trash_from, strict=True)
               if source != seat and not core.up >> c & 1 and not core.shown}
    # an auction's lot is turned up for all when dealt (AF3 hides only which cards the buyer kept)
    hidden -= {name(c) for event in core.events if event.kind == "lot" for c in event.cards}
    return hidden
