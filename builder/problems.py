"""Why a list cannot be checked, as a player reads it: the control to use (the faction pack, the format, a row of
a section), never the list document's JSON pointer or the validator's English schema message."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, gettext_noop

from builder.drafts import sections_of
from builder.games import panel_of

# The list's own fields, named by the builder's labels for them (a panel adds its game's own).
COMMON_LABELS: dict[str, str] = {
    "name": gettext_noop("Name"),
    "format": gettext_noop("Format"),
    "ruleset": gettext_noop("Rules"),
    "params": gettext_noop("Format options"),
    "game": gettext_noop("Game"),
}


def _where(parts: list[str], labels: Mapping[str, str], sections: list[Any]) -> str | None:
    """The control a pointer's parts are about, in the reader's language; None when no control shows it."""
    for section in sorted(sections, key=lambda s: -len(s.path.split("."))):
        path = section.path.split(".")
        if parts[:len(path)] != path:
            continue
        title = gettext(section.title) if section.title else gettext("The list")
        rest = parts[len(path):]
        if rest and rest[0].isdigit() and section.shape != "single":
            return gettext("%(section)s, line %(number)d") % {"section": title, "number": int(rest[0]) + 1}
        return title
    if parts and parts[0] in labels:
        return gettext(labels[parts[0]])
    return None


def draft_problems(*, errors: Mapping[str, list[str]], document: Any) -> list[str]:
    """One sentence per control whose value keeps ``document`` from being checked (``errors`` are the
    validator's, by JSON pointer), naming the control and what to do with it."""
    game = str(document.get("game", "")) if isinstance(document, Mapping) else ""
    ruleset = document.get("ruleset") if isinstance(document, Mapping) else None
    panel = panel_of(game, ruleset)
    labels = {**COMMON_LABELS, "faction": panel.faction_label, **dict(panel.labels)}
    try:
        sections = list(sections_of(game, ruleset))
    except (KeyError, LookupError, ValueError):
        sections = []
    out: list[str] = []
    for pointer, messages in errors.items():
        parts = [p for p in str(pointer).split("/") if p]
        where = _where(parts, labels, sections) if parts else None
        required = any(str(m).startswith("is required") for m in messages)
        if where is None:
            text = gettext("A part of this list that no field here shows is not in a form Muster reads: open "
                           "“Other keys of the list document” below and correct or remove it.")
        elif required:
            text = gettext("%(field)s: choose one; this list’s format needs it.") % {"field": where}
        else:
            text = gettext("%(field)s: Muster cannot read what is there; choose or type it again.") % {"field": where}
        if text not in out:
            out.append(text)
    return out
