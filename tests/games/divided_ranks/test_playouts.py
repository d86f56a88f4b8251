"""Random playouts of Divided Ranks under every rule option, checking invariants at every step.

At every position: the 21 cards lie in exactly one zone each (hands, reserve, stock not yet
taken, cards on the table, or not yet dealt), derived from the core state's fields; hand sizes
follow the schedule; seats follow ruling R1; each view is exactly what the rules let its
player see; chance outcomes are a distribution over the legal outcomes; illegal input of
every kind raises the right typed error, names the action and changes nothing; replaying the
record (directly and through JSON) gives the same core state and views. At the end: returns
sum to zero and agree with an independent re-scoring written here from the rules.
"""

from __future__ import annotations

import math
import random
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from divided import games
from divided.errors import IllegalActionError, NotYourTurnError
from divided.games import CHANCE, TERMINAL, Game, GameRecord, State
from divided.games.divided_ranks import Phase
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.state import (
    BuildEvent,
    ChoiceEvent,
    DividedRanksState,
    ReserveEvent,
    SplitEvent,
)
from divided.games.divided_ranks.view import SeenBuild, SeenChoice, SeenReserve, SeenSplit
from divided.hands import evaluate_mask

AnyState = State[Any, Any]
ALL = (1 << 21) - 1
OPTION_SETS: list[dict[str, object]] = [
    {"first_splitter": first, "reserve_order": order, "swap": swap}
    for first in ("coin", 0, 1)
    for order in ("literal", "coin", "splitter-first")
    for swap in ("blind", "face-up")
]
OPTION_IDS = [f"{o['first_splitter']}-{o['reserve_order']}-{o['swap']}" for o in OPTION_SETS]
DRAFT_PHASES = (Phase.SPLIT, Phase.CHOOSE)
SETUP_PHASES = (Phase.FIRST_SPLITTER_COIN, Phase.RESERVE_ORDER_COIN, Phase.DEAL)

# --- independent reference: split numbering (R5b docstring) and scoring (Scoring section) ---

_FIRST_HAND_POSITIONS = [c for c in combinations(range(10), 5) if c[0] == 0]
assert len(_FIRST_HAND_POSITIONS) == 126


def ref_split(holding: int, split: int) -> tuple[int, int]:
    """Split ``split`` of a holding: the 126 five-card subsets holding the lowest card, in
    lexicographic order of positions in the sorted holding; (that hand, the rest)."""
    indices = [i for i in range(21) if holding >> i & 1]
    assert len(indices) == 10
    first = sum(1 << indices[p] for p in _FIRST_HAND_POSITIONS[split])
    return first, holding ^ first


RefKey = tuple[int, int, int, int]


def ref_key(holding: int, split: int) -> tuple[RefKey, tuple[int, int]]:
    """(weaker category, stronger category, weaker strength, stronger strength) and the
    (weaker, stronger) masks; of two equal hands the one with the lowest card is weaker."""
    first, second = ref_split(holding, split)
    a, b = evaluate_mask(first), evaluate_mask(second)
    if a.strength <= b.strength:
        weak, strong, weak_mask, strong_mask = a, b, first, second
    else:
        weak, strong, weak_mask, strong_mask = b, a, second, first
    key = (int(weak.category), int(strong.category), weak.strength, strong.strength)
    return key, (weak_mask, strong_mask)


def ref_result(core: DividedRanksState) -> tuple[int | None, int | None, list[float]]:
    """(winner, step, returns) from both builds, comparing the four steps in order."""
    keys = [ref_key(core.hands[p], core.builds[p])[0] for p in (0, 1)]
    for step, (mine, theirs) in enumerate(zip(keys[0], keys[1], strict=True), start=1):
        if mine != theirs:
            winner = 0 if mine > theirs else 1
            return winner, step, [1.0, -1.0] if winner == 0 else [-1.0, 1.0]
    return None, None, [0.0, 0.0]


# --- invariants -------------------------------------------------------------------------------


def mask_of(indices: Any) -> int:
    out = 0
    for i in indices:
        out |= 1 << i
    return out


def zones(core: DividedRanksState) -> dict[str, int]:
    """Where every card is, from the core state's fields (the deal, round, table, hands)."""
    deal = core.deal
    if core.phase in SETUP_PHASES:
        return {"dealt": mask_of(deal), "undealt": ALL ^ mask_of(deal),
                "hand0": core.hands[0], "hand1": core.hands[1]}
    assert len(deal) == 21 and sorted(deal) == list(range(21))
    if core.phase in DRAFT_PHASES:
        r = core.round
        stock = mask_of(deal[1 + 4 * (r + 1) :])  # the stock after this round's four cards
        if core.phase == Phase.SPLIT:
            table = mask_of(deal[1 + 4 * r : 1 + 4 * (r + 1)])
            assert core.face_up == core.face_down == 0
        else:
            table = core.face_up | core.face_down
            assert core.face_up.bit_count() == core.face_down.bit_count() == 2
    else:
        stock = table = 0
    return {"hand0": core.hands[0], "hand1": core.hands[1], "reserve": 1 << core.reserve,
            "stock": stock, "table": table}


def check_zones(core: DividedRanksState) -> None:
    seen = 0
    for name, cards in zones(core).items():
        assert seen & cards == 0, f"{name} overlaps another zone in {core}"
        seen |= cards
    assert seen == ALL, f"cards missing from every zone in {core}"
    if core.phase in DRAFT_PHASES or core.phase in SETUP_PHASES:
        if len(core.deal) == 21:
            assert core.reserve == core.deal[0]  # the first card dealt, untouched in the draft
        else:
            assert core.reserve == -1


def expected_seats(core: DividedRanksState, history: list[int]) -> tuple[int, int]:
    """(first splitter, first at the reserve) per R1, from the options and the coin outcomes."""
    options = core.options
    coins = list(history[: (options.first_splitter == "coin") + (options.reserve_order == "coin")])
    first = coins.pop(0) if options.first_splitter == "coin" else options.first_splitter
    assert isinstance(first, int)
    if options.reserve_order == "coin":
        reserve_first = coins.pop(0)
    elif options.reserve_order == "splitter-first":
        reserve_first = first
    else:
        reserve_first = 1 - first  # the player who split two rounds
    return first, reserve_first


def check_schedule(state: AnyState) -> None:
    core = state.core
    sizes = [h.bit_count() for h in core.hands]
    player = state.current_player()
    if core.phase in SETUP_PHASES:
        assert sizes == [0, 0] and player == CHANCE
        return
    first, reserve_first = expected_seats(core, state.history())
    if core.phase in DRAFT_PHASES:
        assert sizes == [2 * core.round] * 2
        splitter = first if core.round % 2 == 0 else 1 - first
        assert player == (splitter if core.phase == Phase.SPLIT else 1 - splitter)
    else:
        assert sizes == [10, 10] and core.round == 5
        splits = [e.splitter for e in core.log if isinstance(e, SplitEvent)]
        assert sorted(splits.count(p) for p in (0, 1)) == [2, 3]
        if core.phase == Phase.RESERVE:
            assert player == (reserve_first if core.reserve_turns == 0 else 1 - reserve_first)
        elif core.phase == Phase.BUILD:
            assert player == (0 if core.builds[0] < 0 else 1)
        else:
            assert player == TERMINAL


def check_views(state: AnyState) -> None:
    """Each view shows exactly what the rules let its player see."""
    core = state.core
    over = core.phase == Phase.OVER
    face_up_swap = core.options.swap == "face-up"
    for p in (0, 1):
        view = state.observation(p)
        assert view.player == p and view.hand == core.hands[p]
        assert view.hand_sizes == tuple(h.bit_count() for h in core.hands)
        assert view.current_player == state.current_player()
        assert (view.outcome is not None) == over and view.outcome == core.outcome
        splitting = core.phase in DRAFT_PHASES and core.splitter() == p
        assert view.drawn == (core.drawn() if splitting and core.phase == Phase.SPLIT else 0)
        assert view.offer == (core.face_up if core.phase == Phase.CHOOSE else 0)
        assert view.offer_face_down == (core.face_down if splitting and core.phase == Phase.CHOOSE else 0)
        assert len(view.log) == len(core.log)
        for event, seen in zip(core.log, view.log, strict=True):
            if isinstance(event, SplitEvent):
                mine = event.splitter == p
                assert seen == SeenSplit(event.round, event.splitter, event.drawn if mine else None,
                                         event.face_up)
            elif isinstance(event, ChoiceEvent):
                blind = event.chooser == p and event.took_face_up  # R3: never sees it
                assert seen == SeenChoice(event.round, event.chooser, event.took_face_up,
                                          None if blind else event.face_down)
            elif isinstance(event, ReserveEvent):
                shown = event.swapped and (event.player == p or face_up_swap)  # R4
                assert seen == SeenReserve(event.player, event.swapped,
                                           event.gave if shown else None, event.took if shown else None)
            else:
                assert isinstance(event, BuildEvent)
                shown = event.player == p or over  # R5: secret until both are fixed
                assert seen == SeenBuild(event.player, event.split if shown else None)


def check_chance(state: AnyState) -> None:
    if not state.is_chance_node():
        with pytest.raises(IllegalActionError):
            state.chance_outcomes()
        return
    outcomes = state.chance_outcomes()
    actions = [a for a, _ in outcomes]
    assert len(set(actions)) == len(actions) and sorted(actions) == state.legal_actions()
    assert all(p > 0 for _, p in outcomes)
    assert math.isclose(sum(p for _, p in outcomes), 1.0)


def expect_refused(state: AnyState, action: object, error: type[Exception], **kw: Any) -> None:
    core, history = state.core, state.history()
    with pytest.raises(error) as info:
        state.apply_action(action, **kw)  # type: ignore[arg-type]
    assert type(info.value) is error, f"{type(info.value).__name__} for {action!r}"
    message = str(info.value)
    if isinstance(action, int) and not isinstance(action, bool):
        assert f"action {action!r}" in message, message
    else:
        assert repr(action) in message, message
    assert state.core is core or state.core == core
    assert state.history() == history


def check_illegal(state: AnyState, rng: random.Random) -> None:
    legal = set(state.legal_actions())
    for _ in range(2):
        action = rng.randrange(-5, 400)
        if action not in legal:
            expect_refused(state, action, IllegalActionError)
    for junk in ("5", True, False, 3.0, None):
        expect_refused(state, junk, IllegalActionError)
    player = state.current_player()
    some = min(legal) if legal else 0
    wrong = rng.choice([p for p in (0, 1) if p != player])
    expect_refused(state, some, NotYourTurnError, player=wrong)
    if state.is_terminal():
        for action in (0, act.KEEP, act.TAKE_FACE_UP, act.build_action(5)):
            expect_refused(state, action, IllegalActionError)


def check_replay(state: AnyState) -> None:
    record = state.record()
    via_json = GameRecord.from_json(record.to_json())
    assert via_json == record
    for replayed in (state.game.replay(record), games.replay(via_json)):
        assert replayed.core == state.core
        assert replayed.history() == state.history()
        for p in (0, 1):
            assert replayed.observation(p) == state.observation(p)


def check_end(state: AnyState) -> None:
    core = state.core
    outcome = core.outcome
    assert outcome is not None and state.legal_actions() == []
    returns = state.returns()
    assert sum(returns) == 0.0
    winner, step, expected = ref_result(core)
    assert (outcome.winner, outcome.step) == (winner, step)
    assert returns == expected
    for p in (0, 1):
        key, hands = ref_key(core.hands[p], core.builds[p])
        assert tuple(outcome.keys[p]) == key
        assert outcome.hands[p] == hands
    # the step is the first component that differs between the two keys
    diffs = [i + 1 for i, (a, b) in enumerate(zip(*outcome.keys, strict=True)) if a != b]
    assert step == (diffs[0] if diffs else None)


def check_transition(before: DividedRanksState, action: int, after: DividedRanksState) -> None:
    """The action did what the rules say (R1-R5), and nothing else moved."""
    phase = before.phase
    if phase == Phase.FIRST_SPLITTER_COIN:
        assert after.first_splitter == action
    elif phase == Phase.RESERVE_ORDER_COIN:
        assert after.reserve_first == action
    elif phase == Phase.DEAL:
        assert after.deal == (*before.deal, action)
    elif phase == Phase.SPLIT:
        a, b = act.PAIRS[action]
        assert after.face_up == (1 << a | 1 << b)  # R2: the face-up pair
        assert after.face_down == before.drawn() ^ after.face_up  # the other two
        assert after.hands == before.hands
    elif phase == Phase.CHOOSE:
        splitter = before.splitter()
        took = before.face_up if action == act.TAKE_FACE_UP else before.face_down
        kept = before.face_up ^ before.face_down ^ took
        hands = [0, 0]
        hands[1 - splitter], hands[splitter] = took, kept  # R3
        assert after.hands[1 - splitter] == before.hands[1 - splitter] | hands[1 - splitter]
        assert after.hands[splitter] == before.hands[splitter] | hands[splitter]
        assert after.round == before.round + 1
    elif phase == Phase.RESERVE:
        player = before.reserve_player()
        if action == act.KEEP:
            assert after.hands == before.hands and after.reserve == before.reserve
        else:  # R4: give the card, take whatever is in the reserve
            gave = action - act.GIVE
            assert after.reserve == gave
            assert after.hands[player] == before.hands[player] ^ (1 << gave) | (1 << before.reserve)
            assert after.hands[1 - player] == before.hands[1 - player]
    else:
        assert phase == Phase.BUILD
        player = 0 if before.builds[0] < 0 else 1
        assert after.builds[player] == action - act.BUILD
        assert after.hands == before.hands


def play(game: Game[Any, Any], rng: random.Random, seed: int | None = None, *, check: bool = True,
         replay_every_step: bool = False) -> AnyState:
    """One random playout (explicit chance when ``seed`` is None), checking as it goes."""
    state = game.new_initial_state(seed)
    replay_at = rng.randrange(40)
    while True:
        if check:
            check_zones(state.core)
            check_schedule(state)
            check_views(state)
            check_chance(state)
            check_illegal(state, rng)
            if replay_every_step or state.move_number() == replay_at:
                check_replay(state)
        if state.is_terminal():
            break
        if state.is_chance_node():
            action = rng.choice(state.chance_outcomes())[0]
        else:
            action = rng.choice(state.legal_actions())
        player = state.current_player()
        before = state.core
        state.apply_action(action, player=None if player == CHANCE else player)
        if check:  # (a seeded state resolved all its chance when it was made)
            check_transition(before, action, state.core)
    if check:
        check_end(state)
        check_replay(state)
    return state


# --- tests --------------------------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTION_SETS, ids=OPTION_IDS)
def test_random_playouts_explicit_chance(options: dict[str, object]) -> None:
    game = games.load("divided-ranks", **options)
    rng = random.Random(f"explicit-{OPTION_IDS[OPTION_SETS.index(options)]}")
    for n in range(60):
        play(game, rng, replay_every_step=n < 5)


@pytest.mark.parametrize("options", OPTION_SETS, ids=OPTION_IDS)
def test_random_playouts_seeded(options: dict[str, object]) -> None:
    game = games.load("divided-ranks", **options)
    rng = random.Random(f"seeded-{OPTION_IDS[OPTION_SETS.index(options)]}")
    for _ in range(60):
        play(game, rng, seed=rng.getrandbits(64))


@pytest.mark.parametrize("options", OPTION_SETS, ids=OPTION_IDS)
def test_many_quick_playouts_score_correctly(options: dict[str, object]) -> None:
    """More games with only the end-of-game checks (zones and scoring)."""
    game = games.load("divided-ranks", **options)
    rng = random.Random(f"quick-{OPTION_IDS[OPTION_SETS.index(options)]}")
    steps: set[int | None] = set()
    for _ in range(150):
        state = play(game, rng, check=False)
        check_zones(state.core)
        check_end(state)
        steps.add(state.core.outcome.step)
    assert {1, 2}.issubset(steps)  # random builds reach different scoring steps


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=st.sampled_from(OPTION_SETS), seed=st.none() | st.integers(0, 2**64 - 1),
       data=st.data())
def test_hypothesis_playouts(options: dict[str, object], seed: int | None, data: st.DataObject) -> None:
    game = games.load("divided-ranks", **options)
    state = game.new_initial_state(seed)
    rng = random.Random(0)
    while not state.is_terminal():
        check_zones(state.core)
        check_schedule(state)
        check_views(state)
        check_chance(state)
        check_illegal(state, rng)
        legal = state.legal_actions()
        before = state.core
        action = data.draw(st.sampled_from(legal))
        state.apply_action(action)
        check_transition(before, action, state.core)
    check_end(state)
    check_replay(state)


@pytest.mark.parametrize("options", OPTION_SETS[::5], ids=OPTION_IDS[::5])
def test_same_seed_same_game(options: dict[str, object]) -> None:
    game = games.load("divided-ranks", **options)
    for seed in range(25):
        first = play(game, random.Random(seed), seed=seed, check=False)
        again = play(game, random.Random(seed), seed=seed, check=False)
        assert first.record() == again.record()
        assert first.core == again.core
    # the seed alone fixes the chance events
    starts = {tuple(game.new_initial_state(seed).history()) for seed in range(25)}
    assert len(starts) == 25
    assert all(tuple(game.new_initial_state(s).history()) in starts for s in range(25))


def test_seeded_chance_is_fair() -> None:
    """Seeded chance follows chance_outcomes: both coins fair, every card equally often the
    reserve (loose bounds; the seeds are fixed, so this is deterministic)."""
    game = games.load("divided-ranks", first_splitter="coin", reserve_order="coin")
    n = 3000
    first_ones = order_ones = 0
    reserve_counts = [0] * 21
    for seed in range(n):
        history = game.new_initial_state(seed).history()
        first_ones += history[0]
        order_ones += history[1]
        reserve_counts[history[2]] += 1
    assert 0.45 < first_ones / n < 0.55
    assert 0.45 < order_ones / n < 0.55
    assert min(reserve_counts) > 0.5 * n / 21 and max(reserve_counts) < 1.5 * n / 21


def test_seeded_record_replays_without_and_with_its_seed() -> None:
    game = games.load("divided-ranks")
    state = play(game, random.Random(1), seed=99, check=False)
    record = state.record()
    unseeded = GameRecord(record.game, record.options, None, record.actions)
    assert game.replay(unseeded).core == state.core
    # a prefix with the seed: the seed resolves the chance events still owed
    start = game.new_initial_state(99)
    assert game.replay(GameRecord(record.game, record.options, 99, ())).history() == start.history()


@pytest.mark.sweep  # the suite's quick and hypothesis playouts above sample the same option sets
@pytest.mark.parametrize("options", OPTION_SETS, ids=OPTION_IDS)
def test_many_more_playouts(options: dict[str, object]) -> None:
    game = games.load("divided-ranks", **options)
    rng = random.Random(f"slow-{OPTION_IDS[OPTION_SETS.index(options)]}")
    for n in range(800):
        play(game, rng, seed=rng.getrandbits(64) if n % 2 else None)
