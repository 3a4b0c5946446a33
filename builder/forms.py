"""The builder's forms: the list being built (a JSON document carried in the page) and the fields that
change it, pasting a list to import, and opening a list with its edit token.

The draft lives in the page, not on the server: every change posts the document with the form's
fields and the action, and the answer carries the changed document back. So a draft survives a
server restart, two tabs never fight, and nothing is stored until the player saves.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import games
from builder.drafts import MAX_NAME, items, sections_of
from builder.fields import int_field, json_field, no_constant, set_or_drop, text_field
from builder.games import panel_of
from builder.textformat import MAX_IMPORT_CHARS

MAX_DOCUMENT_CHARS = 200_000  # a 200-entry list is ~20 KB; more is not a list
MAX_NOTES = 5000
MAX_OP = 300
COMMON_KEYS = frozenset({"game", "ruleset", "format", "name", "notes", "faction", "params"})


class BuilderForm(forms.Form):
    """What every change in the builder posts: the draft, the saved list it edits (if any), the action."""

    document = forms.CharField(max_length=MAX_DOCUMENT_CHARS, strip=False, widget=forms.HiddenInput)
    list = forms.UUIDField(required=False, widget=forms.HiddenInput)
    op = forms.CharField(max_length=MAX_OP, required=False)

    def __init__(self, *args: Any, game: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game

    def clean_document(self) -> dict[str, Any]:
        raw = self.cleaned_data["document"]
        try:
            value = json.loads(raw, parse_constant=no_constant)
        except (ValueError, RecursionError):
            raise forms.ValidationError(gettext("The list in the page is damaged; start again.")) from None
        if not isinstance(value, dict) or value.get("game") != self.game:
            raise forms.ValidationError(gettext("The list in the page is not a list of this game."))
        return value


def document_apply_fields(
    *, document: dict[str, Any], data: QueryDict, format_choices: Mapping[str, Any], params: list[Any]
) -> dict[str, str]:
    """Copy the builder's fields into ``document`` (changed in place); returns ``{field: message}``.

    Only fields the page sent are read, so a change from one part of the page leaves the rest as it was.
    ``format_choices`` maps the select's values to format ids (``family:skirmish-`` takes the size
    field); ``params`` are the format's free parameters (``builder.selectors.ParamChoice``)."""
    errors: dict[str, str] = {}
    game = str(document.get("game"))
    if "name" in data:
        name = text_field(data, "name", MAX_NAME, errors)
        if name is not None:
            set_or_drop(document, "name", name)
    if "notes" in data:
        notes = text_field(data, "notes", MAX_NOTES, errors)
        if notes is not None:
            set_or_drop(document, "notes", notes)
    if data.get("ruleset"):
        document["ruleset"] = data["ruleset"][:40]
    if "format" in data:
        _apply_format(document, data, format_choices, errors)
    if "faction" in data:
        faction = data.get("faction", "")[:40]
        set_or_drop(document, "faction", faction or None)
    if "params-shown" in data:
        _apply_params(document, data, params, errors)
    for section in sections_of(game, document.get("ruleset")):
        if section.shape == "entries":
            _apply_entries(document, section, data, errors)
        elif section.shape == "single" and section.path in data:
            value = text_field(data, section.path, MAX_NAME, errors)
            if value is not None:
                set_or_drop(document, section.path, value or None)
    panel = panel_of(game, document.get("ruleset"))
    if panel.apply is not None:
        panel.apply(document, data, errors)
    if "extra-shown" in data:
        _apply_extra(document, data, errors)
    return errors


def _apply_entries(document: dict[str, Any], section: games.Section, data: QueryDict, errors: dict[str, str]) -> None:
    """An entry's copies, and the fields its section lets the builder edit (a DDM creature's side and master)."""
    path = section.path
    for index, item in enumerate(items(document, path)):
        if not isinstance(item, dict):
            continue
        qty = int_field(data, f"qty-{path}-{index}", 1, 99, errors) if f"qty-{path}-{index}" in data else ""
        if isinstance(qty, int):
            item["qty"] = qty
        version = data.get(f"version-{path}-{index}")
        if "version" in section.item_fields and version in ("standard", "epic"):
            set_or_drop(item, "version", "epic" if version == "epic" else None)
        if "minion_of" in section.item_fields and f"minion_of-{path}-{index}" in data:
            master = data.get(f"minion_of-{path}-{index}", "")[:MAX_NAME].strip()
            set_or_drop(item, "minion_of", master or None)


def _apply_format(
    document: dict[str, Any], data: QueryDict, choices: Mapping[str, Any], errors: dict[str, str]
) -> None:
    chosen = data.get("format", "")
    if chosen.startswith("family:"):
        prefix = chosen[len("family:"):]
        family = choices.get(chosen)
        low, high = (family.min, family.max) if family is not None else (1, 10_000)
        size = int_field(data, "format_size", low, high, errors)
        if isinstance(size, int) and family is not None:
            document["format"] = f"{prefix}{size}"
        elif size == "":
            errors["format_size"] = gettext("Give the size in points.")
        return
    if chosen in choices:
        document["format"] = chosen
    elif chosen:
        errors["format"] = gettext("Choose one of the formats.")


def _apply_params(document: dict[str, Any], data: QueryDict, params: list[Any], errors: dict[str, str]) -> None:
    current = document.get("params") if isinstance(document.get("params"), dict) else {}
    assert isinstance(current, dict)
    out = {k: v for k, v in current.items() if k not in {p.name for p in params}}
    for param in params:
        field = f"param-{param.name}"
        value: Any
        if param.type == "bool":
            value = field in data
        elif param.type == "int":
            number = int_field(data, field, param.min if param.min is not None else 0,
                                param.max if param.max is not None else 1_000_000, errors)
            if number is None or number == "":
                continue
            value = number
        elif param.type == "choice":
            value = data.get(field, "")
            if value not in param.choices:
                continue
        else:
            value = (data.get(field) or "").strip()[:200]
            if not value:
                continue
        if value != param.default:
            out[param.name] = value
    set_or_drop(document, "params", out or None)


def shown_keys(document: Mapping[str, Any]) -> frozenset[str]:
    """The top-level keys of a document that the builder's fields show: the common ones, its sections' and its
    ruleset's panel's."""
    game, ruleset = str(document.get("game")), document.get("ruleset")
    own = {s.path.split(".")[0] for s in sections_of(game, ruleset)} if games.is_game(game) else set()
    return COMMON_KEYS | own | panel_of(game, ruleset).keys


def extra_keys(document: Mapping[str, Any]) -> dict[str, Any]:
    """The keys of a document that the builder's fields do not show, for the "other keys" editor."""
    shown = shown_keys(document)
    return {k: v for k, v in document.items() if k not in shown}


def _apply_extra(document: dict[str, Any], data: QueryDict, errors: dict[str, str]) -> None:
    value = json_field(data, "extra", errors)
    if value is None and "extra" not in errors:
        value = {}
    if not isinstance(value, dict):
        errors.setdefault("extra", gettext("A JSON object, such as {\"pool\": [\"Orc Mauler\"]}."))
        return
    shown = shown_keys(document)
    for key in [k for k in document if k not in shown]:
        del document[key]
    for key, item in value.items():
        if key not in shown:
            document[key] = item


class ImportForm(forms.Form):
    text = forms.CharField(
        label=_("Your list, as text or JSON"),
        max_length=MAX_IMPORT_CHARS,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 16, "spellcheck": "false", "autocomplete": "off"}),
        help_text=_("One card a line (“2x Wood Elf Ranger”), or a list exported from Muster as text or JSON."),
    )
    game = forms.ChoiceField(
        label=_("Game (when the text does not say)"),
        required=False,
        choices=[("", _("as the text says")), *[(g.id, g.name) for g in games.all_games()]],
    )


class EditTokenForm(forms.Form):
    token = forms.CharField(
        label=_("Edit token"),
        max_length=100,
        widget=forms.PasswordInput(attrs={"autocomplete": "off"}),
        help_text=_("The part after “#token=” in your private edit link."),
    )
