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


def citation_render(*, citation: Mapping[str, Any], translate: bool = True) -> dict[str, Any] | None:
    """The book a finding cites (``validation.core.books.CitationJSON``) as a page shows it: ``book`` (its
    title in the active language), ``lang`` (the language of the sections), ``parts`` (each ``section`` as
    the book heads it and ``page``, "p. 6" in the active language) and ``reading``."""
    book = citation.get("book")
    title = text_render(text=book, translate=translate) if isinstance(book, Mapping) else None
    if title is None:
        return None
    parts = []
    for part in citation.get("parts") or []:
        if isinstance(part, Mapping) and isinstance(part.get("section"), str):
            page = str(part.get("page") or "")
            shown = (gettext("p. %(page)s") if translate else "p. %(page)s") % {"page": page} if page else ""
            parts.append({"section": part["section"], "page": shown})
    return {"book": title, "lang": str(citation.get("lang") or ""), "parts": parts,
            "reading": bool(citation.get("reading"))}


def finding_localise(*, finding: Mapping[str, Any], translate: bool = True) -> dict[str, Any]:
    """A copy of one finding whose ``message`` and ``hint`` read in the active language, with ``cited``: the
    book it cites as a page shows it (:func:`citation_render`), or None."""
    out = dict(finding)
    for key in ("message", "hint"):
        text = finding.get(f"{key}_text")
        if translate and isinstance(text, Mapping) and finding.get(key):
            rendered = text_render(text=text)
            if rendered is not None:
                out[key] = rendered
    cited = finding.get("citation")
    out["cited"] = citation_render(citation=cited, translate=translate) if isinstance(cited, Mapping) else None
    return out


def validation_result_localise(*, result: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a validation result (CONTRACTS.md) whose findings read in the active language."""
    out = copy.deepcopy(dict(result))
    translate = (get_language() or "en").split("-")[0] != "en"  # English: the validator's own words
    for key in ("violations", "warnings"):
        findings = out.get(key)
        if isinstance(findings, list):
            out[key] = [finding_localise(finding=f, translate=translate) if isinstance(f, Mapping) else f
                        for f in findings]
    return out
