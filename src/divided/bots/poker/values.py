"""What a poker decision is worth in chips, world by world: the model behind the advisor and
``equity``.

**The worlds.** Deals consistent with the deciding seat's view (the room's world sampler,
uniform over the consistent deals; in a game of one drawing hand each opponent's hand then
refit to how many cards it drew, :func:`range_from_draws`), completed to the end of the deal by the heuristics of
:mod:`~divided.bots.poker.heuristics` for every seat (:mod:`~divided.bots.poker.playout`), the
deciding seat's option applied at the current step; the showdown is valued exactly in numpy
batches (:mod:`~divided.bots.poker.shares`). Every option meets the same opponents' cards in a
world (common random numbers), so two options' values are compared world by world.

**The rollout policy after the decision** (the future of the hand, for everyone, the deciding
seat included): nobody bets, raises or folds again. A bet or raise now is called by every seat
still in, each as far as its stack goes (a seat to act after the decider that has not matched
the bet calls it too), and later betting rounds are checked through; draws, assignments and
splits follow the heuristics. This is the equity bot's own picture of the others (the calling
station with the heuristics, as :mod:`~divided.bots.poker.rollouts`' ``heuristic`` policy), so a
world's chips are exact given its cards: the pots are cut from the final contributions as the
engine cuts them (:func:`divided.games.poker.pots.layers`, side pots included) and each pot is
shared among its eligible seats by the awards (T11 without the odd chips: ties split evenly;
a pot nobody can win that the match replays, Fives' without a five, in equal shares).

**The value** of an option in a world: the chips the deciding seat holds at the end of the deal
minus its stack now (a fold is 0; a call with the nuts on the river is the whole pot), in
**pots**: divided by the chips in the pot at the decision (every chip put in so far, the bets of
this round included). Pots make the review's thresholds mean the same at every stake: a
decision that loses 5% of the pot is an inaccuracy, 10% a mistake, 15% a blunder (as poker
trainers grade by the loss as a share of the pot).

Known limits of the model: no fold equity (a raise never makes anyone fold) and no re-raise, so
a raise's value is linear in its size and, against callers, the largest is best whenever the
seat's share of the pot beats the fair share of the seats in; the rounds to come are priced
from this deal's bets only, as if every seat still in went on matching them; no range is read
from the opponents' bets or splits (only from their draws); the order of Henway's flips changes
nothing (nobody reads it), so every order card is worth the position's value under the split the
seat committed at that step.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from divided import games
from divided.bots.poker import forfeit, shares
from divided.bots.poker.playout import Completion, Hands, keep_for, lot_receiver, stock_of
from divided.cards import mask_indices
from divided.games.base import evolve
from divided.games.poker import actions as act
from divided.games.poker import betting, pots
from divided.games.poker.awards.switched import config_in_force
from divided.games.poker.state import PokerState
from divided.games.poker.steps import Draw
from divided.games.poker.steps.auction import HIGH, PRICE, Auction
from divided.games.poker.steps.dealer_call import CallDraws
from divided.games.poker.steps.draw import fee_of
from divided.games.poker.steps.exchange_turns import ExchangeTurns
from divided.games.poker.view import PokerView

Array = npt.NDArray[np.float64]
Strengths = npt.NDArray[np.int64]


class _CardNeeded(Exception):
    """A completion asked for a card: the seat's hands depend on the world."""


def _no_card() -> int:
    raise _CardNeeded


def is_betting(legal: Sequence[int]) -> bool:
    """Whether ``legal`` are the actions of a betting turn (fold, call, raise, bring-in, raise-to)."""
    first, last = legal[0], legal[-1]
    return (first <= act.BRING_IN or first >= act.RAISE_TO) and (last <= act.BRING_IN or last >= act.RAISE_TO)


def is_order(legal: Sequence[int]) -> bool:
    """Whether ``legal`` are Henway's flip-order actions."""
    return act.ORDER <= legal[0] < act.ORDER_END


def pot_of(view: PokerView) -> int:
    """The chips in the pot at ``view`` (the unit of the values; at least 1), a match's chips
    carried into the deal included."""
    return max(1, sum(view.table.contributed) + (view.match.carried if view.match is not None else 0))


def level_of(view: PokerView, action: int) -> int:
    """The chips in front of every seat still in at the end of this betting round when the
    deciding seat plays ``action`` and everyone calls (each as far as its stack goes)."""
    table = view.table
    me = view.current_player
    if action in (act.FOLD, act.CALL):
        return table.current
    if action == act.BRING_IN:
        return max(table.current, table.bets[me] + min(table.bring_in, table.stacks[me]))
    if action == act.RAISE:
        found = betting.options(table, view.config.limits).raise_to
        if found is None:
            raise ValueError("no bet or raise is allowed here")
        return found[0]
    if action >= act.RAISE_TO:
        return action - act.RAISE_TO
    return table.current  # draws, assignments, splits, orders: no chips move now


def rounds_to_come(view: PokerView) -> int:
    """The chips each seat still in is taken to put in at the betting rounds still to come: each
    round priced at the mean bets per round seen so far in this deal (the largest bet or
    raise-to of each round, in bets of that round's size, the round under way included; blinds
    and bring-ins are not bets) times its own bet size, rounded to whole chips. 0 with no bet
    seen or no round to come."""
    config = view.config
    steps = config.steps

    def size(step: object) -> int:
        return config.big_bet if getattr(step, "size", "small") == "big" else config.small_bet

    levels: dict[int, float] = {}
    for event in view.events:
        if event.kind in ("bet", "raise", "complete"):
            levels[event.step] = max(levels.get(event.step, 0.0), event.amount / size(steps[event.step]))
    rounds = sum(1 for step in steps[: view.step + 1] if step.kind == "bet")
    if not rounds or not levels:
        return 0
    per_round = sum(levels.values()) / rounds
    return round(sum(per_round * size(step) for step in steps[view.step + 1:] if step.kind == "bet"))


def final_contributions(view: PokerView, level: int, later: int = 0) -> tuple[int, ...]:
    """Every seat's chips in the pot at the end of the deal: the seats still in bring their bets
    up to ``level`` and put in ``later`` more (the rounds to come), as far as their stacks go."""
    table = view.table
    return tuple(chips + (min(max(0, level - bet) + later, stack) if live else 0)
                 for chips, bet, stack, live in zip(table.contributed, table.bets, table.stacks, table.live,
                                                    strict=True))


DRAW_TRIES = 20
"""Hands tried per opponent and world by :func:`range_from_draws` before it keeps the world's."""


def range_from_draws(view: PokerView, world: PokerState, completion: Completion, rng: random.Random) -> PokerState:
    """``world`` with each opponent's hand redrawn to fit how many cards it drew: a hand of the
    cards it could hold (its own in the world and the stock's), played through the draws so far
    by the heuristics (the policies the playouts assume), is kept when it discards what the
    opponent did at every draw; after :data:`DRAW_TRIES` misses the world's hand stays. Only
    hands the viewer sees nothing of, with face-down discards, in a game of one drawing hand."""
    if len(view.config.variant.slots) != 1 or not view.draws:
        return world
    slots, stock = list(world.slots), world.stock
    for seat in range(view.num_players):
        counts = [draw[seat] for draw in view.draws if draw[seat] >= 0]
        hidden = all(card is None for card in view.slots[seat][0]) and all(c is None for c in view.discarded[seat])
        if seat == view.player or not view.table.live[seat] or not hidden or not counts:
            continue
        size = len(view.slots[seat][0])
        pool = [*slots[seat][0], *mask_indices(stock)]
        if len(pool) < size + sum(counts):  # too few cards left to play the draws through
            continue
        for _ in range(DRAW_TRIES):
            rng.shuffle(pool)
            hand, rest = pool[:size], pool[size:]
            for count in counts:
                kept = keep_for(completion.style, hand, completion.low_aces)
                if size - len(kept) != count:
                    break
                hand, rest = kept + rest[:count], rest[count:]
            else:
                held = set(hand)
                stock = 0
                for card in pool:
                    if card not in held:
                        stock |= 1 << card
                slots[seat] = (tuple(hand),)
                break
    return evolve(world, slots=tuple(slots), stock=stock)


@dataclass(frozen=True)
class Showdowns:
    """The sampled worlds' showdown strengths: ``mine`` ``(awards, worlds, options)`` for the
    deciding seat under each option, ``theirs`` ``(awards, worlds, 1, opponents)`` for the
    other seats still in (``opponents`` their seats, in order)."""

    mine: Strengths
    theirs: Strengths
    opponents: tuple[int, ...]
    trash: Strengths | None = None
    """``(worlds, options)``: the trash's strength where a showdown may owe a trash forfeit
    (:mod:`~divided.bots.poker.forfeit`), else ``None``."""

    @property
    def worlds(self) -> int:
        return int(self.theirs.shape[1])


def showdowns(game: str, view: PokerView, options: Sequence[int | None], rng: random.Random,
              worlds: int, exchanges: int = 0) -> Showdowns:
    """``worlds`` worlds sampled from ``view`` with ``rng`` (see the module text); ``options`` are
    the deciding seat's choices at this step (``None``: no choice here, the heuristics play it);
    ``exchanges``: the exchange turns everyone is taken to play still (Jackpot)."""
    me = view.player
    if me is None:
        raise ValueError("a spectator has no decisions")
    if worlds < 1:
        raise ValueError(f"at least one world is needed, not {worlds}")
    sampler = games.room(game).sampler(view)
    completion = Completion(view)
    completion.exchanges = exchanges
    live = tuple(seat for seat in range(view.num_players) if view.table.live[seat] and seat != me)
    completion.aside = tuple(sum(1 << c for c in held if c is not None) for held in view.aside)
    fixed = _fixed(view, completion, options)
    trashes = forfeit.at_stake(view)
    fixed_trashed = _fixed_trashed(view, completion, options) if trashes and fixed is not None else []
    passing = lot_passes(view, options)
    variants = 2 if passing else 1  # the others' futures: the lot to nobody of them, to its receiver
    lot_to: list[list[int]] = []  # by world: for each option, which of the others' futures
    mine: list[Hands] = []
    theirs: list[Hands] = []
    folded: list[bool] = []
    trash: list[list[int]] = []
    for _ in range(worlds):
        world = range_from_draws(view, sampler.sample(rng), completion, rng)
        stock = stock_of(world, rng)
        completion.aside = world.aside
        thrown: list[int] = list(world.trash)
        receiver = _receiver(view, world) if passing else -1
        futures: dict[int, list[tuple[Hands, bool]]] = {}
        for seat in live:
            if seat == receiver:
                continue
            hands = [list(cards) for cards in world.slots[seat]]
            futures[seat] = [(completion.finish(seat, hands, stock.take_back, world.up, None, stock.recycle),
                              completion.folded)]
            thrown += completion.trashed
        if receiver in live:  # its future without the lot, then with it, from the same cards
            saved = stock.saved()
            futures[receiver] = []
            for action in (None, act.BID):
                stock.restore(saved)
                hands = [list(cards) for cards in world.slots[receiver]]
                futures[receiver].append((completion.finish(receiver, hands, stock.take_back, world.up, action,
                                                            stock.recycle), False))
        for variant in range(variants):
            for seat in live:
                hands, gone = futures[seat][min(variant, len(futures[seat]) - 1)]
                theirs.append(hands)
                folded.append(gone)
        lot_to.append([int(gives and receiver in live) for gives in passing])
        fill = [stock.take_back() for _ in range(forfeit.trash_size(view) - len(thrown))] if trashes else []
        if fixed is not None:
            trash += [_trash_of(view, thrown, mine_thrown, fill) for mine_thrown in fixed_trashed]
            continue
        start, spare = stock.front, list(stock.spare)
        for k, option in enumerate(options):  # each option from the same stock (common random numbers)
            stock.front, stock.spare = start, list(spare)
            hands = [list(cards) for cards in world.slots[me]]
            if passing and passing[k] and receiver == me:  # nobody bids: the first voice takes it free
                option = act.TAKE
            mine.append(completion.finish(me, hands, stock.take_front, world.up, option, stock.recycle))
            if trashes:
                trash.append(_trash_of(view, thrown, completion.trashed, fill))
    config = config_in_force(view)  # J-Lo ranks deuce-to-seven once nobody opened
    awards = len(config.awards)
    rows = 1 if fixed is not None else worlds
    # a wild rule that reads the other hands (Freak's cascade) sees only the seat's own hand for
    # its options, and each world's opponents together (an approximation for the bots)
    mine_rows = fixed or mine
    last = view.match is not None and view.match.last  # Fives' capped deal: the best hand wins, five or not
    mine_s = shares.strengths(config, mine_rows, range(len(mine_rows)), last, view).reshape(awards, rows, len(options))
    if fixed is not None:
        mine_s = np.broadcast_to(mine_s, (awards, worlds, len(options)))
    tables = [row for row in range(worlds * variants) for _ in live]
    theirs_s = shares.strengths(config, theirs, tables, last, view)
    trash_s = forfeit.trash_strengths(view, trash).reshape(worlds, len(options)) if trashes else None
    if any(folded):  # a seat the completion folded (3-2-1's change) contests nothing
        out = np.array(folded).reshape(worlds, variants * len(live))
        theirs_s[:, out.reshape(-1)] = -1
        if trash_s is not None:  # nobody else at the showdown: no trash test
            trash_s[out.all(axis=1)] = -2
    theirs_s = theirs_s.reshape(awards, worlds, variants, len(live))
    if passing:  # each option meets the others' future it leads to
        chosen = np.array(lot_to, dtype=np.int64).reshape(1, worlds, len(options), 1)
        theirs_s = np.take_along_axis(theirs_s, np.broadcast_to(chosen, (awards, worlds, len(options), len(live))), 2)
    return Showdowns(mine_s, theirs_s, live, trash_s)


def lot_passes(view: PokerView, options: Sequence[int | None]) -> tuple[bool, ...]:
    """At an auction's bidding or ladder, for each option whether it leaves the lot on the
    table to another seat (a pass or a refusal: :func:`~divided.bots.poker.playout.lot_receiver`);
    ``()`` at any other decision."""
    if not isinstance(view.config.steps[view.step], Auction) or not any(o in (act.PASS, act.REFUSE) for o in options):
        return ()
    return tuple(option in (act.PASS, act.REFUSE) for option in options)


def _receiver(view: PokerView, world: PokerState) -> int:
    step = view.config.steps[view.step]
    assert isinstance(step, Auction)
    index = view.config.variant.slot_index(step.slot)
    return lot_receiver(view, step, lambda seat: world.slots[seat][index])


def _trash_of(view: PokerView, thrown: Sequence[int], mine: Sequence[int], fill: Sequence[int]) -> list[int]:
    """A world's trash (:mod:`~divided.bots.poker.forfeit`): the cards in it and thrown to it,
    filled up from ``fill``."""
    cards = [*thrown, *mine]
    return cards + list(fill[: max(0, forfeit.trash_size(view) - len(cards))])


def _fixed_trashed(view: PokerView, completion: Completion, options: Sequence[int | None]) -> list[list[int]]:
    """The cards the seat throws to the trash under each option when no card is still to come
    to it (see :func:`_fixed`)."""
    me = view.current_player
    out = []
    for option in options:
        completion.finish(me, [[c for c in held if c is not None] for held in view.slots[me]], _no_card, view.up, option)
        out.append(list(completion.trashed))
    return out


def forfeit_cost(view: PokerView, found: Showdowns, contributed: Sequence[int]) -> Array:
    """``(worlds, options)``: the chips a trash forfeit is taken to cost the deciding seat when
    the deal ends with ``contributed`` (0 where none is at stake)."""
    if found.trash is None:
        return np.zeros(found.mine.shape[1:], dtype=np.float64)
    return forfeit.cost(view, found.mine[0], found.trash, contributed)


def _fixed(view: PokerView, completion: Completion, options: Sequence[int | None]) -> list[Hands] | None:
    """The seat's final hands under each option when no card is still to come to it (the same
    in every world), else ``None``."""
    me = view.current_player
    try:
        return [completion.finish(me, [[c for c in held if c is not None] for held in view.slots[me]],
                                  _no_card, view.up, option) for option in options]
    except _CardNeeded:
        return None


class ChipValues:
    """Turns :class:`Showdowns` into chips: the deciding seat's expected chips from the pots
    (cut from final contributions) world by world, caching its pot share against each set of
    eligible opponents."""

    def __init__(self, view: PokerView, found: Showdowns) -> None:
        self.view = view
        self.found = found
        self._shares: dict[tuple[int, ...], Array] = {}

    def share(self, eligible: tuple[int, ...]) -> Array:
        """``(worlds, options)``: the deciding seat's share of a pot it contests with ``eligible``."""
        cached = self._shares.get(eligible)
        if cached is None:
            found = self.found
            columns = [found.opponents.index(seat) for seat in eligible]
            theirs = found.theirs[..., columns]
            config = self.view.config
            last = self.view.match is not None and self.view.match.last
            unwon = shares.replay_share(config, last, 1 + len(columns))  # Fives: nobody holds a five
            cached = shares.pot_share(config, found.mine, theirs, unwon) if columns else \
                np.ones(found.mine.shape[1:], dtype=np.float64)
            self._shares[eligible] = cached
        return cached

    def won(self, contributed: Sequence[int], dead: int = 0) -> Array:
        """``(worlds, options)``: the chips the deciding seat takes from the pots cut from
        ``contributed`` (the seats still in as the view shows them; nobody folds later)."""
        me = self.view.current_player
        total = np.zeros(self.found.mine.shape[1:], dtype=np.float64)
        match = self.view.match  # T18: chips carried into the deal join its lowest layer
        carried = (match.carried if match is not None else 0) + dead  # ``dead``: chips nobody matches
        table = self.view.table  # only a seat with no chips left cuts a side pot (a paid draw does not)
        all_in = tuple(live and stack - (chips - before) <= 0
                       for stack, chips, before, live in zip(table.stacks, contributed, table.contributed, table.live,
                                                             strict=True))
        for pot in pots.layers(contributed, table.live, carried=carried, all_in=all_in):
            if me in pot.eligible:
                total = total + pot.amount * self.share(tuple(s for s in pot.eligible if s != me))
        return total


def betting_samples(view: PokerView, found: Showdowns, actions: Sequence[int]) -> dict[int, Array]:
    """Each betting action's value in every world (``found`` sampled with the single option
    ``None``), in pots (see the module text)."""
    me = view.current_player
    unit = pot_of(view)
    chips = ChipValues(view, found)
    later = rounds_to_come(view)
    out: dict[int, Array] = {}
    for action in actions:
        if action == act.FOLD:
            out[action] = np.zeros(found.worlds, dtype=np.float64)
            continue
        final = final_contributions(view, level_of(view, action), later)
        paid = final[me] - view.table.contributed[me]
        out[action] = (chips.won(final)[:, 0] - paid - forfeit_cost(view, found, final)[:, 0]) / unit
    return out


def option_samples(view: PokerView, found: Showdowns, actions: Sequence[int]) -> dict[int, Array]:
    """Each draw, assignment or split's value in every world (``found`` sampled with ``actions``
    as the options, in order), in pots. A draw's fee is priced in (paid into the pot: the seat
    may win it back); a fold (a draw of exactly so many cards or fold) is worth 0; a trash forfeit
    a showdown may owe is priced in (:mod:`~divided.bots.poker.forfeit`)."""
    step = view.config.steps[view.step]
    if isinstance(step, Draw) and step.or_fold:  # a change or fold (3-2-1): staying in pays the rounds to come
        return _or_fold_samples(view, found, actions)
    unit = pot_of(view)
    chips = ChipValues(view, found)
    final = final_contributions(view, view.table.current)
    fees = [fee_paid(view, action) for action in actions]
    out: dict[int, Array] = {}
    plain = (chips.won(final) - forfeit_cost(view, found, final)) / unit
    for k, action in enumerate(actions):
        if fees[k]:  # paid into the pot and matched by nobody: the seats in the pot contest it
            out[action] = (chips.won(final, dead=fees[k])[:, k] - fees[k] - forfeit_cost(view, found, final)[:, k]) / unit
        else:
            out[action] = plain[:, k]
    return out


def _or_fold_samples(view: PokerView, found: Showdowns, actions: Sequence[int]) -> dict[int, Array]:
    """:func:`option_samples` at a draw of exactly so many cards or fold: a fold is worth 0; a
    change is worth the seat's chips from the pots at the end of the deal (every seat still in
    paying the rounds to come, as at a call) less what it pays and the trash forfeit it risks,
    so the seat folds when the best change is worth less than nothing."""
    me = view.current_player
    final = final_contributions(view, view.table.current, rounds_to_come(view))
    paid = final[me] - view.table.contributed[me]
    kept = (ChipValues(view, found).won(final) - paid - forfeit_cost(view, found, final)) / pot_of(view)
    return {action: np.zeros(found.worlds, dtype=np.float64) if action == act.FOLD else kept[:, k]
            for k, action in enumerate(actions)}


def fee_paid(view: PokerView, action: int) -> int:
    """The chips ``action`` pays now: a draw's fee for the cards it discards, an auction's bid
    (one more than the highest) or refusal price (0 for others)."""
    step = view.config.steps[view.step]
    if isinstance(step, Auction):
        marks = view.phase.marks
        return marks[HIGH] + 1 if action == act.BID else marks[PRICE] if action == act.REFUSE else 0
    if not isinstance(step, Draw) or not step.fees or not act.DISCARD <= action < act.TAKE_BACK:
        return 0
    mask = action - (act.SHOW if action >= act.SHOW else act.DISCARD)
    return fee_of(view.config, step, mask.bit_count())


def exchange_samples(game: str, view: PokerView, actions: Sequence[int], rng: random.Random,
                     worlds: int) -> tuple[Showdowns, dict[int, Array]]:
    """Jackpot's call: ``STOP`` ends the exchanging for everyone, ``PASS`` gives everyone one more
    exchange (the model of :mod:`~divided.bots.poker.playout`); each valued over the same worlds
    (returned with the first action's showdowns)."""
    state = rng.getstate()
    out: dict[int, Array] = {}
    first: Showdowns | None = None
    for action in actions:
        rng.setstate(state)
        found = showdowns(game, view, [action], rng, worlds, exchanges=1 if action == act.PASS else 0)
        first = first or found
        out[action] = option_samples(view, found, [action])[action]
    assert first is not None
    return first, out


def samples(game: str, view: PokerView, actions: Sequence[int], rng: random.Random,
            worlds: int) -> dict[int, Array]:
    """Each of ``actions``' value (in pots) in each of ``worlds`` worlds drawn with ``rng``: a
    betting turn's actions, Henway's order actions (all worth the position's value: nobody reads
    the flips) or one step's draws, assignments or splits."""
    return sampled(game, view, actions, rng, worlds)[1]


def sampled(game: str, view: PokerView, actions: Sequence[int], rng: random.Random,
            worlds: int) -> tuple[Showdowns, dict[int, Array]]:
    """:func:`samples` with the worlds' showdowns they were valued over (``equity+range`` weighs
    the worlds by them)."""
    if not actions:
        raise ValueError("no actions to value")
    if is_betting(actions):
        found = showdowns(game, view, [None], rng, worlds)
        return found, betting_samples(view, found, actions)
    if isinstance(view.config.steps[view.step], CallDraws):  # see playout.dealer_call
        found = showdowns(game, view, [None], rng, worlds)
        return found, {action: np.zeros(worlds, dtype=np.float64) for action in actions}
    if isinstance(view.config.steps[view.step], ExchangeTurns) and set(actions) <= {act.PASS, act.STOP}:
        return exchange_samples(game, view, actions, rng, worlds)
    if is_order(actions):  # the split committed at this step stands; the order changes nothing
        chosen = view.phase.commits[view.current_player]
        split = chosen[0] if chosen else None
        found = showdowns(game, view, [split], rng, worlds)
        position = option_samples(view, found, [act.ORDER])[act.ORDER]
        return found, {action: position for action in actions}
    found = showdowns(game, view, list(actions), rng, worlds)
    return found, option_samples(view, found, actions)
