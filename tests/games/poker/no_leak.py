"""No hidden card reaches a viewer: the checker shared by the suite's sampled test
(``test_engine_no_leak.py``) and the long run (``python tests/games/poker/no_leak.py``).

What each viewer may see is worked out here from the deal's history alone, by the table's
rules (T14, T16, T17 and each game's reveal rulings), not read from the state's ``up`` mask or
its views: a card dealt face down is seen by its receiver only, one dealt face up by everyone
(a Deal step's pattern says which); a seat keeps seeing its own cards when it discards, mucks,
splits, assigns or orders them; a flip turns up the named card of each hand of every seat still
in; 10 Card Regrets under face-up exposure shows the assigned cards once the step ends (R3); the
open draw shows the draw's discards once everyone drew, those still in the pile (OS1); the
sequential open draw shows each discard round's discards when the round ends (OQ2); an auction's
lot is dealt face up, and once kept its cards are seen by the buyer only, the kept ones and the
ones it discards alike (AF3); the showdown shows every hand still in. A card dealt again after a
reshuffle (T16) starts over. A step kind may put steps into the deal (the dealer's call, a new
discard round): the steps are read from the deal after the move.
The draw games' extensions (issue 30): face-up discards are shown when made, or all together
once every seat has chosen at a simultaneous draw (T15); shown discards of the show rank
(Assassin) and the kept card of a bonus draw (Crazy 4 of Spades) are shown when made; a
replacement for an up card comes up where the draw keeps faces; set-aside cards (Bounce Back)
and the cards given up for them stay their owner's alone; a seat folding at a draw is out; a
card dealt to the trash is seen by nobody (everyone when the Deal's pattern turns it up), one a
seat puts there by its owner only, and the showdown shows the whole trash (3-2-1).
Two-deck games name second copies with a prime (``As'``).

At every position, for every seat and the spectator, :func:`check_position` compares the view
place by place with the truth (each card shown is the true card of that place, and shown
exactly when this viewer may see it), then checks the view's ``up`` mask and hidden commitments,
the books (:func:`~divided.games.poker.knowledge.knowledge`: unseen cards, opponents, their
text), the sampler's input (the view it is given) and a sampled world (it must agree with every
place the viewer sees), the acting seat's action labels, and every new event in the log with its
description for each viewer (every event is public: it names only cards everyone sees).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from divided import games
from divided.games import State
from divided.games.poker import actions as act
from divided.games.poker.cards import CARD_SPAN, deck_mask, mask_indices, name, rank_of
from divided.games.poker.events import describe
from divided.games.poker.knowledge import knowledge
from divided.games.poker.steps import Assign, Deal, Draw, Flip
from divided.games.poker.steps.auction import Auction, lot_cards
from divided.games.poker.steps.discard_rounds import DiscardRounds

AnyState = State[Any, Any]
EVERYONE = -1
"""The knower that stands for every seat and the spectator."""

GAMES = ("five-card-draw", "seven-card-stud", "henway", "ten-card-regrets", "cowpie",
         "double-draw-high-low", "open-draw", "jackpot", "sequential-open-draw", "six-card-draw",
         "six-card-open-draw", "seven-card-open-draw", "bounce-back", "j-lo", "freak-of-nature",
         "uncle-bobs-left-nut",
         "three-two-one", "assassin", "fives", "crazy-four-of-spades",
         "auction-flop", "low-high-die", "buck-thirty-five", "mississippi")
CARD_NAME = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs]'?|Jk[12])(?![A-Za-z0-9])")
_BY_NAME = {name(card): card for card in range(CARD_SPAN)}


def named_cards(text: str) -> set[int]:
    """The cards a text names in the project's notation ("As", "Td"...)."""
    return {_BY_NAME[token] for token in CARD_NAME.findall(text)}


@dataclass
class Sight:
    """Who may see each card where it lies now, kept from the history (see the module text)."""

    players: int
    knowers: dict[int, set[int]] = field(default_factory=dict)
    folded: set[int] = field(default_factory=set)
    dealt_in_step: Counter[int] = field(default_factory=Counter)
    step_of_counts: int = -1
    drawn_now: set[int] = field(default_factory=set)
    shown_together: set[int] = field(default_factory=set)
    faces_owed: dict[int, list[bool]] = field(default_factory=dict)

    def may_see(self, viewer: int | None, card: int) -> bool:
        who = self.knowers.get(card, set())
        return EVERYONE in who or (viewer is not None and viewer in who)

    def public(self) -> set[int]:
        return {card for card, who in self.knowers.items() if EVERYONE in who}

    def advance(self, before: Any, action: int, after: Any, *, chance: bool) -> None:
        """Account for ``action`` (a chance outcome with ``chance``: a card, or the first
        dealer drawn) taking the deal from core ``before`` to core ``after``."""
        steps = before.config.steps
        if before.match is not None and after.match is not None and after.match.deal != before.match.deal:
            self.next_deal(after)  # T18: a new deal of the match, a new deck: nobody knows a card of it
            return
        if chance and before.owed and action in after.trash:  # a card dealt to the trash
            step = steps[before.step]
            face_up = isinstance(step, Deal) and step.pattern[len(before.trash)] == "up"
            self.knowers[action] = {EVERYONE} if face_up else set()
        elif chance and before.owed:  # a card
            seat = _holder(after, action)
            step = steps[before.step]
            if before.step != self.step_of_counts:
                self.dealt_in_step, self.step_of_counts = Counter(), before.step
            face_up = isinstance(step, Auction) or (
                isinstance(step, Deal) and step.pattern[self.dealt_in_step[seat]] == "up")
            if isinstance(step, Draw) and self.faces_owed.get(seat):  # keep_face: as the card replaced
                face_up = self.faces_owed[seat].pop(0)
            self.dealt_in_step[seat] += 1
            self.knowers[action] = {EVERYONE} if face_up else {seat}
            self.drawn_now.discard(action)  # OS1: reshuffled and dealt again before the reveal
        elif not chance:
            self._decision(before, action)
            step = before.config.steps[before.step]
            if isinstance(step, Draw) and step.at_once and (after.step != before.step or after.over
                                                            or not any(after.phase.commits)):
                self._show(tuple(self.shown_together))  # T15: the choices apply together
                self.shown_together = set()
        grown = after.config.steps  # the steps a kind put into the deal included
        for index in range(before.step, min(after.step, len(grown))):
            self._step_done(grown[index], after)
        if after.over and len(self.live()) >= 2:  # the showdown: every hand still in is shown
            for seat in self.live():
                for held in after.slots[seat]:
                    self._show(held)
            self._show(after.trash)

    def next_deal(self, after: Any) -> None:
        """A match's next deal begins (T18): every card is back in a fresh deck (the last deal's
        shown hands are in its log, kept by the match), and the seats not dealt in count as out."""
        self.knowers, self.drawn_now = {}, set()
        self.dealt_in_step, self.step_of_counts = Counter(), -1
        self.folded = {seat for seat in range(self.players) if not after.table.live[seat]}

    def live(self) -> list[int]:
        return [seat for seat in range(self.players) if seat not in self.folded]

    def _decision(self, before: Any, action: int) -> None:
        step = before.config.steps[before.step]
        if action == act.FOLD and step.kind == "bet":
            self.folded.add(before.table.to_act)
        elif isinstance(step, Draw) and action == act.FOLD:
            self.folded.add(before.phase.order[0])
        elif isinstance(step, Draw) and (act.DISCARD <= action < act.ASSIGN or act.SHOW <= action < act.TAKE_BACK):
            seat = before.phase.order[0]
            show = action >= act.SHOW
            hand = sorted(before.slots[seat][before.config.variant.slot_index(step.slot)])
            mask = action - (act.SHOW if show else act.DISCARD)
            gone = [card for i, card in enumerate(hand) if mask >> i & 1]
            kept = [card for card in hand if card not in gone]
            self.drawn_now |= set(gone)
            public = self.public()
            faces = [card in public for card in gone] if step.keep_face else [False] * len(gone)
            self.faces_owed[seat] = faces + ([False] if show else [])
            shown = set()
            if step.face == "up":
                shown |= set(gone)
            if show:
                shown |= {card for card in gone if rank_of(card) == step.show_rank}
            if step.bonus_most and len(gone) > step.most:
                shown.add(min(card for card in kept if rank_of(card) == step.bonus_rank))
            if step.at_once:
                self.shown_together |= shown
            else:
                self._show(tuple(shown))
        elif isinstance(step, DiscardRounds) and act.DISCARD <= action < act.ASSIGN:
            seat = before.phase.order[0]
            hand = sorted(before.slots[seat][before.config.variant.slot_index(step.slot)])
            self.drawn_now |= {hand[(action - act.DISCARD).bit_length() - 1]}
        elif isinstance(step, Auction) and act.KEEP <= action < act.KEEP + act.KEEP_MASKS:
            buyer = before.phase.marks[4]
            for card in lot_cards(before, step):
                self.knowers[card] = {buyer}

    def _step_done(self, step: Any, after: Any) -> None:
        variant = after.config.variant
        if isinstance(step, Flip):
            for seat in self.live():
                for slot in step.slots:
                    self._show((after.slots[seat][variant.slot_index(slot)][step.position],))
        elif isinstance(step, Assign) and step.reveal == "face-up":
            for seat in self.live():
                for slot in step.into:
                    self._show(after.slots[seat][variant.slot_index(slot)])
        elif isinstance(step, DiscardRounds):
            self._show(tuple(self.drawn_now))  # the round's discards (none at the replacement)
            self.drawn_now = set()
        elif isinstance(step, Draw):
            if step.reveal == "after":
                self._show(tuple(self.drawn_now))
            self.drawn_now = set()

    def _show(self, cards: tuple[int, ...]) -> None:
        for card in cards:
            self.knowers[card] = {EVERYONE}


def _holder(core: Any, card: int) -> int:
    for seat, seat_slots in enumerate(core.slots):
        if any(card in held for held in seat_slots):
            return seat
    raise AssertionError(f"card {name(card)} was dealt but is in no hand")


def _mask_cards(mask: int) -> set[int]:
    return set(mask_indices(mask))


def check_view(state: AnyState, sight: Sight, viewer: int | None) -> set[int]:
    """Check one viewer's view place by place and its derived parts; returns the cards it shows."""
    core, view = state.core, state.observation(viewer)
    where = f"viewer {viewer} at step {core.step}"
    shown: set[int] = set()
    for seat in range(core.players):
        assert len(view.slots[seat]) == len(core.slots[seat]), where
        for true_held, seen_held in zip(core.slots[seat], view.slots[seat], strict=True):
            assert len(seen_held) == len(true_held), (where, seat)
            for card, seen in zip(true_held, seen_held, strict=True):
                expected = card if sight.may_see(viewer, card) else None
                assert seen == expected, f"{where}: seat {seat}'s {name(card)} shown as {seen} (may see: {expected})"
        piles = [(core.discarded[seat], view.discarded[seat], "discards"), (core.mucked[seat], view.mucked[seat], "muck")]
        if core.aside:
            piles.append((core.aside[seat], view.aside[seat], "set aside"))
        for mask, seen_pile, what in piles:
            true_cards = _mask_cards(mask)
            assert len(seen_pile) == len(true_cards), (where, seat, what)
            visible = {card for card in seen_pile if card is not None}
            assert visible == {c for c in true_cards if sight.may_see(viewer, c)}, (where, seat, what, visible)
            shown |= visible
        if core.phase.drawn:
            true_drawn = _mask_cards(core.phase.drawn[seat])
            assert view.drawn_counts[seat] == len(true_drawn), (where, seat)
            visible = _mask_cards(view.phase.drawn[seat])
            assert visible == {c for c in true_drawn if sight.may_see(viewer, c)}, (where, seat, "drawn", visible)
            shown |= visible
        if core.phase.commits and seat != viewer:
            assert not view.phase.commits[seat], f"{where}: seat {seat}'s hidden commitment shown"
        shown |= {card for held in view.slots[seat] for card in held if card is not None}
    assert len(view.trash) == len(core.trash), where
    for card, seen in zip(core.trash, view.trash, strict=True):
        expected = card if sight.may_see(viewer, card) else None
        assert seen == expected, f"{where}: the trash's {name(card)} shown as {seen} (may see: {expected})"
        shown |= {seen} if seen is not None else set()
    assert _mask_cards(view.up) <= sight.public(), f"{where}: up mask names {_mask_cards(view.up) - sight.public()}"
    _check_books(view, shown, where)
    return shown


def _check_books(view: Any, shown: set[int], where: str) -> None:
    books = knowledge(view)
    unseen = {_BY_NAME[card] for card in books.unseen}
    deck = set(mask_indices(deck_mask(view.config.deck)))
    assert unseen == deck - shown, f"{where}: the books count {sorted(deck - unseen - shown)}"
    for opponent in books.opponents:
        assert {_BY_NAME[c] for held in opponent.visible for c in held} <= shown, (where, opponent)
    assert named_cards(books.describe()) <= shown, where


def check_sampler(state: AnyState, viewer: int, rng: random.Random) -> None:
    """The sampler is given the viewer's view (its only input) and its world keeps every card
    the viewer sees where it is."""
    view = state.observation(viewer)
    sampler = games.room(state.core.config.variant.id).sampler(view)
    assert sampler.view == view, "the sampler was given more than the view"
    world = sampler.sample(rng)
    for seat in range(view.num_players):
        for seen_held, world_held in zip(view.slots[seat], world.slots[seat], strict=True):
            assert all(s is None or s == w for s, w in zip(seen_held, world_held, strict=True)), (viewer, seat)


def check_labels(state: AnyState, shown: set[int], rng: random.Random) -> None:
    """Every label of the acting seat names only cards its view shows (a few raise-to amounts
    stand for all)."""
    view = state.observation(state.current_player())
    room = games.room(state.core.config.variant.id)
    legal = state.legal_actions()
    small = [a for a in legal if a < act.RAISE_TO]
    amounts = [a for a in legal if a >= act.RAISE_TO]
    for action in small + rng.sample(amounts, min(3, len(amounts))):
        label = room.label(view, action)
        named = named_cards(label.text) | {_BY_NAME[c] for c in label.cards}
        assert named <= shown, f"label {label.text!r} names {sorted(named - shown)}"


def check_events(state: AnyState, sight: Sight, logged: int) -> None:
    """The events logged since ``logged`` name only public cards, in their data and in every
    viewer's words."""
    public = sight.public()
    for event in state.core.events[logged:]:
        cards = {*event.cards, *(c for hand in event.hands for c in hand)}
        assert cards <= public, f"event {event} holds {sorted(cards - public)}"
        for viewer in [None, *range(state.core.players)]:
            assert named_cards(describe(event, viewer)) <= public, (viewer, event)


@dataclass
class Tally:
    games: int = 0
    positions: int = 0
    views: int = 0
    labels: int = 0
    events: int = 0
    samples: int = 0
    by_size: Counter[int] = field(default_factory=Counter)


def random_options(game: str, rng: random.Random) -> dict[str, object]:
    """A table size from 2 to the game's most, a structure, a stack (short stacks make
    all-ins) and the game's own options."""
    rules = games.load(game).rules
    least, most = rules.variant.players
    options: dict[str, object] = {"players": rng.randint(least, most),
                                  "structure": rng.choice(("fixed", "pot", "no")),
                                  "stack": rng.choice((3, 10, 40, 200))}
    for option in games.load(game).rules.variant.options:
        options[option.name] = rng.choice(option.choices)
    for limit in rules.variant.players_for:  # a value offered at some table sizes only: else the default
        if options.get(limit.option) == limit.value and not limit.players[0] <= int(options["players"]) <= limit.players[1]:
            options[limit.option] = next(o.default for o in rules.variant.options if o.name == limit.option)
    return options


def play_checked(game: str, seed: int, tally: Tally, options: dict[str, object] | None = None, *,
                 sample_every: int = 7) -> None:
    """Play one random deal of ``game`` (explicit chance, random actions, folds rare; random
    options unless given) checking every position for every viewer."""
    rng = random.Random(seed)
    options = random_options(game, rng) if options is None else options
    state = games.load(game, **options).new_initial_state()
    sight = Sight(state.core.config.players)
    logged = 0
    while True:
        core = state.core
        for viewer in [None, *range(core.players)]:
            shown = check_view(state, sight, viewer)
            tally.views += 1
            if viewer is not None and viewer == state.current_player() and not state.is_chance_node():
                check_labels(state, shown, rng)
                tally.labels += 1
                if tally.positions % sample_every == 0:
                    check_sampler(state, viewer, rng)
                    tally.samples += 1
        if len(core.events) < logged:  # a match's next deal starts a new log (T18)
            logged = 0
        check_events(state, sight, logged)
        tally.events += len(core.events) - logged
        logged = len(core.events)
        tally.positions += 1
        if state.is_terminal():
            break
        chance = state.is_chance_node()
        if chance:
            action = rng.choice(state.chance_outcomes())[0]
        else:
            legal = state.legal_actions()
            action = act.FOLD if act.FOLD in legal and rng.random() < 0.08 else rng.choice(
                [a for a in legal if a != act.FOLD] or legal)
        state.apply_action(action)
        sight.advance(core, action, state.core, chance=chance)
    tally.games += 1
    tally.by_size[core.players] += 1


def deals(game: str, count: int, first_seed: int = 0) -> Iterator[int]:
    """The seeds of ``count`` deals of ``game``."""
    offset = GAMES.index(game) * 1_000_003 if game in GAMES else 0
    return iter(range(first_seed + offset, first_seed + offset + count))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="random deals per game")
    parser.add_argument("--only", default="", help="check only the games whose id contains this")
    parser.add_argument("--seed", type=int, default=0)
    arguments = parser.parse_args(argv)
    for game in GAMES:
        if arguments.only not in game:
            continue
        tally = Tally()
        started = time.process_time()
        for seed in deals(game, arguments.games, arguments.seed):
            play_checked(game, seed, tally)
        sizes = ", ".join(f"{size}: {count}" for size, count in sorted(tally.by_size.items()))
        print(f"{game}: {tally.games} deals (players {sizes}), {tally.positions} positions, {tally.views} views "
              f"checked (every seat and the spectator), {tally.labels} label sets, {tally.events} events, "
              f"{tally.samples} sampled worlds, no leak; {time.process_time() - started:.0f} s CPU", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
