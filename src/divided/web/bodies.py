r"""Strict decoding of the API's JSON request bodies.

Python's :func:`json.loads` accepts more than JSON and lets through what the rest of the app
cannot use: ``NaN`` and ``Infinity``, numbers that overflow to infinity (``1e400``), integers
too long to convert (more than 4,300 digits raise a ``ValueError`` that is not a
``JSONDecodeError``), UTF-16 and UTF-32 bodies, repeated field names (the last one silently
wins), and lone UTF-16 surrogates written as escapes (``"\ud800"``), which are not characters
and cannot be stored. :func:`decode_json` refuses all of them with :class:`MalformedBody`, whose
message says what is wrong in plain words; the API answers it 422 before anything changes.

>>> decode_json(b'{"move_number": 3, "action": [1, "x"]}')
{'move_number': 3, 'action': [1, 'x']}
>>> decode_json(b'{"a": 1, "a": 2}')
Traceback (most recent call last):
...
divided.web.bodies.MalformedBody: the field 'a' appears twice in one object
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_INTEGER_DIGITS = 100
"""The longest integer (in digits) a body may hold: far more than any field needs, far less
than the 4,300 digits beyond which Python refuses to convert a number."""
_SURROGATE = re.compile("[\ud800-\udfff]")
_UTF8_BOM = b"\xef\xbb\xbf"


class MalformedBody(ValueError):
    """A request body that is not a JSON text the API accepts (the message says why)."""


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INTEGER_DIGITS:
        raise MalformedBody(f"the body holds an integer of {digits} digits; at most "
                            f"{MAX_INTEGER_DIGITS} are accepted")
    return int(text)


def _number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise MalformedBody(f"the number {text[:40]} is too large")
    return value


def _constant(name: str) -> float:
    raise MalformedBody(f"{name} is not a JSON number")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise MalformedBody(f"the field {_shown(key)} appears twice in one object")
        found[key] = value
    return found


def _shown(text: str) -> str:
    """``text`` quoted for a message, short, with unprintable characters escaped."""
    return repr(text[:40])


def _check_strings(value: Any) -> None:
    """Refuse a lone surrogate in any string (keys included) of a decoded value."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            texts = [item]
        elif isinstance(item, dict):
            texts = list(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            texts = []
            pending.extend(item)
        else:
            continue
        for text in texts:
            found = _SURROGATE.search(text)
            if found is not None:
                raise MalformedBody(f"the body holds the escape \\u{ord(found.group()):04x}, a lone "
                                    "surrogate, which is not a character")


def is_json_media_type(content_type: str) -> bool:
    """Whether a ``Content-Type`` header says JSON in UTF-8: ``application/json``, with no
    ``charset`` or ``charset=utf-8`` (JSON sent between systems is UTF-8, RFC 8259).

    >>> [is_json_media_type(t) for t in ("application/json", "Application/JSON; charset=UTF-8",
    ...                                  "application/json; charset=utf-16", "text/plain", "")]
    [True, True, False, False, False]
    """
    media, *parameters = content_type.split(";")
    if media.strip().lower() != "application/json":
        return False
    for parameter in parameters:
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "charset" and value.strip().strip('"').lower() not in ("utf-8", "utf8"):
            return False
    return True


def decode_json(body: bytes) -> Any:
    """The JSON value of ``body`` (UTF-8, a leading byte order mark ignored), decoded strictly;
    :class:`MalformedBody` if it is not UTF-8, not JSON, nested too deeply, or holds ``NaN``,
    ``Infinity``, a non-finite or over-long number, a repeated field or a lone surrogate."""
    skipped = len(_UTF8_BOM) if body.startswith(_UTF8_BOM) else 0
    try:
        text = body[skipped:].decode("utf-8")
    except UnicodeDecodeError as error:
        raise MalformedBody(f"the body is not UTF-8 text (byte {skipped + error.start + 1} is not)") from None
    try:
        value = json.loads(text, parse_int=_integer, parse_float=_number, parse_constant=_constant,
                           object_pairs_hook=_object)
    except json.JSONDecodeError as error:
        raise MalformedBody(f"the body is not valid JSON: {error.msg} at line {error.lineno} "
                            f"column {error.colno}") from None
    except RecursionError:
        raise MalformedBody("the body is nested too deeply") from None
    _check_strings(value)
    return value


__all__ = ["MAX_INTEGER_DIGITS", "MalformedBody", "decode_json", "is_json_media_type"]
