"""``divided feedback``: read the feedback players sent from the web app's pages.

::

    divided feedback list [--database-url URL] [--data-dir DIR] [--json]

The database is found as ``divided serve`` finds it (``--database-url``, else
``$DIVIDED_DATABASE_URL``, else SQLite in the data folder). Each message is printed with when
it was sent, the page and game it came from and a short tag of the browser session (the
first characters of the stored session hash, never a usable cookie).
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
    if args.json:
        print(json.dumps([{**note.to_dict(), "session": note.session_id[:SESSION_TAG]} for note in notes],
                         indent=2, ensure_ascii=False))
        return 0
    if not notes:
        print("No feedback yet.")
        return 0
    for note in notes:
        game = f"  game {note.game_id}" if note.game_id else ""
        print(f"#{note.id}  {note.created:%Y-%m-%d %H:%M} UTC  page {note.page}{game}  "
              f"session {note.session_id[:SESSION_TAG]}")
        print(textwrap.indent(note.message, "    "))
        print()
    print(f"{len(notes)} message{'s' if len(notes) != 1 else ''}.")
    return 0
