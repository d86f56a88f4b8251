"""DIVIDE's skilled bot and its playouts: hand-made positions where the right play is clear, legality
over whole games at 4 and 6 players, and the playout against the engine."""

from __future__ import annotations

import random

import pytest

from divided import bots, games
from divided.bots.divide.rollouts import Playout, result_after_round, rollout_policy, win_chances
from divided.bots.divide.skilled import (
    Seat,
    SkilledBot,
    commit_choice,
    draft_choice,
    pass_choice,
    play_choice,
    seat_of_view,
)
from divided.cards import STANDARD_54
from divided.games.divide import actions as act
from divided.games.divide.rules import DECK_MASKS, reward_actions
from divided.games.divide.state import Phase, RoundEvent


def c(text: str) -> int:
    """A card's index in the 54-card deck."""
    return STANDARD_54.index(STANDARD_54.parse_card(text))


def mask(*cards: str) -> int:
    return sum(1 << c(card) for card in cards)


def seat(hand: tuple[str, ...], *, me: int = 0, players: int = 4, plays: tuple[tuple[int, str], ...] = (),
         trick: int = 5, line: tuple[int, ...] = (1, 1, 1, 3, 1, 3, 3, 5, 5), trump: int | None = None,
         played: tuple[str, ...] = (), leader: int | None = None,
         voids: tuple[int, ...] | None = None) -> Seat:
    """A position: my hand, the current trick so far, and cards played earlier this round (the
    rest of the deck unseen); every hand of the same size as mine unless told."""
    table = tuple((p, c(card)) for p, card in plays)
    seen = mask(*hand) | mask(*played) | sum(1 << card for _, card in table)
    first = table[0][0] if table else me
    return Seat(players, me, mask(*hand), DECK_MASKS[players] & ~seen, trump, line, trick,
                first if leader is None else leader, table, voids or (0,) * players, (len(hand),) * players)


# -- following ---------------------------------------------------------------------------------
def test_last_to_play_wins_with_the_lowest_card_that_beats_the_table() -> None:
    position = seat(("Kh", "Qh", "2h", "As"), me=3, plays=((0, "9h"), (1, "3h"), (2, "Jh")))
    assert play_choice(position) == c("Qh")


def test_a_boss_is_spent_on_a_five_and_kept_from_a_one() -> None:
    hand = ("Ah", "2h", "5c")
    table = ((0, "9h"), (1, "3h"), (2, "Kh"))
    five_now = (1, 1, 1, 3, 5, 3, 3, 5, 1)  # Trick 5 claims a 5; a 1, 3, 3, 5 to come
    one_now = (1, 1, 1, 3, 1, 3, 3, 5, 5)  # Trick 5 claims a 1; 3, 3, 5, 5 to come
    assert play_choice(seat(hand, me=3, plays=table, line=five_now)) == c("Ah")
    assert play_choice(seat(hand, me=3, plays=table, line=one_now)) == c("2h")


def test_when_nothing_wins_the_lowest_card_of_the_lead_suit() -> None:
    assert play_choice(seat(("Kh", "9h", "3h", "As"), me=1, plays=((0, "Ah"),))) == c("3h")


def test_void_and_cannot_win_discards_the_lowest_card_of_the_shortest_suit() -> None:
    hand = ("Ks", "9d", "Td", "Jd", "2c", "5c", "4s")
    # clubs and spades are both two long; the lowest of them is the 2 of clubs
    assert play_choice(seat(hand, me=1, plays=((0, "Ah"),))) == c("2c")
    # a singleton goes first, to make a void
    assert play_choice(seat(("Ks", "4s", "9d", "Td", "Jd", "7c"), me=1, plays=((0, "Ah"),))) == c("7c")


def test_void_with_trump_rank_cards_trumps_with_the_lowest_that_takes_the_lead_when_it_matters() -> None:
    # Trump Rank 7: the 7 of clubs beats the lead suit; the 7 of spades too, but it outranks it
    hand = ("7s", "7c", "2d", "9d")
    five_now = (1, 1, 1, 3, 5, 3, 3, 5, 1)
    choice = play_choice(seat(hand, me=3, plays=((0, "Ah"), (1, "3h"), (2, "Kh")), trump=7, line=five_now))
    assert choice == c("7c")


def test_second_hand_plays_a_card_that_holds_not_one_the_next_players_can_beat() -> None:
    hand = ("Ah", "Qh", "7h")
    five_now = (1, 1, 1, 3, 5, 3, 3, 5, 1)
    # the king of hearts is unseen: only the ace holds
    assert play_choice(seat(hand, me=1, plays=((0, "5h"),), line=five_now)) == c("Ah")
    # with the king played, the queen is boss and holds: the cheaper winner
    assert play_choice(seat(hand, me=1, plays=((0, "5h"),), line=five_now, played=("Kh",))) == c("Qh")


def test_a_card_below_the_table_does_not_count_as_winning() -> None:
    # Trump Rank 9 played off-suit by a void player beats every heart
    assert play_choice(seat(("Ah", "2h"), me=3, plays=((0, "5h"), (1, "9c"), (2, "3h")), trump=9)) == c("2h")


# -- leading -----------------------------------------------------------------------------------
def test_leads_a_trump_rank_card_for_a_five() -> None:
    five_now = (1, 1, 1, 3, 5, 3, 3, 5, 1)
    assert play_choice(seat(("7d", "2s", "4c", "9h"), trump=7, line=five_now)) == c("7d")


def test_leads_a_joker_under_no_trump_for_a_five() -> None:
    five_now = (1, 1, 1, 3, 5, 3, 3, 5, 1)
    assert play_choice(seat(("Jk1", "2s", "9h", "9c"), players=6, line=five_now)) == c("Jk1")


def test_without_a_trick_worth_winning_leads_low_from_the_shortest_suit() -> None:
    one_now = (1, 1, 1, 3, 1, 3, 3, 5, 5)
    assert play_choice(seat(("As", "Ks", "2s", "9h", "Th", "4c"), line=one_now)) == c("4c")


# -- the draft ---------------------------------------------------------------------------------
EVERY_REWARD = reward_actions(())


def test_first_takes_a_face_up_five() -> None:
    five_now = (1, 1, 1, 3, 5, 3, 3, 5, 1)
    hand = ("8s", "8h", "8d", "8c", "2s")  # even with four 8s to declare
    assert draft_choice(seat(hand, line=five_now, trick=5), EVERY_REWARD) == act.POINTS


def test_first_with_a_one_declares_the_rank_held_long() -> None:
    early = (1, 0, 0, 0, 0, 0, 0, 0, 5)  # Trick 1 claimed a 1
    hand = ("8s", "8h", "8d", "2c", "4c", "9h", "Jd", "3s")
    assert draft_choice(seat(hand, line=early, trick=1), EVERY_REWARD) == act.trump_action(8)


def test_a_third_finisher_left_with_trump_declares_the_rank_held_most() -> None:
    hand = ("Qs", "Qd", "3h", "3c", "3d", "9h")
    only_trump = reward_actions((act.POINTS, act.LEAD))
    assert draft_choice(seat(hand, trick=5), only_trump) == act.trump_action(3)


def test_trump_is_not_taken_when_it_changes_nothing() -> None:
    hand = ("2s", "5h", "9d", "Jc")  # no rank twice, no Joker: nothing beats Points or Lead
    choice = draft_choice(seat(hand, trick=5, line=(1, 1, 1, 3, 3, 1, 3, 5, 5)), EVERY_REWARD)
    assert choice == act.POINTS


def test_lead_is_taken_over_trump_when_holding_a_card_that_wins_when_led() -> None:
    hand = ("7s", "2h", "5d", "Jc")  # Trump Rank 7: leading the 7 of spades wins
    offered = reward_actions((act.POINTS,))
    line = (1, 1, 1, 3, 3, 5, 1, 3, 5)  # the next token is a 5
    assert draft_choice(seat(hand, trick=5, trump=7, line=line), offered) == act.LEAD


def test_after_trick_nine_trump_is_taken_before_the_useless_lead() -> None:
    hand = ("7s",)
    offered = reward_actions((act.POINTS,))
    line = (1, 1, 1, 3, 3, 5, 1, 3, 5)
    choice = draft_choice(seat(hand, trick=9, trump=7, line=line), offered)
    assert act.reward_of(choice) == act.Reward.TRUMP


# -- the commit and the pass -------------------------------------------------------------------
def test_the_commit_not_leading_gives_up_the_lowest_card() -> None:
    hand = ("2c", "Ah", "Kh", "Qh", "As", "Ks", "Ad", "Kd", "Qd")
    assert commit_choice(seat(hand, me=1, trick=0, line=(0,) * 9, leader=0)) == c("2c")


def test_the_pass_gives_the_two_cards_that_help_least() -> None:
    hand = ("2c", "3d", "Ah", "Kh", "Qh", "As", "Ks", "Qs")
    left, right = act.pass_cards(pass_choice(seat(hand, trick=0, line=(0,) * 9)))
    assert {left, right} == {c("2c"), c("3d")}
    assert left == c("2c")  # the lower card goes to the left


def test_the_pass_keeps_a_rank_held_three_times() -> None:
    hand = ("4s", "4h", "4d", "5c", "6c", "Ah", "Kh", "Qh")
    left, right = act.pass_cards(pass_choice(seat(hand, trick=0, line=(0,) * 9)))
    assert {left, right} == {c("5c"), c("6c")}


# -- whole games ---------------------------------------------------------------------------------
def _skilled_against_random(players: int, seeds: range) -> int:
    """Whole games, skilled at the even seats and random at the odd ones; the skilled decisions."""
    game = games.load("divide", players=players)
    bot = SkilledBot()
    other = bots.make_bot("divide", "random")
    decisions = 0
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            player = state.current_player()
            view, legal = state.observation(player), state.legal_actions()
            if player % 2 == 0:
                action = bot.choose(view, legal, rng)
                assert action in legal
                assert bot.action_probabilities(view, legal)[action] == 1.0
                decisions += 1
            else:
                action = other.choose(view, legal, rng)
            state.apply_action(action)
    return decisions


@pytest.mark.parametrize("players", [4, 6])
def test_never_an_illegal_action_over_whole_games(players: int) -> None:
    assert _skilled_against_random(players, range(2)) > 200


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 6])
def test_never_an_illegal_action_over_many_games(players: int) -> None:
    assert _skilled_against_random(players, range(100, 130)) > 30 * 100


def test_the_registry_offers_skilled_for_divide() -> None:
    assert "skilled" in bots.names("divide")
    assert bots.make_bot("divide", "skilled").name == "skilled"


def test_a_spectator_cannot_choose() -> None:
    state = games.load("divide", first_dealer=0).new_initial_state(seed=1)
    with pytest.raises(ValueError, match="spectator"):
        SkilledBot().choose(state.observation(None), state.legal_actions(), random.Random(0))


def test_the_seat_read_from_a_view_sees_only_the_viewer_s_cards() -> None:
    state = games.load("divide", first_dealer=0).new_initial_state(seed=4)
    rng = random.Random(4)
    bot = SkilledBot()
    while state.core.trick < 3 or state.core.phase != Phase.PLAY:
        player = state.current_player()
        state.apply_action(bot.choose(state.observation(player), state.legal_actions(), rng))
    core = state.core
    for player in range(4):
        known = seat_of_view(state.observation(player))
        assert known.hand == core.hands[player]
        others = 0
        for other in range(4):
            if other != player:
                others |= core.hands[other]
        assert others & ~known.unseen == 0  # every card of another hand is unseen to me


# -- the playouts --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 6])
def test_the_playout_plays_the_round_as_the_engine_does_with_skilled_bots(players: int) -> None:
    """From a position with no chance left in the round (every token face up after Trick 4), the
    playout's skilled round ends with the engine's points and Trump Rank."""
    game = games.load("divide", players=players)
    bot = SkilledBot()
    checked = 0
    for seed in range(2):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while state.core.round == 0:
            core = state.core
            if core.trick >= 5 and core.phase in (Phase.PLAY, Phase.DRAFT) and rng.random() < 0.15:
                playout = Playout(core, random.Random(0))
                playout.play_round(True)
                engine = state.clone()
                while engine.core.round == 0 and not engine.is_terminal():
                    player = engine.current_player()
                    engine.apply_action(bot.choose(engine.observation(player), engine.legal_actions(), rng))
                done = next(e for e in engine.core.log if isinstance(e, RoundEvent))
                assert tuple(playout.round_points) == done.points
                assert playout.trump == engine.core.trump  # the Trump Rank persists into round 2
                checked += 1
            player = state.current_player()
            state.apply_action(bot.choose(state.observation(player), state.legal_actions(), rng))
    assert checked >= 3


@pytest.mark.parametrize("kind", ["skilled", "random"])
def test_a_rollout_gives_every_player_a_chance_and_23_points_a_round(kind: str) -> None:
    state = games.load("divide", players=4).new_initial_state(seed=2)
    result = rollout_policy(kind).rollout(state.core, random.Random(1))
    assert len(result) == 4 and sum(result) == pytest.approx(1.0)
    playout = Playout(state.core, random.Random(1))
    playout.play_round(kind == "skilled")
    assert sum(playout.round_points) == 23
    assert result_after_round(state.core, random.Random(1), kind == "skilled") == result


def test_a_rollout_at_the_end_of_the_game_gives_its_returns() -> None:
    state = games.load("divide", players=4, rounds=1).new_initial_state(seed=2)
    bot = SkilledBot()
    rng = random.Random(0)
    while not state.is_terminal():
        player = state.current_player()
        state.apply_action(bot.choose(state.observation(player), state.legal_actions(), rng))
    assert rollout_policy("skilled").rollout(state.core, rng) == tuple(state.returns())


def test_win_chances() -> None:
    assert win_chances((30, 20, 20, 10), 0) == (1.0, 0.0, 0.0, 0.0)
    assert win_chances((30, 30, 20, 10), 0) == (0.5, 0.5, 0.0, 0.0)
    early, late = win_chances((10, 5, 5, 0), 3), win_chances((10, 5, 5, 0), 1)
    assert sum(early) == pytest.approx(1.0) and early[0] > early[1] > early[3]
    assert late[0] > early[0]  # the same lead counts for more with fewer rounds to come


def test_an_unknown_rollout_is_refused() -> None:
    with pytest.raises(ValueError, match="rollout"):
        rollout_policy("smart")


def test_ismcts_plays_divide_with_the_skilled_rollouts() -> None:
    state = games.load("divide", first_dealer=0).new_initial_state(seed=3)
    bot = bots.make_bot("divide", "ismcts:iterations=8,rollout=skilled")
    assert bot.choose(state.observation(state.current_player()), state.legal_actions(),
                      random.Random(0)) in state.legal_actions()
