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

from builder.drafts import GAMES, MAX_NAME, PHASE_KEYS, STRONGHOLD_UNITS, TERRAINS, items
from builder.textformat import MAX_IMPORT_CHARS

MAX_DOCUMENT_CHARS = 200_000  # a 200-entry list is ~20 KB; more is not a list
MAX_NOTES = 5000
MAX_OP = 300
# Top-level keys the builder's fields show, per game; the rest are edited as JSON ("other keys").
SHOWN_KEYS: dict[str, frozenset[str]] = {
    "ddm": frozenset({"entries", "battle_map", "commander_zero"}),
    "dungeon-command": frozenset({"entries", "orders", "commanders", "tiles", "box", "symbol"}),
    "battlelore2": frozenset({"entries", "deployment", "command_tent", "scenario", "opponent"}),
    "stronghold": frozenset({"plan"}),
}
COMMON_KEYS = frozenset({"game", "ruleset", "format", "name", "notes", "faction", "params"})
TILE_KEYS = ("large", "small", "small_with_start_area")
PLAN_NUMBERS = ("round", "income", "camp_upkeep", "hourglasses")
ACTION_KEYS = frozenset({"name", "phase", "qty", "pay", "resources", "target"})


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
            value = json.loads(raw, parse_constant=_no_constant)
        except (ValueError, RecursionError):
            raise forms.ValidationError(gettext("The list in the page is damaged; start again.")) from None
        if not isinstance(value, dict) or value.get("game") != self.game:
            raise forms.ValidationError(gettext("The list in the page is not a list of this game."))
        return value


def _no_constant(name: str) -> Any:
    raise ValueError(name)


def _int_field(data: QueryDict, name: str, low: int, high: int, errors: dict[str, str]) -> int | str | None:
    """A whole number between ``low`` and ``high``; ``""`` when left blank; None (and an error) when wrong."""
    raw = data.get(name, "").strip()
    if raw == "":
        return ""
    if not raw.lstrip("-").isdigit() or len(raw) > 7 or not low <= int(raw) <= high:
        errors[name] = gettext("A whole number from %(low)s to %(high)s.") % {"low": low, "high": high}
        return None
    return int(raw)


def _text_field(data: QueryDict, name: str, limit: int, errors: dict[str, str]) -> str | None:
    raw = data.get(name, "")
    if len(raw) > limit:
        errors[name] = gettext("At most %(n)s characters.") % {"n": limit}
        return None
    return raw.strip()


def _set_or_drop(target: dict[str, Any], key: str, value: Any) -> None:
    if value in ("", None):
        target.pop(key, None)
    else:
        target[key] = value


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
        name = _text_field(data, "name", MAX_NAME, errors)
        if name is not None:
            _set_or_drop(document, "name", name)
    if "notes" in data:
        notes = _text_field(data, "notes", MAX_NOTES, errors)
        if notes is not None:
            _set_or_drop(document, "notes", notes)
    if data.get("ruleset"):
        document["ruleset"] = data["ruleset"][:40]
    if "format" in data:
        _apply_format(document, data, format_choices, errors)
    if "faction" in data:
        faction = data.get("faction", "")[:40]
        _set_or_drop(document, "faction", faction or None)
    if "params-shown" in data:
        _apply_params(document, data, params, errors)
    for path in ("entries", "orders"):
        for index, item in enumerate(items(document, path)):
            if not isinstance(item, dict):
                continue
            qty = _int_field(data, f"qty-{path}-{index}", 1, 99, errors) if f"qty-{path}-{index}" in data else ""
            if isinstance(qty, int):
                item["qty"] = qty
            version = data.get(f"version-{path}-{index}")
            if version in ("standard", "epic"):
                _set_or_drop(item, "version", "epic" if version == "epic" else None)
            if f"minion_of-{path}-{index}" in data:
                master = data.get(f"minion_of-{path}-{index}", "")[:MAX_NAME].strip()
                _set_or_drop(item, "minion_of", master or None)
    if game == "ddm":
        for key in ("battle_map", "commander_zero"):
            if key in data:
                value = _text_field(data, key, MAX_NAME, errors)
                if value is not None:
                    _set_or_drop(document, key, value or None)
    elif game == "dungeon-command":
        _apply_dungeon_command(document, data, errors)
    elif game == "battlelore2":
        _apply_battlelore(document, data, errors)
    elif game == "stronghold":
        _apply_stronghold(document, data, errors)
    if "extra-shown" in data:
        _apply_extra(document, data, game, errors)
    return errors


def _apply_format(
    document: dict[str, Any], data: QueryDict, choices: Mapping[str, Any], errors: dict[str, str]
) -> None:
    chosen = data.get("format", "")
    if chosen.startswith("family:"):
        prefix = chosen[len("family:"):]
        family = choices.get(chosen)
        low, high = (family.min, family.max) if family is not None else (1, 10_000)
        size = _int_field(data, "format_size", low, high, errors)
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
            number = _int_field(data, field, param.min if param.min is not None else 0,
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
    _set_or_drop(document, "params", out or None)


def _apply_dungeon_command(document: dict[str, Any], data: QueryDict, errors: dict[str, str]) -> None:
    if any(f"tiles-{k}" in data for k in TILE_KEYS):
        tiles: dict[str, int] = {}
        for key in TILE_KEYS:
            value = _int_field(data, f"tiles-{key}", 0, 20, errors)
            if isinstance(value, int):
                tiles[key] = value
        _set_or_drop(document, "tiles", tiles or None)
    for key in ("box", "symbol"):
        if key in data:
            value = _text_field(data, key, MAX_NAME, errors)
            if value is not None:
                _set_or_drop(document, key, value or None)


def _apply_battlelore(document: dict[str, Any], data: QueryDict, errors: dict[str, str]) -> None:
    if "scenario" in data:
        value = _text_field(data, "scenario", MAX_NAME, errors)
        if value is not None:
            _set_or_drop(document, "scenario", value or None)
    if "opponent_faction" in data:
        faction = data.get("opponent_faction", "")[:40]
        opponent = document.get("opponent") if isinstance(document.get("opponent"), dict) else {}
        assert isinstance(opponent, dict)
        _set_or_drop(opponent, "faction", faction or None)
        _set_or_drop(document, "opponent", opponent or None)
    for index, placed in enumerate(items(document, "deployment")):
        terrain = data.get(f"terrain-deployment-{index}")
        if isinstance(placed, dict) and terrain in TERRAINS:
            placed["terrain"] = terrain
    tent = document.get("command_tent")
    if isinstance(tent, dict) and data.get("terrain-tent") in (*TERRAINS, "command_tent"):
        tent["terrain"] = data["terrain-tent"]


def _apply_stronghold(document: dict[str, Any], data: QueryDict, errors: dict[str, str]) -> None:
    plan = document.get("plan")
    if not isinstance(plan, dict):
        return
    if "plan-json" in data:
        whole = _json_field(data, "plan-json", errors)
        if isinstance(whole, dict):
            plan.clear()
            plan.update(whole)
        elif "plan-json" not in errors:
            errors["plan-json"] = gettext("A JSON object: the whole setup.")
    if data.get("plan-kind") in ("round-plan", "setup"):
        plan["kind"] = data["plan-kind"]
    for key in PLAN_NUMBERS:
        name = f"plan-{key}"
        if name in data:
            value = _int_field(data, name, 0, 1000, errors)
            if value is not None:
                _set_or_drop(plan, key, value)
    if "plan-side" in data:
        side = data.get("plan-side", "")
        _set_or_drop(plan, "side", side if side in ("west", "east") else None)
    if any(f"plan-phase_cards-{k}" in data for k in PHASE_KEYS):
        cards = plan.get("phase_cards") if isinstance(plan.get("phase_cards"), dict) else {}
        assert isinstance(cards, dict)
        for key in PHASE_KEYS:
            value = _text_field(data, f"plan-phase_cards-{key}", MAX_NAME, errors)
            if value is not None:
                cards[key] = value
        plan["phase_cards"] = cards
    if "plan-flipped-shown" in data:
        plan["flipped"] = [k for k in PHASE_KEYS[:5] if k in data.getlist("plan-flipped")]
    if "plan-state" in data:
        state = _json_field(data, "plan-state", errors)
        if isinstance(state, dict):
            plan["state"] = state
        elif state is not None:
            errors["plan-state"] = gettext("A JSON object, such as {\"resources\": 0}.")
    for index, item in enumerate(items(document, "plan.entries")):
        if isinstance(item, dict):
            _apply_action(item, f"plan.entries-{index}", data, errors)
    for index, item in enumerate(items(document, "plan.orders")):
        if not isinstance(item, dict):
            continue
        suffix = f"plan.orders-{index}"
        if f"section-{suffix}" in data:
            section = _text_field(data, f"section-{suffix}", 40, errors)
            if section is not None:
                item["section"] = section
        if f"secret-{suffix}-shown" in data:
            item["secret"] = f"secret-{suffix}" in data
        qty = _int_field(data, f"qty-{suffix}", 1, 99, errors) if f"qty-{suffix}" in data else ""
        if isinstance(qty, int):
            _set_or_drop(item, "qty", qty if qty != 1 else None)


def _apply_action(item: dict[str, Any], suffix: str, data: QueryDict, errors: dict[str, str]) -> None:
    phase = _int_field(data, f"phase-{suffix}", 1, 6, errors) if f"phase-{suffix}" in data else ""
    if isinstance(phase, int):
        item["phase"] = phase
    qty = _int_field(data, f"qty-{suffix}", 1, 99, errors) if f"qty-{suffix}" in data else ""
    if isinstance(qty, int):
        _set_or_drop(item, "qty", qty if qty != 1 else None)
    if any(f"pay-{suffix}-{u}" in data for u in STRONGHOLD_UNITS):
        pay: dict[str, int] = {}
        for unit in STRONGHOLD_UNITS:
            value = _int_field(data, f"pay-{suffix}-{unit}", 0, 99, errors)
            if isinstance(value, int) and value:
                pay[unit] = value
        _set_or_drop(item, "pay", pay or None)
    if f"resources-{suffix}" in data:
        value = _int_field(data, f"resources-{suffix}", 0, 99, errors)
        if value is not None:
            _set_or_drop(item, "resources", value)
    if f"target-{suffix}" in data:
        target = _text_field(data, f"target-{suffix}", 40, errors)
        if target is not None:
            _set_or_drop(item, "target", target or None)
    if f"more-{suffix}" in data:
        more = _json_field(data, f"more-{suffix}", errors)
        if more is None and data.get(f"more-{suffix}", "").strip() == "":
            more = {}
        if isinstance(more, dict):
            for key in [k for k in item if k not in ACTION_KEYS]:
                del item[key]
            item.update({k: v for k, v in more.items() if k not in ACTION_KEYS})
        elif f"more-{suffix}" not in errors:
            errors[f"more-{suffix}"] = gettext("A JSON object of the action's other fields.")


def _json_field(data: QueryDict, name: str, errors: dict[str, str]) -> Any:
    raw = data.get(name, "").strip()
    if not raw:
        return None
    if len(raw) > MAX_DOCUMENT_CHARS // 2:
        errors[name] = gettext("Too long.")
        return None
    try:
        return json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        errors[name] = gettext("This is not JSON.")
        return None


def extra_keys(document: Mapping[str, Any]) -> dict[str, Any]:
    """The keys of a document that the builder's fields do not show, for the "other keys" editor."""
    shown = COMMON_KEYS | SHOWN_KEYS.get(str(document.get("game")), frozenset())
    return {k: v for k, v in document.items() if k not in shown}


def _apply_extra(document: dict[str, Any], data: QueryDict, game: str, errors: dict[str, str]) -> None:
    value = _json_field(data, "extra", errors)
    if value is None and "extra" not in errors:
        value = {}
    if not isinstance(value, dict):
        errors.setdefault("extra", gettext("A JSON object, such as {\"pool\": [\"Orc Mauler\"]}."))
        return
    shown = COMMON_KEYS | SHOWN_KEYS.get(game, frozenset())
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
        choices=[("", _("as the text says")), *[(g, g) for g in GAMES]],
    )


class EditTokenForm(forms.Form):
    token = forms.CharField(
        label=_("Edit token"),
        max_length=100,
        widget=forms.PasswordInput(attrs={"autocomplete": "off"}),
        help_text=_("The part after “#token=” in your private edit link."),
    )
