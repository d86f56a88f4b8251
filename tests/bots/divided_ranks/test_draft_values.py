"""The expert's draft values, played out through the reserve and the build.

Late in the draft every world can be listed, and the vectorised playouts
(:mod:`divided.bots.divided_ranks.draft_values`) must equal a plain brute force written here from the rules
and the module's stated playout rules: every placement of the unseen cards equally likely,
weighted by the soft model of the opponent, the chooser's and the reserve rules applied card
by card, and the holdings scored with :func:`best_key` (not the packed table the module uses).
"""

from __future__ import annotations

import math
import time
from itertools import combinations

import numpy as np
import pytest

from divided import games
from divided.bots.base import Evaluation
from divided.bots.divided_ranks.draft_values import CLOSER_BATCH, MIN_SHARE, TARGET_SE, draft_values, threads
from divided.bots.divided_ranks.expert import REVIEW_BUDGET, ExpertBot, expert_decision, view_rng
from divided.bots.divided_ranks.heuristics import average_pair_gain, holding_value
from divided.cards import mask_indices
from divided.games import GameRecord, State
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.scoring import Scoring
from divided.games.divided_ranks.state import ALL_CARDS, Phase
from divided.games.divided_ranks.view import PlayerView, SeenChoice, SeenSplit
from divided.hands.arrange import best_key

# The record of issue 10: seat 0's split at move 29 (round 5) was once graded a blunder.
ISSUE_RECORD = GameRecord("divided-ranks", {"first_splitter": 0}, 44379133551136727, (
    10, 1, 17, 12, 0, 7, 6, 19, 20, 18, 14, 9, 5, 2, 4, 13, 3, 11, 15, 8, 16, 30, 211, 130, 210, 98,
    210, 57, 211, 169, 211, 217, 232, 310, 310))
EPSILON, BETA = 0.3, 1.0


def position(record: GameRecord, move: int) -> State:  # type: ignore[type-arg]
    return games.replay(GameRecord(record.game, record.options, None, record.actions[:move]))


# -- the brute force ---------------------------------------------------------------------------

def gain(hand: int, cards: int) -> float:
    return holding_value(hand | cards) - holding_value(hand)


def split_likelihood(own: int, other: int, drawn: int, shown: int, estimate: float) -> float:
    """The soft model: softmax over the six splits of the splitter's gain minus the chooser's."""
    scores, shown_score = [], 0.0
    for a, b in combinations(mask_indices(drawn), 2):
        up = (1 << a) | (1 << b)
        down = drawn ^ up
        mine, theirs = (down, up) if gain(other, up) >= estimate else (up, down)
        score = gain(own, mine) - gain(other, theirs)
        scores.append(score)
        if up == shown:
            shown_score = score
    total = sum(math.exp(BETA * s) for s in scores)
    return EPSILON / 6 + (1 - EPSILON) * math.exp(BETA * shown_score) / total


def choice_likelihood(hand: int, face_up: int, took_up: bool, estimate: float) -> float:
    p_up = 1 / (1 + math.exp(-BETA * (gain(hand, face_up) - estimate)))
    return EPSILON / 2 + (1 - EPSILON) * (p_up if took_up else 1 - p_up)


def result(mine: int, theirs: int) -> float:
    a, b = best_key(mine), best_key(theirs)
    return 1.0 if a > b else 0.5 if a == b else 0.0


def reserve_choice(hand: int, candidates: int) -> int | None:
    """The card given (None: keep) with the best average result over the candidates."""
    best, best_value = None, -1.0
    for give in [None, *mask_indices(hand)]:
        value = 0.0
        for c in mask_indices(candidates):
            mine = hand if give is None else hand ^ (1 << give) | (1 << c)
            value += result(mine, ALL_CARDS ^ hand ^ (1 << c))
        if value > best_value + 1e-9:
            best, best_value = give, value
    return best


def brute_force(view: PlayerView, legal: list[int]) -> dict[int, float]:
    """Every action's weighted average result over every world (round 5 positions: no stock)."""
    me, them = view.player, view.opponent
    assert view.stock_size == 0
    splits = {e.round: e for e in view.log if isinstance(e, SeenSplit)}
    choices = [e for e in view.log if isinstance(e, SeenChoice)]
    seen = view.hand | view.drawn | view.offer
    for choice in choices:
        split = splits[choice.round]
        seen |= split.face_up | (split.drawn or 0) | (choice.face_down or 0)
    unseen = mask_indices(ALL_CARDS ^ seen)
    hidden_rounds = [c.round for c in choices
                     if splits[c.round].drawn is None and c.face_down is None]
    table_hidden = view.phase == Phase.CHOOSE
    estimate = average_pair_gain(_known_of_them(view), ALL_CARDS ^ seen)
    sizes = [2] * (len(hidden_rounds) + table_hidden) + [1]
    totals = dict.fromkeys(legal, 0.0)
    weight_sum = 0.0
    for world in _placements(unseen, sizes):
        pairs = dict(zip(hidden_rounds, world, strict=False))
        table_down = world[len(hidden_rounds)] if table_hidden else 0
        reserve = mask_indices(world[-1])[0]
        hands, blind = [0, 0], [0, 0]  # blind[p]: the other's cards p never saw
        weight = 1.0
        for choice in choices:
            split = splits[choice.round]
            if choice.round in pairs:
                down = pairs[choice.round]
            elif split.drawn is not None:
                down = split.drawn ^ split.face_up
            else:
                assert choice.face_down is not None
                down = choice.face_down
            splitter, chooser = split.splitter, choice.chooser
            if splitter == them:
                weight *= split_likelihood(hands[them], hands[me], split.face_up | down, split.face_up, estimate)
            else:
                weight *= choice_likelihood(hands[them], split.face_up, choice.took_face_up, estimate)
            if choice.took_face_up:
                hands[chooser] |= split.face_up
                hands[splitter] |= down
                blind[chooser] |= down
            else:
                hands[chooser] |= down
                hands[splitter] |= split.face_up
        if table_hidden:
            weight *= split_likelihood(hands[them], hands[me], view.offer | table_down, view.offer, estimate)
        weight_sum += weight
        for action in legal:
            h, b = list(hands), list(blind)
            if table_hidden:
                took_up = action == act.TAKE_FACE_UP
                h[me] |= view.offer if took_up else table_down
                h[them] |= table_down if took_up else view.offer
                if took_up:
                    b[me] |= table_down
            else:
                x, y = act.PAIRS[action - act.SPLIT]
                up = (1 << x) | (1 << y)
                down = view.drawn ^ up
                if gain(h[them], up) >= estimate:
                    h[them] |= up
                    h[me] |= down
                    b[them] |= down
                else:
                    h[them] |= down
                    h[me] |= up
            totals[action] += weight * play_reserve(view, h, b, reserve)
    return {action: total / weight_sum for action, total in totals.items()}


def play_reserve(view: PlayerView, hands: list[int], blind: list[int], reserve: int) -> float:
    first = view.reserve_first
    second = 1 - first
    h = list(hands)
    give = reserve_choice(h[first], blind[first] | (1 << reserve))
    now = reserve
    if give is not None:
        h[first] = h[first] ^ (1 << give) | (1 << reserve)
        now = give
        unplaced = blind[second] | (1 << reserve)
        if view.options.face_up_swap:
            candidates = 1 << give
        elif unplaced.bit_count() < 2:  # it knew the old reserve: the first side took it
            candidates = ALL_CARDS ^ h[second] ^ (1 << reserve)
        else:
            candidates = ALL_CARDS ^ h[second]
    else:
        candidates = blind[second] | (1 << reserve)
    give = reserve_choice(h[second], candidates)
    if give is not None:
        h[second] = h[second] ^ (1 << give) | (1 << now)
    return result(h[view.player], h[view.opponent])


def _known_of_them(view: PlayerView) -> int:
    from divided.games.divided_ranks.knowledge import knowledge

    return knowledge(view).opponent_known


def _placements(cards: list[int], sizes: list[int]) -> list[list[int]]:
    if not sizes:
        return [[]]
    out = []
    for group in combinations(cards, sizes[0]):
        rest = [c for c in cards if c not in group]
        mask = sum(1 << c for c in group)
        out.extend([mask, *tail] for tail in _placements(rest, sizes[1:]))
    return out


# -- the tests ---------------------------------------------------------------------------------

def round_five(seed: int, phase: Phase, swap: str) -> State:  # type: ignore[type-arg]
    """The first round-5 decision of ``phase`` in a seeded game of the skilled bot and the
    random bot (so that some past pairs went unseen)."""
    from divided.bots import make_bot

    state = games.load("divided-ranks", swap=swap).new_initial_state(seed=seed)
    bots = [make_bot("divided-ranks", "skilled"), make_bot("divided-ranks", "random")]
    import random

    rng = random.Random(seed)
    while not state.is_terminal():
        player = state.current_player()
        view = state.observation(player)
        if view.phase == phase and view.round == 4:
            return state
        state.apply_action(bots[player].choose(view, state.legal_actions(), rng))
    raise AssertionError("no such decision")


LATE = [("issue", 29), ("issue", 30), (3, Phase.SPLIT), (4, Phase.CHOOSE),
        (5, Phase.CHOOSE), (6, Phase.SPLIT)]


@pytest.mark.parametrize(("where", "what"), LATE)
def test_late_draft_values_equal_the_brute_force(where: object, what: object) -> None:
    if where == "issue":
        assert isinstance(what, int)
        state = position(ISSUE_RECORD, what)
    else:
        assert isinstance(where, int) and isinstance(what, Phase)
        state = round_five(where, what, "face-up" if where % 2 else "blind")
    seat = state.current_player()
    view, legal = state.observation(seat), list(state.legal_actions())
    assert view.stock_size == 0
    found = draft_values(view, legal, view_rng(view), budget=100, epsilon=EPSILON, beta=BETA)
    assert found.exact and all(e == 0.0 for e in found.errors.values())
    expected = brute_force(view, legal)
    for action in legal:
        assert found.values[action] == pytest.approx(expected[action], abs=1e-12), action


def test_the_issue_record_split_is_valued_through_the_reserve() -> None:
    """Move 29 was once '0% to win, you lost 100 points': the playouts stopped before the
    reserve. Valued through the reserve (the playouts of the expert without the solved last
    round, which this module serves), the played split keeps a real chance to win."""
    state = position(ISSUE_RECORD, 29)
    view, legal = state.observation(0), list(state.legal_actions())
    decision = expert_decision(view, legal, endgame=None)
    assert decision.exact
    assert decision.values[169] == pytest.approx(brute_force(view, legal)[169], abs=1e-12)
    assert decision.values[169] > 0.5


def test_same_view_same_values_whatever_was_asked_before() -> None:
    state = position(ISSUE_RECORD, 22)  # seat 1 chooses in round 1: sampled, not exact
    other = position(ISSUE_RECORD, 23)
    view, legal = state.observation(1), list(state.legal_actions())
    first = expert_decision(view, legal)
    assert not first.exact
    expert_decision(other.observation(other.current_player()), list(other.legal_actions()))
    again = expert_decision(view, list(reversed(legal)))
    assert again.values == first.values and again.errors == first.errors and again.choice == first.choice
    salted = expert_decision(view, legal, salt=1)
    assert salted.values != first.values  # a different salt is a different sample
    for action in legal:  # ... of the same quantity
        assert abs(salted.values[action] - first.values[action]) < 5 * max(first.errors[action], 0.002)


@pytest.mark.parametrize("move", [21, 22, 23, 24, 25, 26])
def test_every_standard_error_is_reported_and_at_most_one_point(move: int) -> None:
    state = position(ISSUE_RECORD, move)
    seat = state.current_player()
    view, legal = state.observation(seat), list(state.legal_actions())
    decision = expert_decision(view, legal)
    assert set(decision.errors) == set(legal) == set(decision.values)
    for action in legal:
        assert 0.0 <= decision.errors[action] <= TARGET_SE <= 0.01
        assert 0.0 <= decision.loss_errors[action] <= 0.05
    assert decision.loss_errors[decision.choice] == 0.0
    # the standard error means what it says: a fresh salt lands within a few errors
    other = expert_decision(view, legal, salt=7)
    for action in legal:
        gap = abs(other.values[action] - decision.values[action])
        assert gap <= 5 * math.hypot(decision.errors[action], other.errors[action]) + 1e-12


def test_the_bot_the_hint_and_the_review_choose_alike() -> None:
    """Before the last round the bot's move is the hint's and the review's choice whatever its
    rng; in the solved last round the bot draws from its mix, whose most played action is the
    hint's and the review's choice."""
    import random

    bot = ExpertBot(budget=REVIEW_BUDGET)
    for move in (21, 22, 25, 29, 31, 33):
        state = position(ISSUE_RECORD, move)
        seat = state.current_player()
        view, legal = state.observation(seat), list(state.legal_actions())
        choice = expert_decision(view, legal).choice
        policy = bot.action_probabilities(view, legal)
        if move < 29:
            assert bot.choose(view, legal, random.Random(move)) == bot.choose(view, legal, random.Random(-move)) \
                == choice and policy[choice] == 1.0
        else:
            assert policy[choice] == max(policy.values())
            assert all(policy[bot.choose(view, legal, random.Random(draw))] > 0 for draw in range(20))


def test_a_lab_budget_is_quick_and_still_reports_its_error() -> None:
    state = position(ISSUE_RECORD, 22)
    view, legal = state.observation(1), list(state.legal_actions())
    began = time.perf_counter()
    decision = ExpertBot(budget=160).decide(view, legal)
    assert time.perf_counter() - began < 2.0
    assert decision.worlds == 160 and not decision.exact
    assert all(0.01 < e < 0.1 for e in decision.errors.values())  # 160 worlds: a few points


def test_bad_input_is_refused() -> None:
    state = position(ISSUE_RECORD, 31)
    view = state.observation(state.current_player())
    with pytest.raises(ValueError, match="split and choose"):
        draft_values(view, list(state.legal_actions()), np.random.default_rng(0), budget=10,
                     epsilon=EPSILON, beta=BETA)
    draft = position(ISSUE_RECORD, 22)
    with pytest.raises(ValueError, match="budget"):
        draft_values(draft.observation(1), list(draft.legal_actions()), np.random.default_rng(0), budget=0,
                     epsilon=EPSILON, beta=BETA)
    with pytest.raises(ValueError, match="batch"):
        draft_values(draft.observation(1), list(draft.legal_actions()), np.random.default_rng(0), budget=10,
                     epsilon=EPSILON, beta=BETA, batch=0)
    with pytest.raises(ValueError, match="no legal actions"):
        expert_decision(view, [])


def test_the_thread_setting_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("numba")
    for bad in ("0", "-1", "two", "1.5"):
        monkeypatch.setenv("DIVIDED_THREADS", bad)
        with pytest.raises(ValueError, match="DIVIDED_THREADS"):
            threads()
    monkeypatch.setenv("DIVIDED_THREADS", " 3 ")
    assert threads() == 3
    monkeypatch.delenv("DIVIDED_THREADS")
    assert 1 <= threads() <= 2


def test_the_view_seed_does_not_depend_on_the_process() -> None:
    """Another process (another hash seed) draws the same worlds for the same view."""
    import os
    import subprocess
    import sys

    code = ("from divided import games; from divided.games import GameRecord; "
            "from divided.bots.divided_ranks.expert import expert_decision; import sys; "
            f"r = GameRecord('divided-ranks', {{'first_splitter': 0}}, None, {ISSUE_RECORD.actions[:22]!r}); "
            "s = games.replay(r); print(expert_decision(s.observation(1), s.legal_actions(), budget=256).values)")
    outputs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
        outputs.add(done.stdout)
    state = position(ISSUE_RECORD, 22)
    here = expert_decision(state.observation(1), list(state.legal_actions()), budget=256).values
    assert outputs == {f"{here}\n"}


def test_a_sharper_comparison_stops_when_its_caller_has_enough() -> None:
    """The review's closer look asks after every batch (of :data:`CLOSER_BATCH` worlds) whether it
    has enough: stopping after three batches gives exactly the comparison a budget of three
    batches gives (the same worlds, a function of the view and the salt), and the same again when
    asked again."""
    state = position(ISSUE_RECORD, 22)  # seat 1 chooses in round 1: sampled
    view, legal = state.observation(1), list(state.legal_actions())
    pair = (legal[0], legal[1])
    bot = ExpertBot(budget=REVIEW_BUDGET)
    asked: list[int] = []

    def enough(found: Evaluation) -> bool:
        asked.append(found.worlds)
        return len(asked) == 3

    stopped = bot.refine(view, pair, salt=5, target=0.0015, budget=200_000, enough=enough)
    assert asked == [CLOSER_BATCH, 2 * CLOSER_BATCH, 3 * CLOSER_BATCH] and stopped.worlds == 3 * CLOSER_BATCH
    capped = bot.refine(view, pair, salt=5, target=0.0015, budget=3 * CLOSER_BATCH)
    assert (stopped.values, stopped.errors) == (capped.values, capped.errors)
    assert stopped.difference_error(*pair) == capped.difference_error(*pair) > 0.0
    other = bot.refine(view, pair, salt=6, target=0.0015, budget=3 * CLOSER_BATCH)
    assert other.values != capped.values  # another salt, other worlds


@pytest.mark.parametrize("scoring", list(Scoring))
def test_the_compiled_reserve_choice_answers_as_numpy_does(scoring: Scoring) -> None:
    """The compiled loop against the numpy one on random hands and candidate sets (0 to 11
    candidates, so ties, keeps and empty sets all occur)."""
    pytest.importorskip("numba")
    from divided.bots.divided_ranks import draft_values as dv

    rng = np.random.default_rng(11)
    n = 3000
    perm = np.array([rng.permutation(21) for _ in range(n)], dtype=np.int64)
    hand = np.bitwise_or.reduce(np.left_shift(1, perm[:, :10]), axis=1)
    count = rng.integers(0, 12, n)
    cand = np.bitwise_or.reduce(np.where(np.arange(11) < count[:, None], np.left_shift(1, perm[:, 10:]), 0), axis=1)
    expected = dv._reserve_choice(dv._keys(scoring), hand, cand)
    assert set(np.unique(expected)) > {-1}  # keeps and gives both occur
    found = np.empty(n, dtype=np.int64)
    dv._compiled.reserve_choice(*dv._compact_keys(scoring), hand, cand, dv.ALL_CARDS, found)
    assert np.array_equal(found, expected)


def test_compiled_playouts_give_numpys_results_bit_for_bit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole evaluations (replay, the rest of the draft, both reserve turns, the build) with the
    compiled loops, on one, two and three threads, and with numpy alone: the same weights and
    results, exactly, at split and choose decisions of every round under every reserve order."""
    pytest.importorskip("numba")
    import random

    from divided.bots.divided_ranks import draft_values as dv

    compiled = dv._compiled
    checked = 0
    for seed, order in enumerate(["literal", "coin", "splitter-first"] * 3):
        state = games.load("divided-ranks", reserve_order=order).new_initial_state(seed)
        rng = random.Random(seed)
        while state.core.phase in (Phase.SPLIT, Phase.CHOOSE):
            view = state.observation(state.current_player())
            legal = state.legal_actions()
            position = dv._Position(view, 0.3, 1.0)
            worlds = position.sampled_worlds(np.random.default_rng(seed), 3 * MIN_SHARE)  # up to three pieces
            monkeypatch.setattr(dv, "_compiled", None)
            expected = position.evaluate(worlds, legal)
            monkeypatch.setattr(dv, "_compiled", compiled)
            for count in ("1", "2", "3"):
                monkeypatch.setenv("DIVIDED_THREADS", count)
                found = position.evaluate(worlds, legal)
                assert np.array_equal(found[0], expected[0]) and np.array_equal(found[1], expected[1]), count
            checked += 1
            state.apply_action(rng.choice(legal))
    assert checked >= 80


@pytest.mark.parametrize("sizes", [[1], [2, 1], [2, 2, 1], [4, 1], [2, 4, 1], [2, 2, 2, 1], [4, 2, 1], [1, 1, 2]])
def test_placement_rows_are_every_placement_in_order(sizes: list[int]) -> None:
    """Brute force: every permutation whose groups are each ascending, in lexicographic order
    (the order the exact values are summed in)."""
    import itertools

    from divided.bots.divided_ranks.draft_values import placement_rows

    n = sum(sizes)
    bounds = list(itertools.accumulate([0, *sizes]))
    expected = [list(p) for p in itertools.permutations(range(n))
                if all(list(p[a:b]) == sorted(p[a:b]) for a, b in itertools.pairwise(bounds))]
    assert placement_rows(n, sizes).tolist() == sorted(expected)
    with pytest.raises(ValueError):
        placement_rows(n + 1, sizes)


def test_the_compiled_loops_value_every_holding_as_the_value_table_does() -> None:
    """The values the compiled rest of the draft sums from rank parts are the table's, bit for
    bit, for every mask of the pack (the rules' order of additions)."""
    nb = pytest.importorskip("numba")
    from divided.bots.divided_ranks import draft_kernel
    from divided.bots.divided_ranks import draft_values as dv

    @nb.njit
    def every_value(parts: np.ndarray, count: int) -> np.ndarray:  # pragma: no cover - compiled
        out = np.empty(count)
        for mask in range(count):
            out[mask] = draft_kernel._value(parts, mask)
        return out

    table = dv._values()
    found = every_value(draft_kernel.value_parts(table), len(table))
    assert np.array_equal(found.view(np.int64), table.view(np.int64))


def _first_values(_: object = None) -> dict[int, float]:
    state = games.load("divided-ranks").new_initial_state(0)
    view = state.observation(state.current_player())
    return draft_values(view, state.legal_actions()[:2], np.random.default_rng(0), budget=4096,
                        epsilon=EPSILON, beta=BETA).values


def test_a_forked_process_values_worlds_on_its_own_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """A child forked after the parent's threads started inherits the pool but not its threads:
    it makes its own, and values as the parent does (a pool without threads would never answer)."""
    pytest.importorskip("numba")
    import multiprocessing

    monkeypatch.setenv("DIVIDED_THREADS", "2")
    expected = _first_values()  # the parent's pool exists now
    with multiprocessing.get_context("fork").Pool(1) as pool:
        found = pool.apply_async(_first_values).get(timeout=120)
    assert found == expected


def test_a_batch_is_valued_even_when_the_helper_thread_is_busy(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a busy machine the helper thread may not start before the calling thread has valued
    every piece: the caller then calls it off instead of waiting, and the values are the same."""
    pytest.importorskip("numba")
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from divided.bots.divided_ranks import draft_values as dv

    state = position(ISSUE_RECORD, 22)
    view, legal = state.observation(1), list(state.legal_actions())
    place = dv._Position(view, EPSILON, BETA)
    worlds = place.sampled_worlds(np.random.default_rng(3), 2 * MIN_SHARE)
    monkeypatch.setenv("DIVIDED_THREADS", "1")
    expected = place.evaluate(worlds, legal)
    busy, release = ThreadPoolExecutor(1), threading.Event()
    busy.submit(release.wait)  # the pool's only thread is taken
    monkeypatch.setattr(dv, "_executor", lambda size: busy)
    monkeypatch.setenv("DIVIDED_THREADS", "2")
    found: list[tuple[object, object]] = []
    caller = threading.Thread(target=lambda: found.append(place.evaluate(worlds, legal)))
    try:
        caller.start()
        caller.join(timeout=60)
        assert not caller.is_alive(), "the caller waited for a helper that never started"
    finally:
        release.set()
        busy.shutdown()
    weight, results = found[0]
    assert np.array_equal(weight, expected[0]) and np.array_equal(results, expected[1])


def test_a_helper_thread_runs_at_its_callers_lowered_priority(monkeypatch: pytest.MonkeyPatch) -> None:
    """A server's review lowers its thread's priority (:mod:`divided.priority`); a helper thread
    made earlier at normal priority lowers its own to match before it values worlds for it."""
    pytest.importorskip("numba")
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from divided.bots.divided_ranks import draft_values as dv
    from divided.priority import BACKGROUND_NICE, SUPPORTED, run_in_background, thread_nice

    if not SUPPORTED:
        pytest.skip("thread priorities are per process here")
    state = position(ISSUE_RECORD, 22)
    view, legal = state.observation(1), list(state.legal_actions())
    place = dv._Position(view, EPSILON, BETA)
    worlds = place.sampled_worlds(np.random.default_rng(3), 4 * MIN_SHARE)
    helpers = ThreadPoolExecutor(1)  # its thread starts here, at this thread's priority
    assert helpers.submit(thread_nice).result() == thread_nice() < BACKGROUND_NICE
    monkeypatch.setattr(dv, "_executor", lambda size: helpers)
    monkeypatch.setenv("DIVIDED_THREADS", "2")

    def review() -> None:
        run_in_background()
        for _ in range(20):  # until the helper has taken a piece (a busy machine may call it off)
            place.evaluate(worlds, legal)
            if helpers.submit(thread_nice).result() >= BACKGROUND_NICE:
                return

    try:
        caller = threading.Thread(target=review)
        caller.start()
        caller.join(timeout=120)
        assert helpers.submit(thread_nice).result() >= BACKGROUND_NICE
    finally:
        helpers.shutdown()
