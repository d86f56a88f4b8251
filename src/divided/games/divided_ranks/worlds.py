"""Sampling a full game state consistent with one player's view (a *determinisation*).

:func:`sample_state` draws a complete core state (the engine's frozen state, with a complete
and legal log, built by replaying a whole history through :class:`DividedRanksRules`) such
that ``observe(sample, view.player) == view`` exactly, at the same decision.

The distribution sampled
------------------------

It is the one the game's books count with (ruling R7): every consistent placement of the
cards equally likely, with no model of how the opponent plays.

* **Before the reserve** every card the player has not seen is exchangeable. The unseen cards
  are shuffled uniformly and dealt into the unseen places: the original reserve, the
  face-down pairs of past rounds that went unseen into the opponent's hand, the unseen cards
  on the table (all four while the opponent splits, the face-down pair while the player
  chooses) and the stock, in order. So every consistent placement is equally likely, and an
  unseen card lies in a place with probability (unseen slots there) / (unseen cards), as the
  books say.
* **From the reserve on** a consistent placement is fixed by the final reserve card (the
  opponent holds the other cards the player cannot see). The final reserve is drawn
  uniformly from the books' candidates (:func:`knowledge`: ``reserve_odds``, or ``reserve``
  when certain); then a history leading there is drawn uniformly from the consistent
  histories of the reserve decisions: the original reserve card and, if the opponent swapped
  blind, the card they gave (every pair of them that replays to the observed decisions and
  ends with that reserve). Which unseen cards formed which hidden past pair is a uniform
  partition of the rest.

Arbitrary choices (they never change the player's view, nor the future of the game): the order
of the four cards dealt to one round (the engine only uses them as a set); in the reserve
phase, the spread of histories over one final reserve card (uniform over the consistent
original reserve and blind gift, as above) and of the hidden cards over the past rounds; and
the opponent's build when they have committed it secretly: auto-arrange of their holding
(best against every opponent, ruling R5; a model of the opponent, not a count of states).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol, TypeVar

from divided.cards import mask_indices
from divided.games.base import OptionValue
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.history import Round, read_history
from divided.games.divided_ranks.knowledge import knowledge
from divided.games.divided_ranks.rules import DividedRanksRules, after_deal
from divided.games.divided_ranks.state import ALL_CARDS, SPLIT_SIZE, DividedRanksState, Phase
from divided.games.divided_ranks.view import (
    PlayerView,
    SeenBuild,
    SeenChoice,
    SeenReserve,
    SeenSplit,
    observe,
)
from divided.hands.arrange import arrange

if TYPE_CHECKING:
    import random  # the rules engine imports no random module: the caller passes its generator

_RULES = DividedRanksRules()
_SETUP = (Phase.FIRST_SPLITTER_COIN, Phase.RESERVE_ORDER_COIN)
_AFTER_DRAFT = (Phase.RESERVE, Phase.BUILD, Phase.OVER)

T = TypeVar("T")


class _Draws(Protocol):
    """The few methods of :class:`random.Random` the sampler uses."""

    def randrange(self, stop: int, /) -> int: ...

    def shuffle(self, x: MutableSequence[T], /) -> None: ...

    def choice(self, seq: Sequence[T], /) -> T: ...

    def sample(self, population: Sequence[T], k: int) -> list[T]: ...


class _FirstDraws:
    """Draws that always take the first possibility: a fixed sample, to check a view once."""

    def randrange(self, stop: int, /) -> int:
        return 0

    def shuffle(self, x: MutableSequence[T], /) -> None:
        return None

    def choice(self, seq: Sequence[T], /) -> T:
        return seq[0]

    def sample(self, population: Sequence[T], k: int) -> list[T]:
        return list(population[:k])


def sample_state(view: PlayerView, rng: random.Random) -> DividedRanksState:
    """A full state drawn from the states consistent with ``view`` (see the module text).

    Raises :class:`ValueError` for a view that no state of the game gives.
    """
    return WorldSampler(view).sample(rng)


@dataclass(frozen=True, slots=True)
class _History:
    """The hidden choices of one consistent reserve history: the original reserve card and
    the opponent's blind gift (-1 if none)."""

    original_reserve: int
    gift: int


@dataclass
class WorldSampler:
    """:func:`sample_state` for one view, with the work that does not depend on the random
    numbers done once (a bot samples many states of one view). It is the game room's
    :class:`divided.games.room.WorldSampler` (see :meth:`weight`)."""

    view: PlayerView
    _base: DividedRanksState = field(init=False)
    _draft_hand: int = field(init=False)
    _rounds: tuple[Round, ...] = field(init=False)
    _unseen: list[int] = field(init=False)
    _table_hidden: int = field(init=False)
    _reserves: list[int] = field(init=False)
    _histories: dict[int, list[_History]] = field(init=False)

    def __post_init__(self) -> None:
        if self.view.player is None:
            raise ValueError("a spectator's view has no world sampler: sample from a player's view")
        try:
            self._prepare()
            probe = self._sample(_FirstDraws())
        except (ValueError, AssertionError) as error:  # the engine's errors are ValueErrors
            raise ValueError(f"inconsistent view: {error}") from error
        if observe(probe, self.view.player) != self.view:
            raise ValueError("inconsistent view: no state with these cards and this history looks like it")

    def _prepare(self) -> None:
        view = self.view
        options: dict[str, OptionValue] = dict(view.options.as_mapping())
        state = _RULES.initial_state(options)
        if state.phase == Phase.FIRST_SPLITTER_COIN and view.first_splitter >= 0:
            state = _RULES.apply(state, view.first_splitter)
        if state.phase == Phase.RESERVE_ORDER_COIN and view.reserve_first >= 0:
            state = _RULES.apply(state, view.reserve_first)
        self._base = state
        past = read_history(view)
        self._draft_hand = past.draft_hand
        self._rounds = ()
        self._unseen = []
        self._table_hidden = 0
        self._reserves = []
        self._histories = {}
        if view.phase in (*_SETUP, Phase.DEAL):
            return
        self._rounds = past.rounds
        seen = self._draft_hand | view.drawn | view.offer | view.offer_face_down
        for played in self._rounds:
            seen |= played.face_up | (played.face_down or 0)
        self._unseen = mask_indices(ALL_CARDS ^ seen)
        if view.phase == Phase.SPLIT and view.drawn == 0:
            self._table_hidden = SPLIT_SIZE
        elif view.phase == Phase.CHOOSE and view.offer_face_down == 0:
            self._table_hidden = SPLIT_SIZE // 2
        hidden_pairs = sum(1 for played in self._rounds if played.face_down is None)
        if view.phase == Phase.CHOOSE and self._table_hidden:
            hidden_pairs -= 1  # the current round's face-down pair is on the table
        slots = 1 + 2 * hidden_pairs + self._table_hidden + view.stock_size
        if slots != len(self._unseen):
            raise ValueError(f"{len(self._unseen)} unseen cards for {slots} places")
        if view.phase in _AFTER_DRAFT:
            self._prepare_reserve()

    # -- the reserve phase: candidates from the books, histories by enumeration ---------------
    def _prepare_reserve(self) -> None:
        view = self.view
        books = knowledge(view)
        self._reserves = [books.reserve] if books.reserve is not None else sorted(books.reserve_odds)
        self._histories = _reserve_histories(view, self._draft_hand, self._unseen)
        missing = [card for card in self._reserves if card not in self._histories]
        if missing or not self._reserves:
            raise ValueError(f"no history ends with reserve card(s) {missing}")

    # -- sampling ----------------------------------------------------------------------------
    def sample(self, rng: random.Random) -> DividedRanksState:
        """One consistent state, drawn with ``rng``."""
        return self._sample(rng)

    def weight(self, state: DividedRanksState) -> float:
        """1.0 for every sample: :meth:`sample` already draws with the books' odds.

        What that means exactly (see the module text): during the draft every consistent
        placement of the unseen cards is equally likely, as the books count; from the reserve on
        every candidate reserve card is equally likely, as the books' ``reserve_odds`` say, but
        the hidden history behind one card (the original reserve, a blind gift) and a secret
        build are arbitrary spreads, not counted states. Mid-deal chance nodes of a shortened
        study draw the next card uniformly, not with the deal's chances (nobody decides there).
        """
        return 1.0

    def _sample(self, rng: _Draws) -> DividedRanksState:
        view = self.view
        if view.phase in _SETUP:
            return self._base
        if view.phase == Phase.DEAL:
            dealt = view.stock_size + 1 if view.stock_size else 0
            state = self._base
            if view.options.opening_rounds:  # the opening's cards are dealt in a fixed order
                for _ in range(dealt):
                    state = _RULES.apply(state, rng.choice(_RULES.legal_actions(state)))
                return state
            for card in rng.sample(range(21), dealt):
                state = _RULES.apply(state, card)
            return state
        cards = self._unseen[:]
        gift = -1
        if view.phase in _AFTER_DRAFT:
            reserve = self._reserves[rng.randrange(len(self._reserves))]
            histories = self._histories[reserve]
            history = histories[rng.randrange(len(histories))]
            cards.remove(history.original_reserve)
            rng.shuffle(cards)
            cards.insert(0, history.original_reserve)
            gift = history.gift
        else:
            rng.shuffle(cards)
        return self._build(cards, gift)

    def _build(self, cards: list[int], gift: int) -> DividedRanksState:
        """The state whose unseen places are filled from ``cards`` (first the original
        reserve, then the hidden past pairs in round order, the unseen cards on the table, the
        stock), with the opponent's blind gift ``gift``."""
        view = self.view
        position = 1
        deal = [cards[0]]

        def take(count: int) -> int:
            nonlocal position
            out = 0
            for card in cards[position : position + count]:
                out |= 1 << card
            position += count
            return out

        drawn_by_round: list[int] = []
        for played in self._rounds:
            down = played.face_down if played.face_down is not None else take(2)
            drawn_by_round.append(played.face_up | down)
        if view.phase == Phase.SPLIT:
            drawn_by_round.append(view.drawn or take(SPLIT_SIZE))
        for drawn in drawn_by_round:
            deal.extend(mask_indices(drawn))
        stock = cards[position:]
        if view.options.opening_rounds:  # a study deals each round's four cards in pack order
            for start in range(0, len(stock), SPLIT_SIZE):
                stock[start : start + SPLIT_SIZE] = sorted(stock[start : start + SPLIT_SIZE])
        deal.extend(stock)
        assert sorted(deal) == list(range(21)), f"not a deal of the pack: {deal}"
        # The 21 deal actions in one step, as the engine's own ``resolve_chance`` does.
        state = after_deal(replace(self._base, deal=tuple(deal)))
        opening = view.options.opening_rounds
        for event in view.log:
            if isinstance(event, SeenSplit | SeenChoice) and event.round < opening:
                continue  # the public opening is played by the deal itself
            if isinstance(event, SeenBuild) and view.options.auto_build:
                continue  # made by the rules after the reserve
            state = _RULES.apply(state, _action(state, event, gift))
        return state


def _action(state: DividedRanksState, event: object, gift: int) -> int:
    """The action that made ``event`` (as the viewer saw it) in the sampled world."""
    if isinstance(event, SeenSplit):
        a, b = mask_indices(event.face_up)
        return act.split_action(a, b)
    if isinstance(event, SeenChoice):
        return act.TAKE_FACE_UP if event.took_face_up else act.TAKE_FACE_DOWN
    if isinstance(event, SeenReserve):
        if not event.swapped:
            return act.KEEP
        return act.give_action(event.gave if event.gave is not None else gift)
    assert isinstance(event, SeenBuild)
    if event.split is not None:
        return act.build_action(event.split)
    return act.build_action(arrange(state.hands[event.player], state.options.scoring).split)


def _reserve_histories(view: PlayerView, draft_hand: int, unseen: list[int]) -> dict[int, list[_History]]:
    """Every consistent (original reserve, blind gift) history of the reserve decisions so
    far, grouped by the reserve card it ends with. ``unseen`` are the cards the viewer had not
    seen when the draft ended (the original reserve is one of them; the opponent holds the
    others)."""
    me = view.seat
    events = read_history(view).reserve
    out: dict[int, list[_History]] = {}
    for original in unseen:
        hands = [0, 0]
        hands[me] = draft_hand
        hands[1 - me] = ALL_CARDS ^ draft_hand ^ (1 << original)
        branches = [(-1, hands[0], hands[1], original)]
        for event in events:
            if not event.swapped:
                continue
            grown = []
            for gift, hand0, hand1, reserve in branches:
                holding = hand0 if event.player == 0 else hand1
                if event.gave is not None:
                    if event.took != reserve or not holding >> event.gave & 1:
                        continue
                    gives = [(gift, event.gave)]
                else:
                    gives = [(card, card) for card in mask_indices(holding)]
                for new_gift, given in gives:
                    after = holding ^ (1 << given) | (1 << reserve)
                    if event.player == 0:
                        grown.append((new_gift, after, hand1, given))
                    else:
                        grown.append((new_gift, hand0, after, given))
            branches = grown
        for gift, hand0, hand1, reserve in branches:
            if (hand0, hand1)[me] == view.hand:
                out.setdefault(reserve, []).append(_History(original, gift))
    return out
