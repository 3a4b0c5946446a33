"""Reading the builder's posted fields: a bounded whole number, a bounded text, a JSON value, and setting or
dropping a document key. Every field reader records a player-facing message under the field's name on error."""

from __future__ import annotations

import json
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext, ngettext

MAX_JSON_CHARS = 100_000  # half the document's bound (builder.forms.MAX_DOCUMENT_CHARS)


def no_constant(name: str) -> Any:
    """``json.loads``' ``parse_constant``: NaN and Infinity are no JSON a list may carry."""
    raise ValueError(name)


def int_field(data: QueryDict, name: str, low: int, high: int, errors: dict[str, str]) -> int | str | None:
    """A whole number between ``low`` and ``high``; ``""`` when left blank; None (and an error) when wrong."""
    raw = data.get(name, "").strip()
    if raw == "":
        return ""
    if not raw.lstrip("-").isdigit() or len(raw) > 7 or not low <= int(raw) <= high:
        errors[name] = gettext("A whole number from %(low)s to %(high)s.") % {"low": low, "high": high}
        return None
    return int(raw)


def text_field(data: QueryDict, name: str, limit: int, errors: dict[str, str]) -> str | None:
    raw = data.get(name, "")
    if len(raw) > limit:
        errors[name] = ngettext("At most %(n)s character.", "At most %(n)s characters.", limit) % {"n": limit}
        return None
    return raw.strip()


def json_field(data: QueryDict, name: str, errors: dict[str, str]) -> Any:
    raw = data.get(name, "").strip()
    if not raw:
        return None
    if len(raw) > MAX_JSON_CHARS:
        errors[name] = gettext("Too long.")
        return None
    try:
        return json.loads(raw, parse_constant=no_constant)
    except (ValueError, RecursionError):
        errors[name] = gettext("This is not JSON.")
        return None


def set_or_drop(target: dict[str, Any], key: str, value: Any) -> None:
    if value in ("", None):
        target.pop(key, None)
    else:
        target[key] = value
