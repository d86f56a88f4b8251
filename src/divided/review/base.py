"""Review a recorded game from one seat's side, chess-style (any game with an advisor).

The record is replayed action by action. At every decision of the reviewed seat the review
takes that seat's view *at that moment* (``state.observation(seat)``: what the player knew
then, never what the rest of the game revealed) and asks the game's advisor
(:func:`divided.bots.advisor`: the expert, whose :meth:`~divided.bots.base.Advisor.evaluate`
and :meth:`~divided.bots.base.Advisor.pick` the bot and the web app's hint also use) for every
legal action's chance to win and its standard error (a win counts 1, a draw 0.5).

* ``best`` is the expert's choice (:func:`expert_choice`): its one tie-break, ``pick``, of its
  first look, and where the grade of playing that pick against the runner-up is not settled
  (below), the better of the two on a closer look of at most :data:`HINT_WORLDS` worlds. That
  is what the hint shows (the expert bot playing its own moves keeps the first look's pick).
  The one exception: when the player played it and the review's own closer look (below, over
  more worlds) finds the runner-up better, so that the played move gets a grade below ``best``,
  the runner-up is the review's ``best`` (the expert's choice given the sharpest values it
  computed), and the reason says that the hint chose the played move. The review never grades
  below ``best`` the move it names the expert's choice.
* ``loss`` = value of the strongest alternative - value of the action played (at least 0),
  in win-probability points (0.12 = twelve points of winning chance). The strongest
  alternative is the expert's choice, or, when the player played it, the runner-up (so a
  choice the sampling could have made either way is graded by the two values, not by which
  one the sample happened to favour). ``loss_error`` is its standard error (paired over the
  same worlds; 0 where the values are exact: the reserve, the build, and draft decisions whose
  worlds are few enough to enumerate).
* **A grade rests on enough worlds.** A sampled value counts for a grade only when it rests on
  at least :data:`~divided.bots.base.MIN_WORLDS` (16) worlds, and the paired error of the two
  values compared on at least that many common worlds: an error estimated over fewer is no
  estimate (over 2 worlds whose two differences agree it is exactly 0, and a grade built on it
  would count as settled; see :data:`~divided.bots.base.MIN_WORLDS` for the figures). An advisor
  that screens the actions it would not choose over fewer worlds (Card Commons over 2, DIVIDE
  over 4; their :class:`~divided.bots.base.Evaluation` says how many worlds each value has in
  ``counts``) shows those values, but the runner-up is taken among the measured values only
  (a screened action is the rival only when no alternative is measured), and a played move or
  rival with fewer worlds is always compared again (below) before it is graded; when the
  review's allowance leaves no worlds for that, the decision is not graded (``close``, and the
  reason says so). Each value's worlds are in :attr:`MoveReview.worlds`, the comparison's in
  :attr:`MoveReview.loss_worlds`, and a sampled difference is never said to be known to 0.0
  points ("give or take less than 0.1"). An advisor may leave some legal actions unvalued (poker's
  raise-to amounts outside the sizes it values): they are never the runner-up, and a played one
  is valued by the comparison again (:meth:`~divided.bots.base.Advisor.refine` values any legal
  action), as a value with too few worlds would be.
* When a sampled grade is not settled (it would change with the loss 2.5 errors away, at its
  error or at the finest), the played move and that alternative are compared again on fresh
  worlds, batch by batch, until the grade is settled or the error of their difference is 0.06
  points (:data:`REFINE_SE`), with at most ``18 * budget`` worlds (:data:`REFINE_BUDGET`); their
  values and errors in the review are then the sharper ones. Whether the grade is settled is
  asked only once the comparison's error is below the first look's: its first batches are
  noisier than the first look that found the grade unsettled, and every extra look is one more
  chance to stop on a stray sample (optional stopping).
* A whole review's sharper comparisons share an allowance (:class:`Allowance`): a fixed number
  of worlds in decision order (:data:`REVIEW_WORLDS`, so the review is reproducible) and a
  wall-clock deadline as a safety net (:data:`REVIEW_SECONDS`; the first looks, which the
  hint shares, are never cut). A decision whose comparison is cut keeps the error it has, so
  its grade stays honest, and its reason says the time ran out.
* Where the advisor plays a mixed strategy (its evaluation's ``policy``: the expert's solved last
  round of Divided Ranks) the values are exact, and a played action the strategy plays at least
  :data:`REAL_WEIGHT` of the time gets no grade (``best``: an equilibrium plays each action of its
  mix because none does better than another) and words that say how often the strategy plays it.
  Any other action is graded by value against the best value of the alternatives (not against the
  action the mix plays most, whose value can be a hair lower within the solve's precision).
* Grades, with ``low = loss - 2 * loss_error`` and ``high = loss + 2 * loss_error``:
  ``best`` when nothing is clearly better than the played action (``loss <= 2 * loss_error``,
  or within 1e-9: the expert's choice, or statistically indistinguishable from it); otherwise ``blunder`` (low >= 0.15),
  ``mistake`` (low >= 0.10), ``inaccuracy`` (low >= 0.05): a grade only when the loss is
  clear of the threshold by twice its error; ``good`` when even ``high`` stays below 0.05;
  else ``close``: a close call, too near the 0.05 line to grade.
* Reasons are plain words built from computed facts only, by the game's :class:`Explainer`
  (found by game id: :mod:`divided.review.games`); a game without one gets :class:`PlainExplainer`.

Each decision's first look and the expert's choice (its values and closer look: what the hint
shows, never cut by the allowance) depend on its view and the review's ``seed`` (the sampling
salt) only; a sharper comparison also on what
the review's allowance still holds (the worlds earlier decisions left, and the deadline). So
with the same allowance a review is deterministic, and the hint at the same view gives the
same values and choice as the review's best.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from divided import bots, games
from divided.bots.base import MIN_WORLDS, REAL_WEIGHT, TIE, Advisor, Evaluation
from divided.games import GameRecord, State
from divided.registry import Registry

BLUNDER = 0.15
MISTAKE = 0.10
INACCURACY = 0.05
DEFAULT_BUDGET = 65_536
"""The most worlds the advisor samples at one decision (its standard-error target ends sampling
well before it)."""
REFINE_SE = 0.0006
"""When a sampled grade is not settled, the played move and its strongest alternative are
compared again over fresh worlds, batch by batch, until the grade is settled or the standard
error of their difference is at most this (0.06 point)."""
REFINE_BUDGET = 1_179_648
REFINE_FACTOR = 18
"""The most worlds for that comparison: ``REFINE_FACTOR`` times the review's budget, at most
``REFINE_BUDGET``."""
REVIEW_WORLDS = 1_474_560
"""The most worlds of all a review's sharper comparisons together (in decision order), so that
a whole review stays within :data:`REVIEW_SECONDS` on the development machine and is still
reproducible."""
REVIEW_SECONDS = 5.0
"""The wall-clock safety net of :func:`review_game`: after this many seconds no sharper
comparison starts or goes on (a decision left unsettled keeps its error, and its grade is a
close call when the error does not allow one)."""
HINT_WORLDS = 1_024
"""The most worlds of the expert's closer look at its own top two (:func:`expert_choice`): what
the hint may spend beyond its first look (``REFINE_FACTOR`` times the advisor's budget, at most
this: 864 in DIVIDE, a hint's latency; 0: none, the choice is the first look's pick)."""
SETTLED = 2.5
"""A grade is settled when it would not change with the loss this many standard errors away."""
GRADES = ("best", "good", "close", "inaccuracy", "mistake", "blunder")
_TIE = TIE

Progress = Callable[[int, int], None]


class Explainer(Protocol):
    """A game's words for the review: the name of a decision's phase, and why the played action
    and the expert's choice (``best``) are worth what ``values`` say, from the view alone."""

    def phase(self, view: Any) -> str: ...

    def reason(self, view: Any, legal: Sequence[int], played: int, best: int, values: Mapping[int, float],
               labels: Mapping[int, str], policy: Mapping[int, float] | None = None) -> str:
        """Why ``played`` and ``best`` are worth what ``values`` say; ``policy`` is the advisor's
        mixed strategy where it plays one (its values then come from a solve, not from sampling),
        and ``best`` is then ``played`` itself when the mix plays it with real weight."""
        ...


class PlainExplainer:
    """The words for a game without its own :class:`Explainer`: the two values only."""

    def phase(self, view: Any) -> str:
        return "decision"

    def reason(self, view: Any, legal: Sequence[int], played: int, best: int, values: Mapping[int, float],
               labels: Mapping[int, str], policy: Mapping[int, float] | None = None) -> str:
        text = f"{labels.get(played, str(played))} gives you {values[played]:.0%} to win"
        if policy is not None and values[played] < max(values[action] for action in legal) - _TIE:
            # a move of a mix a hair below another: no claim either way
            return text + "." if played == best else text + f"; {labels.get(best, str(best))} gives {values[best]:.0%}."
        if played == best or values[best] - values[played] <= _TIE:
            return text + "; nothing did better."
        return text + f"; {labels.get(best, str(best))} gives {values[best]:.0%}."


EXPLAINERS: Registry[Explainer] = Registry(
    "review explainer", {"divided-ranks": "divided.review.games.divided_ranks:EXPLAINER",
                         "card-commons": "divided.review.games.card_commons:EXPLAINER",
                         "divide": "divided.review.games.divide:EXPLAINER",
                         **dict.fromkeys(games.POKER, "divided.review.games.poker:EXPLAINER")})
"""Each game's :class:`Explainer`, by game id (tests and plugins add theirs with ``register``)."""


def explainer(game: str) -> Explainer:
    """``game``'s explainer, or :class:`PlainExplainer` when it has none."""
    return EXPLAINERS.get(game) if EXPLAINERS.supports(game) else PlainExplainer()


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
    policy: dict[int, float] | None = None
    """Where the advisor plays a mixed strategy: how often it plays each legal action."""
    mixed: bool = False
    """Whether the advisor's mixed strategy plays the played action with real weight (at least
    :data:`REAL_WEIGHT`): then it is not graded (``grade`` is ``best``)."""
    worlds: dict[int, int] = field(default_factory=dict)
    """How many sampled worlds each value rests on (0 where exact; the two compared values, when
    compared again, on that comparison's worlds)."""
    loss_worlds: int = 0
    """How many worlds the played move and its strongest alternative have in common: what
    ``loss_error`` rests on (0 where exact)."""
    rival: int | None = None
    """The strongest alternative the played move is compared with (``None``: no other move)."""


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
    """A decision of the reviewed seat as the replay found it: the game, the view then, the
    legal actions, what was played, and the labels of the actions."""

    game: str
    move_number: int
    view: Any
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
                found.append(Decision(record.game, state.move_number(), state.observation(seat), legal, action, labels))
            state.apply_action(action)
    except Exception as error:
        return found, f"replay stopped after {len(found)} decisions: {type(error).__name__}: {error}"
    return found, None


def _players(record: GameRecord) -> int:
    """How many players ``record``'s game has (2 when the record does not name a game that
    loads: its replay then reports what is wrong)."""
    try:
        return games.load(record.game, **dict(record.options)).num_players()
    except Exception:
        return 2


def review_game(record: GameRecord, seat: int, budget: int = DEFAULT_BUDGET, seed: int = 0,
                progress: Progress | None = None, seconds: float | None = REVIEW_SECONDS,
                worlds: int = REVIEW_WORLDS, clock: Callable[[], float] = time.monotonic) -> Review:
    """Review ``seat``'s decisions in ``record`` against the game's advisor (see the module
    text): ``budget`` caps the worlds sampled per decision, ``seed`` is the sampling salt;
    ``worlds`` caps the worlds of every sharper comparison of the review together, and after
    ``seconds`` on ``clock`` (``None``: no limit) none goes on (see :class:`Allowance`)."""
    players = _players(record)
    if seat not in range(players):
        listed = " and ".join(", ".join(map(str, range(players))).rsplit(", ", 1))
        raise ValueError(f"no seat {seat!r}: seats are {listed}")
    found, error = decisions(record, seat)
    moves: list[MoveReview] = []
    total = len(found)
    if progress is not None:
        progress(0, total)
    if not found:  # nothing to ask the advisor (and a record of an unknown game has none)
        return Review(seat, budget, seed, (), 0, error)
    allowance = Allowance.starting(worlds, seconds, clock)
    bot = bots.advisor(record.game, budget=budget)
    # every decision's first look and the expert's choice (the hint's), then the sharper comparisons in order:
    # the time left after the first looks is what the sharper comparisons may use
    first: list[Choice] = []
    for decision in found:
        try:
            first.append(expert_choice(bot, decision.view, decision.legal, seed))
        except Exception as failure:
            error = _stopped(decision, failure)
            break
    for decision, look in zip(found, first, strict=False):
        try:
            moves.append(review_decision(bot, decision, seed, allowance, look))
        except Exception as failure:
            error = _stopped(decision, failure)
            break
        if progress is not None:
            progress(len(moves), total)
    return Review(seat, budget, seed, tuple(moves), total, error)


def _stopped(decision: Decision, failure: Exception) -> str:
    return f"review stopped at move {decision.move_number}: {type(failure).__name__}: {failure}"


@dataclass
class Allowance:
    """What a whole review may still spend on sharper comparisons: ``worlds`` (a fixed number,
    so that a review is reproducible: the same record, seat, budget and salt give the same
    grades) and, as a safety net on a slow or busy machine, a ``deadline`` on ``clock`` after
    which no comparison starts or goes on. A decision whose comparison is cut short keeps the
    error it has (its grade stays honest: ``close`` when the error does not allow one) and its
    reason says so."""

    worlds: int = REVIEW_WORLDS
    deadline: float | None = None
    clock: Callable[[], float] = time.monotonic

    @classmethod
    def starting(cls, worlds: int = REVIEW_WORLDS, seconds: float | None = REVIEW_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> Allowance:
        """An allowance of ``worlds`` and ``seconds`` from now on ``clock`` (``None``: no deadline)."""
        if worlds < 0 or (seconds is not None and not seconds >= 0):
            raise ValueError(f"the review's allowance must not be negative: {worlds} worlds, {seconds} s")
        return cls(worlds, None if seconds is None else clock() + seconds, clock)

    def out_of_time(self) -> bool:
        """Whether the deadline has passed."""
        return self.deadline is not None and self.clock() >= self.deadline

    def exhausted(self) -> bool:
        """Whether nothing is left: no worlds, or no time."""
        return self.worlds <= 0 or self.out_of_time()


@dataclass(frozen=True, slots=True)
class Choice:
    """The expert's choice at a decision (:func:`expert_choice`): ``action``, its first look
    ``found``, and, where that look left the order of its top two unsettled, ``sharper`` (their
    closer look; ``pair`` the two compared, ``limit`` the most worlds it could use)."""

    action: int
    found: Evaluation
    sharper: Evaluation | None = None
    pair: tuple[int, int] | None = None
    limit: int = 0

    @property
    def values(self) -> dict[int, float]:
        """Every legal action's value: the first look's, the compared pair's from the closer look."""
        return {**self.found.values, **(self.sharper.values if self.sharper is not None else {})}

    @property
    def errors(self) -> dict[int, float]:
        """The values' standard errors (as :attr:`values`)."""
        return {**self.found.errors, **(self.sharper.errors if self.sharper is not None else {})}


def runner_up(found: Evaluation, legal: Sequence[int], choice: int) -> int | None:
    """The strongest alternative to ``choice`` among the values measured over enough worlds
    (:data:`MIN_WORLDS`; a screened value only when none is; an action the advisor left unvalued
    never), ``None`` when there is no other."""
    others = [action for action in legal if action != choice and action in found.values]
    measured = [action for action in others if found.exact or found.worlds_of(action) >= MIN_WORLDS]
    return max(measured or others, key=lambda a: found.values[a], default=None)


def closer_look(bot: Advisor[Any], view: Any, rival: int, played: int, seed: int, first_error: float,
                budget: int, allowance: Allowance | None = None) -> Evaluation:
    """``rival`` and ``played`` compared again over fresh worlds (the advisor's ``refine`` at the
    salt ``seed``) until the grade of ``played`` against ``rival`` is settled, the error of
    their difference is :data:`REFINE_SE`, ``budget`` worlds are used, or ``allowance``'s time
    runs out. Settled is asked only once the error is below ``first_error`` (the look before)."""
    pair = (rival, played)

    def enough(sharper: Evaluation) -> bool:
        if allowance is not None and allowance.out_of_time():
            return True
        if sharper.pair_worlds(*pair) < MIN_WORLDS:
            return False
        now, error = sharper.values[rival] - sharper.values[played], sharper.difference_error(*pair)
        # settled is asked only once sharper than the first look (see the module text)
        return error < first_error and _settled(now, error)

    return bot.refine(view, pair, salt=seed, target=REFINE_SE, enough=enough, budget=budget)


def expert_choice(bot: Advisor[Any], view: Any, legal: Sequence[int], seed: int,
                  first: Evaluation | None = None) -> Choice:
    """The expert's choice at ``view``: its ``pick`` of its first look (``first``, or its
    ``evaluate`` at the salt ``seed``), and, where the grade of playing that pick against the
    runner-up (:func:`runner_up`) is not settled by the review's own rule (or rests on fewer
    than :data:`MIN_WORLDS` common worlds), the two compared again as the review would
    (:func:`closer_look`, at most :data:`HINT_WORLDS`): the choice is then the better of the two
    on the closer look. What the hint shows and what the review calls the expert's choice; a
    function of the view and the salt only (no deadline)."""
    found = bot.evaluate(view, legal, salt=seed) if first is None else first
    choice = bot.pick(view, legal, found.values)
    rival = runner_up(found, legal, choice)
    if found.exact or found.policy is not None or rival is None:
        return Choice(choice, found)
    thin = found.pair_worlds(rival, choice) < MIN_WORLDS
    gap, error = found.values[rival] - found.values[choice], found.difference_error(rival, choice)
    limit = min(HINT_WORLDS, REFINE_FACTOR * bot.budget)
    if limit <= 0 or (not thin and (error <= 0.0 or _settled(gap, error))):
        return Choice(choice, found)
    sharper = closer_look(bot, view, rival, choice, seed, math.inf if thin else error, limit)
    better = rival if sharper.values[rival] > sharper.values[choice] + TIE else choice
    return Choice(better, found, sharper, (rival, choice), limit)


def review_decision(bot: Advisor[Any], decision: Decision, seed: int, allowance: Allowance | None = None,
                    first: Evaluation | Choice | None = None) -> MoveReview:
    """Grade one decision from its view alone (``bot``, the game's advisor, gives the values,
    the budget and the choice; ``seed`` is the sampling salt; the words come from the game's
    :class:`Explainer`). ``allowance`` (``None``: the default for one decision) is what the
    sharper comparison may spend, and is charged for it; ``first`` is the advisor's evaluation
    of the decision, or its :func:`expert_choice`, when the caller already has it."""
    view, legal, played = decision.view, decision.legal, decision.played
    if played not in legal:
        raise ValueError(f"move {decision.move_number}: action {played} was not legal")
    allowance = Allowance() if allowance is None else allowance
    chosen = first if isinstance(first, Choice) else expert_choice(bot, view, legal, seed, first)
    found, values, errors = chosen.found, chosen.values, chosen.errors
    counts = {action: found.worlds_of(action) for action in legal if action in found.values}
    if chosen.sharper is not None and chosen.pair is not None:
        counts.update({action: chosen.sharper.worlds_of(action) for action in chosen.pair})
    # the expert's choice is the hint's: its pick, after a closer look of its top two when their
    # order was not settled (expert_choice)
    best = first_choice = chosen.action
    # the strongest alternative to the played move: the expert's choice, or the runner-up among
    # the values measured over enough worlds (a screened value never makes a grade by itself)
    others = [action for action in legal if action != played]
    policy = None if found.policy is None else {action: found.policy.get(action, 0.0) for action in legal}
    if policy is None:
        if played != best:
            rival: int | None = best
        elif chosen.pair is not None:  # the other of the two the expert compared again
            rival = next(action for action in chosen.pair if action != played)
        else:
            rival = runner_up(found, legal, played)
    else:  # a mix: against the best value (the mix's favourite among equals)
        rival = max(others, key=lambda a: (values[a], a == best), default=None)
    mixed = policy is not None and policy[played] >= REAL_WEIGHT
    # the values of the two compared, over their common worlds: the expert's closer look when it
    # compared these two, else the first look
    look = chosen.sharper if chosen.pair is not None and rival is not None and \
        {rival, played} == set(chosen.pair) else found
    assert look is not None
    # a played action the advisor left unvalued (poker's raise-to amounts outside its sizes) is
    # valued by the comparison below, as one with too few worlds
    compared = rival is not None and rival in look.values and played in look.values
    gap = look.values[rival] - look.values[played] if compared and rival is not None else 0.0
    gap_error = look.difference_error(rival, played) if compared and rival is not None else 0.0
    pair_worlds = look.pair_worlds(rival, played) if compared and rival is not None else 0
    # too few common worlds: the error is no estimate (over 2 equal worlds it is exactly 0)
    thin = rival is not None and (not compared or (not found.exact and pair_worlds < MIN_WORLDS))
    refined, cut = look is not found, False
    cap = min(REFINE_BUDGET, REFINE_FACTOR * bot.budget, allowance.worlds)
    # a closer look within the expert's own would only repeat it (the same fresh worlds)
    again = not refined or cap > chosen.limit
    if rival is not None and again and (thin or (gap_error > 0.0 and not _settled(gap, gap_error))):
        if allowance.exhausted():
            cut = True
        else:
            sharper = closer_look(bot, view, rival, played, seed, math.inf if thin else gap_error, cap, allowance)
            allowance.worlds -= sharper.worlds
            pair = (rival, played)
            values.update(sharper.values)
            errors.update(sharper.errors)
            counts.update({action: sharper.worlds_of(action) for action in pair})
            gap = values[rival] - values[played]
            gap_error = sharper.difference_error(rival, played)
            pair_worlds, refined = sharper.pair_worlds(rival, played), True
            thin = not sharper.exact and pair_worlds < MIN_WORLDS
            # cut short by the review's allowance (not by this decision's own cap or the floor)
            cut = thin or (not _settled(gap, gap_error) and gap_error > REFINE_SE
                           and (allowance.worlds <= 0 or allowance.out_of_time()))
    loss, loss_error = max(0.0, gap), gap_error
    grade = "best" if mixed else "close" if thin else grade_for(loss, loss_error)
    if policy is None and grade != "best" and not thin and played == best and rival is not None:
        # the sharper values are the expert's too: it would choose the rival now, and the review
        # never grades below best the move it calls the expert's choice
        best = rival
    words = explainer(decision.game)
    # a move of the mix is described for itself: no other move is "better" than one the
    # equilibrium plays (the values of a mix's moves differ only within the solve's precision)
    reason = words.reason(view, legal, played, played if mixed else best, values, decision.labels, policy)
    rival_label = "the expert's choice" if rival == first_choice else \
        f"the next best, {decision.labels.get(rival, str(rival)) if rival is not None else ''}"
    reason += _error_words(grade, played, best, loss, loss_error, pair_worlds, found.exact, refined, rival_label,
                           cut, first_choice=first_choice, thin=thin, unit=getattr(words, "unit", None))
    if policy is not None:
        reason += mix_words(words, view, legal, played, policy, decision.labels, found.opponent_off_path)
    return MoveReview(decision.move_number, words.phase(view), played, decision.labels.get(played, str(played)),
                      best, decision.labels.get(best, str(best)), values, loss, grade, reason,
                      errors, loss_error, policy, mixed, counts, pair_worlds, rival)


# -- words ---------------------------------------------------------------------------------------

def _percent(weight: float) -> str:
    """A strategy's weight as a whole percentage, never rounded to 0% or 100% unless it is."""
    if 0.0 < weight < 0.005:
        return "under 1%"
    if 0.995 <= weight < 1.0:
        return "over 99%"
    return f"{weight:.0%}"


def mix_words(words: Explainer, view: Any, legal: Sequence[int], played: int, policy: Mapping[int, float],
              labels: Mapping[int, str], opponent_off_path: bool = False) -> str:
    """What the advisor's mixed strategy ``policy`` says of the played action, in plain words:
    how often it plays it and, when that is real weight (:data:`REAL_WEIGHT`), the other moves
    of the mix and why the move is not graded. The explainer's optional ``action_words(view,
    action, label)`` names the moves (else their labels). With ``opponent_off_path`` (see
    :class:`~divided.bots.base.Evaluation`) the words say that the chances rest on a guess."""
    name = getattr(words, "action_words", None)

    def said(action: int) -> str:
        label = labels.get(action, str(action))
        return str(name(view, action, label)) if name is not None else label

    weight = policy[played]
    guess = (" Your opponent reached this point by a move the solved strategy almost never makes, so "
             "the chances to win here rest on a guess about its cards.") if opponent_off_path else ""
    if weight < REAL_WEIGHT:
        often = "never plays it" if weight <= 0.0 else f"plays it only {_percent(weight)} of the time"
        return f" The expert's solved strategy {often}, so it is graded by its value." + guess
    if weight >= 1.0 - _TIE:
        return " The expert's solved strategy always plays it here." + guess
    others = sorted((a for a in legal if a != played and policy[a] >= REAL_WEIGHT), key=lambda a: -policy[a])
    text = f" The expert's solved strategy plays it {_percent(weight)} of the time"
    if others:
        text += " (and " + ", ".join(f"{said(a)} {_percent(policy[a])}" for a in others) + ")"
        text += ": a mixed strategy, to be played at random with those weights, so that the opponent cannot read it."
        if opponent_off_path:
            text += (" Your opponent reached this point by a move the solved strategy almost never makes, so the "
                     "chances to win shown rest on a guess about its cards and can differ between the moves of "
                     "the mix; playing the mix still protects you if that move was a trap. Yours is one of its "
                     "moves, so it is not graded.")
        else:
            text += " Each move of the mix is as good as the others, so yours is not graded."
        return text
    return text + "." + guess


def _settled(gap: float, error: float) -> bool:
    """Whether the grade stays the same anywhere within :data:`SETTLED` errors of ``gap`` (the
    strongest alternative's value minus the played move's; the loss is its positive part),
    judged also at the finest resolution the review refines to (so a grade that a sharper
    comparison could change is refined, whichever way the first sample leaned)."""
    return len(_within(gap, error)) == 1


def _within(gap: float, error: float) -> set[str]:
    """The grades within :data:`SETTLED` errors of ``gap``, at this error and at the finest
    resolution the review refines to (so a grade that a sharper comparison could change is
    refined, whichever way the first sample leaned)."""
    return {grade_for(max(0.0, gap + k * SETTLED * error), e) for k in (-1, 0, 1) for e in (error, REFINE_SE)}


def _points(error: float) -> str:
    """A sampled error in points, never "0.0" (a sampled difference is never known exactly)."""
    return "less than 0.1" if error * 100 < 0.05 else f"{error * 100:.1f}"


def _error_words(grade: str, played: int, best: int, loss: float, loss_error: float, worlds: int,
                 exact: bool, refined: bool, rival_label: str, cut: bool = False, *,
                 first_choice: int | None = None, thin: bool = False, unit: str | None = None) -> str:
    """What the sampling error means for this grade (nothing where the values are exact):
    ``worlds`` is how many worlds the two values compared have in common, ``first_choice`` the
    expert's choice at its first look (what the hint showed) and ``thin`` whether the two values
    rest on fewer than :data:`MIN_WORLDS` worlds (then nothing is graded); ``unit`` is how the
    game's explainer names a hundredth of its values (its optional ``unit``: poker's values are in
    pots, so ``"% of the pot"``; ``None``: points of the chance to win)."""
    if exact:
        return ""
    first_choice = best if first_choice is None else first_choice
    if thin:
        text = (f" (Your move and {rival_label} were compared over only {worlds} sampled worlds, too few to "
                f"tell them apart, so it is not graded.)")
        return text + (" The review's time for closer looks ran out before this one was compared." if cut else "")
    text = f" (Estimated over {worlds} sampled worlds"
    if refined:
        text = f" (Your move and {rival_label} were compared again over {worlds} sampled worlds"
    if played != best or loss > 0.0:
        if unit is None:
            text += f"; the difference is {loss * 100:.1f} points, give or take {_points(loss_error)}"
        else:
            text += f"; the difference is {loss * 100:.1f}{unit}, give or take {_points(loss_error)}{unit}"
    text += ".)"
    if played == first_choice and grade != "best":
        text += (f" The expert's first look chose your move (the hint showed it), but a closer look finds "
                 f"{rival_label} better: that is the expert's choice here.")
    if grade == "close":
        line = "5-point line" if unit is None else f"line of {INACCURACY * 100:.0f}{unit}"
        text += f" A close call: within twice its error of the {line}, so it is not graded."
    elif grade == "best" and played != best:
        text += " That is within the sampling error: as good as the expert's choice."
    if cut:
        text += " The review's time for closer looks ran out before this one was settled."
    return text
