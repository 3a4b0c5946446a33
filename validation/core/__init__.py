"""The validator core: pure Python, no Django. A list document and catalogue facts in, the result out.

    from validation.core import parse_document, validate
    result = validate(parse_document(raw), catalogue)

``validation.selectors`` builds the :class:`Catalogue` from the database; tests build it by hand.
"""

from __future__ import annotations

from typing import Any

from validation.core.document import DocumentError, ListDocument, parse_document
from validation.core.engine import validate
from validation.core.facts import CardFacts, Catalogue, SetFacts
from validation.core.registry import RULES, Format, FormatFamily, games, load_games
from validation.core.result import Finding, Missing, ResultJSON, Source

__all__ = [
    "RULES",
    "CardFacts",
    "Catalogue",
    "DocumentError",
    "Finding",
    "Format",
    "ListDocument",
    "Missing",
    "ResultJSON",
    "SetFacts",
    "Source",
    "describe_formats",
    "parse_document",
    "validate",
]


def _format_json(fmt: Format) -> dict[str, Any]:
    declared = fmt.declared()
    params = fmt.resolved()
    return {
        "game": fmt.game,
        "ruleset": fmt.ruleset,
        "id": fmt.id,
        "name": str(fmt.name),
        "description": str(fmt.description),
        "rules": [
            {
                "id": rule_id,
                "summary": RULES[rule_id].summary,
                "source": RULES[rule_id].source.json(),
                "params": {p.name: params[p.name] for p in RULES[rule_id].params},
            }
            for rule_id in fmt.rules
        ],
        "params": params,
        "free_params": {
            name: {**declared[name].schema.describe(), "default": params[name], "doc": str(declared[name].doc)}
            for name in fmt.free
        },
    }


def _family_json(game: str, ruleset: str, family: FormatFamily) -> dict[str, Any]:
    return {
        "game": game,
        "ruleset": ruleset,
        "pattern": family.pattern,
        "description": str(family.description),
        "min": family.min,
        "max": family.max,
        "example": _format_json(family.build(family.example)),
    }


def describe_formats() -> dict[str, Any]:
    """Every format with its rules and parameters, and every family of numbered formats."""
    formats: list[dict[str, Any]] = []
    families: list[dict[str, Any]] = []
    for game, rulesets in games().items():
        for ruleset, spec in rulesets.items():
            formats.extend(_format_json(fmt) for fmt in spec.formats.values())
            families.extend(_family_json(game, ruleset, fam) for fam in spec.families)
    return {"formats": formats, "families": families}


# Every game module registers its rules and formats; importing the core makes them all available.
load_games()
