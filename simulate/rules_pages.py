"""Rules read only in part: the readings a game's simulator follows, and a player's report that one is wrong.

A bridge whose rulebook cannot be read in full offers ``rules_profile()`` (each reading's id and its words) and
``rules_version``; the result page lists the readings in force, and this page shows them and takes a report
from a player who owns the rulebook. The report joins the card reports (``catalogue.services.
reading_report_create``): the same review in the admin, the same rate limit.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from catalogue.services import reading_report_create
from config.errors import ApplicationError
from config.limits import client_address, limit_count, limit_reached
from simulate.bridge import bridge_for

REPORTS_PER_HOUR = 10


class ReadingReportForm(forms.Form):
    """Which reading is wrong, what the book says instead, and where (text is stored as typed, shown escaped)."""

    reading = forms.ChoiceField(label=gettext_lazy("Which reading"), choices=())
    proposed_value = forms.CharField(
        label=gettext_lazy("What the rulebook says"), max_length=100, required=False,
        help_text=gettext_lazy("In a few words, for example: a save succeeds on 11 or more."),
    )
    source = forms.CharField(
        label=gettext_lazy("Where it is printed"), max_length=1000, widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy("The book, its revision and the page: Battle Rules, DDM Guild Edition, 2011, p. 14."),
    )
    message = forms.CharField(
        label=gettext_lazy("Anything else"), max_length=2000, required=False, widget=forms.Textarea(attrs={"rows": 3})
    )

    def __init__(self, *args: Any, readings: list[dict[str, Any]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["reading"].choices = [(r["id"], r["label"]) for r in readings]  # type: ignore[attr-defined]


def _profile(game: str, ruleset: str) -> tuple[Any, list[dict[str, Any]]]:
    bridge = bridge_for(game, ruleset)
    profile = getattr(bridge, "rules_profile", None)
    if bridge is None or profile is None:
        raise Http404("This game's rules have no readings.")
    return bridge, list(profile())


@require_http_methods(["GET", "POST"])
def rules_readings(request: HttpRequest, game: str, ruleset: str) -> HttpResponse:
    """The readings in force, and the form that reports one as wrong."""
    bridge, readings = _profile(game, ruleset)
    initial = request.GET.get("reading") or ""
    form = ReadingReportForm(request.POST or None, readings=readings,
                             initial={"reading": initial} if initial else None)
    status = 200
    if request.method == "POST":
        limit = int(getattr(settings, "MUSTER_REPORTS_PER_HOUR", REPORTS_PER_HOUR))
        if limit_reached(scope="card-report", key=client_address(request), limit=limit):
            form.add_error(None, "Too many reports from here in the last hour; please try again later.")
            status = 429
        elif form.is_valid():
            chosen = next(r for r in readings if r["id"] == form.cleaned_data["reading"])
            try:
                reading_report_create(
                    game=game, ruleset=ruleset, rule=chosen["id"], profile=str(bridge.rules_version),
                    shown=str(chosen["title"]), source=form.cleaned_data["source"],
                    proposed_value=form.cleaned_data["proposed_value"], message=form.cleaned_data["message"],
                )
            except ApplicationError as exc:
                for pointer, messages in exc.fields.items():
                    name = pointer.lstrip("/")
                    for message in messages:
                        form.add_error(name if name in form.fields else None, message)
                status = 400
            else:
                limit_count(scope="card-report", key=client_address(request), window=3600)
                url = reverse("rules-readings", args=[game, ruleset])
                return HttpResponseRedirect(f"{url}?reported=1#report", status=303)
        else:
            status = 400
    context = {"readings": readings, "form": form, "game": game, "ruleset": ruleset,
               "version": bridge.rules_version, "reported": request.GET.get("reported") == "1"}
    return render(request, "matchups/rules.html", context, status=status)
