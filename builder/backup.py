"""Backup and restore of everything players own: accounts, saved lists with every version, collections, the
numbers players entered for cards the catalogue lacks them for (kept with an account or a saved list), and
the editors' reviewed catalogue corrections (the layer above the bundled data). One versioned JSON archive;
the catalogue itself is not in it (it is the bundled data: ``import_catalogue``).

Restoring never overwrites: what the database already holds (an account of the same name, a list of the same
id, a version of the same number) is kept and counted as skipped; everything else is added, in one
transaction. A collection entry names its card by (game, ruleset, slug): import the catalogue first.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from builder.models import CollectionItem, EnteredCard, ListVersion, SavedList
from catalogue import models as cm
from catalogue.services import catalogue_version_label
from config.errors import ApplicationError

FORMAT = "muster-backup"
VERSION = 1
ACCOUNT_FIELDS = ("username", "email", "password", "first_name", "last_name", "is_active", "is_staff",
                  "is_superuser")


def _when(value: dt.datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _parse_when(value: Any) -> dt.datetime | None:
    return parse_datetime(value) if isinstance(value, str) else None


def backup_make() -> dict[str, Any]:
    """The whole archive as one JSON value (ordered, so the same database gives the same archive)."""
    users = {u.pk: u.username for u in User.objects.only("pk", "username")}
    accounts = [
        {**{f: getattr(u, f) for f in ACCOUNT_FIELDS}, "date_joined": _when(u.date_joined),
         "last_login": _when(u.last_login)}
        for u in User.objects.order_by("username")
    ]
    versions: dict[Any, list[dict[str, Any]]] = {}
    for v in ListVersion.objects.order_by("saved_list_id", "number"):
        versions.setdefault(v.saved_list_id, []).append(
            {"number": v.number, "document": v.document, "catalogue_version": v.catalogue_version,
             "created": _when(v.created), "note": v.note})
    lists = [
        {"id": str(s.id), "share_code": s.share_code, "edit_token_hash": s.edit_token_hash,
         "owner": users.get(s.owner_id) if s.owner_id else None,
         "forked_from": str(s.forked_from_id) if s.forked_from_id else None,
         "game": s.game, "ruleset": s.ruleset, "format": s.format, "name": s.name, "created": _when(s.created),
         "updated": _when(s.updated), "versions": versions.get(s.id, [])}
        for s in SavedList.objects.order_by("created", "id")
    ]
    collections = [
        {"owner": users[i.owner_id], "game": i.card.game.slug, "ruleset": i.card.ruleset.slug, "slug": i.card.slug,
         "name": i.card.name, "quantity": i.quantity, "updated": _when(i.updated)}
        for i in CollectionItem.objects.select_related("card__game", "card__ruleset").order_by(
            "owner__username", "card__game__slug", "card__ruleset__slug", "card__slug")
    ]
    corrections = [
        {"game": c.game, "ruleset": c.ruleset, "slug": c.slug, "field": c.field, "value": c.value, "was": c.was,
         "reason": c.reason, "editor": users.get(c.editor_id) if c.editor_id else None, "created": _when(c.created)}
        for c in cm.CardCorrection.objects.order_by("game", "ruleset", "slug", "field")
    ]
    entered = [
        {"id": str(e.id), "owner": users.get(e.owner_id) if e.owner_id else None,
         "saved_list": str(e.saved_list_id) if e.saved_list_id else None, "game": e.game, "ruleset": e.ruleset,
         "kind": e.kind, "slug": e.slug, "name": e.name, "values": e.values, "catalogue_version": e.catalogue_version,
         "source": e.source, "created": _when(e.created), "updated": _when(e.updated)}
        for e in EnteredCard.objects.order_by("game", "ruleset", "slug", "id")
    ]
    return {"format": FORMAT, "version": VERSION, "created": _when(timezone.now()),
            "catalogue_version": catalogue_version_label(), "accounts": accounts, "lists": lists,
            "collections": collections, "entered_cards": entered, "corrections": corrections}


@dataclass
class RestoreReport:
    added: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)

    def count(self, what: str, added: bool) -> None:
        target = self.added if added else self.skipped
        target[what] = target.get(what, 0) + 1


def _check(archive: Any) -> None:
    if not isinstance(archive, dict) or archive.get("format") != FORMAT:
        raise ApplicationError(f"Not a Muster backup (its 'format' is not {FORMAT!r}).", fields={"/format": [
            f"must be {FORMAT}"]})
    if archive.get("version") != VERSION:
        raise ApplicationError(f"Backup version {archive.get('version')!r} is not one this Muster reads "
                               f"(it reads version {VERSION}).", fields={"/version": [f"must be {VERSION}"]})
    for key in ("accounts", "lists", "collections", "entered_cards", "corrections"):
        if not isinstance(archive.get(key, []), list):
            raise ApplicationError(f"'{key}' must be a list.", fields={f"/{key}": ["must be a list"]})


@transaction.atomic
def backup_restore(*, archive: Any) -> RestoreReport:
    """Add what the archive holds and the database does not (all or nothing)."""
    _check(archive)
    report = RestoreReport()
    users: dict[str, User] = {}
    for a in archive.get("accounts", []):
        user = User.objects.filter(username=a["username"]).first()
        if user is None:
            user = User(**{f: a[f] for f in ACCOUNT_FIELDS if f in a})
            user.date_joined = _parse_when(a.get("date_joined")) or timezone.now()
            user.last_login = _parse_when(a.get("last_login"))
            user.save()
            report.count("accounts", True)
        else:
            report.count("accounts", False)
        users[a["username"]] = user
    lists = archive.get("lists", [])
    for item in lists:
        saved = SavedList.objects.filter(pk=item["id"]).first()
        if saved is None:
            owner = users.get(item["owner"]) if item.get("owner") else None
            saved = SavedList.objects.create(
                id=item["id"], share_code=item["share_code"], edit_token_hash=item["edit_token_hash"],
                owner=owner, game=item["game"], ruleset=item["ruleset"], format=item["format"], name=item["name"],
            )
            report.count("lists", True)
        else:
            report.count("lists", False)
        have = set(saved.versions.values_list("number", flat=True))
        for v in item.get("versions", []):
            if v["number"] in have:
                report.count("versions", False)
                continue
            version = ListVersion.objects.create(saved_list=saved, number=v["number"], document=v["document"],
                                                 catalogue_version=v.get("catalogue_version", ""),
                                                 note=v.get("note", ""))
            ListVersion.objects.filter(pk=version.pk).update(created=_parse_when(v.get("created")) or timezone.now())
            report.count("versions", True)
        SavedList.objects.filter(pk=saved.pk).update(created=_parse_when(item.get("created")) or saved.created,
                                                    updated=_parse_when(item.get("updated")) or saved.updated)
    for item in lists:  # forks point at lists that may come later in the archive
        if item.get("forked_from") and SavedList.objects.filter(pk=item["forked_from"]).exists():
            SavedList.objects.filter(pk=item["id"], forked_from__isnull=True).update(forked_from=item["forked_from"])
    missing: list[str] = []
    for i, c in enumerate(archive.get("collections", [])):
        card = cm.Card.objects.filter(game__slug=c["game"], ruleset__slug=c["ruleset"], slug=c["slug"]).first()
        if card is None:
            missing.append(f"/collections/{i}: {c['game']}/{c['ruleset']}/{c['slug']} ({c.get('name', '')})")
            continue
        owner = users.get(c["owner"])
        if owner is None:
            missing.append(f"/collections/{i}: no account {c['owner']!r} in the backup")
            continue
        item, created = CollectionItem.objects.get_or_create(owner=owner, card=card,
                                                             defaults={"quantity": c["quantity"]})
        if created and _parse_when(c.get("updated")):
            CollectionItem.objects.filter(pk=item.pk).update(updated=_parse_when(c.get("updated")))
        report.count("collection entries", created)
    if missing:
        raise ApplicationError(
            f"{len(missing)} collection entries name cards this catalogue does not hold: import the catalogue "
            f"first (import_catalogue). First: {missing[0]}",
            fields={m.split(":", 1)[0]: [m.split(": ", 1)[1]] for m in missing[:20]},
        )
    for e in archive.get("entered_cards", []):  # a player's own numbers, with their account or their list
        if EnteredCard.objects.filter(pk=e["id"]).exists():
            report.count("entered cards", False)
            continue
        entered = EnteredCard.objects.create(
            id=e["id"], owner=users.get(e["owner"]) if e.get("owner") else None,
            saved_list=SavedList.objects.filter(pk=e["saved_list"]).first() if e.get("saved_list") else None,
            game=e["game"], ruleset=e["ruleset"], kind=e["kind"], slug=e["slug"], name=e["name"],
            values=e.get("values") or {}, catalogue_version=e.get("catalogue_version", ""), source=e.get("source", ""),
        )
        EnteredCard.objects.filter(pk=entered.pk).update(
            created=_parse_when(e.get("created")) or entered.created,
            updated=_parse_when(e.get("updated")) or entered.updated)
        report.count("entered cards", True)
    for c in archive.get("corrections", []):
        correction, created = cm.CardCorrection.objects.get_or_create(
            game=c["game"], ruleset=c["ruleset"], slug=c["slug"], field=c["field"],
            defaults={"value": c.get("value"), "was": c.get("was"), "reason": c.get("reason", ""),
                      "editor": users.get(c["editor"]) if c.get("editor") else None},
        )
        if created and _parse_when(c.get("created")):
            cm.CardCorrection.objects.filter(pk=correction.pk).update(created=_parse_when(c.get("created")))
        report.count("corrections", created)
    return report
