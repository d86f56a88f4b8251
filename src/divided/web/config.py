"""Where the web app keeps its data, which database it uses, and its signing secret.

* The data folder: ``--data-dir``, else ``$DIVIDED_DATA_DIR``, else ``~/.local/share/divided``.
* The database: ``--database-url``, else ``$DIVIDED_DATABASE_URL``, else the SQLite file
  ``divided.sqlite3`` in the data folder.
* The cookie-signing secret: ``$DIVIDED_SECRET``, else a random secret created once in the
  data folder (file ``secret``, mode 0600) and reused by every later start and every worker.

>>> database_url(None, Path("/tmp/x"), environ={})
'sqlite:////tmp/x/divided.sqlite3'
>>> is_sqlite("sqlite:////tmp/x/divided.sqlite3"), is_sqlite("postgresql+psycopg://db/divided")
(True, False)
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from divided.errors import DividedError

DATA_DIR_ENV = "DIVIDED_DATA_DIR"
DATABASE_URL_ENV = "DIVIDED_DATABASE_URL"
SECRET_ENV = "DIVIDED_SECRET"
ALLOWED_ORIGINS_ENV = "DIVIDED_ALLOWED_ORIGINS"
ALLOWED_HOSTS_ENV = "DIVIDED_ALLOWED_HOSTS"
LIMITS_ENV = "DIVIDED_LIMITS"
DATABASE_FILE = "divided.sqlite3"
SECRET_FILE = "secret"
BOT_TIMEOUT = 5.0
"""Seconds a bot may think about one move before the move counts as failed (the game is kept)."""


class ConfigError(DividedError):
    """The web app cannot use the configured data folder, database or secret."""


@dataclass(frozen=True, slots=True)
class Limits:
    """How much one process lets clients make it compute (docs/web-api.md, *Limits*).

    Every figure is per process: with ``--workers N`` each worker has its own gate and buckets.
    """

    compute_slots: int = 1
    """Hint and review computations running at once (a pool apart from the moves')."""
    compute_queue: int = 2
    """Hint and review computations waiting for a slot; beyond them: 429."""
    retry_after: int = 2
    """Seconds a refused hint or review is told to wait (``Retry-After``)."""
    hints_burst: int = 60
    """Hint requests (cached or not) one client address may send at once ..."""
    hints_per_second: float = 2.0
    """... and then per second."""
    games_burst: int = 120
    """Games one client address may create at once ..."""
    games_per_second: float = 1.0
    """... and then per second."""
    feedback_burst: int = 10
    """Feedback messages one client address may send at once ..."""
    feedback_per_second: float = 0.1
    """... and then per second (one every ten seconds)."""
    move_threads: int = 4
    """Requests that may run a bot (create, move, bot retry) at once on the server's own threads
    (no worker processes); others queue. With workers, up to 64 requests wait for them at once."""
    ponder_queue: int = 8
    """Games whose bots may think ahead on the player's time (one thread), at most; beyond
    them a game's bot does not ponder (0: never)."""
    compute_workers: int = 2
    """Worker processes that compute the bots' moves and pondering (:mod:`divided.web.compute`);
    hints and reviews get ``compute_slots`` more, at a lower priority. 0: no worker processes,
    the server's own threads compute (as they do anyway for a game or bot the workers do not
    know)."""


def parse_limits(text: str, base: Limits | None = None) -> Limits:
    """``base`` (default :class:`Limits`) with the changes ``name=value,name=value`` in ``text``;
    ConfigError for an unknown name or a value that is not a positive number.

    >>> parse_limits("compute_slots=2, hints_per_second=0.5").compute_slots
    2
    """
    figures: dict[str, int | float] = {}
    kinds = {name: type(getattr(Limits(), name)) for name in Limits.__dataclass_fields__}
    for item in text.split(","):
        if not item.strip():
            continue
        name, _, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if name not in kinds:
            raise ConfigError(f"unknown limit {name!r}: the limits are {', '.join(kinds)}")
        try:
            number = kinds[name](value.strip())
        except ValueError:
            raise ConfigError(f"limit {name} must be {'a whole' if kinds[name] is int else 'a'} number, "
                              f"not {value.strip()!r}") from None
        if not number >= (0 if name in ("compute_queue", "ponder_queue", "compute_workers") else 1 if kinds[name] is int else 1e-9):
            raise ConfigError(f"limit {name} is out of range: {value.strip()}")
        figures[name] = number
    current = Limits() if base is None else base
    return Limits(**{**{name: getattr(current, name) for name in kinds}, **figures})


def limits(explicit: Limits | None = None, environ: Mapping[str, str] | None = None) -> Limits:
    """The limits: ``explicit``, else :class:`Limits` changed by ``$DIVIDED_LIMITS``."""
    env = os.environ if environ is None else environ
    if explicit is not None:
        return explicit
    return parse_limits(env.get(LIMITS_ENV, ""))


def allowed_origins(explicit: tuple[str, ...] | None = None,
                    environ: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The configured extra origins: ``explicit``, else ``$DIVIDED_ALLOWED_ORIGINS`` (commas)."""
    env = os.environ if environ is None else environ
    if explicit is not None:
        return explicit
    configured = env.get(ALLOWED_ORIGINS_ENV, "")
    return tuple(item.strip() for item in configured.split(",") if item.strip())


def allowed_hosts(explicit: tuple[str, ...] | None = None,
                  environ: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The host names the server answers to besides the loopback names and the allowed
    origins' hosts (:mod:`divided.web.hosts`): ``explicit``, else ``$DIVIDED_ALLOWED_HOSTS``
    (commas; ``divided serve`` puts its ``--host`` and ``--allowed-host`` values there)."""
    env = os.environ if environ is None else environ
    if explicit is not None:
        return explicit
    configured = env.get(ALLOWED_HOSTS_ENV, "")
    return tuple(item.strip() for item in configured.split(",") if item.strip())


def data_dir(explicit: Path | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The data folder (not created here)."""
    env = os.environ if environ is None else environ
    if explicit is not None:
        return Path(explicit).expanduser()
    configured = env.get(DATA_DIR_ENV)
    if configured:
        return Path(configured).expanduser()
    return Path.home() / ".local" / "share" / "divided"


def database_url(explicit: str | None, folder: Path, environ: Mapping[str, str] | None = None) -> str:
    """The SQLAlchemy database URL to use."""
    env = os.environ if environ is None else environ
    if explicit:
        return explicit
    configured = env.get(DATABASE_URL_ENV)
    if configured:
        return configured
    return f"sqlite:///{(folder / DATABASE_FILE).as_posix()}"


def is_sqlite(url: str) -> bool:
    """Whether a database URL names SQLite (any driver)."""
    return url.split(":", 1)[0].split("+", 1)[0].strip().lower() == "sqlite"


def ensure_data_dir(folder: Path) -> Path:
    """Create the data folder (private to the user) if it does not exist."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as error:
        raise ConfigError(f"cannot create the data folder {folder}: {error.strerror}") from None
    if not folder.is_dir():
        raise ConfigError(f"the data folder {folder} is not a folder")
    return folder


def secret(folder: Path, environ: Mapping[str, str] | None = None) -> bytes:
    """The cookie-signing secret: ``$DIVIDED_SECRET`` or the one stored in the data folder.

    The stored secret file is created exclusively (mode 0600), so two workers starting together
    end up with the same secret; a reader that finds it still empty waits for the writer.
    """
    env = os.environ if environ is None else environ
    configured = env.get(SECRET_ENV)
    if configured:
        if len(configured) < 16:
            raise ConfigError(f"${SECRET_ENV} is too short to be a secret: use at least 16 characters")
        return configured.encode()
    ensure_data_dir(folder)
    path = folder / SECRET_FILE
    for _ in range(50):
        try:
            text = path.read_text(encoding="ascii").strip()
        except FileNotFoundError:
            text = ""
        except OSError as error:
            raise ConfigError(f"cannot read the secret file {path}: {error.strerror}") from None
        if text:
            return text.encode()
        if not path.exists():
            _create_secret(path)
        else:  # another process is writing it: wait and read again
            time.sleep(0.02)
    raise ConfigError(f"the secret file {path} is empty; delete it to have a new one made")


def _create_secret(path: Path) -> None:
    """Create the secret file exclusively; if another process created it first, keep theirs."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    except OSError as error:
        raise ConfigError(f"cannot create the secret file {path}: {error.strerror}") from None
    with os.fdopen(descriptor, "w", encoding="ascii") as handle:
        handle.write(secrets.token_urlsafe(48) + "\n")
