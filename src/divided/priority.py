"""Background threads that give way to a server's foreground work.

A web server runs bot moves (which a player waits for) next to hints, reviews and pondering
(which can wait). On Linux a thread has its own nice value, so the background pools' threads
lower theirs (:func:`run_in_background`, a pool's ``initializer``) and the scheduler gives the
cores to the move threads first when both want them, then to a bot thinking ahead, then to
hints and reviews; an idle core still runs background work at full speed. Threads a background
thread starts inherit its nice value, and a pool shared by both kinds of caller follows each
caller's (:func:`follow`). Elsewhere these do nothing.

>>> import threading
>>> found = []
>>> def job() -> None:
...     run_in_background()
...     found.append(thread_nice() >= BACKGROUND_NICE if SUPPORTED else True)
>>> worker = threading.Thread(target=job); worker.start(); worker.join()
>>> found
[True]
"""

from __future__ import annotations

import os
import sys
import threading

BACKGROUND_NICE = 10
"""How far a background thread lowers its priority by default (Linux nice 0 to 10: about a tenth
of the CPU share of a normal thread when they compete): hints and reviews."""
AHEAD_NICE = 5
"""The priority of work a player will soon wait for (a bot thinking ahead on the player's
time): below the moves (about a third of their share), above hints and reviews (three times
theirs)."""
SUPPORTED = sys.platform.startswith("linux")
"""Whether the nice value is per thread here (Linux); elsewhere it is per process, and changing
it would slow the whole server."""


def thread_nice() -> int:
    """The calling thread's nice value (0 where it is not per thread)."""
    if not SUPPORTED:
        return 0
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())


def _raise_nice(nice: int) -> None:
    """Lower the calling thread's priority to ``nice`` if it is higher (never the other way:
    without privileges it could not go back). Best effort: an OS that refuses is ignored."""
    if not SUPPORTED:
        return
    try:
        if thread_nice() < nice:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), nice)
    except OSError:  # a sandbox may forbid it; the work still runs, at normal priority
        pass


def run_in_background(nice: int = BACKGROUND_NICE) -> None:
    """Mark the calling thread as background work, at ``nice`` (see the module text)."""
    _raise_nice(nice)


def follow(nice: int) -> None:
    """Run the calling thread (a shared pool's) at ``nice`` or lower, as the caller that handed
    it work does: a helper never runs ahead of its caller."""
    _raise_nice(nice)
