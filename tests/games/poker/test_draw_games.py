"""The draw games of issue 30 on the engine: decks (two decks, jokers), six-card draw (SD1-SD4),
the six- and seven-card open draws (SO1-SO2, SV1) and Bounce Back (BK1-BK3), each example
worked by hand; random deals of each game conserve chips and cards, sum to zero and show no
card a viewer may not see (the shared checker, no_leak.py)."""

from __future__ import annotations

import random

import pytest
from no_leak import Tally, play_checked
from poker_deals import passive, stand_pat, start

from divided import games
from divided.errors import IllegalActionError
from divided.games.poker import actions as act
from divided.games.poker.cards import CARD_SPAN, deck_mask, mask_indices, name, parse, rank_of

A, B, C = 0, 1, 2
NEW_GAMES = ("six-card-draw", "six-card-open-draw", "seven-card-open-draw", "bounce-back")


def deal(state, cards: str) -> None:  # type: ignore[no-untyped-def]
    """Chance deals these cards, in order (replacements)."""
    for card in parse(cards):
        assert state.is_chance_node()
        state.apply_action(card)


def discard_mask(state, cards: str) -> int:  # type: ignore[no-untyped-def]
    """The discard mask naming ``cards`` of the hand of the seat to act (bits in card order)."""
    seat = state.current_player()
    hand = sorted(state.core.slots[seat][0])
    return sum(1 << hand.index(card) for card in parse(cards))


# -- decks ---------------------------------------------------------------------------------------

def test_two_decks_deal_104_distinct_cards_written_with_a_prime_for_the_second_copy() -> None:
    state = games.load("six-card-draw", players=2, first_dealer=0).new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 104 and {p for _, p in outcomes} == {1 / 104}
    assert name(0) == "2s" and name(52) == "2s'" and name(103) == "Ac'" and parse("Ac'") == (103,)
    assert rank_of(103) == rank_of(51) == 14
    assert games.load("six-card-draw", players=2).info.max_chance_outcomes == 104
    state.apply_action(parse("As'")[0])  # the second copy is a card of the deck
    assert state.core.slots[1][0] == parse("As'")
    with pytest.raises(IllegalActionError):
        state.apply_action(parse("As'")[0])  # dealt already: not in the stock
    with pytest.raises(IllegalActionError):
        state.apply_action(104)  # a joker is no card of two decks


def test_one_deck_games_still_deal_52_cards_and_refuse_a_second_copy() -> None:
    state = games.load("five-card-draw", players=2, first_dealer=0).new_initial_state()
    assert len(state.chance_outcomes()) == 52
    before = state.core
    with pytest.raises(IllegalActionError):
        state.apply_action(52)
    assert state.core is before


def test_the_joker_deck_holds_54_cards_and_a_joker_reads_as_a_two() -> None:
    assert deck_mask("jokers").bit_count() == 54 and mask_indices(deck_mask("jokers"))[-2:] == [104, 105]
    assert parse("Jk1 Jk2") == (104, 105) and rank_of(104) == rank_of(105) == 2 == rank_of(parse("2c")[0])
    assert CARD_SPAN == 106


# -- six-card draw -------------------------------------------------------------------------------

def six_card_showdown(hands: tuple[str, ...], button: int, **options: object):  # type: ignore[no-untyped-def]
    state = start("six-card-draw", hands, button=button, **options)
    passive(state)
    stand_pat(state)
    passive(state)
    assert state.is_terminal()
    return state


def test_six_card_draw_example_identical_jacks_beat_a_plain_pair_of_jacks() -> None:
    # SD2's example: J♠ J♠ 9♦ 7♣ 5♥ 4♠ beats J♥ J♦ 9♦ 7♣ 5♥ 4♠ (the two copies are distinct cards
    # for the deal, so both players can hold 9♦ 7♣ 5♥ and 4♠ too)
    state = six_card_showdown(("Js Js' 9d 7c 5h 4s", "Jh Jd 9d' 7c' 5h' 4s'"), button=B)
    assert state.returns() == [1.0, -1.0]
    # the control: two plain pairs of jacks with the same kickers split the pot
    state = six_card_showdown(("Js Jh 9d 7c 5h 4s", "Jh' Jd 9d' 7c' 5h' 4s'"), button=B)
    assert state.returns() == [0.0, 0.0]


def test_six_card_draw_all_six_play_and_an_ace_plays_low_in_a_six_high_straight() -> None:
    # SD1: 6-5-4-3-2-A is a straight (the lowest); it beats three kings, which beat two pair
    state = six_card_showdown(("6s 5h 4d 3c 2s Ah", "Ks Kh Kd 9c 7s 2h", "Qs Qh 8d 8c 7h 3h"), button=C)
    assert state.returns() == [2.0, -1.0, -1.0]


@pytest.mark.parametrize(("button", "odd_chip_to"), [(C, A), (A, B)])
def test_identical_hands_split_and_the_odd_chip_falls_back_to_the_seat(button: int, odd_chip_to: int) -> None:
    # SD3 / T11: A and B hold the same six cards (one copy each): equal for ranking and for the
    # odd chip, so the first of them left of the button takes it; C's hand loses. Pot 3.
    hands = ("As Kh Qd Jc 9s 7h", "As' Kh' Qd' Jc' 9s' 7h'", "2c 3d 4h 6s 8c Tc")
    state = six_card_showdown(hands, button=button)
    expected = [0.0, 0.0, -1.0]
    expected[odd_chip_to] = 1.0
    assert state.returns() == expected


def test_six_card_draw_all_six_cost_one_more_ante_paid_in_and_never_returned() -> None:
    # SD4 / T9: drawing six puts one more ante in; it is a contribution, not a bet
    state = start("six-card-draw", ("As Ks Qs Js 9s 7h", "2c 3d 4h 6s 8c Tc"), button=B, ante=3)
    passive(state)
    legal = state.legal_actions()
    assert act.DISCARD + 0b111111 in legal and act.DISCARD + 0b11111 in legal
    state.apply_action(act.DISCARD + 0b111111)
    table = state.core.table
    assert table.contributed == (6, 3) and table.stacks == (194, 197) and table.bets == (0, 0)
    assert state.core.events[-2].kind == "pay" and state.core.events[-2].amount == 3
    deal(state, "2s 2h 2d 3s 3h 3c")
    stand_pat(state)
    passive(state)  # A's three twos and three threes (a spillover) beat B's ten high
    assert state.is_terminal()
    assert state.returns() == [3.0, -3.0]  # A gets back its 6 and B's 3: the fee stayed in the pot


def test_a_player_who_cannot_pay_the_extra_ante_may_not_draw_six() -> None:
    # SD4 and T7: A's ante leaves it 1 chip, short of the second ante of 2; five cards stay free
    state = start("six-card-draw", ("As Ks Qs Js 9s 7h", "2c 3d 4h 6s 8c Tc"), button=B, ante=2, stacks="3/20")
    passive(state)
    legal = state.legal_actions()
    assert act.DISCARD + 0b111111 not in legal and act.DISCARD + 0b011111 in legal
    before = state.core
    with pytest.raises(IllegalActionError):
        state.apply_action(act.DISCARD + 0b111111)
    assert state.core is before
    # with exactly one more ante left, six are offered
    state = start("six-card-draw", ("As Ks Qs Js 9s 7h", "2c 3d 4h 6s 8c Tc"), button=B, ante=2, stacks="4/20")
    passive(state)
    assert act.DISCARD + 0b111111 in state.legal_actions()


# -- the open draws ------------------------------------------------------------------------------

def test_six_card_open_draw_no_betting_before_the_draw_then_discards_shown_together() -> None:
    state = start("six-card-open-draw", ("As Ad Kc Kd 9h 3c", "Qs Qh Jd 8c 5h 2d"), button=B)
    core = state.core
    assert core.config.steps[core.step].kind == "draw" and state.current_player() == A  # SO1
    assert core.table.contributed == (1, 1) and not any(core.table.bets)
    stand_pat(state)
    assert state.core.table.size == 2  # the round after the first draw is S (T4: S B)
    passive(state)
    assert sorted(state.legal_actions()) == [act.DISCARD + (1 << i) for i in range(6)]  # exactly one
    state.apply_action(act.DISCARD + discard_mask(state, "3c"))
    three_clubs = parse("3c")[0]
    seen_by_b = state.observation(B)
    assert seen_by_b.phase.commits[A] == () and not seen_by_b.up >> three_clubs & 1
    assert three_clubs in state.core.slots[A][0]  # not applied until B has chosen (T15)
    assert state.observation(A).phase.commits[A] != ()
    state.apply_action(act.DISCARD + discard_mask(state, "2d"))
    core = state.core
    assert not state.is_chance_node()  # not replaced
    assert [len(held[0]) for held in core.slots] == [5, 5]
    shown = {c for c in parse("3c 2d")}
    assert all(core.up >> c & 1 for c in shown)
    assert [e.kind for e in core.events[-4:]] == ["discard", "reveal", "discard", "reveal"]
    assert state.observation(None).discarded[A] == parse("3c") and state.observation(A).discarded[B] == parse("2d")
    assert core.table.size == 4  # then B
    passive(state)
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_seven_card_open_draw_plays_two_open_discards_down_to_five_cards() -> None:
    state = start("seven-card-open-draw", ("As Ad Kc Kd 9h 3c 4c", "Qs Qh Jd 8c 5h 2d 6h"), button=B)
    sizes: dict[int, int] = {}
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        step = state.core.config.steps[state.core.step]
        if step.kind == "bet":
            sizes.setdefault(state.core.step, state.core.table.size)
            state.apply_action(act.CALL)
        else:
            state.apply_action(min(state.legal_actions()))
    assert [len(held[0]) for held in state.core.slots] == [5, 5]
    assert list(sizes.values()) == [2, 4, 4]  # S B B (SV1: none before the draw)
    assert min(sizes) > 1  # the first round comes after the draw


# -- Bounce Back ---------------------------------------------------------------------------------

def test_bounce_back_example_the_dealer_retakes_both_set_aside_cards() -> None:
    # BK2's example: the dealer holds K♠ K♥ Q♦ 7♣ 3♠, sets aside 7♣ 3♠ and draws J♥ 9♦; at the
    # take-back it gives up Q♦ 9♦ and retakes 7♣ 3♠; retaking one is not allowed.
    dealer = A
    state = start("bounce-back", ("Ks Kh Qd 7c 3s", "2c 2d 5h 8s Tc"), button=dealer)
    passive(state)
    assert state.current_player() == dealer  # the dealer draws first
    state.apply_action(act.DISCARD + discard_mask(state, "7c 3s"))
    deal(state, "Jh 9d")
    assert state.core.aside[dealer] == sum(1 << c for c in parse("7c 3s"))
    assert state.observation(dealer).aside[dealer] == parse("3s 7c")
    assert state.observation(B).aside[dealer] == (None, None)  # BK3: the number is public
    assert state.observation(None).aside[dealer] == (None, None)
    state.apply_action(act.DISCARD)  # B stands pat: it has nothing aside
    passive(state)
    assert state.current_player() == dealer
    legal = state.legal_actions()
    assert act.PASS in legal and all((a - act.TAKE_BACK).bit_count() == 2 for a in legal if a != act.PASS)
    before = state.core
    with pytest.raises(IllegalActionError):
        state.apply_action(act.TAKE_BACK + discard_mask(state, "Qd"))  # retaking one
    assert state.core is before
    state.apply_action(act.TAKE_BACK + discard_mask(state, "Qd 9d"))
    core = state.core
    assert sorted(core.slots[dealer][0]) == sorted(parse("Ks Kh Jh 7c 3s"))
    assert core.discarded[dealer] == sum(1 << c for c in parse("Qd 9d"))
    assert core.config.steps[core.step].kind == "bet"  # B had nothing aside: not asked
    passive(state)
    assert state.is_terminal() and state.returns() == [1.0, -1.0]  # kings beat deuces


def test_bounce_back_declining_keeps_the_hand_and_the_set_aside_cards_stay_apart() -> None:
    state = start("bounce-back", ("Ks Kh Qd 7c 3s", "2c 2d 5h 8s Tc"), button=A)
    passive(state)
    state.apply_action(act.DISCARD + discard_mask(state, "3s"))
    deal(state, "4d")
    state.apply_action(act.DISCARD + discard_mask(state, "Tc"))
    deal(state, "Ts")
    passive(state)
    assert state.current_player() == A  # the dealer first, then B
    state.apply_action(act.PASS)
    assert state.current_player() == B
    state.apply_action(act.TAKE_BACK + discard_mask(state, "Ts"))
    core = state.core
    assert sorted(core.slots[A][0]) == sorted(parse("Ks Kh Qd 7c 4d")) and core.aside[A] == 1 << parse("3s")[0]
    assert sorted(core.slots[B][0]) == sorted(parse("2c 2d 5h 8s Tc")) and core.aside[B] == 0


# -- every new game: invariants -------------------------------------------------------------------

def places(core) -> list[int]:  # type: ignore[no-untyped-def]
    counts = [0] * CARD_SPAN
    for mask in (core.stock, *core.discarded, *core.mucked, *core.phase.drawn, *core.aside):
        for card in mask_indices(mask):
            counts[card] += 1
    for seat_slots in core.slots:
        for held in seat_slots:
            for card in held:
                counts[card] += 1
    for card in core.trash:
        counts[card] += 1
    return counts


@pytest.mark.parametrize("game", NEW_GAMES)
def test_random_deals_conserve_chips_and_cards_and_sum_to_zero(game: str) -> None:
    least, most = games.load(game).rules.variant.players
    for seed in range(6):
        rng = random.Random(seed)
        players = rng.randint(least, most)
        state = games.load(game, players=players, stack=rng.choice((4, 30, 200))).new_initial_state(seed=seed)
        whole = deck_mask(state.core.config.deck)
        deck = [whole >> card & 1 for card in range(CARD_SPAN)]
        total = sum(state.core.config.stacks)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(rng.choice(legal))
            core = state.core
            assert places(core) == deck
            assert sum(core.table.stacks) + sum(core.table.contributed) == total
        assert sum(state.returns()) == 0


@pytest.mark.parametrize("game", NEW_GAMES)
def test_no_view_label_or_event_of_the_new_games_shows_a_hidden_card(game: str) -> None:
    tally = Tally()
    for seed in range(4):
        play_checked(game, 300 + seed, tally)
    assert tally.views > 0 and tally.labels > 0


def test_the_checker_catches_a_set_aside_card_shown_to_another_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from divided.games.poker import rules as rules_module

    real = rules_module.observe

    def leaky(state, player, current, result):  # type: ignore[no-untyped-def]
        view = real(state, player, current, result)
        return replace(view, aside=tuple(tuple(mask_indices(mask)) for mask in state.aside))  # shown to all

    monkeypatch.setattr(rules_module, "observe", leaky)
    with pytest.raises(AssertionError, match="set aside"):
        for seed in range(10):
            play_checked("bounce-back", seed, Tally(), {"players": 3})


def test_the_extra_ante_goes_to_the_winner_who_did_not_pay_it() -> None:
    # T9: a paid draw is a contribution like any other and only all-in players cut side pots, so
    # B, who stood pat and paid less, still wins A's extra ante: one pot of 9
    state = start("six-card-draw", ("2c 3d 4h 6s 8c Tc", "As Ah Ad Ks Kh Kd"), button=B, ante=3)
    passive(state)
    state.apply_action(act.DISCARD + 0b111111)  # A draws six and pays 3 more
    deal(state, "2s 3s 4s 6d 8h Td")
    stand_pat(state)
    passive(state)
    assert state.is_terminal()
    assert [(pot.amount, pot.eligible) for pot in state.core.settled] == [(9, (A, B))]
    assert state.returns() == [-6.0, 6.0]


def test_the_reshuffle_leaves_set_aside_cards_and_the_trash_apart() -> None:
    # T16 / BK3: the discard pile becomes the stock; cards kept apart (set aside, the trash) do not
    from dataclasses import replace

    from divided.games.poker import engine

    state = start("bounce-back", ("Ks Kh Qd 7c 3s", "2c 2d 5h 8s Tc"), button=A)
    core = state.core
    pile, aside, trash = (mask_of_text("9c 9d"), mask_of_text("Jc")), mask_of_text("4c 4d"), parse("6c")
    stuck = replace(core, stock=0, owed=((A, 0, False),), discarded=pile, aside=(aside, 0), trash=trash,
                    trash_from=(-1,))
    shuffled = engine._reshuffle_if_empty(stuck)
    assert shuffled.stock == pile[0] | pile[1] and shuffled.discarded == (0, 0)
    assert shuffled.aside == (aside, 0) and shuffled.trash == trash


def mask_of_text(cards: str) -> int:
    return sum(1 << card for card in parse(cards))
