"""Card Commons' words for the review: why an action, a keep decision or a build was worth what
the expert says, from computed facts only (the cards of the view: your hand, both players'
face-up cards, the actions left, the categories of the hands a build makes) and the values.

>>> from divided import games
>>> state = games.load("card-commons", first_starter=0).new_initial_state(seed=3)
>>> view = state.observation(0)
>>> legal = state.legal_actions()
>>> values = {a: 0.5 for a in legal}
>>> EXPLAINER.phase(view)
'turn'
>>> EXPLAINER.reason(view, legal, legal[0], legal[0], values, {}).startswith("reserve ")
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from divided.bots.base import TIE
from divided.bots.card_commons.build import analyse_build
from divided.cards import PACK_21, mask_indices
from divided.games.card_commons import actions as act
from divided.games.card_commons.state import Phase
from divided.games.card_commons.view import PlayerView
from divided.hands.five import evaluate_mask
from divided.hands.three import evaluate3_mask

_TIE = TIE
_RANK_NAMES = ("ten", "jack", "queen", "king", "ace")
_PLURALS = ("tens", "jacks", "queens", "kings", "aces")
_PHASES = {Phase.ACT: "turn", Phase.KEEP: "keep", Phase.BUILD: "build"}
JOKER = 20


def _pct(value: float) -> str:
    return f"{value:.0%}"


def _cards(mask: int) -> str:
    return PACK_21.format_mask(mask) or "-"


def _ranks(mask: int) -> list[int]:
    """Rank values 0 (ten) to 4 (ace) of the cards of a mask, the Joker left out."""
    return [card // 4 for card in mask_indices(mask) if card != JOKER]


def _matches(cards: int, against: int) -> list[str]:
    """What the cards ``cards`` make with the cards ``against`` by rank (e.g. "a pair of kings")."""
    out = []
    theirs = _ranks(against)
    for rank in sorted(set(_ranks(cards)), reverse=True):
        count = theirs.count(rank) + _ranks(cards).count(rank)
        if theirs.count(rank) and count >= 2:
            out.append(f"{'a pair of' if count == 2 else 'three' if count == 3 else 'four'} {_PLURALS[rank]}")
    return out


class CardCommonsExplainer:
    """The review's reasons for Card Commons' three kinds of decision."""

    def phase(self, view: PlayerView) -> str:
        return _PHASES.get(view.phase, str(view.phase))

    def reason(self, view: PlayerView, legal: Sequence[int], played: int, best: int,
               values: Mapping[int, float], labels: Mapping[int, str],
               policy: Mapping[int, float] | None = None) -> str:
        if view.phase == Phase.BUILD:
            return _build_reason(view, played, best, values)
        if view.phase == Phase.KEEP:
            return _keep_reason(view, played, best, values)
        return _turn_reason(view, played, best, values)


EXPLAINER = CardCommonsExplainer()


def _same(played: int, best: int, values: Mapping[int, float]) -> bool:
    return played == best or values[best] - values[played] <= _TIE


# -- a turn ----------------------------------------------------------------------------------------

def _what(view: PlayerView, action: int) -> str:
    """What an action does, in the rules' words, with the facts that bear on it."""
    move = act.decode(action)
    me = view.player if view.player is not None else 0
    theirs = view.face_up[1 - me]
    mine = view.face_up[me] | view.reserved
    if move.kind == act.Kind.RESERVE:
        text = f"reserving {_cards(move.cards)} keeps it hidden from the bot until the showdown"
        made = _matches(move.cards, mine)
        return text + (f" (it makes {made[0]} with your Collection)" if made else "")
    if move.kind == act.Kind.DISCARD:
        return f"discarding {_cards(move.cards)} takes them out of the round unseen"
    if move.sets is not None:
        text = f"offering {_cards(move.sets[0])} or {_cards(move.sets[1])} lets the bot keep either set"
    else:
        text = f"offering {_cards(move.cards)} lets the bot keep any one of them and gives you the other two"
    threats = _matches(move.cards, theirs)
    if threats:
        text += f"; with its face-up cards the bot could make {threats[0]}"
    return text


def _turn_reason(view: PlayerView, played: int, best: int, values: Mapping[int, float]) -> str:
    me = view.player if view.player is not None else 0
    left = [kind.words for kind in act.TURN_KINDS if not view.used[me] >> kind & 1]
    later = f" Actions you had left: {', '.join(left)}."
    if _same(played, best, values):
        return f"{act.describe(played)} was as good as any move: {_pct(values[played])} to win the match; {_what(view, played)}.{later}"
    kind, best_kind = act.kind_of(played), act.kind_of(best)
    text = (f"you played {act.describe(played)} ({_pct(values[played])} to win the match); {act.describe(best)} "
            f"gives {_pct(values[best])}. Here {_what(view, best)}, while {_what(view, played)}.")
    if kind != best_kind and len(left) > 1:
        text += f" {best_kind.words} now would have kept {kind.words} for a later turn."
    return text + later


# -- a keep decision ---------------------------------------------------------------------------------

def _keep_words(view: PlayerView, action: int) -> str:
    me = view.player if view.player is not None else 0
    kept = act.decode(action).cards
    offered = act.decode(view.offer).cards
    rest = offered & ~kept
    text = f"keeping {_cards(kept)} leaves {_cards(rest)} to the bot"
    mine = _matches(kept, view.face_up[me] | view.reserved | view.hand)
    theirs = _matches(rest, view.face_up[1 - me])
    if mine:
        text += f"; {_cards(kept)} makes {mine[0]} with your cards"
    if theirs:
        text += f"; what it leaves makes {theirs[0]} with the bot's face-up cards"
    return text


def _keep_reason(view: PlayerView, played: int, best: int, values: Mapping[int, float]) -> str:
    if _same(played, best, values):
        return f"{_keep_words(view, played)}: {_pct(values[played])} to win the match, as good as any choice."
    return (f"{_keep_words(view, played)} ({_pct(values[played])} to win the match); "
            f"{_keep_words(view, best)} ({_pct(values[best])}).")


# -- the build ---------------------------------------------------------------------------------------

def _split_words(view: PlayerView, action: int) -> str:
    three = act.decode(action).cards
    five = view.collection ^ three
    return (f"{_cards(five)} ({evaluate_mask(five).category.label}) and {_cards(three)} "
            f"({evaluate3_mask(three).category.label})")


def _points(view: PlayerView, action: int) -> str:
    """A split's expected points this round, for and against (the build values), in words."""
    try:
        found = {split.action: split for split in analyse_build(view).splits}.get(action)
    except ValueError:  # a view the build values cannot read (not a complete build position)
        return ""
    if found is None:
        return ""
    return f" (expected points this round: {found.points_for:.2f} for you, {found.points_against:.2f} against)"


def _build_reason(view: PlayerView, played: int, best: int, values: Mapping[int, float]) -> str:
    me = view.player if view.player is not None else 0
    score = f"at {view.scores[me]}-{view.scores[1 - me]}"
    if _same(played, best, values):
        return (f"your split {_split_words(view, played)} was as good as any: {_pct(values[played])} to win the "
                f"match {score}{_points(view, played)}, against the bot's possible Collections and its sound builds.")
    text = (f"your split {_split_words(view, played)} gives {_pct(values[played])} to win the match {score}"
            f"{_points(view, played)}; {_split_words(view, best)} gives {_pct(values[best])}{_points(view, best)}.")
    mine_five = evaluate_mask(view.collection ^ act.decode(played).cards).strength
    best_five = evaluate_mask(view.collection ^ act.decode(best).cards).strength
    if mine_five > best_five:
        text += (" Your 5-card hand was the stronger one, but the bot sees seven of your cards: the other split "
                 "wins more where it counts, comparison by comparison.")
    return text
