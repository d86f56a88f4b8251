"""The bots' playout of the draw games' steps: a change of exactly that many cards, a card to
3-2-1's trash (not replaced), and Assassin's shown twos (one extra card)."""

from __future__ import annotations

import itertools

from divided.bots.poker.playout import Completion
from divided.games.poker import actions as act
from divided.games.poker.cards import parse
from divided.games.poker.rules import PokerRules
from divided.games.poker.state import TRASH, PokerState
from divided.games.poker.variants import RULES

A, B = 0, 1


class Table:
    """A deal of ``game`` with these cards (each seat's in the order it receives them)."""

    def __init__(self, game: str, players: int, button: int, **options: object) -> None:
        self.rules: PokerRules = RULES[game]()
        values = {option.name: option.default for option in self.rules.options}
        self.state: PokerState = self.rules.initial_state({**values, "players": players, "first_dealer": button,
                                                           **options})

    def give(self, cards: dict[int, str], trash: str = "") -> Table:
        queues = {**{seat: list(parse(text)) for seat, text in cards.items()}, TRASH: list(parse(trash))}
        while self.state.owed:
            self.state = self.rules.apply(self.state, queues[self.state.owed[0][0]].pop(0))
        return self

    def act(self, *actions: int) -> Table:
        for action in actions:
            self.state = self.rules.apply(self.state, action)
        return self

    def mask(self, cards: str) -> int:
        hand = sorted(self.state.slots[self.rules.current_player(self.state)][0])
        return sum(1 << hand.index(card) for card in parse(cards))


def test_shown_twos_bring_one_extra_card_in_the_playout() -> None:
    table = Table("assassin", 2, B, ante=1).give({A: "2c 3d Ah Kh Qh", B: "4s 5d 6c 7h 8s"})
    table.act(act.CALL, act.CALL)
    view = table.rules.observe(table.state, A)
    step = view.config.steps[view.step]
    stock = iter(parse("9h 4h Tc"))
    hands = [list(table.state.slots[A][0])]
    Completion(view).option(step, hands, act.SHOW + table.mask("2c 3d"), lambda: next(stock))
    assert sorted(hands[0]) == sorted(parse("Ah Kh Qh 9h 4h Tc"))


def test_the_changes_throw_exactly_their_count_and_the_trash_card_is_not_replaced() -> None:
    table = Table("three-two-one", 3, 2, ante=1)
    table.give({0: "Ah As Ad Ac Kd Kc", 1: "Ks Kh 2c 3c 4d 6h", 2: "8s 8c Qc 2d 3h 5c"}, trash="9s 9h")
    view = table.rules.observe(table.state, 0)
    cards = itertools.count(20)
    hands = [list(table.state.slots[0][0])]
    completion = Completion(view)
    for step in view.config.steps[view.step:]:
        before = list(hands[0])
        completion.heuristic(step, hands, lambda: next(cards), 0)
        if getattr(step, "or_fold", False):
            assert len(set(before) - set(hands[0])) == step.least and len(hands[0]) == 6  # type: ignore[attr-defined]
    assert len(hands[0]) == 5  # one card went to the trash, none came back
