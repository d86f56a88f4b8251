"""Where the games run: in this process, in local worker processes, or on Ray.

An executor takes chunks of games (:class:`~divided.sim.play.ChunkTask`) and yields each chunk's
game lines as soon as it is finished (in completion order; every line carries its game number).
Results never depend on the executor: every game is fixed by its plan and number alone.

* :class:`SerialExecutor`: one chunk after the other, in this process.
* :class:`ProcessExecutor`: a :class:`concurrent.futures.ProcessPoolExecutor` of ``workers``
  processes (started with ``spawn``, so nothing of the parent's threads is inherited). Workers
  ignore Ctrl-C; the parent stops handing out chunks and keeps what is finished.
* :class:`RayExecutor`: Ray tasks on a local instance or a cluster. ``ray`` is imported only
  here, when this executor is made.
"""

from __future__ import annotations

import logging
import math
import multiprocessing
import os
import signal
import socket
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from types import TracebackType
from typing import Any

from divided.errors import DividedError
from divided.sim.plan import LabError
from divided.sim.play import ChunkTask, GameLine, play_chunk

MAX_CHUNK = 100
"""At most this many games per chunk: a chunk is the unit of progress and of work lost to Ctrl-C."""


def cpu_count() -> int:
    """Cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def chunk(indices: Sequence[int], workers: int) -> list[tuple[int, ...]]:
    """Game numbers cut into chunks: about eight per worker, at most :data:`MAX_CHUNK` games each."""
    if not indices:
        return []
    size = max(1, min(MAX_CHUNK, math.ceil(len(indices) / (8 * max(1, workers)))))
    return [tuple(indices[i : i + size]) for i in range(0, len(indices), size)]


class Executor(ABC):
    """Runs chunks of games; use as a context manager."""

    name = "executor"
    workers = 1

    @abstractmethod
    def map(self, tasks: Sequence[ChunkTask]) -> Iterator[list[GameLine]]:
        """Each task's game lines, as soon as they are ready."""

    def cancel(self) -> None:  # noqa: B027 (nothing to stop by default)
        """Stop work not yet started (after Ctrl-C or an error)."""

    def close(self) -> None:  # noqa: B027 (nothing to release by default)
        """Release workers."""

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if error is not None:
            self.cancel()
        self.close()


class SerialExecutor(Executor):
    """Plays every chunk in this process, one after the other."""

    name = "serial"

    def map(self, tasks: Sequence[ChunkTask]) -> Iterator[list[GameLine]]:
        for task in tasks:
            yield play_chunk(task)


def _ignore_interrupt() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class ProcessExecutor(Executor):
    """Plays chunks in ``workers`` local processes."""

    name = "local"

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise LabError(f"--workers must be at least 1, got {workers}")
        self.workers = workers
        self._pool = ProcessPoolExecutor(
            max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
            initializer=_ignore_interrupt,
        )
        self._futures: list[Future[list[GameLine]]] = []

    def map(self, tasks: Sequence[ChunkTask]) -> Iterator[list[GameLine]]:
        # At most a few chunks per worker in flight: finished results are handed on and
        # dropped at once instead of piling up in futures.
        queue = iter(tasks)
        self._futures = []

        def fill() -> None:
            while len(self._futures) < 4 * self.workers:
                task = next(queue, None)
                if task is None:
                    return
                self._futures.append(self._pool.submit(play_chunk, task))

        fill()
        try:
            while self._futures:
                done, _ = wait(self._futures, return_when=FIRST_COMPLETED)
                self._futures = [f for f in self._futures if f not in done]
                for future in done:
                    yield future.result()
                fill()
        except BrokenProcessPool as error:
            raise LabError(f"a worker process died ({error}); finished games are kept") from None

    def cancel(self) -> None:
        for future in self._futures:
            future.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


def _host_port(address: str) -> tuple[str, int] | None:
    """Host and port of a Ray address that names one (``host:port`` or ``ray://host[:port]``)."""
    text = address
    default_port = 6379
    if text.startswith("ray://"):
        text, default_port = text[len("ray://"):], 10001
    if text in ("auto", "local") or "://" in text:
        return None
    host, sep, port = text.rpartition(":")
    if not sep:
        return text, default_port
    try:
        return host.strip("[]"), int(port)
    except ValueError:
        raise LabError(f"cannot read the Ray address {address!r}: write HOST:PORT, ray://HOST:PORT, auto or local") from None


def check_reachable(address: str, timeout: float) -> None:
    """Fail fast, with a clear message, when nothing answers at a Ray address."""
    target = _host_port(address)
    if target is None:
        return
    host, port = target
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except OSError as error:
        reason = "no answer" if isinstance(error, TimeoutError) else (error.strerror or str(error))
        raise LabError(
            f"no Ray cluster answers at {address!r} (tried for up to {timeout:g} s: {reason}); "
            "start one with 'ray start --head', or use --backend ray --address local"
        ) from None


class RayExecutor(Executor):
    """Plays chunks as Ray tasks.

    ``address`` is passed to ``ray.init``: ``local`` (the default) starts a private local
    instance with ``workers`` CPUs; ``auto``, ``HOST:PORT`` or ``ray://HOST:PORT`` joins a
    running cluster, which must have this package installed. A Ray session that is already
    running in this process is used as it is and left running.
    """

    name = "ray"

    def __init__(self, address: str | None = "local", workers: int | None = None,
                 timeout: float = 10.0) -> None:
        try:
            import ray
        except ImportError:
            raise LabError("the Ray backend needs Ray: pip install 'divided[ray]'") from None
        self._ray: Any = ray
        self._started = False
        self._pending: list[Any] = []
        address = address or "local"
        if not ray.is_initialized():
            check_reachable(address, timeout)
            options: dict[str, Any] = {"address": address, "log_to_driver": False,
                                       "logging_level": logging.ERROR, "include_dashboard": False}
            if address == "local" and workers is not None:
                options["num_cpus"] = workers
            try:
                ray.init(**options)
            except (ConnectionError, RuntimeError, ValueError, TimeoutError) as error:
                first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
                raise LabError(f"cannot start or join Ray at {address!r}: {first}") from None
            self._started = True
        resources: dict[str, float] = self._ray.cluster_resources()
        self.workers = max(1, int(resources.get("CPU", 1)))
        self._remote = ray.remote(play_chunk)

    def map(self, tasks: Sequence[ChunkTask]) -> Iterator[list[GameLine]]:
        ray = self._ray
        self._pending = [self._remote.remote(task) for task in tasks]
        while self._pending:
            done, self._pending = ray.wait(self._pending, num_returns=1)
            for reference in done:
                try:
                    lines: list[GameLine] = ray.get(reference)
                except ray.exceptions.RayTaskError as error:
                    cause = getattr(error, "cause", None)
                    if isinstance(cause, DividedError):
                        raise cause from None
                    raise LabError(f"a Ray task failed: {str(error).strip().splitlines()[0]}") from None
                yield lines

    def cancel(self) -> None:
        for reference in self._pending:
            self._ray.cancel(reference)
        self._pending = []

    def close(self) -> None:
        if self._started:
            self._ray.shutdown()
            self._started = False


def make_executor(backend: str = "local", workers: int | None = None, address: str | None = None) -> Executor:
    """The executor a command line asks for: ``local`` with ``workers`` (1 = in this process)
    or ``ray`` at ``address``."""
    if backend == "local":
        if address is not None:
            raise LabError("--address is for --backend ray")
        count = cpu_count() if workers is None else workers
        if count < 1:
            raise LabError(f"--workers must be at least 1, got {count}")
        return SerialExecutor() if count == 1 else ProcessExecutor(count)
    if backend == "ray":
        if workers is not None and workers < 1:
            raise LabError(f"--workers must be at least 1, got {workers}")
        return RayExecutor(address, workers)
    raise LabError(f"unknown backend {backend!r}; use local or ray")
