"""DIVIDE's adapter parts: a view's rule options, and a history behind any core state.

Found by the generic adapters through :data:`divided.adapters.rooms.PARTS`. The options let
OpenSpiel's ISMCTS bot (``openspiel-ismcts``) play the game; the history makes a state drawn by
the world sampler replay from the start, so OpenSpiel's ``history()`` is right after
``resample_from_infostate``.

The core state keeps where each card is and the public log, not the order of the deal, so
:func:`history_of` gives one order that reaches the same state: each seat's dealt cards are the
cards it holds, has played this round (its commit included) and has passed, less the cards it
received, dealt in increasing order, seat after seat from the player left of the dealer (the
engine deals nine to each in that order); then the commits and the passes in the engine's seat
order; then the round's log in order (a token as it turns face up, the cards of Tricks 2-9 in
playing order, every pick but a third finisher's forced Points or Lead, which the engine takes
itself); then the cards of the trick being played.

>>> import random
>>> from divided import games
>>> game = games.load("divide", players=6)
>>> state = game.new_initial_state(seed=4)
>>> rng = random.Random(1)
>>> for _ in range(200):
...     state.apply_action(rng.choice(state.legal_actions()))
>>> replayed = game.new_initial_state()
>>> for action in history_of(state.core):
...     replayed.apply_action(action)
>>> replayed.core == state.core
True
"""

from __future__ import annotations

from divided.adapters.rooms import AdapterParts
from divided.cards import mask_indices
from divided.games.base import OptionValue
from divided.games.divide import actions as act
from divided.games.divide.state import (
    DivideState,
    Event,
    PassEvent,
    Phase,
    PickEvent,
    RevealEvent,
    TrickEvent,
)
from divided.games.divide.view import PlayerView


def _forced(pick: PickEvent) -> bool:
    """A third finisher's Points or Lead: taken by the engine, not a decision."""
    return pick.place == 3 and act.reward_of(pick.action) != act.Reward.TRUMP


def _round_history(events: list[Event], n: int, first: int, dealt: list[int], commits: list[int],
                   passes: list[int], plays: tuple[tuple[int, int], ...]) -> list[int]:
    """One round's actions: the deal (``dealt[s]``: seat ``s``'s cards so far), the commits and
    passes made (-1: not yet), the round's log, the cards of the trick being played."""
    seats = [(first + k) % n for k in range(n)]
    out = [card for seat in seats for card in mask_indices(dealt[seat])]
    out += [commits[seat] for seat in seats if commits[seat] >= 0]
    out += [passes[seat] for seat in seats if passes[seat] >= 0]
    for event in events:
        if isinstance(event, RevealEvent):
            out.append(event.value)
        elif isinstance(event, TrickEvent) and event.trick >= 2:
            out += [card for _, card in event.plays]
        elif isinstance(event, PickEvent) and not _forced(event):
            out.append(event.action)
    out += [card for _, card in plays]
    return out


def _dealt(n: int, hands: tuple[int, ...], events: list[Event], commits: list[int], passes: list[int],
           plays: tuple[tuple[int, int], ...]) -> list[int]:
    """Each seat's dealt cards: held, played (the commit included), passed, less received."""
    dealt = list(hands)
    for seat, card in plays:
        dealt[seat] |= 1 << card
    for seat, card in enumerate(commits):
        if card >= 0:
            dealt[seat] |= 1 << card
    for seat, action in enumerate(passes):
        if action >= 0:
            left, right = act.pass_cards(action)
            dealt[seat] |= 1 << left | 1 << right
    for event in events:
        if isinstance(event, TrickEvent):
            for seat, card in event.plays:
                dealt[seat] |= 1 << card
    for event in events:
        if isinstance(event, PassEvent):  # what a seat received was not dealt to it
            dealt[(event.player + 1) % n] &= ~(1 << event.left)
            dealt[(event.player - 1) % n] &= ~(1 << event.right)
    return dealt


def history_of(core: DivideState) -> list[int]:
    """Every action (chance outcomes included) of one history that leads from the start to
    ``core`` (see the module text: the deal order within a round is one of many)."""
    n = core.options.players
    history: list[int] = []
    if core.options.first_dealer == "random" and core.dealer >= 0:
        history.append((core.dealer - core.round) % n)
    by_round: dict[int, list[Event]] = {}
    for event in core.log:
        by_round.setdefault(event.round, []).append(event)
    none = [-1] * n
    for number in range(core.round + 1):
        events = by_round.get(number, [])
        dealer = (core.dealer - (core.round - number)) % n
        first = (dealer + 1) % n
        if number < core.round or core.phase == Phase.OVER:  # a finished round: all from the log
            passes = [-1] * n
            for event in events:
                if isinstance(event, PassEvent):
                    passes[event.player] = act.pass_action(event.left, event.right)
            trick1 = next(e for e in events if isinstance(e, TrickEvent) and e.trick == 1)
            commits = [-1] * n
            for seat, card in trick1.plays:
                commits[seat] = card
            dealt = _dealt(n, (0,) * n, events, none, passes, ())
            history += _round_history(events, n, first, dealt, commits, passes, ())
        elif core.dealer >= 0:
            plays = core.plays if core.phase == Phase.PLAY else ()
            commits, passes = list(core.commits), list(core.passes)
            dealt = _dealt(n, core.hands, events, commits, passes, plays)
            history += _round_history(events, n, first, dealt, commits, passes, plays)
    return history


def options_of(view: PlayerView) -> dict[str, OptionValue]:
    """The engine's rule options of the game ``view`` belongs to."""
    return dict(view.options.as_mapping())


PARTS = AdapterParts(history_of=history_of, options_of=options_of)
