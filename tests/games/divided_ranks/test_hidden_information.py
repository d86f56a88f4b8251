"""No view leaks a card its player has not seen, and the books (ruling R7) are exactly right.

The independent expectation: which cards a player has seen is tracked here straight from the
rules (the splitter sees four cards, both see the face-up pair, ...), and the worlds consistent
with a player's information are found by brute force: rebuild the game with the unseen cards
exchanged and the opponent's hidden choices varied, and keep every rebuild whose observation
for that player is identical.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations

import pytest
from deals import at_reserve, mask
from deals import card as card_of
from sight import saw_given_to_reserve, seen_by, watched_by

from divided import games
from divided.cards import PACK_21, mask_indices
from divided.games.base import CHANCE, State
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.knowledge import knowledge
from divided.games.divided_ranks.state import (
    ALL_CARDS,
    DividedRanksState,
    Phase,
    ReserveEvent,
)
from divided.hands.arrange import split_masks, split_of
from divided.hands.five import evaluate_mask

VARIANTS = ["blind", "face-up"]


def random_game(seed: int, swap: str, keep: bool = False) -> State:  # type: ignore[type-arg]
    """A game of random moves (both players keep at the reserve if ``keep``)."""
    game = games.load("divided-ranks", swap=swap)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        elif keep and state.core.phase == Phase.RESERVE:
            state.apply_action(act.KEEP)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def prefixes(state: State) -> Iterator[State]:  # type: ignore[type-arg]
    """Every non-chance, non-terminal position of a finished game, rebuilt from its record."""
    game = state.game
    current = game.new_initial_state()
    for action in state.history():
        if not current.is_chance_node():
            yield current.clone()
        current.apply_action(action)


def remap(history: list[int], core_at_end: DividedRanksState, mapping: dict[int, int],
          gifts: dict[int, int] | None = None) -> list[int] | None:
    """The history with cards exchanged by ``mapping`` (a permutation of card indices) and,
    optionally, reserve gifts replaced (move number -> card). None if it becomes illegal."""
    game = games.load("divided-ranks", swap=core_at_end.options.swap)
    state = game.new_initial_state()
    out = []
    for number, action in enumerate(history):
        player = state.current_player()
        phase = state.core.phase
        if player == CHANCE and phase == Phase.DEAL:
            new = mapping.get(action, action)
        elif phase == Phase.SPLIT:
            a, b = act.PAIRS[action]
            new = act.split_action(mapping.get(a, a), mapping.get(b, b))
        elif phase == Phase.RESERVE and act.is_give(action):
            card = action - act.GIVE
            card = (gifts or {}).get(number, mapping.get(card, card))
            new = act.give_action(card)
        elif phase == Phase.BUILD:
            # the same two hands, with exchanged cards
            original = original_holdings(history, number, core_at_end)
            first, _ = split_masks(original, action - act.BUILD)
            mapped_first = sum(1 << mapping.get(c, c) for c in range(21) if first >> c & 1)
            holding = state.core.hands[player]
            # A varied gift can change the holding; then any build will do (it is secret).
            new = act.build_action(split_of(holding, mapped_first)) if mapped_first & ~holding == 0 else action
        else:
            new = action
        if new not in state.legal_actions() and not (
            player == CHANCE and new in [a for a, _ in state.chance_outcomes()]
        ):
            return None
        state.apply_action(new)
        out.append(new)
    return out


def original_holdings(history: list[int], number: int, core: DividedRanksState) -> int:
    game = games.load("divided-ranks", swap=core.options.swap)
    state = game.new_initial_state()
    for action in history[:number]:
        state.apply_action(action)
    holding: int = state.core.hands[state.current_player()]
    return holding


def replay(history: list[int], swap: str) -> State:  # type: ignore[type-arg]
    state = games.load("divided-ranks", swap=swap).new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


@pytest.mark.parametrize("swap", VARIANTS)
def test_exchanging_unseen_cards_never_changes_a_view(swap: str) -> None:
    checked = 0
    for seed in range(40):
        finished = random_game(seed, swap)
        rng = random.Random(seed)
        for position in prefixes(finished):
            for player in (0, 1):
                core = position.core
                unseen = [c for c in range(21) if not seen_by(core, player) >> c & 1]
                shuffled = unseen[:]
                rng.shuffle(shuffled)
                mapping = dict(zip(unseen, shuffled, strict=True))
                history = remap(position.history(), core, mapping)
                assert history is not None
                other = replay(history, swap)
                assert other.observation(player) == position.observation(player)
                assert knowledge(other.observation(player)) == knowledge(position.observation(player))
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize("swap", VARIANTS)
def test_exchanging_a_seen_card_does_change_the_view(swap: str) -> None:
    """The check above can fail: exchange one seen card with an unseen one and the view moves."""
    changed = 0
    for seed in range(10):
        finished = random_game(seed, swap)
        for position in prefixes(finished):
            core = position.core
            seen = seen_by(core, 0)
            unseen = [c for c in range(21) if not seen >> c & 1]
            hand = [c for c in range(21) if core.hands[0] >> c & 1]
            if not unseen or not hand:
                continue
            mapping = {hand[0]: unseen[0], unseen[0]: hand[0]}
            history = remap(position.history(), core, mapping)
            if history is None:
                continue
            assert replay(history, swap).observation(0) != position.observation(0)
            changed += 1
    assert changed > 50


def consistent_worlds(position: State, player: int) -> list[DividedRanksState]:  # type: ignore[type-arg]
    """Brute force, from the reserve on: every placement of the cards reached by a rebuild of the game that ``player`` cannot tell
    from this one: the unseen cards exchanged (any one of them to the original reserve) and
    every blind gift of the opponent varied."""
    core = position.core
    history = position.history()
    target = position.observation(player)
    unseen_at_draft = [c for c in range(21) if not _seen_at_draft(history, core, player) >> c & 1]
    original_reserve = history[FIRST_DEAL]
    gift_moves = _opponent_blind_gifts(history, core, player)
    worlds: dict[tuple[int, int, int], DividedRanksState] = {}
    for u in unseen_at_draft:
        mapping = {u: original_reserve, original_reserve: u} if u != original_reserve else {}
        for gifts in _gift_choices(history, mapping, gift_moves, core):
            rebuilt = remap(history, core, mapping, gifts)
            if rebuilt is None:
                continue
            other = replay(rebuilt, core.options.swap)
            if other.observation(player) == target:
                # one world per placement of the cards, however many histories lead there
                worlds[(*other.core.hands, other.core.reserve)] = other.core
    return list(worlds.values())


FIRST_DEAL = 1  # these games flip one coin (the first splitter) before the deal


def _seen_at_draft(history: list[int], core: DividedRanksState, player: int) -> int:
    state = games.load("divided-ranks", swap=core.options.swap).new_initial_state()
    for action in history:
        if state.core.phase == Phase.RESERVE:
            break
        state.apply_action(action)
    return seen_by(state.core, player)


def _opponent_blind_gifts(history: list[int], core: DividedRanksState, player: int) -> list[int]:
    """Move numbers of the opponent's reserve gifts (the only hidden choices that vary)."""
    state = games.load("divided-ranks", swap=core.options.swap).new_initial_state()
    moves = []
    for number, action in enumerate(history):
        if state.core.phase == Phase.RESERVE and state.current_player() != player and act.is_give(action):
            moves.append(number)
        state.apply_action(action)
    return moves


def _gift_choices(history: list[int], mapping: dict[int, int], moves: list[int],
                  core: DividedRanksState) -> Iterator[dict[int, int]]:
    if not moves:
        yield {}
        return
    (move,) = moves  # the opponent decides once at the reserve
    for card in range(21):
        yield {move: card}


def _reserve_positions(seed: int, swap: str, keep: bool = False) -> list[State]:  # type: ignore[type-arg]
    finished = random_game(seed, swap, keep)
    return [p for p in prefixes(finished) if p.core.phase in (Phase.RESERVE, Phase.BUILD)]


# The brute force over 30 games takes about a minute: the fast lane checks a sample that meets
# every kind of reserve position (seed 0 keeps, 3 and 12 swap once, 21 twice), the slow lane the
# other 26 games, so that both lanes together run the whole sweep.
BRUTE_FORCE_SAMPLE = (0, 3, 12, 21)
BRUTE_FORCE_SEEDS = [pytest.param(BRUTE_FORCE_SAMPLE, id="sample"),
                     pytest.param(tuple(s for s in range(30) if s not in BRUTE_FORCE_SAMPLE), id="rest",
                                  marks=pytest.mark.slow)]


@pytest.mark.parametrize("seeds", BRUTE_FORCE_SEEDS)
@pytest.mark.parametrize("swap", VARIANTS)
def test_reserve_books_match_brute_force(swap: str, seeds: tuple[int, ...]) -> None:
    checked = 0
    kinds = set()  # (phase, who swapped so far, the viewer decided first)
    deduced = uncertain_watched = 0
    for seed in seeds:
        for position in _reserve_positions(seed, swap, keep=seed % 10 == 0):
            swaps = tuple(e.swapped for e in position.core.log if isinstance(e, ReserveEvent))
            for player in (0, 1):
                kinds.add((position.core.phase, swaps, position.core.reserve_first == player))
                opponent = 1 - player
                worlds = consistent_worlds(position, player)
                placements = {(*w.hands, w.reserve) for w in worlds}
                assert (*position.core.hands, position.core.reserve) in placements
                books = knowledge(position.observation(player))
                reserves = {w.reserve for w in worlds}
                # certain cards: in the opponent's hand in every consistent world
                certain = ALL_CARDS
                for w in worlds:
                    certain &= w.hands[opponent]
                assert books.opponent_known == certain
                if len(reserves) == 1:
                    assert books.reserve == next(iter(reserves))
                    assert books.reserve_odds == {}
                else:
                    assert books.reserve is None
                    assert books.reserve_odds == {c: Fraction(1, len(reserves)) for c in reserves}
                # every card not certainly placed, with the share of worlds for each place
                unaccounted = {}
                for card in range(21):
                    places = {"opponent's hand": sum(w.hands[opponent] >> card & 1 for w in worlds),
                              "reserve": sum(w.reserve == card for w in worlds)}
                    if 0 < max(places.values()) < len(worlds):
                        unaccounted[card] = {p: Fraction(n, len(worlds)) for p, n in places.items() if n}
                assert books.unaccounted == unaccounted
                # watched: seen going across; worked out: certain, never seen in that place
                watched = watched_by(position.core, player)
                assert books.watched == watched
                certain_reserve = 1 << next(iter(reserves)) if len(reserves) == 1 else 0
                assert books.worked_out == (
                    certain & ~watched | certain_reserve & ~saw_given_to_reserve(position.core, player))
                deduced += bool(books.worked_out & books.opponent_known)
                uncertain_watched += any(c in books.unaccounted for c in range(21) if watched >> c & 1)
                # what the opponent can count on: my cards in my hand in every world they allow
                their_worlds = consistent_worlds(position, opponent)
                counted = ALL_CARDS
                for w in their_worlds:
                    counted &= w.hands[player]
                assert books.marked == counted
                checked += 1
    assert checked == 8 * len(seeds)  # two reserve and two build positions a game, both viewers
    # every kind of reserve position: before any decision, after a keep or a swap, and at the
    # build after each pair of decisions, seen by the first and by the second to decide
    swaps = [(), (False,), (True,)]
    expected = {(Phase.RESERVE, s, first) for s in swaps for first in (True, False)}
    expected |= {(Phase.BUILD, (a, b), first) for a in (False, True) for b in (False, True)
                 for first in (True, False)}
    assert kinds == expected
    assert deduced and (uncertain_watched or swap == "face-up")  # face up, every gift is seen


def _best_key_brute(holding: int) -> tuple[int, int, int, int]:
    cards = [c for c in range(21) if holding >> c & 1]
    best = (0, 0, 0, 0)
    for hand in combinations(cards, 5):
        a = sum(1 << c for c in hand)
        va, vb = evaluate_mask(a), evaluate_mask(holding ^ a)
        weak, strong = (va, vb) if va.strength <= vb.strength else (vb, va)
        best = max(best, (weak.category, strong.category, weak.strength, strong.strength))
    return best


@pytest.mark.parametrize("swap", VARIANTS)
def test_swap_odds_count_consistent_worlds(swap: str) -> None:
    checked = 0
    for seed in range(12):
        for position in _reserve_positions(seed, swap):
            if position.core.phase != Phase.RESERVE:
                continue
            player = position.current_player()
            books = knowledge(position.observation(player))
            worlds = consistent_worlds(position, player)
            hand = position.core.hands[player]
            before = _best_key_brute(hand)
            assert books.swap_odds[0].give is None and books.swap_odds[0].same == 1
            for odds in books.swap_odds[1:]:
                assert odds.give is not None
                after = [_best_key_brute(hand ^ (1 << odds.give) | (1 << w.reserve)) for w in worlds]
                assert odds.better == Fraction(sum(a > before for a in after), len(worlds))
                assert odds.worse == Fraction(sum(a < before for a in after), len(worlds))
            checked += 1
    assert checked >= 12


def test_a_reserve_worked_out_in_the_draft_is_known() -> None:
    """Player 0 splits rounds 1, 3 and 5 and takes the face-down pair in rounds 2 and 4: at
    round 5 they have seen twenty cards, so the one left is the reserve (ruling R7)."""
    state = games.load("divided-ranks", first_splitter=0).new_initial_state(seed=1006)
    for action in [20, 211, 68, 211, 103, 210, 122, 211]:
        state.apply_action(action)
    reserve = state.core.reserve
    assert seen_by(state.core, 0) == ALL_CARDS ^ (1 << reserve)
    for position in (state, state.child(state.legal_actions()[0])):  # the split, then the choose
        books = knowledge(position.observation(0))
        assert books.reserve == reserve and books.worked_out == 1 << reserve
        assert books.unaccounted == {} and books.reserve_odds == {}
        assert books.opponent_known == books.watched == state.core.hands[1]
        assert books.opponent_unknown == 0
        assert f"The reserve is {PACK_21[reserve]} (worked out)." in books.describe()


@pytest.mark.parametrize("swap", VARIANTS)
def test_draft_books_follow_what_was_seen(swap: str) -> None:
    twenty_seen = 0
    for seed in range(40):
        finished = random_game(seed, swap)
        for position in prefixes(finished):
            core = position.core
            if core.phase not in (Phase.SPLIT, Phase.CHOOSE):
                continue
            for player in (0, 1):
                books = knowledge(position.observation(player))
                seen = seen_by(core, player)
                unseen = ALL_CARDS ^ seen
                opponent = 1 - player
                assert books.opponent_known == core.hands[opponent] & seen
                assert books.watched == books.opponent_known == watched_by(core, player)
                assert books.marked == core.hands[player] & seen_by(core, opponent)
                if unseen.bit_count() == 1:  # twenty cards seen: the last one is the reserve
                    assert books.reserve == core.reserve and unseen == 1 << core.reserve
                    assert books.worked_out == unseen
                    assert books.unaccounted == books.reserve_odds == {}
                    twenty_seen += 1
                    continue
                assert books.reserve is None and books.worked_out == 0
                assert set(books.unaccounted) == {c for c in range(21) if unseen >> c & 1}
                hidden_with_them = (core.hands[opponent] & unseen).bit_count()
                total = unseen.bit_count()
                on_table = 0
                if core.splitter() != player:
                    on_table = 4 if core.phase == Phase.SPLIT else 2
                for card, places in books.unaccounted.items():
                    assert sum(places.values()) == 1
                    assert places.get("opponent's hand", 0) == Fraction(hidden_with_them, total)  # type: ignore[call-overload]
                    assert places["reserve"] == Fraction(1, total)  # type: ignore[index]
                    assert places.get("on the table", 0) == Fraction(on_table, total)  # type: ignore[call-overload]
                    assert card in books.reserve_odds
    assert twenty_seen > 0


def test_showdown_reveals_everything() -> None:
    finished = random_game(3, "blind")
    for player in (0, 1):
        books = knowledge(finished.observation(player))
        assert books.opponent_known == finished.core.hands[1 - player]
        assert books.reserve == finished.core.reserve
        assert books.unaccounted == {}


def test_describe_names_cards() -> None:
    position = _reserve_positions(1, "blind")[0]
    text = knowledge(position.observation(position.current_player())).describe()
    assert "Your hand" in text and "keep" in text
    hand = position.core.hands[position.current_player()]
    assert all(str(card) in text for card in PACK_21.cards_of(hand))


def test_watched_cards_keep_their_chance_after_a_blind_swap() -> None:
    """Worked out by hand. Player 0 splits rounds 1, 3, 5 (player 1 takes its face-up pairs Th Jh,
    Ks Kd, Ad Jk) and takes the face-down pair in round 2, so watches player 1 keep Jc Qh: eight
    cards seen going across. Player 0 never sees Kc Ah (kept by player 1 in round 4) nor the
    reserve As. Player 1 goes first and swaps blind, giving Th: it could have given any of its
    ten cards, and which of the three unseen cards was the reserve is unknown, so each of the
    eleven cards player 0 cannot place is the reserve with chance 1/11 and still with player 1
    with chance 10/11 (91%)."""
    state = at_reserve("Ts Td Tc Js Jd Qs Qd Qc Kh Ac", "Th Jh Jc Qh Ks Kd Kc Ah Ad Jk", "As",
                       first_splitter=0, face_down_rounds={1})
    assert state.current_player() == 1
    state.apply_action(act.give_action(card_of("Th")))
    books = knowledge(state.observation(0))
    watched = mask("Th Jh Jc Qh Ks Kd Ad Jk")
    assert books.watched == watched
    assert books.opponent_known == 0 and books.opponent_unknown == 10 and books.worked_out == 0
    assert set(books.unaccounted) == set(mask_indices(watched | mask("Kc Ah As")))
    for places in books.unaccounted.values():
        assert places == {"opponent's hand": Fraction(10, 11), "reserve": Fraction(1, 11)}
    assert "Th (91% still there)" in books.describe()
    # Player 0 swaps blind, gives Ts and takes Th: the reserve is Ts (seen given), and the other
    # ten cards are player 1's: the seven watched ones seen, Kc Ah As worked out.
    state.apply_action(act.give_action(card_of("Ts")))
    books = knowledge(state.observation(0))
    assert books.watched == watched and books.reserve == card_of("Ts")
    assert books.opponent_known == mask("Jh Jc Qh Ks Kd Ad Jk Kc Ah As")
    assert books.worked_out == mask("Kc Ah As") and books.unaccounted == {}
    text = books.describe()
    assert "The reserve is Ts (seen)." in text and "Kc As Ah (worked out)" in text
