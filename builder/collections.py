"""Collection pages (signed-in players only): what I own per game and set, CSV import and export, and the
shortfall of my lists against what I own. Thin views over ``builder.services_collections`` and
``builder.selectors_collections``; every URL shows only the signed-in player's own collection and lists.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from builder.models import SavedList
from builder.selectors import list_current
from builder.selectors_collections import (
    COLLECTIBLE,
    MAX_QUANTITY,
    collectible_cards,
    collection_export_csv,
    collection_quantities,
    collection_sets,
    collection_shortfall,
    collection_summary,
)
from builder.services_collections import (
    collection_add_set,
    collection_import_csv,
    collection_set_quantities,
)
from catalogue.models import Game
from config.errors import ApplicationError

MAX_SHOWN = 400  # items on one page of a search
MAX_LISTS = 10  # lists checked together
MAX_PASTED = 200_000  # characters of pasted list documents


def _game(slug: str) -> Game:
    game = Game.objects.filter(slug=slug).first()
    if game is None or slug not in COLLECTIBLE:
        raise Http404
    return game


class ImportForm(forms.Form):
    file = forms.FileField(label=_("CSV file"), required=False)
    text = forms.CharField(
        label=_("…or paste CSV"),
        required=False,
        max_length=MAX_PASTED,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
    )
    replace = forms.BooleanField(
        label=_("Replace: also remove what the file does not list (for the games it names)"), required=False
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("file") and not str(data.get("text") or "").strip():
            raise forms.ValidationError(gettext("Choose a CSV file or paste its text."))
        return data


@login_required
@require_GET
def collection_home(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "collection/home.html",
        {"summary": collection_summary(user=request.user), "import_form": ImportForm()},
    )


@login_required
@require_http_methods(["GET", "POST"])
def collection_game(request: HttpRequest, game: str) -> HttpResponse:
    the_game = _game(game)
    set_slug = str(request.GET.get("set") or request.POST.get("set") or "")[:80]
    search = str(request.GET.get("q") or request.POST.get("q") or "")[:100]
    errors: dict[int, str] = {}
    status = 200
    if request.method == "POST":
        quantities: dict[int, int] = {}
        for key, value in request.POST.items():
            if not key.startswith("qty-"):
                continue
            try:
                card_id = int(key[4:])
            except ValueError:
                continue
            try:
                qty = int(str(value).strip() or "0")
            except ValueError:
                qty = -1
            if not 0 <= qty <= MAX_QUANTITY:
                errors[card_id] = gettext("Give a whole number from 0 to %(max)d.") % {"max": MAX_QUANTITY}
            quantities[card_id] = qty
        if not errors:
            try:
                collection_set_quantities(user=request.user, game=game, quantities=quantities)
            except ApplicationError as exc:
                for pointer in exc.fields:
                    try:
                        errors[int(pointer.strip("/"))] = gettext("This is not an item of this game.")
                    except ValueError:
                        continue
        if not errors:
            messages.success(request, gettext("Your collection is saved."))
            query = urlencode({k: v for k, v in (("set", set_slug), ("q", search)) if v})
            return HttpResponseRedirect(reverse("collection-game", args=[game]) + (f"?{query}" if query else ""))
        status = 400
    owned = collection_quantities(user=request.user, game=game)
    items: list[dict[str, Any]] = []
    more = False
    if set_slug or search:
        cards = list(collectible_cards(game=game, set_slug=set_slug or None, search=search)[: MAX_SHOWN + 1])
        more = len(cards) > MAX_SHOWN
        items = [
            {"card": c, "qty": owned.get(c.pk, 0), "error": errors.get(c.pk, "")} for c in cards[:MAX_SHOWN]
        ]
    return render(
        request,
        "collection/game.html",
        {
            "game": the_game,
            "sets": collection_sets(user=request.user, game=game),
            "set_slug": set_slug,
            "search": search,
            "items": items,
            "more": more,
            "errors": errors,
            "owned_count": len(owned),
        },
        status=status,
    )


@login_required
@require_POST
def collection_add_set_view(request: HttpRequest, game: str) -> HttpResponse:
    _game(game)
    set_slug = str(request.POST.get("set") or "")[:80]
    try:
        copies = int(str(request.POST.get("copies") or "1"))
    except ValueError:
        copies = 0
    try:
        changed = collection_add_set(user=request.user, game=game, set_slug=set_slug, copies=copies)
    except ApplicationError as exc:
        messages.error(request, exc.message)
        return HttpResponseRedirect(reverse("collection-game", args=[game]))
    messages.success(
        request,
        ngettext("Added the set: %(count)d item.", "Added the set: %(count)d items.", changed) % {"count": changed},
    )
    return HttpResponseRedirect(reverse("collection-game", args=[game]) + "?" + urlencode({"set": set_slug}))


@login_required
@require_GET
def collection_export(request: HttpRequest) -> HttpResponse:
    game = str(request.GET.get("game") or "")
    if game and game not in COLLECTIBLE:
        raise Http404
    response = HttpResponse(
        collection_export_csv(user=request.user, game=game or None), content_type="text/csv; charset=utf-8"
    )
    name = f"muster-collection-{game}.csv" if game else "muster-collection.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def collection_import(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return render(request, "collection/import.html", {"import_form": ImportForm()})
    form = ImportForm(request.POST, request.FILES)
    row_errors: list[dict[str, Any]] = []
    if form.is_valid():
        upload = form.cleaned_data.get("file")
        data: bytes | str = upload.read(2 * 1024 * 1024) if upload else str(form.cleaned_data["text"])
        try:
            report = collection_import_csv(user=request.user, data=data, replace=bool(form.cleaned_data["replace"]))
        except ApplicationError as exc:
            form.add_error(None, exc.message)
            for pointer, texts in exc.fields.items():
                parts = pointer.strip("/").split("/")
                if len(parts) == 2:
                    row_errors.append({"line": parts[0], "field": parts[1], "messages": texts})
        else:
            messages.success(
                request,
                ngettext(
                    "Imported %(count)d item.", "Imported %(count)d items.", report.changed
                ) % {"count": report.changed},
            )
            return HttpResponseRedirect(reverse("collection"))
    return render(request, "collection/import.html", {"import_form": form, "row_errors": row_errors}, status=400)


class ShortfallForm(forms.Form):
    documents = forms.CharField(
        label=_("…or paste list documents (JSON: one list, or an array of lists)"),
        required=False,
        max_length=MAX_PASTED,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
    )

    def clean_documents(self) -> list[dict[str, Any]]:
        text = str(self.cleaned_data.get("documents") or "").strip()
        if not text:
            return []
        try:
            value = json.loads(text)
        except ValueError:
            raise forms.ValidationError(gettext("This is not JSON.")) from None
        documents = value if isinstance(value, list) else [value]
        if not documents or not all(isinstance(d, dict) for d in documents):
            raise forms.ValidationError(gettext("Give a list document (a JSON object) or an array of them."))
        if len(documents) > MAX_LISTS:
            raise forms.ValidationError(gettext("At most %(count)d lists at once.") % {"count": MAX_LISTS})
        return documents


@login_required
@require_http_methods(["GET", "POST"])
def collection_shortfall_page(request: HttpRequest) -> HttpResponse:
    mine = list(SavedList.objects.filter(owner_id=request.user.pk).order_by("-updated")[:200])
    by_id = {str(s.pk): s for s in mine}
    chosen_ids = [str(v) for v in request.GET.getlist("list")][: MAX_LISTS + 1]
    unknown = [i for i in chosen_ids if i not in by_id]
    if unknown:  # another player's list, or none at all: not for this page
        raise Http404
    if len(chosen_ids) > MAX_LISTS:
        chosen_ids = chosen_ids[:MAX_LISTS]
    documents: list[dict[str, Any]] = []
    for list_id in chosen_ids:
        document = dict(list_current(saved_list=by_id[list_id]).document)
        document.setdefault("name", by_id[list_id].name)
        documents.append(document)
    form = ShortfallForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            documents.extend(form.cleaned_data["documents"])
            documents = documents[:MAX_LISTS]
        else:
            status = 400
    shortfall = collection_shortfall(user=request.user, documents=documents) if documents else None
    return render(
        request,
        "collection/shortfall.html",
        {"lists": mine, "chosen": set(chosen_ids), "form": form, "shortfall": shortfall},
        status=status,
    )
