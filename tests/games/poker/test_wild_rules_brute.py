"""The wild rules (:mod:`divided.games.poker.wilds`) against the independent brute force of
``wild_brute`` on a few thousand seeded hands per rule: every hand's strength on the engine's
high scale must order the hands exactly as the brute force's values do (equal where equal).
The exhaustive run over all 2,598,960 hands is benchmarks/check_poker_wild_rules.py."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest
import wild_brute as brute

from divided.games.poker import wilds
from divided.games.poker.cards import parse
from divided.games.poker.variant import Slot, Variant

HANDS = 1000
BUCK = Variant(id="buck-test", name="buck", summary="", players=(2, 7),
               slots=(Slot("hand", 4), Slot("buck", 1)), steps=(), awards=())
BUCKS = Variant(id="bucks-test", name="bucks", summary="", players=(2, 7),
                slots=(Slot("hand", 3), Slot("buck", 2)), steps=(), awards=())
PLAIN = Variant(id="plain-test", name="plain", summary="", players=(2, 7), slots=(Slot("hand", 5),), steps=(),
                awards=())


def engine(rule: wilds.Wild, cards: tuple[int, ...], *, held: tuple[tuple[int, ...], ...] | None = None,
           variant: Variant = PLAIN, table: tuple[tuple[int, ...], ...] | None = None, state: object = None) -> int:
    seen = wilds.Seen(cards, held or (cards,), variant, table or (cards,), state)  # type: ignore[arg-type]
    return wilds.strength(rule, seen)


def deals(seed: int, count: int, size: int = 5) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.array([np.sort(rng.permutation(52)[:size]) for _ in range(count)], dtype=np.int64)


def assert_same_order(ours: list[int], theirs: np.ndarray) -> None:
    """The engine's strengths and the brute force's values order the hands alike."""
    pairs = np.unique(np.column_stack([np.asarray(ours, dtype=np.int64), theirs]), axis=0)
    assert (pairs[:, 1] >= 0).all()
    assert len(np.unique(pairs[:, 0])) == len(pairs) == len(np.unique(pairs[:, 1])), "not one to one"
    assert (np.diff(pairs[:, 1]) > 0).all(), "ordered differently"


def test_brute_force_convention_on_hand_made_cases() -> None:
    value = brute.evaluate
    # a copy of a held card makes no flush: A♠ K♠ 7♠ 4♠ + A♠ is a pair of aces
    assert value([parse("As Ks 7s 4s As")])[0] // brute.DIGITS == 1
    assert value([parse("As Ks 7s 4s Qs")])[0] // brute.DIGITS == 5
    assert value([parse("As Ah Ad Ac As")])[0] // brute.DIGITS == 9  # five of a kind
    assert value([parse("5s 4h 3d 2c Ac")])[0] == 4 * brute.DIGITS + 3  # the wheel, five-high
    # one wild card with A♠ K♠ 7♠ 4♠: the flush A-K-Q-7-4, never A-A-K-7-4
    flush = brute.best_with([parse("As Ks 7s 4s")], 1)[0]
    assert flush == value([parse("As Ks Qs 7s 4s")])[0]
    # four aces and a wild card: five aces; two wild cards with K♠ Q♠ J♠: a royal flush
    assert brute.best_with([parse("As Ah Ad Ac")], 1)[0] == value([parse("As Ah Ad Ac As")])[0]
    assert brute.best_with([parse("Ks Qs Js")], 2)[0] == value([parse("As Ks Qs Js Ts")])[0]


def test_the_library_follows_the_same_convention() -> None:
    # the engine's scale agrees on the hand-made cases: the wild 2♣ completes A-K-Q-7-4 spades
    deuces = wilds.Fixed(wilds.DEUCES)
    assert engine(deuces, parse("As Ks 7s 4s 2c")) == engine(deuces, parse("As Ks Qs 7s 4s"))
    assert engine(deuces, parse("As Ah Ad Ac 2c")) > engine(deuces, parse("Ks Qs Js Ts 9s"))


def test_fixed_deuces() -> None:
    hands = deals(1, HANDS)
    ours = [engine(wilds.Fixed(wilds.DEUCES), tuple(hand)) for hand in hands]
    assert_same_order(ours, brute.value(hands, brute.of_ranks(hands, [brute.TWO]), direct=True))


def test_lowest_card() -> None:
    hands = deals(2, HANDS)
    hands = np.concatenate([hands, np.sort(np.array([parse(text) for text in (
        "As Ad 3h 4c 5s", "Ah 2h 3c 4d 5c", "As 2h 3h 4h 5h", "As Ah 2h 3h 4h", "Ah Kc Qd Js 9c", "3c 3d 8s 9h Kd",
        "3s 3h 5h 8h 9h", "As Ac Ah 2d 3s")]), axis=1)])
    ours = [engine(wilds.LowestCard(), tuple(hand)) for hand in hands]
    assert_same_order(ours, brute.uncle_bob(hands, direct=True))


@pytest.mark.parametrize(("pairs", "theirs"), [(wilds.LOW_DIE, brute.LOW_DIE), (wilds.HIGH_DIE, brute.HIGH_DIE)])
def test_dice_pairs(pairs: tuple[tuple[int, int], ...], theirs: tuple[tuple[int, int], ...]) -> None:
    hands = deals(3, HANDS)
    ours = [engine(wilds.DicePairs(pairs), tuple(hand)) for hand in hands]
    assert_same_order(ours, brute.value(hands, brute.dice(hands, theirs), direct=True))


def test_chain_of_the_four_of_spades() -> None:
    hands = deals(4, HANDS)
    hands[: HANDS // 2, 0] = brute.FOUR_OF_SPADES  # half the hands hold the 4♠ (no repeats: 4♠ is index 8)
    hands = np.array([np.sort(hand) for hand in hands if len(set(hand.tolist())) == 5])
    ours = [engine(wilds.Chain(), tuple(hand)) for hand in hands]
    assert_same_order(ours, brute.value(hands, brute.chain(hands), direct=True))


def test_cascade_among_the_hands_still_in() -> None:
    rng = np.random.default_rng(5)
    ours, hands, wild = [], [], []
    for _ in range(HANDS // 3):
        seats = rng.integers(1, 4)
        cards = rng.permutation(52)[: 5 * seats].reshape(seats, 5)
        cards.sort(axis=1)
        table = tuple(tuple(int(c) for c in hand) for hand in cards)
        rank = brute.freak_rank(list(cards))
        for hand in cards:
            ours.append(engine(wilds.Cascade(), tuple(int(c) for c in hand), table=table))
            hands.append(hand)
            wild.append(hand // 4 == rank if rank is not None else np.zeros(5, dtype=bool))
    assert_same_order(ours, brute.value(np.array(hands), np.array(wild), direct=True))


@pytest.mark.parametrize(("variant", "bucks"), [(BUCK, 1), (BUCKS, 2)])
def test_designated_buck_slot(variant: Variant, bucks: int) -> None:
    hands = deals(6 + bucks, HANDS // bucks**2)  # two bucks: many hands hold three wild cards or more
    ours = []
    for hand in hands:
        kept, apart = tuple(int(c) for c in hand[bucks:]), tuple(int(c) for c in hand[:bucks])
        ours.append(engine(wilds.Designated("buck"), kept, held=(kept, apart), variant=variant))
    buck_ranks = np.zeros((len(hands), 13), dtype=bool)
    for b in range(bucks):
        buck_ranks[np.arange(len(hands)), hands[:, b] // 4] = True
    assert_same_order(ours, brute.value(hands, brute.of_ranks(hands, buck_ranks), direct=True))


def test_opposite_colour_of_the_turned_card() -> None:
    rng = np.random.default_rng(8)
    ours, hands, wild = [], [], []
    for _ in range(HANDS):
        cards = rng.permutation(52)[:6]
        hand, turned = np.sort(cards[:5]), int(cards[5])
        state = SimpleNamespace(trash=(turned,))
        ours.append(engine(wilds.OppositeColour("trash"), tuple(int(c) for c in hand), state=state))
        hands.append(hand)
        wild.append(np.isin(hand, brute.opposite(turned)))
    assert_same_order(ours, brute.value(np.array(hands), np.array(wild), direct=True))


def test_opposite_colour_pure_core() -> None:
    assert sorted(wilds.opposite_colour(parse("9s")[0])) == sorted(parse("9h 9d"))
    assert sorted(wilds.opposite_colour(parse("Qd")[0])) == sorted(parse("Qs Qc"))
    with pytest.raises(ValueError, match="holds no card"):
        engine(wilds.OppositeColour("trash"), parse("As Ks Qs Js 9d"), state=SimpleNamespace(trash=()))


def test_a_list_renamed_by_suits_ranks_every_hand_as_its_own_system() -> None:
    """Lists that differ by a renaming of suits share one ranking system (the hand renamed
    alike): every hand still gets the place the list's own system gives it."""
    from divided.games.poker.cards import CARDS
    from divided.hands.poker import system
    from divided.hands.poker.scale import on_scale

    rng = np.random.default_rng(7)
    lists = [frozenset(parse(text)) for text in ("7d", "7h", "7s", "Qd Qh", "9s 9c", "4s 4c 4d 4h", "Kh 3d", "2s")]
    lists += [frozenset(int(c) for c in rng.permutation(52)[:size]) for size in (1, 1, 2, 3)]
    for wild in lists:
        own = system("high", wild=[CARDS[card] for card in sorted(wild)])
        scale = on_scale(own)
        for size in (5, 6, 7):
            for cards in deals(int(rng.integers(1 << 30)), 150, size):
                hand = [int(card) for card in cards]
                hand[0] = sorted(wild)[0] if rng.random() < 0.5 and sorted(wild)[0] not in hand else hand[0]
                assert wilds.scaled(wild)(hand) == scale[own.strength_of_indices(hand)], (wild, hand)
