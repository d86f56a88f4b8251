"""The poker games' words for the review (every poker variant): why a bet, a draw, an assignment,
a split or a flip order was worth what the advisor says, from the player's view and the values.

The advisor's values are expected chips at the end of the deal relative to now, in pots
(:mod:`divided.bots.poker.values`), so the words give chips and the share of the pot, and the
review's differences are in hundredths of the pot (:attr:`PokerExplainer.unit`). The facts are
the table's: the chips to call and the pot odds, what a raise puts in and against how many
players, the cards a draw throws and keeps and what the kept cards make, and the hands a split or
an assignment makes, in the ranking's words (for each award the hand plays for).

>>> from divided import games
>>> state = games.load("five-card-draw", players=2, first_dealer=0).new_initial_state(seed=3)
>>> view = state.observation(state.current_player())
>>> legal = state.legal_actions()
>>> EXPLAINER.phase(view)
'bet'
>>> labels = {a: state.action_to_string(a) for a in legal}
>>> EXPLAINER.reason(view, legal, legal[0], legal[0], {a: 0.25 for a in legal}, labels).split(":")[0]
'check (worth +0.5 chips on average, +25% of the pot of 2) is as good as any move'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from divided.bots.base import TIE
from divided.bots.poker.betting import to_call
from divided.bots.poker.playout import Completion, Hands
from divided.bots.poker.values import final_contributions, is_betting, is_order, level_of, pot_of
from divided.games.poker import actions as act
from divided.games.poker.cards import as_cards, name
from divided.games.poker.showdown import ranking
from divided.games.poker.steps import Assign, Draw, Partition
from divided.games.poker.view import PokerView
from divided.games.poker.wilds import best_of, low_words
from divided.hands.poker.scale import words_at

_RULE_WORDS = {"high": "high", "a5": "low", "a5-8": "low", "27": "low", "a6": "low"}


def _cards(cards: Sequence[int]) -> str:
    return " ".join(name(c) for c in sorted(cards)) or "nothing"


def _me(view: PokerView) -> int:
    return view.player if view.player is not None else view.current_player


def _own_hands(view: PokerView) -> Hands:
    return [[c for c in held if c is not None] for held in view.slots[_me(view)]]


OWN_WILDS = ("fixed", "lowest-card", "dice-pairs", "chain", "designated")
"""Wild rules decided by the player's own cards (described with them during the deal; the others
wait for the showdown: Freak of Nature's cascade, 3-2-1's turned card)."""


def hand_words(view: PokerView, slot: int, cards: Sequence[int]) -> str:
    """What ``cards`` in ``slot`` make for each award that slot plays for, in the ranking's words
    (``"Four of a kind, kings"``; ``"high: Pair of aces; low: Eight-high low: 8-5-4-3-2"``)."""
    config = view.config
    slot_name = config.variant.slots[slot].name
    said: list[tuple[str, str]] = []
    for award in config.awards:
        if slot_name not in award.slots:
            continue
        if award.wild is not None and award.wild.kind in OWN_WILDS:  # the player's own wild cards
            held = tuple(tuple(held) for held in _own_hands(view))
            found = best_of(award.wild, held, (slot,), config.variant, (tuple(cards),), award_rule=award.rule)
            if found is not None:  # a wild low (Buck's high-low) in the natural low it stands for
                said.append((award.title, words_at(found[0]) if award.rule == "high" else
                             low_words(award.wild, held, (slot,), config.variant, (tuple(cards),), None, award.rule)))
            continue
        system = ranking(award.rule)
        if len(cards) not in system.sizes:
            continue
        words = str(system.rank(as_cards(list(cards))))
        if words == "None" or not words:
            continue
        said.append((award.title, words))
    if not said:
        return ""
    if len(said) == 1:
        return said[0][1]
    return "; ".join(f"{title}: {words}" for title, words in said)


class PokerExplainer:
    """The review's reasons for every poker decision: bets, draws, assignments, splits, orders."""

    unit = "% of the pot"
    """A hundredth of a value (the values are in pots): how the review names its differences."""

    def phase(self, view: PokerView) -> str:
        step = view.config.steps[view.step]
        if isinstance(step, Draw):
            return "draw"
        if isinstance(step, Assign):
            return "assign"
        if isinstance(step, Partition):
            me = _me(view)
            commits = view.phase.commits
            if step.ordered and me < len(commits) and commits[me]:
                return "order"
            return "split"
        return _DRAW_GAME_PHASES.get(step.kind, "bet")

    def reason(self, view: PokerView, legal: Sequence[int], played: int, best: int, values: Mapping[int, float],
               labels: Mapping[int, str], policy: Mapping[int, float] | None = None) -> str:
        if is_order(legal):
            return _order_reason(view, played, labels, values)
        if played not in values:  # compared with nothing yet (the review's time ran out)
            text = (f"you played {_label(labels, played)}, an amount the advisor does not value on its first "
                    f"look (it values the least raise, half the pot, the pot and the most); "
                    f"{_worth(view, best, values, labels)} is its choice")
            return text + f". Here {_facts(view, best, labels)}, while {_facts(view, played, labels)}."
        if played == best or best not in values or values[best] - values[played] <= TIE:
            return f"{_worth(view, played, values, labels)} is as good as any move: {_facts(view, played, labels)}."
        return (f"you played {_worth(view, played, values, labels)}; {_worth(view, best, values, labels)} does "
                f"better. Here {_facts(view, best, labels)}, while {_facts(view, played, labels)}.")


EXPLAINER = PokerExplainer()

_DRAW_GAME_PHASES = {"exchange-turns": "swap", "discard-rounds": "draw", "take-back": "take-back",
                     "call-draws": "call", "auction": "auction"}
"""The phase of the draw games' decisions (issue 30) that are not bets: a swap (Jackpot), a
one-card discard, a take-back, the dealer's call, the auction."""


def _label(labels: Mapping[int, str], action: int) -> str:
    return labels.get(action, str(action))


def _worth(view: PokerView, action: int, values: Mapping[int, float], labels: Mapping[int, str]) -> str:
    value = values[action]
    chips = value * pot_of(view)
    return (f"{_label(labels, action)} (worth {chips:+.1f} chips on average, "
            f"{value:+.0%} of the pot of {pot_of(view)})")


def _facts(view: PokerView, action: int, labels: Mapping[int, str]) -> str:
    if is_betting([action]):
        return _bet_facts(view, action)
    step = view.config.steps[view.step]
    if isinstance(step, Draw):
        return _draw_facts(view, step, action)
    if isinstance(step, Assign | Partition):
        return _split_facts(view, step, action)
    return _label(labels, action)


def _chips(count: int) -> str:
    return f"{count} chip{'s' if count != 1 else ''}"


def _them(count: int) -> str:
    """The other seats still in, as a sentence names them."""
    return "the other player still in" if count == 1 else f"the {count} other players still in"


def _bet_facts(view: PokerView, action: int) -> str:
    table = view.table
    me = _me(view)
    pot = sum(table.contributed)
    owed = to_call(view)
    others = sum(1 for seat, live in enumerate(table.live) if live and seat != me)
    if action == act.FOLD:
        return (f"folding gives up the pot of {pot}, with the {_chips(table.contributed[me])} you put in, "
                "and risks nothing more")
    paid = final_contributions(view, level_of(view, action))[me] - table.contributed[me]
    if action == act.CALL:
        if owed == 0:
            return (f"checking puts nothing in; with everyone checking from here your hand meets "
                    f"{_them(others)} at the showdown for the pot of {pot}")
        return (f"calling {owed} into a pot of {pot} pays when your hand takes more than "
                f"{owed / (pot + owed):.0%} of the pot (the pot odds)")
    extra = paid - owed
    fair = 1 / (others + 1)
    what = "bringing in" if action == act.BRING_IN else "betting" if table.current == 0 else "raising"
    callers = f"{_them(others)} call{'s' if others == 1 else ''}"
    more = f" ({extra} more than a call)" if owed else ""
    return (f"{what} puts in {_chips(paid)}{more}; if {callers}, it pays when your hand "
            f"takes more than {fair:.0%} of the pot (the advisor assumes that nobody folds or raises after you)")


def _draw_facts(view: PokerView, step: Draw, action: int) -> str:
    slot = view.config.variant.slot_index(step.slot)
    held = sorted(_own_hands(view)[slot])
    mask = action - act.DISCARD
    thrown = [c for i, c in enumerate(held) if mask >> i & 1]
    kept = [c for i, c in enumerate(held) if not mask >> i & 1]
    made = hand_words(view, slot, held)
    if not thrown:
        return f"standing pat keeps {_cards(held)}" + (f" ({made})" if made else "")
    kept_words = hand_words(view, slot, kept) if kept else ""
    text = f"discarding {_cards(thrown)} keeps {_cards(kept)}" + (f" ({kept_words})" if kept_words else "")
    return text + f" and draws {len(thrown)} card{'s' if len(thrown) != 1 else ''}"


def _no_card() -> int:
    raise ValueError("a split or an assignment takes no card")


def _split_facts(view: PokerView, step: Assign | Partition, action: int) -> str:
    hands = [list(cards) for cards in _own_hands(view)]
    Completion(view).option(step, hands, action, _no_card)
    parts = []
    for slot_name in step.into:
        slot = view.config.variant.slot_index(slot_name)
        words = hand_words(view, slot, hands[slot])
        parts.append(f"the {slot_name} hand {_cards(hands[slot])}" + (f" ({words})" if words else ""))
    verb = "assigning" if isinstance(step, Assign) else "splitting"
    return f"{verb} so makes " + " and ".join(parts)


def _order_reason(view: PokerView, played: int, labels: Mapping[int, str], values: Mapping[int, float]) -> str:
    return (f"{_worth(view, played, values, labels)}: the order of your flips only shows the others your "
            "cards sooner or later; the advisor's picture of them does not read it, so every order is worth the "
            "same. It plays the card that tells least first (unpaired middle ranks before pairs and extremes).")


__all__ = ["EXPLAINER", "PokerExplainer", "hand_words"]
