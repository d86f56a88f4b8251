"""The rulings' examples played through the engine, worked by hand (poker-games.md,
poker-table.md): each deal is given card by card and the chips are checked against the
example's own arithmetic."""

from __future__ import annotations

from poker_deals import arrange, bet_each_round, one_round, partition_action, passive, stand_pat, start

from divided import games
from divided.games.poker import actions as act
from divided.games.poker.cards import mask_of, parse

A, B, C = 0, 1, 2

HENWAY_HANDS = ("6d 5c 4h 3s 2d Ks Kh Qd 9c 8s", "Js Jd 7h 4c 4d 8h 7c 5d 3c Ad", "Qs Qh Tc Td 9h 9d 6s 5h 4s 2c")


def henway_to_showdown(**options: object):  # type: ignore[no-untyped-def]
    state = start("henway", HENWAY_HANDS, button=C, **options)
    for hands in (HENWAY_HANDS[A], HENWAY_HANDS[B], HENWAY_HANDS[C]):  # A, B, C arrange in turn
        cards = hands.split()
        arrange(state, " ".join(cards[:5]), " ".join(cards[5:]))
    while not state.is_terminal():
        passive(state)
    return state


def test_henway_example_one_hand_takes_both_halves() -> None:
    # A's 6-5-4-3-2 is a straight, the best high, and also a 6-low, the best low: A takes the
    # whole pot (the three antes) with one hand.
    state = henway_to_showdown()
    assert state.returns() == [2.0, -1.0, -1.0]
    (pot,) = state.core.settled
    assert pot.awards == (("high", (A,)), ("low", (A,)))


def test_henway_declared_sides_each_hand_competes_on_its_own_side() -> None:
    # H4: the first hand plays high and the second low. A's straight is high, its K-K low
    # hand is beaten by B's 8-7-5-3-A; high among first hands: A's straight beats C's queens
    # and tens and B's jacks and fours.
    state = henway_to_showdown(henway_sides="declared")
    (pot,) = state.core.settled
    assert pot.awards == (("high", (A,)), ("low", (B,)))
    # pot 3: high 1 (rounded down), low 1, the odd chip to the first award (high)
    assert state.returns() == [1.0, 0.0, -1.0]


def test_henway_flips_turn_up_the_committed_order_both_hands_at_once() -> None:
    state = start("henway", HENWAY_HANDS, button=C)
    for hands in HENWAY_HANDS:
        cards = hands.split()
        arrange(state, " ".join(cards[:5]), " ".join(cards[5:]))
    spectator = state.observation(None)  # the first flip is done, the first round is on
    assert spectator.slots[A][1] == (parse("6d")[0], None, None, None, None)
    assert spectator.slots[A][2] == (parse("Ks")[0], None, None, None, None)
    first_round = state.core.step
    while state.core.step == first_round:  # everyone checks: the second cards are flipped
        state.apply_action(act.CALL)
    spectator = state.observation(None)
    assert spectator.slots[B][1][:2] == parse("Js Jd") and spectator.slots[B][1][2] is None


def assign(state, left: str, right: str) -> None:  # type: ignore[no-untyped-def]
    """10 Card Regrets: the seat to act puts these cards left and right."""
    pair = sorted(parse(left) + parse(right))
    lefts, rights = parse(left), parse(right)
    if len(lefts) == 2:
        choice = act.BOTH_FIRST
    elif len(rights) == 2:
        choice = act.BOTH_SECOND
    else:
        choice = act.LOWER_FIRST if lefts[0] == pair[0] else act.LOWER_SECOND
    state.apply_action(act.ASSIGN + choice)


REGRETS = {  # seat: five deals of (left cards, right cards)
    A: [("Ks", "7s"), ("Kh", "5d"), ("Kd", "4c"), ("Qc", "3h"), ("Qd", "2s")],
    B: [("9h", "Jd"), ("8c", "Jc"), ("6d", "8s"), ("4d", "6c"), ("3s", "2h")],
}


def regrets_deal() -> tuple[str, str]:
    # every seat receives its two cards of a deal one after the other, A first (button B)
    return tuple(" ".join(f"{left} {right}" for left, right in REGRETS[seat]) for seat in (A, B))  # type: ignore[return-value]


def test_ten_card_regrets_example_b_scoops() -> None:
    # A holds the strongest hand (a full house, left) and the lowest (7-5-4-3-2, right), each on
    # the wrong side (R1): B's jacks win high among right hands and B's 9-8-6-4-3 low among left.
    state = start("ten-card-regrets", regrets_deal(), button=B)
    for deal in range(5):
        for seat in (A, B):
            assert state.current_player() == seat
            assign(state, *REGRETS[seat][deal])
        passive(state)
    assert state.is_terminal()
    (pot,) = state.core.settled
    assert pot.awards == (("high", (B,)), ("low", (B,)))
    assert state.returns() == [-1.0, 1.0]


def test_ten_card_regrets_full_hand_forces_the_other_and_refuses_a_third_card() -> None:
    # B puts both cards left in the first two deals: four left, so from then on the left hand
    # takes at most one more card; after the third deal it is full and the right is forced.
    deals = {A: REGRETS[A], B: [("9h Jd", ""), ("8c Jc", ""), ("6d", "8s"), ("", "4d 6c"), ("", "3s 2h")]}
    state = start("ten-card-regrets", tuple(" ".join(" ".join(x for x in d if x) for d in deals[s]) for s in (A, B)),
                  button=B)
    room = games.room("ten-card-regrets")
    for deal in range(5):
        assign(state, *REGRETS[A][deal])
        legal = state.legal_actions()
        if deal == 2:  # left holds four: both cards left would make six
            assert act.ASSIGN + act.BOTH_FIRST not in legal
        if deal >= 3:  # left holds five: the right hand is forced (R4)
            assert legal == [act.ASSIGN + act.BOTH_SECOND]
            assert room.dominant_action(state.observation(B), legal) == legal[0]
        left, right = deals[B][deal]
        assign(state, left, right)
        passive(state)
    assert state.is_terminal()


def cowpie_at_split(down_up: str, **options: object):  # type: ignore[no-untyped-def]
    """Heads-up Cowpie: seat 0 gets these seven cards (two down, four up, one down, in that
    order); everyone checks or calls to the split, where seat 0 chooses first."""
    other = "2c 7d 8c 9d Th Jc Qd"
    state = start("cowpie", (down_up, other), button=B, **options)
    while state.core.config.steps[state.core.step].kind != "partition":
        passive(state)
    assert state.current_player() == A
    return state


def test_cowpie_example_split_legality() -> None:
    # Down A♠ A♥ 3♣, up A♦ A♣ K♠ 6♥: two A♠ A♥ with five A♦ A♣ K♠ 6♥ 3♣ is legal (the pairs
    # tie and the five has more cards).
    state = cowpie_at_split("As Ah Ad Ac Ks 6h 3c")
    assert partition_action(state, "As Ah") in state.legal_actions()
    # the five must outrank the two: K♠ 6♥ would leave the five A A A 3 (trips) - legal;
    # the two may never beat the five
    assert partition_action(state, "Ks 6h") in state.legal_actions()


def test_cowpie_example_with_nine_of_clubs() -> None:
    # With 9♣ instead of A♣, A-A cannot go in the two (the five would be ace-high); A♠ K♠ in
    # the two and A♥ A♦ 9♣ 6♥ 3♣ in the five is legal.
    state = cowpie_at_split("As Ah Ad 9c Ks 6h 3c")
    legal = state.legal_actions()
    assert partition_action(state, "As Ah") not in legal
    assert partition_action(state, "As Ks") in legal
    before = (state.history(), state.observation(A))
    try:
        state.apply_action(partition_action(state, "As Ah"))
    except games.base.IllegalActionError:  # type: ignore[attr-defined]
        pass
    else:
        raise AssertionError("an illegal split was taken")
    assert (state.history(), state.observation(A)) == before


def test_cowpie_down_card_options() -> None:
    # C3: the five needs a down card; with cowpie_down=both the two needs one too.
    state = cowpie_at_split("As Ah Ad Ac Ks 6h 3c")
    up_pair = partition_action(state, "Ad Ac")  # both up cards in the two: legal by default
    assert up_pair in state.legal_actions()
    state = cowpie_at_split("As Ah Ad Ac Ks 6h 3c", cowpie_down="both")
    assert up_pair not in state.legal_actions()
    assert partition_action(state, "As Ah") in state.legal_actions()


def test_cowpie_split_reveals_which_up_cards_lie_in_each_hand() -> None:
    state = cowpie_at_split("As Ah Ad Ac Ks 6h 3c")
    state.apply_action(partition_action(state, "As Ah"))
    seen = state.observation(B)
    # nothing of A's split is shown before B has split too: A still holds seven cards
    assert seen.slots[A][2] == () and len(seen.slots[A][0]) == 7
    state.apply_action(state.legal_actions()[0])
    seen = state.observation(B)
    five, two = seen.slots[A][1], seen.slots[A][2]
    assert two == (None, None)
    assert sorted(c for c in five if c is not None) == sorted(parse("Ad Ac Ks 6h")) and five.count(None) == 1


DOUBLE_DRAW = ("5s 4d 3c 2h As", "Qh Qc 7d 7s Kc", "7h 6c 4s 3d 2c")


def test_double_draw_example_a_scoops() -> None:
    # A's straight beats two pair and A's low beats 7-6-4-3-2: A scoops.
    state = start("double-draw-high-low", DOUBLE_DRAW, button=C)
    while not state.is_terminal():
        passive(state)
        if not state.is_terminal():
            state.apply_action(act.DISCARD)  # everyone stands pat
    (pot,) = state.core.settled
    assert pot.awards == (("high", (A,)), ("low", (A,)))
    assert state.returns() == [2.0, -1.0, -1.0]


QUARTERED = ("5s 4h 3d 2c Ac", "Ks Js 9s 7s 6s", "5h 4s 3c 2d Ad")


def quartered(**options: object) -> list[float]:
    """T11's example: a layer of 30 (ten each: an ante of 4 and three rounds of 2); B alone has
    the best high (a flush), A (5-4-3-2-A♣) and C (5-4-3-2-A♦) tie for the ace-to-five low."""
    state = start("double-draw-high-low", QUARTERED, button=A, ante=4, small_bet=2, big_bet=2, **options)
    while not state.is_terminal():
        bet_each_round(state)
        stand_pat(state)
    (pot,) = state.core.settled
    assert pot.amount == 30 and pot.awards[0] == ("high", (B,))
    return state.returns()


def test_t11_quartering_example_odd_chip_by_cards() -> None:
    # B gets 15, A and C 7 each, and the odd chip goes to A: A♣ is below A♦.
    assert quartered() == [8 - 10, 15 - 10, 7 - 10]


def test_t11_quartering_odd_chip_by_seat() -> None:
    # by seat: the first tied player left of the button (A deals: B, then C, then A): C
    assert quartered(odd_chip="seat") == [7 - 10, 15 - 10, 8 - 10]


def test_t11_suit_order_option_changes_the_odd_chip() -> None:
    # Germany ranks ♣ > ♠ > ♥ > ♦: ♦ is the lowest suit, so C's A♦ is the lowest card: C gets it.
    assert quartered(suit_order="germany") == [7 - 10, 15 - 10, 8 - 10]


def test_stud_lowest_up_card_brings_in_and_best_up_cards_open_later() -> None:
    # up cards: A 9♠, B 2♦, C 2♣: the deuces tie by rank, the lower suit (♣) brings in: C.
    hands = ("Ah Kh 9s 3s Qd Jc 5c", "Ad Kd 2d Qs Qh Tc 5d", "Ac Kc 2c 4c 7d 8d 5h")
    state = start("seven-card-stud", hands, button=A)
    assert state.current_player() == C
    assert state.legal_actions() == [act.RAISE, act.BRING_IN]
    state.apply_action(act.BRING_IN)
    one_round(state)
    # fourth street: A 9♠ 3♠, B 2♦ Q♠, C 2♣ 4♣: B's queen-high is best: B opens
    assert state.current_player() == B
    one_round(state)
    # fifth street: B 2♦ Q♠ Q♥ shows a pair: B again; A's 9 3 Q and C's 2 4 7 trail
    assert state.current_player() == B


def test_uncontested_deal_ends_at_once_without_showing() -> None:
    state = start("five-card-draw", ("As Ks Qs Js Ts", "2c 7d 9h 4s 3c"), button=B)
    state.apply_action(act.RAISE)  # A bets
    state.apply_action(act.FOLD)  # B folds
    assert state.is_terminal() and not state.core.shown
    assert state.returns() == [1.0, -1.0]  # A's bet comes back (T10): A wins B's ante
    assert all(card is None for card in state.observation(B).slots[A][0])


def test_open_draw_discards_are_shown_only_after_the_last_draw() -> None:
    state = start("open-draw", ("As Ks Qs 2h 3d", "9c 9d 4h 5s 6c"), button=B)
    passive(state)
    state.apply_action(act.DISCARD + 0b00011)  # A's two lowest cards: 2♥ 3♦
    state.apply_action(parse("Jh")[0])
    state.apply_action(parse("Th")[0])
    seen = state.observation(B)
    assert seen.discarded[A] == () and seen.phase.drawn[A] == 0 and seen.drawn_counts[A] == 2
    state.apply_action(act.DISCARD)  # B stands pat: the draw is over
    for viewer in (B, None):
        assert set(state.observation(viewer).discarded[A]) == set(parse("2h 3d"))


def test_reshuffle_leaves_out_the_drawers_own_discards() -> None:
    # Seven players draw five each: 35 dealt, 17 in the stock; after three draws two are left,
    # and the fourth drawer's third card comes from the pile of the first three's discards.
    game = games.load("five-card-draw", players=7, first_dealer=0)
    state = game.new_initial_state(seed=3)
    passive(state)
    first_three = 0
    for _ in range(3):
        seat = state.current_player()
        held = state.core.slots[seat][0]
        first_three |= mask_of(held)
        state.apply_action(act.DISCARD + 0b11111)
    assert state.core.stock.bit_count() == 2
    fourth = state.current_player()
    fourth_cards = mask_of(state.core.slots[fourth][0])
    loaded = games.load("five-card-draw", players=7, first_dealer=0)
    replay = loaded.new_initial_state()
    for action in state.history():
        replay.apply_action(action)
    replay.apply_action(act.DISCARD + 0b11111)
    replay.apply_action(replay.chance_outcomes()[0][0])
    replay.apply_action(replay.chance_outcomes()[0][0])
    outcomes = mask_of(card for card, _ in replay.chance_outcomes())
    assert outcomes == first_three and not outcomes & fourth_cards


def test_henway_one_player_takes_both_halves_with_two_hands() -> None:
    # H2: A's straight flush is the highest hand and A's 7-5-4-3-2 the lowest: A takes both.
    hands = ("Ks Qs Js Ts 9s 7d 5c 4h 3s 2d", "Ac Ad Ah Kd Kh 8h 6c 5d 3c 2c")
    state = start("henway", hands, button=B)
    arrange(state, "Ks Qs Js Ts 9s", "7d 5c 4h 3s 2d")
    arrange(state, "Ac Ad Ah Kd Kh", "8h 6c 5d 3c 2c")
    while not state.is_terminal():
        passive(state)
    (pot,) = state.core.settled
    assert pot.awards == (("high", (A,)), ("low", (A,)))
    assert state.returns() == [1.0, -1.0]


def test_eight_or_better_low_nobody_qualifies_high_takes_all() -> None:
    # DD1 option a5-8: no hand is eight or better (T-8-6-4-3 is the lowest), so the low award
    # has no winner and its share passes to high: A's two pair scoops the three antes.
    hands = ("Qh Qc 7d 7s Kc", "9h 9c 5d 4s 2c", "Ts 8d 6h 4c 3h")
    state = start("double-draw-high-low", hands, button=C, low="a5-8")
    while not state.is_terminal():
        passive(state)
        stand_pat(state)
    (pot,) = state.core.settled
    assert pot.awards == (("high", (A,)), ("low", ()))
    assert state.returns() == [2.0, -1.0, -1.0]


def test_cowpie_odd_chip_goes_to_the_five_card_half() -> None:
    # Three players, button C. Up cards K♠, 9♠, 2♣: C brings in for 1, A calls, B folds: the
    # pot is 3 antes + 2 = 5. A's five (aces full) is the best five, C's J-J the best two: the
    # five-card half comes first for the odd chip (C5): A 3, C 2.
    cards = "As 5s 4d Ah 6s 4h Ks 9s 2c Ad 4s Kh 9h Qd Jd 3c Jc"
    state = games.load("cowpie", players=3, first_dealer=C).new_initial_state(chance=list(parse(cards)))
    assert state.current_player() == C
    state.apply_action(act.BRING_IN)
    state.apply_action(act.CALL)  # A calls the bring-in
    state.apply_action(act.FOLD)  # B folds
    passive(state)
    state.apply_action(partition_action(state, "Qd 3c"))  # A: five A A A K K, two Q 3
    state.apply_action(partition_action(state, "Jd Jc"))  # C: five 4 4 4 9 2, two J J
    passive(state)
    (pot,) = state.core.settled
    assert pot.amount == 5 and pot.awards == (("five", (A,)), ("two", (C,)))
    assert state.returns() == [3 - 2, -1, 2 - 2]


def test_blinds_are_posted_left_of_the_button_and_the_round_starts_left_of_the_big_blind() -> None:
    # T3: three players, A deals: B posts half a small bet (1), C a small bet (2), antes stay;
    # the first round starts with A, facing the big blind.
    hands = ("As Ks Qs Js Ts", "2c 7d 9h 4s 3c", "5h 5d 8c 8s Kd")
    state = start("five-card-draw", hands, button=A, blinds="on")
    table = state.core.table
    assert table.bets == (0, 1, 2) and table.contributed == (1, 2, 3)
    assert state.current_player() == A
    assert state.legal_actions() == [act.FOLD, act.CALL, act.RAISE]
    # heads-up the button posts the smaller blind and acts first
    state = start("five-card-draw", hands[:2], button=A, blinds="on")
    assert state.core.table.bets == (1, 2) and state.current_player() == A


def test_antes_that_take_every_chip_leave_no_betting_but_the_draw_and_showdown_happen() -> None:
    # T7, T8: a stack of one chip and an ante of one: everyone is all in before the deal, so
    # every betting round is skipped; all-in players still draw; the best hand takes the 3.
    hands = ("As Ks Qs Js Ts", "2c 7d 9h 4s 3c", "5h 5d 8c 8s Kd")
    state = start("five-card-draw", hands, button=C, stack=1)
    assert state.core.config.steps[state.core.step].kind == "draw" and state.current_player() == A
    stand_pat(state)
    assert state.is_terminal() and state.returns() == [2.0, -1.0, -1.0]


def test_a_legal_cowpie_split_always_exists_under_either_option() -> None:
    # C3 says so; a seat without a legal split would have no action. Random sevens (three down,
    # four up) under both options, and the worst case for the five: four up cards that pair
    import random
    from itertools import combinations

    from divided.games.poker.cards import mask_of
    from divided.games.poker.steps import Partition
    from divided.games.poker.steps.partition import is_legal_split

    rng = random.Random(5)
    deals = [rng.sample(range(52), 7) for _ in range(500)]
    deals.append(list(parse("2c 3d 4h As Ah Ks Kh")))  # down 2 3 4, up A A K K
    for down_in in (("five",), ("five", "two")):
        step = Partition(into=("five", "two"), outranks=True, down_in=down_in)
        for cards in deals:
            up = mask_of(cards[3:])
            assert any(is_legal_split(step, [c for c in cards if c not in two], list(two), up)
                       for two in combinations(cards, 2)), cards
