"""Start ``divided serve`` as a subprocess for the end-to-end browser tests.

The server listens on a free loopback port (``--port 0``: the kernel picks it, so there is no
race between choosing a port and binding it; the address comes from the line the server
prints), stores its games in a temporary data folder, and is always stopped: SIGTERM to its
process group, then SIGKILL if it does not exit. Its output goes to files in the data folder
(a pipe nobody reads could fill up and stall it) and is quoted when start-up fails.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
ADDRESS = re.compile(r"http://127\.0\.0\.1:(\d+)/")


@dataclass
class E2EServer:
    """A running ``divided serve``: its base URL (no trailing slash) and its process."""

    process: subprocess.Popen[bytes]
    url: str
    data_dir: Path
    stdout: Path
    stderr: Path

    def output(self) -> str:
        """The tail of what the server wrote, for failure messages."""
        parts = []
        for path in (self.stdout, self.stderr):
            with contextlib.suppress(OSError):
                parts.append(f"--- {path.name} ---\n{path.read_text(errors='replace')[-3000:]}")
        return "\n".join(parts)

    def stop(self) -> None:
        """SIGTERM the process group, wait, then SIGKILL whatever is left."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)  # anything the server left behind


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/api/games", timeout=2) as response:
            return int(response.status) == 200
    except (urllib.error.URLError, OSError):
        return False


def start_server(data_dir: Path, *, timeout: float = 30.0) -> E2EServer:
    """Start ``divided serve`` on a free loopback port and wait until ``GET /api/games`` answers."""
    data_dir.mkdir(parents=True, exist_ok=True)
    stdout, stderr = data_dir / "serve.out", data_dir / "serve.err"
    command = [sys.executable, "-m", "divided", "serve", "--host", "127.0.0.1", "--port", "0",
               "--data-dir", str(data_dir)]
    env = dict(os.environ)
    for name in ("DIVIDED_DATABASE_URL", "DIVIDED_SECRET"):
        env.pop(name, None)
    env["DIVIDED_DATA_DIR"] = str(data_dir)
    env["PYTHONUNBUFFERED"] = "1"
    with stdout.open("wb") as out, stderr.open("wb") as err:
        process = subprocess.Popen(command, stdout=out, stderr=err, stdin=subprocess.DEVNULL, env=env,
                                   cwd=ROOT, start_new_session=True)
    server = E2EServer(process, "", data_dir, stdout, stderr)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"divided serve exited with status {process.returncode}\n{server.output()}")
            if not server.url:
                found = ADDRESS.search(stdout.read_text(errors="replace"))
                if found:
                    server.url = f"http://127.0.0.1:{found.group(1)}"
            if server.url and _answers(server.url):
                return server
            time.sleep(0.05)
        raise RuntimeError(f"divided serve did not answer within {timeout:.0f} s\n{server.output()}")
    except BaseException:
        server.stop()
        raise


@contextlib.contextmanager
def running_server(data_dir: Path, *, timeout: float = 30.0) -> Iterator[E2EServer]:
    """``divided serve`` for the length of a ``with`` block; always stopped afterwards."""
    server = start_server(data_dir, timeout=timeout)
    try:
        yield server
    finally:
        server.stop()


CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium: the browser tests drive it and never download one of their own."""

# Root, no network: no sandbox, and none of Chromium's background connections.
LAUNCH_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def api(page: Page, method: str, path: str, data: dict[str, Any] | None = None) -> dict[str, Any]:
    """A JSON request from the page's browser context (its session cookie), which must succeed."""
    response = page.request.fetch(path, method=method, data=data)
    assert response.ok, f"{method} {path}: {response.status} {response.text()}"
    body: dict[str, Any] = response.json()
    return body


def new_game(page: Page, **body: Any) -> dict[str, Any]:
    """A new Divided Ranks game against the random bot, the player splitting first."""
    page.goto("/")
    return api(page, "POST", "/api/games", {"bot": "random", "first_splitter": "you", **body})

# A table page is ready for a decision (or over): the page is not busy and not pacing moves;
# `stuck` when the bot failed. And the state as the page would fetch it.
READY_JS = """() => {
  const main = document.getElementById('main');
  if (!main || main.getAttribute('aria-busy') !== 'false') return false;
  if (document.querySelector('#controls .pacing')) return false;
  const whose = document.getElementById('whose-turn').textContent.trim();
  if (whose === 'The bot is stuck') return 'stuck';
  if (whose === 'Your turn' || whose === 'Game over') return 'ready';
  return false;
}"""
FETCH_JS = """async (id) => {
  const r = await fetch('/api/games/' + encodeURIComponent(id), {credentials: 'same-origin', cache: 'no-store'});
  return await r.json();
}"""
