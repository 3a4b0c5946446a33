"""The matchup launcher's form: two lists (picked from the player's saved lists and the lists shared with them,
or a saved list's link, share code or id, or a pasted document), a map, a number of battles, an AI and an
optional seed. Checking the lists themselves is the service's job."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import games as game_registry
from builder.selectors_picker import Picks
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


def _game_name(slug: str) -> str:
    try:
        return game_registry.game(slug).name
    except game_registry.UnknownGame:
        return slug


def _pick_choices(picks: Picks | None) -> list[Any]:
    """The picker's options: "My lists" and "Shared with me", each list by its name, game and format."""
    choices: list[Any] = [("", str(_("— none: give a link or paste a list below —")))]
    if picks is None:
        return choices
    for label, group in ((_("My lists"), picks.mine), (_("Shared with me"), picks.shared)):
        if group:
            choices.append((str(label), [(p.value, f"{p.name} · {_game_name(p.game)}") for p in group]))
    return choices


class MatchupForm(forms.Form):
    a_list = forms.ChoiceField(label=_("A: pick one of your lists"), required=False)
    a = forms.CharField(
        label=_("List A"), max_length=200_000, required=False,
        widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false"}),
        help_text=_("Or a saved list’s link, share code or id, or a list document (JSON)."),
    )
    b_list = forms.ChoiceField(label=_("B: pick one of your lists"), required=False)
    b = forms.CharField(
        label=_("List B"), max_length=200_000, required=False,
        widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false"}),
        help_text=_("Or another saved list’s link, or a pasted list document."),
    )
    map = forms.ChoiceField(label=_("Battle map"), required=False)
    battles = forms.IntegerField(label=_("Battles"), min_value=1, max_value=MAX_BATTLES, initial=DEFAULT_BATTLES)
    ai = forms.ChoiceField(label=_("Players"), required=False)
    seed = forms.IntegerField(label=_("Seed"), required=False, min_value=0, max_value=MAX_SEED,
                              help_text=_("Leave empty for a random one; the same seed gives the same answer."))

    def __init__(self, *args: Any, picks: Picks | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("a_list", "b_list"):
            self.fields[name].choices = _pick_choices(picks)  # type: ignore[attr-defined]
        maps: list[Any] = [("", str(_("The format’s first map")))]
        players: dict[str, str] = {}
        for bridge in bridges():
            # one group per game and ruleset, named as players name them (a map fits only its own game's lists)
            entry = game_registry.game(bridge.game)
            group = gettext(entry.name)
            if len([r for r in entry.rulesets if r.engine]) > 1:
                group = f"{group}: {gettext(entry.ruleset(bridge.ruleset).name)}"
            maps.append((group, [(b.slug, b.name) for b in bridge.battlefields()]))
            players.update({name: str(p.label) for name, p in bridge.players.items()})
        self.fields["map"].choices = maps  # type: ignore[attr-defined]
        ordered = sorted(players.items(), key=lambda kv: kv[0] != "heuristic")
        self.fields["ai"].choices = [("", str(_("The game’s sensible player"))), *ordered]  # type: ignore[attr-defined]

    def clean_a(self) -> Any:
        return _list_value(self.cleaned_data["a"])

    def clean_b(self) -> Any:
        return _list_value(self.cleaned_data["b"])

    def clean(self) -> dict[str, Any]:
        """Each side is the list picked, or the one given below it (not both, not neither)."""
        data = super().clean() or {}
        for side in ("a", "b"):
            picked, given = data.get(f"{side}_list") or "", data.get(side)
            if side in self.errors:
                continue
            if picked and given not in ("", None):
                self.add_error(side, _("You picked a list above: leave this empty, or pick “none”."))
            elif picked:
                data[side] = picked
            elif given in ("", None):
                self.add_error(side, _("Pick one of your lists, or give a saved list’s link or a list document."))
        return data
