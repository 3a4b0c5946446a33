"""The pages of card numbers a player enters: a card's form, which reads like its printed card
(``/cards/<game>/<ruleset>/<slug>/numbers/``), and "My card numbers" (``/cards/mine/``).

The form shows the catalogue's numbers and the player's own, marked "entered by a player"; saving keeps what
differs from the catalogue, with the player's account or (without one) with the saved list named by ``?list=``
whose edit token the browser holds. Only the player's own numbers are ever shown or changed here.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from builder.models import EnteredCard, SavedList
from builder.selectors_entered import entered_cards, entered_for, entered_source, request_scope
from builder.selectors_results import text_render
from builder.services import list_can_edit
from builder.services_entered import (
    Keeper,
    card_record,
    entered_card_delete,
    entered_card_offer,
    entered_card_save,
)
from builder.sheets import Choices, Flag, Number, Rows, Sheet, SheetField, Text, Words, sheet_for, sheet_rows
from builder.tokens import edit_tokens
from catalogue import models as cm
from catalogue.selectors import card_get
from config.errors import ApplicationError
from config.limits import client_address, limit_count, limit_reached

SAVES_PER_MINUTE = 30
BLANK_ROWS = 2


def _keeper(request: HttpRequest) -> tuple[Keeper | None, SavedList | None]:
    """Whose numbers this page writes: the account, or the ``?list=`` list whose edit token the browser holds."""
    saved = None
    list_id = request.GET.get("list") or request.POST.get("list") or ""
    try:
        saved = SavedList.objects.filter(pk=uuid.UUID(list_id)).first() if list_id else None
    except ValueError:
        saved = None
    if saved is not None and not list_can_edit(saved_list=saved, user=request.user,
                                               token=edit_tokens(request).get(str(saved.pk))):
        saved = None
    try:
        return Keeper.of(request.user, saved), saved
    except ApplicationError:
        return None, saved


def _next(request: HttpRequest) -> str:
    target = request.GET.get("next") or request.POST.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                                  require_https=request.is_secure()):
        return target
    return ""


def _throttled(request: HttpRequest) -> bool:
    key = f"user-{request.user.pk}" if request.user.is_authenticated else client_address(request)
    if limit_reached(scope="entered-save", key=key, limit=SAVES_PER_MINUTE):
        return True
    limit_count(scope="entered-save", key=key, window=60)
    return False


def _kind(f: SheetField) -> str:
    return {Number: "number", Flag: "flag", Choices: "choices", Words: "words"}.get(type(f), "text")


def _cell(f: SheetField, value: Any, entered: bool, error: list[str], prefix: str, readonly: bool = False
          ) -> dict[str, Any]:
    cell: dict[str, Any] = {"name": f"{prefix}{f.name}", "field": f.name, "label": f.label, "help": f.help,
                            "kind": _kind(f), "entered": entered, "errors": error, "readonly": readonly}
    if isinstance(f, Number):
        cell.update(low=f.low, high=f.high, value="" if value is None else value)
    elif isinstance(f, Flag):
        cell["value"] = "" if value is None else ("yes" if value else "no")
    elif isinstance(f, Choices):
        chosen = set(value or ())
        cell["options"] = [{"value": k, "label": label, "checked": k in chosen} for k, label in f.choices()]
    elif isinstance(f, Words):
        cell["value"] = ", ".join(value) if isinstance(value, list) else (value or "")
    elif isinstance(f, Text):
        cell.update(value=value or "", long=f.long, max_length=f.max_length, strict=f.strict,
                    options=[{"value": k, "label": label} for k, label in f.choices()] if f.choices else [])
    return cell


def _form(sheet: Sheet, shown: dict[str, Any], entered: dict[str, Any], errors: dict[str, list[str]],
          extra_rows: int = 0) -> dict[str, Any]:
    """The sheet as the template draws it: each field with its value, whether a player entered it, its errors;
    each row group with its rows and a few blank ones."""
    fields = [_cell(f, shown.get(f.name), f.name in entered, errors.get(f"/{f.name}", []), "") for f in sheet.fields]
    groups = []
    split = sheet_rows(sheet, shown)
    for group in sheet.rows:
        rows = split.get(group.name, [])
        count = len(rows) if group.amend else min(group.max_rows, len(rows) + BLANK_ROWS + extra_rows)
        rows = rows + [{} for _ in range(count - len(rows))]
        groups.append({
            "name": group.name, "label": group.label, "help": group.help, "count": count,
            "entered": group.key in entered, "errors": errors.get(f"/{group.name}", []),
            "more": not group.amend,
            "rows": [{"caption": row.get(group.caption) if group.caption else "",
                      "cells": [_cell(f, row.get(f.name), False, errors.get(f"/{group.name}/{i}/{f.name}", []),
                                      f"{group.name}-{i}-", readonly=f.name == group.amend) for f in group.fields]}
                     for i, row in enumerate(rows)],
        })
    return {"fields": fields, "groups": groups, "more": any(g["more"] for g in groups)}


def _posted(sheet: Sheet, data: Any) -> dict[str, Any]:
    """The form's values as the sheet's raw values (rows with every cell empty are left out by the check)."""
    raw: dict[str, Any] = {}
    for f in sheet.fields:
        raw[f.name] = data.getlist(f.name) if isinstance(f, Choices) else data.get(f.name, "")
    for group in sheet.rows:
        raw[group.name] = _posted_rows(group, data)
    return raw


def _posted_rows(group: Rows, data: Any) -> list[dict[str, Any]]:
    try:
        count = min(int(data.get(f"{group.name}-rows", "0")), group.max_rows + BLANK_ROWS)
    except ValueError:
        count = 0
    rows = []
    for i in range(max(count, 0)):
        row = {f.name: data.get(f"{group.name}-{i}-{f.name}", "") for f in group.fields}
        if any(str(v).strip() for v in row.values()):
            rows.append(row)
    return rows


@require_http_methods(["GET", "POST"])
def card_numbers(request: HttpRequest, game: str, ruleset: str, slug: str) -> HttpResponse:
    card = card_get(game=game, ruleset=ruleset, slug=slug)
    sheet = sheet_for(game, ruleset, card.kind, card.slug) if card is not None else None
    if card is None or sheet is None:
        raise Http404("No card with numbers to enter here.")
    keeper, saved = _keeper(request)
    entry = entered_for(keeper=keeper, game=game, ruleset=ruleset, slug=slug) if keeper else None
    record = card_record(card)
    errors: dict[str, list[str]] = {}
    status = 200
    raw: dict[str, Any] | None = None
    extra_rows = 0
    offer_errors: dict[str, list[str]] = {}
    if request.method == "POST":
        op = request.POST.get("op", "save")
        if keeper is None:
            return render(request, "entered/card.html", _context(request, card, sheet, record, None, saved, {}),
                          status=403)
        if _throttled(request):
            messages.error(request, _("Too many saves from here in the last minute; please try again shortly."))
            status = 429
        elif op == "more":
            raw, extra_rows = _posted(sheet, request.POST), BLANK_ROWS
        elif op == "delete":
            if entry is not None:
                entered_card_delete(entry=entry)
            messages.success(request, _("Your numbers for %(card)s are forgotten.") % {"card": card.name})
            return HttpResponseRedirect(request.get_full_path(), status=303)
        elif op == "offer":
            if entry is None:
                raise Http404("Nothing entered to offer.")
            source = request.POST.get("source", "").strip()
            if len(source) < 3:
                offer_errors["source"] = [_("Say where the numbers come from (your printed card, its set).")]
                status = 400
            else:
                try:
                    entered_card_offer(entry=entry, card=card, source=source,
                                       message=request.POST.get("message", "")[:2000])
                except ApplicationError as exc:
                    offer_errors["source"] = [exc.message]
                    status = 400
                else:
                    messages.success(request, _("Thank you: an editor will check your numbers against your source."))
                    return HttpResponseRedirect(request.get_full_path(), status=303)
        else:
            raw = _posted(sheet, request.POST)
            try:
                entry = entered_card_save(keeper=keeper, card=card, raw=raw,
                                          source=request.POST.get("source", "")[:500])
            except ApplicationError as exc:
                errors = exc.fields or {"": [exc.message]}
                status = 400
            else:
                messages.success(request, _("Saved: these numbers are used in your own checks and previews, marked "
                                            "“entered by a player”.") if entry else
                                 _("Nothing differs from the catalogue: nothing is kept."))
                target = _next(request)
                return HttpResponseRedirect(target or request.get_full_path(), status=303)
    context = _context(request, card, sheet, record, entry, saved, errors, raw=raw, extra_rows=extra_rows)
    context["offer_errors"] = offer_errors
    context["keeper"] = keeper
    return render(request, "entered/card.html", context, status=status)


def _context(request: HttpRequest, card: cm.Card, sheet: Sheet, record: dict[str, Any], entry: EnteredCard | None,
             saved: SavedList | None, errors: dict[str, list[str]], *, raw: dict[str, Any] | None = None,
             extra_rows: int = 0) -> dict[str, Any]:
    entered = dict(entry.values) if entry is not None else {}
    shown = sheet.view({**record, **entered})
    if sheet.nest is not None:  # the parts of one object (a board's layout): all of it is the player's
        entered = sheet.view(entered)
    if raw is not None:  # a form sent back with its errors shows what was typed
        shown = {**sheet.view(record), **{f.name: raw.get(f.name) for f in sheet.fields}}
        targets: dict[str, list[dict[str, Any]]] = {}
        for group in sheet.rows:
            targets.setdefault(group.key, []).extend({**r, **group.fixed} for r in raw.get(group.name, []))
        shown.update(targets)
    return {
        "card": card, "sheet": sheet, "form": _form(sheet, shown, entered, errors, extra_rows), "entry": entry,
        "errors": errors.get("", []), "saved": saved, "next": _next(request),
        "catalogue_page": reverse("catalogue-card", args=[card.game.slug, card.ruleset.slug, card.slug]),
        "report": entry.report if entry is not None else None, "keeper": None,
    }


@require_GET
def my_cards(request: HttpRequest) -> HttpResponse:
    """Every card a player entered numbers for (their account's and their lists' in this browser)."""
    entries = entered_cards(scope=request_scope(request))
    return render(request, "entered/mine.html", {"entries": entries})


# --- readiness beside a list (the builder, the shared page) --------------------------------------------------

def numbers_links(result: dict[str, Any] | None, *, game: str, ruleset: str, catalogue: Any, saved: SavedList | None,
                  back: str, can_edit: bool) -> None:
    """Give each "the catalogue lacks …" finding of a checked list a link to the card's numbers form, where a
    player who owns the card types the number in (``numbers_url``), when the card's sheet has that field."""
    if not result or catalogue is None:
        return
    query = {"next": back}
    if saved is not None and can_edit:
        query["list"] = str(saved.pk)
    for finding in result.get("violations") or []:
        if finding.get("rule") != "catalogue.missing-data":
            continue
        card = catalogue.by_slug.get(str(finding.get("card", "")).casefold())
        sheet = sheet_for(game, ruleset, card.kind, card.slug) if card is not None else None
        if sheet is not None and finding.get("field") in sheet.names:
            finding["numbers_url"] = reverse("card-numbers", args=[game, ruleset, card.slug]) + "?" + urlencode(query)


def readiness_facts(document: Any, *, entered: Any) -> dict[str, Any] | None:
    """What :func:`readiness_context` shows that does not depend on who asks beyond their numbers (``entered``)
    and language: plain data, so the shared page can keep it per list version (``builder.readcache``)."""
    from simulate.readiness import list_readiness

    try:
        readiness = list_readiness(document=document, entered=entered)
    except ApplicationError:
        return None
    return {"status": readiness.status, "game": readiness.game, "ruleset": readiness.ruleset,
            "gaps": [{"card": gap.card, "slug": gap.slug, "fields": [text_render(text=f.json()) or str(f)
                                                                     for f in gap.fields]} for gap in readiness.gaps],
            "share": readiness.unplayed_share, "caution": readiness.caution, "entered": list(readiness.entered)}


def readiness_context(request: HttpRequest, document: Any, *, saved: SavedList | None, back: str,
                      can_edit: bool, facts: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """Whether the list can be previewed, as the builder and the shared page show it: "Ready to preview", or the
    cards that need numbers (each a link to its form, with the viewer's own numbers laid over), a caution when
    much of it is not played, and the cards played with numbers the viewer entered. None: not a list yet.
    ``facts``: :func:`readiness_facts` already read (else read here with the viewer's numbers)."""
    if facts is None:
        facts = readiness_facts(document, entered=entered_source(request_scope(request)))
    if facts is None:
        return None
    query = {"next": back}
    if saved is not None and can_edit:
        query["list"] = str(saved.pk)
    gaps = []
    for gap in facts["gaps"]:
        # a gap that is no card's (Dungeon Command's missing commander) has no numbers form to lead to
        url = (reverse("card-numbers", args=[facts["game"], facts["ruleset"], gap["slug"]]) + "?" + urlencode(query)
               if gap["slug"] else "")
        gaps.append({"card": gap["card"], "url": url, "fields": gap["fields"]})
    preview = ""
    if saved is not None:
        preview = reverse("matchup-new") + "?" + urlencode({"a": f"/l/{saved.share_code}"})
    return {"status": facts["status"], "gaps": gaps, "share": facts["share"],
            "caution": facts["caution"], "entered": facts["entered"], "preview_url": preview,
            "signed_in": request.user.is_authenticated, "can_keep": request.user.is_authenticated or can_edit}
