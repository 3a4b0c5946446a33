"""What changed between two versions of a saved list, in words a player reads ("+2 Centaur", "format:
Assault, 200 points → Epic Assault, 500 points"), for the builder's history."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

import games
from builder.drafts import items


def _cards(document: Mapping[str, Any]) -> Counter[str]:
    """Every card the list names, with its copies (a side or a set told apart: "Balor (epic)")."""
    out: Counter[str] = Counter()
    game = str(document.get("game", ""))
    for section in games.sections(game, str(document.get("ruleset") or "")):
        if section.shape == "single":
            value = document.get(section.path)
            if isinstance(value, str) and value:
                out[value] += 1
            continue
        for item in items(document, section.path):
            if isinstance(item, str):
                out[item] += 1
            elif isinstance(item, Mapping):
                name = str(item.get(section.name_key) or "")
                if not name:
                    continue
                detail = [str(item[k]) for k in ("version", "set", "phase", "section") if item.get(k)]
                label = f"{name} ({', '.join(detail)})" if detail else name
                qty = item.get("qty", 1)
                out[label] += qty if isinstance(qty, int) and not isinstance(qty, bool) else 1
    return out


def version_changes(*, before: Mapping[str, Any], after: Mapping[str, Any],
                    names: Mapping[str, Any] | None = None) -> list[str]:
    """The changes from ``before`` to ``after``: cards added and removed with their copies, then the name,
    rules, format and faction (shown through ``names``, ``{"format": {id: name}, ...}``), then the notes."""
    shown = names or {}
    out: list[str] = []
    old, new = _cards(before), _cards(after)
    for card in sorted(set(old) | set(new)):
        delta = new[card] - old[card]
        if delta:
            out.append(f"{delta:+d} {card}")
    for key, label in (("name", gettext("name")), ("ruleset", gettext("rules")), ("format", gettext("format")),
                       ("faction", gettext("faction"))):
        a, b = before.get(key), after.get(key)
        if a != b:
            words = shown.get(key, {})
            out.append(f"{label}: {words.get(a, a) or '—'} → {words.get(b, b) or '—'}")
    if before.get("notes") != after.get("notes"):
        out.append(gettext("notes changed"))
    return out


_COPIED = re.compile(r"^copied from /l/([A-Za-z0-9]{4,16})$")
_RESTORED = re.compile(r"^restored version (\d+)$")


def note_shown(note: str) -> str:
    """A version's note (recorded in English when it was saved) in the reader's language."""
    if found := _COPIED.match(note):
        return gettext("copied from the shared list %(code)s") % {"code": found.group(1)}
    if found := _RESTORED.match(note):
        return gettext("version %(n)s restored") % {"n": found.group(1)}
    return note
