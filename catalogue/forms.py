"""Forms: a player's report of a wrong or missing number, and an editor's correction in the admin."""

from __future__ import annotations

import json
import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from catalogue import models as m
from catalogue.dataformat import is_number, own_fields
from catalogue.kinds import card_spec
from catalogue.selectors import card_report_fields

_WHOLE_NUMBER = re.compile(r"^[+-]?\d{1,6}$")


class CardReportForm(forms.Form):
    """What is wrong, the right value if known, and where it comes from. Text is stored as typed and
    always shown escaped, so markup in it is harmless."""

    field = forms.ChoiceField(label=gettext_lazy("Which number"), choices=())
    proposed_value = forms.CharField(
        label=gettext_lazy("The right value"), max_length=100, required=False,
        help_text=gettext_lazy("Leave it empty if you only know the number shown is wrong."),
    )
    source = forms.CharField(
        label=gettext_lazy("Your source"), max_length=1000, widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy("Where the right number comes from: the printed card, a rulebook page, a link."),
    )
    message = forms.CharField(
        label=gettext_lazy("Anything else"), max_length=2000, required=False, widget=forms.Textarea(attrs={"rows": 3})
    )

    def __init__(self, *args: Any, card: m.Card, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.card = card
        self.fields["field"].choices = card_report_fields(card=card)  # type: ignore[attr-defined]
        spec = card_spec(card)
        self.number_fields = {f.name for f in (own_fields(spec.model) if spec else []) if is_number(f)} | {"copies"}

    def clean_source(self) -> str:
        source: str = self.cleaned_data["source"]
        if len(source) < 3:
            raise forms.ValidationError("Say where the right number comes from.")
        return source

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        value = cleaned.get("proposed_value") or ""
        if value and cleaned.get("field") in self.number_fields and not _WHOLE_NUMBER.match(value):
            self.add_error("proposed_value", "A whole number, such as 55 (or leave it empty).")
        return cleaned


class PrettyJSONField(forms.JSONField):
    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, (dict, list)):
            return json.dumps(value, ensure_ascii=False, indent=1)
        return super().prepare_value(value)


class CardCorrectionForm(forms.Form):
    """An editor's correction: the card's record in the data format (``docs/catalogue-format.md``)."""

    record = PrettyJSONField(
        widget=forms.Textarea(attrs={"rows": 24, "cols": 100, "spellcheck": "false"}),
        help_text="The card as the data files write it. Remove a field to make it missing; kind and slug stay.",
    )
    reason = forms.CharField(
        max_length=500, help_text="Why, and the source of the new numbers: it goes into the change log."
    )
    report = forms.ModelChoiceField(
        queryset=m.CardReport.objects.none(), required=False, help_text="The report this answers (marked corrected)."
    )

    def __init__(self, *args: Any, card: m.Card, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["report"].queryset = m.CardReport.objects.filter(  # type: ignore[attr-defined]
            card=card, status=m.CardReport.Status.OPEN
        )

    def clean_record(self) -> dict[str, Any]:
        record = self.cleaned_data["record"]
        if not isinstance(record, dict):
            raise forms.ValidationError("The record must be a JSON object.")
        return record
