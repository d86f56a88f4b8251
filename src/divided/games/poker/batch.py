"""Showdowns of many worlds at once: every final hand set's strength for each award, ranked in
batches by the ranking library (:mod:`divided.hands.poker.batch`: numpy stays out of the rules
engine). For bots, which value thousands of sampled deals a decision;
:func:`divided.games.poker.showdown.settle` ranks one deal per call, faster for one.

A hand set's strength for an award is its best hand among the award's slots under the award's
rule, as the showdown judges it (:func:`divided.games.poker.showdown.entries`), ``-1`` where no
hand competes: a slot of a size the rule does not rank, or a low that misses the ``a5-8``
qualifier. A slot shared by two awards with the same rule is ranked once. A hand that hogs an
award (its kind registered with :func:`register_hog`: Mississippi's pair of sevens) has the
strength :data:`HOG`, above every ranked hand, so it beats each of them and ties another hog.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from divided.games.poker.cards import JOKERS, ranking_index
from divided.games.poker.options import Config
from divided.games.poker.showdown import ranking
from divided.games.poker.variant import Award
from divided.hands.poker.batch import as_orders, best_of, orders

if TYPE_CHECKING:
    from divided.hands.poker.batch import Orders

Hands = Sequence[Sequence[int]]
"""A seat's final cards, one sequence of card indices per slot of the variant."""


def award_strengths(config: Config, finals: Sequence[Hands], tables: Sequence[int] | None = None,
                    last_deal: bool = False, table: object = None) -> Orders:
    """``(awards, len(finals))``: each final hand set's strength for every award of ``config``
    (see the module text), as a numpy array.

    An award with a wild rule ranks each hand set on the high scale (:mod:`~divided.games.poker.wilds`);
    ``tables`` numbers the deal each final belongs to, for a rule that reads the other hands
    still in (Freak of Nature's cascade); ``None``: all of ``finals`` are one deal's hands.
    ``last_deal``: the match's capped deal, where a requirement registered as lapsing then (Fives:
    the best hand wins, five or not) is not applied. ``table``: where a wild rule reads a public
    card of the table (3-2-1's turned trash card, TR5): the final state, or a view that sees it."""
    variant = config.variant
    ranked: dict[tuple[str, int], Orders] = {}
    rows = []
    for award in config.awards:
        if award.wild is not None:
            rows.append([_wild_strengths(config, award, finals, tables, table)])
            continue
        columns = []
        for name in award.slots:
            index = variant.slot_index(name)
            key = (award.rule, index)
            if key not in ranked:
                ranked[key] = slot_strengths(award.rule, [hands[index] for hands in finals])
            columns.append(ranked[key])
        rows.append(columns)
    out = best_of(rows, len(finals))
    for row, award in enumerate(config.awards):
        can_win = _CAN_WIN.get(award.kind)
        if can_win is not None and not (last_deal and award.kind in _LAPSES_AT_LAST_DEAL):
            indices = [variant.slot_index(name) for name in award.slots]
            strengths = out[row]
            for column, hands in enumerate(finals):
                if not can_win([card for index in indices for card in hands[index]]):
                    strengths[column] = -1
    _apply_hogs(config, finals, out)
    return out


_CAN_WIN: dict[str, Callable[[Sequence[int]], bool]] = {}
_LAPSES_AT_LAST_DEAL: set[str] = set()


def register_can_win(kind: str, can_win: Callable[[Sequence[int]], bool], lapses_at_last_deal: bool = False) -> None:
    """Register, for the award kind ``kind``, whether a seat's cards (all of the award's slots)
    may win it at all: the batch showdown gives the others ``-1`` (Fives' must-hold-five,
    Assassin's assassins). A layer nobody may win carries in a match (Fives replays it among the
    seats still in; Assassin carries it to everyone in the next deal). ``lapses_at_last_deal``: at a match's capped deal the requirement does not apply
    (Fives); Assassin's capped deal (the best assassinated hand when all are) is not modelled."""
    if kind in _CAN_WIN:
        raise ValueError(f"award kind {kind!r} already says who can win")
    _CAN_WIN[kind] = can_win
    if lapses_at_last_deal:
        _LAPSES_AT_LAST_DEAL.add(kind)


HOG = 1 << 40
"""The batch strength of a hand that hogs an award: above every order of every ranking."""

_HOGS: dict[str, Callable[[Sequence[int]], bool]] = {}


def register_hog(kind: str, hogs: Callable[[Sequence[int]], bool]) -> None:
    """Register, for the award kind ``kind``, which hands take the award whatever the others
    hold (``hogs(cards)`` of one of the award's slots; Mississippi's pair of sevens, MG2): the
    batch showdown gives them :data:`HOG`, so several hogs tie and share, as the showdown does."""
    if kind in _HOGS:
        raise ValueError(f"award kind {kind!r} already has a hog")
    _HOGS[kind] = hogs


def _apply_hogs(config: Config, finals: Sequence[Hands], out: Orders) -> None:
    """Give every hand that hogs an award of a registered kind the strength :data:`HOG`."""
    variant = config.variant
    for row, award in enumerate(config.awards):
        hogs = _HOGS.get(award.kind)
        if hogs is None:
            continue
        indices = [variant.slot_index(name) for name in award.slots]
        for column, hands in enumerate(finals):
            if any(hogs(hands[index]) for index in indices):
                out[row, column] = HOG


def _wild_strengths(config: Config, award: Award, finals: Sequence[Hands], tables: Sequence[int] | None,
                    table_state: object = None) -> Orders:
    """Each final's strength for an award with a wild rule (-1: no hand of five cards)."""
    from divided.games.poker.wilds import best_of

    assert award.wild is not None
    variant = config.variant
    slots = tuple(variant.slot_index(name) for name in award.slots)
    groups = [0] * len(finals) if tables is None else list(tables)
    if len(groups) != len(finals):
        raise ValueError(f"{len(finals)} finals but {len(groups)} table numbers")
    table: dict[int, list[tuple[int, ...]]] = {}
    for group, hands in zip(groups, finals, strict=True):
        table.setdefault(group, []).extend(tuple(hands[index]) for index in slots)
    frozen = {group: tuple(hands) for group, hands in table.items()}
    out = [-1] * len(finals)
    for row, (group, hands) in enumerate(zip(groups, finals, strict=True)):
        found = best_of(award.wild, tuple(tuple(cards) for cards in hands), slots, variant, frozen[group],
                        table_state, award_rule=award.rule)  # type: ignore[arg-type]  # a view stands in
        if found is not None:
            out[row] = found[0]
    return as_orders(out)


def slot_strengths(rule: str, hands: Sequence[Sequence[int]]) -> Orders:
    """Each hand's strength under the award rule ``rule`` (``-1``: a size the rule does not rank,
    or a low that misses the ``a5-8`` qualifier). Under ``six-2decks`` a second copy ranks as
    its first (SD3)."""
    if rule == "six-2decks":
        hands = [[ranking_index(card) for card in hand] for hand in hands]
    elif max(map(max, filter(None, hands)), default=0) >= JOKERS[0]:  # Assassin's jokers: 2s of free suits
        hands = [_free_twos(hand) for hand in hands]
    return orders(ranking(rule), hands, none_at_zero=rule == "a5-8")


def _free_twos(hand: Sequence[int]) -> list[int]:
    """``hand`` with each joker read as a 2 of a suit the hand does not hold (the 2s are cards
    0..3; the showdown takes the holder's best such suit, a bot's estimate the first)."""
    plain = [card for card in hand if card < JOKERS[0]]
    free = [two for two in range(4) if two not in plain]
    return plain + free[:len(hand) - len(plain)]
