"""Heavy work off the request path: a few worker processes fed by priority queues.

A bot's move, a hint, a review's decision and a bot thinking ahead are CPU work (the Expert
solves Divided Ranks' last round: a fraction of a second of pure Python). Run on the server's
own threads they share its one interpreter lock, so every request in flight slows down with
them. Here they run in worker processes instead; the server's threads only wait for answers.

* Two **lanes**, each with its own workers and queue: ``play`` (bot moves, then pondering) at
  normal CPU priority, and ``background`` (hints, then reviews) at nice 10, so when both want a
  core the moves get it (:mod:`divided.priority`). In a lane, jobs are taken by priority
  (:data:`MOVE` < :data:`PONDER` < :data:`HINT` < :data:`REVIEW`), then in order.
* **One job per game at a time** in a lane (a job's ``key``): a game's work is serialized, and
  a request waits for its own game's work and a free worker, nothing else.
* **Affinity**: a game prefers one play worker (its id picks it), whose endgame-solver cache
  holds the game's solved last round (from its pondering or its first round-5 move); a move
  goes to another worker only when that one has been busy on one job for :data:`STEAL_AFTER`
  seconds (a stuck or long job: re-solving elsewhere costs less than waiting).
  Pondering runs only on the game's own worker, and stops before its next step while a move
  runs anywhere (:func:`may_go_on`).
* **Deadlines**: a job that runs past its deadline has its worker killed and replaced (a bot
  over its time limit stops using the CPU at once) and fails with :class:`DeadlineExceeded`.
* **Warm workers**: where ``forkserver`` exists (Linux, macOS), the fork server imports
  :mod:`divided.web.preload` once, which loads the bots' tables; every worker is forked from it
  warm (and shares those pages), and a replaced worker is ready in milliseconds. Elsewhere each
  spawned worker warms itself up.

What crosses the process boundary is small and picklable: a job is a module-level function and
its arguments (a game record, a bot's name and factory, a seed), and its answer (an action, a
hint, a review line). Caches live per worker process; data deletions (:meth:`ComputePool.forget`)
clear every worker's before it runs another job. A worker knows the games and bots registered
when it started (:meth:`ComputePool.knows`); work for anything else (a game a test registered at
run time) is done by the caller on its own thread.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from divided.priority import BACKGROUND_NICE, run_in_background

logger = logging.getLogger("divided.web")

MOVE, PONDER, HINT, REVIEW = 0, 1, 2, 3
"""Job priorities: lower first."""
_SYNC = -1
"""A worker's cache clearing after a deletion: before anything else."""
PLAY, BACKGROUND = "play", "background"
"""The lanes (see the module text)."""
START_TIMEOUT = 120.0
"""Seconds a new worker may take to say it is ready (a spawned one warms itself up)."""
PRELOAD = "divided.web.preload"
STEAL_AFTER = 1.0
"""Seconds a game's own worker may be busy on one job before another worker takes the game's
move (about twice the Expert's round-5 solve at its p95, on an idle machine)."""
ADVICE_DEADLINE = 120.0
"""Seconds a hint or one review decision may run in a worker (far beyond what one takes: a
safety net, so that a stuck computation cannot hold the background lane for ever)."""


class DeadlineExceeded(Exception):
    """A job ran past its deadline; its worker was replaced."""


class WorkerLost(Exception):
    """A worker process died during a job (it was replaced)."""


# -- the worker process ---------------------------------------------------------------------------

_moving: Any = None
_forgets: Any = None
_forgets_seen = 0


def may_go_on(forgets: int) -> bool:
    """Whether pondering begun after ``forgets`` deletions may take its next step (in a worker:
    no move is running in any worker and no data was deleted since)."""
    return _moving is not None and _moving.value == 0 and _forgets.value == forgets


def forgets_now() -> int:
    """The deletions so far, as a worker sees them."""
    return int(_forgets.value) if _forgets is not None else 0


def catalogue() -> dict[str, tuple[str, ...]]:
    """The games this process knows and each one's bots."""
    from divided.bots import names as bot_names
    from divided.web import games as web_games

    return {game: tuple(bot_names(game)) for game in web_games.names()}


def forget_caches() -> None:
    """Drop what the bots of every game cached from games in play."""
    from divided.web import games as web_games

    for game in web_games.names():
        web_games.room(game).forget_caches()


def _sync() -> None:
    """Nothing: taking this job makes a worker clear its caches if data was deleted."""


def _serve(connection: Connection, moving: Any, forgets: Any, nice: int, warm: bool) -> None:
    """A worker's loop: run each ``(function, args)`` received and send back its outcome."""
    global _moving, _forgets, _forgets_seen
    _moving, _forgets, _forgets_seen = moving, forgets, int(forgets.value)
    if nice:
        run_in_background(nice)
    if warm:
        from divided.web.warm import warm_up

        warm_up()
    try:
        connection.send(("ready", catalogue()))
    except OSError:  # the server died while this worker started
        return
    while True:
        try:
            message = connection.recv_bytes()
        except (EOFError, OSError):
            return
        if _forgets.value != _forgets_seen:
            _forgets_seen = int(_forgets.value)
            forget_caches()
        try:
            function, args = pickle.loads(message)  # here, so that a job that cannot be read fails alone
            outcome: tuple[str, Any] = ("ok", function(*args))
        except Exception as error:
            outcome = ("error", error)
        try:
            connection.send(outcome)
        except OSError:  # the server is gone (killed or crashed): nobody waits for an answer
            return
        except Exception as error:  # an answer or exception that does not pickle
            connection.send(("error", RuntimeError(f"the answer could not be sent back ({type(error).__name__})")))


# -- the server's side ------------------------------------------------------------------------------


@dataclass(order=True)
class _Job:
    priority: int
    number: int
    function: Callable[..., Any] = field(compare=False)
    args: tuple[Any, ...] = field(compare=False)
    key: str | None = field(compare=False)
    deadline: float | None = field(compare=False)
    worker: int | None = field(compare=False)
    """The worker the job prefers (``None``: any)."""
    only_there: bool = field(compare=False)
    """Whether the job runs on its preferred worker only."""
    future: Future[Any] = field(compare=False)


class _Worker:
    def __init__(self, pool: ComputePool, lane: str, index: int, nice: int) -> None:
        self.pool, self.lane, self.index, self.nice = pool, lane, index, nice
        self.process: BaseProcess | None = None
        self.connection: Connection | None = None
        self.busy = False
        self.since = 0.0
        """When its current job began (``time.monotonic``)."""

    def start(self) -> dict[str, tuple[str, ...]]:
        ours, theirs = self.pool.context.Pipe()
        process = self.pool.context.Process(
            target=_serve, args=(theirs, self.pool.moving, self.pool.forgets, self.nice, not self.pool.preloaded),
            name=f"divided-{self.lane}-{self.index}", daemon=True)
        process.start()
        theirs.close()
        self.process, self.connection = process, ours
        if not ours.poll(START_TIMEOUT):
            self.stop()
            raise WorkerLost(f"the {self.lane} worker did not start within {START_TIMEOUT:g} s")
        kind, found = ours.recv()
        assert kind == "ready"
        return dict(found)

    def stop(self) -> None:
        if self.process is not None and self.process.is_alive():
            self.process.kill()
            self.process.join(5)
        if self.connection is not None:
            self.connection.close()
        self.process = self.connection = None

    def call(self, job: _Job) -> Any:
        """Run ``job`` here; a worker past the deadline or dead is replaced."""
        if self.connection is None:
            self.start()
        assert self.connection is not None
        try:
            self.connection.send((job.function, job.args))
            answered = self.connection.poll(job.deadline)
            if answered:
                kind, value = self.connection.recv()
        except (EOFError, OSError):
            self.replace()
            raise WorkerLost(f"a {self.lane} worker stopped during a job") from None
        if not answered:
            self.replace()
            raise DeadlineExceeded(f"the job took more than {job.deadline:g} s")
        if kind == "error":
            raise value
        return value

    def replace(self) -> None:
        self.stop()
        if not self.pool.closed:
            try:
                self.start()
            except Exception:  # the next job tries again
                logger.exception("cannot restart a %s worker", self.lane)


class _Lane:
    def __init__(self, pool: ComputePool, name: str, workers: int, nice: int) -> None:
        self.name = name
        self.workers = [_Worker(pool, name, index, nice) for index in range(workers)]
        self.queue: list[_Job] = []
        self.running: set[str] = set()
        self.changed = threading.Condition()

    def take(self, worker: _Worker, now: float) -> tuple[_Job | None, float | None]:
        """The best job ``worker`` may run now (the lock held), else the seconds after which it
        may take a job it leaves now to a busy worker (``None``: when something changes)."""
        later: float | None = None
        for job in sorted(self.queue):
            if job.key is not None and job.key in self.running:
                continue
            if job.worker is not None and job.worker != worker.index:
                home = self.workers[job.worker]
                if job.only_there or not home.busy:
                    continue  # its own worker will take it
                if now - home.since < STEAL_AFTER:
                    wait = home.since + STEAL_AFTER - now
                    later = wait if later is None else min(later, wait)
                    continue
            self.queue.remove(job)
            return job, None
        return None, later


class ComputePool:
    """Worker processes in two lanes (see the module text); ``play`` and ``background`` are
    how many workers each has."""

    def __init__(self, play: int = 2, background: int = 1, *, method: str | None = None) -> None:
        if method is None:
            method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        self.context: Any = multiprocessing.get_context(method)
        self.preloaded = method == "forkserver"
        if self.preloaded:
            self.context.set_forkserver_preload([PRELOAD])
        self.moving = self.context.Value("i", 0)
        self.forgets = self.context.Value("i", 0)
        self.closed = False
        self._numbers = itertools.count()
        self.lanes = {PLAY: _Lane(self, PLAY, play, 0), BACKGROUND: _Lane(self, BACKGROUND, background,
                                                                         BACKGROUND_NICE)}
        self._known: dict[str, frozenset[str]] = {}
        self._threads: list[threading.Thread] = []
        for lane in self.lanes.values():
            for worker in lane.workers:
                found = worker.start()
                self._known = {game: frozenset(bots) for game, bots in found.items()}
                thread = threading.Thread(target=self._dispatch, args=(lane, worker), daemon=True,
                                          name=f"divided-compute-{lane.name}-{worker.index}")
                thread.start()
                self._threads.append(thread)

    def knows(self, game: str, bots: Mapping[int, str] | tuple[str | None, ...] = ()) -> bool:
        """Whether the workers know ``game`` and each of ``bots`` (names)."""
        names = bots.values() if isinstance(bots, Mapping) else bots
        known = self._known.get(game)
        return known is not None and all(name is None or name in known for name in names)

    def home(self, key: str, lane: str = PLAY) -> int:
        """The worker a game prefers (from its id)."""
        try:
            number = int(key[:8], 16)
        except ValueError:
            number = sum(key.encode())
        return number % len(self.lanes[lane].workers)

    def submit(self, lane: str, priority: int, function: Callable[..., Any], *args: Any, key: str | None = None,
               deadline: float | None = None, worker: int | None = None, only_there: bool = False) -> Future[Any]:
        """Queue ``function(*args)`` (a module-level function) in ``lane``; its future."""
        if self.closed:
            raise RuntimeError("the compute pool is closed")
        future: Future[Any] = Future()
        job = _Job(priority, next(self._numbers), function, args, key, deadline, worker, only_there, future)
        if priority == MOVE:
            with self.moving.get_lock():
                self.moving.value += 1
            future.add_done_callback(self._moved)
        chosen = self.lanes[lane]
        with chosen.changed:
            chosen.queue.append(job)
            chosen.changed.notify_all()
        return future

    def run(self, lane: str, priority: int, function: Callable[..., Any], *args: Any, key: str | None = None,
            deadline: float | None = None, worker: int | None = None) -> Any:
        """:meth:`submit` and wait for the answer (on a thread that may wait)."""
        return self.submit(lane, priority, function, *args, key=key, deadline=deadline, worker=worker).result()

    async def call(self, lane: str, priority: int, function: Callable[..., Any], *args: Any, key: str | None = None,
                   deadline: float | None = None, worker: int | None = None) -> Any:
        """:meth:`submit` and await the answer (the event loop never blocks on it)."""
        future = self.submit(lane, priority, function, *args, key=key, deadline=deadline, worker=worker)
        return await asyncio.wrap_future(future)

    def _moved(self, _future: Future[Any]) -> None:
        with self.moving.get_lock():
            self.moving.value -= 1

    def forget(self) -> None:
        """Data was deleted: every worker clears its caches before its next job (at once if
        it is idle), and pondering stops before its next step."""
        with self.forgets.get_lock():
            self.forgets.value += 1
        if self.closed:
            return
        for lane in self.lanes.values():
            for worker in lane.workers:
                self.submit(lane.name, _SYNC, _sync, worker=worker.index, only_there=True)

    def _dispatch(self, lane: _Lane, worker: _Worker) -> None:
        while True:
            with lane.changed:
                job, later = lane.take(worker, time.monotonic())
                while job is None and not self.closed:
                    lane.changed.wait(later)
                    job, later = lane.take(worker, time.monotonic())
                if job is None:
                    return
                if job.key is not None:
                    lane.running.add(job.key)
                worker.busy, worker.since = True, time.monotonic()
            try:
                if job.future.set_running_or_notify_cancel():
                    try:
                        job.future.set_result(worker.call(job))
                    except BaseException as error:
                        job.future.set_exception(error)
            finally:
                with lane.changed:
                    worker.busy = False
                    if job.key is not None:
                        lane.running.discard(job.key)
                    lane.changed.notify_all()

    def queued(self, lane: str = PLAY) -> int:
        """Jobs waiting in ``lane`` (tests, the benchmark)."""
        with self.lanes[lane].changed:
            return len(self.lanes[lane].queue)

    def close(self) -> None:
        """Stop the workers; queued jobs are cancelled, running ones fail."""
        self.closed = True
        for lane in self.lanes.values():
            with lane.changed:
                for job in lane.queue:
                    job.future.cancel()
                lane.queue.clear()
                lane.changed.notify_all()
            for worker in lane.workers:
                worker.stop()


_shared: dict[tuple[int, int], ComputePool] = {}
_shared_lock = threading.Lock()


def shared_pool(play: int, background: int) -> ComputePool:
    """The process's pool of that shape, started on first use and kept until exit (several apps
    in one process, as in tests, share it)."""
    with _shared_lock:
        pool = _shared.get((play, background))
        if pool is None or pool.closed:
            pool = _shared[(play, background)] = ComputePool(play, background)
        return pool


def cpu_count() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


__all__ = ["ADVICE_DEADLINE", "BACKGROUND", "HINT", "MOVE", "PLAY", "PONDER", "REVIEW", "ComputePool", "DeadlineExceeded",
           "WorkerLost", "catalogue", "cpu_count", "forget_caches", "forgets_now", "may_go_on", "shared_pool"]
