"""``divided serve``: run the browser app (FastAPI under uvicorn) and say where to open it.

Games are stored in SQLite in the data folder unless ``--database-url`` (or
``$DIVIDED_DATABASE_URL``) names another database. Several worker processes
(``--workers N``) need a database server such as PostgreSQL: each worker is a separate process
with its own connections, and SQLite locks the whole file for every write, so busy workers would
wait on each other or fail with "database is locked". Each server process also starts its own
compute workers for the bots, hints and reviews (``--limit compute_workers=N``, default 2, plus
``compute_slots`` at a lower priority; :mod:`divided.web.compute`): with ``--workers N`` keep
N times ``compute_workers`` near the number of cores.

``--allowed-origin`` names origins besides the server's own whose pages may send changes (the
public address of a proxy); the server answers only requests whose ``Host`` is one of its
names (the loopback names, ``--host``, the allowed origins' hosts, ``--allowed-host``; with
``--host 0.0.0.0`` also any IP address and the machine's name), against DNS rebinding;
``--limit NAME=VALUE`` changes a limit on hints, reviews, new games or feedback. All reach the
workers through the environment; the limits apply per worker process (docs/web-api.md,
*Limits and protections*).
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import socket
import sys
from pathlib import Path
from typing import Any

from divided.errors import DividedError


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve", help="run the browser app (open the printed address in a web browser)",
        description="Run the browser app: play Divided Ranks, Card Commons or DIVIDE against bots in a web browser.",
    )
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this computer only)")
    parser.add_argument("--port", type=_port, default=8000,
                        help="port to listen on (default 8000; 0 picks a free port)")
    parser.add_argument("--database-url", default=None,
                        help="SQLAlchemy database URL, e.g. postgresql+psycopg://user@host/divided "
                        "(default: $DIVIDED_DATABASE_URL, else SQLite in the data folder)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="folder for the SQLite database and the cookie secret "
                        "(default: $DIVIDED_DATA_DIR, else ~/.local/share/divided)")
    parser.add_argument("--workers", type=_workers, default=1,
                        help="worker processes (default 1; more than 1 needs --database-url "
                        "of a database server such as PostgreSQL)")
    parser.add_argument("--allowed-origin", action="append", default=None, metavar="ORIGIN",
                        type=_origins, dest="allowed_origins",
                        help="another origin (https://host[:port]) whose pages may send changes, e.g. "
                        "the public address of a proxy in front of this server; repeat it or give a "
                        "comma list (default: $DIVIDED_ALLOWED_ORIGINS, else only the request's own "
                        "host)")
    parser.add_argument("--allowed-host", action="append", default=None, metavar="NAME", type=_hosts,
                        dest="allowed_hosts",
                        help="another host name (or address) this server may be reached under, e.g. "
                        "its name on the network; repeat it or give a comma list. Requests naming any "
                        "other host are refused, against DNS rebinding (always accepted: localhost, "
                        "127.0.0.1, [::1], the --host address, the --allowed-origin hosts, and with "
                        "--host 0.0.0.0 any IP address and this machine's name)")
    parser.add_argument("--limit", action="append", default=None, metavar="NAME=VALUE", type=_limit,
                        dest="limits",
                        help="change one of the limits on hints, reviews, new games and feedback "
                        "(per worker process; see docs/web-api.md), e.g. --limit compute_slots=2; "
                        "repeatable (default: $DIVIDED_LIMITS, else the built-in figures)")
    parser.set_defaults(handler=_run)


def _limit(text: str) -> str:
    from divided.web import config

    try:
        config.parse_limits(text)
    except config.ConfigError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _origins(text: str) -> str:
    from divided.web.guards import parse_allowed_origins

    try:
        return ",".join(sorted(parse_allowed_origins([text])))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _hosts(text: str) -> str:
    from divided.web.hosts import parse_allowed_hosts

    try:
        return ",".join(parse_allowed_hosts([text]))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port {port} is out of range (0-65535)")
    return port


def _workers(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of workers") from None
    if not 1 <= count <= 64:
        raise argparse.ArgumentTypeError(f"workers must be between 1 and 64, got {count}")
    return count


def browser_address(host: str, port: int) -> str:
    """The address to open for a server listening on ``host``:``port``.

    >>> browser_address("0.0.0.0", 8000), browser_address("::1", 8001)
    ('http://127.0.0.1:8000/', 'http://[::1]:8001/')
    """
    shown = host
    if host in ("", "0.0.0.0"):
        shown = "127.0.0.1"
    elif host == "::":
        shown = "[::1]"
    elif ":" in host:
        shown = f"[{host}]"
    return f"http://{shown}:{port}/"


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _run(args: argparse.Namespace) -> int:
    from divided.web import config

    folder = config.ensure_data_dir(config.data_dir(args.data_dir))
    url = config.database_url(args.database_url, folder)
    if args.workers > 1 and config.is_sqlite(url):
        raise DividedError(
            "--workers above 1 needs a database server: give --database-url "
            "postgresql+psycopg://... (each worker is its own process, and SQLite locks the whole "
            "file for every write, so workers would queue behind each other or fail with "
            "'database is locked')"
        )
    # Workers (and the app factory) read the configuration from the environment; put it back
    # afterwards so a caller in the same process (a test) is not left with this server's.
    names = (config.DATA_DIR_ENV, config.DATABASE_URL_ENV, config.ALLOWED_ORIGINS_ENV,
             config.ALLOWED_HOSTS_ENV, config.LIMITS_ENV)
    saved = {name: os.environ.get(name) for name in names}
    os.environ[config.DATA_DIR_ENV] = str(folder)
    os.environ[config.DATABASE_URL_ENV] = url
    os.environ[config.ALLOWED_HOSTS_ENV] = ",".join([args.host, *(args.allowed_hosts or ())])
    if args.allowed_origins is not None:
        os.environ[config.ALLOWED_ORIGINS_ENV] = ",".join(args.allowed_origins)
    if args.limits is not None:
        os.environ[config.LIMITS_ENV] = ",".join(args.limits)
    try:
        return _serve(args, url, folder)
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _serve(args: argparse.Namespace, url: str, folder: Path) -> int:
    """Run uvicorn with the configuration in place."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    from divided.web import config
    from divided.web.store import GameStore

    if args.workers == 1:
        from divided.web.app import create_app

        uv_config = uvicorn.Config(create_app(url, folder), host=args.host, port=args.port,
                                   log_level="info", server_header=False)
    else:
        store = GameStore(url)  # check the database and create the table once, before any worker
        try:
            store.create_tables()
        finally:
            store.dispose()
        config.secret(folder)  # create the shared secret before the workers race for it
        uv_config = uvicorn.Config("divided.web.app:create_app", factory=True, host=args.host,
                                   port=args.port, workers=args.workers, log_level="info",
                                   server_header=False)
    sock = uv_config.bind_socket()  # exits with a message if the port is taken
    # uvicorn's socket has protocol number 0, so asyncio does not turn Nagle's algorithm off
    # on the connections it accepts; each keep-alive response would then wait ~40 ms for a
    # delayed ACK. Set on the listening socket, TCP_NODELAY is inherited by every connection.
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    port = sock.getsockname()[1]
    if not _is_loopback(args.host):
        print(f"Note: listening on {args.host}, so other computers on the network can reach this "
              "server.", file=sys.stderr)
    print(f"Open {browser_address(args.host, port)} in your browser", flush=True)
    try:
        if args.workers > 1:
            Multiprocess(uv_config, sockets=[sock]).run()
        else:
            uvicorn.Server(uv_config).run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    return 0
