"""A validation result in the reader's language: each finding's ``message`` and ``hint`` through gettext.

The validator (``validation/``, pure Python) writes its messages as English templates with parameters
(``validation.core.text.msg``/``nmsg``); ``makemessages`` extracts the templates. The pages ask it for a
result with ``texts=True``, so each finding carries ``message_text``/``hint_text`` — the template, its
parameters (a parameter may be a template itself: a game word, names joined by "and") and, for a count,
the plural template and the number — next to the rendered English ``message``/``hint``.
``validation_result_localise`` renders them with gettext/ngettext in the active language. Card names and
other data in the parameters stay English (they are what players type and search for).

A finding without a template, or whose translation has a broken placeholder, keeps its English. The API
returns the contract's English result without the templates: the JSON is a contract, the pages are for
people.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from django.utils.translation import get_language, gettext, ngettext


def text_render(*, text: Mapping[str, Any], translate: bool = True) -> str | None:
    """A template with its parameters (``validation.core.text.TextJSON``) in the active language, or in
    English with ``translate=False``; ``None`` when it is not a template."""
    template = text.get("id")
    if not isinstance(template, str):
        return None
    plural = text.get("plural")
    n = text.get("n")
    raw = text.get("params")
    params: dict[str, str] = {}
    for key, value in (raw if isinstance(raw, Mapping) else {}).items():
        rendered = text_render(text=value, translate=translate) if isinstance(value, Mapping) else None
        params[str(key)] = rendered if rendered is not None else str(value)
    if isinstance(plural, str) and plural and isinstance(n, int):
        english = template if n == 1 else plural
        translated = ngettext(template, plural, n) if translate else english
    else:
        english = template
        translated = gettext(template) if translate else english
    try:
        return translated.format(**params)
    except (KeyError, IndexError, ValueError):  # a translation with a broken placeholder: the English
        try:
            return english.format(**params)
        except (KeyError, IndexError, ValueError):
            return None


def finding_localise(*, finding: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of one finding whose ``message`` and ``hint`` read in the active language."""
    out = dict(finding)
    for key in ("message", "hint"):
        text = finding.get(f"{key}_text")
        if isinstance(text, Mapping) and finding.get(key):
            rendered = text_render(text=text)
            if rendered is not None:
                out[key] = rendered
    return out


def validation_result_localise(*, result: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a validation result (CONTRACTS.md) whose findings read in the active language."""
    out = copy.deepcopy(dict(result))
    if (get_language() or "en").split("-")[0] == "en":  # the validator's own words
        return out
    for key in ("violations", "warnings"):
        findings = out.get(key)
        if isinstance(findings, list):
            out[key] = [finding_localise(finding=f) if isinstance(f, Mapping) else f for f in findings]
    return out
