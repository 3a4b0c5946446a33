"""Reads of saved lists: by id, by share code, their versions, and what the catalogue changed since."""

from __future__ import annotations

import uuid
from typing import Any

from builder.models import ListVersion, SavedList
from catalogue.models import CatalogueChange, CatalogueVersion
from catalogue.services import catalogue_version_label
from catalogue.text import normalise_name
from config.errors import ApplicationError


def list_get(*, list_id: Any) -> SavedList:
    try:
        list_uuid = uuid.UUID(str(list_id))
    except ValueError:
        list_uuid = None
    saved = SavedList.objects.filter(pk=list_uuid).first() if list_uuid else None
    if saved is None:
        raise ApplicationError("No saved list has this id.", code="not_found", status=404)
    return saved


def list_get_shared(*, share_code: str) -> SavedList:
    saved = SavedList.objects.filter(share_code=share_code).first()
    if saved is None:
        raise ApplicationError("No shared list has this code.", code="not_found", status=404)
    return saved


def list_current(*, saved_list: SavedList) -> ListVersion:
    version = saved_list.versions.order_by("-number").first()
    if version is None:  # a list always has a version; this is a broken row
        raise ApplicationError("This list has no saved version.", code="not_found", status=404)
    return version


def list_versions(*, saved_list: SavedList) -> list[ListVersion]:
    return list(saved_list.versions.order_by("-number"))


def _document_card_keys(document: dict[str, Any]) -> set[str]:
    keys: set[str] = set()

    def add(value: Any) -> None:
        if isinstance(value, str):
            keys.add(normalise_name(value))

    for entry in document.get("entries") or []:
        if isinstance(entry, dict):
            add(entry.get("card"))
    for entry in document.get("orders") or []:
        if isinstance(entry, dict):
            add(entry.get("card"))
    for name in document.get("commanders") or []:
        add(name)
    for placed in document.get("deployment") or []:
        if isinstance(placed, dict):
            add(placed.get("card"))
    plan = document.get("plan")
    if isinstance(plan, dict):
        for entry in plan.get("entries") or []:
            if isinstance(entry, dict):
                add(entry.get("card") or entry.get("name"))
    return keys


def list_catalogue_changes(*, version: ListVersion) -> dict[str, Any]:
    """Whether the catalogue changed since this version was saved, and the changes to cards it names."""
    current = catalogue_version_label()
    if version.catalogue_version == current:
        return {"saved_against": version.catalogue_version, "current": current, "changed": False, "changes": []}
    saved = CatalogueVersion.objects.filter(label=version.catalogue_version).order_by("-id").first()
    later = CatalogueChange.objects.filter(game=version.document.get("game", ""))
    if saved is not None:
        later = later.filter(version_id__gt=saved.id)
    keys = _document_card_keys(version.document)
    changes = [
        {"card": c.name, "slug": c.slug, "action": c.action, "fields": c.fields, "reason": c.reason}
        for c in later.select_related("version").order_by("version_id", "slug")
        if normalise_name(c.name) in keys or normalise_name(c.slug) in keys
    ]
    return {"saved_against": version.catalogue_version, "current": current, "changed": True, "changes": changes}
