"""Our engine's whole games against pokerkit 0.7: a few hundred random hands of each game and
structure compared after every step (see ``pokerkit_games``), and the odd-chip difference this
comparison meets (D3) worked by hand on both engines."""

from __future__ import annotations

from dataclasses import replace

import pytest
from poker_deals import deal_sequence, start
from pokerkit import Automation, BettingStructure, Deck, Mode, StandardHighHand, State
from pokerkit_games import CONFIGS, GameConfig, _draw_streets, run

from divided.games.poker import actions as act
from divided.games.poker import betting
from divided.games.poker.engine import final_stacks
from divided.games.poker.variants import rules_of

HANDS = 300
SHOWN = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
         Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
         Automation.CHIPS_PULLING)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda config: config.name)
def test_random_hands_of_each_game_agree_with_pokerkit(config: GameConfig) -> None:
    tally = run(config, HANDS, seed=7)
    assert tally.hands == HANDS
    # Real work: many decisions, most hands reach a showdown whose pots were compared.
    assert tally.steps > 5 * HANDS
    assert tally.showdowns > HANDS // 2


def _pokerkit_draw(structure: BettingStructure, stacks: tuple[int, ...], hands: tuple[str, ...]) -> State:
    """pokerkit's five-card draw (ante 1, bets 2/4) with these hands, seat 0 left of the button."""
    state = State(SHOWN, Deck.STANDARD, (StandardHighHand,), _draw_streets(1, "fixed")(2, 4), structure, True, 1,
                  (), 0, stacks, len(stacks), mode=Mode.TOURNAMENT)
    for hand in hands:
        state.deal_hole(hand.replace(" ", ""))
    return state


def test_d3_odd_chip_between_two_tied_hands_goes_by_the_deciding_card() -> None:
    # T11 (odd_chip=cards, the default): an odd chip among tied high hands goes to the hand
    # with the highest card by suit. Five-card draw, ante 1, seats 0-2 (2 deals). 0 bets 2,
    # 1 calls, 2 folds: a pot of 7. 0 and 1 tie with A-K-Q-J-9; 1 holds the As, the deciding
    # card: 1 gets 4, 0 gets 3. pokerkit gives the odd chip to its first winner, seat 0 (as our
    # odd_chip=seat does: the first left of the button).
    hands = ("Ad Kd Qc Jh 9s", "As Kh Qd Js 9h", "2c 3d 4h 5s 7c")
    for rule, returns in (("cards", [0.0, 1.0, -1.0]), ("seat", [1.0, 0.0, -1.0])):
        state = start("five-card-draw", hands, button=2, odd_chip=rule)
        for action in (act.RAISE, act.CALL, act.FOLD, act.DISCARD, act.DISCARD, act.CALL, act.CALL):
            state.apply_action(action)
        assert state.is_terminal()
        assert state.returns() == returns
    theirs = _pokerkit_draw(BettingStructure.FIXED_LIMIT, (200, 200, 200), hands)
    theirs.complete_bet_or_raise_to(2)
    theirs.check_or_call()
    theirs.fold()
    theirs.stand_pat_or_discard()
    theirs.stand_pat_or_discard()
    theirs.check_or_call()
    theirs.check_or_call()
    assert theirs.stacks == [201, 200, 199]


def test_d3_each_pot_layer_is_divided_on_its_own() -> None:
    # T10: each pot layer is divided among its awards; T11: a layer's odd chip goes to its
    # tied winner by the deciding card. No-limit five-card draw, ante 1, bets 2/4; seat 0 has
    # 4 chips, seats 1-4 50 (4 deals). 0 is all-in for 3, 1 raises to 8, 2 calls, 3 folds,
    # 4 calls; after the draw 1, 2 and 4 check. In: 4, 9, 9, 1, 9. The main pot is 4 x 4 + 1
    # = 17 (seats 0, 1, 2, 4), the side pot 5 x 3 = 15 (1, 2, 4). 1 and 2 tie with A-K-Q-J-9
    # and win both; 1 holds the As: 9 + 8 = 17 to 1, 8 + 7 = 15 to 2. pokerkit merges the two
    # layers once 0's and 4's losing hands are mucked (both then contested by 1 and 2 alone)
    # and splits 32 evenly: 16 each.
    hands = ("2c 3d 4h 5s 7c", "As Kd Qc Jh 9s", "Ac Kh Qd Js 9h", "2d 3h 4s 6c 8d", "2s 3c 5d 6h 8h")
    stacks = (4, 50, 50, 50, 50)
    # The game option gives every seat one stack: seat 0's 4 chips are set on the table before
    # the button is placed (as the differential driver does).
    rules = rules_of("five-card-draw")
    options = {option.name: option.default for option in rules.options}
    core = rules.initial_state({**options, "players": 5, "structure": "no", "first_dealer": "random"})
    core = rules.apply(replace(core, table=betting.new_table(stacks)), 4)
    for card in deal_sequence("five-card-draw", 4, hands, players=5):
        core = rules.apply(core, card)
    moves = (act.RAISE_TO + 3, act.RAISE_TO + 8, act.CALL, act.FOLD, act.CALL, *(act.DISCARD,) * 4, *(act.CALL,) * 3)
    for action in moves:
        core = rules.apply(core, action)
    assert core.over
    settled = core.settled
    assert [(pot.amount, pot.eligible) for pot in settled] == [(17, (0, 1, 2, 4)), (15, (1, 2, 4))]
    assert [pot.chips for pot in settled] == [(0, 9, 8, 0, 0), (0, 8, 7, 0, 0)]
    assert final_stacks(core) == (0, 58, 56, 49, 41)
    theirs = _pokerkit_draw(BettingStructure.NO_LIMIT, stacks, hands)
    theirs.complete_bet_or_raise_to(3)
    theirs.complete_bet_or_raise_to(8)
    theirs.check_or_call()
    theirs.fold()
    theirs.check_or_call()
    for _ in range(4):
        theirs.stand_pat_or_discard()
    for _ in range(3):
        theirs.check_or_call()
    assert theirs.stacks == [0, 57, 57, 49, 41]
