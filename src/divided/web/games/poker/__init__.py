"""The poker games in the web app: one family, each game a definition (:data:`ROOMS`).

The human sits at seat 0 against one to six bots; the table shows every seat's stack, its bet
in front of it, the main and side pots with who can win each, the button and the forced bets,
and every hand's cards: the viewer's own, up and flipped cards face up, the rest as backs.
Everything is built from the human's :class:`PokerView` (and its public event log), never
from the core state: an opponent's down card appears nowhere before the showdown. The
browser draws the ``table`` with ``static/games/poker.js`` (one script for every poker game).

A table plays a session of many hands: each hand is its own stored game whose options carry
the stacks and the button (the engine's ``stacks`` and ``first_dealer``); :func:`next_hand`
gives the options of the next hand from a finished one. Bots that go broke rebuy at once;
the human rebuys only when asking to.

Legal actions are labelled with the engine room's kinds (``fold``, ``check``, ``call``,
``bet``, ``raise``, ``complete``, ``bring-in``, ``discard``, ``stand-pat``, ``assign``,
``arrange``, ``split``, ``order``). Under pot and no limit only the smallest, half-pot, pot and
all-in amounts are listed; ``table.betting`` gives the whole range (any amount in it is
legal: the action is ``RAISE_TO + amount``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import combinations
from typing import Any

from divided.bots import specs
from divided.errors import IllegalActionError
from divided.games.base import OptionValue, Result, RuleOption
from divided.games.poker import actions as act
from divided.games.poker import betting, pots, steps
from divided.games.poker.cards import as_cards, name
from divided.games.poker.events import describe
from divided.games.poker.options import MAX_STACK, options_of
from divided.games.poker.showdown import ranking
from divided.games.poker.steps.bet import missing_openers
from divided.games.poker.steps.partition import held_in_order, is_legal_split, ordering, split_of
from divided.games.poker.variant import Step, Variant, Wild
from divided.games.poker.variants import ROOMS as ENGINE_ROOMS
from divided.games.poker.variants import VARIANTS
from divided.games.poker.view import PokerView
from divided.games.poker.wilds import shown_words
from divided.games.room import ActionLabel
from divided.web.games.base import JSON, BotChoice, GameRoom, LobbyOption, LogEntry, NextGameRefused
from divided.web.games.poker.log_words import SKIP, event_words, without_empty_shares
from divided.web.games.poker.picks import (
    PHASES,
    STEP_WORDS,
    facts_object,
    features,
    is_plain_draw,
    pick_object,
    pick_prompt,
    pick_refusal,
    place_words,
    showdown_notes,
    uses_pick,
    wild_cards_played,
)
from divided.web.statistics import BigBets

HUMAN_SEAT = 0
FAMILY = "poker"
FAMILY_TITLE = "Poker"
PLACES = ("top", "second", "third", "fourth", "fifth")

LINES: dict[str, str] = {
    "five-card-draw": "The classic: five cards down, one draw, two betting rounds; the best high hand wins.",
    "seven-card-stud": "Three down and four up over five betting rounds; the best five of your seven cards.",
    "henway": "Ten cards split into two five-card hands you put in order and turn up one by one; high and "
              "low split the pot.",
    "ten-card-regrets": "Two cards at a time into a low hand or a high hand, never moved again; high and low "
                        "split the pot.",
    "cowpie": "Seven-card stud, then split your seven into a five-card and a two-card hand; each wins half.",
    "double-draw-high-low": "Five cards and two draws; half the pot to the best high hand, half to the best "
                            "low (3 to 5 players).",
    "open-draw": "Five-card draw, but everyone's discards are turned up after the draw.",
    "jackpot": "Swap one card a turn until someone says \"I call\"; then one betting round.",
    "sequential-open-draw": "Discard one card at a time, face down, turned up after each round; pass to stop.",
    "six-card-draw": "Two decks, six cards that all play, one draw: all six cost one more ante.",
    "six-card-open-draw": "Six cards and a draw, then everyone throws one card away face up at once.",
    "seven-card-open-draw": "Seven cards and a draw, then twice everyone throws one card away face up at once.",
    "bounce-back": "Up to two cards changed, the discards set aside; later you may take them back.",
    "j-lo": "Five-card draw where opening takes jacks or better; if nobody opens, the deal turns to "
            "deuce-to-seven lowball.",
    "freak-of-nature": "Five-card draw whose wild rank is found at the showdown: sixes if anyone still in "
                       "holds one, else fives, fours, threes, twos.",
    "uncle-bobs-left-nut": "Five-card draw in which each player's lowest card is wild for that player alone.",
    "three-two-one": "Change exactly three, two, then one card or fold; every hand must beat the trash or pay.",
    "assassin": "Five-card draw where a 2 kills your hand; show discarded twos for one more card.",
    "fives": "Five paid draws, one betting round; the best hand wins only if it holds a five.",
    "crazy-four-of-spades": "The 4♠ is wild and makes your other fours wild; win two deals running to collect.",
    "auction-flop": "No betting: pay to discard, then bid for lots of three up cards; the pot goes 60/30/10.",
    "low-high-die": "The dealer calls the draws before the deal; ranks turn wild in pairs, like a die's faces.",
    "buck-thirty-five": "A fifth card, the buck, kept apart: its rank is wild for you alone; one exchange of up to three.",
    "mississippi": "Two cards, one up; three exchanges; high and low halves, and a pair of sevens takes it all.",
}
"""One line on each game for the variant picker: what makes it different."""


# -- names and hands --------------------------------------------------------------------------


def seat_name(seat: int, me: int) -> str:
    """``"You"`` or ``"Bot 2"`` (a bot is named by its seat)."""
    return "You" if seat == me else f"Bot {seat}"


_PLAYER = re.compile(r"\b(Player|player) (\d+)")


def _named(text: str, me: int) -> str:
    """The engine's words ("Player 2") with the table's names ("Bot 2")."""
    return _PLAYER.sub(lambda m: seat_name(int(m.group(2)), me), text)


def _me(view: PokerView) -> int:
    return HUMAN_SEAT if view.player is None else view.player


def hand_labels(view: PokerView) -> dict[str, str]:
    """Each slot's name in the table's words: what the hand is for."""
    game = view.config.variant.id
    if game == "henway":
        if view.config.option("henway_sides") == "declared":
            return {"held": "Your ten cards", "one": "High hand (first)", "two": "Low hand (second)"}
        return {"held": "Your ten cards", "one": "First hand", "two": "Second hand"}
    if game == "ten-card-regrets":
        return {"held": "Just dealt", "left": "Low hand (left)", "right": "High hand (right)"}
    if game == "cowpie":
        return {"held": "Seven cards", "five": "Five-card hand", "two": "Two-card hand"}
    return {"hand": "Hand", "lot": "Lot on sale", "buck": "Buck (kept apart)", "trash": "Trash"}


def _cards(codes: Sequence[int]) -> str:
    return " ".join(name(c) for c in codes)


def hand_words(rule: str, cards: Sequence[int]) -> str:
    """A hand in words under a ranking rule ("Two Pair, kings and sevens")."""
    try:
        return str(ranking(rule).rank(as_cards(list(cards))))
    except (ValueError, KeyError):
        return _cards(cards)


# -- the step under way ------------------------------------------------------------------------


def _step(view: PokerView) -> Step | None:
    if view.over or view.step >= len(view.config.steps):
        return None
    return view.config.steps[view.step]


def _mine(view: PokerView) -> bool:
    return view.player is not None and view.current_player == view.player and not view.over


def legal_numbers(view: PokerView) -> list[int]:
    """The viewer's legal actions, from its view (none when it is not the viewer's turn)."""
    step = _step(view)
    if not _mine(view) or step is None:
        return []
    return steps.kind_of(step).legal(step, view)


def _raise_presets(view: PokerView, low: int, high: int) -> list[tuple[str, int]]:
    """The amounts the controls offer under pot and no limit: the smallest, half the pot, the
    pot and all-in (each clamped to the legal range, without repeats)."""
    table = view.table
    seat = table.to_act
    pot_after_call = sum(table.contributed) + table.current - table.bets[seat]
    wanted = [("Smallest", low), ("\u00bd pot", table.current + pot_after_call // 2),
              ("Pot", table.current + pot_after_call), ("All in", high)]
    out: list[tuple[str, int]] = []
    for label, amount in wanted:
        amount = min(max(amount, low), high)
        if amount not in [a for _, a in out]:
            out.append((label, amount))
    return out


def legal_actions(view: PokerView) -> list[ActionLabel]:
    """The viewer's legal actions, labelled (raise-to amounts: the presets only; see the module)."""
    numbers = legal_numbers(view)
    if not numbers:
        return []
    room = ENGINE_ROOMS[view.config.variant.id]
    raises = [a for a in numbers if a >= act.RAISE_TO]
    out = [room.label(view, a) for a in numbers if a < act.RAISE_TO]
    if raises:
        low, high = raises[0] - act.RAISE_TO, raises[-1] - act.RAISE_TO
        out += [room.label(view, act.raise_to_action(amount)) for _, amount in _raise_presets(view, low, high)]
    return out


# -- the table ---------------------------------------------------------------------------------


def _forced(view: PokerView) -> dict[int, str]:
    """Who posted a blind or brought it in this hand."""
    out: dict[int, str] = {}
    blinds = [e for e in view.events if e.kind == "blind"]
    for index, event in enumerate(blinds):
        assert event.seat is not None
        out[event.seat] = "small blind" if index == 0 and len(blinds) > 1 else "big blind"
    for event in view.events:
        if event.kind == "bring-in" and event.seat is not None:
            out[event.seat] = "bring-in"
    return out


def hands_object(view: PokerView, seat: int) -> list[JSON]:
    """A seat's hands as the viewer sees them: each card's code (``None``: face down, unseen)
    and whether it is face up for everyone."""
    labels = hand_labels(view)
    out = []
    for slot, held in zip(view.config.variant.slots, view.slots[seat], strict=True):
        if not held:
            continue
        out.append({"slot": slot.name, "label": labels.get(slot.name, slot.name), "size": slot.size,
                    "cards": [{"card": None if c is None else name(c), "up": c is not None and bool(view.up >> c & 1)}
                              for c in held]})
    return out


def pots_object(view: PokerView, me: int) -> list[JSON]:
    """The main pot and the side pots, each with the seats that can win it (at the end: as settled)."""
    if view.settled:
        layers = [(p.amount, p.eligible) for p in view.settled]
    else:
        table = view.table
        carried = view.match.carried if view.match is not None else 0  # T18: chips carried into this deal
        if not any(table.contributed) and not carried:
            return []
        all_in = tuple(live and stack == 0 for live, stack in zip(table.live, table.stacks, strict=True))
        layers = [(p.amount, p.eligible)
                  for p in pots.layers(table.contributed, table.live, carried=carried, all_in=all_in)]
    return [{"name": "Main pot" if i == 0 else f"Side pot {i}", "amount": amount,
             "eligible": [seat_name(s, me) for s in eligible]} for i, (amount, eligible) in enumerate(layers)]


def match_object(view: PokerView, me: int) -> JSON | None:
    """Where a match stands (T18; ``None`` for a game of one deal): the deal, the cap, the chips
    carried in, the token holder, the forfeits posted this deal and the seats sitting out."""
    match = view.match
    if match is None:
        return None
    out = sitting_out(view)
    return {"deal": match.deal, "max_deals": int(view.config.option("max_deals")), "last": match.last,
            "carried": match.carried, "token": None if match.token < 0 else seat_name(match.token, me),
            "forfeits": [{"name": seat_name(seat, me), "amount": amount}
                         for seat, amount in enumerate(match.forfeits) if amount],
            "out": [seat_name(seat, me) for seat in sorted(out)]}


def sitting_out(view: PokerView) -> set[int]:
    """The seats not playing this deal of a match: out of the match, or not dealt in (FV4: a
    replay deals in only the players who could win the layer carried). A seat that folded this
    deal is not among them."""
    match = view.match
    if match is None:
        return set()
    folded = {event.seat for event in view.events if event.kind == "fold"}
    return {seat for seat in range(view.num_players)
            if match.out[seat] or (not view.table.live[seat] and seat not in folded and not any(view.slots[seat]))}


def seats_object(view: PokerView) -> list[JSON]:
    """Every seat, the viewer first, then clockwise (to the viewer's left)."""
    me, n = _me(view), view.num_players
    table = view.table
    forced = _forced(view)
    finals = _final_stacks(view)
    away = sitting_out(view)
    out = []
    for offset in range(n):
        seat = (me + offset) % n
        folded = not table.live[seat] and seat not in away
        out.append({
            "seat": seat, "name": seat_name(seat, me), "you": seat == me,
            "stack": table.stacks[seat], "bet": table.bets[seat], "in_pot": table.contributed[seat],
            "folded": folded, "sitting_out": seat in away, "all_in": not folded and seat not in away and table.stacks[seat] == 0 and view.button >= 0,
            "button": seat == view.button, "forced": forced.get(seat),
            "to_move": view.current_player == seat and not view.over,
            "hands": hands_object(view, seat),
            "discards": len(view.discarded[seat]),
            "drew": [d for d in (draw[seat] for draw in view.draws)],
            "draw_words": draw_words(view, seat),
            "final_stack": None if finals is None else finals[seat],
            "won": None if view.result is None else int(view.result.returns[seat]),
        })
    return out


_DRAWING_KINDS = (steps.Draw, steps.DiscardRounds, steps.ExchangeTurns)
"""The step kinds that record a count in ``view.draws`` (one entry each, in the order of the steps)."""


def draw_words(view: PokerView, seat: int) -> list[str]:
    """What ``seat`` did at each draw so far, in the draw's words: "drew 2", "stood pat", "threw
    away 3" (a discard nothing replaces), "put 1 in the trash", "set aside 2", "swapped 1"."""
    drawing = [step for step in view.config.steps if isinstance(step, _DRAWING_KINDS)]
    out = []
    for step, counts in zip(drawing, view.draws, strict=False):
        n = counts[seat]
        if n < 0:
            continue
        if isinstance(step, steps.ExchangeTurns):
            out.append(f"swapped {n}" if n else "swapped none")
        elif isinstance(step, steps.Draw) and step.to == "trash":
            out.append(f"put {n} in the trash")
        elif isinstance(step, steps.Draw) and step.replace != "now":
            out.append(f"threw away {n}" if n else "threw away none")
        elif isinstance(step, steps.Draw) and step.set_aside:
            out.append(f"set aside {n}" if n else "stood pat")
        else:
            out.append(f"drew {n}" if n else "stood pat")
    return out


def _final_stacks(view: PokerView) -> tuple[int, ...] | None:
    if not view.over:
        return None
    won = [0] * view.num_players
    for pot in view.settled:
        for seat, chips in enumerate(pot.chips):
            won[seat] += chips
    return tuple(stack + won[seat] for seat, stack in enumerate(view.table.stacks))


def betting_object(view: PokerView, numbers: list[int]) -> JSON | None:
    """The viewer's betting decision: what calling costs, and the raise range with presets."""
    if not numbers or not any(a in (act.FOLD, act.CALL, act.RAISE, act.BRING_IN) or a >= act.RAISE_TO
                              for a in numbers):
        return None
    table = view.table
    seat = table.to_act
    options = betting.options(table, view.config.limits)
    raises = [a - act.RAISE_TO for a in numbers if a >= act.RAISE_TO]
    out: JSON = {"structure": view.config.limits.structure.value, "to_call": options.call,
                 "current": table.current, "your_bet": table.bets[seat], "stack": table.stacks[seat],
                 "pot": sum(table.contributed), "range": None, "presets": []}
    if raises:
        low, high = raises[0], raises[-1]
        out["range"] = {"min": low, "max": high, "verb": "bet" if table.current == 0 else "raise",
                        "action_base": act.RAISE_TO}
        out["presets"] = [{"label": label, "amount": amount} for label, amount in _raise_presets(view, low, high)]
    return out


def draw_object(view: PokerView, step: steps.Draw) -> JSON:
    seat = _me(view)
    held = steps.draw.held_in_order(view, step, seat)
    return {"hand": [name(c) for c in held], "least": step.least, "most": min(step.most, len(held)),
            "slot": step.slot}


def assign_object(view: PokerView, step: steps.Assign) -> JSON:
    seat = _me(view)
    variant = view.config.variant
    pair = sorted(c for c in view.slots[seat][variant.slot_index(step.source)] if c is not None)
    room = {hand: step.capacity - len(view.slots[seat][variant.slot_index(hand)]) for hand in step.into}
    labels = hand_labels(view)
    return {"cards": [name(c) for c in pair], "hands": [{"slot": h, "label": labels.get(h, h), "room": room[h]}
                                                        for h in step.into],
            "choices": [{"action": act.assign_action(choice), "first": [name(c) for c in first],
                         "second": [name(c) for c in second]}
                        for choice in range(act.ASSIGN_CHOICES)
                        for first, second in [steps.assign.placement(pair, choice)]]}


def partition_object(view: PokerView, step: steps.Partition) -> JSON:
    seat = _me(view)
    variant = view.config.variant
    labels = hand_labels(view)
    sizes = [variant.slots[variant.slot_index(h)].size for h in step.into]
    held = held_in_order(view, step, seat)
    out: JSON = {"held": [name(c) for c in held], "up": [name(c) for c in held if view.up >> c & 1],
                 "hands": [{"slot": h, "label": labels.get(h, h), "size": size} for h, size in zip(step.into, sizes,
                                                                                                  strict=True)],
                 "ordered": step.ordered, "rules": partition_rules(view, step), "stage": "split",
                 "ordering": None}
    if view.phase.commits and view.phase.commits[seat]:
        index, placed, left = ordering(view, step, seat)
        first, last = split_of(held, view.phase.commits[seat][0] - act.PARTITION, sizes[-1])
        out["stage"] = "order"
        out["split"] = [[name(c) for c in first], [name(c) for c in last]]
        out["ordering"] = {"hand": step.into[index], "label": labels.get(step.into[index], step.into[index]),
                           "placed": [name(c) for c in placed], "left": [name(c) for c in left],
                           "place": PLACES[len(placed)]}
    return out


def partition_rules(view: PokerView, step: steps.Partition) -> str:
    """The split's constraints in words (empty: any split)."""
    labels = hand_labels(view)
    parts = []
    if step.outranks:
        parts.append(f"the {labels[step.into[0]].lower()} must rank above the {labels[step.into[-1]].lower()} "
                     "(as high hands)")
    if step.down_in:
        named = " and the ".join(labels[h].lower() for h in step.down_in)
        parts.append(f"the {named} must each hold at least one face-down card" if len(step.down_in) > 1
                     else f"the {named} must hold at least one face-down card")
    return "; ".join(parts)


def showdown_object(view: PokerView) -> JSON | None:
    """The end of the hand: each pot's awards, with the winners' hands in words and the chips won."""
    if not view.over:
        return None
    me = _me(view)
    variant = view.config.variant
    awards = {a.title: a for a in view.config.awards}
    out = []
    for index, pot in enumerate(view.settled):
        items = []
        shares = [e for e in view.events if e.kind == "award" and e.pot == index]
        for event in shares:
            award = awards.get(event.title)
            winners = []
            for seat, chips in zip(event.winners, event.chips, strict=True):
                hand = None
                if award is not None and view.shown:
                    hand = _winning_hand(view, seat, award.slots, award.rule, award.wild)
                winners.append({"name": seat_name(seat, me), "you": seat == me, "chips": chips,
                                "hand": None if hand is None else hand[0], "cards": [] if hand is None else hand[1],
                                "label": None if hand is None else hand[2]})
            if award is not None and award.wild is not None and view.shown:  # which cards played wild
                for winner, seat in zip(winners, event.winners, strict=True):
                    if winner["hand"] is not None:
                        winner["wild"] = [name(c) for c in wild_cards_played(view, seat, award)]
            if award is not None and award.kind == "places":
                for winner, place in zip(winners, place_words(event.chips), strict=True):
                    winner["place"] = place
            title = "uncontested" if event.title == "uncontested" else event.title
            items.append({"title": title, "winners": winners,
                          "text": _named(describe(without_empty_shares(event), me), me)})
        out.append({"name": "Main pot" if index == 0 else f"Side pot {index}", "amount": pot.amount,
                    "awards": items})
    shows = [{"name": seat_name(e.seat, me), "hands": [
        {"label": hand_labels(view).get(slot, slot), "cards": [name(c) for c in cards]}
        for slot, cards in zip(e.hands_named, e.hands, strict=True) if cards and slot != "held"]}
        for e in view.events if e.kind == "show" and e.seat is not None]
    result = view.result
    return {"pots": out, "shown": shows, "variant": variant.name, "notes": showdown_notes(view, me, seat_name),
            "you_won": None if result is None else int(result.returns[me])}


def _winning_hand(view: PokerView, seat: int, slots: tuple[str, ...], rule: str,
                  wild: Wild | None = None) -> tuple[str, list[str], str] | None:
    """The seat's best hand for an award: its words, its cards and the hand's label (with a
    wild rule: as the showdown ranks it, the cards as printed)."""
    if wild is not None:
        variant = view.config.variant
        found = shown_words(wild, variant, view.slots, view.table.live, seat,
                            tuple(variant.slot_index(slot) for slot in slots), rule)
        if found is not None:
            return found[0], [name(c) for c in found[1]], hand_labels(view).get(slots[0], slots[0])
    system = ranking(rule)
    best: tuple[int, str, list[int]] | None = None
    for slot in slots:
        cards = [c for c in view.slots[seat][view.config.variant.slot_index(slot)] if c is not None]
        if len(cards) not in system.sizes:
            continue
        strength = system.strength(as_cards(cards))
        if best is None or strength > best[0]:
            best = (strength, slot, cards)
    if best is None:
        return None
    _, slot, cards = best
    if len(cards) > 5 and 5 in system.sizes:  # seven-card stud: the best five of them (six-card poker: all six)
        cards = list(max(combinations(cards, 5), key=lambda five: system.strength(as_cards(list(five)))))
    return hand_words(rule, cards), [name(c) for c in cards], hand_labels(view).get(slot, slot)


def _step_words(view: PokerView) -> str:
    step = _step(view)
    if step is None:
        return "The hand is over"
    if isinstance(step, steps.Bet):
        size = view.config.small_bet if step.size == "small" else view.config.big_bet
        return (f"Betting: {step.size} bet ({size})" if view.config.limits.structure.value == "fixed"
                else "Betting")
    words = {"deal": "The deal", "draw": "The draw", "assign": "Placing the cards dealt",
             "partition": "Making the hands", "flip": "Turning up", "showdown": "The showdown", **STEP_WORDS}
    return words.get(str(step.kind), str(step.kind))


def table(view: PokerView, books: Any, mine: bool) -> JSON:
    """The poker part of the state object (see the module text)."""
    me = _me(view)
    config = view.config
    numbers = legal_numbers(view) if mine else []
    step = _step(view)
    return {
        "variant": config.variant.id, "title": config.variant.name, "players": view.num_players,
        "structure": config.limits.structure.value,
        "betting_rounds": any(isinstance(s, steps.Bet) for s in config.steps),
        "stakes": {"ante": config.ante, "small_bet": config.small_bet, "big_bet": config.big_bet,
                   "bring_in": config.bring_in, "blinds": config.blinds},
        "button": None if view.button < 0 else seat_name(view.button, me),
        "step": _step_words(view),
        "seats": seats_object(view),
        "pot": sum(view.table.contributed) + (view.match.carried if view.match is not None and not view.settled else 0),
        "pots": pots_object(view, me),
        "match": match_object(view, me),
        "betting": betting_object(view, numbers) if mine and isinstance(step, steps.Bet) else None,
        "draw": draw_object(view, step) if mine and is_plain_draw(step) and isinstance(step, steps.Draw) else None,
        "pick": pick_object(view, step, numbers) if mine and numbers and step is not None and uses_pick(step) else None,
        "facts": facts_object(view, seat_name, step),
        "assign": assign_object(view, step) if mine and isinstance(step, steps.Assign) else None,
        "partition": partition_object(view, step) if mine and isinstance(step, steps.Partition) else None,
        "showdown": showdown_object(view),
    }


# -- words ---------------------------------------------------------------------------------------


def phase(view: PokerView) -> str:
    step = _step(view)
    if step is None or view.over:
        return "over"
    if view.button < 0:
        return "deal"
    return {"bet": "bet", "draw": "draw", "assign": "assign", "partition": "arrange", **PHASES}.get(step.kind, "deal")


def prompt(view: PokerView, books: Any, bot_error: str | None) -> str:
    """One sentence: what to do now."""
    if view.over:
        return headline(view) or ""
    if not _mine(view):
        if bot_error:
            return "A bot could not make its move. Your hand is saved: ask the bot to try again."
        return "Waiting for the bots."
    step = _step(view)
    me = _me(view)
    if isinstance(step, steps.Bet):
        options = betting.options(view.table, view.config.limits)
        pot = sum(view.table.contributed)
        if options.bring_in is not None:
            return (f"You have the lowest up card: bring in for {options.bring_in} or complete to "
                    f"{view.config.small_bet}. The pot is {pot}.")
        if options.call:
            more = " or raise" if options.raise_to is not None else " (no raise is allowed now)"
            return f"{options.call} to call into a pot of {pot}: fold, call{more}."
        more = " or bet" if options.raise_to is not None else ""
        return f"Nobody has bet yet: check{more}. The pot is {pot}."
    if step is not None and uses_pick(step):
        return pick_prompt(view, step)
    if isinstance(step, steps.Draw):
        most = min(step.most, len(steps.draw.held_in_order(view, step, me)))
        return f"The draw: press up to {most} cards to throw away and draw as many new ones, or stand pat."
    if isinstance(step, steps.Assign):
        data = assign_object(view, step)
        first, second = (h["label"].lower() for h in data["hands"])
        return f"Put the two cards just dealt, {' and '.join(data['cards'])}, into your {first} and {second}."
    if isinstance(step, steps.Partition):
        data = partition_object(view, step)
        if data["stage"] == "order":
            order = data["ordering"]
            return (f"Put your {order['label'].lower()} in order: press its {order['place']} card (cards are "
                    "turned up from the top).")
        last = data["hands"][-1]
        rules = f" The rules: {data['rules']}." if data["rules"] else ""
        return (f"Make your hands: press the {last['size']} cards of your {last['label'].lower()}; the rest make "
                f"your {data['hands'][0]['label'].lower()}.{rules}")
    return "Your move."


def log(view: PokerView) -> list[LogEntry]:
    """What happened so far, from the public log, with the table's names; your own cards are
    named only where the log's event shows them to everyone."""
    me = _me(view)
    lines: list[LogEntry] = []
    if view.button >= 0:
        lines.append(LogEntry(None, f"{seat_name(view.button, me)} {'have' if view.button == me else 'has'} "
                                    "the button."))
    labels = hand_labels(view)
    previous = view.match.previous if view.match is not None else ()  # T18: how the last deal ended
    events = (*previous, *view.events)
    index = 0
    while index < len(events):
        event = events[index]
        if event.kind == "show" and event.seat is not None:  # the hands by the table's names for them
            who = "You show" if event.seat == me else f"{seat_name(event.seat, me)} shows"
            shown = [(slot, cards) for slot, cards in zip(event.hands_named, event.hands, strict=True) if cards]
            hands = "; ".join(f"{labels.get(slot, slot).lower()}: {_cards(cards)}" if len(shown) > 1
                              else _cards(cards) for slot, cards in shown)
            lines.append(LogEntry(event.seat, f"{who} {hands}."))
            index += 1
            continue
        words, told = event_words(view, events, index, lambda seat: seat_name(seat, me), me)
        index += told
        if words == SKIP:
            continue
        text = _named(describe(event, me), me) if words is None else words
        lines.append(LogEntry(event.seat, text[:1].upper() + text[1:] + "."))
    if view.over:
        lines.append(LogEntry(None, headline(view) or ""))
    return lines


def headline(view: PokerView) -> str | None:
    """The hand's result from the viewer's side (``None`` while playing)."""
    result = view.result
    if result is None:
        return None
    me = _me(view)
    mine = int(result.returns[me])
    best = max(result.returns)
    winners = [seat_name(s, me) for s, r in enumerate(result.returns) if r == best and r > 0]
    how = "at the showdown" if view.shown else "uncontested"
    if mine > 0:
        return f"You win {mine} chip{'s' if mine != 1 else ''} {how}."
    others = " and ".join(winners)
    lost = f"you lose {-mine} chip{'s' if mine != -1 else ''}" if mine < 0 else "you break even"
    if not winners:
        return f"Nobody wins a chip; {lost}."
    chips = f"{int(best)} chip{'s' if best != 1 else ''}"
    return f"{others} come{'s' if len(winners) == 1 else ''} out {chips} ahead {how}; {lost}."


def result(view: PokerView) -> Result | None:
    """The engine's result with the chips in its detail (the history counts chips, not wins)."""
    found = view.result
    if found is None:
        return None
    detail = {**found.detail, "returns": "/".join(str(int(r)) for r in found.returns),
              "big_bet": view.config.big_bet}
    return replace(found, detail=detail)


def decided(summary: Mapping[str, Any]) -> str:
    """The history's "Decided by": your chips in the hand (you sit at seat 0) and how it ended."""
    returns = summary.get("returns")
    if not isinstance(returns, str):
        return str(summary.get("headline", ""))
    mine = int(returns.split("/")[HUMAN_SEAT])
    how = "at the showdown" if summary.get("showdown") else "uncontested"
    chips = f"{abs(mine)} chip{'s' if abs(mine) != 1 else ''}"
    if mine > 0:
        return f"You won {chips} ({how})"
    return f"You lost {chips} ({how})" if mine < 0 else f"You broke even ({how})"


# -- refusals -------------------------------------------------------------------------------------


def refusal(view: PokerView, action: int) -> str:
    """Why the human's ``action`` is refused, in words (only the human's own cards appear)."""
    top = act.RAISE_TO + view.config.total_chips
    if not 0 <= action <= top:
        return (f"there is no action {action}: actions are numbers 0-{top} (see the state's 'legal' list). "
                "Nothing changed.")
    step = _step(view)
    if step is None or not _mine(view):
        return "it is not your decision now. Nothing changed."
    try:
        return _refusal(view, step, action) + ". Nothing changed."
    except (IllegalActionError, IndexError, KeyError, ValueError):
        return f"action {action} is not one of your choices now (see the state's 'legal' list). Nothing changed."


def _refusal(view: PokerView, step: Any, action: int) -> str:
    me = _me(view)
    if isinstance(step, steps.Bet):
        return _bet_refusal(view, action)
    if uses_pick(step):
        return pick_refusal(view, step, action)
    if isinstance(step, steps.Draw):
        if not act.DISCARD <= action < act.ASSIGN:
            return "this is the draw: press the cards to throw away, or stand pat"
        held = steps.draw.held_in_order(view, step, me)
        mask = action - act.DISCARD
        if mask >> len(held):
            return f"your hand has {len(held)} cards: a discard names only those"
        most = min(step.most, len(held))
        return f"you may throw away {step.least} to {most} cards at this draw, not {mask.bit_count()}"
    if isinstance(step, steps.Assign):
        if not act.ASSIGN <= action < act.PARTITION:
            return "this is your placing of the two cards dealt: choose where each goes"
        data = assign_object(view, step)
        full = [h for h in data["hands"] if h["room"] < 2]
        labels = " and the ".join(f"{h['label'].lower()} has room for {h['room']} more" for h in full)
        return f"each hand holds five cards at most: the {labels}"
    if isinstance(step, steps.Partition):
        data = partition_object(view, step)
        if data["stage"] == "order":
            order = data["ordering"]
            if not act.ORDER <= action < act.RAISE_TO:
                return f"put your {order['label'].lower()} in order: press its {order['place']} card"
            card = name(action - act.ORDER)
            return (f"{card} is not among the cards left to put in your {order['label'].lower()} "
                    f"({' '.join(order['left'])})")
        if not act.PARTITION <= action < act.ORDER:
            return "this is the making of your hands: choose the cards of each hand"
        held = held_in_order(view, step, me)
        sizes = [h["size"] for h in data["hands"]]
        if action - act.PARTITION >= len(act.subsets(len(held), sizes[-1])):
            return f"there is no such split of your {len(held)} cards"
        first, last = split_of(held, action - act.PARTITION, sizes[-1])
        return _split_refusal(view, step, first, last)
    return "it is not your decision now"


def _split_refusal(view: PokerView, step: steps.Partition, first: list[int], last: list[int]) -> str:
    labels = hand_labels(view)
    one, two = labels[step.into[0]].lower(), labels[step.into[-1]].lower()
    said = f"{_cards(first)} as your {one} and {_cards(last)} as your {two}"
    if step.outranks:
        high = ranking("high")
        if high.strength(as_cards(first)) <= high.strength(as_cards(last)):
            return (f"{said} is not allowed: your {one} ({hand_words('high', first)}) must rank above your {two} "
                    f"({hand_words('high', last)})")
    for hand in step.down_in:
        cards = first if hand == step.into[0] else last
        if all(view.up >> c & 1 for c in cards):
            return f"{said} is not allowed: your {labels[hand].lower()} must hold at least one face-down card"
    if is_legal_split(step, first, last, view.up):
        return f"{said} is not one of your choices now"
    return f"{said} is not allowed by the rules ({partition_rules(view, step)})"


def _bet_refusal(view: PokerView, action: int) -> str:
    table = view.table
    options = betting.options(table, view.config.limits)
    fixed = view.config.limits.structure.value == "fixed"
    if act.DISCARD <= action < act.RAISE_TO:
        return "this is a betting round: fold, check or call, or bet or raise"
    step = _step(view)
    if isinstance(step, steps.Bet) and (action == act.RAISE or action >= act.RAISE_TO):
        missing = missing_openers(step, view, table.to_act)
        if missing:
            return f"opening the betting takes {missing}, and your hand does not have it: check"
    if action == act.FOLD:
        return "nobody has bet, so there is nothing to fold to: check instead"
    if action == act.CALL:
        return "the bring-in comes first: bring it in or complete the bet"
    if action == act.BRING_IN:
        return "there is no bring-in to make now"
    if action == act.RAISE and not fixed:
        return (f"under {'pot' if view.config.limits.structure.value == 'pot' else 'no'} limit a bet or raise "
                f"names its amount: raise to action {act.RAISE_TO} + the chips")
    if action > act.RAISE_TO and fixed:
        return "this is fixed limit: bets and raises are one size, with the bet or raise button"
    if options.raise_to is None:
        return _no_raise_reason(view)
    low, high = options.raise_to
    amount = action - act.RAISE_TO
    verb = "bet" if table.current == 0 else "raise to"
    return (f"you cannot {verb} {amount}: the amount must be from {low} to {high} chips "
            f"(you have {table.stacks[table.to_act] + table.bets[table.to_act]} in all this round)")


def _no_raise_reason(view: PokerView) -> str:
    table = view.table
    seat = table.to_act
    if table.stacks[seat] + table.bets[seat] <= table.current:
        return "you have no chips to raise with: call (all in) or fold"
    if table.capped and table.raises >= view.config.limits.cap:
        return f"the betting is capped: a bet and {view.config.limits.cap - 1} raises have been made this round"
    if not betting.can_reopen(table, seat):
        return "the last raise was a short all-in, which does not reopen the betting to you: call or fold"
    return "nobody left could answer a raise (everyone else is all in): call or fold"


# -- a session of many hands ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NextHand:
    """The next hand of a table: its rule options and what the table should be told (rebuys)."""

    options: dict[str, OptionValue]
    notes: tuple[str, ...]


def next_hand(options: Mapping[str, OptionValue], view: PokerView, rebuy: bool) -> NextHand:
    """The options of the hand after the finished hand ``view`` (the human's): each seat's stack
    from the result, the button one seat on, broke bots rebought to the table's ``stack``; the
    human is rebought only when ``rebuy`` (and only when broke)."""
    if not view.over:
        raise NextGameRefused("this hand is not over yet: finish it before the next one is dealt")
    me = _me(view)
    finals = list(_final_stacks(view) or ())
    buy_in = int(options.get("stack", view.config.stack))
    notes = []
    if rebuy and finals[me] > 0:
        raise NextGameRefused(f"you still have {finals[me]} chips: a rebuy is for a player with none left")
    if finals[me] == 0 and not rebuy:
        raise NextGameRefused(f"you have no chips left: rebuy {buy_in} chips to play on, or leave the table")
    for seat, chips in enumerate(finals):
        if chips == 0:
            finals[seat] = buy_in
            notes.append(("You rebuy" if seat == me else f"{seat_name(seat, me)} was broke and rebuys") +
                         f" {buy_in} chips.")
    if max(finals) > MAX_STACK:  # never cut a stack: the table is done
        raise NextGameRefused(f"a stack has grown past {MAX_STACK} chips, the most a hand can start with: "
                              "start a new table from Play")
    out = dict(options)
    out["stacks"] = "/".join(str(c) for c in finals)
    out["first_dealer"] = (view.button + 1) % view.num_players
    return NextHand(out, tuple(notes))


# -- the rooms -------------------------------------------------------------------------------------


_BOT_WORDS = {
    "random": BotChoice("random", "Random", "acts at random: for learning the controls"),
    "calling-station": BotChoice("calling-station", "Calling station", "calls everything, never raises"),
    "rock": BotChoice("rock", "Rock", "plays only strong hands"),
    "maniac": BotChoice("maniac", "Maniac", "bets and raises whenever it may"),
    "equity": BotChoice("equity", "Equity", "the strong one: weighs its chance of winning against the pot"),
}


def _bots(game: str) -> tuple[BotChoice, ...]:
    registered = {spec.name for spec in specs(game)}
    return tuple(choice for n, choice in _BOT_WORDS.items() if n in registered)


def _lobby_options(variant: Variant, rules: tuple[RuleOption, ...]) -> tuple[LobbyOption, ...]:
    by_name = {rule.name: rule for rule in rules}
    low, high = variant.players
    players: dict[OptionValue, tuple[str, str] | str] = {n: (f"{n} players", "you and 1 bot" if n == 2 else f"you and {n - 1} bots")
               for n in range(low, high + 1)}
    big = int(by_name["big_bet"].default)
    stacks: dict[OptionValue, tuple[str, str] | str] = {25 * big: (f"{25}\u00a0big bets", f"{25 * big} chips: a short stack"),
              50 * big: (f"{50}\u00a0big bets", f"{50 * big} chips"),
              100 * big: (f"{100}\u00a0big bets", f"{100 * big} chips: deep")}
    default_players = 4 if low <= 4 <= high else low
    betting = (LobbyOption.of(by_name["structure"], "Betting", {
        "fixed": ("Fixed limit", f"bets and raises of {by_name['small_bet'].default}, later "
                                 f"{big}; a bet and three raises a round"),
        "pot": ("Pot limit", "bet or raise any amount up to the pot"),
        "no": ("No limit", "bet or raise any amount up to all your chips"),
    }),) if any(isinstance(step, steps.Bet) for step in variant.steps) else ()  # no betting rounds: nothing to choose
    return (
        LobbyOption.of(by_name["players"], "Players", players, default=default_players),
        *betting,
        LobbyOption.of(by_name["stack"], "Starting stack", stacks),
    )


def _room(game: str) -> GameRoom:
    variant = VARIANTS[game]
    rules = options_of(variant)
    return GameRoom(
        game=game, title=variant.name, lede=LINES.get(game, variant.summary),
        rules_resource=f"rules_text/poker/{game}.md", rules_after="rules_text/poker/table.md", script="games/poker.js", statistics=BigBets(),
        offered_bots=partial(_bots, game), lobby_bot="equity", lobby_options=_lobby_options(variant, rules),
        rule_options=rules, bot_seats=lambda options: int(options.get("players", 2)) - 1,
        books=lambda view: ENGINE_ROOMS[game].books(view), knowledge=lambda books: dict(books.to_json()),
        phase=phase, table=table, prompt=prompt, legal=legal_actions, log=log, headline=headline, result=result,
        decided=decided, refusal=refusal, family=FAMILY, family_title=FAMILY_TITLE, family_rank=list(VARIANTS).index(game),
        next_game=next_hand, features=features(variant),
    )


ROOMS: dict[str, GameRoom] = {game: _room(game) for game in VARIANTS}
"""Every poker game's web room by id (what :data:`divided.web.games.ROOMS` names)."""
