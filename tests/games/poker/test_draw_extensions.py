"""The draw step's extensions for the draw games other helpers define, each on a small test
variant made here (poker-games.md): change or fold (3-2-1 TR1), paid draws (Fives FV3, Auction
Flop), simultaneous discards not replaced (Auction Flop), kept faces (Mississippi), a locked
card (Buck Thirty-Five), a bonus for a kept ace (Crazy 4 of Spades CF2), shown twos for one more
card (Assassin AS2, with jokers AS5) and the dealer drawing first (Bounce Back)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from divided.errors import IllegalActionError
from divided.games.base import Game, RuleOption
from divided.games.poker import actions as act
from divided.games.poker.cards import parse
from divided.games.poker.rules import PokerRules
from divided.games.poker.steps import Bet, Deal, Draw, Showdown
from divided.games.poker.variant import Award, Slot, Step, Variant

A, B, C = 0, 1, 2


def variant(steps: tuple[Step, ...], slots: tuple[Slot, ...] = (Slot("hand", 5),), **fields: Any) -> Variant:
    return Variant(id="test-draw", name="Test draw", summary="A test.", players=(2, 7), slots=slots,
                   steps=(*steps, Showdown()), awards=(Award("high", ("hand",)),), blinds=False, **fields)


def start(made: Variant, hands: tuple[str, ...], button: int = C, **options: object):  # type: ignore[no-untyped-def]
    """A deal of ``made`` with these cards (each seat's in the order it receives them) up to the
    first deal to the trash or the first draw."""
    cards = [list(parse(text)) for text in hands]
    players = len(hands)
    order = [(button + k) % players for k in range(1, players + 1)]
    chance = [cards[seat].pop(0) for step in made.steps if isinstance(step, Deal) and step.slot != "trash"
              for _ in step.pattern for seat in order]
    game = Game(PokerRules(made), {"players": players, "first_dealer": button, **options})
    return game.new_initial_state(chance=chance)


def mask(state, cards: str, slot: int = 0) -> int:  # type: ignore[no-untyped-def]
    hand = sorted(state.core.slots[state.current_player()][slot])
    return sum(1 << hand.index(card) for card in parse(cards))


def deal(state, cards: str) -> None:  # type: ignore[no-untyped-def]
    for card in parse(cards):
        assert state.is_chance_node()
        state.apply_action(card)


def refused(state, action: int) -> None:  # type: ignore[no-untyped-def]
    before = state.core
    with pytest.raises(IllegalActionError):
        state.apply_action(action)
    assert state.core is before


SIX = (Slot("hand", 6),)
THREE_HANDS = ("As Ks Qs Js 9s 7h", "2c 3d 4h 6s 8c Tc", "2s 3s 4s 5h 8h Th")


def test_change_or_fold_exactly_three_or_fold_and_all_in_players_change_too() -> None:
    # 3-2-1 TR1: exactly three cards or fold; A is all in after its ante and still changes
    made = variant((Deal(("down",) * 6), Draw(least=3, most=3, or_fold=True)), SIX)
    state = start(made, THREE_HANDS, stacks="1/20/20")
    assert state.core.table.stacks[A] == 0
    legal = state.legal_actions()
    assert legal[0] == act.FOLD and len(legal) == 1 + 20  # fold, or one of C(6, 3) = 20 changes
    assert all((a - act.DISCARD).bit_count() == 3 for a in legal[1:])
    refused(state, act.DISCARD + 0b11)  # two cards
    refused(state, act.DISCARD)  # standing pat
    state.apply_action(act.DISCARD + mask(state, "Js 9s 7h"))
    deal(state, "Ts Ah Ad")
    state.apply_action(act.FOLD)  # B folds at the change
    assert not state.core.table.live[B] and state.core.events[-1].kind == "fold"
    assert state.current_player() == C
    state.apply_action(act.FOLD)  # C folds too: A takes the pot uncontested (T12)
    assert state.is_terminal() and state.returns() == [2.0, -1.0, -1.0]


def test_a_fee_a_card_set_by_an_option_offers_only_what_the_seat_can_pay() -> None:
    # Fives FV3: each card costs the option's fee (default the ante); a player draws no more than
    # it can pay for; fees are contributions (T9)
    cost = RuleOption("draw_cost", ("ante", "3"), "chips a card drawn costs: the ante or 3")
    made = variant((Deal(("down",) * 5), Draw(fees=(0, 1, 2, 3, 4, 5), fee_unit="draw_cost")), options=(cost,))
    hands = ("As Ks Qs Js 9s", "2c 3d 4h 6s 8c")
    state = start(made, hands, button=B, ante=2, stacks="7/30")  # A has 5 after its ante: two cards
    assert {(a - act.DISCARD).bit_count() for a in state.legal_actions()} == {0, 1, 2}
    state.apply_action(act.DISCARD + mask(state, "Js 9s"))
    assert state.core.table.stacks == (1, 28) and state.core.table.contributed == (6, 2)
    deal(state, "Ts Ah")
    assert {(a - act.DISCARD).bit_count() for a in state.legal_actions()} == {0, 1, 2, 3, 4, 5}
    state = start(made, hands, button=B, ante=2, stacks="7/30", draw_cost="3")
    assert {(a - act.DISCARD).bit_count() for a in state.legal_actions()} == {0, 1}  # 5 chips: one card at 3


def test_simultaneous_paid_discards_not_replaced_stay_hidden_and_only_counts_show() -> None:
    # Auction Flop: everyone discards 0-5 face down at once, not replaced, paying 0 1 3 6 10 15
    made = variant((Deal(("down",) * 5), Draw(fees=(0, 1, 3, 6, 10, 15), replace="never", at_once=True),
                    Bet("big")))
    state = start(made, ("As Ks Qs Js 9s", "2c 3d 4h 6s 8c", "2s 3s 4s 5h 8h"), stacks="5/30/30")
    assert {(a - act.DISCARD).bit_count() for a in state.legal_actions()} == {0, 1, 2}  # 4 chips: at most 3
    state.apply_action(act.DISCARD + mask(state, "Js 9s"))
    assert state.core.slots[A][0] == parse("As Ks Qs Js 9s")  # nothing applied yet (T15)
    assert state.observation(B).phase.commits[A] == ()
    state.apply_action(act.DISCARD + mask(state, "2c 3d 4h 6s 8c"))
    state.apply_action(act.DISCARD)
    core = state.core
    assert not state.is_chance_node() and core.config.steps[core.step].kind == "bet"
    assert [len(held[0]) for held in core.slots] == [3, 0, 5]
    assert core.table.contributed == (1 + 3, 1 + 15, 1)
    assert core.up == 0 and state.observation(C).discarded[A] == (None, None)
    assert state.observation(A).discarded[A] == parse("9s Js")
    assert [(e.seat, e.kind, e.amount) for e in core.events if e.kind in ("pay", "discard")] == [
        (A, "pay", 3), (A, "discard", 2), (B, "pay", 15), (B, "discard", 5), (C, "discard", 0)]


def test_a_replacement_keeps_the_face_of_the_card_it_replaces() -> None:
    # Mississippi: replace the down card -> a new down card, the up card -> a new up card
    made = variant((Deal(("down", "up")), Draw(most=2, keep_face=True), Bet("big")), (Slot("hand", 2),))
    state = start(made, ("As Kd", "2c 7h"), button=B)
    state.apply_action(act.DISCARD + mask(state, "Kd"))  # A's up card
    deal(state, "Qh")
    qh = parse("Qh")[0]
    assert state.core.up >> qh & 1 and state.observation(B).slots[A][0][-1] == qh
    state.apply_action(act.DISCARD + mask(state, "2c 7h"))  # B's down and up cards
    deal(state, "3s 4s")
    three, four = parse("3s 4s")
    assert not state.core.up >> three & 1 and state.core.up >> four & 1
    assert state.observation(A).slots[B][0] == (None, four)


def test_a_slot_the_draw_does_not_name_is_never_exchanged() -> None:
    # Buck Thirty-Five: the buck is kept apart and never exchanged
    made = Variant(id="test-buck", name="Test buck", summary="A test.", players=(2, 7),
                   slots=(Slot("hand", 4), Slot("buck", 1)),
                   steps=(Deal(("down",) * 4), Deal(("down",), slot="buck"), Draw(most=3), Showdown()),
                   awards=(Award("high", ("hand",)),), blinds=False)
    state = start(made, ("As Ks Qs Js 7d", "2c 3d 4h 6s 9h"), button=B)
    legal = state.legal_actions()
    assert len(legal) == 1 + 4 + 6 + 4 and max(legal) < act.DISCARD + 16  # masks over the four cards only
    state.apply_action(act.DISCARD + 0b0111)
    deal(state, "2s 3s 4s")
    assert state.core.slots[A][1] == parse("7d")


def test_four_cards_only_for_a_player_keeping_an_ace_which_is_then_shown() -> None:
    # Crazy 4 of Spades CF2: draw 0-3, or 4 keeping an ace, shown to all
    made = variant((Deal(("down",) * 5), Draw(most=3, bonus_rank=14, bonus_most=4)))
    state = start(made, ("Ah Ks Qs 7d 2c", "2d 3d 4h 6s 9h"), button=B)
    fours = [a for a in state.legal_actions() if (a - act.DISCARD).bit_count() == 4]
    assert fours == [act.DISCARD + mask(state, "Ks Qs 7d 2c")]
    state.apply_action(fours[0])
    ace = parse("Ah")[0]
    assert state.core.up >> ace & 1 and state.core.events[-1].kind == "expose"
    assert state.observation(B).slots[A][0] == (ace,)
    deal(state, "3s 4s 5s 6d")
    assert max((a - act.DISCARD).bit_count() for a in state.legal_actions()) == 3  # B has no ace


def test_discarded_twos_may_be_shown_for_exactly_one_extra_card_jokers_count_as_twos() -> None:
    # Assassin AS2 / AS5: only discarded twos can be shown; showing gives one extra card (six)
    made = variant((Deal(("down",) * 5), Draw(show_rank=2)), SIX, deck="jokers")
    state = start(made, ("2c Jk1 9h Ks Kd", "3d 4h 6s 8c Tc"), button=B)
    shows = {a - act.SHOW for a in state.legal_actions() if a >= act.SHOW}
    hand = sorted(state.core.slots[A][0])
    twos = {i for i, card in enumerate(hand) if card in parse("2c Jk1")}
    assert shows == {m for m in range(32) if any(m >> i & 1 for i in twos)}
    state.apply_action(act.SHOW + mask(state, "2c Jk1 9h"))
    deal(state, "Kh Kc 5d 5h")  # three replacements and the extra card
    core = state.core
    assert sorted(core.slots[A][0]) == sorted(parse("Ks Kd Kh Kc 5d 5h"))
    shown = parse("2c Jk1")
    assert all(core.up >> c & 1 for c in shown) and not core.up >> parse("9h")[0] & 1
    assert state.observation(B).phase.drawn[A] == sum(1 << c for c in shown)  # the 9h stays hidden
    assert state.observation(B).drawn_counts[A] == 3
    assert not [a for a in state.legal_actions() if a >= act.SHOW]  # B has no two to show


def test_face_up_discards_are_shown_as_they_are_made() -> None:
    made = variant((Deal(("down",) * 5), Draw(face="up")))
    state = start(made, ("As Ks Qs Js 9s", "2c 3d 4h 6s 8c"), button=B)
    state.apply_action(act.DISCARD + mask(state, "9s"))
    assert state.observation(B).phase.drawn[A] == 1 << parse("9s")[0]


def test_the_dealer_draws_first_when_the_draw_says_so() -> None:
    made = variant((Deal(("down",) * 5), Draw(first="dealer")))
    state = start(made, ("As Ks Qs Js 9s", "2c 3d 4h 6s 8c", "2s 3s 4s 5h 8h"), button=B)
    order = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            order.append(state.current_player())
            state.apply_action(act.DISCARD + 1)
    assert order == [B, C, A]


def trash_variant() -> Variant:
    """3-2-1's trash: 5 - players cards face down to it at the deal; one change; each player still
    in adds a card face down; filled to five from the stock; a betting round; the showdown."""
    return variant((Deal(("down",) * 6), Deal(("down",) * 5, slot="trash", minus_players=True),
                    Draw(least=3, most=3, or_fold=True),
                    Draw(least=1, most=1, replace="never", to="trash"), Deal(("down",) * 5, slot="trash"),
                    Bet("big")), SIX)


def test_the_trash_gets_five_less_players_then_one_card_a_player_and_is_filled_to_five() -> None:
    made = trash_variant()
    state = start(made, THREE_HANDS, button=C)
    deal(state, "Kh Kd")  # 5 - 3 players: two cards face down to the trash
    assert state.core.trash == parse("Kh Kd") and state.core.trash_from == (-1, -1)
    assert all(state.observation(v).trash == (None, None) for v in (None, A, B, C))
    state.apply_action(act.DISCARD + mask(state, "Js 9s 7h"))
    deal(state, "Ts Ah Ad")
    state.apply_action(act.FOLD)  # B folds: it adds nothing
    state.apply_action(act.DISCARD + mask(state, "2s 3s 4s"))
    deal(state, "5s 6h 7s")
    state.apply_action(act.DISCARD + mask(state, "Ah"))  # A adds the A♥
    state.apply_action(act.DISCARD + mask(state, "Th"))  # C adds the T♥
    core = state.core
    assert core.trash == parse("Kh Kd Ah Th") and core.trash_from == (-1, -1, A, C)
    assert state.observation(A).trash == (None, None, parse("Ah")[0], None)
    assert state.observation(C).trash == (None, None, None, parse("Th")[0])
    assert state.observation(B).trash == (None,) * 4
    deal(state, "9c")  # filled to five from the stock
    assert state.core.trash == parse("Kh Kd Ah Th 9c")
    assert [len(held[0]) for held in state.core.slots] == [5, 0, 5]
    state.apply_action(act.CALL)
    state.apply_action(act.CALL)
    assert state.is_terminal() and state.observation(B).trash == parse("Kh Kd Ah Th 9c")  # shown (T17)


def test_the_trash_stays_hidden_after_an_uncontested_deal_and_no_card_of_it_leaks() -> None:
    made = trash_variant()
    state = start(made, THREE_HANDS, button=C)
    deal(state, "Kh Kd")
    state.apply_action(act.FOLD)
    state.apply_action(act.FOLD)
    assert state.is_terminal() and state.observation(A).trash == (None, None)
    from no_leak import Sight, check_view

    for seed in range(6):  # random deals: views place by place against the checker's own sight
        rng = random.Random(seed)
        state = Game(PokerRules(made), {"players": rng.randint(2, 5)}).new_initial_state()
        sight = Sight(state.core.config.players)
        while True:
            for viewer in (None, *range(state.core.players)):
                check_view(state, sight, viewer)
            if state.is_terminal():
                break
            chance = state.is_chance_node()
            legal = [a for a, _ in state.chance_outcomes()] if chance else state.legal_actions()
            action = rng.choice([a for a in legal if a != act.FOLD] or legal) if not chance else rng.choice(legal)
            before = state.core
            state.apply_action(action)
            sight.advance(before, action, state.core, chance=chance)
        assert len(state.core.trash) == 5 or not state.core.shown
