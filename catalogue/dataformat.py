"""The bundled catalogue format (``docs/catalogue-format.md``): reading, checking and writing records.

A data file is one set of one game and ruleset::

    {"format": "muster-catalogue/1", "game": "ddm", "ruleset": "seed",
     "set": {"slug": "war-drums", "name": "War Drums", "kind": "expansion", ...},
     "source": "default source of the cards' numbers",
     "cards": [{"kind": "creature", "slug": "orc-mauler", "name": "Orc Mauler", "hp": 55, ...}]}

A field left out has its default: for a number, "missing". Export writes fields in model order and
leaves defaults out, so an import followed by an export gives back the same bytes.
"""

from __future__ import annotations

import decimal
import enum
import json
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models

from catalogue import models as m
from catalogue.kinds import KINDS, ChildSpec, KindSpec

FORMAT = "muster-catalogue/1"

# Card fields a record may carry, in the order they are written; the rest of Card is bookkeeping.
BASE_FIELDS = ("kind", "slug", "name", "names", "copies", "text", "source", "provenance", "notes", "is_standin")
ALWAYS_WRITTEN = {"kind", "slug", "name", "source"}
SET_FIELDS = ("slug", "name", "kind", "abbreviation", "released_on", "size", "position")


class RowError(Exception):
    """A bad value in a data file: names the file, the row and the field."""

    def __init__(self, file: str, message: str, row: int | None = None, slug: str = "", field: str = "") -> None:
        self.file, self.row, self.slug, self.field, self.message = file, row, slug, field, message
        where = file
        if row is not None:
            where += f": cards[{row}]" + (f" ({slug})" if slug else "")
        if field:
            where += f", field '{field}'"
        super().__init__(f"{where}: {message}")


@dataclass
class CardRecord:
    """One checked record, ready to store."""

    kind: str
    slug: str
    spec: KindSpec
    base: dict[str, Any]
    own: dict[str, Any]
    factions: list[str]
    children: dict[str, list[dict[str, Any]]]
    refs: dict[str, str | None]
    canonical: dict[str, Any]


@dataclass
class DataFile:
    path: str
    game: str
    ruleset: str
    set: dict[str, Any]
    source: str
    cards: list[CardRecord]


def own_fields(model: type[models.Model]) -> list[models.Field[Any, Any]]:
    """The typed fields a kind adds to Card (not the parent link, not references)."""
    return [
        f
        for f in model._meta.local_concrete_fields
        if not (isinstance(f, models.OneToOneField) and f.remote_field.parent_link)
        and not isinstance(f, models.ForeignKey)
    ]


def is_number(f: models.Field[Any, Any]) -> bool:
    """A whole or decimal number: NULL there is a number no source gives ("missing")."""
    return f.get_internal_type().endswith(("IntegerField", "DecimalField"))


def ref_fields(model: type[models.Model]) -> list[str]:
    return [
        f.name
        for f in model._meta.local_concrete_fields
        if isinstance(f, models.ForeignKey) and not (isinstance(f, models.OneToOneField) and f.remote_field.parent_link)
    ]


def child_fields(spec: ChildSpec) -> list[models.Field[Any, Any]]:
    return [f for f in spec.model._meta.concrete_fields if not f.primary_key and f.name not in (spec.fk, "position")]


def field_default(f: models.Field[Any, Any]) -> Any:
    if f.has_default():
        return f.get_default()
    if f.null:
        return None
    if isinstance(f, (models.CharField, models.TextField)):
        return ""
    return _REQUIRED


_REQUIRED = object()


def is_default(f: models.Field[Any, Any], value: Any) -> bool:
    default = field_default(f)
    if default is _REQUIRED:
        return False
    if isinstance(default, enum.Enum):
        default = default.value
    if value is None or default is None:
        return value is None and default is None
    return bool(value == default) and isinstance(value, bool) == isinstance(default, bool)


def to_json_value(f: models.Field[Any, Any], value: Any) -> Any:
    if value is None:
        return None
    if isinstance(f, models.DecimalField):
        return float(value) if value != int(value) else int(value)
    if isinstance(f, models.DateField):
        return value.isoformat()
    if isinstance(f, models.JSONField):
        return sorted_json(value)
    return value


def sorted_json(value: Any) -> Any:
    """Objects with their keys sorted, at every depth (lists keep their order).

    PostgreSQL's jsonb does not keep key order, SQLite does: sorting makes the written form the same on both."""
    if isinstance(value, dict):
        return {k: sorted_json(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [sorted_json(v) for v in value]
    return value


def check_value(f: models.Field[Any, Any], value: Any) -> Any:
    """Strict JSON typing first (a string is not a number), then the field's own validation."""
    if value is None:
        if not f.null:
            raise ValidationError("must not be null")
        return None
    if isinstance(f, models.BooleanField):
        if not isinstance(value, bool):
            raise ValidationError(f"must be true or false, not {json.dumps(value)}")
    elif isinstance(f, (models.IntegerField,)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError(f"must be a whole number, not {json.dumps(value)}")
    elif isinstance(f, models.DecimalField):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValidationError(f"must be a number, not {json.dumps(value)}")
        # 0.33 as written, not the binary float's 0.33000000000000001554 (which has too many places).
        value = decimal.Decimal(repr(value))
    elif isinstance(f, (models.CharField, models.TextField, models.DateField)):
        if not isinstance(value, str):
            raise ValidationError(f"must be a string, not {json.dumps(value)}")
    elif isinstance(f, models.JSONField):
        default = field_default(f)
        if isinstance(default, list) and not isinstance(value, list):
            raise ValidationError("must be a list")
        if isinstance(default, dict) and not isinstance(value, dict):
            raise ValidationError("must be an object")
    cleaned = f.clean(value, None)
    if isinstance(f, models.DecimalField):
        return cleaned
    return cleaned


def _messages(exc: ValidationError) -> str:
    return "; ".join(str(msg) for msg in exc.messages)


def parse_card(path: str, game: str, ruleset: str, row: int, raw: Any, default_source: str) -> CardRecord:
    if not isinstance(raw, dict):
        raise RowError(path, "a card must be a JSON object", row)
    raw_slug = raw.get("slug")
    slug: str = raw_slug if isinstance(raw_slug, str) else ""
    kind = raw.get("kind")
    if not isinstance(kind, str):
        raise RowError(path, "required", row, slug, "kind")
    spec = KINDS.get((game, ruleset, kind))
    if spec is None:
        known = sorted(k for (g, r, k) in KINDS if g == game and r == ruleset)
        raise RowError(
            path, f"unknown kind '{kind}' for {game}/{ruleset} (known: {', '.join(known)})", row, slug, "kind"
        )

    base: dict[str, Any] = {}
    card_fields = {f.name: f for f in m.Card._meta.concrete_fields}
    for name in BASE_FIELDS:
        f = card_fields[name]
        if name in raw:
            try:
                base[name] = check_value(f, raw[name])
            except ValidationError as exc:
                raise RowError(path, _messages(exc), row, slug, name) from None
        elif name == "source" and default_source:
            base[name] = default_source
        elif name in ALWAYS_WRITTEN or field_default(f) is _REQUIRED:
            raise RowError(path, "required", row, slug, name)
        else:
            base[name] = field_default(f)
    if not base["name"].strip():
        raise RowError(path, "must not be empty", row, slug, "name")
    own: dict[str, Any] = {}
    for f in own_fields(spec.model):
        if f.name in raw:
            try:
                own[f.name] = check_value(f, raw[f.name])
            except ValidationError as exc:
                raise RowError(path, _messages(exc), row, slug, f.name) from None
        else:
            default = field_default(f)
            if default is _REQUIRED:
                raise RowError(path, "required", row, slug, f.name)
            own[f.name] = default

    factions = raw.get("factions", [])
    if not isinstance(factions, list) or not all(isinstance(x, str) for x in factions):
        raise RowError(path, "must be a list of faction slugs", row, slug, "factions")

    children: dict[str, list[dict[str, Any]]] = {}
    for key, child in spec.children.items():
        items = raw.get(key, [])
        if not isinstance(items, list):
            raise RowError(path, "must be a list", row, slug, key)
        cfields = {f.name: f for f in child_fields(child)}
        rows: list[dict[str, Any]] = []
        for index, item in enumerate(items):
            if not isinstance(item, dict):
                raise RowError(path, "must be an object", row, slug, f"{key}[{index}]")
            unknown = sorted(set(item) - set(cfields))
            if unknown:
                raise RowError(path, f"unknown field '{unknown[0]}'", row, slug, f"{key}[{index}]")
            clean: dict[str, Any] = {}
            for name, f in cfields.items():
                try:
                    if name in item:
                        clean[name] = check_value(f, item[name])
                    else:
                        default = field_default(f)
                        if default is _REQUIRED:
                            raise ValidationError("required")
                        clean[name] = default
                except ValidationError as exc:
                    raise RowError(path, _messages(exc), row, slug, f"{key}[{index}].{name}") from None
            rows.append(clean)
        children[key] = rows

    refs: dict[str, str | None] = {}
    for name in spec.refs:
        value = raw.get(name)
        if value is not None and not isinstance(value, str):
            raise RowError(path, "must be the slug of a card", row, slug, name)
        refs[name] = value

    allowed = set(BASE_FIELDS) | {f.name for f in own_fields(spec.model)} | set(spec.children) | set(spec.refs)
    allowed.add("factions")
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise RowError(path, f"unknown field '{unknown[0]}' for a {game}/{ruleset} {kind}", row, slug, unknown[0])

    record = CardRecord(kind, base["slug"], spec, base, own, sorted(factions), children, refs, {})
    record.canonical = canonical_record(record)
    return record


def canonical_record(rec: CardRecord) -> dict[str, Any]:
    """The record as export writes it: model order, defaults left out."""
    card_fields = {f.name: f for f in m.Card._meta.concrete_fields}
    out: dict[str, Any] = {}
    for name in BASE_FIELDS:
        value = rec.base[name]
        if name in ALWAYS_WRITTEN or not is_default(card_fields[name], value):
            out[name] = to_json_value(card_fields[name], value)
    if rec.factions:
        out["factions"] = list(rec.factions)
    for f in own_fields(rec.spec.model):
        value = rec.own[f.name]
        if not is_default(f, value):
            out[f.name] = to_json_value(f, value)
    for name in rec.spec.refs:
        if rec.refs.get(name):
            out[name] = rec.refs[name]
    for key, child in rec.spec.children.items():
        rows = rec.children.get(key, [])
        if rows:
            cfields = child_fields(child)
            out[key] = [
                {f.name: to_json_value(f, r[f.name]) for f in cfields if not is_default(f, r[f.name])} for r in rows
            ]
    return out


def parse_file(path: str, text: str) -> DataFile:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RowError(path, f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if not isinstance(data, dict):
        raise RowError(path, "the file must hold a JSON object")
    if data.get("format") != FORMAT:
        raise RowError(path, f"'format' must be \"{FORMAT}\"", field="format")
    for key in ("game", "ruleset"):
        if not isinstance(data.get(key), str):
            raise RowError(path, "required", field=key)
    game, ruleset = data["game"], data["ruleset"]
    if not any(g == game and r == ruleset for (g, r, _k) in KINDS):
        raise RowError(path, f"unknown game/ruleset '{game}/{ruleset}'", field="game")
    header = data.get("set")
    if (
        not isinstance(header, dict)
        or not isinstance(header.get("slug"), str)
        or not isinstance(header.get("name"), str)
    ):
        raise RowError(path, "must be an object with at least 'slug' and 'name'", field="set")
    set_model_fields = {f.name: f for f in m.ProductSet._meta.concrete_fields}
    set_data: dict[str, Any] = {}
    for key, value in header.items():
        if key not in SET_FIELDS:
            raise RowError(path, f"unknown field '{key}'", field=f"set.{key}")
        try:
            set_data[key] = check_value(set_model_fields[key], value)
        except ValidationError as exc:
            raise RowError(path, _messages(exc), field=f"set.{key}") from None
    source = data.get("source", "")
    if not isinstance(source, str):
        raise RowError(path, "must be a string", field="source")
    unknown = sorted(set(data) - {"format", "game", "ruleset", "set", "source", "cards"})
    if unknown:
        raise RowError(path, f"unknown top-level key '{unknown[0]}'", field=unknown[0])
    cards = data.get("cards")
    if not isinstance(cards, list):
        raise RowError(path, "must be a list", field="cards")
    records = [parse_card(path, game, ruleset, i, raw, source) for i, raw in enumerate(cards)]
    seen: dict[str, int] = {}
    for i, rec in enumerate(records):
        if rec.slug in seen:
            raise RowError(path, f"duplicate slug (also cards[{seen[rec.slug]}])", i, rec.slug, "slug")
        seen[rec.slug] = i
    return DataFile(path, game, ruleset, set_data, source, records)


def set_header(values: dict[str, Any]) -> dict[str, Any]:
    """A set's header as export writes it: slug and name always, other fields only when not default."""
    fields = {f.name: f for f in m.ProductSet._meta.concrete_fields}
    out: dict[str, Any] = {}
    for name in SET_FIELDS:
        if name not in values:
            continue
        value = values[name]
        if name in ("slug", "name") or not is_default(fields[name], value):
            out[name] = to_json_value(fields[name], value)
    return out


def file_document(game: str, ruleset: str, set_data: dict[str, Any], cards: list[dict[str, Any]]) -> dict[str, Any]:
    """A file as export writes it. Every card carries its own ``source``; a hand-written file may give a
    default ``source`` at the top instead, which import copies into each card."""
    return {"format": FORMAT, "game": game, "ruleset": ruleset, "set": set_data, "cards": cards}


def dumps(doc: dict[str, Any]) -> str:
    """The one way files are written, by the conversion script and by export alike."""
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
