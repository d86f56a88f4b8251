"""The issue-30 draw games' skeletons against pokerkit 0.7: a hundred random hands of each game
and structure compared after every step (see ``pokerkit_draw_games``), and the pieces the
driver writes for pokerkit (the streets read from our steps, Mississippi's two-card hand types)
checked by hand against the rules."""

from __future__ import annotations

import pytest
from pokerkit import Automation, BettingStructure, Deck, Mode, Opening, State, Street
from pokerkit_draw_games import MississippiHigh, MississippiLow, allowed_discards, configs, run, streets_of
from pokerkit_games import GameConfig

from divided.games.poker.steps import Bet, Deal, Draw, Showdown

HANDS = 100
SHOWN = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
         Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
         Automation.CHIPS_PULLING)


@pytest.mark.parametrize("config", [config for config, _ in configs()], ids=lambda config: config.name)
def test_random_hands_of_each_draw_game_agree_with_pokerkit(config: GameConfig) -> None:
    tally = run(config, HANDS, seed=7)
    assert tally.hands == HANDS
    # Real work: many decisions, most hands reach a showdown whose pots were compared.
    assert tally.steps > 5 * HANDS
    assert tally.showdowns > HANDS // 2


def test_the_issue_asks_for_these_games() -> None:
    names = {config.game for config, _ in configs()}
    assert {"freak-of-nature", "uncle-bobs-left-nut"} <= names


def test_streets_are_read_from_our_steps() -> None:
    # 3-2-1's shape: six down and the trash (left out), S; three changes S B B; the discard to
    # the trash after the last betting round is a last draw street (its betting checked through).
    steps = (Deal(("down",) * 6), Deal(("down",) * 5, slot="trash", minus_players=True), Bet("small"),
             Draw(least=3, most=3), Bet("small"), Draw(least=2, most=2), Bet("big"), Draw(least=1, most=1),
             Bet("big"), Draw(least=1, most=1, replace="never", to="trash"), Deal(("down",) * 5, slot="trash"),
             Showdown())
    streets = streets_of(steps, "fixed", 2, 4)
    assert [(s.hole_dealing_statuses, s.draw_status, s.min_completion_betting_or_raising_amount)
            for s in streets] == [((False,) * 6, False, 2), ((), True, 2), ((), True, 4), ((), True, 4),
                                  ((), True, 4)]
    assert all(s.max_completion_betting_or_raising_count == 4 and s.opening is Opening.POSITION for s in streets)
    assert len({id(street) for street in streets}) == len(streets)
    # Buck Thirty-Five's shape: three, one, the buck, each followed by betting; the exchange.
    buck = (Deal(("down",) * 3), Bet("small"), Deal(("down",)), Bet("small"), Deal(("down",), slot="buck"),
            Bet("big"), Draw(most=3), Bet("big"), Showdown())
    assert [(s.hole_dealing_statuses, s.draw_status) for s in streets_of(buck, "no", 2, 4)] == [
        ((False,) * 3, False), ((False,), False), ((False,), False), ((), True)]
    # Mississippi: one down, one up.
    assert streets_of((Deal(("down", "up")), Bet("small")), "pot", 2, 4)[0].hole_dealing_statuses == (False, True)
    with pytest.raises(ValueError, match="after the last betting round"):
        streets_of((Deal(("down",) * 5), Bet("small"), Deal(("down",))), "fixed", 2, 4)


def _order(hand_type: type[MississippiHigh] | type[MississippiLow], hands: list[str]) -> list[str]:
    return sorted(hands, key=lambda cards: hand_type(cards), reverse=True)


def test_mississippi_two_card_high_by_mg1_and_mg2() -> None:
    # MG1: a pair beats no pair, then the higher card, then the lower, aces always high;
    # MG2: a pair of sevens beats everything. Best first:
    best_first = ["7s7d", "AcAh", "2c2d", "AsKd", "AdQc", "KsQh", "3c2d"]
    assert _order(MississippiHigh, list(reversed(best_first))) == best_first
    assert MississippiHigh("Ks2c") == MississippiHigh("Kd2h")


def test_mississippi_two_card_low_is_the_exact_reverse_but_sevens() -> None:
    # MG1: no pair beats a pair; the lower top card, then the lower second: 3-2 best, then 4-2,
    # 4-3, 5-2; A-A worst. MG2: a pair of sevens still best.
    best_first = ["7s7d", "3c2d", "4h2s", "4c3d", "5s2h", "AsKd", "2c2d", "KcKh", "AcAh"]
    assert _order(MississippiLow, list(reversed(best_first))) == best_first


def test_mississippi_example_on_pokerkit_with_the_two_card_types() -> None:
    # poker-games.md's example: A: 7♠ 7♦, B: A♣ A♥, C: 3♦ 2♠. A takes the whole pot; had A
    # folded, B would win high and C low. Ante 1, everyone checks: A wins the pot of 3. Or A
    # checks, B bets 2, C calls, A folds: B takes the high half of 7 with its odd chip (T11,
    # pokerkit too), 4, and C the low half, 3.
    def play(fold_first: bool) -> list[int]:
        streets = (Street(False, (False, True), 0, False, Opening.POSITION, 2, None),)
        state = State(SHOWN, Deck.STANDARD, (MississippiHigh, MississippiLow), streets, BettingStructure.NO_LIMIT,
                      True, 1, (), 0, (50, 50, 50), 3, mode=Mode.TOURNAMENT)
        for card in ("7s", "Ac", "3d", "7d", "Ah", "2s"):
            state.deal_hole(card)
        if fold_first:
            state.check_or_call()
            state.complete_bet_or_raise_to(2)
            state.check_or_call()
            state.fold()
        while state.status:
            state.check_or_call()
        return list(state.stacks)
    assert play(False) == [52, 49, 49]
    assert play(True) == [49, 51, 50]


def test_allowed_discards_follow_the_rules_page() -> None:
    # Crazy 4 of Spades CF2: up to three, or four when the card kept is an ace. Held in card
    # order 2♣ 5♦ 9♥ K♠ A♣ (indices 0, 13, 30, 47, 48): discarding all but the ace is allowed,
    # discarding the ace among four is not.
    held = [0, 13, 30, 47, 48]
    allowed, fold = allowed_discards("crazy-four-of-spades", 0, held, ())
    assert 0b01111 in allowed and 0b11110 not in allowed and 0b00111 in allowed and 0b11111 not in allowed
    assert len(allowed) == 1 + 5 + 10 + 10 + 1 and not fold
    # 3-2-1 TR1: exactly three, two, one cards or fold; then one card to the trash, no fold.
    six = [0, 5, 10, 20, 30, 40]
    for number, count in enumerate((3, 2, 1)):
        allowed, fold = allowed_discards("three-two-one", number, six, ())
        assert {mask.bit_count() for mask in allowed} == {count} and fold
    allowed, fold = allowed_discards("three-two-one", 3, [0, 5, 10, 20, 30], ())
    assert len(allowed) == 5 and not fold
    # Buck Thirty-Five: 0-3 of the four in hand; Mississippi: keep, either card or both.
    assert len(allowed_discards("buck-thirty-five", 0, [0, 5, 10, 20], ())[0]) == 15
    assert allowed_discards("mississippi", 2, [0, 5], ())[0] == {0, 1, 2, 3}
