"""No leaks in DIVIDE's views (ruling D3): change something hidden in the full state (a card
between two other hands, a hand card with an undealt one, another player's commit or pass) and the
view must not change; the players allowed to know it see the change (the control that the change
mattered). Positions come from random games at 4 and 6 players."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from divide_games import walk

from divided.games.divide import DivideState, Phase, PlayerView, observe
from divided.games.divide import actions as act
from divided.games.divide.state import PassEvent, TrickEvent
from divided.games.divide.view import SeenPass

TABLES = [4, 6]


def view(core: DivideState, player: int | None) -> PlayerView:
    return observe(core, player, current_player=0)


def positions(players: int) -> Iterator[DivideState]:
    """Every position of the first round's commit, pass and first trick, then every fifth one."""
    for seed in range(2):
        for number, step in enumerate(walk(players, seed)):
            core = step.core
            early = core.round == 0 and core.trick <= 1 and core.phase != Phase.DEAL
            if early or number % 5 == 0:
                yield core


def cards_of(mask: int) -> list[int]:
    return [c for c in range(54) if mask >> c & 1]


def swap_hand_cards(core: DivideState, q: int, r: int, rng: random.Random) -> DivideState | None:
    """``core`` with a random card of ``q``'s hand and one of ``r``'s exchanged."""
    if not core.hands[q] or not core.hands[r]:
        return None
    a, b = rng.choice(cards_of(core.hands[q])), rng.choice(cards_of(core.hands[r]))
    hands = list(core.hands)
    hands[q] ^= 1 << a | 1 << b
    hands[r] ^= 1 << a | 1 << b
    return replace(core, hands=tuple(hands))


@pytest.mark.parametrize("players", TABLES)
def test_other_hands_never_show(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for core in positions(players):
        for p in [None, *range(players)]:
            others = [s for s in range(players) if s != p]
            q, r = rng.sample(others, 2)
            changed = swap_hand_cards(core, q, r, rng)
            if changed is None:
                continue
            assert view(changed, p) == view(core, p)
            if changed.hands != core.hands:  # the control: the two players see their own change
                assert view(changed, q) != view(core, q) and view(changed, r) != view(core, r)
            checked += 1
    assert checked > 200


def test_the_undealt_cards_never_show_at_four_players() -> None:
    rng = random.Random(4)
    for core in positions(4):
        if core.phase in (Phase.DEALER, Phase.DEAL, Phase.OVER):
            continue
        undealt = cards_of(((1 << 52) - 1) & ~core.placed)
        assert len(undealt) == 16
        for p in [None, 0, 1, 2, 3]:
            seen = view(core, p)
            assert not set(mentioned(seen, core.round)) & set(undealt)
            q = rng.choice([s for s in range(4) if s != p and core.hands[s]] or [None])
            if q is None:
                continue
            a, b = rng.choice(cards_of(core.hands[q])), rng.choice(undealt)
            hands = list(core.hands)
            hands[q] ^= 1 << a | 1 << b
            changed = replace(core, hands=tuple(hands), placed=core.placed ^ (1 << a | 1 << b))
            assert view(changed, p) == seen


def mentioned(seen: PlayerView, round_: int) -> Iterator[int]:
    """Every card a view names for the current round."""
    yield from cards_of(seen.hand)
    if seen.commit >= 0:
        yield seen.commit
    if seen.my_pass >= 0:
        yield from act.pass_cards(seen.my_pass)
    yield from (c for _, c in seen.plays)
    for event in seen.events:
        if event.round != round_:
            continue
        if isinstance(event, SeenPass):
            yield from (c for c in (event.left, event.right) if c is not None)
        if isinstance(event, TrickEvent):
            yield from (c for _, c in event.plays)


@pytest.mark.parametrize("players", TABLES)
def test_commits_are_hidden_until_the_flip(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for core in positions(players):
        if core.phase not in (Phase.COMMIT, Phase.PASS, Phase.TOKENS) or core.trick:
            continue
        for q in range(players):
            if core.commits[q] < 0 or not core.hands[q]:
                continue
            other = rng.choice(cards_of(core.hands[q]))
            hands = list(core.hands)
            hands[q] ^= 1 << other | 1 << core.commits[q]
            commits = list(core.commits)
            commits[q] = other
            changed = replace(core, hands=tuple(hands), commits=tuple(commits))
            for p in [None, *range(players)]:
                if p != q:
                    assert view(changed, p) == view(core, p)
            assert view(core, q).commit == core.commits[q] and view(changed, q) != view(core, q)
            checked += 1
    assert checked > 10
    # after the flip every commit is in the trick, for every player and the spectator
    for core in positions(players):
        if core.phase == Phase.DRAFT and core.trick == 1:
            for p in [None, *range(players)]:
                plays = dict(view(core, p).plays)
                assert plays == {seat: core.commits[seat] for seat in range(players)}


@pytest.mark.parametrize("players", TABLES)
def test_a_pass_is_hidden_from_everyone_until_the_cards_change_hands(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for core in positions(players):
        if core.phase != Phase.PASS:
            continue
        for q in range(players):
            if core.passes[q] < 0 or not core.hands[q]:
                continue
            left, right = act.pass_cards(core.passes[q])
            other = rng.choice(cards_of(core.hands[q]))
            hands = list(core.hands)
            hands[q] ^= 1 << other | 1 << left
            passes = list(core.passes)
            passes[q] = act.pass_action(other, right)
            changed = replace(core, hands=tuple(hands), passes=tuple(passes))
            for p in [None, *range(players)]:
                if p != q:  # the receiver too: nothing has changed hands yet
                    assert view(changed, p) == view(core, p)
            assert view(core, q).my_pass == core.passes[q] and view(changed, q) != view(core, q)
            checked += 1
    assert checked > 5


@pytest.mark.parametrize("players", TABLES)
def test_a_passed_card_is_known_only_to_its_giver_and_its_receiver(players: int) -> None:
    checked = 0
    for core in positions(players):
        # right after the cards change hands, and at the round's last Divide
        if not ((core.phase == Phase.TOKENS and core.trick == 0) or (core.phase == Phase.DRAFT and core.trick == 9)):
            continue
        for index, event in enumerate(core.log):
            if not isinstance(event, PassEvent) or event.round != core.round:
                continue
            q = event.player
            for side, receiver in (("left", (q + 1) % players), ("right", (q - 1) % players)):
                given = getattr(event, side)
                kept = event.right if side == "left" else event.left
                substitute = next(c for c in range(52) if c not in (given, kept))
                log = list(core.log)
                log[index] = replace(event, **{side: substitute})
                changed = replace(core, log=tuple(log))
                for p in [None, *range(players)]:
                    if p in (q, receiver):
                        assert view(changed, p) != view(core, p)
                        seen = next(e for e in view(core, p).events if isinstance(e, SeenPass) and e.player == q
                                    and e.round == core.round)
                        assert getattr(seen, side) == given
                    else:
                        assert view(changed, p) == view(core, p)
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("players", TABLES)
def test_the_spectator_sees_exactly_what_every_player_sees_of_the_others(players: int) -> None:
    for core in positions(players):
        spectator = view(core, None)
        assert spectator.hand == 0 and spectator.commit == -1 and spectator.my_pass == -1
        for p in range(players):
            seen = view(core, p)
            assert seen.hand == core.hands[p] and seen.commit == core.commits[p] and seen.my_pass == core.passes[p]
            public = replace(seen, player=None, hand=0, commit=-1, my_pass=-1,
                             events=tuple(SeenPass(e.round, e.player, None, None) if isinstance(e, SeenPass) else e
                                          for e in seen.events))
            assert public == spectator
