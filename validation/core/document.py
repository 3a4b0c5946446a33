"""The list document (CONTRACTS.md): read it, check its shape and bounds, find its format.

A document that is not the right shape is *malformed*: :class:`DocumentError` with a message per
JSON pointer (a 400 in the API, exit status 2 on the command line). A document of the right shape
that breaks the rules is *illegal*: that is the validation result, never an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from validation.core import registry
from validation.core.registry import Format, RulesetSpec
from validation.core.schema import Anything, Errors, Key, Obj, Str, child

# Bounds of every document (docs/validation.md states them).
MAX_NAME = 200  # a card's, a list's or a set's name
MAX_NOTES = 5000
MAX_ENTRIES = 200  # entries in one list (a DDM warband has at most 8 creatures; a DC deck ~50 cards)
MAX_QTY = 99  # copies in one entry
MAX_PARAMS = 20

COMMON_KEYS: dict[str, Key] = {
    "game": Key(Str(40), required=True, doc="ddm, dungeon-command, battlelore2, stronghold"),
    "ruleset": Key(Str(40, nullable=True), doc="default: the game's default ruleset"),
    "format": Key(Str(40), required=True, doc="a format id of the game and ruleset (GET /api/v1/formats/)"),
    "name": Key(Str(MAX_NAME, nullable=True), doc="the list's name"),
    "notes": Key(Str(MAX_NOTES, nullable=True, multiline=True)),
}


class DocumentError(Exception):
    """A malformed list document: ``fields`` maps JSON pointers to messages."""

    def __init__(self, fields: Mapping[str, list[str]], *, truncated: bool = False) -> None:
        self.fields = dict(fields)
        self.truncated = truncated
        first = "; ".join(f"{k or '(document)'}: {' '.join(v)}" for k, v in list(self.fields.items())[:5])
        more = len(self.fields) - 5
        self.message = "The list document is not valid: " + first + (f" (and {more} more)" if more > 0 else "")
        super().__init__(self.message)


@dataclass(frozen=True)
class ListDocument:
    game: str
    ruleset: str
    format: Format
    params: Mapping[str, Any]  # every parameter of the format, the list's own values applied
    data: Mapping[str, Any]  # the whole checked document, defaults filled in
    spec: RulesetSpec

    @property
    def name(self) -> str | None:
        value = self.data.get("name")
        return value if isinstance(value, str) else None


def document_schema(spec: RulesetSpec) -> Obj:
    keys = {**COMMON_KEYS, **spec.document.keys, "params": Key(Anything(), doc="the format's free parameters")}
    return Obj(keys, what=f"{spec.game} list", check_extra=spec.document.check_extra)


def _check_params(fmt: Format, value: Any, errors: Errors) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        errors.add("/params", "must be an object of the format's free parameters")
        return {}
    if len(value) > MAX_PARAMS:
        errors.add("/params", f"must hold at most {MAX_PARAMS} parameters")
        return {}
    declared = fmt.declared()
    out: dict[str, Any] = {}
    for name, raw in value.items():
        pointer = child("/params", name)
        if name not in fmt.free:
            free = ", ".join(fmt.free) or "none"
            errors.add(pointer, f"is not a free parameter of the format {fmt.id} (free: {free})")
            continue
        checked = declared[name].schema.check(raw, pointer, errors)
        if pointer not in errors.fields:
            out[name] = checked
    return out


def parse_document(raw: Any) -> ListDocument:
    """Check a list document and find its game, ruleset and format, or raise :class:`DocumentError`."""
    errors = Errors()
    if not isinstance(raw, dict):
        raise DocumentError({"": ["a list document must be a JSON object"]})
    all_games = registry.games()
    game = raw.get("game")
    if not isinstance(game, str) or game not in all_games:
        known = ", ".join(all_games)
        if "game" not in raw:
            message = f"is required (one of {known})"
        elif isinstance(game, str):
            message = f"unknown game {game[:MAX_NAME]!r} (known: {known})"
        else:
            message = f"must be one of {known}"
        raise DocumentError({"/game": [message]})
    ruleset = raw.get("ruleset")
    if ruleset is None:
        ruleset = registry.default_ruleset(game)
    if not isinstance(ruleset, str) or ruleset not in all_games[game]:
        known = ", ".join(all_games[game])
        raise DocumentError({"/ruleset": [f"must be a ruleset of {game} (known: {known})"]})
    spec = all_games[game][ruleset]

    data = document_schema(spec).check(raw, "", errors)
    fmt: Format | None = None
    format_id = raw.get("format")
    if isinstance(format_id, str) and "/format" not in errors.fields:
        fmt = spec.find_format(format_id)
        if fmt is None:
            known = ", ".join(spec.format_ids())
            errors.add("/format", f"unknown format {format_id[:MAX_NAME]!r} for {game}/{ruleset} (known: {known})")
    params: dict[str, Any] = {}
    if fmt is not None:
        params = _check_params(fmt, raw.get("params"), errors)
        if not errors and spec.format_keys is not None:
            spec.format_keys(fmt, data, errors)
    if errors or fmt is None:
        raise DocumentError(errors.fields, truncated=errors.truncated)
    data["ruleset"] = ruleset
    data["params"] = params
    return ListDocument(game, ruleset, fmt, fmt.resolved(params), data, spec)


def document_json_schema() -> dict[str, Any]:
    """Every game's list document as one OpenAPI schema (any of the rulesets' documents), no stricter than
    :func:`parse_document`. What it cannot say (a format's own keys and free parameters, names of the
    catalogue, blank text) is still checked, and answered 400 with the field's pointer."""
    variants: list[dict[str, Any]] = []
    for game, rulesets in registry.games().items():
        default = registry.default_ruleset(game)
        for ruleset, spec in rulesets.items():
            schema = document_schema(spec).json_schema()
            properties = schema["properties"]
            properties["game"] = {"type": "string", "enum": [game]}
            if ruleset == default:
                properties["ruleset"] = {"type": "string", "enum": [ruleset, None], "nullable": True}
            else:
                properties["ruleset"] = {"type": "string", "enum": [ruleset]}
                schema["required"] = [*schema.get("required", []), "ruleset"]
            properties["format"] = {**properties["format"], "description": "one of: " + ", ".join(spec.format_ids())}
            properties["params"] = {"type": "object", "nullable": True, "maxProperties": MAX_PARAMS,
                                    "description": "the format's free parameters (GET /api/v1/formats/)"}
            schema["title"] = f"{spec.name} list" if spec.name else f"{game}/{ruleset} list"
            variants.append(schema)
    return {"anyOf": variants, "description": "A list document (CONTRACTS.md; each game adds its own keys)."}
