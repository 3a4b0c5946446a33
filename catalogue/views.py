"""Catalogue pages: the games, a game's card list (search, filters, sorting, pages), a card as a player
reads it, and the form that reports a wrong or missing number. The attribution page names every data
source and its licence.

The list page answers htmx requests with just its results, so filtering does not reload the page; every
page also works without JavaScript.
"""

from __future__ import annotations

from django.conf import settings
from django.core.paginator import EmptyPage, Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

import games
from catalogue import models as m
from catalogue.filters import PAGE_FILTERS, SORTS, CardFilter, page_param_error, without_empty
from catalogue.forms import CardReportForm
from catalogue.presenters import card_detail_context, card_row, filter_controls
from catalogue.selectors import (
    card_get,
    cards_queryset,
    catalogue_counts,
    catalogue_versions,
)
from catalogue.services import card_report_create
from catalogue.sources import DATA_SOURCES, version_summary_shown
from config.errors import ApplicationError
from config.limits import client_address, limit_count, limit_reached

PAGE_SIZES = (25, 50, 100)
DEFAULT_PAGE_SIZE = 50
REPORTS_PER_HOUR = 5


def _named_counts() -> list[tuple[m.Game, list[tuple[m.Ruleset, list[tuple[str, int]]]]]]:
    """Every game with its rulesets (as the data names them) and the physical cards of each kind."""
    counts = catalogue_counts()
    rulesets: dict[tuple[str, str], m.Ruleset] = {
        (r.game.slug, r.slug): r for r in m.Ruleset.objects.select_related("game")
    }
    return [
        (game, [(rulesets[(game.slug, slug)], sorted(kinds.items()))
                for slug, kinds in counts.get(game.slug, {}).items() if (game.slug, slug) in rulesets])
        for game in m.Game.objects.order_by("position")
    ]


def home(request: HttpRequest) -> HttpResponse:
    previews = [g.id for g in games.all_games() if g.previews]
    return render(request, "home.html", {"counts": _named_counts(), "games": m.Game.objects.all(),
                                         "previews": previews})


def about_sources(request: HttpRequest) -> HttpResponse:
    versions = catalogue_versions(limit=10)
    for version in versions:
        version.summary = version_summary_shown(version.summary)  # shown, never saved
    return render(request, "about/sources.html", {"sources": DATA_SOURCES, "versions": versions})


# ------------------------------------------------------------------------------------------ the pages


@require_GET
def catalogue_index(request: HttpRequest) -> HttpResponse:
    return render(request, "catalogue/index.html", {"games": _named_counts()})


def _page_number(raw: str | None, *, default: int, maximum: int | None = None) -> tuple[int, str]:
    if raw is None or raw == "":
        return default, ""
    error = page_param_error(raw, maximum)
    return (default, error) if error else (int(raw), "")


@require_GET
def catalogue_list(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = m.Game.objects.filter(slug=game).first()
    if game_obj is None or game not in PAGE_FILTERS:
        raise Http404("No such game.")
    rulesets = list(game_obj.rulesets.all())
    data = without_empty(request.GET)
    data["game"] = game
    filterset = CardFilter(data, queryset=cards_queryset(game=game, with_attacks=True), game=game)
    errors: dict[str, list[str]] = {}
    page = None
    if filterset.is_valid():
        size, size_error = _page_number(request.GET.get("page_size"), default=DEFAULT_PAGE_SIZE,
                                        maximum=max(PAGE_SIZES))
        number, number_error = _page_number(request.GET.get("page"), default=1)
        if size_error:
            errors["page_size"] = [size_error]
        if number_error:
            errors["page"] = [number_error]
        if not errors:
            paginator = Paginator(filterset.qs, size)
            try:
                page = paginator.page(number)
            except EmptyPage:
                errors["page"] = [f"There are only {paginator.num_pages} pages."]
    else:
        errors = {name: list(messages) for name, messages in filterset.errors.items()}
    context = {
        "game": game_obj,
        "rulesets": rulesets,
        "filterset": filterset,
        "controls": filter_controls(filterset, data, game, rulesets),
        "page": page,
        "rows": [card_row(card) for card in page.object_list] if page is not None else [],
        "errors": errors,
        "search": data.get("search", ""),
        "search_result": filterset.search_result,
        "sorts": [(value, gettext(text)) for value, text in SORTS],
        "sort": request.GET.get("sort", ""),
        "page_sizes": PAGE_SIZES,
        "page_size": request.GET.get("page_size", ""),
        "show_ruleset": len(rulesets) > 1,
        "active_filters": len([k for k in data if k not in ("game", "search", "page", "page_size", "sort")]),
    }
    partial = request.htmx and not request.htmx.history_restore_request  # type: ignore[attr-defined]
    template = "catalogue/_results.html" if partial else "catalogue/list.html"
    response = render(request, template, context, status=400 if errors else 200)
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_GET
def card_detail(request: HttpRequest, game: str, ruleset: str, slug: str) -> HttpResponse:
    card = card_get(game=game, ruleset=ruleset, slug=slug)
    if card is None:
        raise Http404("No such card.")
    context = card_detail_context(card, CardReportForm(card=card), reported=request.GET.get("reported") == "1")
    return render(request, "catalogue/detail.html", context)


def _rate_limited(request: HttpRequest) -> bool:
    limit = int(getattr(settings, "MUSTER_REPORTS_PER_HOUR", REPORTS_PER_HOUR))
    return limit_reached(scope="card-report", key=client_address(request), limit=limit)


def _count_report(request: HttpRequest) -> None:
    limit_count(scope="card-report", key=client_address(request), window=3600)


@require_POST
def card_report(request: HttpRequest, game: str, ruleset: str, slug: str) -> HttpResponse:
    card = card_get(game=game, ruleset=ruleset, slug=slug)
    if card is None:
        raise Http404("No such card.")
    detail_url = reverse("catalogue-card", args=[game, ruleset, slug])
    form = CardReportForm(request.POST, card=card)
    partial = bool(request.htmx)  # type: ignore[attr-defined]
    if _rate_limited(request):
        form.add_error(None, "Too many reports from here in the last hour; please try again later.")
        status = 429
    elif form.is_valid():
        try:
            card_report_create(card=card, **form.cleaned_data)
        except ApplicationError as exc:
            for pointer, messages in exc.fields.items():
                name = pointer.lstrip("/")
                for message in messages:
                    form.add_error(name if name in form.fields else None, message)
            status = 400
        else:
            _count_report(request)
            if partial:
                return render(request, "catalogue/_report.html", {"card": card, "reported": True}, status=201)
            return HttpResponseRedirect(f"{detail_url}?reported=1#report", status=303)
    else:
        status = 400
    if partial:
        return render(request, "catalogue/_report.html", {"card": card, "form": form}, status=status)
    return render(request, "catalogue/detail.html", card_detail_context(card, form), status=status)
