"""Matches (T18) and the match awards: Fives' must-hold-five and replay (FV1-FV4), Assassin's
carry (AS1, AS3, AS4), Crazy 4's two-to-win token (CF3-CF4) and 3-2-1's trash forfeit
(TR2-TR4), each on a small test variant (the games' own draws are other work), checked against
hand-worked deals."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from no_leak import Sight, check_events, check_view

import divided.games.poker.awards.assassin
import divided.games.poker.awards.must_hold
import divided.games.poker.awards.token
import divided.games.poker.awards.trash_forfeit as trash_forfeit
from divided.errors import IllegalActionError
from divided.games.poker import actions as act
from divided.games.poker.cards import parse
from divided.games.poker.events import describe
from divided.games.poker.rules import PokerRules
from divided.games.poker.state import TRASH, PokerState
from divided.games.poker.steps import Bet, Deal, Draw, Showdown
from divided.games.poker.variant import Award, Match, Slot, Variant

assert divided.games.poker.awards.assassin and divided.games.poker.awards.must_hold  # registered on import

FIVE_DOWN = Deal(("down",) * 5)

FIVES_TEST = Variant(
    id="fives-test", name="Fives (test)", summary="", players=(2, 7), slots=(Slot("hand", 5),),
    steps=(FIVE_DOWN, Bet("big"), Showdown()),
    awards=(Award("high", ("hand",), kind="must-hold-five"),), match=Match("replay"), blinds=False)

ASSASSIN_TEST = Variant(
    id="assassin-test", name="Assassin (test)", summary="", players=(2, 7), slots=(Slot("hand", 5),),
    steps=(FIVE_DOWN, Bet("small"), Draw(most=5), Bet("big"), Showdown()),
    awards=(Award("high", ("hand",), kind="assassin"),), match=Match("carry"))

TOKEN_TEST = Variant(
    id="token-test", name="Token (test)", summary="", players=(2, 7), slots=(Slot("hand", 5),),
    steps=(FIVE_DOWN, Bet("small"), Showdown()),
    awards=(Award("high", ("hand",)),), match=Match("token"), options=(divided.games.poker.awards.token.TWO_TO_WIN,))

TRASH_TEST = Variant(  # a trash of three cards from the stock
    id="trash-test", name="Trash (test)", summary="", players=(3, 5), slots=(Slot("hand", 5),),
    steps=(FIVE_DOWN, Deal(("down",) * 3, slot="trash"), Bet("small"), Showdown()),
    awards=(Award("high", ("hand",)),), match=Match("trash-forfeit"), options=(trash_forfeit.TRASH_FORFEIT,))

DEALER_TEST = Variant(
    id="dealer-test", name="Dealer opens (test)", summary="", players=(2, 7), slots=(Slot("hand", 5),),
    steps=(FIVE_DOWN, Bet("small", opener="dealer"), Draw(most=2), Bet("big", opener="dealer"), Showdown()),
    awards=(Award("high", ("hand",)),), blinds=False)


def new(variant: Variant, players: int, **options: object) -> tuple[PokerRules, PokerState]:
    rules = PokerRules(variant)
    values = {option.name: option.default for option in rules.options}
    values.update({"players": players, "first_dealer": 0, **options})
    return rules, rules.initial_state(values)


def deal(rules: PokerRules, state: PokerState, hands: Sequence[str]) -> PokerState:
    """Chance gives each seat its written cards (a seat's cards in the order it receives them);
    in the trash test, the sixth card written for seats 0, 1, 2 goes to the trash, in that order."""
    left = [list(parse(text)) for text in hands]
    trash = [cards.pop(5) for cards in left if len(cards) == 6]
    while state.owed:
        seat = state.owed[0][0]
        state = rules.apply(state, trash.pop(0) if seat == TRASH else left[seat].pop(0))
    return state


def check_round(rules: PokerRules, state: PokerState) -> PokerState:
    """Everyone checks (or calls) to the end of the betting round under way."""
    step, deal_number = state.step, state.match.deal if state.match else 0
    while (not state.over and not state.owed and state.step == step
           and (state.match.deal if state.match else 0) == deal_number):
        state = rules.apply(state, act.CALL)
    return state


def stacks(rules: PokerRules, state: PokerState) -> list[float]:
    return rules.returns(state)


# -- Fives: must hold a five (FV1-FV4) ---------------------------------------------------------

def test_fives_example_best_hand_without_a_five_replays_for_the_same_pot() -> None:
    rules, state = new(FIVES_TEST, 2)
    state = check_round(rules, deal(rules, state, ["9s 9h 9d Ks Kh", "7s 7h 7d 5c 3s"]))
    assert not state.over and state.match is not None
    assert (state.match.deal, state.match.carried) == (2, 2)  # both ante again, the pot of 2 waits
    assert [e.kind for e in state.match.previous if e.seat is None] == ["carry"]
    assert state.table.contributed == (1, 1)
    view = rules.observe(state, 0)
    assert view.match == state.match and sum(pot.amount for pot in view.pots()) == 4
    # deal 2: B's pair of fives is the best hand and holds a five: B takes 2 carried + 2 antes
    state = check_round(rules, deal(rules, state, ["Ks Qh 9d 7c 3s", "5s 5h Ad 8c 2s"]))
    assert state.over
    assert stacks(rules, state) == [-2.0, 2.0]


def test_fives_replay_deals_in_only_the_players_eligible_for_the_carried_layer() -> None:
    rules, state = new(FIVES_TEST, 3)
    state = deal(rules, state, ["9s 9h 9d Ks Kh", "7s 7h 7d Qc 3s", "2c 3c 4d 6h 8s"])
    state = rules.apply(state, act.RAISE)  # seat 1 bets
    state = rules.apply(state, act.FOLD)   # seat 2 folds
    state = rules.apply(state, act.CALL)   # seat 0 calls: nobody holds a five
    assert state.match is not None and state.match.deal == 2 and state.match.carried == 3 + 4 + 4
    assert state.table.live == (True, True, False)
    assert state.owed and {seat for seat, _, _ in state.owed} == {0, 1}
    state = check_round(rules, deal(rules, state, ["5s 5h Ad 8c 2s", "Ks Qh 9d 7c 3s", ""]))
    assert state.over
    returns = stacks(rules, state)
    assert returns == [11 + 2 - 5 - 1, -5 - 1, -1] and sum(returns) == 0  # seat 2 paid only its first ante


def test_fives_tied_best_hands_holding_a_five_share() -> None:
    rules, state = new(FIVES_TEST, 2)
    state = check_round(rules, deal(rules, state, ["5s 6h 7d 8c 9s", "5h 6s 7c 8d 9h"]))
    assert state.over and stacks(rules, state) == [0.0, 0.0]


def test_fives_uncontested_win_needs_no_five() -> None:
    rules, state = new(FIVES_TEST, 2)
    state = deal(rules, state, ["9s 9h 9d Ks Kh", "7s 7h 7d Qc 3s"])
    state = rules.apply(rules.apply(state, act.RAISE), act.FOLD)
    assert state.over and stacks(rules, state) == [-1.0, 1.0]  # seat 1 acts first (left of the button)


def test_fives_capped_deal_pays_the_best_hand_five_or_not_and_stays_zero_sum() -> None:
    rules, state = new(FIVES_TEST, 2, max_deals=2)
    state = check_round(rules, deal(rules, state, ["9s 9h 9d Ks Kh", "7s 7h 7d Qc 3s"]))
    assert state.match is not None and state.match.last and state.match.deal == 2
    state = check_round(rules, deal(rules, state, ["As Ah Qd Jc 3s", "Ks Kh Qc Jd 9s"]))
    assert state.over
    returns = stacks(rules, state)
    assert returns == [2.0, -2.0] and sum(returns) == 0


def test_fives_match_of_one_deal_is_settled_at_once() -> None:
    rules, state = new(FIVES_TEST, 2, max_deals=1)
    state = check_round(rules, deal(rules, state, ["9s 9h 9d Ks Kh", "7s 7h 7d Qc 3s"]))
    assert state.over and stacks(rules, state) == [1.0, -1.0]


def test_fives_holds_five_reads_printed_fives_and_the_hook() -> None:
    from divided.games.poker.awards.must_hold import holds_five

    assert holds_five(parse("5c 6h 7h 8c 9c")) and not holds_five(parse("6s 7d 8d 9d Tc"))
    joker_like = parse("2s")[0]
    assert holds_five(parse("2s 6h 7h 8c 9c"), counts_as_five={joker_like})


# -- Assassin (AS1, AS3, AS4) ------------------------------------------------------------------

def assassin_showdown(a: str, b: str, **options: object) -> tuple[PokerRules, PokerState]:
    rules, state = new(ASSASSIN_TEST, 2, **options)
    state = check_round(rules, deal(rules, state, [a, b]))
    state = rules.apply(state, act.DISCARD)  # seat 1 stands pat
    state = rules.apply(state, act.DISCARD)  # seat 0 stands pat
    return rules, check_round(rules, state)


def test_assassin_example_the_flush_with_a_two_loses_to_the_eights() -> None:
    rules, state = assassin_showdown("8c 8d Ks 6h 3c", "Ah Jh 9h 5h 2h")
    assert state.over and stacks(rules, state) == [1.0, -1.0]


def test_assassin_example_both_assassinated_the_pot_carries() -> None:
    rules, state = assassin_showdown("8c 8d Ks 6h 2c", "Ah Jh 9h 5h 2h")
    assert not state.over and state.match is not None and (state.match.deal, state.match.carried) == (2, 2)
    texts = [describe(e) for e in state.match.previous if e.kind == "carry"]
    assert texts == ["Nobody wins the main pot (2 chips): it carries to the next deal"]
    # deal 2 (the button on seat 1): everyone antes again, the carried 2 join the pot; B's kings win it
    state = check_round(rules, deal(rules, state, ["Qc Jd 9s 7h 4c", "Kc Kd 8s 6c 3h"]))
    state = rules.apply(rules.apply(state, act.DISCARD), act.DISCARD)
    state = check_round(rules, state)
    assert state.over and stacks(rules, state) == [-2.0, 2.0]


def test_assassin_capped_deal_goes_to_the_best_hand_twos_as_ordinary_cards() -> None:
    rules, state = assassin_showdown("8c 8d Ks 6h 2c", "Ah Jh 9h 5h 2h", max_deals=1)
    assert state.over and stacks(rules, state) == [-1.0, 1.0]


def test_assassin_a_two_may_bet_on_and_win_unseen() -> None:
    rules, state = new(ASSASSIN_TEST, 2)
    state = deal(rules, state, ["Ac Ad As Kh Kc", "2c 3d 4s 6h 8c"])
    state = rules.apply(rules.apply(state, act.RAISE), act.FOLD)  # seat 1 (holding 2c) bets, seat 0 folds
    assert state.over and not state.shown and stacks(rules, state) == [-1.0, 1.0]


# -- Crazy 4's two-to-win token (CF3, CF4) -----------------------------------------------------

def token_deal(rules: PokerRules, state: PokerState, a: str, b: str) -> PokerState:
    return check_round(rules, deal(rules, state, [a, b]))


WIN_A, WIN_B = ("As Ah Ad 9c 3s", "Ks Qh 8d 7c 2s"), ("Ks Qh 8d 7c 2s", "As Ah Ad 9c 3s")


def test_token_example_a_takes_it_b_takes_it_b_collects_three_deals() -> None:
    rules, state = new(TOKEN_TEST, 2)
    state = token_deal(rules, state, *WIN_A)
    assert state.match is not None and (state.match.deal, state.match.token, state.match.carried) == (2, 0, 2)
    assert rules.observe(state, None).match.token == 0  # public
    state = token_deal(rules, state, *WIN_B)
    assert state.match is not None and (state.match.deal, state.match.token, state.match.carried) == (3, 1, 4)
    state = token_deal(rules, state, *WIN_B)
    assert state.over and stacks(rules, state) == [-3.0, 3.0]


def test_token_a_tie_is_won_by_nobody_the_token_stays() -> None:
    rules, state = new(TOKEN_TEST, 2)
    state = token_deal(rules, state, *WIN_A)
    state = token_deal(rules, state, "As Kh Qd Jc 9s", "Ah Ks Qc Jd 9h")
    assert state.match is not None and (state.match.deal, state.match.token, state.match.carried) == (3, 0, 4)
    state = token_deal(rules, state, *WIN_A)
    assert state.over and stacks(rules, state) == [3.0, -3.0]


def test_token_uncontested_win_counts_as_a_win() -> None:
    rules, state = new(TOKEN_TEST, 2)
    state = deal(rules, state, list(WIN_A))
    state = rules.apply(rules.apply(state, act.RAISE), act.FOLD)  # seat 1 bets, seat 0 folds
    assert state.match is not None and state.match.token == 1 and state.match.carried == 2  # the bet came back


def test_token_capped_deal_the_winner_collects_and_off_settles_at_once() -> None:
    rules, state = new(TOKEN_TEST, 2, max_deals=2)
    state = token_deal(rules, token_deal(rules, state, *WIN_A), *WIN_B)
    assert state.over and stacks(rules, state) == [-2.0, 2.0]
    rules, state = new(TOKEN_TEST, 2, two_to_win="off")
    state = token_deal(rules, state, *WIN_A)
    assert state.over and stacks(rules, state) == [1.0, -1.0]


# -- 3-2-1's trash forfeit (TR2-TR4) -----------------------------------------------------------

def trash_example(**options: object) -> tuple[PokerRules, PokerState]:
    """The example's shape: four players, A (0) and D (3) fold, the trash (4c 9s 9d) is
    a pair of nines; B's two pair wins the pot of 40, C's pair of eights fails."""
    rules, state = new(TRASH_TEST, 4, ante=5, small_bet=10, **options)
    state = deal(rules, state, ["Ac Kd Qh 7c 3d 4c", "Jd Jc 4d 4s 2c 9s", "8s 8h Qs 6d 3c 9d",
                                "Ts 7h 6c 5h 3h Tc"])
    state = rules.apply(state, act.RAISE)  # seat 1 bets 10
    state = rules.apply(state, act.CALL)   # seat 2 calls
    state = rules.apply(state, act.FOLD)   # seat 3 folds
    return rules, rules.apply(state, act.FOLD)  # seat 0 folds


def test_trash_example_the_failing_player_antes_half_the_pot_next_deal() -> None:
    rules, state = trash_example()
    assert state.match is not None and state.match.deal == 2 and state.match.forfeits == (0, 0, 20, 0)
    previous = state.match.previous
    assert [describe(e) for e in previous if e.kind == "owes"] == ["Player 2 owes a forfeit: an ante of 20 chips next deal"]
    assert sum(e.chips[0] for e in previous if e.kind == "award") == 40
    assert state.table.contributed == (5, 5, 20, 5)
    assert [(e.seat, e.kind, e.amount) for e in state.events if e.kind in ("ante", "forfeit")] == [
        (2, "forfeit", 20), (3, "ante", 5), (0, "ante", 5), (1, "ante", 5)]  # the button moved to seat 1
    # deal 2: everyone checks; every hand beats the trash 4-3-2, so nobody owes and the match ends
    state = check_round(rules, deal(rules, state, ["As Ad Qh Qc 3d 4c", "Ks Kd 4d 4h 2c 2d", "Js Jh Qs 6d 3c 3h",
                                                   "Ts Th 6c 6h 3s 5c"]))
    assert state.over
    returns = stacks(rules, state)
    assert sum(returns) == 0 and returns == [-5 + 35 - 5, 40 - 15 - 5, -15 - 20, -5 - 5]


@pytest.mark.parametrize(("how", "owed"), [("ante", 10), ("off", 0)])
def test_trash_forfeit_option(how: str, owed: int) -> None:
    _, state = trash_example(trash_forfeit=how)
    assert state.match is not None
    if owed:
        assert state.match.forfeits == (0, 0, owed, 0)
    else:
        assert state.over


def test_trash_capped_deal_charges_no_forfeit() -> None:
    rules, state = trash_example(max_deals=1)
    assert state.over and rules.returns(state) == [-5.0, 25.0, -15.0, -5.0]


def test_trash_a_tie_fails_and_the_winner_is_tested_too(monkeypatch: pytest.MonkeyPatch) -> None:
    rules, state = new(TRASH_TEST, 3)
    state = deal(rules, state, ["8s 8h Ks 7d 3c 2c", "8d 8c Kh 7s 3d 2d", "4s 5h 9c Jd Qh 2h"])
    monkeypatch.setattr(trash_forfeit, "trash_cards", lambda final: parse("8d 8c Kh 7s 3d"))
    state = check_round(rules, state)
    # seats 0 and 1 tie the trash (a tie fails; one of them wins the pot), seat 2 is below it
    assert state.match is not None and state.match.forfeits == (1, 1, 1)


def test_trash_uncontested_deal_has_no_trash_test() -> None:
    rules, state = new(TRASH_TEST, 3)
    state = deal(rules, state, ["2s 3h 4c 6d 8h 2c", "2d 3c 4s 6h 8c 2h", "3s 4h 5c 7d 9h 3d"])
    state = rules.apply(state, act.RAISE)
    state = rules.apply(rules.apply(state, act.FOLD), act.FOLD)
    assert state.over


# -- the match: sitting out, the button, zero-sum, no leak --------------------------------------

def test_a_player_without_chips_sits_out_and_the_button_skips_them() -> None:
    rules, state = new(FIVES_TEST, 3, stacks="1/200/200")
    state = check_round(rules, deal(rules, state, ["9s 9h 9d Ks Kh", "7s 7h 7d Qc 3s", "Ac Kd Qh Jc 8d"]))
    assert state.match is not None and state.match.deal == 2 and state.match.out == (True, False, False)
    assert state.button == 1 and state.table.live == (False, True, True)


def play_random(variant: Variant, seed: int, *, check_views: bool = False) -> tuple[PokerRules, PokerState, int]:
    rng = random.Random(seed)
    low, high = variant.players
    players = rng.randint(low, min(high, 5))
    options: dict[str, object] = {"stack": rng.choice((3, 10, 40)), "max_deals": rng.choice((1, 3, 10)),
                                  "structure": rng.choice(("fixed", "pot", "no"))}
    for option in variant.options:
        options[option.name] = rng.choice(option.choices)
    rules, state = new(variant, players, **options)
    sight, logged, deals = Sight(players), 0, 1

    class Wrapped:  # what the checker reads of a game state
        core = state

        def observation(self, viewer: int | None):  # type: ignore[no-untyped-def]
            return rules.observe(self.core, viewer)

    wrapped = Wrapped()
    while not state.over:
        if check_views:
            wrapped.core = state
            for viewer in (None, *range(players)):
                check_view(wrapped, sight, viewer)  # type: ignore[arg-type]
            logged = 0 if len(state.events) < logged else logged
            check_events(wrapped, sight, logged)  # type: ignore[arg-type]
            logged = len(state.events)
        chance = rules.current_player(state) < 0
        legal = rules.legal_actions(state)
        action = rng.choice([a for a in legal if a != act.FOLD] or legal) if rng.random() > 0.1 else rng.choice(legal)
        before = state
        state = rules.apply(state, action)
        sight.advance(before, action, state, chance=chance)
        if state.match is not None and before.match is not None and state.match.deal != before.match.deal:
            deals += 1
    return rules, state, deals


@pytest.mark.parametrize("variant", [FIVES_TEST, ASSASSIN_TEST, TOKEN_TEST, TRASH_TEST, DEALER_TEST],
                         ids=lambda v: v.id)
def test_random_matches_are_zero_sum_end_by_the_cap_and_leak_nothing(variant: Variant) -> None:
    longest = 0
    for seed in range(150):
        rules, state, deals = play_random(variant, seed, check_views=seed < 12)
        assert sum(rules.returns(state)) == 0
        if state.match is not None:
            assert deals <= int(state.config.option("max_deals")) and state.match.deal == deals
        longest = max(longest, deals)
    if variant.match is not None and variant is not TRASH_TEST:
        assert longest > 1  # some matches went on past their first deal


def test_a_bad_action_between_deals_is_refused_and_changes_nothing() -> None:
    rules, state = new(FIVES_TEST, 2)
    state = check_round(rules, deal(rules, state, ["9s 9h 9d Ks Kh", "7s 7h 7d Qc 3s"]))
    with pytest.raises(IllegalActionError):
        rules.apply(state, 99)  # chance deals deal 2's cards now: no card 99
    assert rules.current_player(state) < 0 and state.match is not None and state.match.deal == 2


# -- the dealer opens (Bounce Back) --------------------------------------------------------------

def test_dealer_acts_first_in_every_betting_round() -> None:
    rules, state = new(DEALER_TEST, 3, first_dealer=1)
    state = deal(rules, state, ["2s 3h 4c 6d 8h", "2d 3c 4s 6h 8c", "3s 4h 5c 7d 9h"])
    assert state.table.to_act == 1
    state = check_round(rules, state)
    for _ in range(3):
        state = rules.apply(state, act.DISCARD)
    assert state.table.to_act == 1


def test_blinds_in_a_later_deal_skip_the_seats_not_dealt_in() -> None:
    # a Fives-like replay among seats 0, 2 and 4 of five (seats 1 and 3 folded); the button moves
    # from seat 3 to seat 4, seat 0 posts the small blind, seat 2 the big, and the first to act is
    # the next seat dealt in after the big blind: seat 4
    variant = Variant(id="blinds-test", name="", summary="", players=(2, 7), slots=(Slot("hand", 5),),
                      steps=(FIVE_DOWN, Bet("small"), Showdown()),
                      awards=(Award("high", ("hand",), kind="must-hold-five"),), match=Match("replay"))
    rules, state = new(variant, 5, blinds="on", first_dealer=3)
    state = deal(rules, state, ["9s 9h 9d Ks Kh", "2c 3c 4d 6h 8s", "7s 7h 7d Qc 3s", "2d 3d 4s 6s 8c",
                                "Ah Kd Qh Jc 9c"])
    for action in (act.FOLD, act.CALL, act.FOLD, act.CALL, act.CALL):  # seats 1, 2, 3, 4, 0
        state = rules.apply(state, action)
    assert state.match is not None and state.match.deal == 2
    assert state.table.live == (True, False, True, False, True) and state.button == 4
    blinds = [(e.seat, e.amount) for e in state.events if e.kind == "blind"]
    assert blinds == [(0, 1), (2, 2)]
    state = deal(rules, state, ["5s 5h Ad 8c 2s", "", "Ks Qh 9d 7c 3s", "", "Js Th 8d 6c 4h"])
    assert state.table.to_act == 4


def test_the_terminal_tells_the_end_of_a_deal_before_the_next_one() -> None:
    from divided.cli.games.poker import PokerTerminal

    terminal = PokerTerminal()
    rules, state = new(FIVES_TEST, 2)
    state = deal(rules, state, ["9s 9h 9d Ks Kh", "7s 7h 7d 5c 3s"])
    lines, cursor = terminal.news(rules.observe(state, 0), 0, 0)
    assert lines == ["Player 1 antes 1"]
    state = check_round(rules, state)  # seat 1 checks, seat 0 checks: the showdown, the carry, deal 2
    lines, cursor = terminal.news(rules.observe(state, 0), 0, cursor)
    assert lines == ["Player 1 checks", "Player 1 shows hand: 7s 7h 7d 5c 3s",
                     "Nobody wins the main pot (2 chips): it carries to the next deal",
                     "Deal 2 of the match; 2 chips carried into the main pot", "Player 1 antes 1"]
    assert terminal.news(rules.observe(state, 0), 0, cursor) == ([], cursor)


def test_the_observation_bits_count_the_carried_chips_and_show_the_token() -> None:
    from divided.games.poker.encoding import POT_UNITS, PokerLayout
    from divided.games.room import offsets

    rules, state = new(TOKEN_TEST, 2, small_bet=1)
    state = token_deal(rules, state, *WIN_A)  # seat 0 takes the token, 2 chips carry
    layout = PokerLayout(TOKEN_TEST)
    start = offsets(layout.pieces)
    bits = layout.encode(rules.observe(state, 1))
    assert bits >> start["token"] & 0b11 == 0b01
    pot = bits >> start["pot"] & ((1 << POT_UNITS) - 1)
    assert pot == 0b1111  # 2 antes + 2 carried, in small bets of 1


def test_the_books_count_the_carried_chips_in_the_pot() -> None:
    from divided.games.poker.knowledge import knowledge

    rules, state = new(TOKEN_TEST, 2)
    state = deal(rules, token_deal(rules, state, *WIN_A), list(WIN_B))
    state = rules.apply(state, act.RAISE)  # seat 0, left of the button (seat 1 in deal 2), bets 2
    books = knowledge(rules.observe(state, 1))
    assert (books.pot, books.to_call) == (2 + 2 + 2, 2) and books.describe().startswith("Pot 6; 2 to call")


MATCH_TESTS = (FIVES_TEST, ASSASSIN_TEST, TOKEN_TEST, TRASH_TEST)


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """The test variants registered as games for the length of a test (room, sampler, labels)."""
    from divided import games
    from divided.games.poker import variants
    from divided.games.poker.room import PokerRoom

    for variant in MATCH_TESTS:
        rules = PokerRules(variant)
        monkeypatch.setitem(variants.VARIANTS, variant.id, variant)
        monkeypatch.setitem(variants.RULES, variant.id, lambda rules=rules: rules)
        games._RULES.register(variant.id, lambda rules=rules: rules)
        games._ROOMS.register(variant.id, PokerRoom(variant.id, variant))
    yield
    for variant in MATCH_TESTS:
        games._RULES.unregister(variant.id)
        games._ROOMS.unregister(variant.id)


@pytest.mark.parametrize("variant", MATCH_TESTS, ids=lambda v: v.id)
def test_the_no_leak_checker_passes_over_random_matches(registered: None, variant: Variant,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import no_leak

    later = []
    start_over = no_leak.Sight.next_deal
    monkeypatch.setattr(no_leak.Sight, "next_deal", lambda sight, after: (later.append(1), start_over(sight, after)))
    seeds = [*range(25), 140, 222] if variant is ASSASSIN_TEST else range(25)  # 140, 222: the pot carries
    for seed in seeds:
        tally = no_leak.Tally()  # one a deal: the sampler's turns (which draw on the deal's generator) alike
        no_leak.play_checked(variant.id, seed, tally, sample_every=3)
        assert tally.labels > 0
    assert later  # some matches went on to a later deal, checked too


def test_a_match_is_one_game_seeded_recorded_and_replayed(registered: None) -> None:
    from divided import games

    played = 0
    for seed in range(30):
        state = games.load("fives-test", players=3).new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        if state.core.match.deal == 1:
            continue
        played += 1
        again = games.replay(state.record())
        assert again.returns() == state.returns() and sum(state.returns()) == 0
        assert again.core.match == state.core.match and again.history() == state.history()
    assert played >= 3


def test_a_sampled_world_of_a_later_deal_is_still_in_the_match() -> None:
    from divided.games.poker.worlds import PokerWorlds

    rules, state = new(TOKEN_TEST, 2)
    state = deal(rules, token_deal(rules, state, *WIN_A), list(WIN_B))
    world = PokerWorlds(rules.observe(state, 0)).sample(random.Random(1))
    assert world.match == state.match
    world = check_round(rules, world)  # played on, the world settles as the match does: seat 1 wins the
    assert world.match is not None and world.match.deal == 3 and world.match.token == 1  # token, the pot carries


def test_steps_spliced_into_a_deal_do_not_pass_to_the_next() -> None:
    from divided.games.poker.steps.expand import splice

    rules, state = new(FIVES_TEST, 2)
    state = deal(rules, state, ["9s 9h 9d Ks Kh", "7s 7h 7d 5c 3s"])
    state = splice(state, (Bet("small"),))  # as a kind that grows the deal would
    state = check_round(rules, check_round(rules, state))
    assert state.match is not None and state.match.deal == 2
    assert state.config.steps == FIVES_TEST.steps and state.step == 0
