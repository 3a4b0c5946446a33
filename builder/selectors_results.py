"""A validation result in the reader's language: each finding's ``message`` and ``hint`` through gettext.

The validator (``validation/``, pure Python) writes its messages in English. Pages show results through
``validation_result_localise``, which translates a finding in one of two ways:

1. by message id: a finding that carries ``message_id`` and ``message_params`` (and ``hint_id`` and
   ``hint_params``) is rendered as ``gettext(message_id).format(**params)``. This is the way the rule
   messages are meant to become translatable one by one, without Django in ``validation/`` (see the
   note at the end of this module);
2. by template: the list contract's own findings (unknown, ambiguous and misplaced cards, missing
   catalogue data), whose English wording the core builds in one place, are matched against their
   English templates and rendered from the translated template.

A finding that neither covers stays in English (the card names in it stay English anyway). The API
keeps returning the English result: the JSON is a contract, the pages are for people.

Proposal for ``validation/`` (once its engineer is done): let ``Finding.message``/``hint`` take a
``Text(template, params)`` — an English ``str.format`` template marked with a Django-free
``gettext_noop`` (makemessages extracts it) — and let ``finding_json`` add ``message_id``/``message_params``
and ``hint_id``/``hint_params`` next to the rendered English ``message``/``hint``. Each converted rule
message is then translated by (1) with no further change here.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.utils.translation import get_language, gettext, gettext_noop

# The contract's findings as the core words them (validation/core/matching.py and engine.py).
MESSAGE_TEMPLATES: tuple[str, ...] = (
    gettext_noop("No {kinds} named {text} in the {game} catalogue."),
    gettext_noop("{name} is not in the set {set}."),
    gettext_noop("{text} names {count} cards: {options}."),
    gettext_noop("{name} is {kind}, not {kinds}."),
    gettext_noop(
        "The catalogue lacks the {what} of {name}, which {rules} needs: the list cannot be shown legal without it."
    ),
    gettext_noop(
        "The catalogue lacks the {what} of {name}, which {rules} need: the list cannot be shown legal without it."
    ),
)
HINT_TEMPLATES: tuple[str, ...] = (
    gettext_noop("did you mean {names}?"),
    gettext_noop("check the spelling"),
    gettext_noop("{name} is in {sets}"),
    gettext_noop('leave out "set"'),
    gettext_noop('name one by its slug: {slugs}, or add "set": {sets}'),
    gettext_noop("name one by its slug: {slugs}"),
    gettext_noop("put {name} {place}"),
    gettext_noop("remove {name}: {kind} has no place here"),
    gettext_noop("supply the {what} of {name} ({slug}) in the catalogue"),
)

# Words the templates' parameters may hold: the card kinds and the places in a list.
KIND_WORDS: dict[str, str] = {
    "creature": gettext_noop("creature"),
    "battle-map": gettext_noop("battle map"),
    "miniature": gettext_noop("figure"),
    "order": gettext_noop("order"),
    "commander": gettext_noop("commander"),
    "tile": gettext_noop("tile"),
    "unit": gettext_noop("unit"),
    "command-card": gettext_noop("command card"),
    "lore-card": gettext_noop("lore card"),
    "terrain": gettext_noop("terrain"),
    "scenario": gettext_noop("scenario"),
}
PLACE_WORDS: dict[str, str] = {
    'under "entries"': gettext_noop('under "entries"'),
    'under "orders"': gettext_noop('under "orders"'),
    'under "commanders"': gettext_noop('under "commanders"'),
    'as a count under "tiles"': gettext_noop('as a count under "tiles"'),
    'under "battle_map"': gettext_noop('under "battle_map"'),
}
OR = gettext_noop("or")


@dataclass(frozen=True)
class _Template:
    english: str
    pattern: re.Pattern[str]


def _compile(template: str) -> _Template:
    parts = re.split(r"\{(\w+)\}", template)
    regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
    return _Template(template, re.compile(f"^{regex}$", re.S))


@cache
def _templates(kind: str) -> tuple[_Template, ...]:
    return tuple(_compile(t) for t in (MESSAGE_TEMPLATES if kind == "message" else HINT_TEMPLATES))


def _kinds(value: str) -> str:
    """``"an order"`` / ``"creature or order"`` in the reader's language (no articles: hu, ru, pl have none)."""
    words = []
    for word in value.split(" or "):
        bare = re.sub(r"^(an?) ", "", word.strip())
        words.append(gettext(KIND_WORDS[bare]) if bare in KIND_WORDS else word)
    return f" {gettext(OR)} ".join(words)


def _param(name: str, value: str) -> str:
    if name in ("kind", "kinds"):
        return _kinds(value)
    if name == "place" and value in PLACE_WORDS:
        return gettext(PLACE_WORDS[value])
    if name == "names" and " or " in value:
        return f" {gettext(OR)} ".join(value.split(" or "))
    return value


def text_localise(*, text: str, kind: str = "message") -> str:
    """One English message (``kind="message"``) or hint (``kind="hint"``) in the active language."""
    for template in _templates(kind):
        match = template.pattern.match(text)
        if match is None:
            continue
        params = {k: _param(k, v) for k, v in match.groupdict().items()}
        try:
            return gettext(template.english).format(**params)
        except (KeyError, IndexError, ValueError):  # a translation with a broken placeholder: keep English
            return text
    return text


def _by_id(finding: Mapping[str, Any], key: str) -> str | None:
    message_id = finding.get(f"{key}_id")
    params = finding.get(f"{key}_params")
    if not isinstance(message_id, str) or not message_id:
        return None
    try:
        return gettext(message_id).format(**(params if isinstance(params, Mapping) else {}))
    except (KeyError, IndexError, ValueError):
        return None


def finding_localise(*, finding: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(finding)
    for key in ("message", "hint"):
        value = finding.get(key)
        if not isinstance(value, str) or not value:
            continue
        out[key] = _by_id(finding, key) or text_localise(text=value, kind=key)
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
