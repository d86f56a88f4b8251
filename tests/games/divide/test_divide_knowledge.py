"""DIVIDE's books: the exact odds against a brute-force enumeration of placements, the counting
programme against brute force on made-up places, and what the books say (and keep quiet)."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from fractions import Fraction

import pytest

from divided import games
from divided.games import State
from divided.games.divide import actions as act
from divided.games.divide.deals import Deals, Place
from divided.games.divide.knowledge import knowledge
from divided.games.divide.rules import DivideRules
from divided.games.divide.state import DivideState, Phase, TrickEvent
from divided.games.divide.tricks import playable
from divided.games.divide.view import PlayerView
from divided.games.divide.worlds import WorldSampler

RULES = DivideRules()

DECK = {4: (1 << 52) - 1, 6: (1 << 54) - 1}


def bits(cards: object) -> int:
    return sum(1 << c for c in cards)  # type: ignore[attr-defined]


# -- the programme against brute force on made-up places ----------------------------------------
def brute_deals(cards: list[int], places: list[Place]) -> tuple[int, dict[int, dict[str, Fraction]]]:
    """Every assignment of the cards to the places, by enumeration."""
    count = 0
    hits: dict[tuple[int, str], int] = {}

    def fill(k: int, rest: frozenset[int], chosen: list[frozenset[int]]) -> None:
        nonlocal count
        if k == len(places):
            count += 1
            for place, hand in zip(places, chosen, strict=True):
                for card in hand:
                    hits[(card, place.name)] = hits.get((card, place.name), 0) + 1
            return
        place = places[k]
        for hand in itertools.combinations(sorted(rest), place.size):
            if any(c < 52 and place.voids >> (c % 4) & 1 for c in hand):
                continue
            fill(k + 1, rest - set(hand), [*chosen, frozenset(hand)])

    fill(0, frozenset(cards), [])
    odds = {c: {p.name: Fraction(hits[(c, p.name)], count) for p in places if hits.get((c, p.name))} for c in cards}
    return count, odds


@pytest.mark.parametrize("seed", range(12))
def test_the_programme_counts_and_weighs_like_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    cards = rng.sample(range(54), rng.randint(5, 10))
    sizes = [0] * 4
    for _ in cards:
        sizes[rng.randrange(4)] += 1
    places = [Place(f"p{k}", k, "hand", size, voids=rng.randrange(16) if rng.random() < 0.7 else 0)
              for k, size in enumerate(sizes)]
    count, odds = brute_deals(cards, places)
    if not count:
        with pytest.raises(ValueError, match="no placement"):
            Deals(bits(cards), tuple(places))
        return
    deals = Deals(bits(cards), tuple(places))
    assert deals.count == count
    assert deals.probabilities() == odds
    # sampling reaches every placement, each about equally often
    seen = [tuple(deals.sample(rng).values()) for _ in range(40 * count)] if count <= 50 else []
    if seen:
        assert len(set(seen)) == count


# -- the books against brute force on late positions ---------------------------------------------
def late_positions(players: int, seed: int, earliest: int) -> Iterator[State[DivideState, PlayerView]]:
    """Decisions of one random one-round game from trick ``earliest`` on."""
    rng = random.Random(seed)
    state = games.load("divide", players=players, first_dealer=seed % players, rounds=1).new_initial_state(seed=seed)
    while not state.is_terminal():
        if state.core.trick >= earliest and state.core.phase == Phase.PLAY:
            yield state
        state.apply_action(rng.choice(state.legal_actions()))


def fits(hand: int, seat: int, tricks: list[TrickEvent], current: tuple[tuple[int, int], ...]) -> bool:
    """Whether ``seat`` holding ``hand`` now played every card of this round's Tricks 2.. legally
    (the hand at each play: now plus every card it played since)."""
    plays = [list(t.plays) for t in tricks if t.trick >= 2] + [list(current)]
    for t, trick in enumerate(plays):
        for i, (who, card) in enumerate(trick):
            if who != seat:
                continue
            later = hand | bits(c for tr in plays[t:] for w, c in tr if w == seat)
            if not playable(later, [c for _, c in trick[:i]]) >> card & 1:
                return False
    return True


def brute_books(state: State[DivideState, PlayerView], me: int) -> tuple[int, dict[int, dict[str, Fraction]]]:
    core = state.core
    n = core.options.players
    tricks = [e for e in core.log if isinstance(e, TrickEvent) and e.round == core.round]
    current = core.plays if core.phase == Phase.PLAY else ()
    played = bits(c for t in tricks for _, c in t.plays) | bits(c for _, c in current)
    left, right = act.pass_cards(core.passes[me])
    known = {(me + 1) % n: (1 << left) & ~played, (me - 1) % n: (1 << right) & ~played}
    unseen = DECK[n] & ~core.hands[me] & ~played & ~(known[(me + 1) % n] | known[(me - 1) % n])
    others = [s for s in range(n) if s != me]
    sizes = {s: core.hands[s].bit_count() - known.get(s, 0).bit_count() for s in others}
    count = 0
    hits: dict[tuple[int, str], int] = {}

    def fill(k: int, rest: frozenset[int], chosen: dict[int, tuple[int, ...]]) -> None:
        nonlocal count
        if k == len(others):
            count += 1
            for s, hand in chosen.items():
                for card in hand:
                    hits[(card, f"player {s}'s hand")] = hits.get((card, f"player {s}'s hand"), 0) + 1
            for card in rest:
                hits[(card, "undealt")] = hits.get((card, "undealt"), 0) + 1
            return
        seat = others[k]
        for hand in itertools.combinations(sorted(rest), sizes[seat]):
            if fits(bits(hand) | known.get(seat, 0), seat, tricks, current):
                fill(k + 1, rest - set(hand), {**chosen, seat: hand})

    fill(0, frozenset(c for c in range(54) if unseen >> c & 1), {})
    places = [f"player {s}'s hand" for s in others] + ["undealt"]
    odds = {c: {p: Fraction(hits[(c, p)], count) for p in places if hits.get((c, p))}
            for c in range(54) if unseen >> c & 1}
    return count, odds


def check_position(state: State[DivideState, PlayerView], me: int) -> None:
    books = knowledge(state.observation(me))
    count, odds = brute_books(state, me)
    assert books.deals == count
    assert books.odds == odds


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (4, 2), (6, 3), (6, 4)])
def test_odds_match_brute_force_at_the_last_tricks(players: int, seed: int) -> None:
    checked = 0
    for state in late_positions(players, seed, 9 if players == 4 else 8):
        core = state.core
        if players == 6 and core.trick == 8 and len(core.plays) < 3:
            continue  # early in Trick 8 is the slow sweep's
        for me in range(players):
            check_position(state, me)
            checked += 1
    assert checked >= players


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(4, s) for s in range(5, 9)] + [(6, 5)])
def test_odds_match_brute_force_wider(players: int, seed: int) -> None:
    for state in late_positions(players, seed, 9 if players == 4 else 8):
        for me in range(players):
            check_position(state, me)


# -- what the books say ----------------------------------------------------------------------------
def test_books_hold_the_known_facts_and_a_spectator_sees_only_public_ones() -> None:
    rng = random.Random(4)
    state = games.load("divide", first_dealer=0).new_initial_state(seed=4)
    while state.core.trick < 4 or state.core.phase != Phase.PLAY:
        state.apply_action(rng.choice(state.legal_actions()))
    core = state.core
    books = knowledge(state.observation(2))
    left, right = act.pass_cards(core.passes[2])
    assert books.hand == core.hands[2] and books.passed == (left, right) and books.commit == core.commits[2]
    assert books.received == (act.pass_cards(core.passes[1])[0], act.pass_cards(core.passes[3])[1])
    assert books.trump == core.trump and books.scores == core.scores and books.led == core.led
    assert [t.number for t in books.tricks] == [1, 2, 3, *([4] if core.plays else [])]
    assert sum(books.face_down.values()) == 9 - core.revealed
    for card, places in books.odds.items():
        assert sum(places.values()) == 1
        for place in places:
            if place.startswith("player"):
                seat = int(place.split()[1][0])
                assert not books.voids[seat] >> (card % 4) & 1 or card >= 52
    data = books.to_json()
    json.dumps(data)
    assert data["mine"]["hand"] == [str(c) for c in books.describe().split("\n")[0].split(": ")[1].split()]
    spectator = knowledge(state.observation(None))
    text = json.dumps(spectator.to_json())
    assert "mine" not in spectator.to_json() and spectator.hand == 0
    assert spectator.places["player 2's hand"] == core.hands[2].bit_count()
    assert "passed_left" not in text
    # a world with other hidden cards (the same public facts) gives the spectator the same books
    world = WorldSampler(state.observation(0)).sample(rng)
    assert world.hands != core.hands
    assert knowledge(RULES.observe(world, None)) == spectator
