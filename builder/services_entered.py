"""Writes of the numbers a player enters for a card (``builder.models.EnteredCard``): save, delete, offer to
the catalogue, and move to an account when a list is claimed.

A player's numbers are checked against the card kind's sheet (``builder/sheets.py``: types and bounds, a 400
with a message per field) and then, laid over the catalogue's record, as the catalogue's import checks a card,
so an editor can accept them as they are. Only what differs from the catalogue is kept: a number the catalogue
already has is not copied (a later correction of the catalogue then shows through).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.utils.translation import gettext as _

from builder.models import EnteredCard, SavedList
from builder.sheets import Sheet, sheet_amend, sheet_check, sheet_for
from catalogue import dataformat as fmt
from catalogue import models as cm
from catalogue.kinds import card_spec
from catalogue.services import card_canonical, card_report_create, catalogue_version_label
from config.errors import ApplicationError


@dataclass(frozen=True)
class Keeper:
    """Whose entered numbers are written: a signed-in player's, or a saved list's (its edit token proved)."""

    user: AbstractBaseUser | None = None
    saved_list: SavedList | None = None

    @classmethod
    def of(cls, user: AbstractBaseUser | AnonymousUser | None, saved_list: SavedList | None) -> Keeper:
        if user is not None and user.is_authenticated:
            return cls(user=user)
        if saved_list is not None:
            return cls(saved_list=saved_list)
        raise ApplicationError(
            "Numbers you enter are kept with your account, or with a saved list you can edit: sign in, or save "
            "your list first.", code="no-keeper", status=403,
        )

    def filter(self) -> dict[str, Any]:
        return {"owner": self.user} if self.user is not None else {"saved_list": self.saved_list}


def card_record(card: cm.Card) -> dict[str, Any]:
    """The catalogue's record of a card (its typed row), in the data format."""
    spec = card_spec(card)
    if spec is None or not isinstance(card, spec.model):
        raise ApplicationError("This card cannot be completed here.", code="invalid")
    return card_canonical(card, spec)


def _on_sheet(sheet: Sheet, key: str, rows: Any) -> Any:
    """A record's rows as the sheet shows them (only the fields its groups have), to compare."""
    groups = sheet.groups_of(key)
    names = {f.name for g in groups for f in g.fields} | {k for g in groups for k in g.fixed}
    if not names or not isinstance(rows, list):
        return rows
    return [{k: v for k, v in r.items() if k in names} for r in rows if isinstance(r, Mapping)]


def entered_changes(card: cm.Card, sheet: Sheet, record: Mapping[str, Any], values: Mapping[str, Any]
                    ) -> dict[str, Any]:
    """The entered values that differ from the catalogue's record (what a player adds or corrects), in the
    catalogue's own canonical form: the record with the values laid over is checked as the import checks a
    card (a 400 naming the field), so what an editor accepts is a valid record, and a value equal to the
    catalogue's (however typed; rows compared on the fields the sheet shows) is no change."""
    merged = {**record, **values}
    try:
        rec = fmt.parse_card(f"{card.game.slug}/{card.ruleset.slug}/{card.slug}", card.game.slug,
                             card.ruleset.slug, 0, merged, "")
    except fmt.RowError as exc:
        pointer = "/" + exc.field.split("[")[0].split(".")[0] if exc.field else ""
        raise ApplicationError(f"{exc.field or 'card'}: {exc.message}", fields={pointer: [exc.message]}) from None
    canonical = rec.canonical
    out: dict[str, Any] = {}
    for key, value in values.items():
        new = canonical.get(key, [] if isinstance(value, list) else None)
        old = record.get(key, [] if isinstance(value, list) else None)
        if _on_sheet(sheet, key, new) != _on_sheet(sheet, key, old):
            out[key] = new
    return out


def entered_card_save(*, keeper: Keeper, card: cm.Card, raw: Any, source: str = "") -> EnteredCard | None:
    """Keep the numbers a player typed in for ``card`` (its typed row). Returns the entry, or None when nothing
    differs from the catalogue any more (then an earlier entry is removed). Raises ``ApplicationError`` (400)
    with a message per field when a value is out of the card's bounds."""
    sheet = sheet_for(card.game.slug, card.ruleset.slug, card.kind, card.slug)
    if sheet is None:
        raise ApplicationError("Numbers cannot be entered for this kind of card yet.", code="no-sheet")
    values, errors = sheet_check(sheet, raw)
    if len(source) > 500:
        errors.setdefault("/source", []).append(_("At most %(n)s characters.") % {"n": 500})
    if errors:
        raise ApplicationError(_("Some numbers are not right: see each field."), fields=errors)
    record = card_record(card)
    values, errors = sheet_amend(sheet, record, values)
    if errors:
        raise ApplicationError(_("Some numbers are not right: see each field."), fields=errors)
    changes = entered_changes(card, sheet, record, values)
    with transaction.atomic():
        existing = EnteredCard.objects.select_for_update().filter(
            game=card.game.slug, ruleset=card.ruleset.slug, slug=card.slug, **keeper.filter()).first()
        if not changes:
            if existing is not None:
                existing.delete()
            return None
        entry = existing or EnteredCard(game=card.game.slug, ruleset=card.ruleset.slug, kind=card.kind,
                                        slug=card.slug, **keeper.filter())
        entry.name = card.name
        entry.values = changes
        entry.source = source.strip()
        entry.catalogue_version = catalogue_version_label()
        if existing is not None and existing.report_id is not None and existing.values != changes:
            entry.report = None  # the numbers changed since they were offered: offer them again
        entry.save()
    return entry


def entered_card_delete(*, entry: EnteredCard) -> None:
    entry.delete()


def entered_card_offer(*, entry: EnteredCard, card: cm.Card, source: str, message: str = "") -> cm.CardReport:
    """Offer the entered numbers to the catalogue: a report an editor reviews (and may accept as they are)."""
    report = card_report_create(card=card, field="other", source=source or entry.source, message=message,
                                proposed_values=dict(entry.values))
    entry.report = report
    entry.save(update_fields=["report", "updated"])
    return report


def entered_cards_claim(*, saved_list: SavedList, user: AbstractBaseUser) -> int:
    """When a player claims a list into their account, the numbers kept with the list become theirs (where
    they have none of their own for the card). Returns how many moved."""
    moved = 0
    with transaction.atomic():
        for entry in EnteredCard.objects.select_for_update().filter(saved_list=saved_list):
            mine = EnteredCard.objects.filter(owner_id=user.pk, game=entry.game, ruleset=entry.ruleset, slug=entry.slug)
            if mine.exists():
                continue
            entry.owner_id, entry.saved_list = user.pk, None
            entry.save(update_fields=["owner", "saved_list", "updated"])
            moved += 1
    return moved
