"""The FastAPI application of ``divided serve``.

:func:`create_app` wires the pieces: the game store (SQLite in the data folder unless a
database URL is given), the signed session cookie, the JSON API (:mod:`divided.web.api`), the
HTML pages (:mod:`divided.web.pages`, when present) and the static files. Errors under
``/api`` are always JSON ``{"error": ...}`` with a 4xx status. Every response carries security
headers; nothing is loaded from outside the app (no CDN, no API docs pages that would).

For several worker processes uvicorn imports ``divided.web.app:create_app`` as a factory and
calls it without arguments: the configuration then comes from ``$DIVIDED_DATABASE_URL``,
``$DIVIDED_DATA_DIR``, ``$DIVIDED_ALLOWED_ORIGINS``, ``$DIVIDED_ALLOWED_HOSTS``, ``$DIVIDED_LIMITS``
and ``$DIVIDED_SECRET`` (``divided serve`` sets all but the last).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import APIRouter, FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from divided.bots import make_bot
from divided.web import config
from divided.web.after import router as after_router
from divided.web.api import ApiError, BotFactory, GameService, error_response
from divided.web.api import router as api_router
from divided.web.compute import WorkerLost, shared_pool
from divided.web.guards import Busy, OriginCheckMiddleware, parse_allowed_origins
from divided.web.hosts import HostCheckMiddleware, host_rule, parse_allowed_hosts
from divided.web.sessions import SessionCodec, SessionMiddleware
from divided.web.store import GameStore
from divided.web.warm import warm_up

logger = logging.getLogger("divided.web")

STATIC_DIR = Path(__file__).resolve().parent / "static"

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'; form-action 'self'"
)
SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    ("referrer-policy", "same-origin"),
    ("cross-origin-opener-policy", "same-origin"),
    ("cross-origin-resource-policy", "same-origin"),
    ("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()"),
)


class SecurityHeadersMiddleware:
    """Adds the security headers to every HTTP response (and ``no-store`` to the API's)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = str(scope.get("path", "")).startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS:
                    if name not in headers:
                        headers.append(name, value)
                if api:
                    headers["cache-control"] = "no-store"
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _is_api(request: Request) -> bool:
    return request.url.path == "/api" or request.url.path.startswith("/api/")


_STATUS_WORDS = {
    400: "bad request",
    404: "no such endpoint",
    405: "method not allowed",
    413: "the request body is too large",
    415: "unsupported content type",
}


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return error_response(exc.status, exc.message)


async def _busy_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Busy)
    return error_response(429, exc.message, {"Retry-After": str(exc.retry_after)})


_PAGE_WORDS = {
    404: "There is no page at this address.",
    405: "This page cannot be used that way.",
}


def _html_error(request: Request, status: int, message: str) -> Response:
    """An error page in the site's style (plain text if the pages module is absent)."""
    try:
        from divided.web.pages import error_page  # type: ignore[import-not-found, unused-ignore]
    except ModuleNotFoundError as error:
        if error.name != "divided.web.pages":
            raise
        return Response(message, status_code=status, media_type="text/plain")
    response: Response = error_page(request, status, message)
    return response


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    if not _is_api(request):
        if exc.status_code >= 400:
            return _html_error(request, exc.status_code,
                               _PAGE_WORDS.get(exc.status_code) or "This page could not be shown.")
        return await http_exception_handler(request, exc)
    if exc.status_code == 404:
        message = f"no such endpoint: {request.method} {request.url.path}"
    elif exc.status_code == 405:
        message = f"method {request.method} is not allowed on {request.url.path}"
    else:
        message = _STATUS_WORDS.get(exc.status_code) or str(exc.detail)
    return error_response(exc.status_code, message, exc.headers)


def _shortened(value: object, limit: int = 40) -> str:
    """A value from the address as the error page quotes it (at most ``limit`` characters)."""
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "…"


async def _validation_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    parts = []
    for item in exc.errors()[:5]:
        where = ".".join(str(p) for p in item.get("loc", ()) if p != "body") or "request"
        parts.append(f"{where}: {item.get('msg', 'invalid')}")
    if not _is_api(request):
        found = [f"{item.get('loc', ('', '?'))[-1]}={_shortened(item.get('input', ''))}" for item in exc.errors()[:5]]
        return _html_error(request, 400, "This address has a value the page cannot use ("
                           + ", ".join(found) + "): check the link.")
    return error_response(422, "; ".join(parts) or "the request is malformed")


async def _unexpected_error(request: Request, exc: Exception) -> Response:
    logger.error("unexpected error on %s %s", request.method, request.url.path, exc_info=exc)
    if _is_api(request):
        return error_response(500, "internal error: the server could not answer (nothing was changed)")
    try:
        return _html_error(request, 500, "Something went wrong on the server. Nothing was changed: try again.")
    except Exception:  # the error page itself failed: plain words, nothing more
        return Response("Internal error", status_code=500, media_type="text/plain")


def _pages_router() -> APIRouter | None:
    """The HTML pages' router, if the pages module exists (an error inside it still raises)."""
    try:
        from divided.web.pages import router as pages_router  # type: ignore[import-not-found, unused-ignore]
    except ModuleNotFoundError as error:
        if error.name != "divided.web.pages":
            raise
        return None
    if not isinstance(pages_router, APIRouter):
        raise TypeError("divided.web.pages.router must be a FastAPI APIRouter")
    return pages_router


def create_app(database_url: str | None = None, data_dir: Path | None = None, *,
               secret: bytes | None = None, bot_timeout: float = config.BOT_TIMEOUT,
               bot_factory: BotFactory = make_bot, allowed_origins: tuple[str, ...] | None = None,
               allowed_hosts: tuple[str, ...] | None = None, limits: config.Limits | None = None,
               processes: bool = True) -> FastAPI:
    """The web app, storing games at ``database_url`` (default: SQLite in ``data_dir``).

    ``allowed_origins`` (default ``$DIVIDED_ALLOWED_ORIGINS``) are origins besides the request's
    own from which state-changing requests are accepted; ``allowed_hosts`` (default
    ``$DIVIDED_ALLOWED_HOSTS``) are the host names (or the listening address; ``0.0.0.0`` for
    any address) the app answers to besides the loopback names and the allowed origins' hosts
    (:mod:`divided.web.hosts`); ``limits`` (default: the defaults changed by ``$DIVIDED_LIMITS``)
    caps what clients may make the process compute (:class:`divided.web.config.Limits`). Bot
    moves, hints, reviews and pondering run in ``limits.compute_workers`` worker processes
    (:mod:`divided.web.compute`, shared by the apps of one process) unless ``processes`` is
    false: then on the app's own threads.
    """
    folder = config.ensure_data_dir(config.data_dir(data_dir))
    url = config.database_url(database_url, folder)
    try:
        origins = parse_allowed_origins(config.allowed_origins(allowed_origins))
    except ValueError as error:
        raise config.ConfigError(f"allowed origin: {error}") from None
    try:
        hosts = host_rule(parse_allowed_hosts(config.allowed_hosts(allowed_hosts)), origins)
    except ValueError as error:
        raise config.ConfigError(f"allowed host: {error}") from None
    warm_up()
    store = GameStore(url)
    store.create_tables()
    store.dispose()  # no idle connection is kept from start-up; requests open their own
    chosen = config.limits(limits)
    compute = None
    if processes and chosen.compute_workers:
        try:
            compute = shared_pool(chosen.compute_workers, chosen.compute_slots)
        except (OSError, WorkerLost) as error:  # no processes here (a sandbox): the threads compute
            logger.warning("no worker processes (%s): bots, hints and reviews run on the server's threads", error)
    service = GameService(store, bot_timeout=bot_timeout, bot_factory=bot_factory, limits=chosen,
                          compute=compute)
    codec = SessionCodec(secret if secret is not None else config.secret(folder))

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        yield
        service.close()
        store.dispose()

    app = FastAPI(title="Divided Ranks", docs_url=None, redoc_url=None, openapi_url=None,
                  lifespan=lifespan)
    app.state.store = store
    app.state.service = service
    app.state.data_dir = folder
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(Busy, _busy_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(Exception, _unexpected_error)
    app.include_router(api_router)
    app.include_router(after_router)
    pages = _pages_router()
    if pages is not None:
        app.include_router(pages)
    if STATIC_DIR.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    app.add_middleware(SessionMiddleware, codec=codec)
    app.add_middleware(OriginCheckMiddleware, allowed=origins)
    app.add_middleware(HostCheckMiddleware, rule=hosts)
    app.add_middleware(SecurityHeadersMiddleware)
    return app
