"""The matchup launcher's form: two lists (a saved list's id or link, or a pasted document), a map, a number
of battles, an AI and an optional seed. Checking the lists themselves is the service's job."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from simulate.bridge import bridges
from simulate.services import DEFAULT_BATTLES, MAX_BATTLES, MAX_SEED


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
    ai = forms.ChoiceField(label=_("Players"), required=False)
    seed = forms.IntegerField(label=_("Seed"), required=False, min_value=0, max_value=MAX_SEED,
                              help_text=_("Leave empty for a random one; the same seed gives the same answer."))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        maps: list[Any] = [("", str(_("The format’s first map")))]
        players: dict[str, str] = {}
        for bridge in bridges():
            maps += [(b.slug, b.name) for b in bridge.battlefields()]
            players.update({name: str(p.label) for name, p in bridge.players.items()})
        self.fields["map"].choices = maps  # type: ignore[attr-defined]
        ordered = sorted(players.items(), key=lambda kv: kv[0] != "heuristic")
        self.fields["ai"].choices = [("", str(_("The game’s sensible player"))), *ordered]  # type: ignore[attr-defined]

    def clean_a(self) -> Any:
        return _list_value(self.cleaned_data["a"])

    def clean_b(self) -> Any:
        return _list_value(self.cleaned_data["b"])
