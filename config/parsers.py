"""The API's body parser (``REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]``); its own module, because DRF's
views import it while config.api imports DRF's views."""

from __future__ import annotations

import json
import re
from typing import Any

from django.conf import settings
from rest_framework import exceptions
from rest_framework.parsers import JSONParser
from rest_framework.utils.json import strict_constant

from config.errors import ApplicationError

# Text no request may store: NUL (PostgreSQL refuses it) and lone UTF-16 surrogates (valid JSON, "\ud800",
# but no UTF-8 response, page or database can hold one). catalogue.text.text_problem says the same per field.
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
MAX_REPORTED = 20


def _pointer(prefix: str, key: Any) -> str:
    return f"{prefix}/{str(key).replace('~', '~0').replace('/', '~1')}"


def unstorable_text(value: Any) -> dict[str, list[str]]:
    """``{JSON pointer: [message]}`` for every string (key or value) of a parsed JSON value holding a NUL or a
    lone surrogate (at most ``MAX_REPORTED``)."""
    found: dict[str, list[str]] = {}
    stack: list[tuple[str, Any]] = [("", value)]
    while stack and len(found) < MAX_REPORTED:
        pointer, item = stack.pop()
        if isinstance(item, str):
            match = _UNSTORABLE.search(item)
            if match is not None:
                found[pointer] = ["must not contain a NUL character" if match.group() == "\x00" else
                                  "must not contain a lone UTF-16 surrogate (an unpaired \\ud800–\\udfff)"]
        elif isinstance(item, dict):
            for key, child in item.items():
                if _UNSTORABLE.search(key):
                    found[_pointer(pointer, _UNSTORABLE.sub("\ufffd", key))] = [
                        "a key must not contain a NUL character or a lone UTF-16 surrogate"]
                else:
                    stack.append((_pointer(pointer, key), child))
        elif isinstance(item, list):
            stack.extend((_pointer(pointer, i), child) for i, child in enumerate(item))
    return dict(sorted(found.items()))


class StrictJSONParser(JSONParser):
    """Every API's body parser: strict JSON (no NaN) read in one piece, and nesting too deep for Python's
    parser is a malformed body (400), not a server error; so is text no database can store (a NUL, a lone
    surrogate), refused with the pointer of every string that holds it. (DRF's own parser decodes through a stream
    reader, several times slower on a list, and lets RecursionError through.)"""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            data = json.loads(stream.read().decode(encoding), parse_constant=strict_constant)
        except ValueError as exc:
            raise exceptions.ParseError(f"JSON parse error - {exc}") from None
        except RecursionError:
            raise exceptions.ParseError("JSON parse error - the document is nested too deeply") from None
        bad = unstorable_text(data)
        if bad:
            where = ", ".join(k or "(body)" for k in list(bad)[:5])
            raise ApplicationError(f"The request holds text that cannot be stored: {where}.", fields=bad)
        return data
