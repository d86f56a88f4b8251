"""Bots make the right decision in positions whose right answer is known.

Hand-made positions come from fixed deals (``bot_positions``); each expected answer is worked
out by hand in the comments from the rules (/work/shared/rules/divided-ranks.md). Cards are
written in the project's notation; a hand's ranks are listed highest first.

One test is brute force instead: at the last reserve decision of real games, every world the
player cannot tell apart from the real one is rebuilt (the unseen cards exchanged, the
opponent's hidden gift varied), every option is scored in every world by trying all 126
splits of each holding, and the expert must take an option of the highest win rate, the
skilled bot one of the best (chance better - chance worse).
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations
from typing import Any

import pytest
from bot_positions import (
    GameState,
    at_reserve,
    card,
    cards,
    deal_for,
    dealt_state,
    decide,
    draft,
    mask,
    play_game,
    prefixes,
    ranks,
    remap,
    seen_by,
)

from divided.bots import make_bot
from divided.bots.divided_ranks.exploiters import stronger_pair
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks import score
from divided.games.divided_ranks.knowledge import knowledge
from divided.games.divided_ranks.scoring import Scoring
from divided.games.divided_ranks.state import ALL_CARDS, Phase, ReserveEvent
from divided.hands.arrange import arrange, split_masks, split_of
from divided.hands.five import category_of, strength_table

DECIDERS = ["skilled", "expert", "expert:budget=24", "hide-weaker", "hide-stronger"]
"""Every bot meant to play well (the random bot only auto-arranges)."""


def hands_of(holding: int, action: int) -> set[str]:
    """The two hands of a build action, as rank strings (``{"KKQQT", "AAAAT"}``)."""
    first, second = split_masks(holding, action - act.BUILD)
    return {"".join(ranks(first)), "".join(ranks(second))}


# -- (i) the build: auto-arrange ------------------------------------------------------------------
#
# Player 0 drafts Ts Td Qh Qd Ks Kd As Ah Ad Ac (ranks T T Q Q K K A A A A), player 1 drafts
# Th Tc Js Jh Jd Jc Qs Qc Kh Kc (T T J J J J Q Q K K); the Joker is the reserve and both keep.
#
# Player 0. Only the aces come three or more, so at most one hand reaches three of a kind; there
# is no jack, so no straight, and no five cards of one suit. The weaker hand is at best two pair.
# * categories-first (weaker category, stronger category, then the hands in full): two pair
#   under four of a kind is best. Four aces take one kicker and the other five are two pairs
#   and a card: kicker T leaves K K Q Q T, kicker Q leaves K K T T Q, kicker K leaves Q Q T T K;
#   the best is K K Q Q T | A A A A T.
# * weaker-first (the weaker hand in full first): the best weaker hand is two pair with aces.
#   The aces split two and two: A A K K T | A A Q Q T (weaker A A Q Q T), A A K K Q | A A T T Q
#   (weaker A A T T Q), A A Q Q K | A A T T K (weaker A A T T K); three aces make A A A K K | A Q
#   Q T T, weaker Q Q T T A. Best: A A Q Q T | A A K K T.
# Player 1. Only the jacks come three or more; no ace, so no straight.
# * categories-first: four jacks and a kicker over two pair; kicker T leaves K K Q Q T, the best
#   two pair left: K K Q Q T | J J J J T.
# * weaker-first: the best two pair is K K Q Q with the best kicker left, a jack; the other five
#   J J J T T are a full house: K K Q Q J | J J J T T.

BUILD_DRAFTS = ("Ts Td Qh Qd Ks Kd As Ah Ad Ac", "Th Tc Js Jh Jd Jc Qs Qc Kh Kc", "Jk")
BEST_BUILD = {
    ("categories-first", 0): {"KKQQT", "AAAAT"},
    ("weaker-first", 0): {"AAQQT", "AAKKT"},
    ("categories-first", 1): {"KKQQT", "JJJJT"},
    ("weaker-first", 1): {"KKQQJ", "JJJTT"},
}
AUTO_ARRANGERS = ["random", "skilled", "expert", "hide-weaker", "hide-stronger"]


def at_build(scoring: str) -> GameState:
    state = at_reserve(*BUILD_DRAFTS, first_splitter=0, scoring=scoring)
    state.apply_action(act.KEEP)
    state.apply_action(act.KEEP)
    assert state.core.phase == Phase.BUILD
    return state


@pytest.mark.parametrize(
    ("name", "scoring"),
    [(n, s) for n in AUTO_ARRANGERS for s in ("categories-first", "weaker-first")],
)
def test_every_bot_builds_the_best_split(name: str, scoring: str) -> None:
    state = at_build(scoring)
    for player in (0, 1):
        assert state.current_player() == player
        action = decide(make_bot("divided-ranks", name), state, random.Random(player))
        holding = state.core.hands[player]
        assert hands_of(holding, action) == BEST_BUILD[(scoring, player)]
        assert action == act.build_action(arrange(holding, Scoring(scoring)).split)
        state.apply_action(action)


@pytest.mark.parametrize(
    ("scoring", "alternative", "step"),
    [
        # The bot's K K Q Q T | A A A A T against A A Q Q T | A A K K T: both weaker hands are
        # two pair (step 1 equal); four of a kind beats two pair at step 2.
        ("categories-first", "Ts Qh Qd As Ah", 2),
        # The bot's A A Q Q T | A A K K T against K K Q Q T | A A A A T: the weaker hands in
        # full, A A Q Q beats K K Q Q at step 1.
        ("weaker-first", "Ts Qh Qd Ks Kd", 1),
    ],
)
def test_the_bots_build_beats_the_other_candidate(scoring: str, alternative: str, step: int) -> None:
    state = at_build(scoring)
    holding = state.core.hands[0]
    for name in ("skilled", "expert"):
        chosen = decide(make_bot("divided-ranks", name), state, random.Random(0)) - act.BUILD
        other = split_of(holding, mask(alternative))
        outcome = score((holding, holding), (chosen, other), Scoring(scoring))
        assert (outcome.winner, outcome.step) == (0, step)


# -- (ii) the reserve --------------------------------------------------------------------------------
#
# Player 0 holds Ts Td Tc Js Jd Qs Qd Qc Kh Ac (T T T J J Q Q Q K A); the reserve is As and
# player 1 holds the other ten: Th Jh Jc Qh Ks Kd Kc Ah Ad Jk.
# * Player 0 keeping: the only threes are tens and queens, and only J J is a pair besides, so
#   there is one full house at most: T T T J J | Q Q Q A K (weaker three of a kind, queens)
#   beats Q Q Q J J | T T T A K; the straight T J Q K A leaves T T J Q Q, two pair. So
#   (three of a kind, full house).
# * Player 1: Th Jh Qh Ah + Joker is a royal flush (the Joker stands for Kh, R6) and leaves
#   Jc Ks Kd Kc Ad, three kings. Neither hand can be better at once: a second straight would
#   need a second ten or queen (one of each, one Joker), and only the kings come three. So
#   (three of a kind, royal flush): player 0 keeping loses at step 2.
# * Give Kh, take As: T T T J J Q Q Q A A, two full houses; T T T A A | Q Q Q J J (weaker
#   tens over aces) beats T T T J J | Q Q Q A A. Weaker full house over three of a kind:
#   player 0 wins at step 1.
# * Every other give: Ac for As changes nothing (still loses); giving a ten or a queen leaves
#   one three of a kind, so the weaker hand is two pair at best (the straight leaves a pair);
#   giving a jack leaves T T T J Q Q Q K A A, whose best weaker hand is three queens with K J
#   (T T T A A | Q Q Q K J), below Q Q Q A K. So Kh is the only give that improves, and it wins.
P0_TRIPS = "Ts Td Tc Js Jd Qs Qd Qc Kh Ac"
P1_ROYAL = "Th Jh Jc Qh Ks Kd Kc Ah Ad Jk"


def reserve_known_by_elimination() -> GameState:
    """Player 0 splits rounds 1, 3, 5 and in rounds 2 and 4 takes the face-down pair, so has seen
    all twenty stock cards: the reserve is the one card left, As. Player 1 (two splits) goes first
    at the reserve and keeps."""
    state = at_reserve(P0_TRIPS, P1_ROYAL, "As", face_down_rounds={1, 3}, first_splitter=0)
    state.apply_action(act.KEEP)
    return state


def reserve_revealed_by_face_up_swap(swap: str) -> GameState:
    """Player 1 drafts As instead of the Joker, which is the reserve; player 0 never sees the
    pairs player 1 kept in rounds 2 and 4. Player 1 swaps first: gives As, takes the Joker,
    ending with exactly the holding above; face up, player 0 sees the As go to the reserve."""
    state = at_reserve(P0_TRIPS, "Th Jh Jc Qh Ks Kd Kc Ah Ad As", "Jk", first_splitter=0, swap=swap)
    state.apply_action(act.give_action(card("As")))
    assert state.core.hands[1] == mask(P1_ROYAL)
    return state


@pytest.mark.parametrize("name", DECIDERS)
def test_a_certain_improvement_is_taken_when_the_books_pin_the_reserve(name: str) -> None:
    state = reserve_known_by_elimination()
    assert knowledge(state.observation(0)).reserve == card("As")
    assert decide(make_bot("divided-ranks", name), state, random.Random(1)) == act.give_action(card("Kh"))


@pytest.mark.parametrize("name", DECIDERS)
def test_a_certain_improvement_is_taken_when_a_face_up_swap_shows_the_reserve(name: str) -> None:
    blind = reserve_revealed_by_face_up_swap("blind")
    assert knowledge(blind.observation(0)).reserve is None  # blind, the gift stays unknown
    state = reserve_revealed_by_face_up_swap("face-up")
    assert knowledge(state.observation(0)).reserve == card("As")
    assert decide(make_bot("divided-ranks", name), state, random.Random(1)) == act.give_action(card("Kh"))


# Player 0 holds two royal flushes, Ts Js Qs Ks As and Th Jh Qh Kh Ah: the best result there is
# (royal flush is the top category, and without the Joker the top of it). Player 0 goes first
# at the reserve, not knowing the card. Any give breaks one royal flush: the reserve is a diamond,
# a club or the Joker, so that hand is at best a royal flush with the Joker, which loses to one
# without. Every swap can only hurt: keep.
@pytest.mark.parametrize("name", DECIDERS)
def test_two_royal_flushes_are_kept(name: str) -> None:
    state = at_reserve("Ts Js Qs Ks As Th Jh Qh Kh Ah", "Td Jd Qd Kd Ad Tc Jc Qc Kc Ac", "Jk",
                       first_splitter=0, reserve_order="splitter-first")
    assert state.current_player() == 0
    assert knowledge(state.observation(0)).reserve is None
    assert decide(make_bot("divided-ranks", name), state, random.Random(2)) == act.KEEP


# Player 0 holds Ts Th Td Js Jh Jd Qs Qh Ks Kh: T T T K K | J J J Q Q, two full houses. The
# reserve is the Joker, known (player 0 has seen the whole stock, as above). After any swap the
# Joker is in one hand; there it completes nothing but a straight or a royal flush. As a lone
# card it leaves that hand at most three of a kind (no four of a kind among the other cards),
# a straight is below a full house, and the only royal flushes, Ts Js Qs Ks + Joker or
# Th Jh Qh Kh + Joker, leave five of T T J J Q K less one card: two pair at best. The weaker hand
# falls below a full house in every case: keep.
@pytest.mark.parametrize("name", DECIDERS)
def test_a_known_useless_reserve_is_refused(name: str) -> None:
    state = at_reserve("Ts Th Td Js Jh Jd Qs Qh Ks Kh", "Tc Jc Qd Qc Kd Kc As Ah Ad Ac", "Jk",
                       face_down_rounds={1, 3}, first_splitter=0)
    state.apply_action(act.KEEP)
    assert knowledge(state.observation(0)).reserve == card("Jk")
    assert decide(make_bot("divided-ranks", name), state, random.Random(3)) == act.KEEP


# -- (iii) the chooser -------------------------------------------------------------------------------
#
# Player 1 holds Qd Qc Kd Kc As Ah Ad Ac after four rounds and has seen every card but three: it
# took the face-down pair of player 0's splits in rounds 1 and 3 and split rounds 2 and 4 itself.
# In round 5 player 0 offers Ks Kh face up; the face-down pair is two of Tc Jc Js, the reserve
# the third.
# * Taking Ks Kh: A A A A K K K K Q Q, split A A A A Q | K K K K Q, two fours of a kind. Player 0
#   (Ts Th Td Jh Jd Qs Qh Jk and two of Tc Jc Js, plus any reserve swap) cannot match it: a
#   royal flush needs the king and the ace of its suit (the one Joker can stand for only one of
#   them), and player 1 holds every king and ace; player 0's only possible fours of a kind are
#   T T T T and J J J J, and with both the weaker hand T T T T loses to K K K K at step 3. A sure
#   win, whatever happens at the reserve: take the face-up pair.
# * (Taking the face-down pair instead hands Kh to player 0, who then holds Th Jh Qh Kh + Joker.)


def chooser_position() -> GameState:
    d0 = cards("Ts Th Td Jh Jd Qs Qh Jk Tc Jc")
    d1 = cards("Qd Qc Kd Kc As Ah Ad Ac Ks Kh")
    state = dealt_state(deal_for(d0, d1, card("Js")), {"first_splitter": 0})
    draft(state, d0, d1, face_down_rounds={0, 2}, rounds=4)
    state.apply_action(act.split_action(card("Ks"), card("Kh")))
    assert state.current_player() == 1 and state.core.phase == Phase.CHOOSE
    return state


def test_the_chooser_position_is_as_described() -> None:
    state = chooser_position()
    assert state.core.hands[1] == mask("Qd Qc Kd Kc As Ah Ad Ac")
    assert set(knowledge(state.observation(1)).unaccounted) == set(cards("Tc Jc Js"))


@pytest.mark.parametrize("name", DECIDERS)
def test_the_chooser_takes_the_pair_that_makes_a_sure_win(name: str) -> None:
    state = chooser_position()
    for seed in range(3):
        assert decide(make_bot("divided-ranks", name), state, random.Random(seed)) == act.TAKE_FACE_UP


# -- the exploiters' split -----------------------------------------------------------------------------
#
# Round 1, player 0 splits first and holds nothing yet. The skilled splitter offers the pair that
# maximises (its gain - the chooser's gain), expecting the chooser to take the face-up pair when
# its value (heuristics.holding_value: a pair of one rank 3 + 0.08 x rank x 2, ten = 0 .. ace = 4;
# two odd cards 0) is at least the estimate of a hidden pair (the mean over the first 28 pairs of
# the 17 unseen cards in pack order, about 0.56 and 0.34 in the two cases below).
# * Drawn Ks Kh As Ah: offering K K (3.48) - the chooser takes it, the splitter keeps A A
#   (3.64): +0.16; offering A A: -0.16; a mixed pair is refused for the hidden mixed pair: 0.
#   Skilled offers Ks Kh; the pairing is K K | A A, the stronger pair A A. hide-weaker hides K K
#   and offers As Ah; hide-stronger hides A A and offers Ks Kh.
# * Drawn Td Jc As Ah: offering A A gives it away (-3.64); offering Td Jc the chooser takes the
#   hidden A A (-3.64); every mixed pair scores 0, the first in order is Td As. Pairing Td As |
#   Jc Ah: both worth 0, ranks A T against A J, so Jc Ah is the stronger. hide-weaker offers
#   Jc Ah, hide-stronger offers Td As.


@pytest.mark.parametrize(
    ("drawn", "offers"),
    [
        ("Ks Kh As Ah", {"skilled": "Ks Kh", "hide-weaker": "As Ah", "hide-stronger": "Ks Kh"}),
        ("Td Jc As Ah", {"skilled": "Td As", "hide-weaker": "Jc Ah", "hide-stronger": "Td As"}),
    ],
)
def test_the_hiders_offer_the_pair_their_rule_names(drawn: str, offers: dict[str, str]) -> None:
    first = cards(drawn)
    rest = [c for c in range(21) if c not in first and c != card("Jk")]
    state = dealt_state([card("Jk"), *first, *rest], {"first_splitter": 0})
    for name, offer in offers.items():
        assert decide(make_bot("divided-ranks", name), state, random.Random(0)) == act.split_action(*cards(offer))


def test_stronger_pair_ranks_by_value_then_ranks_then_pack_order() -> None:
    def order(a: str, b: str) -> tuple[int, int]:
        return stronger_pair(mask(a), mask(b))

    assert order("As Ah", "Ts Th") == (mask("Ts Th"), mask("As Ah"))  # aces over tens
    assert order("Ts Th", "As Kd") == (mask("As Kd"), mask("Ts Th"))  # a pair over odd cards
    assert order("Ts Jk", "As Kd") == (mask("As Kd"), mask("Ts Jk"))  # the Joker's bonus
    assert order("Ah Td", "Kd Qc") == (mask("Kd Qc"), mask("Ah Td"))  # A T over K Q
    assert order("Th Jh", "Ts Js") == (mask("Ts Js"), mask("Th Jh"))  # Ts is lowest in the pack


# -- brute force: the last reserve decision ---------------------------------------------------------


@cache
def brute_key(holding: int, scoring: Scoring) -> tuple[int, ...]:
    """The best result of a holding, trying every split (hand strengths from the five-card table)."""
    strength = strength_table()
    cards_ = [c for c in range(21) if holding >> c & 1]
    best: tuple[int, ...] = ()
    for five in combinations(cards_[1:], 4):
        first = (1 << cards_[0]) | sum(1 << c for c in five)
        a, b = sorted((strength[first], strength[holding ^ first]))
        key = (a, b) if scoring == Scoring.WEAKER_FIRST else (category_of(a), category_of(b), a, b)
        best = max(best, key)
    return best


def consistent_worlds(position: GameState, player: int) -> set[tuple[int, int]]:
    """Every (reserve, opponent's holding) ``player`` cannot tell from the real one: the dealt
    reserve exchanged with any card the player has not seen, and a blind gift of the opponent
    varied over every card; kept if the player's view is unchanged."""
    target = position.observation(player)
    core = position.core
    dealt_reserve = core.deal[0]
    unseen = [c for c in range(21) if not seen_by(core, player) >> c & 1]
    gift_moves = []
    replay = position.game.new_initial_state()
    for number, action in enumerate(position.history()):
        if (replay.core.phase == Phase.RESERVE and replay.current_player() != player
                and act.is_give(action) and not core.options.face_up_swap):
            gift_moves.append(number)
        replay.apply_action(action)
    gift_choices: list[dict[int, int]] = [{}]
    if gift_moves:
        gift_choices = [{gift_moves[0]: c} for c in range(21)]
    worlds: set[tuple[int, int]] = set()
    for other in {dealt_reserve, *unseen}:
        mapping = {other: dealt_reserve, dealt_reserve: other}
        for gifts in gift_choices:
            world = remap(position, mapping, gifts)
            if world is not None and world.observation(player) == target:
                worlds.add((world.core.reserve, world.core.hands[1 - player]))
    return worlds


def last_reserve_positions(count: int) -> list[GameState]:
    options: list[dict[str, Any]] = [{}, {"swap": "face-up"}, {"scoring": "weaker-first"},
                                     {"reserve_order": "coin", "swap": "face-up"}]
    pairings = [("skilled", "skilled"), ("random", "skilled"), ("skilled", "random"), ("random", "random")]
    out = []
    for number in range(count):
        finished = play_game(pairings[number % 4], 9000 + number, options[(number // 4) % 4])
        for position in prefixes(finished):
            if position.core.phase == Phase.RESERVE and position.core.reserve_turns == 1:
                out.append(position)
    return out


def test_reserve_decisions_of_the_last_player_are_best_by_brute_force() -> None:
    """The classic expert's exact reserve rule (every consistent world equally likely) and the
    skilled rule. (The expert with the solved last round weighs the worlds by the opponent's
    solved play as well, so its last reserve move is a best response to that belief instead:
    tests/bots/divided_ranks/test_endgame_*.)"""
    expert, skilled = make_bot("divided-ranks", "expert-classic"), make_bot("divided-ranks", "skilled")
    checked = swaps = blind_gifts = 0
    for position in last_reserve_positions(32):
        player = position.current_player()
        scoring = position.core.options.scoring
        worlds = consistent_worlds(position, player)
        assert (position.core.reserve, position.core.hands[1 - player]) in worlds
        hand = position.core.hands[player]
        assert all(theirs == ALL_CARDS ^ hand ^ (1 << reserve) for reserve, theirs in worlds)
        before = brute_key(hand, scoring)
        win_rate: dict[int, float] = {}
        margin: dict[int, int] = {}
        for action in position.legal_actions():
            total, better_minus_worse = 0.0, 0
            for reserve, theirs in worlds:
                mine = hand if action == act.KEEP else hand ^ (1 << (action - act.GIVE)) | (1 << reserve)
                a, b = brute_key(mine, scoring), brute_key(theirs, scoring)
                total += 1.0 if a > b else 0.5 if a == b else 0.0
                better_minus_worse += (a > before) - (a < before)
            win_rate[action], margin[action] = total / len(worlds), better_minus_worse
        chosen = decide(expert, position, random.Random(0))
        assert win_rate[chosen] == pytest.approx(max(win_rate.values())), position.history()
        chosen = decide(skilled, position, random.Random(0))
        best_margin = max(margin.values())
        assert margin[chosen] == best_margin
        assert (chosen == act.KEEP) == (best_margin <= 0)
        checked += 1
        swaps += chosen != act.KEEP
        blind_gifts += any(isinstance(e, ReserveEvent) and e.swapped for e in position.core.log) and \
            not position.core.options.face_up_swap
    assert checked == 32 and swaps >= 5 and blind_gifts >= 3
