"""Expert reviews of finished games, computed in the background (``/api/games/{id}/review``).

A review grades the human's decisions of a finished game against the expert bot
(:mod:`divided.review.base`): each decision from the view the player had *then*. It takes
seconds, so it runs on a small thread pool of its own and never holds up play (with worker
processes, :mod:`divided.web.compute`, each decision is a job of the background lane); a game has at
most one job at a time (per process). Progress is kept in memory while the job runs; the
result is written to the ``reviews`` table when the job ends, so a second request (or another
worker) reads it without recomputing.

A review that breaks off keeps the decisions scored so far (``status: "failed"``); asking
again resumes it: decisions already scored are kept (each decision's numbers depend only on
the decision's view and the review's seed, so the result is the same as an uninterrupted run).
"""

from __future__ import annotations

import logging
import math
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from divided.bots import advisor
from divided.priority import run_in_background
from divided.review.base import DEFAULT_BUDGET, Allowance, MoveReview, decisions, review_decision
from divided.web.compute import ADVICE_DEADLINE, BACKGROUND, REVIEW, ComputePool
from divided.web.guards import ComputeGate
from divided.web.jobs import review_job, value_unit
from divided.web.store import GameRow, GameStore, StoredReview

logger = logging.getLogger("divided.web")

REVIEW_SEED = 0
"""The review's sampling salt (:func:`divided.bots.divided_ranks.expert.view_rng`): fixed, so reviews repeat
and the hint (which uses the same salt and budget) agrees with them."""
REVIEW_THREADS = 2


def _finite(error: float) -> float | None:
    """A standard error for JSON: ``None`` where there is none (a value over one world)."""
    return error if math.isfinite(error) else None


def move_json(move: MoveReview) -> dict[str, Any]:
    """A :class:`MoveReview` as a JSON object (``values``, ``errors``, ``worlds`` and ``policy``,
    the expert's mixed strategy where it has one, keyed by the action, as text)."""
    return {"move_number": move.move_number, "phase": move.phase, "played": move.played,
            "played_label": move.played_label, "best": move.best, "best_label": move.best_label,
            "values": {str(action): value for action, value in move.values.items()},
            "loss": move.loss, "grade": move.grade, "reason": move.reason,
            "errors": {str(action): _finite(error) for action, error in move.errors.items()},
            "worlds": {str(action): worlds for action, worlds in move.worlds.items()},
            "loss_error": _finite(move.loss_error), "loss_worlds": move.loss_worlds, "rival": move.rival,
            "policy": None if move.policy is None else {str(action): p for action, p in move.policy.items()},
            "mixed": move.mixed}


@dataclass
class _Job:
    done: int
    total: int


class ReviewJobs:
    """The review jobs of one process."""

    def __init__(self, store: GameStore, *, budget: int = DEFAULT_BUDGET, threads: int = REVIEW_THREADS,
                 seed: int = REVIEW_SEED, gate: ComputeGate | None = None,
                 compute: ComputePool | None = None) -> None:
        self.store = store
        self.compute = compute
        """Where the decisions are reviewed, one job each (``None``: on this pool's threads)."""
        self.budget = budget
        self.seed = seed
        self.gate = ComputeGate(threads, 1_000_000, 1) if gate is None else gate
        """Shared with the hints: a job takes a place when it is started (:class:`Busy` if
        there is none) and a slot while it runs."""
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="divided-review",
                                        initializer=run_in_background)
        self._jobs: dict[str, _Job] = {}
        self._cancelled: set[str] = set()
        self._lock = threading.Lock()

    def forget(self, game_ids: list[str]) -> None:
        """The games were deleted: their running jobs stop at the next decision (and what they
        would store is refused by the store, whose write checks that the game exists)."""
        with self._lock:
            for game_id in game_ids:
                if game_id in self._jobs:
                    self._cancelled.add(game_id)
                    del self._jobs[game_id]

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    def status(self, row: GameRow) -> dict[str, Any]:
        """The review of a finished game: running (with progress), done, failed or none."""
        with self._lock:
            job = self._jobs.get(row.id)
            running = None if job is None else (job.done, job.total)
        stored = self.store.get_review(row.id)
        if running is not None:
            moves = list(stored.moves) if stored is not None else []
            return self._body("running", running[0], running[1], moves, None, row.game)
        if stored is None:
            return self._body("none", 0, 0, [], None, row.game)
        return self._body(stored.status, len(stored.moves), stored.total, list(stored.moves), stored.error, row.game)

    def start(self, row: GameRow) -> dict[str, Any]:
        """Start reviewing ``row`` unless it is reviewed already or being reviewed."""
        stored = self.store.get_review(row.id)
        if stored is not None and stored.status == "done":
            return self.status(row)
        with self._lock:
            if row.id not in self._jobs:
                self.gate.reserve("review")
                done = 0 if stored is None else len(stored.moves)
                self._jobs[row.id] = _Job(done, 0 if stored is None else stored.total)
                try:
                    self._pool.submit(self._gated_run, row, stored)
                except BaseException:
                    self._jobs.pop(row.id, None)
                    self.gate.release()
                    raise
        return self.status(row)

    def _gated_run(self, row: GameRow, previous: StoredReview | None) -> None:
        with self.gate.slot():
            self._run(row, previous)

    def wait(self, timeout: float | None = None) -> None:
        """Wait for every queued job (tests)."""
        finished = threading.Event()
        self._pool.submit(finished.set)
        finished.wait(timeout)

    def _body(self, status: str, done: int, total: int, moves: list[dict[str, Any]],
              error: str | None, game: str) -> dict[str, Any]:
        """The review's state; ``unit``: how its losses read (poker: ``"% of the pot"``; ``None``:
        points of a chance to win)."""
        return {"status": status, "done": done, "total": total, "budget": self.budget,
                "moves": moves, "error": error, "unit": value_unit(game)}

    def _run(self, row: GameRow, previous: StoredReview | None) -> None:
        moves: list[dict[str, Any]] = []
        total = 0
        error: str | None = None
        try:
            kept = {m["move_number"]: m for m in previous.moves} if previous is not None else {}
            found, broken = decisions(row.record(), row.human_seat)
            if broken is not None:  # the replay's message might quote a card: say less
                logger.error("the review of game %s: %s", row.id, broken)
                error = f"the game record could not be replayed past decision {len(found)}"
            total = len(found)
            self._progress(row.id, 0, total)
            bot = advisor(row.game, budget=self.budget)
            allowance = Allowance.starting()  # the closer looks of the whole review: worlds, 5 s
            for decision in found:
                if self._is_cancelled(row.id):
                    return
                old = kept.get(decision.move_number)
                if old is not None and previous is not None and previous.budget == self.budget \
                        and previous.seed == self.seed:
                    moves.append(old)
                elif self.compute is not None and self.compute.knows(row.game):
                    left = None if allowance.deadline is None else allowance.deadline - allowance.clock()
                    graded, allowance.worlds = self.compute.run(BACKGROUND, REVIEW, review_job, decision, self.seed,
                                                                self.budget, allowance.worlds, left, key=row.id,
                                                                deadline=ADVICE_DEADLINE)
                    moves.append(move_json(graded))
                else:
                    moves.append(move_json(review_decision(bot, decision, self.seed, allowance)))
                self._progress(row.id, len(moves), total)
        except Exception as failure:
            logger.error("the review of game %s broke off", row.id, exc_info=failure)
            # the message names the move only: the exception text might quote cards
            error = f"the review stopped after {len(moves)} of {total} decisions ({type(failure).__name__})"
        finally:
            status = "done" if error is None and len(moves) == total else "failed"
            if status == "failed" and error is None:
                error = "the review stopped early"
            try:
                if not self._is_cancelled(row.id):  # the store refuses a deleted game's review too
                    self.store.put_review(StoredReview(row.id, status, self.budget, self.seed, total,
                                                       tuple(moves), error))
            except Exception as failure:
                logger.error("cannot store the review of game %s", row.id, exc_info=failure)
            with self._lock:
                if row.id in self._cancelled:
                    self._cancelled.discard(row.id)
                else:
                    self._jobs.pop(row.id, None)

    def _is_cancelled(self, game_id: str) -> bool:
        with self._lock:
            return game_id in self._cancelled

    def running(self) -> list[str]:
        """The games whose review is running or queued (tests)."""
        with self._lock:
            return list(self._jobs)

    def _progress(self, game_id: str, done: int, total: int) -> None:
        with self._lock:
            job = self._jobs.get(game_id)
            if job is not None:
                job.done, job.total = done, total

__all__ = ["REVIEW_SEED", "ReviewJobs", "move_json", "review_decision"]
