"""The admin: editors review players' reports and correct cards through ``card_correct`` (never by editing
rows directly), so every correction is a new catalogue version with its change log."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils import timezone
from django.utils.html import format_html

from catalogue import models as m
from catalogue.forms import CardCorrectionForm
from catalogue.kinds import card_spec
from catalogue.selectors import card_get
from catalogue.services import card_canonical, card_correct, card_report_accept
from config.errors import ApplicationError

admin.site.register(m.Game)
admin.site.register(m.Ruleset)
admin.site.register(m.ProductSet)
admin.site.register(m.Faction)


class ReadOnlyAdmin:
    """Rows only imports and corrections write: the admin shows them and never adds, changes or deletes one."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(m.CatalogueVersion)
class CatalogueVersionAdmin(admin.ModelAdmin[m.CatalogueVersion]):
    list_display = ["label", "created", "summary"]
    readonly_fields = ["label", "created", "summary"]


@admin.register(m.CatalogueChange)
class CatalogueChangeAdmin(ReadOnlyAdmin, admin.ModelAdmin[m.CatalogueChange]):
    """The change log: read only; it is written by imports and corrections."""

    list_display = ["version", "game", "ruleset", "slug", "name", "action", "reason"]
    list_filter = ["action", "game"]
    search_fields = ["slug", "name", "reason"]
    list_select_related = ["version"]


def _correct_url(card_id: int, report_id: int | None = None) -> str:
    url = reverse("admin:catalogue_card_correct", args=[card_id])
    return f"{url}?report={report_id}" if report_id else url


@admin.register(m.Card)
class CardAdmin(ReadOnlyAdmin, admin.ModelAdmin[m.Card]):
    """Cards are read here; a change goes through "Correct this card" (the service), never this form."""

    list_display = ["name", "game", "ruleset", "kind", "product_set", "is_standin"]
    list_filter = ["game", "ruleset", "kind", "is_standin"]
    search_fields = ["name", "slug", "search_name"]
    list_select_related = ["game", "ruleset", "product_set"]
    fields = ("correct", "name", "slug", "game", "ruleset", "kind", "product_set", "copies", "is_standin", "source",
              "data_file", "updated")
    readonly_fields = fields

    @admin.display(description="Correction")
    def correct(self, obj: m.Card) -> str:
        page = reverse("catalogue-card", args=[obj.game.slug, obj.ruleset.slug, obj.slug])
        return format_html(
            '<a href="{}">Correct this card</a> · <a href="{}">its page</a>', _correct_url(obj.pk), page
        )

    def get_urls(self) -> list[URLPattern]:
        own = [
            path(
                "<int:card_id>/correct/",
                self.admin_site.admin_view(self.correct_view),
                name="catalogue_card_correct",
            )
        ]
        return own + super().get_urls()

    def correct_view(self, request: HttpRequest, card_id: int) -> HttpResponse:
        if not request.user.has_perm("catalogue.change_card"):
            raise PermissionDenied
        base = m.Card.objects.select_related("game", "ruleset").filter(pk=card_id).first()
        if base is None:
            raise Http404("No such card.")
        card = card_get(game=base.game.slug, ruleset=base.ruleset.slug, slug=base.slug)
        spec = card_spec(base)
        if card is None or spec is None:
            raise Http404("No such card.")
        old = card_canonical(card, spec)
        form = CardCorrectionForm(
            request.POST or None, card=card, initial={"record": old, "report": request.GET.get("report")}
        )
        if request.method == "POST" and form.is_valid():
            new = form.cleaned_data["record"]
            values = {**{key: None for key in old if key not in new}, **new}
            try:
                version = card_correct(
                    card=card, values=values, reason=form.cleaned_data["reason"], editor=request.user,
                    report=form.cleaned_data["report"],
                )
            except ApplicationError as exc:
                form.add_error("record", exc.message)
                for pointer, problems in exc.fields.items():
                    for problem in problems:
                        form.add_error("record", f"{pointer.lstrip('/') or 'record'}: {problem}")
            else:
                if version is None:
                    messages.warning(request, "Nothing changed: the record is the same as the stored card.")
                else:
                    messages.success(request, f"Corrected {card.name}: catalogue version {version.label}.")
                return HttpResponseRedirect(reverse("admin:catalogue_card_change", args=[card.pk]))
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": f"Correct {card.name}",
            "card": card,
            "form": form,
            "reports": m.CardReport.objects.filter(card=card, status=m.CardReport.Status.OPEN),
        }
        return TemplateResponse(request, "catalogue/admin/correct.html", context)


@admin.register(m.CardReport)
class CardReportAdmin(admin.ModelAdmin[m.CardReport]):
    """Players' reports. Their text is shown escaped, as everywhere."""

    list_display = ["created", "card_name", "game", "ruleset", "field", "shown_value", "proposed_value", "status"]
    list_filter = ["status", "game", "field"]
    search_fields = ["card_name", "slug", "source", "message"]
    date_hierarchy = "created"
    actions = ["accept_offered", "reject"]
    fields = [
        "correct", "card_name", "game", "ruleset", "slug", "field", "shown_value", "proposed_value", "offered",
        "source", "message", "catalogue_version", "created", "status", "review_note", "reviewed", "reviewer",
        "correction",
    ]
    readonly_fields = [
        "correct", "card_name", "game", "ruleset", "slug", "field", "shown_value", "proposed_value", "offered",
        "source", "message", "catalogue_version", "created", "reviewed", "reviewer", "correction",
    ]

    @admin.display(description="Numbers offered (entered by a player)")
    def offered(self, obj: m.CardReport) -> str:
        if not obj.proposed_values:
            return "—"
        return format_html("<pre>{}</pre>", json.dumps(obj.proposed_values, ensure_ascii=False, indent=1))

    @admin.action(description="Accept the offered numbers into the catalogue (a new catalogue version)")
    def accept_offered(self, request: HttpRequest, queryset: QuerySet[m.CardReport]) -> None:
        if not request.user.has_perm("catalogue.change_card"):
            raise PermissionDenied
        for report in queryset.filter(status=m.CardReport.Status.OPEN).exclude(proposed_values=None):
            try:
                version = card_report_accept(report=report, editor=request.user)
            except ApplicationError as exc:
                messages.error(request, f"{report.card_name}: {exc.message}")
                continue
            if version is None:
                messages.warning(request, f"{report.card_name}: the catalogue already holds these numbers.")
            else:
                messages.success(request, f"Accepted {report.card_name}: catalogue version {version.label}.")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.display(description="Card")
    def correct(self, obj: m.CardReport) -> str:
        if obj.card_id is None:
            return "The card is no longer in the catalogue."
        page = reverse("catalogue-card", args=[obj.game, obj.ruleset, obj.slug])
        return format_html(
            '<a href="{}">Correct the card</a> · <a href="{}">its page</a>', _correct_url(obj.card_id, obj.pk), page
        )

    def save_model(self, request: HttpRequest, obj: m.CardReport, form: Any, change: bool) -> None:
        if change and "status" in form.changed_data and obj.status != m.CardReport.Status.OPEN:
            obj.reviewed = timezone.now()
            obj.reviewer = request.user if request.user.is_authenticated else None
        super().save_model(request, obj, form, change)

    @admin.action(description="Reject the selected reports")
    def reject(self, request: HttpRequest, queryset: QuerySet[m.CardReport]) -> None:
        reviewer = request.user if request.user.is_authenticated else None
        count = queryset.filter(status=m.CardReport.Status.OPEN).update(
            status=m.CardReport.Status.REJECTED, reviewed=timezone.now(), reviewer=reviewer
        )
        messages.success(request, f"{count} report(s) rejected.")
