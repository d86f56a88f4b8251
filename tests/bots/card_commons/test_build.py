"""The build values (ruling C7) against independent expectations: the 56 x 56 matrix game built
from the engine's own comparisons and solved by brute force (iterated dominance, then every
square sub-matrix: Shapley and Snow), hand-worked positions (C7's example, a saddle point, the
match at 4-2), and the Bayesian equilibrium checked split by split from the full state."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import numpy as np
import pytest

from divided import games
from divided.bots.card_commons.build import (
    analyse_build,
    best_build,
    build_mix,
    build_values,
    solve,
    splits_of,
    value_splits,
)
from divided.bots.card_commons.match import LOSE, TIE, WIN, Situation, Table, points_payoffs, round_payoffs
from divided.cards import PACK_21, mask_indices
from divided.games.card_commons import CardCommonsRules, CardCommonsState
from divided.games.card_commons import actions as act
from divided.games.card_commons.rules import build_actions, compare_round

m = PACK_21.parse_mask
MINE_C7 = m("Ks Kh Kd Qs Qh Jc Tc Ad")
THEIRS_C7 = m("As Ah Ac Js Jh Td Th Jd")


def threes_of(collection: int) -> list[int]:
    return [sum(1 << c for c in combo) for combo in itertools.combinations(mask_indices(collection), 3)]


def outcome(winner: int | None, me: int) -> int:
    return TIE if winner is None else WIN if winner == me else LOSE


def matrix(mine: int, theirs: int, table: Table) -> tuple[list[int], list[int], np.ndarray]:
    """My payoff for every pair of splits, from the engine's comparisons (seat 0 is me)."""
    rows, cols = threes_of(mine), threes_of(theirs)
    a = np.zeros((len(rows), len(cols)))
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            five, three = compare_round((mine, theirs), (r, c))
            a[i, j] = table[outcome(five, 0)][outcome(three, 0)]
    return rows, cols, a


def reduce(a: np.ndarray) -> np.ndarray:
    """Iterated removal of weakly dominated rows (I maximise) and columns (they minimise): the
    value of a zero-sum game is unchanged."""
    rows, cols = list(range(a.shape[0])), list(range(a.shape[1]))
    changed = True
    while changed:
        changed = False
        for i in list(rows):
            sub = a[np.ix_(rows, cols)]
            k = rows.index(i)
            if any(o != k and (sub[o] >= sub[k]).all() and ((sub[o] > sub[k]).any() or o < k)
                   for o in range(len(rows))):
                rows.remove(i)
                changed = True
        for j in list(cols):
            sub = a[np.ix_(rows, cols)]
            k = cols.index(j)
            if any(o != k and (sub[:, o] <= sub[:, k]).all() and ((sub[:, o] < sub[:, k]).any() or o < k)
                   for o in range(len(cols))):
                cols.remove(j)
                changed = True
    return a[np.ix_(rows, cols)]


def kernel_value(a: np.ndarray) -> float:
    """The value of a matrix game by trying every square sub-matrix for an equalising pair of
    strategies that no pure strategy beats (Shapley and Snow: one always exists)."""
    rows, cols = a.shape
    for k in range(1, min(rows, cols) + 1):
        for r in itertools.combinations(range(rows), k):
            for c in itertools.combinations(range(cols), k):
                sub = a[np.ix_(r, c)]
                system = np.zeros((k + 1, k + 1))
                system[:k, :k] = sub.T
                system[:k, k] = -1.0
                system[k, :k] = 1.0
                rhs = np.zeros(k + 1)
                rhs[k] = 1.0
                try:
                    x = np.linalg.solve(system, rhs)
                    system[:k, :k] = sub
                    y = np.linalg.solve(system, rhs)
                except np.linalg.LinAlgError:
                    continue
                if (x[:k] < -1e-9).any() or (y[:k] < -1e-9).any() or abs(x[k] - y[k]) > 1e-9:
                    continue
                full_x = np.zeros(rows)
                full_x[list(r)] = x[:k]
                full_y = np.zeros(cols)
                full_y[list(c)] = y[:k]
                if (full_x @ a >= x[k] - 1e-9).all() and (a @ full_y <= x[k] + 1e-9).all():
                    return float(x[k])
    raise AssertionError("no kernel found")


def disjoint_collections(seed: int) -> tuple[int, int]:
    cards = random.Random(seed).sample(range(PACK_21.size), 16)
    return sum(1 << c for c in cards[:8]), sum(1 << c for c in cards[8:])


TABLES = {"points": points_payoffs(), "0-0": round_payoffs(Situation(0, 0)), "4-2": round_payoffs(Situation(4, 2)),
          "3-3": round_payoffs(Situation(3, 3)), "2-4": round_payoffs(Situation(2, 4, i_start=False))}
POSITIONS = [(MINE_C7, THEIRS_C7), (m("Ts Js Qs Ks As Ah Ad Ac"), m("Th Jd Qc Kh Tc Jh Qd Kc")),
             *(disjoint_collections(seed) for seed in range(4)),
             *(pytest.param(disjoint_collections(seed), marks=pytest.mark.slow) for seed in range(100, 104))]


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: PACK_21.format_mask(p[0]).replace(" ", "")
                         if isinstance(p, tuple) else None)
@pytest.mark.parametrize("aim", list(TABLES))
def test_known_reserves_match_the_brute_force_matrix_game(position: tuple[int, int], aim: str) -> None:
    """With both reserved cards known the build is the 56 x 56 matrix game: the opponent's
    strategy holds me to the brute-force value, mine guarantees it, and every split's value is
    its row of the matrix against the opponent's strategy."""
    mine, theirs = position
    table = TABLES[aim]
    rows, cols, a = matrix(mine, theirs, table)
    reduced = reduce(a)
    assert reduced.shape[0] * reduced.shape[1] <= 100  # the brute force stays small
    value = kernel_value(reduced)
    solution = solve([mine], [theirs], [[1.0]], table)
    order = [act.build(t) for t in splits_of(theirs).threes]
    tau = np.array([solution.theirs[0][order.index(act.build(c))] for c in cols])
    sigma_order = [act.build(t) for t in splits_of(mine).threes]
    sigma = np.array([solution.mine[0][sigma_order.index(act.build(r))] for r in rows])
    assert (a @ tau).max() == pytest.approx(value, abs=1e-9)
    assert (sigma @ a).min() == pytest.approx(value, abs=1e-9)
    assert solution.gap == pytest.approx(0.0, abs=1e-9)
    values = {v.action: v.value for v in value_splits(mine, [theirs], [1.0], solution.theirs, table)}
    for i, r in enumerate(rows):
        assert values[act.build(r)] == pytest.approx(float(a[i] @ tau), abs=1e-12)


def test_saddle_point_by_hand() -> None:
    """A royal flush and three aces beat anything the other Collection can make (its best 3-card
    hand is a flush: no three cards of a suit in sequence): that split wins both comparisons
    whatever they do, 3 points to 0."""
    mine, theirs = POSITIONS[1]
    solution = solve([mine], [theirs], [[1.0]], points_payoffs())
    best = value_splits(mine, [theirs], [1.0], solution.theirs, points_payoffs(), solution.mine[0])[0]
    assert (PACK_21.format_mask(best.five), PACK_21.format_mask(best.three)) == ("Ts Js Qs Ks As", "Ah Ad Ac")
    assert (best.points_for, best.points_against, best.five_win, best.three_win, best.mix) == (3.0, 0.0, 1.0, 1.0, 1.0)


def test_c7_strongest_five_first_loses_points() -> None:
    """C7's example: against their strongest-5-card-first split (aces full of jacks | a pair of
    tens), my strongest 5-card hand (kings full of queens) loses both comparisons, 0 points; kings
    as my 3-card hand beat their pair of tens, 1 point."""
    theirs_split = m("Jd Td Th")
    strongest_first = m("Jc Tc Ad")
    kings_small = m("Ks Kh Kd")
    assert compare_round((MINE_C7, THEIRS_C7), (strongest_first, theirs_split)) == (1, 1)  # they win both
    assert compare_round((MINE_C7, THEIRS_C7), (kings_small, theirs_split)) == (1, 0)  # my 3-card hand wins
    strategy = np.zeros(56)
    strategy[list(splits_of(THEIRS_C7).threes).index(theirs_split)] = 1.0
    values = value_splits(MINE_C7, [THEIRS_C7], [1.0], [strategy], points_payoffs())
    by_three = {v.three: v for v in values}
    assert by_three[strongest_first].points_for == 0.0 and by_three[kings_small].points_for == 1.0
    assert values[0].points_for == 1.0 and values[0].three_win == 1.0
    # Against their sound (equilibrium) build my best split is worth the brute-force value, -5/3.
    solution = solve([MINE_C7], [THEIRS_C7], [[1.0]], points_payoffs())
    best = value_splits(MINE_C7, [THEIRS_C7], [1.0], solution.theirs, points_payoffs(), solution.mine[0])[0]
    assert best.value == pytest.approx(-5 / 3)


def test_four_two_the_three_card_point_wins_the_match() -> None:
    """Their reserved card is the Ts or the Qh (even chances) and they play their strongest 5-card
    hand first: queens full of jacks | Ts Kc Jk, or four queens | Js Jh Jk. My aces full of kings
    wins the 5-card comparison only against the first (with Th Jc Ks winning the 3-card one there):
    1.5 points each on average. My three aces lose the 5-card comparison to both, but the kings as
    my 3-card hand beat both their 3-card hands: 1 point to 2. At 0-0 (points) the first is
    better; at 4-2 the 3-card point alone wins the match (5-4), so the second wins it for sure
    and the first only half the time."""
    mine = m("Th Jc Ks Kh Kd As Ah Ac")
    face_up = m("Js Jh Qs Qd Qc Kc Jk")
    theirs = [face_up | m("Ts"), face_up | m("Qh")]
    strategies = []
    for collection, three in zip(theirs, (m("Ts Kc Jk"), m("Js Jh Jk")), strict=True):
        strategy = np.zeros(56)
        strategy[list(splits_of(collection).threes).index(three)] = 1.0
        strategies.append(strategy)
    gamble, sure = m("Th Jc Ks"), m("Th Ks Kh")
    points = {v.three: v for v in value_splits(mine, theirs, [0.5, 0.5], strategies, points_payoffs())}
    assert (points[gamble].points_for, points[gamble].points_against) == (1.5, 1.5)
    assert (points[sure].points_for, points[sure].points_against) == (1.0, 2.0)
    assert max(v.margin for v in points.values()) == 0.0
    at_four_two = value_splits(mine, theirs, [0.5, 0.5], strategies, round_payoffs(Situation(4, 2)))
    by_three = {v.three: v for v in at_four_two}
    assert by_three[gamble].match_win == 0.5 and by_three[sure].match_win == 1.0
    assert at_four_two[0].match_win == 1.0 and at_four_two[0].three_win == 1.0


# -- the Bayesian game, from real build positions ------------------------------------------------
RULES = CardCommonsRules()


def build_position(seed: int, scores: tuple[int, int] | None = None) -> CardCommonsState:
    """A build position after a random draft (at another score if given: the same cards)."""
    state = games.load("card-commons", first_starter=seed % 2).new_initial_state(seed=seed)
    rng = random.Random(seed)
    while state.core.phase != "build":
        state.apply_action(rng.choice(state.legal_actions()))
    return state.core if scores is None else replace(state.core, scores=scores)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_values_are_consistent_and_complete(seed: int) -> None:
    core = build_position(seed)
    player = RULES.current_player(core)
    view = RULES.observe(core, player)
    analysis = analyse_build(view)
    values = analysis.splits
    assert sorted(v.action for v in values) == build_actions(core.collection(player))
    assert best_build(view) == values[0].action
    assert values[0].action in RULES.legal_actions(core)
    assert analysis.gap == pytest.approx(0.0, abs=1e-9)
    assert sum(v.mix for v in values) == pytest.approx(1.0)
    for v in values:
        assert v.five | v.three == view.collection and v.three.bit_count() == 3
        for win, tie in ((v.five_win, v.five_tie), (v.three_win, v.three_tie)):
            assert -1e-12 <= win <= 1 + 1e-12 and tie >= -1e-12 and win + tie <= 1 + 1e-12
        assert v.points_for + v.points_against == pytest.approx(3 + 2 * v.five_tie + v.three_tie)
        assert 0.0 <= v.match_win <= 1.0
    assert all(a.value >= b.value - 1e-9 for a, b in itertools.pairwise(values))
    assert all(v.value == v.match_win for v in values)
    points = analyse_build(view, aim_for="points")
    assert all(a.value >= b.value - 1e-9 for a, b in itertools.pairwise(points.splits))
    for v in points.splits:
        assert v.value == pytest.approx(v.margin) and 0.0 <= v.match_win <= 1.0
    assert build_values(view) == list(values)
    mix = build_mix(view)
    assert sorted(mix) == RULES.legal_actions(core) and sum(mix.values()) == pytest.approx(1.0)
    assert all(p >= 0 for p in mix.values()) and mix[values[0].action] > 0


@pytest.mark.parametrize("seed", [4, 5])
def test_values_do_not_depend_on_hidden_cards(seed: int) -> None:
    """Swapping the opponent's reserved card with the card set aside changes nothing the viewer
    sees, so nothing in the values."""
    core = build_position(seed)
    player = RULES.current_player(core)
    other = 1 - player
    reserved = (core.aside, core.reserved[1]) if other == 0 else (core.reserved[0], core.aside)
    swapped = replace(core, reserved=reserved, aside=core.reserved[other])
    assert RULES.observe(swapped, player) == RULES.observe(core, player)
    assert build_values(RULES.observe(swapped, player)) == build_values(RULES.observe(core, player))


def _payoff(mine: int, my_three: int, theirs: int, their_three: int, table: Table) -> float:
    five, three = compare_round((mine, theirs), (my_three, their_three))
    return table[outcome(five, 0)][outcome(three, 0)]


@pytest.mark.parametrize("seed", [6, 7, *(pytest.param(s, marks=pytest.mark.slow) for s in range(100, 105))])
def test_bayesian_equilibrium_split_by_split(seed: int) -> None:
    """From the full state: the four cards the viewer has not seen are the opponent's reserved
    card, their discards and the card set aside; in each world (their reserved card y, the card
    set aside a) they believe mine uniform over what they have not seen (my reserved card, my
    discards, a). No split of theirs (all 56, payoffs from the engine) beats their strategy in
    any of their types, and none of mine beats my value under my belief (y uniform)."""
    core = build_position(seed)
    me = RULES.current_player(core)
    other = 1 - me
    unseen = core.reserved[other] | core.discards[other] | core.aside
    known = core.reserved[me] | core.discards[me]
    table = round_payoffs(Situation(core.scores[me], core.scores[other], i_start=core.starter == me))
    my_face, their_face = core.face_up[me], core.face_up[other]
    my_types = [1 << c for c in mask_indices(known | unseen)]
    their_types = [(1 << y, 1 << a) for y in mask_indices(unseen) for a in mask_indices(unseen) if a != y]
    prior = [[1.0 if x & (known | a) else 0.0 for _, a in their_types] for x in my_types]
    solution = solve([my_face | x for x in my_types], [their_face | y for y, _ in their_types], prior, table)

    def mixed(collection: int, strategy: np.ndarray) -> list[tuple[int, float]]:
        threes = splits_of(collection).threes
        return [(threes[i], float(p)) for i, p in enumerate(strategy) if p > 0]

    for b, (y, a) in enumerate(their_types):
        theirs = their_face | y
        believed = [i for i, x in enumerate(my_types) if x & (known | a)]
        assert len(believed) == 4

        def theirs_value(their_three: int, theirs: int = theirs, believed: list[int] = believed) -> float:
            return sum(p * -_payoff(my_face | my_types[i], t, theirs, their_three, table)
                       for i in believed for t, p in mixed(my_face | my_types[i], solution.mine[i])) / 4

        played = sum(p * theirs_value(t) for t, p in mixed(theirs, solution.theirs[b]))
        assert max(theirs_value(t) for t in threes_of(theirs)) <= played + 1e-9
    values = build_values(RULES.observe(core, me))
    mine = core.collection(me)
    for v in values[:3] + values[-2:]:
        direct = sum(p * _payoff(mine, v.three, their_face | y, t, table)
                     for b, (y, _) in enumerate(their_types)
                     for t, p in mixed(their_face | y, solution.theirs[b])) / len(their_types)
        assert v.match_win == pytest.approx(direct, abs=1e-12)
    me_type = my_types.index(core.reserved[me])
    my_value = sum(p * next(v.match_win for v in values if v.three == t)
                   for t, p in mixed(mine, solution.mine[me_type]))
    assert values[0].match_win == pytest.approx(my_value, abs=1e-9)
    # Every type of mine (as the opponent pictures me) plays a best response to them too.
    for i, x in enumerate(my_types):
        collection = my_face | x
        meets = [b for b, (_, a) in enumerate(their_types) if x & (known | a)]

        def my_value_of(three: int, collection: int = collection, meets: list[int] = meets) -> float:
            return sum(p * _payoff(collection, three, their_face | their_types[b][0], t, table)
                       for b in meets for t, p in mixed(their_face | their_types[b][0], solution.theirs[b])) / len(meets)

        played = sum(p * my_value_of(t) for t, p in mixed(collection, solution.mine[i]))
        assert max(my_value_of(t) for t in threes_of(collection)) <= played + 1e-9


def test_match_situation_changes_the_reason_and_the_values() -> None:
    me = RULES.current_player(build_position(10))
    at = {}
    for scores in ((0, 0), (4, 2) if me == 0 else (2, 4)):
        at[scores[me]] = analyse_build(RULES.observe(build_position(10, scores), me))
    assert "no one can reach 5" in at[0].reason
    assert "3-card point alone wins you the match" in at[4].reason
    # At 4-2 a split wins the match exactly when it wins a comparison, or as an extra round on a double tie.
    for v in at[4].splits:
        assert v.match_win >= max(v.five_win, v.three_win) - 1e-12
    # Here the split with the best points margin is not the best for the match, and the reason says so.
    best, most = at[4].splits[0], max(at[4].splits, key=lambda v: v.margin)
    assert most.margin > best.margin + 0.1 and most.match_win < best.match_win
    assert "the aim changes the build" in at[4].reason


def test_bad_views_are_refused() -> None:
    game = games.load("card-commons", first_starter=0)
    state = game.new_initial_state(seed=1)
    with pytest.raises(ValueError, match="at the build"):
        build_values(state.observation(0))
    core = build_position(1)
    with pytest.raises(ValueError, match="spectator"):
        build_values(RULES.observe(core, None))
    with pytest.raises(ValueError):
        splits_of(m("As Ah"))
    with pytest.raises(ValueError, match="aim"):
        build_values(RULES.observe(core, RULES.current_player(core)), aim_for="glory")


def test_building_second_changes_nothing() -> None:
    """Seat 0 builds first; seat 1's values are the same before and after that hidden commit."""
    core = build_position(9)
    before = build_values(RULES.observe(core, 1))
    after_core = RULES.apply(core, best_build(RULES.observe(core, 0)))
    assert RULES.current_player(after_core) == 1
    view = RULES.observe(after_core, 1)
    assert view.built == (True, False)
    assert build_values(view) == before
