"""Protections of the web app against other sites and greedy clients.

* :class:`OriginCheckMiddleware` refuses (403) a state-changing request (POST, PUT, PATCH,
  DELETE) whose ``Origin`` header — or, without one, ``Referer`` — names another origin than
  the request's own (its scheme and ``Host`` header) or one of the allowed origins
  (``--allowed-origin``, for a server behind a proxy that changes the scheme or host). A
  request with neither header (curl, API clients) is let through: browsers send ``Origin`` on
  every cross-site POST.
* :class:`RateLimiter`: token buckets per client address, in memory (game creation, feedback).
* :class:`ComputeGate`: a process-wide cap on expensive computations (hints and reviews):
  ``slots`` run at once, ``queue`` more wait, and beyond that the request is refused
  (:class:`Busy`, answered 429 with ``Retry-After``).

All of this state is per process: with ``--workers N`` each worker has its own buckets and its
own gate, so the limits a client meets are up to N times the configured ones.

>>> normalise_origin("HTTPS://Example.org:443/"), normalise_origin("http://[::1]:8000")
('https://example.org', 'http://[::1]:8000')
"""

from __future__ import annotations

import json
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def normalise_origin(text: str) -> str:
    """``scheme://host[:port]`` in lower case, the default port dropped; ValueError if ``text``
    is not an http(s) origin (a path, query or user part is refused, a lone ``/`` allowed)."""
    parts = urlsplit(text.strip())
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise ValueError(f"{text!r} is not an origin: write it as https://host[:port]")
    if parts.username or parts.password or parts.query or parts.fragment or parts.path not in ("", "/"):
        raise ValueError(f"{text!r} is not an origin: write only https://host[:port], no path")
    try:
        host, port = parts.hostname, parts.port
    except ValueError:
        raise ValueError(f"{text!r} has a malformed port") from None
    if not host:
        raise ValueError(f"{text!r} names no host")
    shown = f"[{host}]" if ":" in host else host
    if port is None or port == _DEFAULT_PORTS[scheme]:
        return f"{scheme}://{shown}"
    return f"{scheme}://{shown}:{port}"


def parse_allowed_origins(values: Iterable[str]) -> frozenset[str]:
    """The allowed origins from settings: each value may be a comma-separated list."""
    found: set[str] = set()
    for value in values:
        for item in value.split(","):
            if item.strip():
                found.add(normalise_origin(item))
    return frozenset(found)


def _own_origin(scope: Scope) -> str | None:
    host = None
    for name, value in scope.get("headers", ()):
        if name == b"host":
            host = value.decode("latin-1")
            break
    if not host:
        return None
    try:
        return normalise_origin(f"{scope.get('scheme', 'http')}://{host}")
    except ValueError:
        return None


def _claimed_origin(scope: Scope) -> str | None:
    """What the request says it comes from: ``Origin``, else the origin of ``Referer``;
    ``None`` when it says nothing, ``"null"`` when the browser hides it or it is malformed."""
    origin = referer = None
    for name, value in scope.get("headers", ()):
        if name == b"origin":
            origin = value.decode("latin-1")
        elif name == b"referer":
            referer = value.decode("latin-1")
    if origin is not None:
        try:
            return normalise_origin(origin)
        except ValueError:
            return "null"
    if referer is not None:
        try:  # urlsplit itself refuses some malformed addresses ("http://[::1")
            parts = urlsplit(referer.strip())
            return normalise_origin(f"{parts.scheme}://{parts.netloc}")
        except ValueError:
            return "null"
    return None


class OriginCheckMiddleware:
    """Pure ASGI middleware: a cross-site state-changing request is answered 403 untouched."""

    def __init__(self, app: ASGIApp, allowed: frozenset[str] = frozenset()) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method", "GET") in SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        claimed = _claimed_origin(scope)
        if claimed is None or claimed in self.allowed or claimed == _own_origin(scope):
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        message = (f"cross-site request refused: the request comes from {claimed}, not from this "
                   "site (nothing was changed)")
        if path == "/api" or path.startswith("/api/"):
            body, media = json.dumps({"error": message}).encode(), b"application/json"
        else:
            body, media = message.encode(), b"text/plain; charset=utf-8"
        await send({"type": "http.response.start", "status": 403,
                    "headers": [(b"content-type", media), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


# -- text from players -------------------------------------------------------------------------

BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
"""The bidirectional embeddings, overrides and isolates (U+202A-202E, U+2066-2069)."""


def refused_character(text: str) -> str | None:
    r"""The first character a player's text may not hold, written as ``U+XXXX`` (``None`` if
    all is well): every C0 and C1 control character but tab and newline, DEL, the
    bidirectional controls, and lone surrogates (halves of a UTF-16 pair, not characters; no
    database can store them).

    >>> refused_character("fine\ttext\n"), refused_character("a\x1b[2J"), refused_character("\u202e")
    (None, 'U+001B', 'U+202E')
    >>> refused_character("\U0001f44d"), refused_character("x\ud800")
    (None, 'U+D800')
    """
    for char in text:
        code = ord(char)
        if ((code < 0x20 and char not in "\t\n") or 0x7F <= code <= 0x9F or char in BIDI_CONTROLS
                or 0xD800 <= code <= 0xDFFF):
            return f"U+{code:04X}"
    return None


def clean_text(text: str, name: str) -> str:
    r"""``text`` with ``\r\n`` made ``\n``; ValueError naming the first refused character."""
    text = text.replace("\r\n", "\n")
    refused = refused_character(text)
    if refused is not None:
        kind = "lone surrogate" if refused.startswith("U+D") else "control character"
        raise ValueError(f"{name} holds the {kind} {refused}, which is not allowed "
                         "(only letters, punctuation, spaces, tabs and line breaks)")
    return text


def printable(text: str, *, newlines: bool = False) -> str:
    r"""``text`` safe to print on a terminal: each unprintable character (controls, format and
    bidirectional characters, unusual spaces) is written as an escape (``\x1b``, ``\u202e``);
    tabs, and line breaks when ``newlines``, are kept.

    >>> printable("a\x1b[2Jb\r\u202e\x00")
    'a\\x1b[2Jb\\r\\u202e\\x00'
    """
    out = []
    for char in text:
        if char.isprintable() or char == "\t" or (newlines and char == "\n"):
            out.append(char)
        else:
            out.append(repr(char)[1:-1] if ord(char) < 0x100 else f"\\u{ord(char):04x}"
                       if ord(char) < 0x10000 else f"\\U{ord(char):08x}")
    return "".join(out)


# -- limits -----------------------------------------------------------------------------------


class Busy(Exception):
    """Too many requests: try again after ``retry_after`` seconds (answered 429)."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.message = message
        self.retry_after = max(1, retry_after)


@dataclass(frozen=True, slots=True)
class Bucket:
    """A token bucket: ``burst`` requests at once, then one more every ``1 / rate`` seconds."""

    burst: int
    rate: float

    def __post_init__(self) -> None:
        if self.burst < 1 or not self.rate > 0:
            raise ValueError(f"a bucket needs burst >= 1 and rate > 0, got {self.burst}, {self.rate}")


class RateLimiter:
    """Token buckets keyed by client address, in memory (the oldest keys are forgotten first
    beyond ``keys``; a forgotten key starts again with a full bucket)."""

    def __init__(self, bucket: Bucket, what: str, *, keys: int = 10_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.bucket = bucket
        self.what = what
        self.keys = keys
        self.clock = clock
        self._levels: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, key: str) -> None:
        """Spend one token of ``key``'s bucket, or raise :class:`Busy`."""
        now = self.clock()
        with self._lock:
            tokens, then = self._levels.pop(key, (float(self.bucket.burst), now))
            tokens = min(float(self.bucket.burst), tokens + (now - then) * self.bucket.rate)
            if tokens < 1.0:
                self._levels[key] = (tokens, now)
                wait = math.ceil((1.0 - tokens) / self.bucket.rate)
                raise Busy(f"too many {self.what} from this address: try again in {wait} s", wait)
            self._levels[key] = (tokens - 1.0, now)
            while len(self._levels) > self.keys:
                self._levels.popitem(last=False)


class ComputeGate:
    """At most ``slots`` computations at once in this process and ``queue`` more waiting."""

    def __init__(self, slots: int, queue: int, retry_after: int) -> None:
        if slots < 1 or queue < 0:
            raise ValueError(f"a gate needs slots >= 1 and queue >= 0, got {slots}, {queue}")
        self.slots = slots
        self.queue = queue
        self.retry_after = retry_after
        self._running = threading.Semaphore(slots)
        self._admitted = 0
        self._lock = threading.Lock()

    @property
    def admitted(self) -> int:
        """Computations running or waiting now."""
        with self._lock:
            return self._admitted

    def reserve(self, what: str) -> None:
        """Take a place (running or waiting), or raise :class:`Busy` when all are taken."""
        with self._lock:
            if self._admitted >= self.slots + self.queue:
                raise Busy(f"the server is busy computing {what}s for other players: try again in "
                           f"{self.retry_after} s", self.retry_after)
            self._admitted += 1

    def release(self) -> None:
        """Give back a place taken by :meth:`reserve` (when the work is done or abandoned)."""
        with self._lock:
            self._admitted -= 1

    @contextmanager
    def slot(self) -> Iterator[None]:
        """Run a reserved computation: wait for a free slot, and give the place back after."""
        try:
            with self._running:
                yield
        finally:
            self.release()


__all__ = ["Bucket", "Busy", "ComputeGate", "OriginCheckMiddleware", "RateLimiter", "clean_text",
           "normalise_origin", "parse_allowed_origins", "printable", "refused_character"]
