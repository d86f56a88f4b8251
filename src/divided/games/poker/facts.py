"""Facts of a finished poker deal, for the lab (JSON-ready, from the full state)."""

from __future__ import annotations

from divided.games.poker import engine
from divided.games.poker.cards import as_cards
from divided.games.poker.showdown import ranking
from divided.games.poker.state import PokerState
from divided.games.poker.wilds import wild_words
from divided.games.room import JSON


def facts(state: PokerState) -> dict[str, JSON]:
    """The pot, who won which award of each layer, whether the showdown was reached, the folds
    by step (step index: seats that folded there), each seat's chips won or lost, the cards
    discarded at each draw, and at a showdown each hand shown in words, by award (``hands``:
    seat -> award title -> the best of the seat's hands for that award)."""
    config = state.config
    folds: dict[str, JSON] = {}
    for seat, step in enumerate(state.folded_at):
        if step >= 0:
            key = f"{step} {config.steps[step].kind}"
            seats = folds.setdefault(key, [])
            assert isinstance(seats, list)
            seats.append(seat)
    finals = engine.final_stacks(state) if state.over else state.table.stacks
    awards: list[JSON] = [{"pot": i, "amount": pot.amount, "eligible": list(pot.eligible), "chips": list(pot.chips),
                           "awards": {title: list(seats) for title, seats in pot.awards}}
                          for i, pot in enumerate(state.settled)]
    hands: dict[str, JSON] = {}
    if state.shown:
        for seat in engine.live_from_left(state):
            words: dict[str, JSON] = {}
            for award in config.awards:
                if award.wild is not None:  # ranked with the seat's wild cards
                    words[award.title] = wild_words(state, award, seat)
                    continue
                system = ranking(award.rule)
                ranks = [system.rank(as_cards(cards)) for name in award.slots
                         for cards in [state.slots[seat][config.variant.slot_index(name)]]
                         if len(cards) in system.sizes]
                words[award.title] = str(max(ranks)) if ranks else None
            hands[str(seat)] = words
    return {
        "game": config.variant.id, "hands": hands, "players": config.players, "button": state.button,
        "pot": sum(state.table.contributed), "showdown": state.shown, "uncontested": state.over and not state.shown,
        "pots": awards, "folds": folds, "results": [final - start for final, start in zip(finals, config.stacks, strict=True)],
        "draws": [list(counts) for counts in state.draws],
    }
