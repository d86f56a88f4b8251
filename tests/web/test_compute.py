"""Heavy work runs in worker processes (:mod:`divided.web.compute`): one game's bot, however
stuck, does not hold up another game's move, and the workers' moves are the server's own."""

from __future__ import annotations

import multiprocessing
import os
import pickle
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
from compute_jobs import note, wait_for_release
from gil_bot import ARMED, RELEASE, STARTED, FreezingFactory, prepare
from webtools import client, move, store_of

from divided.priority import BACKGROUND_NICE, SUPPORTED, thread_nice
from divided.web import config
from divided.web.compute import BACKGROUND, HINT, MOVE, PLAY, PONDER, ComputePool, _serve, shared_pool

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
WATCHDOG = 90.0
"""Seconds after which a helper process frees a frozen bot whatever happens (so a failing test
ends): the test fails if that is what freed it."""


@pytest.fixture(autouse=True)
def _own_database(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(config.DATABASE_URL_ENV, raising=False)
    monkeypatch.delenv(config.DATA_DIR_ENV, raising=False)


def _watchdog(folder: Path, delay: float) -> subprocess.Popen[bytes]:
    """A process that, after ``delay`` seconds, notes that it fired and frees the frozen bot."""
    code = ("import os, sys, time; time.sleep(float(sys.argv[2])); d = sys.argv[1]; "
            "open(os.path.join(d, 'fired'), 'w').close(); "
            "fd = os.open(os.path.join(d, 'release'), os.O_WRONLY | os.O_NONBLOCK); os.write(fd, b'w')")
    return subprocess.Popen([sys.executable, "-c", code, str(folder), str(delay)])


def _release(folder: Path) -> None:
    """Free the frozen bot, if it still waits."""
    try:
        release = os.open(folder / RELEASE, os.O_WRONLY | os.O_NONBLOCK)
    except OSError:  # nobody reads: the watchdog freed it
        return
    os.write(release, b"t")
    os.close(release)


def test_a_bot_frozen_in_one_game_does_not_hold_up_a_move_in_another(tmp_path: Path) -> None:
    folder = tmp_path / "freeze"
    folder.mkdir()
    prepare(folder)
    workers = int(os.environ.get("DIVIDED_TEST_COMPUTE_WORKERS", "2"))  # 0: the server's threads
    http = client(tmp_path, processes=workers > 0, bot_factory=FreezingFactory(folder), bot_timeout=300,
                  limits=config.Limits(compute_workers=workers, ponder_queue=0))
    game_a = http.post("/api/games", json={"bot": "random", "first_splitter": "you"}).json()
    game_b = http.post("/api/games", json={"bot": "random", "first_splitter": "you"}).json()
    assert game_a["to_move"] == game_b["to_move"] == "you"
    (folder / ARMED).touch()
    answers: dict[str, httpx.Response] = {}
    moving_a = threading.Thread(target=lambda: answers.update(a=move(http, game_a, game_a["legal"][0]["action"])),
                                daemon=True)
    moving_a.start()
    listening = threading.Thread(target=lambda: (folder / STARTED).read_bytes(), daemon=True)
    listening.start()
    listening.join(120)
    assert not listening.is_alive(), "game A's bot never started"
    watchdog = _watchdog(folder, WATCHDOG)  # game A's bot is frozen now, holding its interpreter
    try:
        answer_b = move(http, game_b, game_b["legal"][0]["action"])
        assert not (folder / "fired").exists(), "game B's move waited until game A's bot was freed"
        assert answer_b.status_code == 200, answer_b.text
        assert answer_b.json()["to_move"] == "you" and answer_b.json()["bot_error"] is None
        assert moving_a.is_alive()  # game A still waits for its own bot
    finally:
        _release(folder)
        moving_a.join(120)
        watchdog.kill()
        watchdog.wait()
    assert answers["a"].status_code == 200, answers["a"].text
    assert answers["a"].json()["to_move"] == "you" and answers["a"].json()["bot_error"] is None


def _play(tmp_path: Path, processes: bool, seed: int) -> list[dict[str, Any]]:
    """A game against the expert; pondering (in the workers) only with ``processes``."""
    http = client(tmp_path, processes=processes, limits=config.Limits(ponder_queue=8 if processes else 0))
    store_of(http).seed_source = lambda: seed
    state = http.post("/api/games", json={"bot": "expert"}).json()
    seen = [state]
    while state["phase"] != "over":
        state = move(http, state, state["legal"][-1]["action"]).json()
        seen.append(state)
    return seen


@pytest.mark.slow
def test_the_workers_play_the_moves_the_server_itself_plays(tmp_path: Path) -> None:
    """The same seed and the same human moves: the same game, in a worker (pondering between
    moves) or on the server's own thread (not pondering); the Expert mixes with the game's
    random numbers in its last round."""
    for seed in (7, 20261205):
        threads = _play(tmp_path / f"threads-{seed}", False, seed)
        workers = _play(tmp_path / f"workers-{seed}", True, seed)
        strip = [{key: value for key, value in state.items() if key != "id"} for state in threads]
        assert [{key: value for key, value in state.items() if key != "id"} for state in workers] == strip


def test_a_bot_over_its_time_limit_in_a_worker_fails_the_move_and_the_next_ask_plays(tmp_path: Path) -> None:
    """The worker of a bot past its time limit is replaced (the bot stops at once); the game is
    kept with ``bot_error`` set, as on the server's own threads, and asking again plays."""
    folder = tmp_path / "freeze"
    folder.mkdir()
    prepare(folder)
    http = client(tmp_path, processes=True, bot_factory=FreezingFactory(folder), bot_timeout=2,
                  limits=config.Limits(compute_workers=2, ponder_queue=0))
    state = http.post("/api/games", json={"bot": "random", "first_splitter": "you"}).json()
    (folder / ARMED).touch()  # the bot's next move freezes its worker
    stuck = move(http, state, state["legal"][0]["action"]).json()
    assert stuck["to_move"] == "bot"
    assert stuck["bot_error"] == "the random bot did not answer within 2 seconds"
    again = http.post(f"/api/games/{stuck['id']}/bot", json={"move_number": stuck["move_number"]})
    assert again.status_code == 200, again.text
    assert again.json()["to_move"] == "you" and again.json()["bot_error"] is None


def test_a_hint_from_a_worker_is_the_one_the_server_computes(tmp_path: Path) -> None:
    seed = 20261205
    answers = []
    for processes in (False, True):
        http = client(tmp_path / str(processes), processes=processes, limits=config.Limits(ponder_queue=0))
        store_of(http).seed_source = lambda: seed
        state = http.post("/api/games", json={"bot": "expert", "first_splitter": "you", "hints": True}).json()
        hints = []
        for _ in range(3):
            hint = http.post(f"/api/games/{state['id']}/hint", json={"move_number": state["move_number"]})
            assert hint.status_code == 200, hint.text
            hints.append(hint.json())
            state = move(http, state, state["legal"][-1]["action"]).json()
        answers.append(hints)
    assert answers[0] == answers[1]
    assert len({hint["label"] for hint in answers[0]}) > 1  # three decisions, not one answer repeated


def test_a_review_in_the_workers_grades_every_decision_as_the_server_would(tmp_path: Path) -> None:
    """A review runs one decision per job in the background lane; the expert's values of each
    decision (its first look, before any closer one that a deadline may cut) are the server's."""
    from test_review_hints import finished_game, wait_review

    reviews = []
    for processes in (False, True):
        http = client(tmp_path / str(processes), processes=processes, limits=config.Limits(ponder_queue=0))
        store_of(http).seed_source = lambda: 11
        game_id = finished_game(http, seed=3, first_splitter="you")
        assert http.post(f"/api/games/{game_id}/review").status_code in (200, 202)
        review = wait_review(http, game_id, timeout=600)
        assert review["status"] == "done", review
        reviews.append(review)
    assert reviews[0]["total"] == reviews[1]["total"] == len(reviews[1]["moves"]) > 5
    for mine, theirs in zip(reviews[0]["moves"], reviews[1]["moves"], strict=True):
        assert (mine["move_number"], mine["played"], mine["best"]) == (theirs["move_number"], theirs["played"],
                                                                     theirs["best"])


@pytest.mark.skipif(not SUPPORTED, reason="priorities are per process here")
def test_the_background_workers_give_the_cores_to_the_play_workers() -> None:
    pool = shared_pool(2, 1)
    normal = thread_nice()
    assert pool.run(PLAY, MOVE, thread_nice) == normal
    assert pool.run(PLAY, PONDER, thread_nice, worker=1) == normal
    assert pool.run(BACKGROUND, HINT, thread_nice) >= max(normal, BACKGROUND_NICE)


class _Held:
    """A play worker held by a :func:`compute_jobs.wait_for_release` job (FIFOs in ``folder``)."""

    def __init__(self, folder: Path, pool: ComputePool, key: str, worker: int) -> None:
        folder.mkdir()
        os.mkfifo(folder / "started")
        os.mkfifo(folder / "release")
        self.folder = folder
        self.job = pool.submit(PLAY, MOVE, wait_for_release, str(folder), key=key, worker=worker, only_there=True)
        (folder / "started").read_bytes()  # returns once the job runs and has said so

    def release(self) -> str:
        with open(self.folder / "release", "wb") as release:  # waits for the job to listen
            release.write(b"r")
        return str(self.job.result(60))


def test_a_lane_takes_moves_first_then_pondering_one_job_per_game_at_a_time(tmp_path: Path) -> None:
    pool = ComputePool(2, 1)
    try:
        log = tmp_path / "log"
        held = _Held(tmp_path / "a", pool, "game-a", worker=0)
        # worker 1 is free: a second job of game A waits for the first; game B's runs at once
        second_a = pool.submit(PLAY, MOVE, note, str(log), "second-a", key="game-a")
        assert pool.run(PLAY, MOVE, note, str(log), "b", key="game-b", deadline=60) == "b"
        assert not second_a.running() and not second_a.done()
        assert held.release() == "released" and second_a.result(60) == "second-a"

        # both workers held: what waits is taken moves first, then pondering, each in order
        held_c = _Held(tmp_path / "c", pool, "game-c", worker=0)
        held_d = _Held(tmp_path / "d", pool, "game-d", worker=1)
        log.write_text("")
        queued = [pool.submit(PLAY, PONDER, note, str(log), "ponder-1", key="p1"),
                  pool.submit(PLAY, MOVE, note, str(log), "move-1", key="m1"),
                  pool.submit(PLAY, PONDER, note, str(log), "ponder-2", key="p2"),
                  pool.submit(PLAY, MOVE, note, str(log), "move-2", key="m2")]
        assert held_c.release() == "released"  # one worker frees up; the other stays held
        for future in queued:
            future.result(60)
        assert log.read_text().split() == ["move-1", "move-2", "ponder-1", "ponder-2"]
        assert held_d.release() == "released"
    finally:
        pool.close()


def test_a_worker_whose_server_is_gone_ends_quietly(tmp_path: Path) -> None:
    """A server killed while its worker computes (SIGKILL, a crash) closes the worker's pipe: the
    worker's answer cannot be sent, and it must end cleanly (exit code 0), not print two chained
    BrokenPipeError tracebacks to the server's terminal."""
    os.mkfifo(tmp_path / "started")
    os.mkfifo(tmp_path / "release")
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    moving, forgets = context.Value("i", 0), context.Value("i", 0)  # kept alive while the worker runs
    worker = context.Process(target=_serve, args=(theirs, moving, forgets, 0, False), daemon=True)
    worker.start()
    theirs.close()
    try:
        assert ours.poll(60), "the worker did not start"
        assert ours.recv()[0] == "ready"
        ours.send_bytes(pickle.dumps((wait_for_release, (str(tmp_path),))))
        with open(tmp_path / "started", "rb") as started:
            assert started.read(1) == b"s"  # the job runs
        ours.close()  # the server is gone
        with open(tmp_path / "release", "wb") as release:
            release.write(b"r")
        worker.join(60)
        assert worker.exitcode == 0
    finally:
        if worker.is_alive():
            worker.kill()
            worker.join(5)
