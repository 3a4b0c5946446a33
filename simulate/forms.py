"""The matchup launcher's form: two lists (a saved list's id or link, or a pasted document), a map, a number
of battles, an AI and an optional seed. Checking the lists themselves is the service's job."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from simulate.selectors import battle_maps
from simulate.services import AIS, DEFAULT_BATTLES, MAX_BATTLES, MAX_SEED

AI_LABELS = {"heuristic": _("Sensible (heuristic)"), "random": _("Random moves")}


def _list_value(text: str) -> Any:
    """A pasted document (JSON object) or a saved list's id, share code or link (text)."""
    text = text.strip()
    if text.startswith("{"):
        try:
            return json.loads(text)
        except (ValueError, RecursionError):
            raise forms.ValidationError(_("This is not valid JSON.")) from None
    return text


class MatchupForm(forms.Form):
    a = forms.CharField(
        label=_("List A"), max_length=200_000, widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false"}),
        help_text=_("A saved list’s link, share code or id, or a list document (JSON)."),
    )
    b = forms.CharField(
        label=_("List B"), max_length=200_000, widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false"}),
        help_text=_("Another saved list, or a pasted list document."),
    )
    map = forms.ChoiceField(label=_("Battle map"), required=False)
    battles = forms.IntegerField(label=_("Battles"), min_value=1, max_value=MAX_BATTLES, initial=DEFAULT_BATTLES)
    ai = forms.ChoiceField(label=_("Players"), initial="heuristic")
    seed = forms.IntegerField(label=_("Seed"), required=False, min_value=0, max_value=MAX_SEED,
                              help_text=_("Leave empty for a random one; the same seed gives the same answer."))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices: list[tuple[str, str]] = [("", str(_("The format’s first map")))]
        choices += [(m.slug, m.name) for m in battle_maps()]
        self.fields["map"].choices = choices  # type: ignore[attr-defined]
        self.fields["ai"].choices = [(name, AI_LABELS.get(name, name)) for name in AIS]  # type: ignore[attr-defined]

    def clean_a(self) -> Any:
        return _list_value(self.cleaned_data["a"])

    def clean_b(self) -> Any:
        return _list_value(self.cleaned_data["b"])
