"""Background threads give way to foreground ones (Linux: per-thread nice values)."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

from divided.priority import BACKGROUND_NICE, SUPPORTED, follow, run_in_background, thread_nice

pytestmark = pytest.mark.skipif(not SUPPORTED, reason="thread priorities are per process here")


def _in_thread(work: Callable[[], int]) -> int:
    found: list[int] = []
    worker = threading.Thread(target=lambda: found.append(work()))
    worker.start()
    worker.join(timeout=30)
    return found[0]


def test_a_background_thread_lowers_only_its_own_priority() -> None:
    before = thread_nice()

    def background() -> int:
        run_in_background()
        return thread_nice()

    assert _in_thread(background) == max(before, BACKGROUND_NICE)
    assert thread_nice() == before  # the calling thread is untouched


def test_threads_started_by_a_background_thread_inherit_its_priority() -> None:
    def background() -> int:
        run_in_background()
        return _in_thread(thread_nice)

    assert _in_thread(background) >= BACKGROUND_NICE


def test_following_never_raises_a_priority() -> None:
    """A helper at background priority asked to follow a normal caller stays where it is (an
    unprivileged thread could not come back)."""

    def background_then_follow() -> int:
        run_in_background()
        follow(0)
        return thread_nice()

    assert _in_thread(background_then_follow) >= BACKGROUND_NICE

    def follow_lower() -> int:
        follow(BACKGROUND_NICE + 2)
        return thread_nice()

    assert _in_thread(follow_lower) == max(thread_nice(), BACKGROUND_NICE + 2)
