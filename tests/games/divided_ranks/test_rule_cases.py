"""Hand-written cases for the rules and rulings R1-R7 of Divided Ranks.

Every expectation here was worked out by hand from /work/shared/rules/divided-ranks.md (the
reasoning is in the comments); nothing asks the scoring code for an expected value. The
scenarios are exact: states are built from fixed deals with explicit chance actions (see
``deals.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest
from deals import (
    PLAIN_DRAFT_0,
    PLAIN_DRAFT_1,
    PLAIN_RESERVE,
    DealtState,
    at_reserve,
    build_hand,
    card,
    cards,
    deal_for,
    dealt_state,
    draft,
    load,
    mask,
    mask_of,
    play_out,
)

from divided.errors import IllegalActionError, NotYourTurnError
from divided.games import CHANCE, TERMINAL
from divided.games.divided_ranks import Phase, score
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.knowledge import Place, knowledge
from divided.games.divided_ranks.state import SplitEvent
from divided.games.divided_ranks.view import SeenBuild, SeenChoice, SeenReserve, SeenSplit
from divided.hands import Category
from divided.hands.arrange import arrange, split_of

CAT = Category
ALL = (1 << 21) - 1


def plain_deal() -> list[int]:
    return deal_for(cards(PLAIN_DRAFT_0), cards(PLAIN_DRAFT_1), card(PLAIN_RESERVE))


def plain_at_reserve(*, first_splitter: int | str, reserve_order: str = "literal", swap: str = "blind",
                     coins: Sequence[int] = ()) -> DealtState:
    """Player 0 drafts spades and hearts, player 1 diamonds and clubs; the Joker is the reserve."""
    return at_reserve(PLAIN_DRAFT_0, PLAIN_DRAFT_1, PLAIN_RESERVE, coins=coins,
                      first_splitter=first_splitter, reserve_order=reserve_order, swap=swap)


def play_draft_recording(state: DealtState) -> list[tuple[int, int]]:
    """Play the five rounds (first legal split, take face up); (splitter, chooser) per round."""
    seats = []
    for _ in range(5):
        assert state.core.phase == Phase.SPLIT
        splitter = state.current_player()
        state.apply_action(state.legal_actions()[0])
        assert state.core.phase == Phase.CHOOSE
        seats.append((splitter, state.current_player()))
        state.apply_action(act.TAKE_FACE_UP)
    return seats


def assert_unchanged(state: DealtState, action: object, error: type[Exception], **kw: Any) -> str:
    """Applying ``action`` raises exactly ``error`` and leaves the state as it was."""
    core, history = state.core, state.history()
    with pytest.raises(error) as info:
        state.apply_action(action, **kw)  # type: ignore[arg-type]
    assert type(info.value) is error
    assert state.core == core and state.history() == history
    return str(info.value)


# --- Setup ------------------------------------------------------------------------------------


def test_setup_deal_is_21_uniform_chance_outcomes_and_first_card_is_the_reserve() -> None:
    state = load(first_splitter=0).new_initial_state()
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert sorted(a for a, _ in outcomes) == list(range(21))
    assert all(p == pytest.approx(1 / 21) for _, p in outcomes)
    deal = plain_deal()
    for n, index in enumerate(deal):
        state.apply_action(index)
        if n < 20:  # each card can be dealt once: the undealt cards remain, equally likely
            left = state.chance_outcomes()
            assert sorted(a for a, _ in left) == sorted(set(range(21)) - set(deal[: n + 1]))
            assert all(p == pytest.approx(1 / (20 - n)) for _, p in left)
    assert state.core.reserve == card(PLAIN_RESERVE)
    assert state.core.hands == (0, 0)
    assert state.core.phase == Phase.SPLIT


def test_setup_dealing_a_card_twice_is_illegal() -> None:
    state = load(first_splitter=0).new_initial_state()
    state.apply_action(5)
    message = assert_unchanged(state, 5, IllegalActionError)
    assert "action 5" in message
    assert_unchanged(state, 21, IllegalActionError)
    assert_unchanged(state, -1, IllegalActionError)


# --- R1 Seats and order -----------------------------------------------------------------------


def test_r1_first_splitter_coin_is_a_fair_explicit_chance_node() -> None:
    state = load(first_splitter="coin").new_initial_state()
    assert state.current_player() == CHANCE and state.is_chance_node()
    assert state.core.phase == Phase.FIRST_SPLITTER_COIN
    assert sorted(state.chance_outcomes()) == [(0, 0.5), (1, 0.5)]
    assert state.legal_actions() == [0, 1]
    assert "first" in state.action_to_string(0)
    assert_unchanged(state, 2, IllegalActionError)


def test_r1_default_first_splitter_is_the_coin() -> None:
    state = load().new_initial_state()
    assert state.core.phase == Phase.FIRST_SPLITTER_COIN


@pytest.mark.parametrize("coin", [0, 1])
def test_r1_the_coin_picks_the_first_splitter_and_splitters_alternate(coin: int) -> None:
    state = dealt_state(plain_deal(), coins=[coin], first_splitter="coin")
    seats = play_draft_recording(state)
    other = 1 - coin
    assert seats == [(coin, other), (other, coin), (coin, other), (other, coin), (coin, other)]


@pytest.mark.parametrize("first", [0, 1])
def test_r1_fixed_first_splitter_has_no_coin(first: int) -> None:
    state = load(first_splitter=first).new_initial_state()
    # no coin node: the first chance node is already the deal
    assert state.core.phase == Phase.DEAL
    assert len(state.chance_outcomes()) == 21
    state = dealt_state(plain_deal(), first_splitter=first)
    seats = play_draft_recording(state)
    assert [s for s, _ in seats] == [first, 1 - first, first, 1 - first, first]
    assert [c for _, c in seats] == [1 - first, first, 1 - first, first, 1 - first]


@pytest.mark.parametrize("first", [0, 1])
def test_r1_literal_reserve_order_two_round_splitter_goes_first(first: int) -> None:
    state = plain_at_reserve(first_splitter=first)  # reserve_order defaults to "literal"
    splits = [e.splitter for e in state.core.log if isinstance(e, SplitEvent)]
    assert splits.count(first) == 3 and splits.count(1 - first) == 2
    assert state.current_player() == 1 - first  # the player who split two rounds
    state.apply_action(act.KEEP)
    assert state.current_player() == first
    state.apply_action(act.KEEP)
    assert state.core.phase == Phase.BUILD


@pytest.mark.parametrize("first", [0, 1])
def test_r1_splitter_first_reserve_order(first: int) -> None:
    state = plain_at_reserve(first_splitter=first, reserve_order="splitter-first")
    assert state.current_player() == first  # the three-round splitter
    state.apply_action(act.KEEP)
    assert state.current_player() == 1 - first


@pytest.mark.parametrize("first", [0, 1])
@pytest.mark.parametrize("coin", [0, 1])
def test_r1_reserve_order_coin_is_its_own_chance_node(first: int, coin: int) -> None:
    state = load(first_splitter=first, reserve_order="coin").new_initial_state()
    assert state.core.phase == Phase.RESERVE_ORDER_COIN
    assert sorted(state.chance_outcomes()) == [(0, 0.5), (1, 0.5)]
    assert "reserve" in state.action_to_string(coin)
    state = plain_at_reserve(first_splitter=first, reserve_order="coin", coins=[coin])
    # independent of who split three rounds: the coin alone decides
    assert state.current_player() == coin
    state.apply_action(act.KEEP)
    assert state.current_player() == 1 - coin


@pytest.mark.parametrize(("first_coin", "order_coin"), [(0, 0), (0, 1), (1, 0), (1, 1)])
def test_r1_both_coins_come_first_splitter_first(first_coin: int, order_coin: int) -> None:
    state = load(first_splitter="coin", reserve_order="coin").new_initial_state()
    assert state.core.phase == Phase.FIRST_SPLITTER_COIN
    state.apply_action(first_coin)
    assert state.core.phase == Phase.RESERVE_ORDER_COIN
    state.apply_action(order_coin)
    assert state.core.phase == Phase.DEAL
    for index in plain_deal():
        state.apply_action(index)
    assert state.current_player() == first_coin
    draft(state, cards(PLAIN_DRAFT_0), cards(PLAIN_DRAFT_1))
    assert state.current_player() == order_coin


def test_r1_seeded_game_resolves_the_coins_itself() -> None:
    state = load(first_splitter="coin", reserve_order="coin").new_initial_state(seed=11)
    assert state.current_player() in (0, 1)
    history = state.history()
    assert len(history) == 2 + 21
    assert history[0] in (0, 1) and history[1] in (0, 1)
    assert sorted(history[2:]) == list(range(21))
    assert state.current_player() == history[0]  # the coin's player splits first


# --- Play: five rounds ------------------------------------------------------------------------


@pytest.mark.parametrize("first", [0, 1])
def test_play_five_rounds_hand_sizes_and_stock(first: int) -> None:
    state = dealt_state(plain_deal(), first_splitter=first)
    for r in range(5):
        view = state.observation(0)
        assert view.hand_sizes == (2 * r, 2 * r)
        assert view.stock_size == 20 - 4 * (r + 1)  # the four being split left the stock
        state.apply_action(state.legal_actions()[0])
        state.apply_action(act.TAKE_FACE_DOWN)
    assert state.core.phase == Phase.RESERVE
    assert [h.bit_count() for h in state.core.hands] == [10, 10]
    assert state.observation(1).stock_size == 0
    assert state.core.hands[0] | state.core.hands[1] | 1 << state.core.reserve == ALL


# --- R2 The split action ----------------------------------------------------------------------


def test_r2_six_splits_of_the_four_top_cards_each_round() -> None:
    deal = plain_deal()
    state = dealt_state(deal, first_splitter=1)
    stock = deal[1:]
    for r in range(5):
        four = stock[4 * r : 4 * r + 4]  # the splitter of round r takes stock cards 4r..4r+3
        expected = sorted(act.split_action(a, b) for a, b in combinations(four, 2))
        legal = state.legal_actions()
        assert legal == expected and len(legal) == 6
        # a pair with a card that is not among the four is refused
        outside = stock[(4 * r + 4) % 20]
        assert_unchanged(state, act.split_action(four[0], outside), IllegalActionError)
        assert_unchanged(state, act.TAKE_FACE_UP, IllegalActionError)
        a, b = four[1], four[3]
        state.apply_action(act.split_action(a, b))
        assert state.core.face_up == mask_of([a, b])
        assert state.core.face_down == mask_of([four[0], four[2]])  # the other two
        assert state.legal_actions() == [act.TAKE_FACE_UP, act.TAKE_FACE_DOWN]
        state.apply_action(act.TAKE_FACE_UP)


# --- R3 Choose --------------------------------------------------------------------------------


def test_r3_take_face_up_and_who_sees_what() -> None:
    # first splitter 0; round 1's four: Ts Th (meant for 0), Td Tc (meant for 1).
    state = dealt_state(plain_deal(), first_splitter=0)
    four = mask("Ts Th Td Tc")
    assert state.observation(0).drawn == four  # the splitter looks at the four cards
    assert state.observation(1).drawn == 0
    state.apply_action(act.split_action(card("Td"), card("Tc")), player=0)
    up, down = mask("Td Tc"), mask("Ts Th")
    for p in (0, 1):
        assert state.observation(p).offer == up  # both see the face-up pair
    assert state.observation(0).offer_face_down == down
    assert state.observation(1).offer_face_down == 0
    state.apply_action(act.TAKE_FACE_UP, player=1)
    assert state.core.hands == (down, up)  # chooser the face-up pair, splitter the other
    seen0 = [e for e in state.observation(0).log if isinstance(e, SeenSplit | SeenChoice)]
    seen1 = [e for e in state.observation(1).log if isinstance(e, SeenSplit | SeenChoice)]
    assert seen0 == [SeenSplit(0, 0, four, up), SeenChoice(0, 1, True, down)]
    # the chooser never sees the face-down pair it left
    assert seen1 == [SeenSplit(0, 0, None, up), SeenChoice(0, 1, True, None)]


def test_r3_take_face_down_swaps_and_then_the_chooser_sees_it() -> None:
    state = dealt_state(plain_deal(), first_splitter=0)
    state.apply_action(act.split_action(card("Td"), card("Tc")), player=0)
    state.apply_action(act.TAKE_FACE_DOWN, player=1)
    up, down = mask("Td Tc"), mask("Ts Th")
    assert state.core.hands == (up, down)  # the splitter keeps the face-up pair
    for p in (0, 1):
        choice = [e for e in state.observation(p).log if isinstance(e, SeenChoice)]
        assert choice == [SeenChoice(0, 1, False, down)]
        assert state.observation(p).hand == state.core.hands[p]


def test_r3_only_the_chooser_chooses() -> None:
    state = dealt_state(plain_deal(), first_splitter=0)
    state.apply_action(act.split_action(card("Ts"), card("Th")))
    message = assert_unchanged(state, act.TAKE_FACE_UP, NotYourTurnError, player=0)
    assert f"action {act.TAKE_FACE_UP}" in message
    assert_unchanged(state, act.KEEP, IllegalActionError)


# --- R4 The reserve ---------------------------------------------------------------------------


def test_r4_options_are_keep_or_give_any_card_in_hand() -> None:
    state = plain_at_reserve(first_splitter=0)
    player = state.current_player()
    assert player == 1
    hand = cards(PLAIN_DRAFT_1)
    assert state.legal_actions() == [act.KEEP, *sorted(act.give_action(c) for c in hand)]
    # not the opponent's cards, nor the reserve itself
    assert_unchanged(state, act.give_action(card("Ts")), IllegalActionError)
    assert_unchanged(state, act.give_action(card(PLAIN_RESERVE)), IllegalActionError)


def test_r4_keep_changes_nothing_but_the_turn() -> None:
    state = plain_at_reserve(first_splitter=0)
    hands, reserve = state.core.hands, state.core.reserve
    state.apply_action(act.KEEP, player=1)
    state.apply_action(act.KEEP, player=0)
    assert state.core.hands == hands and state.core.reserve == reserve
    for p in (0, 1):
        seen = [e for e in state.observation(p).log if isinstance(e, SeenReserve)]
        assert seen == [SeenReserve(1, False, None, None), SeenReserve(0, False, None, None)]


def test_r4_blind_swaps() -> None:
    state = plain_at_reserve(first_splitter=0, swap="blind")
    jk, td, ts = card("Jk"), card("Td"), card("Ts")
    # player 1 (two splits) goes first: gives Td, takes the reserve (the Joker) unseen
    state.apply_action(act.give_action(td), player=1)
    assert state.core.hands[1] == mask(PLAIN_DRAFT_1) ^ mask("Td Jk")
    assert state.core.reserve == td  # the card given is the new reserve
    assert state.observation(1).log[-1] == SeenReserve(1, True, td, jk)  # sees the card taken
    assert state.observation(0).log[-1] == SeenReserve(1, True, None, None)  # only *that* it happened
    assert state.observation(0).hand_sizes == (10, 10)
    # player 0 swaps with whatever player 1 left there: gives Ts and gets Td
    state.apply_action(act.give_action(ts), player=0)
    assert state.core.hands[0] == mask(PLAIN_DRAFT_0) ^ mask("Ts Td")
    assert state.core.reserve == ts
    assert state.observation(0).log[-1] == SeenReserve(0, True, ts, td)
    assert state.observation(1).log[-1] == SeenReserve(0, True, None, None)
    assert state.core.phase == Phase.BUILD


def test_r4_face_up_swaps_both_players_see_both_cards() -> None:
    state = plain_at_reserve(first_splitter=0, swap="face-up")
    jk, td, ts = card("Jk"), card("Td"), card("Ts")
    state.apply_action(act.give_action(td), player=1)
    for p in (0, 1):
        assert state.observation(p).log[-1] == SeenReserve(1, True, td, jk)
    # the second player can see exactly which card is on offer (Td), and takes it
    state.apply_action(act.give_action(ts), player=0)
    assert state.core.hands[0] == mask(PLAIN_DRAFT_0) ^ mask("Ts Td")
    for p in (0, 1):
        assert state.observation(p).log[-1] == SeenReserve(0, True, ts, td)


def test_r4_the_player_who_split_three_rounds_may_not_act_first() -> None:
    state = plain_at_reserve(first_splitter=0)
    message = assert_unchanged(state, act.KEEP, NotYourTurnError, player=0)
    assert f"action {act.KEEP}" in message


# --- Hidden information: setup (reserve), R3, R4 and R5 together --------------------------


@pytest.mark.parametrize("observer", [0, 1])
@pytest.mark.parametrize("swap", ["blind", "face-up"])
def test_hidden_cards_never_reach_the_observer(observer: int, swap: str) -> None:
    """Two deals differing only where the observer cannot look give identical observations.

    First splitter 0. The chooser always takes the face-up pair, so the observer never sees
    the pairs the other player kept face down. Deal B exchanges the reserve (the Joker) with
    one of those cards. The other player swaps blindly at the reserve (keeps, when swaps are
    face up), the observer keeps, both build split 0. Until the showdown the observer's
    view must be the same in both games: nobody looks at the reserve, the chooser never sees
    the splitter's face-down pair, a blind swap hides its cards, a build stays secret.
    """
    other = 1 - observer
    hidden = "Qs" if observer == 1 else "Kd"  # kept face down by the other player
    drafts_a = [PLAIN_DRAFT_0, PLAIN_DRAFT_1]
    drafts_b = [d.replace(hidden, "Jk") for d in drafts_a]
    gift = "Js" if other == 0 else "Td"  # a card the other player holds in both games

    def game(drafts: list[str], reserve: str) -> list[list[Any]]:
        d0, d1 = cards(drafts[0]), cards(drafts[1])
        state = load(first_splitter=0, swap=swap).new_initial_state()
        views: list[list[Any]] = [[], []]

        def look() -> None:
            for p in (0, 1):
                views[p].append(state.observation(p))

        for index in deal_for(d0, d1, card(reserve)):
            state.apply_action(index)
            look()
        for r in range(5):
            splitter = state.current_player()
            pair = (d1 if splitter == 0 else d0)[2 * r : 2 * r + 2]
            state.apply_action(act.split_action(*pair))
            look()
            state.apply_action(act.TAKE_FACE_UP)
            look()
        for _ in range(2):
            mover = state.current_player()
            blind_gift = mover == other and swap == "blind"
            state.apply_action(act.give_action(card(gift)) if blind_gift else act.KEEP)
            look()
        state.apply_action(act.build_action(0))
        look()
        return views

    views_a = game(drafts_a, "Jk")
    views_b = game(drafts_b, hidden)
    assert views_a[observer] == views_b[observer]
    assert views_a[other] != views_b[other]  # the other player does see the difference


# --- R5 Build ---------------------------------------------------------------------------------


def test_r5_build_is_secret_until_both_commit() -> None:
    state = plain_at_reserve(first_splitter=1)
    state.apply_action(act.KEEP)
    state.apply_action(act.KEEP)
    assert state.core.phase == Phase.BUILD
    assert state.legal_actions() == list(range(act.BUILD, act.BUILD + 126))
    assert state.current_player() == 0  # sequential hidden commits in seat order
    assert_unchanged(state, act.KEEP, IllegalActionError)
    views_of_1 = []
    for split in (7, 93):
        trial = state.clone()
        trial.apply_action(act.build_action(split), player=0)
        view1 = trial.observation(1)
        assert view1.log[-1] == SeenBuild(0, None)
        assert view1.my_build == -1 and view1.built == (True, False)
        assert view1.outcome is None
        view0 = trial.observation(0)
        assert view0.log[-1] == SeenBuild(0, split) and view0.my_build == split
        views_of_1.append(view1)
    assert views_of_1[0] == views_of_1[1]  # player 1 cannot tell which split player 0 chose
    state.apply_action(act.build_action(7), player=0)
    assert state.current_player() == 1
    assert_unchanged(state, act.build_action(3), NotYourTurnError, player=0)
    state.apply_action(act.build_action(40), player=1)
    assert state.current_player() == TERMINAL and state.core.phase == Phase.OVER
    for p in (0, 1):  # the showdown shows both
        view = state.observation(p)
        assert [e for e in view.log if isinstance(e, SeenBuild)] == [SeenBuild(0, 7), SeenBuild(1, 40)]
        assert view.outcome == state.core.outcome is not None
    outcome = state.core.outcome
    assert outcome is not None
    for p in (0, 1):  # every card is used: the two hands are the holding
        weak, strong = outcome.hands[p]
        assert weak & strong == 0 and weak | strong == state.core.hands[p]
        assert weak.bit_count() == strong.bit_count() == 5


def test_r5_auto_arrange_is_best_against_every_opponent_build() -> None:
    # Player 0 holds Ts Th Js Jh Qs Qh Ks Kh As Ah: all spades and hearts, so the best split
    # is two royal flushes (spades | hearts), nothing beats it.
    state = plain_at_reserve(first_splitter=0)
    state.apply_action(act.KEEP)
    state.apply_action(act.KEEP)
    holding = state.core.hands[0]
    best = arrange(holding).split
    for reply in (0, 55, 125):
        results = []
        for split in range(126):
            trial = state.clone()
            trial.apply_action(act.build_action(split))
            trial.apply_action(act.build_action(reply))
            results.append(trial.returns()[0])
        assert results[best] == max(results)
    trial = state.clone()
    trial.apply_action(act.build_action(best))
    trial.apply_action(act.build_action(0))
    outcome = trial.core.outcome
    assert outcome is not None
    assert outcome.keys[0][:2] == (CAT.ROYAL_FLUSH, CAT.ROYAL_FLUSH)
    assert outcome.hands[0] in ((mask("Ts Js Qs Ks As"), mask("Th Jh Qh Kh Ah")),
                                (mask("Th Jh Qh Kh Ah"), mask("Ts Js Qs Ks As")))
    assert trial.returns() == [1.0, -1.0]  # 1's split 0 is Td Tc Jd Jc Qd | Qc Kd Kc Ad Ac


# --- Scoring ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """Two final holdings, each as (weaker hand, stronger hand), the reserve, and the result
    worked out by hand."""

    name: str
    hands0: tuple[str, str]
    hands1: tuple[str, str]
    reserve: str
    cats0: tuple[Category, Category]
    cats1: tuple[Category, Category]
    winner: int | None
    step: int | None


CASES = [
    # Step 1: 0's weaker hand is two pair, 1's a full house, so 1 wins at once, although 0's
    # stronger hand (four aces) beats 1's (a full house): stop at the first difference.
    Case("step 1: weaker categories",
         ("Ts Th Js Jh Qs", "As Ah Ad Ac Ks"), ("Td Tc Qh Qd Qc", "Jd Jc Kh Kd Kc"), "Jk",
         (CAT.TWO_PAIR, CAT.FOUR_OF_A_KIND), (CAT.FULL_HOUSE, CAT.FULL_HOUSE), 1, 1),
    # Step 2 (the rules' example with two pair for the weaker hands, see below): both weaker
    # hands are two pair; 0's stronger four of a kind beats 1's stronger full house although
    # 0's weaker hand (Q Q J J A) is lower than 1's (A A Q Q K).
    Case("step 2: stronger categories",
         ("Js Jh Qs Qh As", "Ts Th Td Tc Jk"), ("Ah Ad Qd Qc Kc", "Ks Kh Kd Jd Jc"), "Ac",
         (CAT.TWO_PAIR, CAT.FOUR_OF_A_KIND), (CAT.TWO_PAIR, CAT.FULL_HOUSE), 0, 2),
    # Step 3: all two pair. Weaker hands J J T T Q (0) vs J J T T K (1): 1 wins on the kicker,
    # although 0's stronger A A K K Q beats 1's A A Q Q K.
    Case("step 3: weaker hands card for card",
         ("Ts Th Js Jh Qs", "As Ah Ks Kh Qh"), ("Td Tc Jd Jc Kd", "Ad Ac Qd Qc Kc"), "Jk",
         (CAT.TWO_PAIR, CAT.TWO_PAIR), (CAT.TWO_PAIR, CAT.TWO_PAIR), 1, 3),
    # Step 4: weaker hands both Q Q J J T (equal); stronger A A K K T (0) vs A A K K Joker
    # (1). A Joker that completes nothing counts below a 10, so 0 wins.
    Case("step 4: stronger hands card for card (Joker below a 10)",
         ("Qs Qh Js Jh Ts", "As Ah Ks Kh Th"), ("Qd Qc Jd Jc Td", "Ad Ac Kd Kc Jk"), "Tc",
         (CAT.TWO_PAIR, CAT.TWO_PAIR), (CAT.TWO_PAIR, CAT.TWO_PAIR), 0, 4),
    # Draw: J J T T Q and A A K K Q for both players.
    Case("draw",
         ("Ts Th Js Jh Qs", "As Ah Ks Kh Qh"), ("Td Tc Jd Jc Qd", "Ad Ac Kd Kc Qc"), "Jk",
         (CAT.TWO_PAIR, CAT.TWO_PAIR), (CAT.TWO_PAIR, CAT.TWO_PAIR), None, None),
    # R6: four straights. 0's weaker straight uses the Joker, 1's are natural: steps 1 and 2
    # are equal (straights), and at step 3 the hand without the Joker wins. (Player 1's two
    # straights are equally strong; the one holding 1's lowest card, Td, is called weaker.)
    Case("step 3: the hand without the Joker wins",
         ("Ts Jh Qd Kc Jk", "Th Js Qh Kd As"), ("Td Jc Qs Kh Ah", "Tc Jd Qc Ks Ad"), "Ac",
         (CAT.STRAIGHT, CAT.STRAIGHT), (CAT.STRAIGHT, CAT.STRAIGHT), 1, 3),
    # R6: 10s Js Qs Ks + Joker is a royal flush while As sits in the other hand.
    # 0: weaker four aces, stronger that royal flush; 1: two full houses. Step 1: 0 wins.
    Case("R6: wild Joker may stand for a card of the other hand",
         ("As Ah Ad Ac Th", "Ts Js Qs Ks Jk"), ("Jh Jd Jc Td Tc", "Qh Qd Qc Kh Kd"), "Kc",
         (CAT.FOUR_OF_A_KIND, CAT.ROYAL_FLUSH), (CAT.FULL_HOUSE, CAT.FULL_HOUSE), 0, 1),
    # R6: equal natural straights as weaker hands, royal flushes as stronger hands; 1's uses
    # the Joker (standing for Ah, which is the reserve), so 0 wins at step 4.
    Case("step 4: natural royal flush beats one with the Joker",
         ("Td Jd Qd Kd Ac", "Ts Js Qs Ks As"), ("Tc Jc Qc Kc Ad", "Th Jh Qh Kh Jk"), "Ah",
         (CAT.STRAIGHT, CAT.ROYAL_FLUSH), (CAT.STRAIGHT, CAT.ROYAL_FLUSH), 0, 4),
]


def test_cases_are_deals_of_the_pack() -> None:
    for case in CASES:
        every = " ".join((*case.hands0, *case.hands1, case.reserve))
        assert sorted(cards(every)) == list(range(21)), case.name


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
@pytest.mark.parametrize("mirrored", [False, True], ids=["as-written", "mirrored"])
@pytest.mark.parametrize(("first", "face_down_rounds"), [(0, ()), (1, (0, 3))], ids=["fs0", "fs1-down"])
def test_scoring(case: Case, mirrored: bool, first: int, face_down_rounds: tuple[int, ...]) -> None:
    hands = [case.hands0, case.hands1]
    cats = [case.cats0, case.cats1]
    winner = case.winner
    if mirrored:
        hands.reverse()
        cats.reverse()
        winner = None if winner is None else 1 - winner
    state = play_out(" ".join(hands[0]), " ".join(hands[1]), case.reserve,
                     (hands[0][0], hands[1][1]), first_splitter=first,
                     face_down_rounds=face_down_rounds)
    outcome = state.core.outcome
    assert outcome is not None
    # each player's lower hand is their weaker hand
    assert outcome.hands == tuple((mask(w), mask(s)) for w, s in hands)
    for p in (0, 1):
        key = outcome.keys[p]
        assert (key.weaker_category, key.stronger_category) == cats[p]
    assert outcome.winner == winner
    assert outcome.step == case.step
    expected_returns = {None: [0.0, 0.0], 0: [1.0, -1.0], 1: [-1.0, 1.0]}[winner]
    assert state.returns() == expected_returns
    assert state.rewards() == expected_returns
    if winner is None:
        assert outcome.is_draw and "Draw" in outcome.describe()
    else:
        assert f"Player {winner} wins" in outcome.describe()
        assert f"step {case.step}" in outcome.describe()


def test_scoring_rules_example_literally() -> None:
    """The rules' example: both weaker hands are full houses; a stronger four of a kind beats a
    stronger full house, even when its owner has the lower weaker full house.

    With 21 cards this cannot happen in one game (four of a kind plus a full house use 9 of
    the 20 ranked cards over three ranks, leaving no second pair for the other player's
    second full house), so it is checked on the scoring function with two imagined holdings;
    ``test_scoring`` has the same shape with two pair as the weaker hands.
    """
    weak0, strong0 = mask("Ts Th Td Js Jh"), mask("Ks Kh Kd Kc Qs")  # T T T J J; four kings
    weak1, strong1 = mask("Qh Qd Qc Jd Jc"), mask("As Ah Ad Kh Kd")  # Q Q Q J J; A A A K K
    hands = (weak0 | strong0, weak1 | strong1)
    outcome = score(hands, (split_of(hands[0], weak0), split_of(hands[1], weak1)))
    assert outcome.hands == ((weak0, strong0), (weak1, strong1))
    assert outcome.keys[0][:2] == (CAT.FULL_HOUSE, CAT.FOUR_OF_A_KIND)
    assert outcome.keys[1][:2] == (CAT.FULL_HOUSE, CAT.FULL_HOUSE)
    assert outcome.keys[0].weaker_strength < outcome.keys[1].weaker_strength
    assert (outcome.winner, outcome.step) == (0, 2)
    swapped = score((hands[1], hands[0]), (split_of(hands[1], weak1), split_of(hands[0], weak0)))
    assert (swapped.winner, swapped.step) == (1, 2)


@pytest.mark.parametrize("give_joker", [True, False])
def test_scoring_uses_the_hands_after_the_reserve(give_joker: bool) -> None:
    # Player 1 drafts the Joker instead of Qc (the reserve). Giving the Joker for Qc makes the
    # "draw" holdings: a draw. Keeping it, 1's best is J J T T Q / A A K K Joker, which loses
    # at step 4 to 0's A A K K Q (the Joker counts below a 10, so below the queen).
    draft0 = "Ts Th Js Jh Qs As Ah Ks Kh Qh"
    draft1 = "Td Tc Jd Jc Qd Ad Ac Kd Kc Jk"
    reserve_first = act.give_action(card("Jk")) if give_joker else act.KEEP
    build1 = "Td Tc Jd Jc Qd"
    state = play_out(draft0, draft1, "Qc", ("Ts Th Js Jh Qs", build1),
                     reserve_actions=(reserve_first, act.KEEP), first_splitter=0)
    outcome = state.core.outcome
    assert outcome is not None
    if give_joker:
        assert state.core.reserve == card("Jk")
        assert outcome.hands[1] == (mask(build1), mask("Ad Ac Kd Kc Qc"))
        assert (outcome.winner, outcome.step, state.returns()) == (None, None, [0.0, 0.0])
    else:
        assert outcome.hands[1] == (mask(build1), mask("Ad Ac Kd Kc Jk"))
        assert (outcome.winner, outcome.step, state.returns()) == (0, 4, [1.0, -1.0])


def test_scoring_bad_builds_can_lose() -> None:
    # Both players could build two royal flushes; 0 builds badly, a pair of tens and a pair of
    # aces, against 1's two pair + two pair: 1 wins at step 1.
    state = plain_at_reserve(first_splitter=0)
    state.apply_action(act.KEEP)
    state.apply_action(act.KEEP)
    build_hand(state, 0, mask("Ts Th Js Qs Ks"))  # other hand: Jh Qh Kh As Ah (pair of aces)
    build_hand(state, 1, mask("Td Tc Jd Jc Qd"))  # other hand: Qc Kd Kc Ad Ac (two pair)
    outcome = state.core.outcome
    assert outcome is not None
    assert outcome.keys[0][:2] == (CAT.PAIR, CAT.PAIR)
    assert outcome.keys[1][:2] == (CAT.TWO_PAIR, CAT.TWO_PAIR)
    assert (outcome.winner, outcome.step, state.returns()) == (1, 1, [-1.0, 1.0])
    assert outcome.hands[0] == (mask("Ts Th Js Qs Ks"), mask("Jh Qh Kh As Ah"))


def test_after_the_end_nothing_is_legal() -> None:
    state = play_out(" ".join(CASES[0].hands0), " ".join(CASES[0].hands1), CASES[0].reserve,
                     (CASES[0].hands0[0], CASES[0].hands1[0]), first_splitter=0)
    assert state.legal_actions() == []
    message = assert_unchanged(state, act.build_action(0), IllegalActionError)
    assert f"action {act.build_action(0)}" in message
    assert_unchanged(state, act.KEEP, NotYourTurnError, player=0)


# --- R7 Knowing (the books, derived from a view) --------------------------------------------


def test_r7_books_at_the_reserve() -> None:
    # First splitter 0; every chooser takes the face-up pair, the splitter's own pair.
    # Player 1 split rounds 2 and 4 (saw Js Jh, Ks Kh go to player 0) and never saw player 0's
    # face-down pairs Ts Th, Qs Qh, As Ah; nobody saw the reserve (Jk). With the stock spent,
    # those seven cards are six in player 0's hand and one in the reserve.
    state = plain_at_reserve(first_splitter=0)
    books1 = knowledge(state.observation(1))
    unknown1 = mask("Ts Th Qs Qh As Ah Jk")
    assert books1.opponent_known == mask("Js Jh Ks Kh")
    assert books1.opponent_unknown == 6
    assert books1.reserve is None
    assert set(books1.unaccounted) == set(cards("Ts Th Qs Qh As Ah Jk"))
    for places in books1.unaccounted.values():
        assert places == {Place.OPPONENT_HAND: Fraction(6, 7), Place.RESERVE: Fraction(1, 7)}
    assert books1.reserve_odds == {c: Fraction(1, 7) for c in cards("Ts Th Qs Qh As Ah Jk")}
    assert books1.marked == mask("Td Tc Qd Qc Ad Ac")  # what player 0 watched arrive
    assert mask_of(list(books1.unaccounted)) == unknown1
    # Player 0 split rounds 1, 3, 5 and saw everything except player 1's face-down pairs of
    # rounds 2 and 4 (Jd Jc, Kd Kc) and the reserve.
    books0 = knowledge(state.observation(0))
    assert books0.opponent_known == mask("Td Tc Qd Qc Ad Ac")
    assert books0.opponent_unknown == 4
    for places in books0.unaccounted.values():
        assert places == {Place.OPPONENT_HAND: Fraction(4, 5), Place.RESERVE: Fraction(1, 5)}
    assert set(books0.unaccounted) == set(cards("Jd Jc Kd Kc Jk"))
    assert books0.marked == mask("Js Jh Ks Kh")


def test_r7_face_up_swap_makes_the_reserve_known() -> None:
    state = plain_at_reserve(first_splitter=0, swap="face-up")
    state.apply_action(act.give_action(card("Td")), player=1)  # takes Jk, both see it
    books0 = knowledge(state.observation(0))
    assert books0.reserve == card("Td")
    # the reserve is certain, so every other card player 0 does not hold is in 1's hand
    assert books0.opponent_known == state.core.hands[1]
    assert books0.opponent_unknown == 0
    assert books0.unaccounted == {}
    assert knowledge(state.observation(1)).reserve == card("Td")


def test_r7_blind_swap_leaves_nothing_certain_in_the_opponents_hand() -> None:
    # After player 1's blind swap the reserve is one of the ten cards 1 held after the draft:
    # the six player 0 saw arrive (Td Tc Qd Qc Ad Ac) or four of the five player 0 could not
    # place (Jd Jc Kd Kc Jk). Any of those eleven could now be the reserve, so no card of
    # player 1's hand is certain any more.
    state = plain_at_reserve(first_splitter=0, swap="blind")
    state.apply_action(act.give_action(card("Td")), player=1)
    books0 = knowledge(state.observation(0))
    assert books0.reserve is None
    assert books0.opponent_known == 0
    assert books0.opponent_unknown == 10
    assert set(books0.unaccounted) == set(cards("Td Tc Qd Qc Ad Ac Jd Jc Kd Kc Jk"))
    # the swapper knows where its gift went
    assert knowledge(state.observation(1)).reserve == card("Td")
