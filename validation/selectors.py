"""Reads for validation: the catalogue facts the rules need, and the formats.

``catalogue_facts`` hands the pure core every card of one game and ruleset as plain data
(:class:`validation.core.CardFacts`). It is kept per process and per catalogue version: a validation
asks the database for the current version (one query) and, only when the version changed since the
last one, loads the facts in one more query — so a validation makes at most 2 queries whatever the
list's size. The load is generic: it reads ``catalogue.kinds.KINDS`` for the typed fields, children and
references of each kind, so a new game's cards need no change here.

The version itself is read at most once per ``MUSTER_CATALOGUE_VERSION_TTL`` seconds (default 1) by a
web process outside a transaction: a catalogue import in another process shows within that time, one
in this process (a new ``CatalogueVersion`` row) at once, and inside a transaction (a test, an import
followed by a validation) the version is always read.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from django.conf import settings
from django.db import connection, models
from django.db.models import F, OuterRef, Subquery
from django.db.models.functions import JSONObject
from django.db.models.signals import post_delete, post_save

from catalogue import dataformat as fmt
from catalogue import models as m
from catalogue.kinds import KINDS
from catalogue.services import catalogue_version_label
from catalogue.text import normalise_name
from validation.core import CardFacts, Catalogue, SetFacts, describe_formats

# Rows a card owns that the rules read, per kind's child key (attacks and spells are the simulator's).
CHILDREN_READ = ("abilities", "minions")
ABILITY_FIELDS = ("name", "kind", "param", "value")


class _JSONGroupArray(models.Aggregate):
    """``json_group_array`` (SQLite) / ``json_agg`` (PostgreSQL): a card's rows as one JSON array."""

    function = "JSON_GROUP_ARRAY"
    output_field = models.TextField()

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        return self.as_sql(compiler, connection, function="JSON_AGG", **extra)


def _rows_json(model: type[models.Model], fk: str, fields: tuple[str, ...]) -> Subquery:
    value = JSONObject(**{name: F(name) for name in fields}) if len(fields) > 1 else F(fields[0])
    rows = (
        model._default_manager.filter(**{fk: OuterRef("pk")})
        .order_by()
        .values(fk)
        .annotate(rows=_JSONGroupArray(value))
        .values("rows")
    )
    return Subquery(rows, output_field=models.TextField())


def _decode(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, str):
        decoded = json.loads(value)
        return decoded if isinstance(decoded, list) else []
    return list(value)


def _load(game: str, ruleset: str, version: str) -> Catalogue:
    """Every card of a game and ruleset in one query."""
    specs = {kind: spec for (g, r, kind), spec in KINDS.items() if g == game and r == ruleset}
    columns: dict[str, tuple[str, str]] = {}  # value name -> (kind model accessor, field)
    annotations: dict[str, Any] = {
        "_factions": _rows_json(m.Card.factions.through, "card", ("faction__slug",)),
        "_abilities": _rows_json(m.CardAbility, "card", ABILITY_FIELDS),
    }
    per_model: dict[type[m.Card], str] = {}
    for spec in specs.values():
        if spec.model in per_model:
            continue
        accessor = spec.model._meta.model_name or ""
        per_model[spec.model] = accessor
        for f in fmt.own_fields(spec.model):
            columns[f"{accessor}__{f.name}"] = (accessor, f.name)
        for ref in spec.refs:
            columns[f"{accessor}__{ref}__slug"] = (accessor, f"@{ref}")
        for key, child in spec.children.items():
            if key in CHILDREN_READ and child.model is not m.CardAbility:
                names = tuple(f.name for f in fmt.child_fields(child))
                annotations[f"_{accessor}__{key}"] = _rows_json(child.model, child.fk, names)
    annotations["_former"] = _rows_json(m.CardFormerName, "card", ("name",))
    query = (
        m.Card.objects.filter(game__slug=game, ruleset__slug=ruleset)
        .order_by("kind", "slug")
        .annotate(**annotations)
        .values(
            "slug",
            "name",
            "kind",
            "copies",
            "is_standin",
            "names",
            "retired",
            "product_set__slug",
            "product_set__name",
            "product_set__abbreviation",
            *columns,
            *annotations,
        )
    )
    sets: dict[str, SetFacts] = {}
    cards: list[CardFacts] = []
    retired: dict[str, str] = {}
    kind_accessor = {kind: per_model[spec.model] for kind, spec in specs.items()}
    for row in query:
        if row["retired"]:  # no longer in the catalogue: only its name is kept, to say so
            retired.setdefault(normalise_name(row["name"]), row["name"])
            retired.setdefault(row["slug"].casefold(), row["name"])
            continue
        accessor = kind_accessor.get(row["kind"], "")
        own: dict[str, Any] = {}
        refs: dict[str, str | None] = {}
        for column, (owner, name) in columns.items():
            if owner != accessor:
                continue
            if name.startswith("@"):
                refs[name[1:]] = row[column]
            else:
                own[name] = row[column]
        children: dict[str, tuple[dict[str, Any], ...]] = {"abilities": tuple(_decode(row["_abilities"]))}
        for key in CHILDREN_READ:
            column = f"_{accessor}__{key}"
            if column in row:
                children[key] = tuple(_decode(row[column]))
        set_slug = row["product_set__slug"]
        product = None
        if set_slug:
            product = sets.setdefault(
                set_slug, SetFacts(set_slug, row["product_set__name"], row["product_set__abbreviation"] or "")
            )
        cards.append(
            CardFacts(
                slug=row["slug"],
                name=row["name"],
                kind=row["kind"],
                set=product,
                factions=tuple(sorted(str(f) for f in _decode(row["_factions"]))),
                copies=row["copies"],
                is_standin=row["is_standin"],
                names=row["names"] or {},
                former=tuple(str(x) for x in _decode(row["_former"])),
                fields=own,
                children=children,
                refs=refs,
            )
        )
    return Catalogue(game, ruleset, version, tuple(cards), retired=retired)


_CACHE: dict[tuple[str, str], Catalogue] = {}
_LOCK = threading.Lock()
_VERSION: list[tuple[str, float]] = []  # (label, when read): at most one item


def _forget_version(**kwargs: Any) -> None:
    _VERSION.clear()


post_save.connect(_forget_version, sender=m.CatalogueVersion, dispatch_uid="validation-forget-version")
post_delete.connect(_forget_version, sender=m.CatalogueVersion, dispatch_uid="validation-forget-version-delete")


def catalogue_version_current() -> str:
    """The catalogue's current version label, read at most once per TTL outside a transaction."""
    ttl = float(getattr(settings, "MUSTER_CATALOGUE_VERSION_TTL", 1.0))
    now = time.monotonic()
    if not connection.in_atomic_block and _VERSION and now - _VERSION[0][1] < ttl:
        return _VERSION[0][0]
    label = catalogue_version_label()
    if not connection.in_atomic_block:
        _VERSION[:] = [(label, now)]
    return label


def catalogue_facts(*, game: str, ruleset: str) -> Catalogue:
    """The facts of one game and ruleset at the current catalogue version (at most 2 queries)."""
    version = catalogue_version_current()
    cached = _CACHE.get((game, ruleset))
    if cached is not None and cached.version == version:
        return cached
    loaded = _load(game, ruleset, version)
    with _LOCK:
        _CACHE[(game, ruleset)] = loaded
    return loaded


def catalogue_facts_forget() -> None:
    """Drop the kept facts and version (tests that change the catalogue without a new version)."""
    with _LOCK:
        _CACHE.clear()
        _VERSION.clear()


def formats_list() -> dict[str, Any]:
    """Every format with its rules and parameters (``GET /api/v1/formats/``)."""
    return describe_formats()
