"""The ``Host`` check: the app answers only under its own names (against DNS rebinding).

A page of another site can make its own host name resolve to this server's address (DNS
rebinding); the browser then treats the server as that site, sends it requests with
``Host: evil.example`` and a matching ``Origin``, and lets the page read the answers. Checking
``Host`` stops it: :class:`HostCheckMiddleware` answers 400 to every request (``GET`` too) whose
host name is not allowed by the :class:`HostRule`.

Allowed are the loopback names (``localhost``, ``127.0.0.1``, ``::1``), the listening address
and any further name given (``--allowed-host``), and the hosts of the allowed origins
(``--allowed-origin``). A server listening on every address (``0.0.0.0`` or ``::``) also
accepts any IP address (a rebinding attack needs a host name; an address typed in the browser
cannot be one) and the machine's own name (``hostname``, ``hostname.local``). The port is not
compared: the name is what a rebinding attack changes, and behind a proxy the port in ``Host``
may be the proxy's. A request without ``Host`` (HTTP/1.0; browsers always send it) is let
through.

>>> rule = host_rule(["127.0.0.1"], ["https://play.example.org"])
>>> [rule.allows(h) for h in ("127.0.0.1:8000", "LOCALHOST", "[::1]:80", "play.example.org",
...                           "evil.example", "evil.example:8000", "127.0.0.1:x")]
[True, True, True, True, False, False, False]
>>> host_rule(["0.0.0.0"]).allows("192.168.1.20:8000"), host_rule(["0.0.0.0"]).allows("evil.example")
(True, False)
"""

from __future__ import annotations

import ipaddress
import json
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARD_ADDRESSES = frozenset({"", "0.0.0.0", "::"})
"""Listening addresses that mean every address of the machine."""


def host_name(value: str) -> str | None:
    """The host name of a ``Host`` header value or a ``--host`` setting: lower case, without
    the port, IPv6 brackets or a final dot; ``None`` if it is malformed.

    >>> host_name("Example.org:8000"), host_name("[::1]:80"), host_name("::1"), host_name("localhost.")
    ('example.org', '::1', '::1', 'localhost')
    >>> host_name("a b"), host_name("example.org:80x"), host_name("[::1"), host_name("user@host")
    (None, None, None, None)
    """
    text = value.strip().lower()
    if text.startswith("["):
        name, bracket, port = text[1:].partition("]")
        if not bracket or (port and not (port.startswith(":") and port[1:].isdigit())):
            return None
        return name if _is_ip(name) else None
    if text.count(":") > 1:  # a bare IPv6 address (a setting; never a valid Host header)
        return text if _is_ip(text) else None
    name, colon, port = text.partition(":")
    if colon and not port.isdigit():
        return None
    name = name.removesuffix(".")
    if not name or any(not (char.isalnum() or char in "-._") for char in name):
        return None
    return name


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class HostRule:
    """The host names a server answers to, and whether any IP address will do."""

    names: frozenset[str]
    any_address: bool = False

    def allows(self, header: str) -> bool:
        """Whether a ``Host`` header value names this server."""
        name = host_name(header)
        if name is None:
            return False
        return name in self.names or (self.any_address and _is_ip(name))


def machine_names() -> frozenset[str]:
    """This machine's own name, bare and with ``.local`` (multicast DNS on a home network)."""
    name = host_name(socket.gethostname())
    return frozenset() if name is None else frozenset({name, f"{name.split('.')[0]}.local"})


def host_rule(hosts: Iterable[str], origins: Iterable[str] = ()) -> HostRule:
    """The rule for a server listening on or named by ``hosts`` (a wildcard address allows
    every IP address and the machine's names) that also accepts the hosts of ``origins``;
    ValueError for a host that is not a host name or address."""
    names = set(LOOPBACK_NAMES)
    any_address = False
    for host in hosts:
        if host.strip() in WILDCARD_ADDRESSES:
            any_address = True
            names |= machine_names()
            continue
        name = host_name(host)
        if name is None:
            raise ValueError(f"{host!r} is not a host name or an IP address")
        names.add(name)
    for origin in origins:
        found = urlsplit(origin).hostname
        if found:
            names.add(found.lower())
    return HostRule(frozenset(names), any_address)


def parse_allowed_hosts(values: Iterable[str]) -> tuple[str, ...]:
    """The host names in settings (each value may be a comma list), checked; ValueError names
    the first that is not a host name or an address (a port or a scheme is refused).

    >>> parse_allowed_hosts(["Play.example.org, 10.0.0.5", "[::1]", "::"])
    ('play.example.org', '10.0.0.5', '::1', '::')
    >>> parse_allowed_hosts(["play.example.org:8000"])
    Traceback (most recent call last):
    ...
    ValueError: 'play.example.org:8000' is not a host name or an IP address (write it without a scheme or a port, e.g. play.example.org)
    """
    found: list[str] = []
    for value in values:
        for item in value.split(","):
            host = item.strip()
            if host in WILDCARD_ADDRESSES - {""}:
                found.append(host)
            elif host:
                name = host_name(host)
                if name is None or name not in (host.lower().removesuffix("."), host.lower().strip("[]")):
                    raise ValueError(f"{host!r} is not a host name or an IP address (write it "
                                     "without a scheme or a port, e.g. play.example.org)")
                found.append(name)
    return tuple(found)


class HostCheckMiddleware:
    """Pure ASGI middleware: a request whose ``Host`` the rule does not allow is answered 400."""

    def __init__(self, app: ASGIApp, rule: HostRule) -> None:
        self.app = app
        self.rule = rule

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        hosts = [value.decode("latin-1") for name, value in scope.get("headers", ()) if name == b"host"]
        if len(hosts) == 0 or (len(hosts) == 1 and self.rule.allows(hosts[0])):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        shown = json.dumps(hosts[0][:60]) if len(hosts) == 1 else "several Host headers"
        message = (f"this server does not answer to the host name {shown} (a protection against DNS "
                   "rebinding; nothing was changed). To reach it under another name, start it with "
                   "--allowed-host NAME (or --allowed-origin https://NAME)")
        path = str(scope.get("path", ""))
        if path == "/api" or path.startswith("/api/"):
            body, media = json.dumps({"error": message}).encode(), b"application/json"
        else:
            body, media = message.encode(), b"text/plain; charset=utf-8"
        await send({"type": "http.response.start", "status": 400,
                    "headers": [(b"content-type", media), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


__all__ = ["HostCheckMiddleware", "HostRule", "host_name", "host_rule", "machine_names",
           "parse_allowed_hosts"]
