"""Review a recorded game of Divided Ranks from one seat's side, chess-style.

The record is replayed action by action. At every decision of the reviewed seat the review
takes that seat's view *at that moment* (``state.observation(seat)``: what the player knew
then, never what the rest of the game revealed) and asks the expert for every legal action's
chance to win and its standard error (:func:`divided.bots.expert.expert_decision`, the one
choice function the bot and the web app's hint also use: a win counts 1, a draw 0.5).

* ``best`` is the action the expert plays there (its one tie rule; at the build, the
  auto-arranged split).
* ``loss`` = value of the strongest alternative - value of the action played (at least 0),
  in win-probability points (0.12 = twelve points of winning chance). The strongest
  alternative is the expert's choice, or, when the player played it, the runner-up (so a
  choice the sampling could have made either way is graded by the two values, not by which
  one the sample happened to favour). ``loss_error`` is its standard error (paired over the
  same worlds; 0 where the values are exact: the reserve, the build, and draft decisions whose
  worlds are few enough to enumerate).
* When a sampled grade is not settled (it would change with the loss 2.5 errors away), the
  played move and that alternative are compared again on fresh worlds, to a standard error of
  0.3 and then 0.15 points if still needed (at most ``4 * budget`` worlds each time); their
  values and errors in the review are then the sharper ones.
* Grades, with ``low = loss - 2 * loss_error`` and ``high = loss + 2 * loss_error``:
  ``best`` when nothing is clearly better than the played action (``loss <= 2 * loss_error``,
  or within 1e-9: the expert's choice, or statistically indistinguishable from it); otherwise ``blunder`` (low >= 0.15),
  ``mistake`` (low >= 0.10), ``inaccuracy`` (low >= 0.05): a grade only when the loss is
  clear of the threshold by twice its error; ``good`` when even ``high`` stays below 0.05;
  else ``close``: a close call, too near the 0.05 line to grade.
* Reasons are plain words built from computed facts only: the exact worlds the books allow
  (reserve and build), the cards on the table and in hand (split and choose), and the values.

Each decision's values depend on its view and the review's ``seed`` (the sampling salt) only,
so a review is deterministic, one decision's review does not depend on any other decision,
and the hint at the same view gives the same values and choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from divided import games
from divided.bots.divided_ranks.draft_values import draft_values
from divided.bots.expert import REVIEW_BUDGET, TIE, ExpertBot, expert_decision, view_rng
from divided.cards import PACK_21, mask_indices
from divided.games import GameRecord, State
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.knowledge import knowledge
from divided.games.divided_ranks.state import STEPS_BY_SCORING, Phase
from divided.games.divided_ranks.view import PlayerView
from divided.hands.arrange import Scoring, best_key, best_weaker_mask, scoring_key, split_masks
from divided.hands.category import Category
from divided.hands.five import category_of, strength_table

BLUNDER = 0.15
MISTAKE = 0.10
INACCURACY = 0.05
DEFAULT_BUDGET = REVIEW_BUDGET
"""The most worlds sampled at a split or choose decision (the standard-error target of
:mod:`divided.bots.divided_ranks.draft_values` ends sampling well before it)."""
REFINE_SE = 0.003
"""When a sampled grade is not settled, the played move and the expert's choice are compared
again over fresh worlds until the standard error of their difference is at most this."""
REFINE_BUDGET = 262_144
REFINE_FACTOR = 4
"""The most worlds for that comparison: ``REFINE_FACTOR`` times the review's budget, at most
``REFINE_BUDGET``."""
SETTLED = 2.5
"""A grade is settled when it would not change with the loss this many standard errors away."""
GRADES = ("best", "good", "close", "inaccuracy", "mistake", "blunder")
_TIE = TIE
_RANK_NAMES = ("tens", "jacks", "queens", "kings", "aces")
_COUNT_WORDS = {2: "a pair of", 3: "three", 4: "four"}

Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One reviewed decision. ``values`` maps every legal action to the expert's estimated
    chance to win with it and ``errors`` to that estimate's standard error; ``loss`` is the
    strongest alternative's value minus the played action's (at least 0: see the module text)
    and ``loss_error`` its standard error."""

    move_number: int
    phase: str
    played: int
    played_label: str
    best: int
    best_label: str
    values: dict[int, float]
    loss: float
    grade: str
    reason: str
    errors: dict[int, float] = field(default_factory=dict)
    loss_error: float = 0.0


@dataclass(frozen=True, slots=True)
class Review:
    """The review of one seat's decisions. ``error`` is set (and ``moves`` holds the decisions
    scored before it) if the review could not finish; ``total`` is how many decisions the
    replay found."""

    seat: int
    budget: int
    seed: int
    moves: tuple[MoveReview, ...]
    total: int
    error: str | None = None

    @property
    def complete(self) -> bool:
        return self.error is None and len(self.moves) == self.total

    def counts(self) -> dict[str, int]:
        """How many decisions got each grade."""
        out = {grade: 0 for grade in GRADES}
        for move in self.moves:
            out[move.grade] += 1
        return out


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision of the reviewed seat as the replay found it: the view then, the legal
    actions, what was played, and the labels of the actions."""

    move_number: int
    view: PlayerView
    legal: tuple[int, ...]
    played: int
    labels: dict[int, str] = field(default_factory=dict)


def grade_for(loss: float, error: float = 0.0) -> str:
    """The grade of a decision that lost ``loss`` win-probability points, with standard error
    ``error`` (see the module text)."""
    if loss <= max(_TIE, 2 * error):
        return "best"
    low = loss - 2 * error
    if low >= BLUNDER:
        return "blunder"
    if low >= MISTAKE:
        return "mistake"
    if low >= INACCURACY:
        return "inaccuracy"
    return "good" if loss + 2 * error < INACCURACY else "close"


def decisions(record: GameRecord, seat: int) -> tuple[list[Decision], str | None]:
    """Replay ``record`` (unseeded, every action checked) and collect ``seat``'s decisions.
    Returns them and an error message if the replay broke off."""
    found: list[Decision] = []
    try:
        state: State[Any, Any] = games.load(record.game, **dict(record.options)).new_initial_state()
        for action in record.actions:
            if state.is_terminal():
                raise ValueError("the record has actions after the end of the game")
            if not state.is_chance_node() and state.current_player() == seat:
                legal = tuple(state.legal_actions())
                labels = {a: state.action_to_string(a) for a in legal}
                found.append(Decision(state.move_number(), state.observation(seat), legal, action, labels))
            state.apply_action(action)
    except Exception as error:
        return found, f"replay stopped after {len(found)} decisions: {type(error).__name__}: {error}"
    return found, None


def review_game(record: GameRecord, seat: int, budget: int = DEFAULT_BUDGET, seed: int = 0,
                progress: Progress | None = None) -> Review:
    """Review ``seat``'s decisions in ``record`` against the expert (see the module text):
    ``budget`` caps the worlds sampled per decision, ``seed`` is the sampling salt."""
    if seat not in (0, 1):
        raise ValueError(f"no seat {seat!r}: seats are 0 and 1")
    found, error = decisions(record, seat)
    bot = ExpertBot(budget=budget)
    moves: list[MoveReview] = []
    total = len(found)
    if progress is not None:
        progress(0, total)
    for decision in found:
        try:
            moves.append(review_decision(bot, decision, seed))
        except Exception as failure:
            error = (f"review stopped at move {decision.move_number}: "
                     f"{type(failure).__name__}: {failure}")
            break
        if progress is not None:
            progress(len(moves), total)
    return Review(seat, budget, seed, tuple(moves), total, error)


def review_decision(bot: ExpertBot, decision: Decision, seed: int) -> MoveReview:
    """Grade one decision from its view alone (``bot`` gives the budget and the model,
    ``seed`` the sampling salt)."""
    view, legal, played = decision.view, decision.legal, decision.played
    if played not in legal:
        raise ValueError(f"move {decision.move_number}: action {played} was not legal")
    found = expert_decision(view, legal, salt=seed, budget=bot.budget, epsilon=bot.epsilon, beta=bot.beta)
    values, errors, best = dict(found.values), dict(found.errors), found.choice
    # the strongest alternative to the played move: the expert's choice, or the runner-up
    others = [action for action in legal if action != played]
    rival = best if played != best else max(others, key=lambda a: values[a], default=None)
    gap = values[rival] - values[played] if rival is not None else 0.0
    # loss_errors[a] is the error of values[best] - values[a]: the pair (rival, played) either way
    gap_error = found.loss_errors[played if played != best else rival] if rival is not None else 0.0
    worlds, refined = found.worlds, False
    target = REFINE_SE
    while rival is not None and gap_error > 0.0 and not _settled(gap, gap_error) and target >= REFINE_SE / 2:
        sharper = draft_values(view, (rival, played), view_rng(view, seed, f"refine:{target}"),
                               budget=min(REFINE_BUDGET, REFINE_FACTOR * bot.budget),
                               epsilon=bot.epsilon, beta=bot.beta, target=target, difference=True)
        values.update(sharper.values)
        errors.update(sharper.errors)
        gap = values[rival] - values[played]
        gap_error = sharper.difference_error(rival, played)
        worlds, refined = sharper.worlds, True
        target /= 2
    loss, loss_error = max(0.0, gap), gap_error
    grade = grade_for(loss, loss_error)
    if view.phase == Phase.RESERVE:
        reason = _reserve_reason(view, legal, played, best, values)
    elif view.phase == Phase.BUILD:
        reason = _build_reason(bot, view, played, best, values, decision.labels)
    elif view.phase == Phase.CHOOSE:
        reason = _choose_reason(view, played, best, values)
    else:
        reason = _split_reason(view, played, best, values)
    rival_label = "the expert's choice" if rival == best else \
        f"the next best, {decision.labels.get(rival, str(rival)) if rival is not None else ''}"
    reason += _error_words(grade, played, best, loss, loss_error, worlds, found.exact, refined, rival_label)
    return MoveReview(decision.move_number, str(view.phase), played, decision.labels.get(played, str(played)),
                      best, decision.labels.get(best, str(best)), values, loss, grade, reason,
                      errors, loss_error)


# -- words ---------------------------------------------------------------------------------------

def _settled(gap: float, error: float) -> bool:
    """Whether the grade stays the same anywhere within :data:`SETTLED` errors of ``gap`` (the
    strongest alternative's value minus the played move's; the loss is its positive part),
    judged also at the finest resolution the review refines to (so a grade that a sharper
    comparison could change is refined, whichever way the first sample leaned)."""
    grade = grade_for(max(0.0, gap), error)
    finest = REFINE_SE / 2
    return all(grade_for(max(0.0, gap + k * SETTLED * error), e) == grade
               for k in (-1, 0, 1) for e in (error, finest))


def _error_words(grade: str, played: int, best: int, loss: float, loss_error: float, worlds: int,
                 exact: bool, refined: bool, rival_label: str) -> str:
    """What the sampling error means for this grade (nothing where the values are exact)."""
    if exact:
        return ""
    text = f" (Estimated over {worlds} sampled worlds"
    if refined:
        text = f" (Your move and {rival_label} were compared again over {worlds} sampled worlds"
    if played != best or loss > 0.0:
        text += f"; the difference is {loss * 100:.1f} points, give or take {loss_error * 100:.1f}"
    text += ".)"
    if played == best and grade != "best":
        text += f" A closer look finds {rival_label} better than the expert's first estimate."
    if grade == "close":
        text += " A close call: within twice its error of the 5-point line, so it is not graded."
    elif grade == "best" and played != best:
        text += " That is within the sampling error: as good as the expert's choice."
    return text


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
                    values: dict[int, float]) -> str:
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
        text = f"{name(played)} was the best option: {_pct(values[played])} to win{reply}; {where}."
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

def _build_reason(bot: ExpertBot, view: PlayerView, played: int, best: int, values: dict[int, float],
                  labels: dict[int, str]) -> str:
    scoring = view.options.scoring
    strength = strength_table()
    steps = STEPS_BY_SCORING[scoring]
    worlds = bot.build_worlds(view)

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

def _choose_reason(view: PlayerView, played: int, best: int, values: dict[int, float]) -> str:
    offer = view.offer
    made = _made(view.hand, offer)
    up_words = (f"the face-up pair {_cards(offer)} gave you {made}" if made
                else f"the face-up pair {_cards(offer)} matched nothing in your hand")
    up, down = values[act.TAKE_FACE_UP], values[act.TAKE_FACE_DOWN]
    estimate = f"expert's estimate: face-up {_pct(up)}, face-down {_pct(down)} to win"
    if played == best or values[best] - values[played] <= _TIE:
        if played == act.TAKE_FACE_UP:
            return f"taking it was right: {up_words}; {estimate}."
        return f"the hidden pair was the better bet: {up_words.replace('gave', 'would give')}; {estimate}."
    if best == act.TAKE_FACE_UP:
        return f"taking the face-up pair was better: {up_words.replace('gave', 'would have given')}; {estimate}."
    return (f"the face-down pair was the better bet even though {up_words}: the unseen cards "
            f"were worth more on average; {estimate}.")


def _split_reason(view: PlayerView, played: int, best: int, values: dict[int, float]) -> str:
    books = knowledge(view)

    def pairs(action: int) -> tuple[int, int]:
        a, b = act.PAIRS[action - act.SPLIT]
        up = (1 << a) | (1 << b)
        return up, view.drawn ^ up

    up, down = pairs(played)
    text = (f"showing {_cards(up)} (hiding {_cards(down)}) gives you {_pct(values[played])} to win "
            f"in the expert's playouts")
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
