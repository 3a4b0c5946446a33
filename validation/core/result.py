"""What a validation returns: findings (violations and warnings), in the contract's JSON shape."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal, TypedDict

from validation.core.text import Text, TextJSON

Severity = Literal["violation", "warning"]

MISSING_DATA = "catalogue.missing-data"
UNKNOWN_CARD = "list.unknown-card"
AMBIGUOUS_CARD = "list.ambiguous-card"
WRONG_KIND = "list.wrong-kind"


@dataclass(frozen=True)
class Source:
    """Where a rule is written: a seed file (or a digest when no seed has it) and its section."""

    file: str
    section: str

    def json(self) -> dict[str, str]:
        return {"file": self.file, "section": self.section}


# The list codes are the contract's, not a game's.
CONTRACT_SOURCE = Source("CONTRACTS.md", "The list document")


@dataclass(frozen=True)
class Finding:
    """One problem with a list. ``entries`` are JSON pointers into the document.

    ``message`` and ``hint`` are English; a :class:`Text` (``msg(...)``) also carries its template and
    parameters, for the pages to show them in their reader's language (``finding_json(texts=True)``)."""

    rule: str
    message: str | Text
    entries: tuple[str, ...] = ()
    hint: str | Text = ""
    severity: Severity = "violation"
    source: Source | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Missing:
    """A rule needs a number the catalogue lacks: reported as ``catalogue.missing-data``.

    The core merges every ``Missing`` about the same card and field into one finding that names all
    the rules that need it; it is a violation unless only warnings need it."""

    card: str  # slug
    card_name: str
    field: str
    entries: tuple[str, ...]
    rule: str = ""  # filled in by the engine with the rule that yielded it
    severity: Severity = "violation"
    # how to say the field in a sentence (msg("cost"), msg("Commander rating")); default: the field name.
    # A Text starting "whether " is a yes or no ("whether {name} is Unique").
    what: str | Text = ""


Outcome = Finding | Missing


class SourceJSON(TypedDict):
    file: str
    section: str


class FindingJSON(TypedDict, total=False):
    rule: str
    message: str
    entries: list[str]
    hint: str
    source: SourceJSON
    suggestions: list[str]
    needed_by: list[str]
    card: str
    cards: list[str]
    choices: list[dict[str, str]]
    field: str
    message_text: TextJSON
    hint_text: TextJSON
    citation: dict[str, Any]  # the book a page cites (validation.core.books.CitationJSON), with texts only


class ResultJSON(TypedDict):
    legal: bool
    game: str
    ruleset: str
    format: str
    catalogue_version: str
    violations: list[FindingJSON]
    warnings: list[FindingJSON]
    totals: dict[str, Any]


_NUMBER = re.compile(r"(\d+)")


@lru_cache(maxsize=4096)
def pointer_key(pointer: str) -> tuple[Any, ...]:
    """Sort ``/entries/10`` after ``/entries/2``."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in _NUMBER.split(pointer) if part)


def finding_key(f: FindingJSON) -> tuple[Any, ...]:
    first = f["entries"][0] if f["entries"] else ""
    return (f["rule"], pointer_key(first), f["message"])


def finding_json(f: Finding, default_source: Source, texts: bool = False) -> FindingJSON:
    """The contract's finding; with ``texts``, also ``message_text``/``hint_text`` (the English templates
    and their parameters, :meth:`Text.json`) for the pages, which the contract's JSON does not carry."""
    out: FindingJSON = {
        "rule": f.rule,
        "message": str(f.message),
        "entries": sorted(set(f.entries), key=pointer_key),
        "hint": str(f.hint),
        "source": (f.source or default_source).json(),  # type: ignore[typeddict-item]
    }
    for key, value in f.extra.items():
        out[key] = value  # type: ignore[literal-required]
    if texts:
        if isinstance(f.message, Text):
            out["message_text"] = f.message.json()
        if isinstance(f.hint, Text):
            out["hint_text"] = f.hint.json()
    return out


def build_result(
    *,
    game: str,
    ruleset: str,
    format_id: str,
    version: str,
    findings: Sequence[FindingJSON],
    warnings: Sequence[FindingJSON],
    totals: dict[str, Any],
) -> ResultJSON:
    violations = sorted(findings, key=finding_key)
    return {
        "legal": not violations,
        "game": game,
        "ruleset": ruleset,
        "format": format_id,
        "catalogue_version": version,
        "violations": violations,
        "warnings": sorted(warnings, key=finding_key),
        "totals": totals,
    }
