"""Divided Ranks' words for the review: why a split, a choice, a reserve decision or a build was
worth what the expert says, from computed facts only (the exact worlds the books allow at the
reserve and the build, the cards on the table and in hand at the split and the choice, and the
values). In the last round the values are the solved endgame's (exact), not sampled playouts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from divided.bots.base import TIE
from divided.bots.divided_ranks.expert import ExpertBot
from divided.cards import PACK_21, mask_indices
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.knowledge import knowledge
from divided.games.divided_ranks.scoring import Scoring
from divided.games.divided_ranks.state import STEPS_BY_SCORING, Phase
from divided.games.divided_ranks.view import PlayerView
from divided.hands.arrange import best_key, best_weaker_mask, scoring_key, split_masks
from divided.hands.category import Category
from divided.hands.five import category_of, strength_table

_TIE = TIE
_RANK_NAMES = ("tens", "jacks", "queens", "kings", "aces")
_COUNT_WORDS = {2: "a pair of", 3: "three", 4: "four"}


class DividedRanksExplainer:
    """The review's reasons for Divided Ranks' four kinds of decision."""

    def phase(self, view: PlayerView) -> str:
        return str(view.phase)

    def reason(self, view: PlayerView, legal: Sequence[int], played: int, best: int,
               values: Mapping[int, float], labels: Mapping[int, str],
               policy: Mapping[int, float] | None = None) -> str:
        """The words for the decision's phase; with a ``policy`` (the solved last round) the
        values are the solve's, and a move of the mix is described without a claim that
        another move of the mix is better."""
        solved = policy is not None
        if view.phase == Phase.RESERVE:
            return _reserve_reason(view, legal, played, best, values, solved)
        if view.phase == Phase.BUILD:
            return _build_reason(view, played, best, values, labels)
        if view.phase == Phase.CHOOSE:
            return _choose_reason(view, played, best, values, solved)
        return _split_reason(view, played, best, values, solved)

    def action_words(self, view: PlayerView, action: int, label: str) -> str:
        """An action in the words of the table ("showing Qc As face up", "keeping")."""
        if act.SPLIT <= action < act.SPLIT + len(act.PAIRS):
            a, b = act.PAIRS[action - act.SPLIT]
            return f"showing {_cards((1 << a) | (1 << b))} face up"
        if action == act.TAKE_FACE_UP:
            return "taking the face-up pair"
        if action == act.TAKE_FACE_DOWN:
            return "taking the face-down pair"
        if action == act.KEEP:
            return "keeping"
        if view.phase == Phase.RESERVE and action >= act.GIVE:
            return f"giving {_card(action - act.GIVE)}"
        return label


EXPLAINER = DividedRanksExplainer()


# -- words ---------------------------------------------------------------------------------------

def _pct(value: float) -> str:
    return f"{value:.0%}"


def _cards(mask: int) -> str:
    return PACK_21.format_mask(mask) or "-"


def _card(index: int) -> str:
    return str(PACK_21[index])


def _made(hand: int, pair: int) -> str | None:
    """The best rank group the cards of ``pair`` make with ``hand`` (e.g. "three kings")."""
    best: tuple[int, int] | None = None
    for card in mask_indices(pair):
        if card >= 20:
            continue
        rank = card // 4
        count = ((hand | pair) >> (4 * rank) & 0xF).bit_count()
        if count >= 2 and (best is None or (count, rank) > best):
            best = (count, rank)
    if best is None:
        return None
    return f"{_COUNT_WORDS[best[0]]} {_RANK_NAMES[best[1]]}"


def _categories(holding: int, scoring: Scoring) -> tuple[Category, Category]:
    """The (weaker, stronger) categories of a holding's auto-arranged split."""
    strength = strength_table()
    weak = best_weaker_mask(holding, scoring)
    a, b = strength[weak], strength[holding ^ weak]
    return category_of(min(a, b)), category_of(max(a, b))


def _count(k: int, n: int) -> str:
    return "every possible world" if k == n else f"{k} of {n} possible worlds"


# -- the reserve ---------------------------------------------------------------------------------

def _reserve_reason(view: PlayerView, legal: Sequence[int], played: int, best: int,
                    values: Mapping[int, float], solved: bool = False) -> str:
    books = knowledge(view)
    scoring = view.options.scoring
    worlds = [books.reserve] if books.reserve is not None else sorted(books.reserve_odds)
    where = (f"the reserve is {_card(worlds[0])}" if len(worlds) == 1
             else f"the reserve is one of {len(worlds)} cards")
    reply = " (counting the opponent's reply)" if view.reserve_first == view.player else ""

    def holding(action: int, world: int) -> int:
        if action == act.KEEP:
            return view.hand
        return view.hand ^ (1 << (action - act.GIVE)) | (1 << world)

    def name(action: int) -> str:
        return "keeping" if action == act.KEEP else f"giving {_card(action - act.GIVE)}"

    if played == best or values[best] - values[played] <= _TIE:
        top = not solved or values[played] >= max(values[a] for a in legal) - _TIE
        verdict = "was the best option:" if top else "gives you"
        text = f"{name(played)} {verdict} {_pct(values[played])} to win{reply}; {where}."
        if played == act.KEEP:
            gives = [a for a in legal if a != act.KEEP]
            never_better = all(best_key(holding(a, w), scoring) <= best_key(view.hand, scoring)
                               for a in gives for w in worlds)
            if never_better:
                text += " Every swap could only leave your hands the same or weaker."
        return text
    head = (f"you gave away {_card(played - act.GIVE)}" if played != act.KEEP else "you kept")
    text = f"{head}; {name(best)} was better: {_pct(values[best])} to win against {_pct(values[played])}{reply}; {where}."
    # how the two options' own hands compare, world by world
    weaker_drop = 0
    drops: dict[tuple[Category, Category], int] = {}
    stronger = 0
    for world in worlds:
        h_best, h_played = holding(best, world), holding(played, world)
        if best_key(h_best, scoring) > best_key(h_played, scoring):
            stronger += 1
        cat_best, cat_played = _categories(h_best, scoring)[0], _categories(h_played, scoring)[0]
        if cat_played < cat_best:
            weaker_drop += 1
            drops[(cat_best, cat_played)] = drops.get((cat_best, cat_played), 0) + 1
    if drops:
        (was, now), _ = max(drops.items(), key=lambda item: item[1])
        text += (f" Your weaker hand would be {was.label} after {name(best)}, but it is "
                 f"{now.label} after your move in {_count(weaker_drop, len(worlds))}.")
    elif stronger:
        text += f" {name(best).capitalize()} leaves you the stronger hands in {_count(stronger, len(worlds))}."
    else:
        text += " Your own hands are no weaker; the difference is in what the opponent ends with."
    return text


# -- the build -----------------------------------------------------------------------------------

def _build_reason(view: PlayerView, played: int, best: int, values: Mapping[int, float],
                  labels: Mapping[int, str]) -> str:
    scoring = view.options.scoring
    strength = strength_table()
    steps = STEPS_BY_SCORING[scoring]
    worlds = ExpertBot.build_worlds(view)

    def key(action: int) -> tuple[int, ...]:
        first, second = split_masks(view.hand, action - act.BUILD)
        return tuple(scoring_key(strength[first], strength[second], scoring))

    mine, auto = key(played), key(best)
    odds = f"against the opponent's auto-arranged hands it wins {_pct(values[best])}, yours {_pct(values[played])}"
    scope = f" (over {len(worlds)} possible holdings of theirs)" if len(worlds) > 1 else ""
    if mine == auto:
        return f"your split is as strong as auto-arrange's at every scoring step; {odds}{scope}."
    step = next(i for i, (a, b) in enumerate(zip(auto, mine, strict=True)) if a != b)
    detail = ""
    if scoring == Scoring.CATEGORIES_FIRST and step < 2:
        detail = f": {Category(auto[step]).label} against {Category(mine[step]).label}"
    elif scoring == Scoring.CATEGORIES_FIRST:
        detail = " (same categories)"
    return (f"auto-arrange's split ({labels.get(best, '').removeprefix('build ')}) is stronger at step "
            f"{step + 1}, {steps[step]}{detail}; {odds}{scope}.")


# -- the draft -----------------------------------------------------------------------------------

def _choose_reason(view: PlayerView, played: int, best: int, values: Mapping[int, float],
                   solved: bool = False) -> str:
    offer = view.offer
    made = _made(view.hand, offer)
    up_words = (f"the face-up pair {_cards(offer)} gave you {made}" if made
                else f"the face-up pair {_cards(offer)} matched nothing in your hand")
    up, down = values[act.TAKE_FACE_UP], values[act.TAKE_FACE_DOWN]
    source = "solved endgame" if solved else "expert's estimate"
    estimate = f"{source}: face-up {_pct(up)}, face-down {_pct(down)} to win"
    if played == best or values[best] - values[played] <= _TIE:
        if solved and values[played] < max(up, down) - _TIE:  # a move of a mix, a hair below the other
            taken = "taking the face-up pair" if played == act.TAKE_FACE_UP else "taking the face-down pair"
            return f"{taken}: {up_words}; {estimate}."
        if played == act.TAKE_FACE_UP:
            return f"taking it was right: {up_words}; {estimate}."
        return f"the hidden pair was the better bet: {up_words.replace('gave', 'would give')}; {estimate}."
    if best == act.TAKE_FACE_UP:
        return f"taking the face-up pair was better: {up_words.replace('gave', 'would have given')}; {estimate}."
    return (f"the face-down pair was the better bet even though {up_words}: the unseen cards "
            f"were worth more on average; {estimate}.")


def _split_reason(view: PlayerView, played: int, best: int, values: Mapping[int, float],
                  solved: bool = False) -> str:
    books = knowledge(view)

    def pairs(action: int) -> tuple[int, int]:
        a, b = act.PAIRS[action - act.SPLIT]
        up = (1 << a) | (1 << b)
        return up, view.drawn ^ up

    up, down = pairs(played)
    source = "with the solved endgame" if solved else "in the expert's playouts"
    text = f"showing {_cards(up)} (hiding {_cards(down)}) gives you {_pct(values[played])} to win {source}"
    if solved and values[played] < max(values.values()) - _TIE and played == best:
        return text + "."  # a move of the mix, a hair below another: no claim either way
    if played == best or values[best] - values[played] <= _TIE:
        return text + "; no split did better."
    best_up, best_down = pairs(best)
    text += f"; showing {_cards(best_up)} (hiding {_cards(best_down)}) gives {_pct(values[best])}"
    threat = _made(books.opponent_known, up)
    if threat:
        text += f". The bot could take {_cards(up)} face up: with the cards you know it holds, that is {threat}"
    keep = _made(view.hand, down)
    if keep and keep != threat:
        text += f". Keeping {_cards(down)} if it is passed would give you {keep}"
    return text + "."
