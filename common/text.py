"""Text at the door: what no stored text may hold, what counts as blank, and how text stored before these checks
is still shown (pure functions every layer may call)."""

from __future__ import annotations

import json
import re
from typing import Any

# --- text at the door ----------------------------------------------------------------------------------------
# What no stored text may hold: NUL (PostgreSQL refuses it) and UTF-16 surrogates, which JSON can spell
# ("\ud800") but no UTF-8 page or database can hold alone.
_NEVER = re.compile("[\x00\ud800-\udfff]")
# What a one-line field (a name, a card, a set) may not hold either: the other control characters, line and
# paragraph separators. Tab is let through and read as a space by the pages.
_NOT_ONE_LINE = re.compile("[\x01-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]")
# Characters that print nothing: format characters (zero-width space and joiners, direction marks, the BOM,
# soft hyphen, tags), fillers and variation selectors.
_INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164"
    "\ufe00-\ufe0f\ufeff\uffa0\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)


def text_problem(value: str, *, one_line: bool = True) -> str | None:
    """What is wrong with ``value`` as stored text, or None: a NUL, a lone surrogate, or (``one_line``) a
    control character or line break."""
    found = _NEVER.search(value)
    if found is not None:
        return "must not contain a NUL character" if found.group() == "\x00" else (
            "must not contain a lone UTF-16 surrogate (an unpaired \\ud800–\\udfff)"
        )
    if one_line:
        found = _NOT_ONE_LINE.search(value)
        if found is not None:
            return f"must be one line without control characters (found U+{ord(found.group()):04X})"
    return None


def is_blank(value: str) -> bool:
    """Whether ``value`` shows nothing: only spaces and characters that print nothing (zero-width spaces…)."""
    return not _INVISIBLE.sub("", value).strip()


def text_scrub(value: str) -> str:
    """``value`` with what no page can show (NUL, lone surrogates) replaced by U+FFFD: for text stored before
    the door checked it, so it still renders."""
    return _NEVER.sub("\ufffd", value)


def json_scrub(value: Any) -> Any:
    """A JSON value with :func:`text_scrub` applied to every string (keys too); the same object when nothing
    needed it (the usual case, checked first)."""
    if not _NEVER.search(json.dumps(value, ensure_ascii=False, default=str) if not isinstance(value, str)
                         else value):
        return value
    if isinstance(value, str):
        return text_scrub(value)
    if isinstance(value, dict):
        return {text_scrub(str(k)): json_scrub(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_scrub(v) for v in value]
    return value
