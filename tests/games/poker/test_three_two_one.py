"""3-2-1 (poker-games.md, TR1-TR5) played to the showdown on hand-fixed deals."""

from __future__ import annotations

import pytest
from fixed_deals import Table

from divided.errors import IllegalActionError, RuleOptionError
from divided.games.poker import actions as act
from divided.games.poker.cards import parse

A, B, C, D = 0, 1, 2, 3
HANDS = {A: "Ah As Ad Ac Kd Kc", B: "Ks Kh 2c 3c 4d 6h", C: "8s 8c Qc 2d 3h 5c", D: "Qs Qh Qd Js Jd Ts"}


def example(**options: object) -> Table:
    """The example: four players, D deals; A and D fold; the trash is 9♠ (dealt), B's 9♦, C's Q♣,
    then 4♥ 2♠ from the stock; B has kings and sevens, C a pair of eights; the pot is 40."""
    table = Table("three-two-one", 4, D, ante=4, small_bet=4, big_bet=8, **options)
    table.give(HANDS, trash="9s")
    table.act(act.CALL, act.RAISE, act.CALL, act.FOLD, act.FOLD)  # A checks, B bets 4, C calls, D and A fold
    table.discard("2c 3c 4d").give({B: "7c 7d 5h"}).discard("2d 3h 5c").give({C: "6d 4c Td"})
    table.act(act.CALL, act.CALL)  # change three done; S round checked
    table.discard("5h 6h").give({B: "9d 8h"}).discard("6d 4c").give({C: "Jc 3d"})
    table.act(act.RAISE, act.CALL)  # B bets 8, C calls: 16 + 8 + 16 = 40
    table.discard("8h").give({B: "Jh"}).discard("3d").give({C: "7s"})
    table.act(act.CALL, act.CALL)
    table.discard("9d").discard("Qc").give({}, trash="4h 2s")  # each adds a card; filled to five
    return table


def test_example_the_pair_of_eights_fails_the_trash_and_antes_half_the_pot() -> None:
    table = example()
    state = table.state
    assert state.match is not None and state.match.deal == 2 and not state.over
    previous = state.match.previous
    award = next(e for e in previous if e.kind == "award")
    assert award.winners == (B,) and award.amount == 40
    assert state.match.forfeits == (0, 0, 20, 0)  # C antes 20 next deal, nobody else owes
    assert state.table.contributed == (4, 4, 20, 4)


def test_example_trash_is_turned_up_at_the_showdown() -> None:
    table = example(max_deals=1)  # the capped deal: shown, but no forfeit (TR4)
    assert table.state.over and table.state.trash == parse("9s 9d Qc 4h 2s")
    assert table.rules.observe(table.state, A).trash == parse("9s 9d Qc 4h 2s")
    assert table.returns() == [-4.0, 24.0, -16.0, -4.0]  # B and C put in 16 each


@pytest.mark.parametrize(("how", "owed"), [("ante", 8), ("off", 0)])
def test_forfeit_option_one_extra_ante_or_none(how: str, owed: int) -> None:
    state = example(trash_forfeit=how).state
    assert state.match is not None
    if owed:
        assert state.match.forfeits == (0, 0, owed, 0) and state.match.deal == 2
    else:
        assert state.over  # nothing owed: the match ended with the first deal (TR4)


def test_at_a_change_it_is_exactly_that_many_cards_or_fold() -> None:
    table = Table("three-two-one", 4, D, ante=4, small_bet=4, big_bet=8)
    table.give(HANDS, trash="9s")
    table.act(act.CALL, act.CALL, act.CALL, act.CALL)
    legal = table.rules.legal_actions(table.state)
    assert act.FOLD in legal and {(a - act.DISCARD).bit_count() for a in legal if a != act.FOLD} == {3}
    before = table.state
    for wrong in (act.DISCARD + table.mask("Ah As"), act.DISCARD, act.CALL):
        with pytest.raises(IllegalActionError):
            table.rules.apply(before, wrong)
    assert table.state is before
    table.act(act.FOLD)  # A folds at the change: it adds nothing to the trash
    assert not table.state.table.live[A]


def test_an_all_in_player_changes_too() -> None:
    table = Table("three-two-one", 3, C, ante=1, small_bet=2, big_bet=4, stacks="3/50/50")
    table.give({A: "Ah As Ad Ac Kd Kc", B: "Ks Kh 2c 3c 4d 6h", C: "8s 8c Qc 2d 3h 5c"}, trash="9s 9h")
    table.act(act.RAISE, act.CALL, act.CALL)  # A bets its last 2 chips: all-in
    assert table.state.table.stacks[A] == 0 and table.actor == A
    legal = table.rules.legal_actions(table.state)
    assert {(a - act.DISCARD).bit_count() for a in legal if a != act.FOLD} == {3}


def test_uncontested_deal_has_no_trash_test() -> None:
    table = Table("three-two-one", 3, C, ante=1)
    table.give({A: "2h 6d 4s 7c 9c Js", B: "Ks Kh 2c 3c 4d 6h", C: "8s 8c Qc 2d 3h 5c"}, trash="As Ah")
    table.act(act.RAISE, act.FOLD, act.FOLD)  # A's junk wins uncontested: it owes nothing
    assert table.state.over and table.returns() == [2.0, -1.0, -1.0]


def test_a_tie_with_the_trash_fails_the_winner_included() -> None:
    # A's pair of nines exactly ties the trash's (9♠ 9♦ Q♣ 4♥ 2♠): A wins the pot and still owes;
    # C's pair of eights fails too; B folded at the change and owes nothing
    table = Table("three-two-one", 3, C, ante=4)
    table.give({A: "3c 5d 6c 7h 8d Td", B: "Ac Ad Ah Kc Kh Jd", C: "8s 8c Ks 6s 7s Jc"}, trash="9s Qc")
    table.act(act.CALL, act.CALL, act.CALL)
    table.discard("3c 5d 6c").give({A: "9h 9c Qd"}).act(act.FOLD).discard("6s 7s Jc").give({C: "3d 5s Th"})
    table.act(act.CALL, act.CALL)
    table.discard("7h 8d").give({A: "4s 2h"}).discard("Th 3d").give({C: "3h 4h"}).act(act.CALL, act.CALL)
    table.discard("Td").give({A: "9d"}).discard("3h").give({C: "6h"}).act(act.CALL, act.CALL)
    table.discard("9d").discard("4h").give({}, trash="2s")
    state = table.state
    assert state.match is not None and state.match.deal == 2
    award = next(e for e in state.match.previous if e.kind == "award")
    assert award.winners == (A,) and award.amount == 12
    assert state.match.forfeits == (6, 0, 6)


def trash_wild_deal(wild: str, a_draws: str = "8s 8h 6s") -> Table:
    """Three players, C deals; the trash's first card 9♠ (face up with trash-wild on), then K♣; B folds
    at the first change; A ends with A♠... two pair of aces and eights and adds the 9♦, C four
    queens with the wild 9♥ (three queens plain) and adds the K♠; the stock fills with the 3♥."""
    table = Table("three-two-one", 3, C, ante=4, trash_wild=wild)
    table.give({A: "Ac Ad 2c 3c 4d 5d", B: "Jc Jd Js Jh Tc Td", C: "9h Qs 2d 2h 3d 5c"}, trash="9s Kc")
    table.act(act.CALL, act.CALL, act.CALL)
    table.discard("2c 3c 4d").give({A: a_draws}).act(act.FOLD).discard("2d 2h 3d").give({C: "Qd Qh 6c"})
    table.act(act.CALL, act.CALL)
    table.discard("5d 6s").give({A: "4c 7d"}).discard("5c 6c").give({C: "7c Ks"}).act(act.CALL, act.CALL)
    table.discard("7d").give({A: "9d"}).discard("7c").give({C: "7s"}).act(act.CALL, act.CALL)
    return table.discard("9d").discard("Ks").give({}, trash="3h")


def test_trash_wild_the_first_trash_card_is_up_and_its_rank_in_the_other_colour_is_wild_trash_included() -> None:
    # the trash 9♠ K♣ 9♦ K♠ 3♥ with the 9♦ wild is three kings: A's aces and eights fail it (they beat
    # the plain two pair kings and nines); C's wild 9♥ makes four queens and wins
    table = Table("three-two-one", 3, C, ante=4, trash_wild="on")
    table.give({A: "Ac Ad 2c 3c 4d 5d", B: "Jc Jd Js Jh Tc Td", C: "9h Qs 2d 2h 3d 5c"}, trash="9s Kc")
    assert table.rules.observe(table.state, B).trash == (parse("9s")[0], None)  # the first card face up
    state = trash_wild_deal("on").state
    assert state.match is not None and state.match.deal == 2
    award = next(e for e in state.match.previous if e.kind == "award")
    assert award.winners == (C,) and award.amount == 12
    assert state.match.forfeits == (6, 0, 0)
    state = trash_wild_deal("off").state  # nothing wild: A's two pair beat the trash's, nobody owes
    assert state.over


def test_trash_wild_a_hand_above_the_wild_trash_passes() -> None:
    # A draws the A♥ instead of the 8♥: three aces beat the trash's three kings (wild 9♦), so nobody owes
    state = trash_wild_deal("on", a_draws="8s Ah 6s").state
    assert state.over and state.match is not None and state.match.deal == 1


def test_trash_wild_is_offered_at_three_or_four_players_only() -> None:
    with pytest.raises(RuleOptionError, match="trash_wild=on is offered at 3 to 4 players, but the table has 5"):
        Table("three-two-one", 5, 0, trash_wild="on")
