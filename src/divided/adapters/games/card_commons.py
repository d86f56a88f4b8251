"""Card Commons' adapter parts: a view's rule options, and a history behind any core state.

Found by the generic adapters through :data:`divided.adapters.rooms.PARTS`. The options let
OpenSpiel's ISMCTS bot (``openspiel-ismcts``) play the game; the history makes a state drawn by
the world sampler replay from the start, so OpenSpiel's ``history()`` is right after
``resample_from_infostate``.

The core state does not keep the order in which a round's cards were dealt and drawn, only
where each card is, so :func:`history_of` gives one order that reaches the same state: in a
finished round the card set aside is the one card neither player used; each turn's draw is a
card the player used on that turn (the lowest), or, on the turn being played, the card the
state keeps as drawn; the other cards of each player were dealt, the starter's six first.

>>> from divided import games
>>> state = games.load("card-commons").new_initial_state(seed=4)
>>> for _ in range(30):
...     state.apply_action(state.legal_actions()[0])
>>> replayed = games.load("card-commons").new_initial_state()
>>> for action in history_of(state.core):
...     replayed.apply_action(action)
>>> replayed.core == state.core
True
"""

from __future__ import annotations

from divided.adapters.rooms import AdapterParts
from divided.cards import mask_indices
from divided.games.base import OptionValue
from divided.games.card_commons import actions as act
from divided.games.card_commons.state import (
    ALL_CARDS,
    HAND_SIZE,
    BuildEvent,
    CardCommonsState,
    KeepEvent,
    Phase,
    TurnEvent,
)
from divided.games.card_commons.view import PlayerView


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _round_history(core: CardCommonsState, number: int, starter: int, current: bool) -> list[int]:
    """The actions of round ``number`` (chance outcomes included), up to ``core`` when it is the
    round being played (``current``)."""
    events = [e for e in core.log if e.round == number]
    turns = [e for e in events if isinstance(e, TurnEvent)]
    used = [0, 0]
    for turn in turns:
        used[turn.player] |= act.decode(turn.action).cards
    if current:
        if core.phase == Phase.DEAL and core.deal_count == 0:
            return []
        held = [used[0] | core.hands[0], used[1] | core.hands[1]]
        aside = core.aside
    else:
        held = used
        aside = ALL_CARDS & ~(used[0] | used[1])
    # the draw of each turn, in turn order: a card used on that turn, or the drawn card in hand
    turns_started = len(turns) if not current else core.turn + (core.phase in (Phase.ACT, Phase.KEEP))
    if current and core.phase in (Phase.BUILD, Phase.OVER):
        turns_started = len(turns)
    draws: list[int] = []
    for number_of_turn in range(turns_started):
        if number_of_turn < len(turns):
            draws.append(_lowest(act.decode(turns[number_of_turn].action).cards))
        else:  # drawn, not yet played: the state keeps that card
            draws.append(_lowest(core.drawn))
    drawn = sum(1 << d for d in draws)
    dealt = [mask_indices(held[starter] & ~drawn), mask_indices(held[1 - starter] & ~drawn)]
    out = [_lowest(aside)]
    if current and core.phase == Phase.DEAL:  # part of the deal made: the starter's cards first
        out += dealt[0] + dealt[1]
        return out
    assert len(dealt[0]) == HAND_SIZE and len(dealt[1]) == HAND_SIZE
    out += dealt[0] + dealt[1]
    keeps = iter(e for e in events if isinstance(e, KeepEvent))
    for number_of_turn, draw in enumerate(draws):
        out.append(draw)
        if number_of_turn < len(turns):
            out.append(turns[number_of_turn].action)
            if act.kind_of(turns[number_of_turn].action) in (act.Kind.OFFER_THREE, act.Kind.OFFER_SETS):
                keep = next(keeps, None)
                if keep is not None:
                    out.append(keep.action)
    out += [act.build(e.three) for e in events if isinstance(e, BuildEvent)]
    return out


def history_of(core: CardCommonsState) -> list[int]:
    """Every action (chance outcomes included) of one history that leads from the start to
    ``core`` (see the module text: the deal order within a round is one of many)."""
    history: list[int] = []
    if core.options.first_starter == "coin" and core.starter >= 0:
        history.append(core.rounds[0].starter if core.rounds else core.starter)
    for played in core.rounds:
        history += _round_history(core, played.round, played.starter, current=False)
    if core.phase != Phase.OVER and core.starter >= 0:
        history += _round_history(core, core.round, core.starter, current=True)
    return history


def options_of(view: PlayerView) -> dict[str, OptionValue]:
    """The engine's rule options of the match ``view`` belongs to."""
    return dict(view.options.as_mapping())


PARTS = AdapterParts(history_of=history_of, options_of=options_of)
