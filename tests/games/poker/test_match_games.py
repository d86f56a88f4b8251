"""3-2-1, Assassin, Fives and Crazy 4 of Spades over random play: every finished match is
zero-sum, ends by its rule or the deal cap, and no view, label or event shows a card its viewer
may not see (the shared checker, no_leak.py); bad actions and options are refused cleanly."""

from __future__ import annotations

import random

import pytest
from no_leak import Tally, play_checked, random_options

from divided import games
from divided.errors import IllegalActionError, RuleOptionError
from divided.games.poker import actions as act

GAMES = ("three-two-one", "assassin", "fives", "crazy-four-of-spades")


@pytest.mark.parametrize("game", GAMES)
def test_random_matches_are_zero_sum_and_end_by_their_rule_or_the_cap(game: str) -> None:
    longest, capped = 0, 0
    for seed in range(120):
        rng = random.Random(seed)
        options = random_options(game, rng)
        options["max_deals"] = rng.choice((1, 2, 3, 10))
        state = games.load(game, **options).new_initial_state(seed=seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(rng.choice([a for a in legal if a != act.FOLD] or legal)
                               if rng.random() < 0.9 else rng.choice(legal))
        assert sum(state.returns()) == 0
        match = state.core.match
        assert match is not None and match.deal <= int(options["max_deals"])
        assert len(state.history()) <= state.game.info.max_game_length
        longest = max(longest, match.deal)
        capped += match.last and match.deal == options["max_deals"] > 1
    assert longest > 1 and capped > 0  # matches went on past a deal, and some ran into the cap


@pytest.mark.parametrize("game", GAMES)
def test_no_view_label_or_event_shows_a_card_its_viewer_may_not_see(game: str) -> None:
    tally = Tally()
    for seed in range(10):
        play_checked(game, seed, tally)
    assert tally.games == 10 and tally.labels > 0


@pytest.mark.parametrize("game", GAMES)
def test_bad_actions_are_refused_and_change_nothing(game: str) -> None:
    state = games.load(game).new_initial_state(seed=3)
    rng = random.Random(3)
    for _ in range(60):
        if state.is_terminal():
            break
        before = state.core
        for bad in (-1, 1023, 10_000, "1", max(state.legal_actions()) + 1):
            if bad in state.legal_actions():
                continue
            with pytest.raises(IllegalActionError):
                state.apply_action(bad)  # type: ignore[arg-type]
            assert state.core is before
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("game", "options", "words"), [
    ("three-two-one", {"players": 2}, "players"),
    ("three-two-one", {"players": 6}, "players"),
    ("three-two-one", {"trash_forfeit": "double"}, "trash_forfeit"),
    ("assassin", {"jokers": 1}, "jokers"),
    ("fives", {"draw_cost": -1}, "draw_cost"),
    ("fives", {"max_deals": 0}, "max_deals"),
])
def test_bad_options_are_refused_naming_the_option(game: str, options: dict[str, object], words: str) -> None:
    with pytest.raises(RuleOptionError, match=words):
        games.load(game, **options)


def test_an_option_value_offered_only_at_some_table_sizes_is_refused_elsewhere() -> None:
    from divided.games.base import RuleOption
    from divided.games.poker.rules import PokerRules
    from divided.games.poker.steps import Deal, Showdown
    from divided.games.poker.variant import Award, PlayersFor, Slot, Variant

    made = Variant(id="test-players-for", name="Test", summary="A test.", players=(2, 7), slots=(Slot("hand", 5),),
                   steps=(Deal(("down",) * 5), Showdown()), awards=(Award("high", ("hand",)),),
                   options=(RuleOption("extra", ("off", "on"), "a test option"),),
                   players_for=(PlayersFor("extra", "on", (3, 4)),))
    rules = PokerRules(made)
    values = {option.name: option.default for option in rules.options}
    for players in (3, 4):
        rules.initial_state({**values, "players": players, "extra": "on"})
    for players in (2, 5):
        rules.initial_state({**values, "players": players})
        with pytest.raises(RuleOptionError, match=f"extra=on is offered at 3 to 4 players, but the table has {players}"):
            rules.initial_state({**values, "players": players, "extra": "on"})
