"""The poker page's decisions of the draw games (issue 30) and their table facts, from views only.

Every decision that is not a betting round, a plain draw, 10 Card Regrets' placing or a split is
one *pick*: the player presses cards (of the hand, or of the lot on sale), and the buttons are the
legal actions whose cards are exactly those pressed, each with its words ("Change 3 \u2014 costs
3", "Discard 2s and show it for one more card", "Give up 9c 4d for your set-aside cards"); the
actions that name no card (fold, pass, "I call", bid, take, refuse) are plain buttons, and the
dealer's call is a list of the calls the rules allow. The page matches pressed cards to the
actions the server lists: it works out no rule.

The table's public facts of these games: the trash (face-down count, face-up cards), the cards
each seat has set aside (their number; the viewer's own by name), the auction's lot, highest bid
and refusal price, the dealer's call, and what is due to draw (a draw's price list).

:func:`features` says what a game has, from its definition (the lobby's search reads it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from divided.games.poker import actions as act
from divided.games.poker import steps
from divided.games.poker.cards import name
from divided.games.poker.rules import describe
from divided.games.poker.steps.auction import BIDDER, BIDDING, HIGH, KEEPING, LADDER, PRICE, STAGE, VOICE
from divided.games.poker.steps.draw import fee_of
from divided.games.poker.variant import Step, Variant
from divided.games.poker.view import PokerView

JSON = dict[str, Any]

MASK_FAMILIES = ((act.DISCARD, act.ASSIGN), (act.KEEP, act.SHOW), (act.SHOW, act.TAKE_BACK),
                 (act.TAKE_BACK, act.CALL_DRAWS))
"""The action ranges that name cards by a mask (draws, keeps, shows, take-backs)."""

PHASES = {"exchange-turns": "draw", "discard-rounds": "draw", "take-back": "take-back",
          "call-draws": "call", "auction": "auction"}
"""The page's phase of each new step kind (a draw with extensions stays ``draw``)."""

STEP_WORDS = {"exchange-turns": "Swapping cards", "discard-rounds": "Discarding one card at a time",
              "take-back": "Taking back the set-aside cards", "call-draws": "The dealer's call",
              "auction": "The auction"}

RANK_WORDS = {2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights", 9: "nines",
              10: "tens", 11: "jacks", 12: "queens", 13: "kings", 14: "aces"}
RANK_WORD = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
             10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}


LOW_RULES = frozenset({"a5", "a5-8", "27", "a6", "two-low"})
"""The ranking rules of low hands (the rest rank high hands)."""


def is_pick(action: int) -> bool:
    """Whether ``action`` names cards by a mask."""
    return any(low <= action < high for low, high in MASK_FAMILIES)


def is_plain_draw(step: Step | None) -> bool:
    """A draw the page's older draw control plays (no price, no fold, no show, no extra card...)."""
    return isinstance(step, steps.Draw) and step.plain


def uses_pick(step: Step | None) -> bool:
    """Whether the viewer's decision at ``step`` is a pick (see the module text)."""
    if step is None or is_plain_draw(step):
        return False
    return not isinstance(step, steps.Bet | steps.Assign | steps.Partition)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _button(view: PokerView, step: Step, action: int, kind: str, text: str, cards: Sequence[int]) -> str:
    """A pick's button words: what pressing it does, with its price."""
    n = len(cards)
    if isinstance(step, steps.Draw) and act.DISCARD <= action < act.TAKE_BACK:
        if not n:
            return "Stand pat"
        if step.to == "trash":
            words = f"Put {_count(n, 'card')} in the trash"
        elif step.replace == "now":
            words = f"Change {n}"
        else:
            words = f"Throw away {n}" + (" face up" if step.face == "up" else "")
        if action >= act.SHOW:
            words += f" and show the {RANK_WORDS[step.show_rank]} (one more card)"
        elif step.bonus_most and n > step.most:
            words += f" (keeping your {RANK_WORD[step.bonus_rank]}, shown to all)"
        fee = fee_of(view.config, step, n)
        if step.fees:
            words += f" \u2014 costs {fee}" if fee else " \u2014 free"
        return words
    if isinstance(step, steps.ExchangeTurns):
        return f"Swap {' '.join(name(c) for c in cards)}" if n else "Keep your cards"
    if isinstance(step, steps.DiscardRounds):
        return f"Discard {' '.join(name(c) for c in cards)} face down"
    if isinstance(step, steps.TakeBack):
        return text[:1].upper() + text[1:]  # "Give up 3c 4c and take back 9h 2d": the viewer's own cards
    if kind == "keep":
        return f"Keep {' '.join(name(c) for c in cards)}"
    return text[:1].upper() + text[1:]


def pick_object(view: PokerView, step: Step, numbers: Sequence[int]) -> JSON:
    """The viewer's pick: the cards it may press, the actions naming cards (``choices``: their
    cards and button words), the other actions (``others``) and, at the dealer's call, the calls
    (``calls``)."""
    choices: list[JSON] = []
    others: list[JSON] = []
    calls: list[JSON] = []
    pressable: set[int] = set()
    source = "hand"
    for action in numbers:
        kind, text, cards = describe(view, action)
        if is_pick(action):
            pressable.update(cards)
            if act.KEEP <= action < act.SHOW:
                source = "lot"
            choices.append({"action": action, "kind": kind, "cards": [name(c) for c in cards],
                            "button": _button(view, step, action, kind, text, cards)})
        elif kind == "call-draws":
            calls.append({"action": action, "text": text[:1].upper() + text[1:]})
        else:
            others.append({"action": action, "kind": kind, "button": _other_words(view, step, action, text)})
    ordered = sorted(pressable)
    return {"step": step.kind, "from": source, "cards": [name(c) for c in ordered],
            "up": [name(c) for c in ordered if view.up >> c & 1],
            "choices": choices, "others": others, "calls": calls, "help": pick_help(view, step, choices)}


def _other_words(view: PokerView, step: Step, action: int, text: str) -> str:
    if isinstance(step, steps.Draw) and action == act.FOLD:
        return "Fold (change no cards)"
    if isinstance(step, steps.TakeBack) and action == act.PASS:
        return "Keep your hand (take nothing back)"
    if isinstance(step, steps.DiscardRounds) and action == act.PASS:
        return "Pass (no more discards this deal)"
    if isinstance(step, steps.ExchangeTurns) and action == act.PASS:
        return "Do not call (swapping goes on)"
    return text[:1].upper() + text[1:]


def _counts(sizes: Sequence[int]) -> str:
    """Numbers of cards in words: "3", "0 to 5", "1, 2 or 4"."""
    if len(sizes) == 1:
        return str(sizes[0])
    if len(sizes) > 2 and list(sizes) == list(range(sizes[0], sizes[-1] + 1)):
        return f"{sizes[0]} to {sizes[-1]}"
    return ", ".join(str(s) for s in sizes[:-1]) + f" or {sizes[-1]}"


def price_words(view: PokerView, step: steps.Draw) -> str:
    """A paid draw's prices in words, the free counts together: "up to 5 cards free, 6 cards 1
    chip" (Six-card draw's ante for all six), "1 card 1 chip, 2 cards 3 chips, ..." (Auction Flop)."""
    most = min(len(step.fees) - 1, max(step.most, step.bonus_most))
    prices = [(n, fee_of(view.config, step, n)) for n in range(0, most + 1)]
    free = [n for n, chips in prices if not chips]
    parts = []
    if free and free == list(range(0, len(free))) and len(free) > 1:
        parts.append(f"up to {_count(free[-1], 'card')} free")
    paid = [(n, chips) for n, chips in prices if chips]
    parts += [f"{_count(n, 'card')} {_count(chips, 'chip')}" for n, chips in paid]
    return ", ".join(parts)


def pick_help(view: PokerView, step: Step, choices: Sequence[JSON]) -> str:
    """One line under the cards: how many cards each button wants."""
    sizes = sorted({len(c["cards"]) for c in choices})
    if not sizes:
        return ""
    counts = _counts(sizes)
    if isinstance(step, steps.TakeBack):
        return f"Press the {counts} cards of your hand to give up for the set-aside ones."
    if isinstance(step, steps.Auction):
        return f"Press the cards of the lot you keep ({counts}); the rest go face down to the pile."
    if isinstance(step, steps.ExchangeTurns) and sizes[-1] == 1:
        return "Press the card to swap for a new one, or keep your cards."
    noun = "card" if sizes[-1] == 1 else "cards"  # "1 card", "0 or 1 card", "0 to 5 cards"
    return f"Press the cards to throw away ({counts} {noun}); the buttons under them say what each choice does."


def pick_prompt(view: PokerView, step: Step) -> str:
    """One sentence: what to do at a pick."""
    if isinstance(step, steps.ExchangeTurns):
        if view.phase.marks and view.phase.marks[1]:
            return 'Say "I call" to end the swapping (one betting round follows), or let it go on.'
        return "Your turn to swap: press one card to swap for a new one, or keep your cards."
    if isinstance(step, steps.DiscardRounds):
        return "Discard one card face down (it is turned up when everyone has acted), or pass for the rest of the draw."
    if isinstance(step, steps.TakeBack):
        return "Take back your set-aside cards for as many of your hand, or keep your hand."
    if isinstance(step, steps.CallDraws):
        return "You are the dealer: call the draws of this deal (how many, and of how many cards each)."
    if isinstance(step, steps.Auction):
        stage = view.phase.marks[STAGE]
        if stage == BIDDING:
            return f"The lot is on sale: bid {view.phase.marks[HIGH] + 1} or pass."
        if stage == LADDER:
            return f"Nobody bid: take the lot free, or pay {view.phase.marks[PRICE]} to refuse it."
        return "You bought the lot: press the cards you keep."
    if isinstance(step, steps.Draw):
        return draw_prompt(view, step)
    return "Your move."


def draw_prompt(view: PokerView, step: steps.Draw) -> str:
    """The words of a draw with the draw games' extensions."""
    if step.or_fold:
        return f"Change exactly {step.least if step.least == step.most else f'{step.least} to {step.most}'} " \
               f"card{'s' if step.most != 1 else ''}, or fold."
    if step.to == "trash":
        return (f"Put {'one card' if step.most == 1 else f'{step.least} to {step.most} cards'} face down in the trash "
                "(only you see it until the showdown); nothing replaces it.")
    if step.replace != "now":
        return f"Throw away {step.least if step.least == step.most else f'{step.least} to {step.most}'} " \
               f"card{'s' if step.most != 1 else ''}{' face up' if step.face == 'up' else ''}; nothing replaces " + \
               ("it." if step.most == 1 else "them.")
    words = f"The draw: press up to {step.most} cards to change, or stand pat."
    if step.fees:
        words += f" The prices: {price_words(view, step)}."
    if step.show_rank:
        words += f" Show the {RANK_WORDS[step.show_rank]} you throw away to get one more card."
    if step.bonus_most:
        words += f" Keep an {RANK_WORD[step.bonus_rank]} (shown to all) to change {step.bonus_most}."
    return words


def pick_refusal(view: PokerView, step: Step, action: int) -> str:
    """Why ``action`` is not one of the viewer's choices at a pick (words of the decision)."""
    from divided.games.poker.steps import kind_of

    legal = kind_of(step).legal(step, view)
    if isinstance(step, steps.CallDraws):
        return f"this is the dealer's call: choose one of the {len(legal)} calls offered"
    if isinstance(step, steps.Auction):
        return _auction_refusal(view, action, legal)
    picks = [a for a in legal if is_pick(a)]
    if isinstance(step, steps.Draw) and not is_pick(action) and step.replace != "now":
        return "this is the draw: choose the cards to throw away"
    if is_pick(action) and picks:
        sizes = sorted({len(describe(view, a)[2]) for a in picks})
        counts = _counts(sizes)
        return f"that choice of cards is not allowed now: choose {counts} card{'s' if sizes[-1] != 1 else ''} " \
               "(see the state's 'legal' list)"
    words = {steps.ExchangeTurns: 'this is your swap: swap one card or keep your cards, then say "I call" or not',
             steps.DiscardRounds: "discard one card face down or pass",
             steps.TakeBack: "take back your set-aside cards for as many of your hand, or keep your hand",
             steps.Draw: "this is the draw: choose the cards to change"}
    for kind, text in words.items():
        if isinstance(step, kind):
            return text
    return "it is not one of your choices now"


def _auction_refusal(view: PokerView, action: int, legal: Sequence[int]) -> str:
    """Why ``action`` is refused at the auction, naming the stack when it is what stops a bid or
    a refusal (AF8: no bid exceeds the stack; AF4: a player who cannot pay must take)."""
    marks = view.phase.marks
    stage = marks[STAGE]
    stack = view.table.stacks[view.player if view.player is not None else 0]
    if stage == BIDDING:
        if action == act.BID:
            return (f"you cannot bid {marks[HIGH] + 1}: you have {_count(stack, 'chip')}, and no bid may be more "
                    "than your stack; pass")
        return "this is the auction's bidding: bid or pass" if act.BID in legal else \
            "this is the auction's bidding, and your chips cannot cover a bid: pass"
    if stage == LADDER:
        if action == act.REFUSE:
            return (f"you cannot pay {marks[PRICE]} to refuse the lot: you have {_count(stack, 'chip')}; "
                    "a player who cannot pay takes it")
        return "nobody bid: take the lot or pay to refuse it" if act.REFUSE in legal else "nobody bid: take the lot"
    if stage == KEEPING:
        return "choose the cards of the lot you keep (no more than your hand has room for)"
    return "this is the auction"


# -- the table's public facts --------------------------------------------------------------------


def facts_object(view: PokerView, seat_name: Any, step: Step | None) -> JSON:
    """The draw games' public facts (empty parts left out): ``trash``, ``aside`` (each seat's
    set-aside count, the viewer's cards), ``auction``, ``called`` (the dealer's call), ``prices``
    (the draw under way's price list)."""
    me = view.player if view.player is not None else 0
    out: JSON = {}
    if view.trash:
        out["trash"] = {"down": sum(1 for c in view.trash if c is None or not view.up >> c & 1),
                        "up": [name(c) for c in view.trash if c is not None and view.up >> c & 1],
                        "yours": [name(c) for c, source in zip(view.trash, view.trash_from, strict=True)
                                  if c is not None and source == me and not view.up >> c & 1]}
    if view.aside and any(view.aside):
        out["aside"] = [{"name": seat_name(seat, me), "count": len(cards),
                         "cards": [name(c) for c in cards if c is not None] if seat == me else []}
                        for seat, cards in enumerate(view.aside) if cards]
    called = [e for e in view.events if e.kind == "call-draws"]
    if called:
        draws = called[-1].counts
        out["called"] = {"dealer": seat_name(called[-1].seat, me),
                         "text": "no draw" if not draws else ", then ".join(f"a draw of {d}" for d in draws)}
    if isinstance(step, steps.Auction) and view.phase.marks and view.phase.marks[STAGE] in (BIDDING, LADDER, KEEPING):
        marks = view.phase.marks
        voice = marks[VOICE]
        lot = view.slots[voice][view.config.variant.slot_index(step.lot_slot)]
        out["auction"] = {"lot": [name(c) for c in lot if c is not None], "voice": seat_name(voice, me),
                          "stage": {BIDDING: "bidding", LADDER: "refusing", KEEPING: "keeping"}[marks[STAGE]],
                          "high": marks[HIGH], "bidder": None if marks[BIDDER] < 0 else seat_name(marks[BIDDER], me),
                          "price": marks[PRICE]}
    wilds = [words for award in view.config.awards if (words := wild_words(getattr(award, "wild", None)))]
    if wilds:
        out["wilds"] = list(dict.fromkeys(wilds))
    if isinstance(step, steps.Draw) and step.fees and not view.over:
        out["prices"] = price_words(view, step)
    return out


def _rank_list(ranks: Sequence[int]) -> str:
    words = [RANK_WORDS[r] for r in ranks]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def wild_words(rule: Any) -> str:
    """A wild-card rule in the table's words (empty: no wild cards), read from the rule's kind and
    fields (the rules of :mod:`divided.games.poker.wilds`)."""
    if rule is None:
        return ""
    kind = getattr(rule, "kind", "")
    if kind == "fixed":
        cards = tuple(getattr(rule, "cards", ()))
        printed = {card // 4 + 2 for card in cards if card < 52}
        if len(cards) == 4 and len(printed) == 1:
            return f"{RANK_WORDS[printed.pop()].capitalize()} are wild."
        return "Wild: " + " ".join(name(c) for c in cards) + "."
    if kind == "lowest-card":
        return "Each hand's lowest card is wild for that hand alone (one card, even when the rank is held twice)."
    if kind == "dice-pairs":
        pairs = tuple(getattr(rule, "pairs", ()))
        parts = [f"{RANK_WORDS[wild]} with a {RANK_WORD[partner]}" for partner, wild in pairs]
        return ("In a hand, " + ", ".join(parts) + " are wild (the card that makes them wild is not)."
                if parts else "")
    if kind == "chain":
        anchor, rank = getattr(rule, "anchor", 8), getattr(rule, "rank", 4)
        suit = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}[name(anchor)[1]]
        # in words, not "4s": a rule names no card of the deal
        return f"The {RANK_WORD[anchor // 4 + 2]} of {suit} is wild; a hand holding it has every other " \
               f"{RANK_WORD[rank]} wild too."
    if kind == "cascade":
        ranks = tuple(getattr(rule, "ranks", ()))
        return ("At the showdown, the wild rank is the first of " + _rank_list(ranks) +
                " that a player still in holds; it is wild in every hand (nothing, if nobody holds one).")
    if kind == "designated":
        return "Your card kept apart and every card of its rank in your hand are wild for you alone."
    if kind == "opposite-colour":
        return "The two cards of the turned card's rank in the other colour are wild for everyone."
    return "This game has wild cards (see its rules)."


def wild_cards_played(view: PokerView, seat: int, award: Any) -> list[int]:
    """The cards of ``seat``'s best hand for ``award`` (which has a wild rule) that play wild, as
    the showdown reads them from the view (every hand still in is shown): the wild cards of its
    strongest reading that the hand holds. Empty: none played wild."""
    from divided.games.poker.wilds import Seen, readings, scaled

    variant = view.config.variant
    slots = [variant.slot_index(slot) for slot in award.slots]
    held = tuple(tuple(card for card in cards if card is not None) for cards in view.slots[seat])
    table = tuple(tuple(card for card in view.slots[other][index] if card is not None)
                  for other, live in enumerate(view.table.live) if live for index in slots)
    best, used = -1, list[int]()
    for index in slots:
        try:
            options = readings(award.wild, Seen(held[index], held, variant, table))
        except ValueError:  # a rule that needs the whole state
            return []
        for cards, wild in options:
            inside = wild.intersection(cards)
            found = scaled(wild if inside else frozenset())(cards)
            if found > best:
                best, used = found, sorted(inside)
    return used


# -- what a game has (the lobby's search) ----------------------------------------------------------


def _values(value: Any) -> list[Any]:
    """Every value a field may take (each option's, for a value chosen by a rule option)."""
    from divided.games.poker.variant import ByOption

    if isinstance(value, ByOption):
        return [v for option_value in value.values.values() for v in _values(option_value)]
    return [value]


def _leaves(value: Any) -> list[Any]:
    """Every plain value inside ``value``: tuples and values chosen by a rule option opened."""
    from divided.games.poker.variant import ByOption

    if isinstance(value, ByOption):
        return [leaf for option_value in value.values.values() for leaf in _leaves(option_value)]
    if isinstance(value, tuple):
        return [leaf for item in value for leaf in _leaves(item)]
    return [value]


def _field(step: Step, attribute: str) -> list[Any]:
    return _values(getattr(step, attribute, None))


def features(variant: Variant) -> tuple[str, ...]:
    """What the game has, in the lobby's words, worked out from its definition: ``draw``,
    ``stud`` (cards dealt face up), ``two hands``, ``high-low``, ``paid draws``, ``open discards``,
    ``fold at the draw``, ``take-back``, ``swapping turns``, ``dealer's call``, ``auction``,
    ``two decks``, ``jokers``, ``wild cards``, ``places``, ``hog``, ``assassins``, ``openers``,
    ``match`` with its ``carried pot``, ``replayed deals``, ``token`` or ``trash forfeit``."""
    found: list[str] = []
    awards = _leaves(variant.awards)  # a rule option may choose the awards (Buck Thirty-Five's split)
    kinds = {step.kind for step in variant.steps}
    draws = [s for s in variant.steps if isinstance(s, steps.Draw)]

    def has(word: str, condition: bool) -> None:
        if condition and word not in found:
            found.append(word)

    has("draw", bool(draws) or bool(kinds & {"exchange-turns", "discard-rounds", "call-draws", "take-back"}))
    has("stud", any(isinstance(s, steps.Deal) and s.slot != "trash" and any(f == "up" for f in _faces(s))
                    for s in variant.steps))
    ranked = {slot for award in awards for slot in _leaves(award.slots)}
    has("two hands", len(ranked) >= 2)
    rules = {rule for award in awards for rule in _values(award.rule)}
    lows = rules & LOW_RULES
    has("high-low", bool(lows) and bool(rules - LOW_RULES))
    has("low", bool(lows) and not rules - LOW_RULES)
    has("paid draws", any(any(_field(s, "fees")) for s in draws))
    has("open discards", any("up" in _field(s, "face") or "after" in _field(s, "reveal") for s in draws)
        or "discard-rounds" in kinds)
    has("fold at the draw", any(True in _field(s, "or_fold") for s in draws))
    has("take-back", "take-back" in kinds)
    has("swapping turns", "exchange-turns" in kinds)
    has("dealer's call", "call-draws" in kinds)
    has("auction", "auction" in kinds)
    decks = set(_values(variant.deck))
    has("two decks", "two" in decks)
    has("jokers", "jokers" in decks)
    has("wild cards", any(wild is not None for award in awards for wild in _values(getattr(award, "wild", None))))
    award_kinds = {kind for award in awards for kind in _values(award.kind)}
    has("places", "places" in award_kinds)
    has("hog", any("hog" in kind for kind in award_kinds))
    has("assassins", "assassin" in award_kinds)
    has("must hold a five", "must-hold-five" in award_kinds)
    has("openers", any(getattr(s, "opens_with", None) for s in variant.steps))
    has("lowball switch", "best-or-switched" in award_kinds)
    match = getattr(variant, "match", None)
    if match is not None:
        has("match", True)
        rule = str(getattr(match, "rule", ""))
        has("carried pot", rule in ("carry", "replay", "token"))
        has("replayed deals", rule == "replay")
        has("token", rule == "token")
        has("trash forfeit", rule == "trash-forfeit")
    return tuple(found)


def _faces(step: Step) -> list[Any]:
    faces = getattr(step, "pattern", ())
    return [face for value in _values(faces) for face in (value if isinstance(value, tuple) else (value,))]


# -- the showdown's words of the new award kinds -------------------------------------------------------

PLACE_WORDS = ("first place", "second place", "third place")


def place_words(chips: Sequence[int]) -> list[str]:
    """Each winner's place at a ``places`` award (60/30/10) from the chips each got: the most
    chips first place (tied places share their words); none, "no place".

    >>> place_words([31, 14, 4, 0]), place_words([17, 17, 3])
    (['first place', 'second place', 'third place', 'no place'], ['first place', 'first place', 'second place'])
    """
    out = []
    for won in chips:
        if not won:
            out.append("no place")
            continue
        better = len({c for c in chips if c > won})
        out.append(PLACE_WORDS[better] if better < len(PLACE_WORDS) else "no place")
    return out


MATCH_EVENTS = ("carry", "token", "owes", "switch")
"""The table events the showdown's notes repeat: a layer carried, the token, forfeits owed, J-Lo's switch."""


def showdown_notes(view: PokerView, me: int, seat_name: Any) -> list[str]:
    """What the showdown decided beyond the chips: hands assassinated (a two among them), layers
    carried to the next deal, the token, forfeits owed; in the table's names."""
    from divided.games.poker.awards.assassin import assassinated
    from divided.games.poker.events import describe as event_words

    notes: list[str] = []
    if any("assassin" in _values(award.kind) for award in view.config.awards):
        for event in view.events:
            if event.kind == "show" and event.seat is not None and assassinated(
                    [c for cards in event.hands for c in cards]):
                who = seat_name(event.seat, me)
                notes.append(f"{who} {'hold' if event.seat == me else 'holds'} a two: "
                             f"{'your' if event.seat == me else 'the'} hand is assassinated and cannot win.")
    for event in view.events:
        if event.kind in MATCH_EVENTS:
            text = _renamed(event_words(event, me), me, seat_name)
            notes.append(text[:1].upper() + text[1:] + ".")
    return notes


def _renamed(text: str, me: int, seat_name: Any) -> str:
    return re.sub(r"\b(Player|player) (\d+)", lambda m: str(seat_name(int(m.group(2)), me)), text)
