"""``equity+range``: the weighted worlds against an exact count over an opponent's hidden cards,
the effective-sample-size guard, and a new event kind plugging into the model."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from itertools import combinations

import numpy as np
import pytest
from poker_bot_positions import AnyState, passive, play_until, start

from divided import games
from divided.bots.base import make_bot
from divided.bots.poker import range as ranked
from divided.bots.poker.range import FLOOR, RAISE_EXTRA, SOFTNESS, effective_size, guarded_weights
from divided.bots.poker.values import showdowns
from divided.games.poker import actions as act
from divided.games.poker.cards import parse
from divided.games.poker.events import Event
from divided.games.poker.showdown import ranking
from divided.games.poker.variants import VARIANTS
from divided.games.poker.view import PokerView

ME, HER = 0, 1
MINE = "As Ad 7c 2h 9s Kd 4c"
HERS = "3h 5h 8d Jc Qs 6s Th"


def river(her_policy: Callable[[AnyState], int]) -> AnyState:
    """Seven-card stud heads-up: I call or check everything; she plays ``her_policy``; my
    decision at the last round, every card dealt, facing her bet or raise."""
    state = start("seven-card-stud", [MINE, HERS], button=HER)
    while True:
        state = play_until(state, ME, "bet", her_policy)
        if len(state.core.slots[ME][0]) == 7 and state.core.table.current > state.core.table.bets[ME]:
            return state
        state.apply_action(passive(state))


def river_view(her_policy: Callable[[AnyState], int]) -> PokerView:
    view: PokerView = river(her_policy).observation(ME)
    return view


def aggressive(state: AnyState) -> int:
    legal = state.legal_actions()
    return act.RAISE if act.RAISE in legal else passive(state)


def only_the_river_bet(state: AnyState) -> int:
    legal = state.legal_actions()
    if act.RAISE in legal and len(state.core.slots[HER][0]) == 7:
        return act.RAISE
    return passive(state)


CARDS_TO_COME = {1: 4, 3: 3, 5: 2, 7: 1, 9: 0}
"""Seven-card stud's deals after each betting step (deal, bet, deal, bet, ..., bet, showdown)."""


def model(kind: str, step_index: int, q: float) -> float:
    """The documented opponent model heads-up (fair share 1/2), written out for one quantile."""
    width = SOFTNESS * (1 + CARDS_TO_COME.get(step_index, 0))

    def step(threshold: float) -> float:
        return 1.0 / (1.0 + math.exp(-(q - threshold) / width))

    bet, fold = 0.5, 0.25
    if kind == "bet":
        p = step(bet)
    elif kind in ("raise", "complete"):
        p = step(bet + RAISE_EXTRA)
    elif kind == "check":
        p = 1.0 - step(bet)
    elif kind == "call":
        p = (1.0 - step(bet + RAISE_EXTRA)) * step(fold)
    else:
        return 1.0
    return FLOOR + (1.0 - FLOOR) * p


def exact_posterior_mean_quantile(view: PokerView) -> float:
    """Her hand's quantile (mid-rank among every set of three down cards she could hold), averaged
    over all those sets weighted by the model's likelihood of her actions in the log."""
    seen = {c for held in view.slots[ME] for c in held if c is not None} | \
        {c for c in view.slots[HER][0] if c is not None}
    up = [c for c in view.slots[HER][0] if c is not None]
    hands = np.asarray([[*up, *down] for down in combinations([c for c in range(52) if c not in seen], 3)])
    strengths = ranking("high").rank_batch(hands)
    ordered = np.sort(strengths)
    assert len(strengths) == 10660  # C(41, 3)
    q = (np.searchsorted(ordered, strengths, "left") + np.searchsorted(ordered, strengths, "right")) / (2 * len(hands))
    acts = [(event.kind, event.step) for event in view.events if event.seat == HER]
    weights = np.asarray([math.prod(model(kind, step, float(x)) for kind, step in acts) for x in q])
    return float((weights * q).sum() / weights.sum())


def estimated_mean_quantile(view: PokerView, worlds: int) -> tuple[float, float]:
    """The bot's weighted and uniform mean of her final-hand quantile over its sampled worlds."""
    found = showdowns("seven-card-stud", view, [None], random.Random(7), worlds)
    q = ranked.quantiles(found, [1.0])[:, 0]
    weights = guarded_weights(ranked.log_likelihoods(view, found), 0.0)
    return float(weights @ q), float(q.mean())


@pytest.mark.parametrize("policy", [aggressive, only_the_river_bet])
def test_weighted_worlds_match_the_exact_count_over_her_down_cards(policy: Callable[[AnyState], int]) -> None:
    view = river_view(policy)
    raises = [e.kind for e in view.events if e.seat == HER and e.kind in ("bet", "raise", "complete")]
    assert raises  # she bet or raised at least once
    exact = exact_posterior_mean_quantile(view)
    weighted, uniform = estimated_mean_quantile(view, 3000)
    assert uniform == pytest.approx(0.5, abs=0.01)  # mid-ranks average 1/2
    assert weighted == pytest.approx(exact, abs=0.02)


def test_more_raises_mean_a_stronger_hand() -> None:
    every_street = exact_posterior_mean_quantile(river_view(aggressive))
    once = exact_posterior_mean_quantile(river_view(only_the_river_bet))
    weighted_every, _ = estimated_mean_quantile(river_view(aggressive), 3000)
    weighted_once, _ = estimated_mean_quantile(river_view(only_the_river_bet), 3000)
    assert every_street > 0.6 and every_street > once + 0.05  # a raiser's hand beats a random one
    assert weighted_every > weighted_once + 0.05


def test_the_guard_keeps_a_quarter_of_the_worlds_effective() -> None:
    log_weights = np.zeros(100)
    log_weights[0] = 50.0  # one world would carry everything
    found = guarded_weights(log_weights)
    assert found.sum() == pytest.approx(1.0)
    assert effective_size(found) >= 25.0 - 1e-6
    assert effective_size(found) < 30.0  # tempered no more than needed
    assert found[0] > found[1]  # still the likeliest world


def test_the_guard_leaves_well_spread_weights_alone() -> None:
    log_weights = np.log(np.asarray([1.0, 2.0, 3.0, 4.0]))
    assert guarded_weights(log_weights) == pytest.approx([0.1, 0.2, 0.3, 0.4])


def test_no_world_fitting_leaves_equal_weights() -> None:
    assert guarded_weights(np.full(10, -1e6)) == pytest.approx(np.full(10, 0.1))


def test_a_new_event_kind_plugs_into_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    view = river_view(only_the_river_bet)
    before, _ = estimated_mean_quantile(view, 400)

    def shows_weakness(event: Event, q: np.ndarray, context: ranked.Context) -> np.ndarray:
        result: np.ndarray = 1.0 - 0.9 * q
        return result

    monkeypatch.setattr(ranked, "LIKELIHOODS", dict(ranked.LIKELIHOODS))  # undone after the test
    ranked.register_likelihood("deal", shows_weakness)  # her up cards, as if telling
    with pytest.raises(ValueError, match="'deal' already"):
        ranked.register_likelihood("deal", shows_weakness)
    after, _ = estimated_mean_quantile(view, 400)
    assert any(e.kind == "deal" and e.seat == HER for e in view.events)
    assert after < before - 0.01


def test_registered_and_legal_in_a_hand_built_position() -> None:
    state = river(aggressive)
    legal = state.legal_actions()
    bot = make_bot("seven-card-stud", "equity+range:worlds=30")
    assert bot.name == "equity+range"
    assert bot.choose(state.observation(ME), legal, random.Random(0)) in legal


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_a_legal_action_in_random_positions_of_every_game(game: str) -> None:
    """Random play to every decision of a few deals, two and four seats (or the game's least):
    ``equity+range`` is asked at each and answers a legal action."""
    low, high = VARIANTS[game].players
    bot = make_bot(game, "equity+range:worlds=8")
    asked = 0
    for players in sorted({low, min(4, high)}):
        for seed in range(2):
            state = games.load(game, players=players).new_initial_state(seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                seat, legal = state.current_player(), state.legal_actions()
                assert bot.choose(state.observation(seat), legal, random.Random(asked)) in legal
                asked += 1
                state.apply_action(legal[rng.randrange(len(legal))])
    assert asked > 8


def test_folds_a_small_pair_to_a_raiser_that_equity_calls_as_the_exact_weighted_count_says() -> None:
    # she raised at every street; my sevens beat a random set of her down cards often enough to
    # call, but not the hands the model says she raises with: the call's value counted exactly
    # over her 10,660 sets of down cards, uniform and weighted by the model, against the bot's
    mine = "7s 7d Ac 2h 9s Kd 4c"
    state = start("seven-card-stud", [mine, HERS], button=HER)
    while True:
        state = play_until(state, ME, "bet", aggressive)
        if len(state.core.slots[ME][0]) == 7 and state.core.table.current > state.core.table.bets[ME]:
            break
        state.apply_action(passive(state))
    view: PokerView = state.observation(ME)
    seen = {c for held in view.slots[ME] for c in held if c is not None} | \
        {c for c in view.slots[HER][0] if c is not None}
    up = [c for c in view.slots[HER][0] if c is not None]
    high = ranking("high")
    hers = high.rank_batch(np.asarray([[*up, *down] for down in
                                       combinations([c for c in range(52) if c not in seen], 3)]))
    my_rank = high.rank_batch(np.asarray([list(parse(mine))]))[0]
    won = np.where(my_rank > hers, 1.0, np.where(my_rank == hers, 0.5, 0.0))
    ordered = np.sort(hers)
    q = (np.searchsorted(ordered, hers, "left") + np.searchsorted(ordered, hers, "right")) / (2 * len(hers))
    acts = [(event.kind, event.step) for event in view.events if event.seat == HER]
    weights = np.asarray([math.prod(model(kind, step, float(x)) for kind, step in acts) for x in q])
    table = state.core.table
    owed, pot = table.current - table.bets[ME], sum(table.contributed)

    def call_value(share: float) -> float:
        return (share * (pot + owed) - owed) / pot

    uniform = call_value(float(won.mean()))
    weighted = call_value(float((weights * won).sum() / weights.sum()))
    assert uniform > 0.1 and weighted < -0.05  # the hand-made case: calling is right only against a random hand
    legal = state.legal_actions()
    found = ranked.RangeBot("seven-card-stud", worlds=2000).values(view, legal, random.Random(3))
    assert found[act.CALL] == pytest.approx(weighted, abs=0.04)
    assert make_bot("seven-card-stud", "equity").choose(view, legal, random.Random(0)) != act.FOLD
    assert make_bot("seven-card-stud", "equity+range").choose(view, legal, random.Random(0)) == act.FOLD


@pytest.mark.parametrize(("seats", "bet", "fold"), [(2, 0.5, 0.25), (3, 0.5773503, 0.4082483), (4, 0.6299605, 0.5)])
def test_thresholds_are_where_a_quantile_wins_its_fair_share(seats: int, bet: float, fold: float) -> None:
    # a hand of quantile q beats n - 1 random hands q ** (n - 1) of the time: it bets above the
    # fair share 1 / n and folds below half of it (worked out by hand: 3 seats, sqrt(1/3), sqrt(1/6))
    assert ranked.bet_threshold(seats) == pytest.approx(bet)
    assert ranked.fold_threshold(seats) == pytest.approx(fold)


def test_after_j_los_switch_the_checks_made_for_want_of_openers_are_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    # J-Lo heads-up: neither seat holds jacks or better, both check, the deal turns to
    # deuce-to-seven and she bets the repeated round. Her first check was made under the high
    # ranking (she could not open) and says nothing of her low: only the bet is weighed.
    state = start("j-lo", ["Kd 9s 6c 4h 2d", "Qh Tc 7s 5d 3c"], button=ME)
    state.apply_action(act.CALL)  # she checks (no openers)
    state.apply_action(act.CALL)  # I check: nobody opened, the switch
    assert any(event.kind == "switch" for event in state.observation(ME).events)
    state.apply_action(act.RAISE)  # the repeated round: she bets
    view = state.observation(ME)
    assert [(e.kind, e.seat) for e in view.events if e.seat == HER and e.kind in ("check", "bet")] == \
        [("check", HER), ("bet", HER)]
    read: list[str] = []

    def recording(kind: str) -> ranked.Likelihood:
        def likelihood(event: Event, q: np.ndarray, context: ranked.Context) -> np.ndarray:
            read.append(event.kind)
            result: np.ndarray = np.ones_like(q)
            return result
        return likelihood

    monkeypatch.setattr(ranked, "LIKELIHOODS", {kind: recording(kind) for kind in ranked.LIKELIHOODS})
    ranked.log_likelihoods(view, showdowns("j-lo", view, [None], random.Random(3), 20))
    assert read == ["bet"]
