"""``divided feedback``: read the feedback players sent from the web app's pages.

::

    divided feedback list [--database-url URL] [--data-dir DIR] [--json]

The database is found as ``divided serve`` finds it (``--database-url``, else
``$DIVIDED_DATABASE_URL``, else SQLite in the data folder). Each message is printed with when
it was sent, the page and game it came from and a short tag of the browser session (the
first characters of the stored session hash, never a usable cookie). Anything unprintable in
a message or page field (terminal escapes, carriage returns, bidirectional overrides), also
in rows stored before the web app refused such characters, is printed as an escape such as
``\x1b`` or ``\u202e``, so it cannot rewrite the terminal or forge an entry.
"""

from __future__ import annotations

import argparse
import json
import textwrap
from pathlib import Path
from typing import Any

SESSION_TAG = 12


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "feedback", help="read the feedback players sent from the web app",
        description="Read the feedback players sent from the web app's pages.",
    )
    actions = parser.add_subparsers(dest="feedback_command", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="print every feedback message, oldest first",
                                 description="Print every feedback message, oldest first.")
    listing.add_argument("--database-url", default=None,
                         help="SQLAlchemy database URL (default: $DIVIDED_DATABASE_URL, else SQLite "
                         "in the data folder)")
    listing.add_argument("--data-dir", type=Path, default=None,
                         help="the web app's data folder (default: $DIVIDED_DATA_DIR, else "
                         "~/.local/share/divided)")
    listing.add_argument("--json", action="store_true", help="print JSON (one array) instead of text")
    listing.set_defaults(handler=_list)


def _list(args: argparse.Namespace) -> int:
    from divided.web import config
    from divided.web.store import GameStore

    folder = config.ensure_data_dir(config.data_dir(args.data_dir))
    url = config.database_url(args.database_url, folder)
    store = GameStore(url)
    try:
        store.create_tables()
        notes = store.feedback()
    finally:
        store.dispose()
    from divided.web.guards import printable

    if args.json:
        text = json.dumps([{**note.to_dict(), "session": note.session_id[:SESSION_TAG]} for note in notes],
                          indent=2, ensure_ascii=False)
        print(_json_printable(text))
        return 0
    if not notes:
        print("No feedback yet.")
        return 0
    for note in notes:
        game = f"  game {printable(note.game_id)}" if note.game_id else ""
        print(f"#{note.id}  {note.created:%Y-%m-%d %H:%M} UTC  page {printable(note.page)}{game}  "
              f"session {printable(note.session_id[:SESSION_TAG])}")
        print(textwrap.indent(printable(note.message, newlines=True), "    "))
        print()
    print(f"{len(notes)} message{'s' if len(notes) != 1 else ''}.")
    return 0


def _json_printable(text: str) -> str:
    """JSON text with every unprintable character outside the layout written as ``\\uXXXX``
    (JSON escapes the C0 controls itself, but not C1 controls or bidirectional overrides)."""
    return "".join(char if char.isprintable() or char in "\n " else
                   "".join(f"\\u{unit:04x}" for unit in _utf16(char)) for char in text)


def _utf16(char: str) -> tuple[int, ...]:
    data = char.encode("utf-16-be")
    return tuple(int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data), 2))
