"""The interpreter's moving parts, shared by the step kinds: seats in turn, owed cards and the
deal, the reshuffle (T16), folds, the next step, and the end of a deal (T12, T13).

Everything here is a pure function from a :class:`PokerState` to a new one.
"""

from __future__ import annotations

from divided.errors import IllegalActionError
from divided.games.base import seeded_fraction
from divided.games.poker import betting
from divided.games.poker.events import Event
from divided.games.poker.state import TRASH, Phase, PokerState, Settled, evolve_phase, evolve_state
from divided.games.poker.steps.base import kind_of


def from_left(button: int, players: int) -> tuple[int, ...]:
    """Every seat in turn from the button's left, the button last."""
    return tuple((button + k) % players for k in range(1, players + 1))


def live_from_left(state: PokerState) -> tuple[int, ...]:
    """The seats still in, in turn from the button's left."""
    live = state.table.live
    button = state.button
    last = _LAST_LIVE[0]
    if last is not None and last[0] is live and last[1] == button:  # asked again (the showdown's awards)
        return last[2]
    after = button + 1
    found = (*(seat for seat in range(after, len(live)) if live[seat]), *(seat for seat in range(after) if live[seat]))
    _LAST_LIVE[0] = (live, button, found)  # one assignment: a reader sees a whole triple
    return found


_LAST_LIVE: list[tuple[tuple[bool, ...], int, tuple[int, ...]] | None] = [None]
"""The last live flags and button :func:`live_from_left` answered, with its answer (the flags
are a frozen tuple, and holding it keeps its identity from being reused)."""


def enter(state: PokerState) -> PokerState:
    """Start the current step (or the deal is over)."""
    if state.over:
        return state
    step = state.config.steps[state.step]
    return kind_of(step).enter(step, state)


def next_step(state: PokerState) -> PokerState:
    """Move on to the next step and start it."""
    return enter(evolve_state(state, step=state.step + 1, phase=Phase()))


def owe(state: PokerState, targets: tuple[tuple[int, int, bool], ...]) -> PokerState:
    """Owe cards to (seat, slot, face up) targets, dealt in that order by chance; with nothing
    owed the step resumes at once."""
    state = evolve_state(state, owed=state.owed + targets)
    if not state.owed:
        step = state.config.steps[state.step]
        return kind_of(step).resume(step, state)
    return _reshuffle_if_empty(state)


def deal(state: PokerState, card: int) -> PokerState:
    """Chance deals ``card`` from the stock to the first owed target."""
    if not state.owed:
        raise IllegalActionError(f"no card is owed now (card {card} refused)")
    if type(card) is not int or card < 0 or not state.stock >> card & 1:
        raise IllegalActionError(f"card {card!r} is not in the stock (nothing changed)")
    (seat, slot, face_up), owed = state.owed[0], state.owed[1:]
    if seat < 0:
        return _deal_to_trash(state, card, face_up, owed)
    held = list(state.slots[seat])
    held[slot] = (*held[slot], card)
    slots = (*state.slots[:seat], tuple(held), *state.slots[seat + 1:])
    if face_up:
        up = state.up | (1 << card)
        events = (*state.events, Event(state.step, seat, "deal", cards=(card,)))
    else:
        up, events = state.up, state.events
    state = evolve_state(state, slots=slots, up=up, stock=state.stock & ~(1 << card), owed=owed, dealt=state.dealt + 1,
                   events=events)
    if owed:
        return _reshuffle_if_empty(state)
    step = state.config.steps[state.step]
    return kind_of(step).resume(step, state)


def _deal_to_trash(state: PokerState, card: int, face_up: bool, owed: tuple[tuple[int, int, bool], ...]) -> PokerState:
    """Chance deals ``card`` from the stock to the trash (3-2-1), face down unless ``face_up``."""
    up, events = state.up, state.events
    if face_up:
        up |= 1 << card
        events = (*events, Event(state.step, None, "trash", cards=(card,)))
    state = evolve_state(state, trash=(*state.trash, card), trash_from=(*state.trash_from, TRASH), up=up,
                         stock=state.stock & ~(1 << card), owed=owed, dealt=state.dealt + 1, events=events)
    if owed:
        return _reshuffle_if_empty(state)
    step = state.config.steps[state.step]
    return kind_of(step).resume(step, state)


def pick_card(stock: int, fraction: float) -> int:
    """The card of ``stock`` that ``fraction`` picks, exactly as
    :func:`divided.games.base.pick_outcome` picks among the chance outcomes (every card of the
    stock, lowest first, each ``1 / n``)."""
    share = 1.0 / stock.bit_count()
    rest = stock
    while rest:
        lowest = rest & -rest
        fraction -= share
        if fraction < 0:
            return lowest.bit_length() - 1
        rest ^= lowest
    return stock.bit_length() - 1


def deal_seeded(state: PokerState, seed: int, move: int, dealt: list[int]) -> PokerState:
    """Chance deals the owed cards picked by ``seeded_fraction(seed, move + k)``, as card after
    card through :func:`deal` would (appended to ``dealt``), all but the last in one copy of
    the state: while more cards are owed after a card and the stock still holds some, a card
    dealt changes nothing but where the card lies."""
    owed, stock, up = state.owed, state.stock, state.up
    held: dict[int, list[tuple[int, ...]]] = {}
    events = state.events
    count = 0
    while len(owed) - count > 1 and stock.bit_count() > 1:
        card = pick_card(stock, seeded_fraction(seed, move + count))
        seat, slot, face_up = owed[count]
        if seat < 0:  # the trash: dealt one by one
            break
        seat_slots = held.get(seat)
        if seat_slots is None:
            seat_slots = held[seat] = list(state.slots[seat])
        seat_slots[slot] = (*seat_slots[slot], card)
        stock &= ~(1 << card)
        if face_up:
            up |= 1 << card
            events = (*events, Event(state.step, seat, "deal", cards=(card,)))
        dealt.append(card)
        count += 1
    if count:
        slots = tuple(tuple(held[seat]) if seat in held else cards for seat, cards in enumerate(state.slots))
        state = evolve_state(state, slots=slots, up=up, stock=stock, owed=owed[count:], dealt=state.dealt + count,
                             events=events)
    card = pick_card(state.stock, seeded_fraction(seed, move + count))
    dealt.append(card)
    return deal(state, card)


def _reshuffle_if_empty(state: PokerState) -> PokerState:
    """T16: a card is owed and the stock is empty: the pile, except the cards the seat now being
    served discarded in this draw, becomes the stock (face-up discards hidden again). The
    stock is a set dealt uniformly, so the shuffle itself is the chance of the next deals."""
    if state.stock or not state.owed:
        return state
    served = state.owed[0][0]
    drawn = state.phase.drawn
    pile = 0
    for seat in range(state.players):
        pile |= state.discarded[seat] | state.mucked[seat]
        if drawn and seat != served:
            pile |= drawn[seat]
    if not pile:
        raise RuntimeError("the stock and the pile are empty: the variant deals more cards than the deck holds")
    kept = tuple(d if seat == served else 0 for seat, d in enumerate(drawn)) if drawn else drawn
    zero = (0,) * state.players
    return evolve_state(state, stock=pile, up=state.up & ~pile, discarded=zero, mucked=zero,
                  phase=evolve_phase(state.phase, drawn=kept))


def muck(state: PokerState, seat: int) -> PokerState:
    """A folded seat's cards go to the pile (T16), its up cards still seen."""
    cards = 0
    for held in state.slots[seat]:
        for card in held:
            cards |= 1 << card
    empty = tuple(() for _ in state.slots[seat])
    slots = (*state.slots[:seat], empty, *state.slots[seat + 1:])
    mucked = (*state.mucked[:seat], state.mucked[seat] | cards, *state.mucked[seat + 1:])
    return evolve_state(state, slots=slots, mucked=mucked)


def after_fold(state: PokerState, seat: int) -> PokerState:
    """After ``seat`` folded: its cards are mucked, and the deal ends at once when one seat is
    left (T12)."""
    state = muck(state, seat)
    state = evolve_state(state, folded_at=replace_seat(state.folded_at, seat, state.step))
    left = betting.still_in(state.table)
    if len(left) != 1:
        return state
    return uncontested(state, left[0])


def uncontested(state: PokerState, winner: int) -> PokerState:
    """T12: the last seat in takes every chip put in, unseen (the uncalled bet first goes back);
    in a match, as :func:`divided.games.poker.match.uncontested` says."""
    if state.match is not None:
        from divided.games.poker import match

        return match.uncontested(state, winner)
    table = state.table
    if table.to_act != -1 or any(table.bets):
        table = betting.close_round(betting.evolve_table(table, to_act=-1))
    total = sum(table.contributed)
    chips = tuple(total if seat == winner else 0 for seat in range(state.players))
    settled = (Settled(total, (winner,), (("uncontested", (winner,)),), chips),)
    award = Event(state.step, None, "award", total, pot=0, title="uncontested", winners=(winner,), chips=(total,))
    return evolve_state(state, table=table, over=True, settled=settled, owed=(), events=(*state.events, award))



def final_stacks(state: PokerState) -> tuple[int, ...]:
    """Each seat's chips at the end: its stack plus what it won."""
    won = [0] * state.players
    for pot in state.settled:
        for seat, chips in enumerate(pot.chips):
            won[seat] += chips
    return tuple(stack + won[seat] for seat, stack in enumerate(state.table.stacks))


def replace_seat(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return (*values[:seat], value, *values[seat + 1:])
