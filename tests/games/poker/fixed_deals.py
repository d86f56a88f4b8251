"""Hand-fixed deals of the draw games through their rules: chance gives each seat (and the trash)
the cards written for it, in the order it receives them, and the players act by name."""

from __future__ import annotations

from collections.abc import Mapping

from divided.games.poker import actions as act
from divided.games.poker.cards import parse
from divided.games.poker.rules import PokerRules
from divided.games.poker.state import TRASH, PokerState
from divided.games.poker.variants import RULES


class Table:
    """One game of ``game`` with the dealer at ``button``, played by hand."""

    def __init__(self, game: str, players: int, button: int, **options: object) -> None:
        self.rules: PokerRules = RULES[game]()
        values = {option.name: option.default for option in self.rules.options}
        values.update({"players": players, "first_dealer": button, **options})
        self.state: PokerState = self.rules.initial_state(values)

    def give(self, cards: Mapping[int, str], trash: str = "") -> Table:
        """Deal the cards owed now, until the given ones run out: seat ``s`` gets ``cards[s]`` in
        order, the trash ``trash``."""
        queues = {seat: list(parse(text)) for seat, text in cards.items()}
        queues[TRASH] = list(parse(trash))
        while self.state.owed and not self.state.over and queues.get(self.state.owed[0][0]):
            seat = self.state.owed[0][0]
            self.state = self.rules.apply(self.state, queues[seat].pop(0))
        assert not any(queues.values()), f"cards left over: {queues}"
        return self

    def act(self, *actions: int) -> Table:
        for action in actions:
            self.state = self.rules.apply(self.state, action)
        return self

    @property
    def actor(self) -> int:
        return self.rules.current_player(self.state)

    def mask(self, cards: str, slot: int = 0) -> int:
        """The discard mask of ``cards`` in the hand of the seat to act."""
        hand = sorted(self.state.slots[self.actor][slot])
        return sum(1 << hand.index(card) for card in parse(cards))

    def discard(self, cards: str = "") -> Table:
        return self.act(act.DISCARD + self.mask(cards))

    def show(self, cards: str) -> Table:
        return self.act(act.SHOW + self.mask(cards))

    def returns(self) -> list[float]:
        return self.rules.returns(self.state)
