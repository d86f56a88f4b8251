"""Assassin (poker-games.md, AS1-AS5) played to the showdown on hand-fixed deals."""

from __future__ import annotations

from fixed_deals import Table

from divided.games.poker import actions as act
from divided.games.poker.cards import parse

A, B, C = 0, 1, 2


def heads_up(a: str, b: str, **options: object) -> Table:
    """A and B are dealt ``a`` and ``b``, check the first round (B deals)."""
    table = Table("assassin", 2, B, ante=1, **options)
    return table.give({A: a, B: b}).act(act.CALL, act.CALL)


def test_example_the_flush_holding_a_two_loses_to_the_eights() -> None:
    table = heads_up("8c 8d Ks 6h 3c", "Ah Jh 9h 5h 2h").discard().discard().act(act.CALL, act.CALL)
    assert table.state.over and table.returns() == [1.0, -1.0]


def test_example_with_both_assassinated_the_pot_carries() -> None:
    table = heads_up("8c 8d Ks 6h 2c", "Ah Jh 9h 5h 2h").discard().discard().act(act.CALL, act.CALL)
    state = table.state
    assert not state.over and state.match is not None
    assert (state.match.deal, state.match.carried) == (2, 2)
    # deal 2 (A deals now): B's plain pair beats A's kings holding a two, taking the carried 2 and the antes
    table.give({B: "Qs Qh 7c 4d 3s", A: "Kc Kd Kh 2d 9s"}).act(act.CALL, act.CALL).discard().discard()
    table.act(act.CALL, act.CALL)
    assert table.state.over and table.returns() == [-2.0, 2.0]


def test_six_cards_after_showing_twos_the_best_five_play_and_a_two_anywhere_kills() -> None:
    # A discards 2c 3d showing the two: three cards back (six in all); its six hold no two and its
    # best five are a flush; B's straight loses
    table = heads_up("2c 3d Ah Kh Qh", "4s 5d 6c 7h 8s")
    assert act.SHOW + table.mask("2c 3d") in table.rules.legal_actions(table.state)
    assert act.SHOW + table.mask("3d") not in table.rules.legal_actions(table.state)  # only twos are shown
    table.show("2c 3d").give({A: "9h 4h Tc"})
    assert sorted(table.state.slots[A][0]) == sorted(parse("Ah Kh Qh 9h 4h Tc"))
    assert table.rules.observe(table.state, B).slots[A][0].count(parse("2c")[0]) == 0  # discarded, shown apart
    table.discard().act(act.CALL, act.CALL)
    assert table.state.over and table.returns() == [1.0, -1.0]
    # the same draw, but the extra card is a two: A's six cards hold it and A is assassinated
    table = heads_up("2c 3d Ah Kh Qh", "4s 5d 6c 7h 8s").show("2c 3d").give({A: "9h 4h 2s"})
    table.discard().act(act.CALL, act.CALL)
    assert table.state.over and table.returns() == [-1.0, 1.0]


def test_showing_is_optional_and_hiding_the_two_gives_no_extra_card() -> None:
    table = heads_up("2c 3d Ah Kh Qh", "4s 5d 6c 7h 8s").discard("2c 3d").give({A: "9h 4h"})
    assert len(table.state.slots[A][0]) == 5 and not table.state.up >> parse("2c")[0] & 1


def test_a_player_holding_a_two_may_bet_and_wins_unseen_when_all_fold() -> None:
    table = heads_up("2c 2d 2h Kh Qh", "As Ad 6c 7h 8s").discard().discard()
    table.act(act.RAISE, act.FOLD)  # A bets holding three twos; B folds
    assert table.state.over and table.returns() == [1.0, -1.0]


def test_capped_deal_goes_to_the_best_assassinated_hand_twos_as_ordinary_cards() -> None:
    table = heads_up("8c 8d Ks 6h 2c", "Ah Jh 9h 5h 2h", max_deals=1).discard().discard().act(act.CALL, act.CALL)
    assert table.state.over and table.returns() == [-1.0, 1.0]  # B's flush, the two an ordinary card


def test_jokers_act_exactly_as_twos() -> None:
    table = heads_up("8c 8d Ks 6h Jk1", "Ah Jh 9h 5h 3h", jokers=2)
    assert act.SHOW + table.mask("Jk1") in table.rules.legal_actions(table.state)  # shown like a two
    table.discard().discard().act(act.CALL, act.CALL)
    assert table.state.over and table.returns() == [-1.0, 1.0]  # the joker assassinates A's eights
    table = heads_up("8c 8d Ks 6h 3c", "Ah Jh 9h 5h Jk2", jokers=2).discard().discard().act(act.CALL, act.CALL)
    assert table.returns() == [1.0, -1.0]
