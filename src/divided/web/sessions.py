"""Browser sessions: an unguessable id in a signed cookie.

The cookie ``divided_session`` holds a random id (256 bits) signed with the app's secret
(itsdangerous), HttpOnly and SameSite=Lax. A request without a valid cookie gets a new
session, and the response sets the cookie. Handlers read the id with :func:`session_id`.
Games belong to the session that created them; the API answers another session's game
exactly as a game that does not exist.
"""

from __future__ import annotations

import secrets
from http.cookies import SimpleCookie

from itsdangerous import BadSignature, Signer
from starlette.datastructures import MutableHeaders
from starlette.requests import HTTPConnection, cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

COOKIE_NAME = "divided_session"
COOKIE_MAX_AGE = 400 * 24 * 3600  # the longest browsers keep a cookie
_SALT = "divided-session-cookie"


def new_session_id() -> str:
    """A fresh, unguessable session id."""
    return secrets.token_urlsafe(32)


class SessionCodec:
    """Signs session ids into cookie values and checks them back."""

    def __init__(self, secret: bytes) -> None:
        self._signer = Signer(secret, salt=_SALT)

    def encode(self, session: str) -> str:
        return self._signer.sign(session).decode("ascii")

    def decode(self, value: str | None) -> str | None:
        """The session id of a cookie value, or ``None`` if it is missing, forged or malformed."""
        if not value:
            return None
        try:
            session = self._signer.unsign(value).decode("ascii")
        except (BadSignature, UnicodeDecodeError):
            return None
        return session if 16 <= len(session) <= 64 else None


class SessionMiddleware:
    """Pure ASGI middleware: puts the session id in ``scope["state"]`` and sets new cookies."""

    def __init__(self, app: ASGIApp, codec: SessionCodec) -> None:
        self.app = app
        self.codec = codec

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        raw = None
        for name, value in scope.get("headers", ()):
            if name == b"cookie":
                raw = cookie_parser(value.decode("latin-1")).get(COOKIE_NAME)
                if raw is not None:
                    break
        session = self.codec.decode(raw)
        fresh = session is None
        if session is None:
            session = new_session_id()
        scope.setdefault("state", {})["session_id"] = session
        if not fresh:
            await self.app(scope, receive, send)
            return
        secure = scope.get("scheme") == "https"
        cookie = self._cookie(session, secure)

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message).append("set-cookie", cookie)
            await send(message)

        await self.app(scope, receive, send_with_cookie)

    def _cookie(self, session: str, secure: bool) -> str:
        jar: SimpleCookie = SimpleCookie()
        jar[COOKIE_NAME] = self.codec.encode(session)
        morsel = jar[COOKIE_NAME]
        morsel["path"] = "/"
        morsel["max-age"] = str(COOKIE_MAX_AGE)
        morsel["httponly"] = True
        morsel["samesite"] = "Lax"
        if secure:
            morsel["secure"] = True
        return morsel.OutputString()


def session_id(connection: HTTPConnection) -> str:
    """The session id of a request (set by :class:`SessionMiddleware`)."""
    session = connection.scope.get("state", {}).get("session_id")
    if not isinstance(session, str):
        raise RuntimeError("no session: the app must be wrapped in SessionMiddleware")
    return session
