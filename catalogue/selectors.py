"""Reads of the catalogue for pages, the API and the other apps."""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Sum

from catalogue import models as m
from catalogue.services import catalogue_version_label


def catalogue_counts() -> dict[str, dict[str, dict[str, int]]]:
    """``{game: {ruleset: {kind: physical cards}}}``: copies summed, every game and ruleset listed."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for ruleset in m.Ruleset.objects.select_related("game").order_by("game__position", "-is_default", "slug"):
        out.setdefault(ruleset.game.slug, {})[ruleset.slug] = {}
    rows = (
        m.Card.objects.values("game__slug", "ruleset__slug", "kind")
        .annotate(total=Sum("copies"))
        .order_by("game__slug", "ruleset__slug", "kind")
    )
    for row in rows:
        out.setdefault(row["game__slug"], {}).setdefault(row["ruleset__slug"], {})[row["kind"]] = row["total"] or 0
    return out


def catalogue_summary() -> dict[str, object]:
    return {"version": catalogue_version_label(), "games": catalogue_counts()}


def catalogue_breakdown() -> list[dict[str, object]]:
    """Distinct cards and physical copies per game, ruleset, kind and set (for the import report)."""
    rows = (
        m.Card.objects.values("game__slug", "ruleset__slug", "kind", "product_set__name")
        .annotate(copies=Sum("copies"))
        .order_by("game__slug", "ruleset__slug", "kind", "product_set__name")
    )
    distinct: dict[tuple[str, str, str, str], int] = defaultdict(int)
    for card in m.Card.objects.values_list("game__slug", "ruleset__slug", "kind", "product_set__name"):
        distinct[(card[0], card[1], card[2], card[3] or "")] += 1
    return [
        {
            "game": r["game__slug"],
            "ruleset": r["ruleset__slug"],
            "kind": r["kind"],
            "set": r["product_set__name"] or "",
            "cards": distinct[(r["game__slug"], r["ruleset__slug"], r["kind"], r["product_set__name"] or "")],
            "copies": r["copies"] or 0,
        }
        for r in rows
    ]


def catalogue_versions(*, limit: int = 20) -> list[m.CatalogueVersion]:
    return list(m.CatalogueVersion.objects.order_by("-id")[:limit])
