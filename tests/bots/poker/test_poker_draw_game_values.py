"""``equity`` and the playout at the draw games' new steps (issue 30), against hand-worked
positions: Jackpot's call, the sequential open draw's discard rounds, Bounce Back's take-back,
the open draws' face-up discards (not replaced) and six-card draw's fee for all six."""

from __future__ import annotations

import random
from collections.abc import Sequence

from poker_bot_positions import step_kind

from divided import games
from divided.bots.base import make_bot
from divided.bots.poker.playout import Completion
from divided.games import State
from divided.games.poker import actions as act
from divided.games.poker.cards import parse
from divided.games.poker.steps import Deal

EQUITY = "equity:worlds=40"


def dealt(game: str, hands: Sequence[str], later: str = "", button: int = 0) -> State:  # type: ignore[type-arg]
    """A deal of ``game`` giving each seat the cards written (dealt card by card from the
    button's left), then the cards of ``later`` to whatever comes next (replacements)."""
    loaded = games.load(game, players=len(hands), first_dealer=button)
    cards = [list(parse(text)) for text in hands]
    order = [(button + k) % len(hands) for k in range(1, len(hands) + 1)]
    sequence = [cards[seat].pop(0) for step in loaded.rules.variant.steps if isinstance(step, Deal)
                for _ in step.pattern for seat in order]
    return loaded.new_initial_state(seed=1, chance=[*sequence, *parse(later)])


def held(state: State, seat: int) -> list[int]:  # type: ignore[type-arg]
    return sorted(c for c in state.observation(seat).slots[seat][0] if c is not None)


def mask_of(cards: Sequence[int], chosen: str) -> int:
    picked = set(parse(chosen))
    return sum(1 << i for i, card in enumerate(sorted(cards)) if card in picked)


def test_jackpot_equity_calls_with_a_pair_of_aces() -> None:
    # seat 1 acts first (left of the button) and stands pat with a pair of aces. Hand-worked:
    # heads-up against a random hand the aces win about 3 in 4 now (0.78 of the pot over 2,000
    # worlds); a pass lets the other hand exchange too, which helps the behind hand more than the
    # aces (0.73): call. (A pat royal flush would be worth the pot either way.)
    state = dealt("jackpot", ["2c 7d 9h Jd 3c", "As Ah 8d 9c 4s"], button=0)
    assert state.current_player() == 1 and step_kind(state) == "exchange-turns"
    state.apply_action(act.DISCARD)  # stand pat
    legal = state.legal_actions()
    assert legal == [act.PASS, act.STOP]
    bot = make_bot("jackpot", "equity:worlds=300")
    assert bot.choose(state.observation(1), legal, random.Random(0)) == act.STOP


def test_sequential_open_draw_equity_discards_the_card_off_a_royal_draw() -> None:
    state = dealt("sequential-open-draw", ["As Ks Qs Js 2c", "3d 7h 8c 9d Kh"], button=1)
    while step_kind(state) != "discard-rounds":
        state.apply_action(act.CALL)
    assert state.current_player() == 0
    legal = state.legal_actions()
    bot = make_bot("sequential-open-draw", EQUITY)
    assert bot.choose(state.observation(0), legal, random.Random(0)) == act.DISCARD + mask_of(held(state, 0), "2c")


def test_bounce_back_equity_takes_back_the_aces_it_set_aside() -> None:
    # seat 0 is the dealer and draws first: it sets aside As Ah and receives 5c 6d; seat 1 stands pat
    state = dealt("bounce-back", ["As Ah Ad 9c 7s", "3d 8h Tc Jd Kh"], later="5c 6d", button=0)
    while step_kind(state) != "draw":
        state.apply_action(act.CALL)
    assert state.current_player() == 0
    state.apply_action(act.DISCARD + mask_of(held(state, 0), "As Ah"))
    state.apply_action(act.DISCARD)  # seat 1 stands pat
    while step_kind(state) != "take-back":
        state.apply_action(act.CALL)
    assert state.current_player() == 0
    legal = state.legal_actions()
    bot = make_bot("bounce-back", EQUITY)
    chosen = bot.choose(state.observation(0), legal, random.Random(0))
    # hand-worked: giving up 5c 6d makes three aces with 9-7 (any take-back keeping Ad makes trips)
    assert chosen == act.TAKE_BACK + mask_of(held(state, 0), "5c 6d")


def test_an_open_discard_is_not_replaced_in_the_playout() -> None:
    state = dealt("seven-card-open-draw", ["As Ad Kh Kc 2s 3s 9d", "3d 8h Tc Jd Kd 4c 5h"], button=1)
    state.apply_action(act.DISCARD)  # seat 0 stands pat
    state.apply_action(act.DISCARD)  # seat 1 stands pat
    while step_kind(state) != "draw":
        state.apply_action(act.CALL)
    view = state.observation(0)
    hands = [held(state, 0)]
    no_more = iter(()).__next__  # no card is dealt after an open discard
    final = Completion(view).finish(0, hands, no_more, view.up, act.DISCARD + mask_of(hands[0], "2s"))
    # this discard (2s), then the heuristic's at the second open discard (3s, the lowest unpaired)
    assert sorted(final[0]) == sorted(parse("As Ad Kh Kc 9d"))


def test_six_card_draw_prices_the_ante_for_all_six() -> None:
    from divided.bots.poker.values import fee_paid

    state = dealt("six-card-draw", ["2c 7d 9h Jd 4c 5s", "3d 8h Tc Jh Kh 6s"], button=1)
    while step_kind(state) != "draw":
        state.apply_action(act.CALL)
    view = state.observation(0)
    ante = view.config.ante
    assert ante > 0
    assert fee_paid(view, act.DISCARD + 0b111111) == ante
    assert fee_paid(view, act.DISCARD + 0b011111) == 0
    assert act.DISCARD + 0b111111 in state.legal_actions()


def test_at_an_auction_a_bid_buys_the_lot_at_its_price_and_keeps_what_pairs() -> None:
    from divided.bots.poker.values import fee_paid
    from divided.games.poker.rules import PokerRules
    from divided.games.poker.steps import Bet, Showdown
    from divided.games.poker.steps.auction import Auction
    from divided.games.poker.variant import Award, Slot, Variant

    variant = Variant(id="auction-test", name="", summary="", players=(2, 7), slots=(Slot("hand", 5), Slot("lot", 3)),
                      steps=(Deal(("down",) * 2), Auction(), Bet("big"), Showdown()),
                      awards=(Award("high", ("hand",)),), blinds=False)
    rules = PokerRules(variant)
    state = rules.initial_state({o.name: o.default for o in rules.options} | {"players": 2, "first_dealer": 1})
    cards = list(parse("As 7c Ah 2d Ad Kc 3s"))  # seat 0 As Ah, seat 1 7c 2d; the lot Ad Kc 3s
    while state.owed:
        state = rules.apply(state, cards.pop(0))
    view = rules.observe(state, 0)
    assert view.current_player == 0 and rules.legal_actions(state) == [act.PASS, act.BID]
    assert fee_paid(view, act.BID) == 1 and fee_paid(view, act.PASS) == 0
    stock = iter(parse("9h 8d 5c 4c")).__next__
    bought = Completion(view).finish(0, [sorted(parse("As Ah")), []], stock, view.up, act.BID)
    assert bought[0] == [*sorted(parse("As Ah")), *parse("Ad 9h 8d")]  # the ace of the lot, then later lots
    stock = iter(parse("9h 8d 5c 4c")).__next__
    passed = Completion(view).finish(0, [sorted(parse("As Ah")), []], stock, view.up, act.PASS)
    assert passed[0] == [*sorted(parse("As Ah")), *parse("9h 8d 5c")]


def test_a_secret_discard_already_chosen_is_played_by_the_heuristic_in_the_playout() -> None:
    # six-card open draw: seat 1 has chosen its face-up discard in secret; seat 0 decides. The
    # playout plays seat 1's discard by the heuristic (the hidden choice is not read), so its
    # final hand holds five cards like everyone's.
    state = dealt("six-card-open-draw", ["As Ad Kh Kc 2s 3s", "3d 8h Tc Jd Kd 4c"], button=0)
    state.apply_action(act.DISCARD)  # seat 1 stands pat at the draw
    state.apply_action(act.DISCARD)  # seat 0 too
    while step_kind(state) != "draw":
        state.apply_action(act.CALL)
    assert state.current_player() == 1
    state.apply_action(act.DISCARD + 1)  # seat 1 throws its lowest card
    view = state.observation(0)
    hands = [sorted(c for c in state.core.slots[1][0])]
    no_more = iter(()).__next__
    final = Completion(view).finish(1, hands, no_more, view.up, None)
    assert sorted(final[0]) == sorted(parse("8h Tc Jd Kd 4c"))  # the heuristic throws the 3d


def test_a_draws_fee_goes_to_the_pot_that_the_others_contest() -> None:
    # six-card draw heads-up: paying the ante for all six is paid into the pot; a hand that
    # loses every world loses the fee, one that wins every world wins the pot and its fee back
    import numpy as np

    from divided.bots.poker.values import Showdowns, option_samples

    state = dealt("six-card-draw", ["2c 7d 9h Jd 4c 5s", "3d 8h Tc Jh Kh 6s"], button=1)
    while step_kind(state) != "draw":
        state.apply_action(act.CALL)
    view = state.observation(0)
    pot, ante = sum(view.table.contributed), view.config.ante
    six, five = act.DISCARD + 0b111111, act.DISCARD + 0b011111
    for mine, expected in ((1, -ante / pot), (9, 1.0)):
        found = Showdowns(np.array([[[mine, mine]]]), np.array([[[[5]]]]), (1,))
        values = option_samples(view, found, [five, six])
        assert values[six][0] == expected and values[five][0] == (0.0 if mine == 1 else 1.0)


def test_two_card_high_and_low_halves_draw_for_both_with_aces_high() -> None:
    # Mississippi's awards (two-card high and low, aces always high): the heuristics draw
    # high-low and never count an ace as low
    from divided.bots.poker.playout import aces_low, draw_style
    from divided.games.poker.rules import PokerRules
    from divided.games.poker.steps import Bet, Draw, Showdown
    from divided.games.poker.variant import Variant
    from divided.games.poker.variants.mississippi_awards import MISSISSIPPI_AWARDS, TWO_CARD_HAND

    variant = Variant(id="two-card-test", name="", summary="", players=(2, 7), slots=TWO_CARD_HAND,
                      steps=(Deal(("down", "up")), Bet("small"), Draw(most=2), Bet("big"), Showdown()),
                      awards=MISSISSIPPI_AWARDS)
    rules = PokerRules(variant)
    state = rules.initial_state({o.name: o.default for o in rules.options} | {"players": 2, "first_dealer": 1})
    cards = list(parse("As 7c Ah 2d"))
    while state.owed:
        state = rules.apply(state, cards.pop(0))
    view = rules.observe(state, 0)
    assert (draw_style(view), aces_low(view)) == ("high-low", False)


def test_the_probes_play_the_draw_games_actions_not_henways_flip_order() -> None:
    # the draw games' actions are numbered above Henway's order cards: a probe once took them
    # for order cards (and so always passed at Jackpot's call). With trips stood pat, the
    # heuristic calls (STOP); with nothing it passes.
    for hand, expected in (("As Ah Ad 9c 4s", act.STOP), ("Ks Qh 8d 6c 3s", act.PASS)):
        state = dealt("jackpot", ["2c 7d 9h Jd 3c", hand], button=0)
        state.apply_action(act.DISCARD)  # seat 1 stands pat
        legal = state.legal_actions()
        assert legal == [act.PASS, act.STOP]
        bot = make_bot("jackpot", "calling-station")
        assert bot.choose(state.observation(1), legal, random.Random(0)) == expected
