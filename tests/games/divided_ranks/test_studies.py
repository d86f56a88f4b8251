"""The shortened games (``rounds`` < 5 with a public opening) and ``build=auto``.

Expectations come from the option texts: an opening of 5 - rounds rounds whose every card both
players see, the same in every game of one ``opening_seed``; auto-arrange's split for both
players when the build is automatic. Counts are worked out by hand in the comments.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from divided import games
from divided.errors import IllegalActionError
from divided.games import CHANCE, TERMINAL
from divided.games.divided_ranks import Phase, score
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.knowledge import knowledge
from divided.games.divided_ranks.rules import opening_cards
from divided.games.divided_ranks.view import SeenChoice
from divided.hands.arrange import arrange

NAME = "divided-ranks"


def deal_all(state: games.State, rng: random.Random) -> list[int]:  # type: ignore[type-arg]
    """Apply random chance outcomes until a player must act; return the outcome counts."""
    counts = []
    while state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
        counts.append(len(outcomes))
        state.apply_action(rng.choice(outcomes)[0])
    return counts


@pytest.mark.parametrize("rounds", [1, 2, 3, 4])
def test_opening_is_public_fixed_and_leaves_the_right_chance(rounds: int) -> None:
    game = games.load(NAME, rounds=rounds, opening_seed=11, first_splitter=0)
    opening = opening_cards(11, rounds)
    per_player = 2 * (5 - rounds)  # each opening round gives each player a pair
    hands_seen = set()
    for seed in range(20):
        state = game.new_initial_state()
        counts = deal_all(state, random.Random(seed))
        # The reserve is any of the 21 - 4k non-opening cards; the 4k opening cards are forced;
        # then the rounds' cards, 21 chance nodes in all, the last round's four forced.
        free = 21 - len(opening)
        assert counts[: 1 + len(opening)] == [free] + [1] * len(opening)
        assert len(counts) == 21 and counts[-4:] == [1, 1, 1, 1]
        core = state.core
        assert core.phase == Phase.SPLIT and core.round == 5 - rounds
        assert [c.bit_count() for c in core.hands] == [per_player, per_player]
        in_hands = core.hands[0] | core.hands[1]
        assert {i for i in range(21) if in_hands >> i & 1} == set(opening)
        hands_seen.add(core.hands)
        for player in (0, 1):
            books = knowledge(state.observation(player))
            assert books.opponent_known == core.hands[1 - player]  # every opening card is seen
            assert books.opponent_unknown == 0
            for card in opening:
                assert card not in books.unaccounted
            chooses = [e for e in state.observation(player).log if isinstance(e, SeenChoice)]
            assert all(e.face_down is not None and not e.took_face_up for e in chooses)
    assert len(hands_seen) == 1  # the same opening in every game of the study


@pytest.mark.parametrize(("rounds", "combinations"), [(1, 5), (2, 9 * 70)])
def test_every_reserve_and_round_set_is_equally_likely(rounds: int, combinations: int) -> None:
    # rounds=2: 9 cards are not in the opening: the reserve is one of 9, round 4 takes 4 of the
    # other 8 (70 sets), round 5 the rest. Walk the whole chance tree and add up probabilities.
    game = games.load(NAME, rounds=rounds, opening_seed=4, first_splitter=0)
    found: dict[tuple[int, frozenset[int]], float] = {}

    def walk(state: games.State[Any, Any], probability: float) -> None:
        if not state.is_chance_node():
            deal = state.core.deal
            key = (deal[0], frozenset(deal[-8:-4]) if rounds == 2 else frozenset())
            found[key] = found.get(key, 0.0) + probability
            return
        for action, chance in state.chance_outcomes():
            child = state.clone()
            child.apply_action(action)
            walk(child, probability * chance)

    walk(game.new_initial_state(), 1.0)
    assert len(found) == combinations
    assert all(abs(p * combinations - 1) < 1e-9 for p in found.values())


def test_different_seeds_give_different_openings() -> None:
    openings = {opening_cards(seed, 1) for seed in range(50)}
    assert len(openings) > 45
    assert all(len(set(o)) == 16 and all(0 <= c < 21 for c in o) for o in openings)
    assert opening_cards(3, 5) == ()


def test_opening_cards_are_forced_and_others_refused() -> None:
    state = games.load(NAME, rounds=1, opening_seed=2).new_initial_state()
    while state.core.phase != Phase.DEAL:
        state.apply_action(0)
    opening = opening_cards(2, 1)
    with pytest.raises(IllegalActionError):
        state.apply_action(opening[0])  # an opening card is never the reserve
    reserve = next(c for c in range(21) if c not in opening)
    state.apply_action(reserve)
    wrong = next(c for c in range(21) if c not in opening and c != reserve)
    before = state.core
    with pytest.raises(IllegalActionError):
        state.apply_action(wrong)
    assert state.core == before
    assert state.legal_actions() == [opening[0]]


def test_splitters_alternate_through_the_opening_and_the_reserve_order_follows() -> None:
    # rounds=2: opening rounds 1-3 are split by 0, 1, 0; real rounds 4 and 5 by 1 and 0. Player 0
    # splits three rounds, so under the literal rule player 1 goes first at the reserve.
    game = games.load(NAME, rounds=2, first_splitter=0)
    state = game.new_initial_state()
    rng = random.Random(4)
    deal_all(state, rng)
    assert state.current_player() == 1  # the splitter of round 4
    while state.core.phase != Phase.RESERVE:
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.current_player() == 1


@pytest.mark.parametrize("rounds", [5, 1])
def test_auto_build_ends_the_game_after_the_reserve_with_auto_arrange(rounds: int) -> None:
    game = games.load(NAME, rounds=rounds, build="auto")
    for seed in range(30):
        rng = random.Random(seed)
        state = game.new_initial_state()
        reserve_turns = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            assert state.core.phase != Phase.BUILD
            if state.core.phase == Phase.RESERVE:
                reserve_turns += 1
            state.apply_action(rng.choice(state.legal_actions()))
        assert reserve_turns == 2 and state.current_player() == TERMINAL
        core = state.core
        expected = tuple(arrange(hand, core.options.scoring).split for hand in core.hands)
        assert core.builds == expected
        assert core.outcome == score(core.hands, expected, core.options.scoring)


def test_full_game_is_unchanged_by_the_new_options() -> None:
    # Defaults: every card free at every deal step: 21, 20, ..., 1 outcomes.
    state = games.load(NAME, first_splitter=0).new_initial_state()
    counts = deal_all(state, random.Random(0))
    assert counts == list(range(21, 0, -1))
    assert state.core.round == 0 and state.core.hands == (0, 0)


def test_seeded_study_replays_from_its_record() -> None:
    game = games.load(NAME, rounds=1, opening_seed=9, build="auto")
    state = game.new_initial_state(seed=77)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    replayed = games.replay(state.record())
    assert replayed.core == state.core


def test_study_tree_size_by_hand() -> None:
    # rounds=1, build=auto, fixed splitter: 5 reserve cards (the last four cards are then one
    # set, dealt in pack order) x 6 splits x 2 choices x 11 x 11 reserve decisions (keep or
    # give one of ten) = 7,260 complete games.
    # Checked on one deal by walking every player decision from the split on.
    game = games.load(NAME, rounds=1, build="auto", first_splitter=0)
    state = game.new_initial_state()
    deal_all(state, random.Random(3))

    def leaves(node: games.State[Any, Any]) -> int:
        if node.is_terminal():
            return 1
        total = 0
        for action in node.legal_actions():
            child = node.clone()
            child.apply_action(action)
            total += leaves(child)
        return total

    assert leaves(state) == 6 * 2 * 11 * 11
    assert 5 * leaves(state) == 7_260



def _exchanged(position: games.State[Any, Any], options: dict[str, Any], a: int, b: int) -> games.State[Any, Any] | None:
    """``position`` with cards ``a`` and ``b`` exchanged everywhere (the deal, split pairs,
    gifts); the last round's cards re-dealt in pack order as the rules deal them. None if the
    result is not a legal game."""
    swap = {a: b, b: a}
    history = position.history()
    state = games.load(NAME, **options).new_initial_state()
    chance = 0
    while chance < len(history) and state.is_chance_node():
        state.apply_action(history[chance])
        chance += 1
    coins = history[: chance - 21]
    deal = [swap.get(card, card) for card in history[chance - 21 : chance]]
    deal = deal[:17] + sorted(deal[17:])  # the reserve, the 16 opening cards, the round in pack order
    state = games.load(NAME, **options).new_initial_state()
    for action in [*coins, *deal, *history[chance:]]:
        phase = state.core.phase
        new = action
        if phase == Phase.SPLIT:
            x, y = act.PAIRS[action]
            new = act.split_action(swap.get(x, x), swap.get(y, y))
        elif phase == Phase.RESERVE and act.is_give(action):
            new = act.give_action(swap.get(action - act.GIVE, action - act.GIVE))
        legal = [c for c, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        if new not in legal:
            return None
        state.apply_action(new)
    return state


@pytest.mark.parametrize("options", [{"swap": "blind"}, {"swap": "face-up", "build": "auto"}])
def test_views_change_exactly_when_a_seen_card_moves(options: dict[str, Any]) -> None:
    # Independent of the view code: which cards a player has seen comes from the rules' text
    # (seen_by, shared with the full game's no-leak tests). Exchange two of the five cards
    # outside the opening (the reserve and the round's cards) throughout a game: the player's
    # view must stay the same when neither card was seen by that player, and change when one
    # was (two seen cards may share a place, a pair, so that case proves nothing).
    from test_hidden_information import seen_by

    options = {"rounds": 1, "opening_seed": 6, **options}
    opening = set(opening_cards(6, 1))
    free = [c for c in range(21) if c not in opening]
    same = moved = 0
    for seed in range(25):
        rng = random.Random(seed)
        state = games.load(NAME, **options).new_initial_state()
        positions = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            positions.append(state.clone())  # the showdown shows everything: not checked
            state.apply_action(rng.choice(state.legal_actions()))
        for position in positions:
            for i, a in enumerate(free):
                for b in free[i + 1 :]:
                    other = _exchanged(position, options, a, b)
                    if other is None:
                        continue
                    for player in (0, 1):
                        seen = seen_by(position.core, player)
                        count = (seen >> a & 1) + (seen >> b & 1)
                        if count == 0:  # two unseen cards: nothing the player can tell apart
                            assert other.observation(player) == position.observation(player)
                            same += 1
                        elif count == 1:  # a seen card went where it was not seen
                            assert other.observation(player) != position.observation(player)
                            moved += 1
    assert same > 100 and moved > 100
